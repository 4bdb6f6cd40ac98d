"""deploy/: the JupyterHub configuration, the TLJH plugin, the Zero to JupyterHub values and the
repo2docker image agree on one set of classroom settings (the hub itself runs in tests/browser/test_hub.py)."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pluggy
import pytest
import yaml
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
GALLERY = "/voila/render/index.ipynb"


def hub_config(monkeypatch, tmp_path, mode: str, host: str | None = None) -> Config:
    monkeypatch.setenv("SPELLTOWER_HUB_MODE", mode)
    if host is None:
        monkeypatch.delenv("SPELLTOWER_HOST", raising=False)
    else:
        monkeypatch.setenv("SPELLTOWER_HOST", host)
    monkeypatch.setenv("SPELLTOWER_HUB_DATA", str(tmp_path))
    loader = PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY / "jupyterhub"))
    return loader.load_config()


@pytest.mark.parametrize("mode", ["school", "test"])
def test_the_hub_serves_the_gallery_on_loopback_with_the_classroom_settings(monkeypatch, tmp_path, mode):
    c = hub_config(monkeypatch, tmp_path, mode)
    assert c.JupyterHub.ip == "127.0.0.1" and c.JupyterHub.hub_ip == "127.0.0.1"
    assert c.Spawner.default_url == GALLERY
    assert Path(c.Spawner.notebook_dir) == REPO / "notebooks"
    assert Path(c.Spawner.environment["JUPYTER_CONFIG_PATH"]) == REPO / "jupyter_config"
    assert (REPO / "jupyter_config" / "jupyter_server_config.py").exists()
    assert c.ConfigurableHTTPProxy.command == [str(REPO / "node_modules" / ".bin" / "configurable-http-proxy")]
    culler = [s for s in c.JupyterHub.services if s["name"] == "jupyterhub-idle-culler-service"]
    assert culler and "--timeout=3600" in culler[0]["command"]
    assert str(tmp_path) in c.JupyterHub.db_url


def test_the_room_setting_opens_the_proxy_only_and_never_the_test_login(monkeypatch, tmp_path):
    c = hub_config(monkeypatch, tmp_path, "school", host="0.0.0.0")
    assert c.JupyterHub.ip == "0.0.0.0"                       # the proxy's public address: the room
    assert c.JupyterHub.hub_ip == "127.0.0.1"                 # the hub's API and the proxy's stay private
    assert c.ConfigurableHTTPProxy.api_url.startswith("http://127.0.0.1:")
    with pytest.raises(ValueError, match="any name log in"):
        hub_config(monkeypatch, tmp_path, "test", host="0.0.0.0")
    assert hub_config(monkeypatch, tmp_path, "test", host="localhost").JupyterHub.ip == "localhost"


def test_one_setting_switches_the_test_only_login(monkeypatch, tmp_path):
    school = hub_config(monkeypatch, tmp_path, "school")
    assert school.JupyterHub.authenticator_class == "pam"
    assert school.JupyterHub.spawner_class.endswith(".LocalProcessSpawner")
    test = hub_config(monkeypatch, tmp_path, "test")
    assert test.JupyterHub.authenticator_class == "dummy"
    assert test.JupyterHub.spawner_class.endswith(".SimpleLocalProcessSpawner")
    monkeypatch.setenv("SPELLTOWER_HUB_API_TOKEN", "t")
    assert not any(s["name"] == "spelltower-test-driver" for s in hub_config(monkeypatch, tmp_path, "school")
                   .JupyterHub.services), "the test driver's token must never reach a school's hub"
    with pytest.raises(ValueError, match="SPELLTOWER_HUB_MODE"):
        hub_config(monkeypatch, tmp_path, "open")


def test_the_tljh_plugin_sets_the_same_gallery_and_culling():
    spec = importlib.util.spec_from_file_location("tljh_spelltower", DEPLOY / "tljh" / "tljh_spelltower.py")
    plugin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plugin)
    pm = pluggy.PluginManager("tljh")
    pm.register(plugin)
    c = Config()
    pm.hook.tljh_custom_jupyterhub_config(c=c)
    assert c.Spawner.default_url == GALLERY
    assert c.Spawner.notebook_dir.endswith("/notebooks")
    packages = [p for group in pm.hook.tljh_extra_user_pip_packages() for p in group]
    assert any(p.startswith("spelltower[app]") for p in packages)
    config = {"limits": {"memory": "2G"}}
    pm.hook.tljh_config_post_install(config=config)
    assert config["services"]["cull"] == {"enabled": True, "timeout": 3600}
    assert config["limits"]["memory"] == "2G", "what the school set is kept"


def test_zero_to_jupyterhub_values_match_the_hub():
    values = yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())
    assert values["singleuser"]["defaultUrl"] == GALLERY
    assert values["cull"] == {"enabled": True, "timeout": 3600, "every": 300}
    assert values["singleuser"]["memory"]["guarantee"] and values["singleuser"]["memory"]["limit"]


def test_repo2docker_renders_the_single_user_image_from_binder():
    """The image z2jh names, as repo2docker would build it (Dockerfile rendered, not built: no Docker here)."""
    r2d = Path(sys.executable).parent / "jupyter-repo2docker"
    out = subprocess.run([str(r2d), "--no-build", "--debug", "--user-id", "1000", "--user-name", "jovyan",
                          str(REPO)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PATH=f"{r2d.parent}:{os.environ['PATH']}"))
    dockerfile = out.stdout + out.stderr
    assert out.returncode == 0, dockerfile[-2000:]
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in dockerfile
    assert 'R2D_ENTRYPOINT="${REPO_DIR}/binder/start"' in dockerfile
    assert "python=3.11" in dockerfile or "3.11" in dockerfile
