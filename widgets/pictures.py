"""Small pictures of each game's board for the gallery, drawn from the library's own data.

Each picture is an inline SVG built with the standard library (like python-chess's ``svg``),
with ``role="img"`` and a title from the catalogue so a screen reader names it; colours come
from :mod:`widgets.palette` (Okabe-Ito, the same maps the boards use), and every colour-coded
thing also carries a number or a letter, written in the ink that reads on its colour.
Only the rules data of a game is imported, never an engine.
"""
from __future__ import annotations

import math
from html import escape
from typing import Callable

from towerlib.core.i18n import tr

from . import messages as _messages  # noqa: F401  (registers the pictures' titles)
from .palette import ABRACADA_SPELLS, AMULETT_TERRAIN, SPELLCASTER_ELEMENTS, ink



def _svg(body: str, width: int, height: int, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'class="gallery-picture" aria-label="{escape(title)}"><title>{escape(title)}</title>{body}</svg>')


def abracada(lang: str) -> str:
    """The eight spellstones, 1 (Ancient Dragon) to 8 (Magic Drink), numbered, in the board's colours."""
    body = []
    for v, colour in ABRACADA_SPELLS.items():
        x = 17 + (v - 1) * 34
        body.append(f'<circle cx="{x}" cy="34" r="14" fill="{colour}" stroke="#222"/>'
                    f'<text x="{x}" y="39" text-anchor="middle" font-size="14" font-weight="bold" '
                    f'fill="{ink(colour)}">{v}</text>')
    return _svg("".join(body), 284, 68, tr("gallery.picture.abracada", lang))


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def runes(lang: str) -> str:
    """Five dice showing a full house, the kind of roll the lessons count."""
    body = []
    for i, face in enumerate((3, 3, 5, 5, 5)):
        x0 = 8 + i * 54
        body.append(f'<rect x="{x0}" y="10" width="44" height="44" rx="7" fill="#fff" stroke="#222" stroke-width="2"/>')
        for cx, cy in _PIPS[face]:
            body.append(f'<circle cx="{x0 + 10 + cx * 12}" cy="{20 + cy * 12}" r="4" fill="#222"/>')
    return _svg("".join(body), 280, 64, tr("gallery.picture.runes", lang))


def amulett(lang: str) -> str:
    """The HOUSE map of Das Amulett: 24 hex areas in their terrain's colour, each with its metal's
    letter (a star for the cities, where any metal pays), as on the board."""
    from towerlib.amulett.rules import AREAS

    size = 13
    body = []
    for area in AREAS:
        cx = 140 + size * math.sqrt(3) * (area.q + area.r / 2)
        cy = 62 + size * 1.5 * area.r
        points = " ".join(f"{cx + size * math.cos(math.radians(60 * k - 30)):.1f},"
                          f"{cy + size * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
        colour, letter = AMULETT_TERRAIN[area.terrain], area.metal or "★"
        body.append(f'<polygon points="{points}" fill="{colour}" stroke="#222"/>'
                    f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="10" '
                    f'fill="{ink(colour)}">{letter}</text>')
    return _svg("".join(body), 280, 124, tr("gallery.picture.amulett", lang))


def spellcaster(lang: str) -> str:
    """Board SC-13: 13 points and their links, each point lettered with its elements."""
    from towerlib.spellcaster.data import COORDS, LINKS, POINTS

    def at(p: str) -> tuple[float, float]:
        x, y = COORDS[p]
        return 140 + x * 29, 70 - y * 29

    body = [f'<line x1="{at(a)[0]}" y1="{at(a)[1]}" x2="{at(b)[0]}" y2="{at(b)[1]}" stroke="#555" stroke-width="2"/>'
            for a, b in LINKS]
    for p, elements in POINTS.items():
        x, y = at(p)
        colour = SPELLCASTER_ELEMENTS[elements[0]] if len(elements) == 1 else "#FFFFFF"
        body.append(f'<circle cx="{x}" cy="{y}" r="13" fill="{colour}" stroke="#222"/>'
                    f'<text x="{x}" y="{y + 3}" text-anchor="middle" fill="{ink(colour)}" '

                    f'font-size="{7 if len(elements) > 3 else 9}">{elements}</text>')
    return _svg("".join(body), 280, 140, tr("gallery.picture.spellcaster", lang))


PICTURES: dict[str, Callable[[str], str]] = {"abracada": abracada, "runes": runes, "amulett": amulett,
                                            "spellcaster": spellcaster}


def picture(folder: str, lang: str = "en") -> str:
    """The picture of the game in ``folder``, or "" for a game without one (or not installed)."""
    draw = PICTURES.get(folder)
    if draw is None:
        return ""
    try:
        return draw(lang)
    except ImportError:
        return ""
