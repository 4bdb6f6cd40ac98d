# Shared set-up for scripts/serve and scripts/test: source it, then call `ensure_venv EXTRA`.
#
# Works on a fresh Debian machine as root: installs python3-venv if `python3 -m venv` cannot
# work, creates .venv at the repository root if missing, and pip-installs the project with the
# given extra (".[app]" or ".[test]"). A stamp file skips the pip step when neither
# pyproject.toml nor the extra changed since the last install (SPELLTOWER_FORCE_INSTALL=1 forces it).

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${SPELLTOWER_VENV:-$REPO/.venv}"

apt_install() {
    # apt-get as the brief's fresh machine allows: update once, then install non-interactively.
    if [ -z "${_SPELLTOWER_APT_UPDATED:-}" ]; then
        apt-get update -qq
        _SPELLTOWER_APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

ensure_python() {
    if ! command -v python3 >/dev/null 2>&1; then
        apt_install python3 python3-venv python3-pip
    elif ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        apt_install python3-venv
    fi
}

ensure_venv() {
    local extra="$1"
    ensure_python
    if [ ! -x "$VENV/bin/python" ]; then
        echo "setup: creating $VENV"
        python3 -m venv "$VENV"
    fi
    local stamp="$VENV/.spelltower-installed-$extra"
    if [ -n "${SPELLTOWER_FORCE_INSTALL:-}" ] || [ ! -e "$stamp" ] || [ "$REPO/pyproject.toml" -nt "$stamp" ]; then
        echo "setup: installing the project with [$extra] into $VENV"
        "$VENV/bin/python" -m pip install --quiet --upgrade pip
        (cd "$REPO" && "$VENV/bin/python" -m pip install --quiet -e ".[$extra]")
        touch "$stamp"
    fi
    export PATH="$VENV/bin:$PATH"
}
