"""A plugin for The Littlest JupyterHub (TLJH): one machine, a class or a school, the Spell Tower kit.

Installed with TLJH's bootstrap ``--plugin`` option (see deploy/README.md). It puts the kit into
the users' environment, a read-only copy of the repository (notebooks and classroom settings)
under ``/opt/spelltower``, and points every student's server at the Voila gallery with the same
settings as ``deploy/jupyterhub/jupyterhub_config.py``: idle servers culled after an hour, a
memory limit per student from the classroom benchmarks.

The hook names and signatures are TLJH's (``tljh/hooks.py``); the marker below is the one TLJH's
own ``hookimpl`` is, so the plugin needs nothing of TLJH to be imported or tested.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pluggy

hookimpl = pluggy.HookimplMarker("tljh")

#: Where the kit comes from: the repository (the package is not on the package index).
SOURCE = os.environ.get("SPELLTOWER_SOURCE", "https://github.com/spelltower/spelltower")
#: The read-only copy every student's server serves from.
INSTALL_DIR = Path(os.environ.get("SPELLTOWER_INSTALL_DIR", "/opt/spelltower"))
GALLERY_URL = "/voila/render/index.ipynb"
CULL_TIMEOUT = 3600          # seconds, as deploy/jupyterhub
MEMORY_LIMIT = "1G"          # per student: server + kernels, with headroom (see deploy/README.md)


@hookimpl
def tljh_extra_user_pip_packages() -> list[str]:
    return [f"spelltower[app] @ git+{SOURCE}"]


@hookimpl
def tljh_custom_jupyterhub_config(c) -> None:
    c.Spawner.default_url = GALLERY_URL
    c.Spawner.notebook_dir = str(INSTALL_DIR / "notebooks")
    c.Spawner.environment.update({
        "JUPYTER_CONFIG_PATH": str(INSTALL_DIR / "jupyter_config"),
        "JUPYTER_PATH": str(INSTALL_DIR / "jupyter_config" / "data"),
    })


@hookimpl
def tljh_config_post_install(config: dict) -> None:
    """Defaults a school may change later with ``tljh-config``; nothing it set is overwritten."""
    services = config.setdefault("services", {})
    cull = services.setdefault("cull", {})
    cull.setdefault("enabled", True)
    cull.setdefault("timeout", CULL_TIMEOUT)
    config.setdefault("limits", {}).setdefault("memory", MEMORY_LIMIT)
    config.setdefault("user_environment", {}).setdefault("default_app", "jupyterlab")


@hookimpl
def tljh_post_install() -> None:
    """The notebooks and classroom settings, readable by every student, writable by root only."""
    if not (INSTALL_DIR / ".git").exists():
        subprocess.run(["git", "clone", "--depth", "1", SOURCE, str(INSTALL_DIR)], check=True)
    subprocess.run(["chmod", "-R", "a+rX,go-w", str(INSTALL_DIR)], check=True)
