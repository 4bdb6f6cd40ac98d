"""The serving configuration in jupyter_config/ names real traits and means what we think.

A misspelt trait in a Jupyter config file is silently ignored, so every key is checked against
the class that reads it (voila 0.5.13 / jupyter_server 2), and the values are loaded into the
real classes.
"""
import json
from pathlib import Path

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, MappingKernelManager
from traitlets import Unicode
from traitlets.config import Config, LoggingConfigurable, PyFileConfigLoader

from widgets import kernel_cap, serving, warmpool

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "jupyter_config"


def voila_config() -> Config:
    return Config(json.loads((CONFIG / "voila.json").read_text()))


def server_config() -> Config:
    return PyFileConfigLoader("jupyter_server_config.py", path=str(CONFIG)).load_config()


def preheating_manager_class():
    from voila.voila_kernel_manager import voila_kernel_manager_factory
    return voila_kernel_manager_factory(AsyncMappingKernelManager, True, 1)


class VoilaApp(LoggingConfigurable):
    """Just what Voila's kernel manager reads from its parent application (also when it fills a
    pool: tests/test_class_reserve.py)."""

    root_dir = Unicode()
    notebook_path = Unicode(None, allow_none=True)
    base_url = Unicode("/")
    server_url = Unicode("/")
    port = 8866


def configurable(section: str):
    from jupyter_server.serverapp import ServerApp
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
    from voila.app import Voila
    from voila.configuration import VoilaConfiguration
    from voila.execute import VoilaExecutor
    return {
        "VoilaExecutor": VoilaExecutor,
        "Voila": Voila, "VoilaConfiguration": VoilaConfiguration,
        "VoilaKernelManager": preheating_manager_class(), "MappingKernelManager": MappingKernelManager,
        "ClassroomKernelConnection": serving.ClassroomKernelConnection, "ServerApp": ServerApp,
        "StudentKernelCap": kernel_cap.StudentKernelCap,
        "WarmKernelManager": warmpool.WarmKernelManager,
        "ServerKernelManager": ServerKernelManager,
    }[section]


@pytest.mark.parametrize("loader", [voila_config, server_config], ids=["voila.json", "jupyter_server_config.py"])
def test_every_key_is_a_configurable_trait(loader):
    config = loader()
    assert config, "empty configuration"
    for section, values in config.items():
        traits = configurable(section).class_traits(config=True)
        unknown = set(values) - set(traits)
        assert not unknown, f"{section} has no configurable traits {sorted(unknown)}"


def test_rendering_waits_for_a_busy_kernels_widget_output():
    """With 10 board pages opening at once, a kernel's IOPub stream (221 widget models) lags the
    execute reply by more than nbclient's default 4 s, and Voila then drops the board's output
    (measured: 1 of 10 pages playable; with 60 s, 10 of 10: benchmarks/voila_bench.py). With 30
    students arriving within 30 s on a loaded 2-core machine even 60 s was too short (32 "Timeout
    waiting for IOPub output", both Chromium pages without a board: benchmarks/classroom_bench.py).
    It is a ceiling, reached only when the output is late, so it is generous."""
    assert voila_config()["VoilaExecutor"]["iopub_timeout"] >= 300


def test_voila_loads_our_classes():
    from voila.app import Voila
    app = Voila(config=voila_config())
    assert app.kernel_websocket_connection_class is kernel_cap.StudentKernelCap
    assert issubclass(kernel_cap.StudentKernelCap, serving.ClassroomKernelConnection)
    assert app.identity_provider_class is serving.ClassroomIdentityProvider
    assert app.ip == "127.0.0.1" and app.port == 8866 and app.open_browser is False


def test_closed_pages_free_kernels_after_a_grace_period_and_idle_ones_are_culled():
    config = voila_config()
    assert serving.ClassroomKernelConnection(config=config).shutdown_delay == 10.0
    assert serving.ClassroomKernelConnection(config=config).limit_rate is False   # no student code runs
    assert kernel_cap.StudentKernelCap(config=config).shutdown_delay == 10.0
    assert kernel_cap.StudentKernelCap(config=config).kernels_per_student == 4    # one student's few pages
    # A page that never connects (a plain GET) frees its kernel too, after a longer wait: a browser
    # on a busy machine may take well over 10 s to connect once the page has arrived.
    assert warmpool.WarmKernelManager(config=config, pool_size=0).never_connected_delay == 60.0
    manager = MappingKernelManager(config=config)
    assert 0 < manager.cull_interval <= manager.cull_idle_timeout
    assert manager.cull_connected is False  # an open page's kernel is never culled


def test_voila_configuration():
    from voila.configuration import VoilaConfiguration
    conf = VoilaConfiguration(config=voila_config())
    assert conf.template == "spelltower"
    assert conf.preheat_kernel is True and conf.default_pool_size == 1
    assert conf.progressive_rendering is False  # Voila refuses it together with preheating


def test_lessons_get_warm_kernels_from_a_small_pool():
    """Lessons are not preheated (one standby kernel per lesson would be 28 kernels); a small pool of
    kernels that have done every lesson's imports serves them instead (widgets/warmpool.py)."""
    from voila.configuration import VoilaConfiguration
    conf = VoilaConfiguration(config=voila_config())
    assert conf.multi_kernel_manager_class is warmpool.WarmKernelManager
    assert voila_config()["WarmKernelManager"]["pool_size"] == 2
    manager = warmpool.WarmKernelManager(config=voila_config(), pool_size=0)   # 0: starts no kernel here
    manager.pool_size = 2
    for script, warm in [("/voila/render/abracada/01_meet_the_tower.ipynb", True),
                         ("/voila/render/runes/ru/03_who_wins_the_duel.ipynb", True),
                         ("/voila/render/abracada/play.ipynb", False), ("/voila/render/index.ipynb", False),
                         ("/voila/render/teacher.ipynb", False), ("/voila/render/_fixtures/button.ipynb", False)]:
        assert manager._wants_warm("python3", {"VOILA_PREHEAT": "False", "SCRIPT_NAME": script}) is warm, script
        assert manager._wants_warm("python3", {"VOILA_PREHEAT": "True", "SCRIPT_NAME": script}) is False


@pytest.mark.parametrize("path, preheated", [
    ("abracada/play.ipynb", True),
    ("runes/play.ipynb", True),
    ("index.ipynb", False),
    ("abracada/01_meet_the_tower.ipynb", False),
    ("abracada/replay.ipynb", False),
    ("_fixtures/button.ipynb", False),
])
def test_only_play_pages_are_preheated(path, preheated, tmp_path):
    """Voila 0.5.13 passes the absolute path to the deny-list filter (and the relative one
    elsewhere), so the pattern must give the same answer for both."""
    empty = tmp_path / "empty"  # nothing to preheat, so the manager starts no kernel
    empty.mkdir()
    manager = preheating_manager_class()(parent=VoilaApp(root_dir=str(empty), config=voila_config()))
    for candidate in (Path(path), tmp_path / path):
        assert manager._notebook_filter(candidate) is preheated, candidate


def test_server_config_for_binder_and_lab():
    config = server_config()
    assert config.ServerApp.kernel_websocket_connection_class == "widgets.serving.NoDelayKernelConnection"
    assert config.VoilaConfiguration.page_config_hook is serving.offline_mathjax_page_config
    assert config.VoilaConfiguration.template == voila_config().VoilaConfiguration.template


def test_the_template_is_found_and_drops_the_cdn_links():
    from jupyter_core.paths import jupyter_path
    from voila.paths import collect_template_paths
    paths = collect_template_paths(["voila", "nbconvert"], "spelltower", prune=True,
                                   root_dirs=[str(CONFIG / "data"), *jupyter_path()])
    assert str(CONFIG / "data" / "voila" / "templates" / "spelltower") in paths
    assert any(p.endswith("voila/templates/lab") for p in paths), "base template 'lab' not found"
    voila_lab = next(Path(p) for p in paths if p.endswith("voila/templates/lab")) / "index.html.j2"
    ours = (CONFIG / "data" / "voila" / "templates" / "spelltower" / "index.html.j2").read_text()
    cdn_links = [line.strip() for line in voila_lab.read_text().splitlines() if "cdn.jsdelivr.net" in line]
    assert cdn_links, "Voila's lab template changed: re-check what the spelltower template removes"
    for link in cdn_links:
        assert link in ours, f"the spelltower template does not remove {link}"


def test_offline_mathjax_hook_clears_both_options():
    page_config = serving.offline_mathjax_page_config(
        {"fullMathjaxUrl": "https://cdn.example/mathjax.js", "mathjaxConfig": "TeX", "baseUrl": "/"},
        base_url="/", settings={}, log=None, voila_configuration=None, notebook_path="x.ipynb")
    assert page_config == {"fullMathjaxUrl": None, "mathjaxConfig": None, "baseUrl": "/"}


def test_the_kernel_learns_the_students_space_and_teacher_mode_from_the_server():
    """The two headers ClassroomIdentityProvider overwrites are the ones Voila passes to kernels,
    under the names widgets.classroom reads."""
    from widgets import classroom
    headers = voila_config()["VoilaConfiguration"]["http_header_envs"]
    assert sorted(headers) == sorted([serving.SPACE_HEADER, serving.TEACHER_HEADER])
    envs = {f'HTTP_{h.upper().replace("-", "_")}' for h in headers}
    assert envs == {classroom.SPACE_ENV, classroom.TEACHER_ENV}


def test_a_page_may_send_its_kernel_widget_messages_only():
    """No execute, inspect or complete request from a page: students cannot run code in the
    kernel (which could read any student's folder), and no shutdown, interrupt or debug request.
    The kernel websocket connection checks it: Voila overrides the kernel manager's own list."""
    allowed = set(serving.ClassroomKernelConnection(config=voila_config()).allowed_message_types)
    assert {"comm_open", "comm_msg", "comm_close"} <= allowed
    assert not allowed & {"execute_request", "inspect_request", "complete_request", "history_request",
                          "shutdown_request", "interrupt_request", "debug_request", "is_complete_request"}
