# Node tools from the npm registry (package.json, package-lock.json at the repository root):
# configurable-http-proxy for JupyterHub. Source it after setup.sh, then call `ensure_node_tools`.
# Installs Debian's nodejs and npm when node is missing; `npm ci` when node_modules is out of date.

ensure_node_tools() {
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        apt_install nodejs npm
    fi
    local stamp="$REPO/node_modules/.spelltower-installed"
    if [ ! -e "$stamp" ] || [ "$REPO/package-lock.json" -nt "$stamp" ]; then
        echo "setup: installing node tools (npm ci)"
        (cd "$REPO" && npm ci --no-audit --no-fund --loglevel=error)
        touch "$stamp"
    fi
}
