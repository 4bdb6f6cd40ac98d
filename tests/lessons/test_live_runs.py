"""Long simulations start from the page and their text is live (issues #13.2 and #20.3).

Lesson 5 plays no game while it renders; its Play button runs the tournament (in a thread, so
Stop works), and the sentence under the table is redrawn with the table: after "Play more" both
quote the same number of games and the same win rate. The plots are legible: the legend sits
outside the axes, so it covers no line.
"""
from __future__ import annotations

import re
import threading
import time

import pytest

from lesson_cells import live_runs
from test_every_exercise import NOTEBOOKS, run_lesson
from widgets.lessons import LiveRun, Tournament, bot_entry, convergence_figure, markdown_html, tournament_run

LESSON5 = [NOTEBOOKS / "abracada" / "05_let_the_bots_play.ipynb", NOTEBOOKS / "abracada" / "ru" / "05_let_the_bots_play.ipynb"]


def live_runs_in(namespace_widgets) -> list[LiveRun]:
    return [w for w in namespace_widgets if isinstance(w, LiveRun)]


def table_and_sentence(html: str) -> tuple[list[list[str]], str]:
    rows = [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", html)]
    sentence = re.sub(r"<[^>]+>", "", html.split("</table>", 1)[1])
    return [r for r in rows if r], sentence


def test_markdown_html_renders_tables_lists_and_emphasis():
    html = markdown_html("| a | b |\n|---|---|\n| 1 | x\\|y |\n\nSome **bold** and *it* text.\n\n* one\n* two")
    assert "<th>a</th>" in html and "<td>x|y</td>" in html
    assert "<b>bold</b>" in html and "<i>it</i>" in html and "<li>two</li>" in html
    assert "&lt;" in markdown_html("1 < 2")


@pytest.mark.parametrize("path", LESSON5, ids=["en", "ru"])
def test_lesson5_plays_nothing_while_rendering_and_its_sentence_matches_its_table(path, monkeypatch):
    start = time.perf_counter()
    made = live_runs(path, monkeypatch)
    assert time.perf_counter() - start < 10, "the lesson runs its tournaments while rendering"
    assert len(made) == 3, "the three-bot tournament, the coin of known p and the rule variants start from buttons"
    tour, coin, variants = made
    assert tour.done == coin.done == variants.done == 0 and tour.text.value and not tour.image.value
    assert coin.frequencies.samples == 0 and coin.unit == "rounds" and coin.batch == 100_000
    # "Play 3,000 games", then "Play 3,000 more games": the sentence follows the table every time.
    small = 30
    for pressed in (1, 2):
        tour.run(small)
        rows, sentence = table_and_sentence(tour.text.value)
        games = {row[1] for row in rows}
        assert games == {str(small * pressed)}, rows
        best = max(rows, key=lambda r: int(r[2]))
        assert best[0] in sentence and best[3] in sentence, (best, sentence)
        assert re.search(rf"\b{small * pressed}\b", sentence), sentence
        assert bytes(tour.image.value).startswith(b"\x89PNG")
    assert "more" in tour.start_button.description or "ещё" in tour.start_button.description
    variants.run(24)
    assert "<li>" in variants.text.value and bytes(variants.image.value).startswith(b"\x89PNG")
    coin.run(2_000)
    assert coin.frequencies.samples == 2_000 and "<table" in coin.text.value


def test_a_live_run_works_in_a_thread_and_stops_on_request():
    done, release = [], threading.Event()

    def step(n):
        release.wait(5)
        done.extend([1] * n)

    live = LiveRun(step, lambda: (f"**{len(done)}** units", None), batch=1000, chunk=10, lang="en", unit="deals")
    live.start()
    assert live.running and live.start_button.disabled and not live.stop_button.disabled
    live.stop()
    release.set()
    live.wait(5)
    assert not live.running and live.done == len(done) < 1000
    assert "Stopped after" in live.status.value and f"<b>{live.done}</b>" in live.text.value
    assert not live.start_button.disabled and live.stop_button.disabled


def test_a_failing_simulation_says_so_on_the_page():
    def step(n):
        raise ValueError("broken deck")

    live = LiveRun(step, lambda: ("", None), batch=10, chunk=5, lang="ru", unit="games").run()
    assert "broken deck" in live.status.value and "ошибкой" in live.status.value
    assert not live.start_button.disabled


def test_a_new_first_deal_starts_a_new_tournament():
    t = Tournament([bot_entry(n) for n in ("random", "counting", "ev")], seed=1)
    live = tournament_run(t, 9, lambda t: f"{t.games} games", "en", chunk=3).run()
    assert t.games == 9 and live.done == 9
    live.seed_box.value = 5
    assert t.games == 0 and t.seed == 5 and live.done == 0 and not live.image.value
    live.run()
    assert t.games == 9


def test_plot_legends_sit_outside_the_axes():
    fig = convergence_figure({"a": [True, False] * 50, "b": [False] * 100}, {"a": 0.5, "b": 0.01}, total=200)
    fig.canvas.draw()
    ax = fig.axes[0]
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1, "the legend covers the plot"
    assert ax.get_ylim()[0] < 0 < 0.01 and ax.get_xlim()[1] == 200     # a line at 0 stays visible


@pytest.mark.parametrize("path", [NOTEBOOKS / "abracada" / "02_counting_stones.ipynb",
                                  NOTEBOOKS / "abracada" / "ru" / "03_what_do_i_hold.ipynb"],
                         ids=["sympy-en", "round-plot-ru"])
def test_slow_text_and_plots_are_drawn_after_the_page_opens(path, monkeypatch):
    import widgets.lessons as lessons

    boxes = []
    original = lessons.later

    def spy(render, lang="en"):
        box = original(render, lang)
        boxes.append(box)
        return box

    monkeypatch.setattr(lessons, "later", spy)
    run_lesson(path)
    assert len(boxes) == 1
    assert boxes[0].done.wait(120)
    text = boxes[0].children[0].value
    assert text != "…" and "error" not in text.lower() and "ошибк" not in text.lower(), text
    if "03_" in path.name:
        assert bytes(boxes[0].children[1].value).startswith(b"\x89PNG") and "Бот" not in text


def test_later_reports_a_failure_on_the_page():
    from widgets.lessons import later

    def broken():
        raise RuntimeError("no sympy here")

    box = later(broken, "ru")
    assert box.done.wait(10)
    assert "no sympy here" in box.children[0].value and "ошибкой" in box.children[0].value


def _kernel_shell(monkeypatch):
    """A kernel's shell (events, and a kernel) as IPython's, and a fresh idle tracker."""
    import IPython
    from IPython.core.events import EventManager, available_events

    import widgets.lessons as lessons

    class Shell:
        kernel = object()
        events = EventManager(None, available_events)

    shell = Shell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    monkeypatch.setattr(lessons, "_when_idle", lessons._WhenIdle())
    return shell


async def _wait_for(event, seconds: float) -> bool:
    import asyncio

    for _ in range(int(seconds / 0.05)):
        if event.is_set():
            return True
        await asyncio.sleep(0.05)
    return event.is_set()


def test_later_work_waits_for_the_pages_last_cell_and_for_the_browser_to_draw_it(monkeypatch):
    """In a kernel, a later figure starts only once no cell has started for IDLE_SECONDS after one
    finished (Voila has then sent the page), not while the page's own cells still run; and then
    only once the browser has drawn its image and gone idle (the view's "shown"), not while the
    browser still builds the page."""
    import asyncio

    import widgets.lessons as lessons

    shell = _kernel_shell(monkeypatch)
    calls = []

    async def page():
        shell.events.trigger("pre_run_cell", None)
        box = lessons.later(lambda: (calls.append("drawn") or "**done**", None), "en")
        shell.events.trigger("post_run_cell", None)
        await asyncio.sleep(lessons.IDLE_SECONDS / 5)
        shell.events.trigger("pre_run_cell", None)           # the next cell of the page starts
        await asyncio.sleep(lessons.IDLE_SECONDS * 2)
        assert calls == [] and not box.done.is_set(), "started while the page's cells ran"
        shell.events.trigger("post_run_cell", None)           # the last cell has run
        await asyncio.sleep(lessons.IDLE_SECONDS * 4)
        assert calls == [] and not box.done.is_set(), "started before the browser drew the page"
        box.children[1]._handle_custom_msg({"event": "shown"}, [])     # the browser is done
        assert await _wait_for(box.done, 5)
        return box

    box = asyncio.run(page())
    assert calls == ["drawn"] and "<b>done</b>" in box.children[0].value


def test_a_later_figure_no_browser_draws_is_drawn_after_the_ceiling(monkeypatch):
    """A kernel with no browser (a notebook run by a script) still gets its later figures."""
    import asyncio

    import widgets.lessons as lessons

    shell = _kernel_shell(monkeypatch)
    monkeypatch.setattr(lessons, "SHOWN_CEILING", 0.5)

    async def page():
        shell.events.trigger("pre_run_cell", None)
        box = lessons.later(lambda: ("**done**", None), "en")
        shell.events.trigger("post_run_cell", None)
        await asyncio.sleep(lessons.IDLE_SECONDS + 0.2)
        assert not box.done.is_set()
        assert await _wait_for(box.done, 10)
        return box

    assert "<b>done</b>" in asyncio.run(page()).children[0].value


def test_a_figure_shown_in_the_page_gets_its_current_state_again(monkeypatch):
    """The front end drops changes sent while it is still creating the page's widget models, so a
    later figure finished just then stayed "…" for ever (Runes lesson 3 in the browser tests). When
    its image is drawn the view says "shown"; the kernel then sends the text, the image, its layout
    and the box again, and they arrive: the view's comm exists by then."""
    from ipywidgets import Widget

    from widgets.lessons import later

    box = later(lambda: ("**done**", None), "en")
    assert box.done.wait(10)
    text, image = box.children
    sent = []
    monkeypatch.setattr(Widget, "send_state", lambda self, key=None: sent.append(self))
    image._handle_custom_msg({"event": "clicked"}, [])
    assert sent == [], "only the view's 'shown' message sends the state again"
    image._handle_custom_msg({"event": "shown"}, [])
    assert {id(w) for w in sent} == {id(text), id(image), id(image.layout), id(box)}
    assert "<b>done</b>" in text.value and "lesson-later-done" in box._dom_classes
