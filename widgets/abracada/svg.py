"""Inline SVG for the Abracada table, made with the standard library only.

Every function takes public numbers (a spell value, a life total, the scores) and returns a
small SVG string for an ``ipywidgets.HTML`` value. SVG keeps the pieces crisp at any zoom and
needs no image files, fonts or JavaScript, so the same markup works in JupyterLab, Notebook 7
and Voila. Every picture has ``role="img"`` and a ``<title>`` (also its ``aria-label``): that is
what a screen reader reads, once. Colours come from the Okabe-Ito palette and every colour-coded
thing also carries its number (spells, seats) or a shape (a removed stone is crossed out).
"""
from __future__ import annotations

from html import escape
from typing import Sequence

from ..palette import ABRACADA_SPELLS, OKABE_ITO as OI, SEATS, ink

# One Okabe-Ito colour per spell (1 Ancient Dragon ... 8 Magic Drink) and the ink (black or
# white) with the higher WCAG contrast on it. The number is always drawn too.
SPELL_COLOURS = ABRACADA_SPELLS
SPELL_TEXT = {v: ink(c) for v, c in SPELL_COLOURS.items()}
# The wizards' pawn colours, by seat; a pawn also shows its seat number (Bot 2's pawn says 2).
SEAT_COLOURS = SEATS[:5]
SEAT_TEXT = tuple(ink(c) for c in SEAT_COLOURS)
STONE_BACK = "#6d5d4b"
LIFE_COLOUR = OI["vermillion"]
REMOVED_COLOUR = "#5f5f5f"


def _open(cls: str, width: float, height: float, title: str, size: str = "") -> str:
    """An ``<svg role="img">`` with its text alternative (``aria-label`` and ``<title>``);
    ``size`` is its width and height attributes (the CSS lets it shrink, never grow)."""
    label = escape(title)
    return (f'<svg class="{cls}" {size}viewBox="0 0 {width} {height}" role="img" '

            f'aria-label="{label}"><title>{label}</title>')

_GEM = "17,1 33,10 33,30 17,39 1,30 1,10"
_FACET = "17,1 33,10 17,15 1,10"


def stone(value: int, title: str = "", size: int = 34) -> str:
    """A face-up spellstone: a gem in the spell's colour with its number (``title`` defaults to it)."""
    return (_open("st-gem", 34, 40, title or str(value), size=f'width="{size}" height="{size * 40 // 34}" ')
            + f'<polygon points="{_GEM}" fill="{SPELL_COLOURS[value]}" stroke="#00000055" stroke-width="1.5"/>'
            f'<polygon points="{_FACET}" fill="#ffffff" opacity="0.22"/>'
            f'<text x="17" y="27" text-anchor="middle" font-size="16" font-weight="700" '
            f'fill="{SPELL_TEXT[value]}" font-family="Georgia, serif">{value}</text></svg>')


def hidden_stone(title: str, size: int = 34) -> str:
    """One of the student's own stones, face down: a plain stone with a question mark."""
    return (_open("st-gem", 34, 40, title, size=f'width="{size}" height="{size * 40 // 34}" ')
            + f'<polygon points="{_GEM}" fill="{STONE_BACK}" stroke="#00000066" stroke-width="1.5"/>'
            f'<polygon points="{_FACET}" fill="#ffffff" opacity="0.12"/>'
            f'<text x="17" y="27" text-anchor="middle" font-size="16" font-weight="700" fill="#f3e9d8" '
            f'font-family="Georgia, serif">?</text></svg>')


def life_tokens(life: int, maximum: int = 6, title: str = "") -> str:
    """``maximum`` life tokens: filled for each life left, hollow for each lost (``title`` is the
    text alternative, e.g. "Life 4/6"; it defaults to "life/maximum")."""
    dots = "".join(
        f'<circle cx="{7 + 14 * i}" cy="7" r="5.5" fill="{LIFE_COLOUR if i < life else "none"}" '
        f'stroke="{"#6b2a00" if i < life else "#7a7a7a"}" stroke-width="1.5"/>'
        for i in range(maximum))
    return (_open("st-life", 14 * maximum, 14, title or f"{life}/{maximum}",
                  size=f'width="{14 * maximum}" height="14" ') + dots + "</svg>")


def tower(scores: Sequence[int], names: Sequence[str], top: int = 8, title: str = "") -> str:
    """The score tower 0..top, one numbered pawn per seat at its score (pawns on one level sit
    side by side). The text alternative lists every seat's score."""
    n = len(scores)
    step, width = 19, 58 + 15 * n
    height = step * (top + 1) + 4
    label = (f"{title}: " if title else "") + "; ".join(f"{name} {score}" for name, score in zip(names, scores))
    parts = [_open("st-tower", width, height, label, size=f'width="{width}" height="{height}" ')]
    for level in range(top + 1):
        y = height - 2 - step * (level + 1)
        fill = "#c9a227" if level == top else "#efe4cf" if level % 2 else "#e4d5b7"
        parts.append(f'<rect x="22" y="{y}" width="{width - 24}" height="{step}" fill="{fill}" stroke="#8d7650" stroke-width="1"/>'
                     f'<text x="16" y="{y + 14}" text-anchor="end" font-size="12" fill="#4a3a20" '
                     f'font-family="Georgia, serif">{level}</text>')
    for seat, (score, name) in enumerate(zip(scores, names)):
        y = height - 2 - step * (min(score, top) + 1) + step // 2
        x = 32 + 15 * seat
        parts.append(f'<g><title>{escape(name)}: {score}</title>'
                     f'<circle cx="{x}" cy="{y}" r="7" fill="{SEAT_COLOURS[seat]}" stroke="#222" stroke-width="1"/>'
                     f'<text x="{x}" y="{y + 3.5}" text-anchor="middle" font-size="10" font-weight="700" '
                     f'fill="{SEAT_TEXT[seat]}" font-family="sans-serif">{seat + 1}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def cast_track(cast: Sequence[int], removed: Sequence[int], titles: Sequence[str], title: str = "") -> str:
    """Spells 1..8, each with its v copies: filled = cast this round, grey and crossed out =
    removed face up, hollow = still unseen.

    ``cast[v-1]`` and ``removed[v-1]`` count the stones of value v; ``titles[v-1]`` is the hover
    text of row v, and all the rows' texts together are the picture's text alternative.
    """
    row, cell = 22, 14
    width, height = 30 + cell * 8 + 40, row * 8 + 2
    label = (f"{title}: " if title else "") + "; ".join(titles)
    parts = [_open("st-track", width, height, label, size=f'width="{width}" height="{height}" ')]
    for v in range(1, 9):
        y = 1 + row * (v - 1)
        c, r = cast[v - 1], removed[v - 1]
        parts.append(f'<g><title>{escape(titles[v - 1])}</title>'
                     f'<circle cx="11" cy="{y + 10}" r="9.5" fill="{SPELL_COLOURS[v]}"/>'
                     f'<text x="11" y="{y + 14.5}" text-anchor="middle" font-size="12" font-weight="700" '
                     f'fill="{SPELL_TEXT[v]}" font-family="Georgia, serif">{v}</text>')
        for k in range(v):
            x = 26 + cell * k
            if k < c:
                fill, stroke = SPELL_COLOURS[v], "#00000088"
            elif k < c + r:
                fill, stroke = REMOVED_COLOUR, "#333"
            else:
                fill, stroke = "#ffffff00", "#8a7450"
            parts.append(f'<rect x="{x}" y="{y + 4}" width="{cell - 3}" height="12" rx="3" fill="{fill}" stroke="{stroke}"/>')
            if c <= k < c + r:                     # removed face up: crossed out, not only grey
                parts.append(f'<path d="M{x + 2} {y + 6}l7 8m0 -8l-7 8" stroke="#ffffff" stroke-width="1.5"/>')
        parts.append(f'<text x="{width - 4}" y="{y + 14.5}" text-anchor="end" font-size="11" fill="#4a3a20" '
                     f'font-family="sans-serif">{c + r}/{v}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
