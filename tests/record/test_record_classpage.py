"""The teacher's class page: shown only for the teacher link, live within 2 s, names hidden on
demand, CSV export, a new class only after confirmation; the notebook itself, run both ways."""
from __future__ import annotations

import asyncio
import csv
import io
import re
import time
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from record_helpers import SPACES, TeacherPage
from widgets.record import Experiment, Store, classpage
from widgets.record.classpage import ClassPage, class_page

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "teacher.ipynb"
DIE = Experiment("runes.one_die", {v: Fraction(1, 6) for v in range(1, 7)}, event={6})


def _seed(store: Store) -> None:
    owl, fox = store.student(SPACES[0]), store.student(SPACES[1])
    owl.set_nickname("Owl")
    fox.set_nickname("Fox")
    owl.page_opened("abracada/01_counting.ipynb")
    fox.page_opened("runes/play.ipynb")
    owl.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "1/4", False)
    owl.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "5/21", True)
    fox.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "5/21", True)
    fox.game_played("runes", "won 30", 41)
    owl.record_draws(DIE, [6, 6, 1, 2])


def _text(widget_html: str) -> str:
    return re.sub(r"<[^>]+>", " ", widget_html)


def test_the_page_shows_the_class(sqlite_url):
    store = Store(sqlite_url)
    _seed(store)
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    online = page.sections["online"].value
    assert "Online now: 2" in online and "Owl" in online and "runes/play.ipynb" in online
    exercises = _text(page.sections["exercises"].value)
    assert re.search(r"P\(Dragon\)\?\s+2\s+1\s+2\s+1/4\s+× 1", exercises), exercises   # tried, first try, solved
    progress = page.sections["progress"].value
    assert "Fox" in progress and "abracada/01_counting.ipynb" in progress
    experiments = page.sections["experiments"].value
    assert "4 draws from 1 student(s)" in experiments
    assert 'class="st-estimate">0.500<' in experiments and "1/6 ≈ 0.167" in experiments
    assert "<polyline" in experiments


def test_hide_names_replaces_every_nickname(sqlite_url):
    store = Store(sqlite_url)
    _seed(store)
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    page.hide.value = True
    shown = "".join(w.value for w in page.sections.values())
    assert "Owl" not in shown and "Fox" not in shown and SPACES[0][:8] not in shown
    assert "Student 1" in shown and "Student 2" in shown
    page.language.value = "ru"
    shown = "".join(w.value for w in page.sections.values())
    assert "Ученик 1" in shown and "Owl" not in shown
    page.hide.value = False
    assert "Owl" in page.sections["progress"].value


def test_csv_export_is_the_class_record(sqlite_url):
    store = Store(sqlite_url)
    _seed(store)
    record = store.teacher(TeacherPage())
    page = ClassPage(record, poll=None)
    sent = []
    for button in (page.export_events, page.export_summary):
        button.send = sent.append                   # what a click sends to the page: the file itself
        button._asked(button, {"want": "file"}, [])
    (events, summary) = sent
    assert events["name"].startswith("class-events-") and events["name"].endswith(".csv")
    assert events["text"] == record.csv() and summary["text"] == record.summary_csv()
    rows = list(csv.DictReader(io.StringIO(events["text"])))
    assert sorted(r["answer"] for r in rows if r["kind"] == "attempt") == ["1/4", "5/21", "5/21"]
    assert sorted(r["student"] for r in csv.DictReader(io.StringIO(summary["text"]))) == ["Fox", "Owl"]
    page.language.value = "ru"
    assert page.export_summary.label == "CSV: итоги (строка на ученика)"


def test_a_new_class_needs_confirmation(sqlite_url):
    store = Store(sqlite_url)
    _seed(store)
    record = store.teacher(TeacherPage())
    page = ClassPage(record, poll=None)
    page.new_class.click()
    assert page.confirm.layout.display is None and "2 students, 3 answers, 1 games" in page.confirm_text.value
    page.cancel.click()
    assert page.confirm.layout.display == "none" and record.counts()["attempt"] == 3
    page.new_class.click()
    page.yes.click()
    assert record.counts()["attempt"] == 0 and record.archived()
    assert "No answers yet" in page.sections["exercises"].value and "archived" in page.message.value


def test_a_students_answer_appears_within_two_seconds(sqlite_url):
    store = Store(sqlite_url)
    _seed(store)

    async def scenario():
        page = ClassPage(store.teacher(TeacherPage()), poll=classpage.POLL_SECONDS)
        await asyncio.sleep(0.3)
        writer = Store(sqlite_url)                  # another student's kernel
        start = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(
            None, lambda: writer.student(SPACES[7]).attempt("runes/01.ipynb", "3", "Odds?", "0.42", False))
        while "0.42" not in page.sections["exercises"].value and time.monotonic() - start < 5:
            await asyncio.sleep(0.05)
        seen = time.monotonic() - start
        page.stop()
        writer.close()
        return seen, page.sections["exercises"].value

    seen, shown = asyncio.run(scenario())
    assert "0.42" in shown and seen <= 2.0, seen


@pytest.mark.parametrize("teacher", ["", "0", "yes", "true", "1 "])
def test_without_the_teacher_link_nothing_is_read(monkeypatch, sqlite_url, teacher):
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[3])
    monkeypatch.setenv("HTTP_X_SPELLTOWER_TEACHER", teacher)
    monkeypatch.setattr(classpage, "Store", lambda *a, **k: pytest.fail("the store was opened"))
    shown = class_page(store_url=sqlite_url, poll=None)
    assert "st-class-denied" in shown._dom_classes and "teacher link" in shown.value


def test_with_the_teacher_link_the_page_opens(monkeypatch, sqlite_url):
    Store(sqlite_url)
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_TEACHER", "1")
    page = class_page(store_url=sqlite_url, poll=None)
    assert isinstance(page, ClassPage)


def test_a_broken_record_is_reported_on_the_page(monkeypatch, tmp_path):
    (tmp_path / "record.sqlite3").write_bytes(b"garbage" * 100)
    monkeypatch.setenv("HTTP_X_SPELLTOWER_TEACHER", "1")
    shown = class_page(store_url=f"sqlite:///{tmp_path / 'record.sqlite3'}", poll=None)
    assert "damaged" in shown.value and "st-error" in shown.value


def _run_notebook(tmp_path: Path, monkeypatch, env: dict[str, str]) -> list[str]:
    """Run teacher.ipynb in a kernel with ``env``; return every HTML widget value and output text."""
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    states = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    texts = [s["state"].get("value", "") for s in states.values() if s["model_name"] == "HTMLModel"]
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            texts.append(str(out.get("text", "")) + str(out.get("data", {}).get("text/plain", "")))
    return texts


def test_the_notebook_without_the_link_shows_nothing_of_the_class(tmp_path, monkeypatch, sqlite_url):
    _seed(Store(sqlite_url))
    texts = _run_notebook(tmp_path, monkeypatch, {"SPELLTOWER_RECORD_URL": sqlite_url, "SPELLTOWER_CLASSROOM": "1",
                                                  "HTTP_X_SPELLTOWER_TEACHER": ""})
    joined = "\n".join(texts)
    assert "teacher link" in joined
    assert "Owl" not in joined and "5/21" not in joined and "runes.one_die" not in joined


def test_the_notebook_with_the_link_shows_the_class(tmp_path, monkeypatch, sqlite_url):
    _seed(Store(sqlite_url))
    texts = _run_notebook(tmp_path, monkeypatch, {"SPELLTOWER_RECORD_URL": sqlite_url, "SPELLTOWER_CLASSROOM": "1",
                                                  "HTTP_X_SPELLTOWER_TEACHER": "1"})
    joined = "\n".join(texts)
    assert "Owl" in joined and "1/4" in joined and "runes.one_die" in joined


def test_an_experiment_is_titled_from_the_catalogue(sqlite_url):
    from towerlib.core.i18n import register
    from widgets.record import render

    store = Store(sqlite_url)
    store.student(SPACES[0]).record_draws(DIE, [6])
    register({"en": {"runes.one_die.experiment": "One die: how often a six?"},
              "ru": {"runes.one_die.experiment": "Одна кость: как часто шестёрка?"}})
    page = ClassPage(store.teacher(TeacherPage()), "ru", poll=None)
    assert "Одна кость: как часто шестёрка?" in page.sections["experiments"].value
    assert render.experiment_title("runes.unknown", "en") == "runes.unknown"


def test_the_class_page_shows_the_address_scripts_serve_handed_its_kernel(monkeypatch, sqlite_url):
    """In the room, scripts/serve gives every kernel the students' addresses; the page shows each
    with its QR code, in the page's language, and says how to open the room when there is none."""
    from widgets import lan

    url = "http://192.168.1.20:8866/voila/render/index.ipynb"
    monkeypatch.setenv(lan.URLS_ENV, url)
    page = ClassPage(Store(sqlite_url).teacher(TeacherPage()), poll=None)
    assert url in page.join_box.value and lan.svg_qr(url) in page.join_box.value
    page.language.value = "ru"
    assert "Адрес для учеников" in page.join_box.value and url in page.join_box.value
    monkeypatch.delenv(lan.URLS_ENV)
    alone = ClassPage(Store(sqlite_url).teacher(TeacherPage()), poll=None)
    assert "<svg" not in alone.join_box.value and "SPELLTOWER_HOST=0.0.0.0" in alone.join_box.value


def test_a_student_without_a_nickname_is_student_n(sqlite_url):
    """Never the space's hex label: "Student n", n their place in the class (first seen first),
    the same n whether names are hidden or not."""
    store = Store(sqlite_url)
    _seed(store)
    store.student(SPACES[2]).page_opened("runes/play.ipynb")
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    progress = _text(page.sections["progress"].value)
    assert "Owl" in progress and "Fox" in progress and "Student 3" in progress
    assert SPACES[2][:8] not in "".join(w.value for w in page.sections.values())
    page.hide.value = True
    assert "Student 3" in page.sections["progress"].value and "Owl" not in page.sections["progress"].value


def test_students_not_seen_for_an_hour_can_be_hidden(sqlite_url, monkeypatch):
    from widgets.record import store as store_module

    store = Store(sqlite_url)
    clock = [1_000_000.0]
    monkeypatch.setattr(store_module, "_now", lambda: clock[0])
    early, late = store.student(SPACES[0]), store.student(SPACES[1])
    early.set_nickname("Early")
    late.set_nickname("Late")
    early.page_opened("runes/play.ipynb")
    early.heartbeat(None)                                   # left the page
    clock[0] += classpage.IDLE_SECONDS + 60
    late.page_opened("abracada/play.ipynb")
    late.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "5/21", True)
    monkeypatch.setattr(classpage.time, "time", lambda: clock[0] + 30)
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    assert "Early" in page.sections["progress"].value and "Late" in page.sections["progress"].value
    page.hide_idle.value = True
    assert "Early" not in page.sections["progress"].value and "Late" in page.sections["progress"].value
    assert "Student 1" not in page.sections["progress"].value    # the hidden row keeps its number
    page.hide.value = True
    assert "Student 2" in page.sections["progress"].value and "Student 1" not in page.sections["progress"].value
    assert page.hide_idle.description == "Hide students not seen for an hour"


def test_the_lessons_experiment_reads_as_what_it_is(sqlite_url):
    """Spell Runes lesson 1's experiment: a title a teacher reads, outcomes that say what they
    mean and both charts' axes named, in the page's language; never the raw name or a bare 0/1."""
    from towerlib.runes.probability import p_roll

    attack = Experiment("runes.one_roll_attack", {1: p_roll("attack"), 0: 1 - p_roll("attack")}, event={1})
    store = Store(sqlite_url)
    store.student(SPACES[0]).record_draws(attack, [1, 1, 0, 1])
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    shown = {}
    for lang in ("en", "ru"):
        page.language.value = lang
        shown[lang] = page.sections["experiments"].value
    en, ru = shown["en"], shown["ru"]
    assert "Spell Runes: does one roll of five runes allow an Attack?" in en
    assert "Руны заклинаний: даёт ли один бросок пяти рун Атаку?" in ru
    for text, words in ((en, ("Attack (a pair or better)", "No Attack", "What one roll of five runes allows",
                              "Share of the class&#x27;s rolls", "Rolls pooled from the class so far",
                              "Share of rolls allowing an Attack")),
                        (ru, ("Атака (пара или лучше)", "Нет Атаки", "Что даёт один бросок пяти рун",
                              "Доля бросков класса", "Бросков класса всего", "Доля бросков с Атакой"))):
        for word in words:
            assert word in text, word
        assert "★" not in text and ">runes.one_roll_attack<" not in text
        for cls in ("st-axis-x", "st-axis-y"):          # both charts name both axes
            assert text.count(f'class="{cls}"') == 2, cls


def test_an_experiment_without_catalogue_names_still_names_its_axes(sqlite_url):
    store = Store(sqlite_url)
    store.student(SPACES[0]).record_draws(DIE, [6, 1])
    shown = ClassPage(store.teacher(TeacherPage()), poll=None).sections["experiments"].value
    assert "Share of the draws" in shown and "Draws pooled so far" in shown and "Outcome" in shown
    assert "Class estimate of the chance" in shown and "6 ★" in shown


def test_the_projector_shows_one_experiment_large_and_reset_starts_a_round(sqlite_url):
    from widgets.record import render

    store = Store(sqlite_url)
    _seed(store)
    record = store.teacher(TeacherPage())
    page = ClassPage(record, poll=None)
    assert page.project_bar.layout.display is None and page.project_pick.value == "runes.one_die"
    assert page.projector.layout.display == "none"
    page.project.click()
    shown = page.projector_view.value
    assert page.projector.layout.display is None and page.children[-1] is page.projector
    assert page.sections["progress"] not in page.children       # the page gives way to the projector
    assert f"<h1>{render.experiment_title('runes.one_die', 'en')}</h1>" in shown and 'class="st-estimate">0.500<' in shown and "1/6 ≈ 0.167" in shown
    assert "st-histogram-plot" in shown and "st-exact-line" in shown and 'width="8' in shown   # 2x the page's
    page.reset.click()
    [tally] = record.experiments()
    assert tally.total == 0 and "0 draws from 0 student(s)" in page.projector_view.value
    assert "earlier draws stay in the record" in page.projector_view.value
    assert record.counts()["draw"] == 3                   # the batch (a row per outcome: 6, 1, 2) is still there
    store.student(SPACES[1]).record_draws(DIE, [6])
    page.refresh()
    assert "1 draws from 1 student(s)" in page.projector_view.value
    page.close_projector.click()
    assert page.projector.layout.display == "none" and page.projector not in page.children
    assert page.sections["progress"] in page.children


def test_the_drill_down_shows_one_students_answers_and_where_they_are_stuck(sqlite_url):
    store = Store(sqlite_url)
    _seed(store)
    owl = store.student(SPACES[0])
    for answer in ("7", "8", "=9"):
        owl.attempt("runes/01_dice_duel_odds.ipynb", "2", "Odds of a pair?", answer, False)
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    assert [label for label, _ in page.drill_pick.options] == ["Pick a student to see what they answered.",
                                                                 "Owl", "Fox"]
    page.drill_pick.value = page.drill_pick.options[1][1]
    view = _text(page.drill_view.value)
    assert "Stuck on 1" in view and "runes/01_dice_duel_odds.ipynb · 2" in view
    assert re.search(r"P\(Dragon\)\?\s+2\s+5/21\s+right", view), view         # two tries, then right
    assert re.search(r"Odds of a pair\?\s+3\s+=9\s+stuck", view), view
    assert "Now on: abracada/01_counting.ipynb" in view
    page.hide.value = True                                # hidden names hide them in the picker too
    assert [label for label, _ in page.drill_pick.options][1:] == ["Student 1", "Student 2"]
    assert "Stuck on 1" in page.drill_view.value          # the same student stays picked
    page.language.value = "ru"
    assert "застрял" in page.drill_view.value
    page.drill_pick.value = page.drill_pick.options[2][1]
    assert "Stuck" not in page.drill_view.value and "Нигде не застрял" in page.drill_view.value


def test_the_page_sends_a_position_to_the_class(sqlite_url):
    store = Store(sqlite_url)
    record = store.teacher(TeacherPage())
    page = ClassPage(record, poll=None)
    assert "No position sent" in page.send_status.value and page.send_stop.disabled
    page.send_game.value = "runes"
    assert [v for _, v in page.send_players.options] == list(__import__("towerlib.runes").runes.PLAYERS)
    page.send_players.value = 3
    for bad in ("", "x", "-1", str(2**63)):
        page.send_seed.value = bad
        page.send_go.click()
        assert "whole number" in page.send_status.value and record.sent_position() is None
    page.send_seed.value = " 2026 "
    page.send_go.click()
    assert record.sent_position().seed == 2026 and "Spell Runes, 3 players, seed 2026" in page.send_status.value
    assert store.student(SPACES[4]).sent_position("runes").seed == 2026
    page.send_stop.click()
    assert record.sent_position() is None and "No position sent" in page.send_status.value
