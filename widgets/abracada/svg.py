"""Inline SVG for the Abracada table, made with the standard library only.

Every function takes public numbers (a spell value, a life total, the scores) and returns a
small SVG string for an ``ipywidgets.HTML`` value. SVG keeps the pieces crisp at any zoom and
needs no image files, fonts or JavaScript, so the same markup works in JupyterLab, Notebook 7
and Voila. Hover texts are SVG ``<title>`` elements.
"""
from __future__ import annotations

from html import escape
from typing import Sequence

# One colour per spell (1 Ancient Dragon ... 8 Magic Drink), chosen to echo the spell, with a
# text colour that stays readable on it.
SPELL_COLOURS = {1: "#b3261e", 2: "#4a2f6e", 3: "#d45d9b", 4: "#1f3a7a",
                 5: "#e0b020", 6: "#7cc3e8", 7: "#e2611a", 8: "#2e8b57"}
SPELL_TEXT = {v: "#1b1b1b" if v in (5, 6) else "#ffffff" for v in SPELL_COLOURS}
# The wizards' pawn colours, by seat.
SEAT_COLOURS = ("#1e88e5", "#e53935", "#fbc02d", "#43a047", "#8e24aa")
STONE_BACK = "#6d5d4b"

_GEM = "17,1 33,10 33,30 17,39 1,30 1,10"
_FACET = "17,1 33,10 17,15 1,10"


def stone(value: int, title: str = "", size: int = 34) -> str:
    """A face-up spellstone: a gem in the spell's colour with its number."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f'<svg class="st-gem" width="{size}" height="{size * 40 // 34}" viewBox="0 0 34 40" role="img">{tip}'
            f'<polygon points="{_GEM}" fill="{SPELL_COLOURS[value]}" stroke="#00000055" stroke-width="1.5"/>'
            f'<polygon points="{_FACET}" fill="#ffffff" opacity="0.22"/>'
            f'<text x="17" y="27" text-anchor="middle" font-size="16" font-weight="700" '
            f'fill="{SPELL_TEXT[value]}" font-family="Georgia, serif">{value}</text></svg>')


def hidden_stone(title: str, size: int = 34) -> str:
    """One of the student's own stones, face down: a plain stone with a question mark."""
    return (f'<svg class="st-gem" width="{size}" height="{size * 40 // 34}" viewBox="0 0 34 40" role="img">'
            f'<title>{escape(title)}</title>'
            f'<polygon points="{_GEM}" fill="{STONE_BACK}" stroke="#00000066" stroke-width="1.5"/>'
            f'<polygon points="{_FACET}" fill="#ffffff" opacity="0.12"/>'
            f'<text x="17" y="27" text-anchor="middle" font-size="16" font-weight="700" fill="#f3e9d8" '
            f'font-family="Georgia, serif">?</text></svg>')


def life_tokens(life: int, maximum: int = 6, title: str = "") -> str:
    """``maximum`` hearts-as-tokens: red for each life left, hollow for each lost."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    dots = "".join(
        f'<circle cx="{7 + 14 * i}" cy="7" r="5.5" fill="{"#d32f2f" if i < life else "none"}" '
        f'stroke="{"#8e1b1b" if i < life else "#9e9e9e"}" stroke-width="1.5"/>'
        for i in range(maximum))
    return f'<svg class="st-life" width="{14 * maximum}" height="14" viewBox="0 0 {14 * maximum} 14" role="img">{tip}{dots}</svg>'


def tower(scores: Sequence[int], names: Sequence[str], top: int = 8) -> str:
    """The score tower 0..top, one pawn per seat at its score (pawns on one level sit side by side)."""
    n = len(scores)
    step, width = 19, 56 + 13 * n
    height = step * (top + 1) + 4
    parts = [f'<svg class="st-tower" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">']
    for level in range(top + 1):
        y = height - 2 - step * (level + 1)
        fill = "#c9a227" if level == top else "#efe4cf" if level % 2 else "#e4d5b7"
        parts.append(f'<rect x="22" y="{y}" width="{width - 24}" height="{step}" fill="{fill}" stroke="#8d7650" stroke-width="1"/>'
                     f'<text x="16" y="{y + 14}" text-anchor="end" font-size="12" fill="#5d4a2c" '
                     f'font-family="Georgia, serif">{level}</text>')
    for seat, (score, name) in enumerate(zip(scores, names)):
        y = height - 2 - step * (min(score, top) + 1) + step // 2
        x = 32 + 13 * seat
        parts.append(f'<circle cx="{x}" cy="{y}" r="5.5" fill="{SEAT_COLOURS[seat]}" stroke="#222" stroke-width="1">'
                     f'<title>{escape(name)}: {score}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def cast_track(cast: Sequence[int], removed: Sequence[int], titles: Sequence[str]) -> str:
    """Spells 1..8, each with its v copies: filled = cast this round, dark = removed face up.

    ``cast[v-1]`` and ``removed[v-1]`` count the stones of value v; ``titles[v-1]`` is the hover text.
    """
    row, cell = 22, 14
    width, height = 30 + cell * 8 + 40, row * 8 + 2
    parts = [f'<svg class="st-track" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">']
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
                fill, stroke = SPELL_COLOURS[v], "#00000055"
            elif k < c + r:
                fill, stroke = "#5f5f5f", "#333"
            else:
                fill, stroke = "#ffffff00", "#a08a66"
            parts.append(f'<rect x="{x}" y="{y + 4}" width="{cell - 3}" height="12" rx="3" fill="{fill}" stroke="{stroke}"/>')
        parts.append(f'<text x="{width - 4}" y="{y + 14.5}" text-anchor="end" font-size="11" fill="#5d4a2c" '
                     f'font-family="sans-serif">{c + r}/{v}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
