"""Pure functions from a seat's view to SVG/HTML for the Das Amulett board (issue 11, first part).

:func:`map_svg` draws the HOUSE hex map: terrain colours and metal letters, the four Cities, the
Great Wall along the north edge, the pyramids, the jewels in every area, Hat #2, and (when the
viewing seat must move Hat #2) the areas it may go to, highlighted and marked ``data-area`` for
clicks. :func:`amulet_html` draws one seat's amulet. They read nothing but the view, so what they
show is what that seat may see; every word comes from the catalogue and every value is escaped.
"""
from __future__ import annotations

import math
from html import escape
from typing import Any, Mapping

from towerlib.amulett.rules import AMULET_SOCKETS, AREA, AREAS
from towerlib.core.i18n import tr

from ..palette import AMULETT_TERRAIN, OKABE_ITO, ink
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)

#: Hex size in SVG units (centre to corner).
HEX = 34
#: Terrain fills (Okabe-Ito); each area also shows its metal's letter (one metal per terrain).
TERRAIN_FILL = AMULETT_TERRAIN
#: How each jewel colour is painted: the game's own ten colours (a "red jewel" is red), more than
#: any colour-blind-safe palette holds, so every jewel also carries its colour's letter
#: (``amulett.board.jewel_letter.<colour>``) in the ink that reads on it.
JEWEL_FILL = {"red": "#d32f2f", "yellow": "#fbc02d", "green": "#1b5e20", "clear": "#f5f5f5", "white": "#ffffff",
              "darkblue": "#1a237e", "lightblue": "#4fc3f7", "gray": "#9e9e9e", "orange": "#ef6c00",
              "brown": "#6d4c41"}
JEWEL_INK = {c: ink(f) for c, f in JEWEL_FILL.items()}
#: The areas Hat #2 may move to: a thick outline (its width tells them apart, not only its colour).
HIGHLIGHT = OKABE_ITO["vermillion"]
WALL = "#5d4037"


def _centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top axial coordinates to SVG, with the map's centre near the origin."""
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def _corners(x: float, y: float, size: float = HEX) -> list[tuple[float, float]]:
    return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _points(corners: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def move_options(view: Mapping[str, Any]) -> list[str]:
    """The areas the viewing seat may move Hat #2 to now (empty unless it is asked to)."""
    pending = view.get("pending")
    if pending and pending["kind"] == "move" and pending["seat"] == view["seat"]:
        return list(pending["options"])
    return []


def map_svg(view: Mapping[str, Any], lang: str = "en") -> str:
    """The board as an SVG string (see the module docstring)."""
    targets = set(move_options(view))
    xs, ys = zip(*(_centre(a.q, a.r) for a in AREAS))
    pad = HEX + 6
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    title = escape(tr("amulett.board.map_title", lang, hat2=view["hat2"]))
    parts = [f'<svg class="am-map" xmlns="http://www.w3.org/2000/svg" viewBox="{left:.0f} {top:.0f} '
             f'{width:.0f} {height:.0f}" role="img" aria-label="{title}"><title>{title}</title>']
    for area in AREAS:
        parts.append(_area_svg(view, area.id, area.id in targets, lang))
    parts.append("</svg>")
    return "".join(parts)


def _area_svg(view: Mapping[str, Any], area_id: str, target: bool, lang: str) -> str:
    area = AREA[area_id]
    x, y = _centre(area.q, area.r)
    corners = _corners(x, y)
    terrain = tr(f"amulett.terrain.{area.terrain}", lang)
    metal = tr(f"amulett.metal.{area.metal}", lang) if area.metal else tr("amulett.board.any_metal", lang)
    jewels = view["board"][area_id]
    title = tr("amulett.board.area_title", lang, area=area_id, terrain=terrain, metal=metal, jewels=len(jewels))
    classes = ["am-area", f"am-{area.terrain}"] + (["am-target"] if target else [])
    stroke = f'stroke="{HIGHLIGHT}" stroke-width="5"' if target else 'stroke="#3d3d3d" stroke-width="1.5"'
    out = [f'<g class="{" ".join(classes)}" data-area="{escape(area_id)}"><title>{escape(title)}</title>',
           f'<polygon points="{_points(corners)}" fill="{TERRAIN_FILL[area.terrain]}" {stroke}/>']
    if area.city:
        out.append(f'<polygon points="{_points(_corners(x, y, HEX * 0.8))}" fill="none" stroke="#6d4c41" '
                   f'stroke-dasharray="3,2"/>')
    if area.wall:                                   # the Great Wall runs along the north edge
        (x1, y1), (x2, y2), (x3, y3) = corners[3], corners[4], corners[5]
        out.append(f'<polyline points="{x1:.1f},{y1:.1f} {x2:.1f},{y2:.1f} {x3:.1f},{y3:.1f}" fill="none" '
                   f'stroke="{WALL}" stroke-width="5"/>')
    if area.pyramid:
        out.append(f'<polygon points="{x + 14:.1f},{y - 20:.1f} {x + 22:.1f},{y - 8:.1f} {x + 6:.1f},{y - 8:.1f}" '
                   f'fill="#a1887f" stroke="#4e342e"/>')
    letter = area.metal or "★"
    out.append(f'<text x="{x - 14:.1f}" y="{y - 8:.1f}" font-size="12" font-weight="700" text-anchor="middle">'
               f'{escape(letter)}</text>')
    out.append(f'<text x="{x:.1f}" y="{y + 29:.1f}" font-size="8" text-anchor="middle" fill="#000000">'
               f'{escape(area_id)}</text>')
    for k, colour in enumerate(jewels):
        jx = x - 15 + 15 * (k % 3)
        jy = y + 4 + 14 * (k // 3)
        mark = tr(f"amulett.board.jewel_letter.{colour}", lang)
        out.append(f'<g class="am-jewel" data-area="{escape(area_id)}" data-colour="{escape(colour)}">'
                   f'<title>{escape(tr(f"amulett.colour.{colour}", lang))}</title>'
                   f'<circle cx="{jx:.1f}" cy="{jy:.1f}" r="7" fill="{JEWEL_FILL[colour]}" stroke="#212121"/>'
                   f'<text x="{jx:.1f}" y="{jy + 2.5:.1f}" font-size="{8 if len(mark) == 1 else 6.5}" '
                   f'font-weight="700" text-anchor="middle" fill="{JEWEL_INK[colour]}" '
                   f'font-family="sans-serif">{escape(mark)}</text></g>')
    if view["hat2"] == area_id:
        # at the top of the hex, clear of the jewels, the metal's letter and a pyramid
        out.append(f'<g class="am-hat2"><polygon points="{x - 8:.1f},{y - 10:.1f} {x + 6:.1f},{y - 10:.1f} '
                   f'{x - 1:.1f},{y - 29:.1f}" fill="#311b92" stroke="#ffffff" stroke-width="1.5"/>'
                   f'<title>{escape(tr("amulett.board.hat2", lang))}</title></g>')

    out.append("</g>")
    return "".join(out)


def amulet_html(view: Mapping[str, Any], seat: int, lang: str = "en") -> str:
    """One seat's amulet: 8 sockets, filled in the order the jewels were taken."""
    jewels = view["seats"][seat]["amulet"]
    cells = []
    for k in range(AMULET_SOCKETS):
        if k < len(jewels):
            colour = jewels[k]
            name = escape(tr(f"amulett.colour.{colour}", lang))
            mark = escape(tr(f"amulett.board.jewel_letter.{colour}", lang))
            cells.append(f'<span class="am-socket am-full" title="{name}" aria-hidden="true" '
                         f'style="background:{JEWEL_FILL[colour]};color:{JEWEL_INK[colour]}">{mark}</span>')

        else:
            cells.append('<span class="am-socket"></span>')
    label = tr("amulett.board.amulet", lang, jewels=len(jewels), colours=len(set(jewels)))
    return f'<div class="am-amulet" title="{escape(label)}">{"".join(cells)}</div>'
