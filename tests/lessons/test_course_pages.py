"""Issue #20.5: the lessons read as a course. Every lesson is titled with its number and topic;
every lesson and the Abracada play page link back to the gallery, to the play page and to the
previous and next lesson, in the page's own language (lessons by their ru/ folder, the gallery
and play pages by ?lang=ru); no code names reach the prose a student reads."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

from widgets.lessons import page_language, play_page_links, when_language_known

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ABRACADA = ["01_meet_the_tower", "02_counting_stones", "03_what_do_i_hold", "04_which_spell_now",
            "05_let_the_bots_play"]
LESSONS = ([NOTEBOOKS / "abracada" / f"{n}.ipynb" for n in ABRACADA]
           + [NOTEBOOKS / "abracada" / "ru" / f"{n}.ipynb" for n in ABRACADA]
           + [NOTEBOOKS / "runes" / "01_dice_duel_odds.ipynb", NOTEBOOKS / "runes" / "ru" / "01_dice_duel_odds.ipynb"])
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
CODE_NAMES = re.compile(r"`|towerlib|\b[a-z]+_[a-z_]+\(|\bseat \d|\bмест[оа] \d")


def lang_of(path: Path) -> str:
    return "ru" if path.parent.name == "ru" else "en"


def nav_links(nb) -> list[list[tuple[str, str]]]:
    return [LINK.findall(c.source) for c in nb.cells if "course-nav" in c.metadata.get("tags", [])]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_lesson_title_names_its_number_and_topic(path):
    nb = nbformat.read(path, as_version=4)
    heading = nb.cells[0].source.splitlines()[0].lstrip("# ").strip()
    number = int(path.name[:2])
    word = "Lesson" if lang_of(path) == "en" else "Урок"
    assert nb.metadata["title"].startswith(f"{word} {number} · "), nb.metadata["title"]
    topic = nb.metadata["title"].split(" · ", 1)[1].split(" — ")[0]
    assert len(topic) > 5 and topic.lower().rstrip("?") in heading.lower(), (topic, heading)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_lesson_links_gallery_play_previous_and_next_in_its_language(path):
    nb = nbformat.read(path, as_version=4)
    bars = nav_links(nb)
    assert len(bars) == 2 and bars[0] == bars[-1], "the same links at the top and at the bottom"
    assert nb.cells[1] is [c for c in nb.cells if "course-nav" in c.metadata.get("tags", [])][0], "links first"
    links = bars[0]
    lang = lang_of(path)
    targets = []
    for _, href in links:
        parts = urlsplit(href)
        target = (path.parent / parts.path).resolve()
        assert target.exists(), f"{href} from {path.name} leads nowhere"
        if target.parent.name == "ru" or lang == "en":
            assert parts.query == "", href                       # lessons: the folder is the language
        else:
            assert parts.query == "lang=ru", f"{href} drops the language"
        targets.append(target)
    assert NOTEBOOKS / "index.ipynb" in targets and any(t.name == "play.ipynb" for t in targets)
    siblings = sorted(p for p in path.parent.glob("[0-9][0-9]_*.ipynb"))
    i = siblings.index(path)
    expected = ([siblings[i - 1]] if i else []) + ([siblings[i + 1]] if i + 1 < len(siblings) else [])
    assert [t for t in targets if t in siblings] == expected
    for text, href in links:                                     # a lesson link says which lesson it is
        if href.endswith(".ipynb") and href[:2].isdigit():
            target = nbformat.read(path.parent / href, as_version=4)
            assert text == target.cells[0].source.splitlines()[0].lstrip("# ").strip()


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_no_code_names_in_what_students_read(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            prose = LINK.sub(r"\1", cell.source)
            assert not CODE_NAMES.search(prose), f"{path.name}: {CODE_NAMES.search(prose).group()!r} in {prose[:200]!r}"
        else:   # the strings a code cell prints (say, tables, exercise prompts)
            for literal in re.findall(r"f?\"[^\"\n]*\"|f?'[^'\n]*'", cell.source):
                assert "`" not in literal and "towerlib" not in literal, f"{path.name}: {literal}"


def test_play_page_links_and_language():
    nb = nbformat.read(NOTEBOOKS / "abracada" / "play.ipynb", as_version=4)
    assert nb.metadata["title"].startswith("Abracada")
    assert "when_language_known(" in nb.cells[-1].source and "play_page_links(" in nb.cells[-1].source
    en, ru = play_page_links("en"), play_page_links("ru")
    assert 'href="../index.ipynb"' in en and 'href="01_meet_the_tower.ipynb"' in en
    assert 'href="../index.ipynb?lang=ru"' in ru and 'href="ru/01_meet_the_tower.ipynb"' in ru
    assert "Уроки" in ru
    for html in (en, ru):
        for href in re.findall(r'href="([^"]+)"', html):
            assert (NOTEBOOKS / "abracada" / urlsplit(href).path).resolve().exists(), href


def test_page_language_reads_the_link(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=ru&x=1")
    assert page_language("en") == "ru"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    assert page_language("en") == "en"
    monkeypatch.delenv("QUERY_STRING")
    assert page_language("ru") == "ru"
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    heard = []
    when_language_known(heard.append, "en")                 # not preheated: at once
    assert heard == ["ru"]
