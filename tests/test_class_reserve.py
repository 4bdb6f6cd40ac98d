"""The class reserve (``WarmKernelManager.class_size``): a class's kernels preheated before it arrives.

Voila's real preheating manager (wrapped around ours, as on the server) runs here with its
kernel start replaced by a stand-in that records which page it was asked for: what is tested is
how many kernels of each page it starts, at start and as pages are handed out.
"""
import asyncio
import logging
from pathlib import Path

import pytest
from traitlets.config import Config

from test_setup_config import VoilaApp
from widgets import warmpool

PAGES = ["abracada/play.ipynb", "runes/play.ipynb", "abracada/01_meet_the_tower.ipynb"]


def _root(tmp_path: Path) -> Path:
    for page in PAGES:
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("{}")
    return tmp_path


def _manager_class(started: list[str]):
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    class Recording(voila_kernel_manager_factory(warmpool.WarmKernelManager, True, 1)):
        async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
            started.append(notebook_path)
            render = asyncio.get_event_loop().create_task(asyncio.sleep(0, result=([], None)))
            renderer = type("Renderer", (), {"stop_generator": False, "rendered_cache": []})()
            return {"task": render, "renderer": renderer, "kernel_id": f"k{len(started)}"}

    return Recording


def _config(**warm) -> Config:
    return Config({"VoilaKernelManager": {"preheat_denylist": ["^(?!.*/play\\.ipynb$)"], "fill_delay": 0.0},
                   "WarmKernelManager": {"pool_size": 0, **warm}})


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_the_reserve_is_preheated_at_start_and_not_replaced_until_spent(tmp_path, caplog):
    started: list[str] = []

    async def scenario():
        app = VoilaApp(root_dir=str(_root(tmp_path)), config=_config(class_size=3))
        manager = _manager_class(started)(parent=app, config=app.config)
        await _settle()
        # the class's three and the page's usual standby one; no lesson
        assert sorted(started) == ["abracada/play.ipynb"] * 4 + ["runes/play.ipynb"]
        for taken in range(1, 4):
            await manager.get_rendered_notebook("abracada/play.ipynb")
            await _settle()
            # the reserve shrinks and is not refilled: the class in, the standby one is left
            assert manager.get_pool_size("abracada/play.ipynb") == 4 - taken
        assert started.count("abracada/play.ipynb") == 4
        await manager.get_rendered_notebook("abracada/play.ipynb")     # a fourth student: the standby
        await _settle()
        assert started.count("abracada/play.ipynb") == 5 and manager.get_pool_size("abracada/play.ipynb") == 1

    with caplog.at_level(logging.INFO):
        asyncio.run(scenario())
    assert "Class reserve ready: 3 kernels of abracada/play.ipynb and 1 on standby" in caplog.text


def test_without_a_class_each_play_page_keeps_one(tmp_path):
    started: list[str] = []

    async def scenario():
        app = VoilaApp(root_dir=str(_root(tmp_path)), config=_config())
        manager = _manager_class(started)(parent=app, config=app.config)
        await _settle()
        assert sorted(started) == ["abracada/play.ipynb", "runes/play.ipynb"]
        await manager.get_rendered_notebook("abracada/play.ipynb")
        await _settle()
        assert started.count("abracada/play.ipynb") == 2

    asyncio.run(scenario())


def test_a_class_page_voila_does_not_preheat_is_reported(tmp_path, caplog):
    started: list[str] = []

    async def scenario():
        app = VoilaApp(root_dir=str(_root(tmp_path)),
                   config=_config(class_size=5, class_page="abracada/01_meet_the_tower.ipynb"))
        _manager_class(started)(parent=app, config=app.config)
        await _settle()

    with caplog.at_level(logging.INFO):
        asyncio.run(scenario())
    assert "abracada/01_meet_the_tower.ipynb" not in started
    assert "is not a page Voila preheats" in caplog.text and "Class reserve ready" not in caplog.text


def test_a_reserve_without_preheating_is_refused():
    with pytest.raises(ValueError, match="preheat_kernel"):
        warmpool.WarmKernelManager(config=_config(class_size=3))
