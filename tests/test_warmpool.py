"""The warm kernel pool (widgets/warmpool.py) against real kernels: a lesson's request gets a kernel
that has done its imports ahead of time and then looks exactly like the cold kernel Voila would
have started for that request (its variables, its folder, no names left behind); other pages,
and Voila's own preheating, still get cold kernels."""
import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

from widgets import warmpool

SPACE = "c" * 32


def test_adopt_code_survives_any_value():
    """Values reach the kernel as data: IPython's help (``?``) and magic (``%``, ``!``) syntax and
    quotes in a value change nothing."""
    env = {"QUERY_STRING": "lang=ru&x=%27?", "ODD": "a'b\"c\n!ls\n%who?"}
    namespace: dict = {}
    before = os.getcwd()
    saved = {k: os.environ.get(k) for k in env}
    try:
        exec(warmpool.adopt_code(env, str(Path(before).parent)), namespace)
        assert {k: os.environ[k] for k in env} == env and os.getcwd() == str(Path(before).parent)
        assert "_spelltower_adopt" not in namespace
    finally:
        os.chdir(before)
        for k, v in saved.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)


def test_request_env_is_what_the_pool_kernel_lacks():
    assert warmpool.request_env({"A": "1", "B": "2", "C": "3"}, {"A": "1", "B": "0"}) == {"B": "2", "C": "3"}


def _manager(tmp_path, **traits):
    """A WarmKernelManager serving ``tmp_path`` with this interpreter's kernel."""
    specs = tmp_path / "specs" / "kernels" / "python3"
    specs.mkdir(parents=True)
    (specs / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3", "language": "python"}))
    return warmpool.WarmKernelManager(root_dir=str(tmp_path), warm_imports=["json", "fractions"],
                                      kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(specs.parent)]),
                                      refill_delay=0.0, **traits)


async def _ask(manager, kernel_id, code):
    """The value of ``code`` (an expression) in the kernel."""
    client = manager.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        reply = await client.execute(f"print(repr({code}))", reply=True, timeout=60)
        assert reply["content"]["status"] == "ok"
        while True:
            msg = await client.get_iopub_msg(timeout=30)
            if msg["msg_type"] == "stream":
                return eval(msg["content"]["text"])
    finally:
        client.stop_channels()


def _request(path, **extra):
    return {**os.environ, "VOILA_PREHEAT": "False", "SCRIPT_NAME": f"/voila/render/{path}",
            "QUERY_STRING": "lang=ru", "HTTP_X_SPELLTOWER_SPACE": SPACE, **extra}


@pytest.mark.slow
def test_a_lesson_gets_a_warm_kernel_that_looks_cold_and_other_pages_start_cold(tmp_path):
    (tmp_path / "runes" / "ru").mkdir(parents=True)

    async def scenario():
        manager = _manager(tmp_path, pool_size=1)
        try:
            pool_kernel, _ = await manager._warm[0]              # the pool has filled
            assert pool_kernel in manager._pool_ids
            assert await manager.cull_kernel_if_idle(pool_kernel) is None and pool_kernel in manager

            lesson = await manager.start_kernel(kernel_name="python3", path="runes/ru",
                                                env=_request("runes/ru/01_dice_duel_odds.ipynb"))
            assert lesson == pool_kernel and lesson not in manager._pool_ids
            seen = await _ask(manager, lesson, "(__import__('os').getcwd(), __import__('os').environ.get('QUERY_STRING'), "
                              "__import__('os').environ.get('HTTP_X_SPELLTOWER_SPACE'), "
                              "__import__('os').environ.get('VOILA_PREHEAT'), 'fractions' in __import__('sys').modules, "
                              "sorted(k for k in globals() if 'spelltower' in k))")
            assert seen == (str(tmp_path / "runes" / "ru"), "lang=ru", SPACE, "False", True, [])

            refill, _ = await manager._warm[0]                   # refilled with a new kernel
            assert refill not in (lesson,)
            play = await manager.start_kernel(kernel_name="python3", path="runes",
                                              env=_request("runes/play.ipynb"))
            preheat = await manager.start_kernel(kernel_name="python3", path="runes",
                                                 env=_request("runes/01_dice_duel_odds.ipynb", VOILA_PREHEAT="True"))
            assert refill not in (play, preheat) and refill in manager._pool_ids     # both started cold
            assert await _ask(manager, play, "'fractions' in __import__('sys').modules") is False
        finally:
            await manager.shutdown_all(now=True)
        assert not manager.list_kernel_ids()

    asyncio.run(scenario())


@pytest.mark.slow
def test_a_dead_pool_kernel_is_skipped_and_the_page_starts_cold(tmp_path):
    (tmp_path / "abracada").mkdir()

    async def scenario():
        manager = _manager(tmp_path, pool_size=1)
        try:
            pool_kernel, _ = await manager._warm[0]
            await manager.get_kernel(pool_kernel).shutdown_kernel(now=True)   # it died
            lesson = await manager.start_kernel(kernel_name="python3", path="abracada",
                                                env=_request("abracada/01_meet_the_tower.ipynb"))
            assert lesson != pool_kernel
            assert await _ask(manager, lesson, "__import__('os').getcwd()") == str(tmp_path / "abracada")
        finally:
            await manager.shutdown_all(now=True)

    asyncio.run(scenario())


def test_the_warm_up_covers_every_lessons_imports():
    """Every module a lesson imports (other than the standard library's) is loaded in a warm kernel
    (listed, or imported by a listed one), and each listed name exists (the warm-up skips a
    failing import silently)."""
    import importlib.util
    import re
    import subprocess

    import nbformat

    for name in warmpool.WARM_IMPORTS:
        assert importlib.util.find_spec(name) is not None, name
    code = warmpool.warm_up_code(warmpool.WARM_IMPORTS) + "import sys; print(' '.join(sorted(sys.modules)))"
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                env={**os.environ, "MPLBACKEND": "Agg"}).stdout.split())
    lessons = sorted((Path(__file__).parent.parent / "notebooks").glob("*/**/0*.ipynb"))
    assert len(lessons) >= 28
    for path in lessons:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            for a, b in re.findall(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", cell.source, re.M):
                module = a or b
                if module.split(".")[0] not in sys.stdlib_module_names:
                    assert module in loaded, f"{path.name} imports {module}, which no warm kernel has loaded"


@pytest.mark.slow
def test_a_page_never_waits_for_a_kernel_still_warming_up(tmp_path):
    """A pool kernel whose warm-up has not finished is not handed out: the page starts cold at once."""
    (tmp_path / "runes").mkdir()

    async def scenario():
        manager = _manager(tmp_path, pool_size=0)               # no pool of its own ...
        warming = asyncio.ensure_future(asyncio.sleep(600))     # ... but one kernel warming up for long
        manager._warm.append(warming)
        manager.pool_size = 1
        try:
            lesson = await asyncio.wait_for(manager.start_kernel(
                kernel_name="python3", path="runes", env=_request("runes/01_dice_duel_odds.ipynb")), timeout=60)
            assert lesson in manager and manager._warm == [warming] and not warming.done()
        finally:
            warming.cancel()
            await manager.shutdown_all(now=True)

    asyncio.run(scenario())
