"""JupyterHub for a school: every student logs in and gets their own server, opening the Spell Tower gallery.

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py        # or: bash scripts/hub

Each student's single-user server runs the kit from this repository's virtual environment,
with the same classroom settings as ``scripts/serve`` (``jupyter_config/``: TCP_NODELAY kernel
websockets, idle kernels culled, the offline ``spelltower`` Voila template), and opens at the
Voila gallery ``/user/<name>/voila/render/index.ipynb``. A student's saves live in their own home
(``~/.spelltower/saves``), which only their server reads. The hub's idle culler
(``jupyterhub-idle-culler``) stops servers nobody has used for an hour.

One setting switches the test-only pieces on: ``SPELLTOWER_HUB_MODE=test`` uses the dummy
authenticator (any name and password log in) and ``SimpleLocalProcessSpawner`` (no system users; homes under the data folder). Without it the
hub logs in system users with PAM and starts each server as that user (``LocalProcessSpawner``).
Everything else is the same, so what the tests run is what a school runs.

Environment: ``SPELLTOWER_HOST`` (the proxy's public address, the one students reach; default
127.0.0.1, this machine only; ``0.0.0.0`` serves the room's network, in school mode only; the hub's
own API and the proxy's API stay on 127.0.0.1), ``SPELLTOWER_HUB_PORT`` (8000), ``SPELLTOWER_HUB_DATA``
(database, cookie secret and, in test mode, the homes; default ``~/.spelltower/hub``),
``SPELLTOWER_HUB_ADMINS`` (comma-separated), ``SPELLTOWER_HUB_CULL_TIMEOUT`` (seconds, 3600),
``SPELLTOWER_HUB_DB_URL`` (e.g. a PostgreSQL URL).
"""
import os
import sys
from pathlib import Path

from widgets.lan import is_loopback

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent                   # the venv that runs the hub runs the servers too
MODE = os.environ.get("SPELLTOWER_HUB_MODE", "school")
DATA = Path(os.environ.get("SPELLTOWER_HUB_DATA", Path.home() / ".spelltower" / "hub")).resolve()
PORT = int(os.environ.get("SPELLTOWER_HUB_PORT", "8000"))
HOST = os.environ.get("SPELLTOWER_HOST", "127.0.0.1")
CULL_TIMEOUT = int(os.environ.get("SPELLTOWER_HUB_CULL_TIMEOUT", "3600"))
GALLERY_URL = "/voila/render/index.ipynb"
DATA.mkdir(parents=True, exist_ok=True)

c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)

# ----- where it listens: the proxy on SPELLTOWER_HOST (loopback unless the room is asked for; a
# school puts HTTPS in front, or gives the hub --ssl-cert/--ssl-key); the hub's internals on loopback
c.JupyterHub.ip = HOST
c.JupyterHub.port = PORT
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 1                      # the hub's own API, behind the proxy
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 2}"
c.JupyterHub.db_url = os.environ.get("SPELLTOWER_HUB_DB_URL", f"sqlite:///{DATA / 'jupyterhub.sqlite'}")
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(DATA / "jupyterhub.pid")
# The real proxy, installed from the npm registry into the repository by scripts/setup.sh.
c.ConfigurableHTTPProxy.command = [str(REPO / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(DATA / "jupyterhub-proxy.pid")

# ----- who logs in, and as whom their server runs
if MODE == "test":
    if not is_loopback(HOST):
        raise ValueError(f"SPELLTOWER_HUB_MODE=test lets any name log in: it serves this machine only, not SPELLTOWER_HOST={HOST}")
    c.JupyterHub.authenticator_class = "dummy"
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(DATA / "homes" / "{username}")
    if os.geteuid() == 0:                           # test servers run as the hub's user: root in CI
        c.Spawner.args = ["--allow-root"]
elif MODE == "school":
    c.JupyterHub.authenticator_class = "pam"
    c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
else:
    raise ValueError(f"SPELLTOWER_HUB_MODE must be 'school' or 'test', not {MODE!r}")
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {u for u in os.environ.get("SPELLTOWER_HUB_ADMINS", "").split(",") if u}

# ----- each student's server: the kit, the classroom settings, the gallery first
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = GALLERY_URL
c.Spawner.notebook_dir = str(REPO / "notebooks")
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(REPO / "jupyter_config"),
    "JUPYTER_PATH": str(REPO / "jupyter_config" / "data"),
    "PATH": f"{BIN}:{os.environ.get('PATH', '/usr/bin:/bin')}",
}
c.Spawner.start_timeout = 120                       # a busy machine starts 30 servers slowly
c.Spawner.http_timeout = 120

# ----- stop what nobody uses: the hub's idle culler, as a hub service with just the rights it needs
roles = [{
    "name": "jupyterhub-idle-culler-role",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["jupyterhub-idle-culler-service"],
}]
services = [{
    "name": "jupyterhub-idle-culler-service",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_TIMEOUT}"],
}]
# Test mode only: the tests and benchmarks/hub_bench.py drive the REST API with this token.
if MODE == "test" and os.environ.get("SPELLTOWER_HUB_API_TOKEN"):
    services.append({"name": "spelltower-test-driver", "api_token": os.environ["SPELLTOWER_HUB_API_TOKEN"]})
    roles.append({"name": "spelltower-test-driver-role", "scopes": ["admin:users", "admin:servers", "tokens", "list:services", "read:services"],
                  "services": ["spelltower-test-driver"]})
c.JupyterHub.load_roles = roles
c.JupyterHub.services = services
