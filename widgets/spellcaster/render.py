"""Pure functions from a SpellCaster view to the board's HTML: the map, the sheets, the odds meter.

Everything here reads only ``game.view(seat)`` (and the board's own settings), so what reaches
the page is exactly what that seat may see.
"""
from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from towerlib.core.i18n import tr
from towerlib.spellcaster.data import COORDS, ELEMENTS, LINKS, PATHS, POINT_NAMES, POINTS
from towerlib.spellcaster.inference import expected_damage
from towerlib.spellcaster.probability import capture_chance, contest_table, locked_chain, reach
from towerlib.spellcaster.views import narrate, spell_label

from ..messages import board_key
from ..palette import SEATS, SPELLCASTER_ELEMENTS, ink

#: The prefix of the board's catalogue keys.
KEY = "spellcaster.board"
#: Each element's Okabe-Ito colour, and the dash pattern its paths are drawn with, so a path's
#: element is told by its pattern (and the legend) as well as its colour; points carry letters.
ELEMENT_COLOURS = SPELLCASTER_ELEMENTS
ELEMENT_DASH = {"F": "", "E": "9 4", "W": "2 3", "A": "12 3 2 3"}
ELEMENT_INK = {e: ink(c) for e, c in ELEMENT_COLOURS.items()}
#: SpellCasters' colours by seat; a caster's token and pawn also show the seat number.
SEAT_COLOURS = SEATS[:4]
SEAT_INK = tuple(ink(c) for c in SEAT_COLOURS)
SCALE, MARGIN = 80, 40


def xy(point: str) -> tuple[float, float]:
    x, y = COORDS[point]
    return MARGIN + (x + 2) * SCALE, MARGIN + (2 - y) * SCALE


def seat_names(view: Mapping[str, Any], levels: Sequence[str | None], lang: str) -> list[str]:
    return [tr("spellcaster.board.you", lang) if q == view["seat"] else
            tr("spellcaster.board.bot", lang, n=q + 1) for q in range(view["players"])]


def pct(p: Any) -> str:
    return f"{float(p):.0%}"


def _line(x1: float, y1: float, x2: float, y2: float, e: str, width: float = 2.5) -> str:
    dash = f' stroke-dasharray="{ELEMENT_DASH[e]}"' if ELEMENT_DASH[e] else ""
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{ELEMENT_COLOURS[e]}" '
            f'stroke-width="{width}"{dash}/>')


def board_svg(view: Mapping[str, Any], highlight: Sequence[str] = (), lang: str = "en") -> str:
    """Board SC-13: paths in their element's colour and dash pattern, points with their elements'
    letters, numbered SpellCasters and familiars. Its text alternative says where everyone is."""
    size = 2 * MARGIN + 4 * SCALE
    names = seat_names(view, [], lang)
    where = "; ".join(tr("spellcaster.board.map_caster", lang, who=names[c["seat"]], point=c["position"])
                      for c in view["casters"] if c["alive"])
    title = escape(tr("spellcaster.board.map_title", lang, casters=where))
    parts = [f'<svg class="sc-map" viewBox="0 0 {size} {size}" xmlns="http://www.w3.org/2000/svg" role="img" '
             f'aria-label="{title}"><title>{title}</title>']
    for a, b in LINKS:
        (x1, y1), (x2, y2) = xy(a), xy(b)
        colours = PATHS[a, b]
        dx, dy = y2 - y1, x1 - x2
        norm = (dx * dx + dy * dy) ** 0.5 or 1
        for i, e in enumerate(colours):
            off = (i - (len(colours) - 1) / 2) * 4
            ox, oy = dx / norm * off, dy / norm * off
            parts.append(_line(x1 + ox, y1 + oy, x2 + ox, y2 + oy, e))
    for p in POINT_NAMES:
        x, y = xy(p)
        ring = ' stroke="#f3c969" stroke-width="5"' if p in highlight else ' stroke="#333" stroke-width="1.5"'
        parts.append(f'<circle class="sc-point sc-point-{p}" cx="{x}" cy="{y}" r="17" fill="#f5ecd6"{ring}/>')
        for i, e in enumerate(POINTS[p]):
            ex, ey = x - 7 + (i % 2) * 14, y - 6 + (i // 2) * 12
            parts.append(f'<circle cx="{ex}" cy="{ey}" r="5.5" fill="{ELEMENT_COLOURS[e]}"/>'
                         f'<text x="{ex}" y="{ey + 3}" font-size="8" font-weight="700" text-anchor="middle" '
                         f'fill="{ELEMENT_INK[e]}" font-family="sans-serif">{e}</text>')
        parts.append(f'<text x="{x}" y="{y + 30}" font-size="11" text-anchor="middle">{p}</text>')
    for c in view["casters"]:
        if not c["alive"]:
            continue
        x, y = xy(c["position"])
        q = c["seat"]
        parts.append(f'<circle class="sc-caster sc-caster-{q}" cx="{x - 14 + 9 * q}" cy="{y - 20}" r="8" '
                     f'fill="{SEAT_COLOURS[q]}" stroke="#000"/><text x="{x - 14 + 9 * q}" y="{y - 17}" '
                     f'font-size="9" font-weight="700" text-anchor="middle" fill="{SEAT_INK[q]}">{q + 1}</text>')
    for c in view["casters"]:
        for sp in c["display"]:
            if sp["point"] is None or sp["state"] not in ("launched", "wild"):
                continue
            x, y = xy(sp["point"])
            colour = "#555" if sp["controller"] is None else SEAT_COLOURS[sp["controller"]]
            parts.append(f'<rect class="sc-familiar" x="{x + 8}" y="{y + 4}" width="12" height="12" '
                         f'transform="rotate(45 {x + 14} {y + 10})" fill="{colour}" stroke="#000"/>'
                         f'<text x="{x + 26}" y="{y + 16}" font-size="9">{escape(sp["spell"])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def card_html(card: Mapping[str, Any]) -> str:
    """A card: its text (element letter and number) in dark ink, framed in its element's colour."""
    text = card["card"]
    colour = ELEMENT_COLOURS[text[0]]
    face = "" if card["up"] else " sc-face-down"
    return f'<span class="sc-card{face}" style="border-color:{colour}">{escape(text)}</span>'


def _pawn(q: int) -> str:
    return (f'<span class="sc-pawn" aria-hidden="true" style="background:{SEAT_COLOURS[q]};color:{SEAT_INK[q]}">'
            f'{q + 1}</span>')


def sheet(view: Mapping[str, Any], seat: int, names: Sequence[str], lang: str) -> str:
    """One SpellCaster's attribute sheet, decks and Spell Display."""
    c = view["casters"][seat]
    t = lambda key, **kw: escape(tr(board_key(KEY, key), lang, **kw))  # noqa: E731
    to_play = view["current_player"] == seat
    head = (f'<div class="sc-sheet-head">{_pawn(seat)}'
            f'<b>{escape(names[seat])}</b>' + (f' <span class="sc-flag">{t("to_play")}</span>' if to_play else "")
            + (f' <span class="sc-flag">{t("retired")}</span>' if not c["alive"] else "") + "</div>")
    stats = (f'<div>{t("life", life=max(0, c["life"]), max=c["max_life"], ap=c["ap"])}</div>'
             f'<div>{t("will", will=c["will"], pool=c["pool"], on=c["on_spells"], lost=c["lost"])}</div>'
             f'<div>{t("focus_skill", focus=c["focus"], skill=c["skill"], point=c["position"])}</div>')
    decks = " ".join(f'<span class="sc-deck"><span class="sc-swatch" style="background:{ELEMENT_COLOURS[e]}">'
                     f'</span>{e}:{d["count"]}'
                     + (f' ({t("deck_top", top=d["top"])})' if d["top"] is not None else "") + "</span>"
                     for e, d in c["decks"].items())
    slots = []
    for sp in c["display"]:
        motion = "".join(card_html(x) for x in sp["motion"])
        mass = "".join(card_html(x) for x in sp["mass"])
        slots.append(f'<div class="sc-slot sc-slot-{sp["state"]}"><b>{escape(spell_label(sp["spell"]))}</b> '
                     f'<i>{t("state." + sp["state"])}</i> · {t("motion")}: {motion or "–"} · '
                     f'{t("mass")}: {mass or "–"}</div>')
    return (f'<div class="sc-sheet{" sc-active" if to_play else ""}">{head}{stats}'
            f'<div>{t("decks")}: {decks}</div><div class="sc-display"><u>{t("display")}</u>{"".join(slots)}</div></div>')


def prompt(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    if view["over"]:
        who = ", ".join(names[q] for q in view["winners"])
        return escape(tr(board_key(KEY, "prompt.over"), lang, who=who))
    current = view["current_player"]
    kind = tr(f"spellcaster.frame.{view['pending']['kind']}", lang)
    if current == view["seat"]:
        return escape(tr(board_key(KEY, "prompt.you"), lang, what=kind))
    return escape(tr("spellcaster.board.prompt.wait", lang, who=f"{names[current]} ({kind})"))


#: Verbs whose argument is a spell, and those whose argument is a seat.
_SPELL_VERBS = frozenset({"launch", "continue", "withdraw", "control", "abandon", "capture", "pick"})
_SEAT_VERBS = frozenset({"resolve", "name"})


def describe(action: str, lang: str) -> str:
    """A move button's label, all in ``lang``, seats and spells counted from 1."""
    verb, _, arg = action.partition(" ")
    if verb == "conjure":
        option, decks = arg.split()
        return tr(f"spellcaster.board.act.conjure_{option.lower()}", lang).format(decks)
    if verb == "return":
        return tr(board_key(KEY, f"act.return_{arg}"), lang)
    args = arg.split()
    if verb in _SPELL_VERBS:
        args = [spell_label(arg)]
    elif verb in _SEAT_VERBS:
        args = [str(int(arg) + 1)]
    elif verb in ("show", "hide"):
        args[-1] = tr(f"spellcaster.section.{args[-1]}", lang)
    text = tr(board_key(KEY, f"act.{verb}"), lang)
    return text.format(*args) if args else text


def odds(view: Mapping[str, Any], lang: str) -> str:
    """The odds meter: exact chances for the decision in front of the student."""
    me = view["seat"]
    casters = view["casters"]
    mine = casters[me]
    pending = view["pending"] or {}
    lines: list[str] = []
    t = lambda key, **kw: tr(f"spellcaster.board.odds.{key}", lang, **kw)  # noqa: E731

    def contest(c: int, o: int) -> None:
        table = contest_table(c, o)
        chain = locked_chain(c, o)
        lines.append(t("contest", caster=c, opp=o, big=pct(table["big"]), small=pct(table["small"]),
                       locked=pct(table["locked"]), broken=pct(table["broken"])))
        lines.append(t("locked", rolls=f"{float(chain.expected_rolls):.2f}", win=pct(chain.caster_wins)))

    legal = view["legal"]
    if pending.get("kind") == "offer" and pending.get("seat") == me:
        contest(casters[pending["caster"]]["pool"], max(0, mine["pool"] - 1))
    for text in legal:
        verb, _, sid = text.partition(" ")
        if verb == "continue":
            owner, slot = sid.split(".")
            lock = casters[int(owner)]["display"][int(slot) - 1]["lock"]
            contest(casters[lock["caster"]]["pool"], casters[lock["opp"]]["pool"])
        elif verb == "launch" and pending.get("kind") == "launch":
            for c in casters:
                if c["alive"] and c["seat"] != me and c["pool"] > 0:
                    contest(max(0, mine["pool"] - 1), c["pool"] - 1)
                    break
        elif verb == "capture":
            lines.append(t("capture", unused=mine["pool"] - 1, p=pct(capture_chance(mine["pool"] - 1))))
    if pending.get("kind") == "motion" and pending.get("seat") == me:
        sid = pending["spell"]
        owner, slot = sid.split(".")
        spell = casters[int(owner)]["display"][int(slot) - 1]
        motion = [c["card"] for c in spell["motion"]]
        left = pending["left"]
        rest = ([f"{pending['colour']}{left}"] if left > 0 else []) + motion[pending["card"] + 1:pending["end"]]
        occupied = {c["position"] for c in casters if c["alive"]}
        ends, strikes = reach(pending["point"], rest, occupied)
        lines.append(t("reach", spell=spell_label(sid), points=", ".join(sorted(ends | strikes)) or "–"))
        names = seat_names(view, [], lang)
        for c in casters:
            if c["alive"] and c["position"] in strikes:
                damage = expected_damage(view, sid, c["position"])
                lines.append(t("strike", who=names[c["seat"]], point=c["position"], p=pct(1),
                               damage=f"{float(damage):.2f}"))
    if not lines:
        lines.append(t("none"))
    return "<ul class='sc-odds'>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>"


def log_html(view: Mapping[str, Any], lang: str) -> str:
    """The latest events, newest first, narrated in ``lang`` from the student's view."""
    rows = [f"<li>{escape(narrate(e, lang))}</li>" for e in reversed((view["log"] or [])[-20:])]
    return "<ol class='sc-log'>" + "".join(rows) + "</ol>"


def element_legend(lang: str = "en") -> str:
    """Each element: a sample of its path (colour and dash pattern), its letter and its name."""
    items = []
    for e in ELEMENTS:
        name = escape(tr(f"spellcaster.board.element.{e}", lang))
        items.append(f'<span class="sc-legend-item"><svg width="30" height="10" viewBox="0 0 30 10" '
                     f'aria-hidden="true">{_line(1, 5, 29, 5, e, 3)}</svg>{e} · {name}</span>')
    label = escape(tr("spellcaster.board.legend", lang, elements=", ".join(
        f"{e} {tr(f'spellcaster.board.element.{e}', lang)}" for e in ELEMENTS)))
    return f'<div class="sc-legend" role="group" aria-label="{label}">{"".join(items)}</div>'

