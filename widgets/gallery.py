"""The gallery, the kit's landing page (``notebooks/index.ipynb``): a card per game, built from the folder.

Each game's folder under ``notebooks/`` holds its play page (``play.ipynb``), its lessons
(``01_*.ipynb``, in order; translations in a language subfolder such as ``ru/``) and, if there is
one, a teacher's guide (``guide.ipynb``). The page lists the folder when it runs, so a new lesson
appears without editing it. A card shows a picture of the board (drawn by :mod:`widgets.pictures`),
what the game teaches, the lessons in order with their time (a lesson notebook's metadata
``{"spelltower": {"minutes": 25}}``), and Play and Teacher's guide links that carry the language. The guide
links are for the teacher only (``guides``; see :func:`widgets.classroom.sees_answers`): the guides hold
every exercise's answer.
Titles come from each notebook's first heading; every other word from the catalogue
(:mod:`widgets.messages`).
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from towerlib.core.i18n import LANGUAGES, tr

from .messages import GAME_ORDER
from .pictures import picture

STYLE = """<style>
.spelltower-gallery {max-width: 1200px; margin: 0 auto; font-size: 15px; line-height: 1.45;}
.spelltower-gallery a {color: #0b4f9c; text-decoration: underline;}
.spelltower-gallery a:focus-visible {outline: 3px solid #E69F00; outline-offset: 2px;}
.spelltower-gallery .gallery-cards {display: grid; gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 270px), 1fr));}
.spelltower-gallery .gallery-game {border: 1px solid #c8c8d0; border-radius: 10px; padding: 12px 16px;
  background: #fff; color: #1d1d22; min-width: 0;}
.spelltower-gallery .gallery-game h2 {margin: 4px 0 6px; font-size: 1.3em;}
.spelltower-gallery .gallery-picture {width: 100%; max-width: 280px; height: auto; display: block;}
.spelltower-gallery .gallery-teaches {margin: 6px 0; color: #333;}
.spelltower-gallery .gallery-actions {display: flex; gap: 14px; flex-wrap: wrap; margin: 8px 0;}
.spelltower-gallery .gallery-play {font-weight: bold;}
.spelltower-gallery ol {padding-left: 1.4em; margin: 4px 0;}
.spelltower-gallery .gallery-minutes {color: #444; white-space: nowrap;}
.spelltower-gallery h3 {font-size: 1em; margin: 10px 0 2px;}
</style>"""


def first_heading(path: Path) -> str | None:
    """The text of the notebook's first markdown heading, or None."""
    for cell in _cells(path):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        for line in ("".join(source) if isinstance(source, list) else source).splitlines():
            if line.lstrip().startswith("#"):
                return line.strip().lstrip("#").strip() or None
    return None


def _notebook(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _cells(path: Path) -> list[dict[str, Any]]:
    cells = _notebook(path).get("cells", [])
    return [c for c in cells if isinstance(c, dict)] if isinstance(cells, list) else []


def minutes(path: Path) -> int | None:
    """How long the lesson takes, from its metadata, if it says."""
    meta = _notebook(path).get("metadata", {})
    value = meta.get("spelltower", {}).get("minutes") if isinstance(meta, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def title_of(path: Path) -> str:
    return first_heading(path) or path.stem.replace("_", " ").replace("-", " ").capitalize()


def shown(path: Path) -> bool:
    """Hidden, private (leading underscore) and checkpoint entries stay out of the gallery."""
    return not path.name.startswith((".", "_"))


SPECIAL = {"play.ipynb", "guide.ipynb"}


def collect(root: Path) -> tuple[list[dict[str, Any]], list[tuple[str, str, int | None]]]:
    """Games (one folder each: play page, guide, lessons per language) and lessons at the top level."""
    rank = {name: i for i, name in enumerate(GAME_ORDER)}
    folders = sorted((d for d in root.iterdir() if d.is_dir() and shown(d)),
                     key=lambda d: (rank.get(d.name, len(rank)), d.name))
    games = []
    for folder in folders:
        play, guide = folder / "play.ipynb", folder / "guide.ipynb"
        lessons = {lang: [(nb.relative_to(root).as_posix(), title_of(nb), minutes(nb))
                          for nb in sorted((folder if lang == "en" else folder / lang).glob("*.ipynb"))
                          if nb.name not in SPECIAL and shown(nb)]
                   for lang in LANGUAGES}
        if play.exists() or any(lessons.values()):
            games.append({"folder": folder.name, "lessons": lessons,
                          "play": play.relative_to(root).as_posix() if play.exists() else None,
                          "guide": guide.relative_to(root).as_posix() if guide.exists() else None,
                          "heading": first_heading(play) if play.exists() else None})
    extra = [(nb.name, title_of(nb), minutes(nb)) for nb in sorted(root.glob("*.ipynb"))
             if nb.name not in {"index.ipynb", "teacher.ipynb"} and shown(nb)]
    return games, extra


def link(href: str, text: str, cls: str, lang: str | None = None) -> str:
    query = f"?lang={lang}" if lang else ""
    return f'<a class="{cls}" href="{html.escape(quote(href))}{query}">{html.escape(text)}</a>'


def lesson_list(lessons: list[tuple[str, str, int | None]], lang: str, heading: str) -> str:
    items = []
    for href, title, mins in lessons:
        time = f' <span class="gallery-minutes">· {html.escape(tr("gallery.minutes", lang, n=mins))}</span>' \
            if mins else ""
        items.append(f"<li>{link(href, title, 'gallery-lesson')}{time}</li>")
    return f"<h3>{html.escape(tr(heading, lang))}</h3><ol>{''.join(items)}</ol>"


def game_lessons(lessons: dict[str, list], lang: str) -> str:
    """The lessons in the page's language first, then every other language's, so all are linked."""
    first = lang if lessons.get(lang) else "en"
    parts = [lesson_list(lessons[first], lang, "gallery.lessons")] if lessons.get(first) else []
    for other in LANGUAGES:
        if other != first and lessons.get(other):
            parts.append(lesson_list(lessons[other], lang, f"gallery.lessons_in.{other}"))
    return "".join(parts)


def game_name(game: dict[str, Any], lang: str) -> str:
    try:
        return tr(f"gallery.game.{game['folder']}", lang)
    except KeyError:                       # a game without a catalogue entry: its play page's heading
        return game["heading"] or game["folder"]


def card(game: dict[str, Any], lang: str, guides: bool = False) -> str:
    name = game_name(game, lang)
    parts = [f'<section class="gallery-game" data-folder="{html.escape(game["folder"])}">',
             picture(game["folder"], lang), f"<h2>{html.escape(name)}</h2>"]
    try:
        teaches = tr(f"gallery.teaches.{game['folder']}", lang)
        parts.append(f'<p class="gallery-teaches">{html.escape(teaches)}</p>')
    except KeyError:
        pass
    actions = []
    if game["play"]:
        actions.append(link(game["play"], tr("gallery.play", lang, game=name), "gallery-play", lang))
    if guides and game["guide"]:
        actions.append(link(game["guide"], tr("gallery.guide", lang), "gallery-guide", lang))
    if actions:
        parts.append(f'<p class="gallery-actions">{"".join(actions)}</p>')
    parts.append(game_lessons(game["lessons"], lang))
    parts.append("</section>")
    return "".join(parts)


def render(root: Path, lang: str, guides: bool = False) -> str:
    """The whole page in ``lang``, for the notebooks under ``root``; the teacher's guides linked if ``guides``."""
    games, extra = collect(root)
    parts = [STYLE, f"<h1>{html.escape(tr('gallery.title', lang))}</h1>",
             f"<p>{html.escape(tr('gallery.intro', lang))}</p>"]
    if not games and not extra:
        parts.append(f'<p class="gallery-empty">{html.escape(tr("gallery.empty", lang))}</p>')
    parts.append('<div class="gallery-cards">' + "".join(card(g, lang, guides) for g in games) + "</div>")
    if extra:
        parts.append(f'<section class="gallery-extra">{lesson_list(extra, lang, "gallery.more_lessons")}</section>')
    return "\n".join(parts)
