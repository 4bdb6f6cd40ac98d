"""Pure functions from a seat's view to the HTML of the Das Amulett board's panels: the seats,
the spell market and auctions, the prompt, move labels, the ledger meter and the log.

Like :mod:`.render` they read nothing but the view (the ledger meter's teacher line is given the
true hands explicitly, and only a teacher-mode board passes them), so what they show is what the
student's seat may see. Every word comes from the catalogue and every value is escaped.
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Mapping, Sequence

from towerlib.amulett.inference import HandReader
from towerlib.amulett.rules import METALS
from towerlib.amulett.views import narrate
from towerlib.core.i18n import tr

from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from ..messages import board_key
from .render import amulet_html

#: How many events the log panel lists, newest first (a view carries 60; the panel scrolls).
LOG_ROWS = 60


def _t(key: str, lang: str, **params: Any) -> str:
    return tr(board_key("amulett.board", key), lang, **params)


def seat_names(view: Mapping[str, Any], lang: str) -> list[str]:
    """Names numbered from 0 like the engine's narration ("Player 2 bids 3"), so the log and the
    seats agree."""
    return [_t("you" if q == view["seat"] else "bot", lang, n=q) for q in range(view["players"])]


def spell_name(num: int, lang: str) -> str:
    return tr(f"amulett.spell.{num}", lang)


def spell_power(num: int, lang: str) -> str:
    power = tr(f"amulett.spell.{num}.power", lang)
    return power or _t("production", lang)


def cards_text(counts: Mapping[str, int], lang: str) -> str:
    return ", ".join(f"{tr(f'amulett.metal.{m}', lang)} {counts[m]}" for m in METALS)


def header_line(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """The round marker and how many of its areas are done, and where the hats are."""
    if view["marker"] is not None and view["phase"] == "jewel":
        return escape(_t("areas", lang, marker=view["marker"], done=view["areas_done"],
                         hat1=names[view["hat1"]], hat2=view["hat2"]))
    return escape(_t("areas_none", lang, hat1=names[view["hat1"]], hat2=view["hat2"]))


def sheet(view: Mapping[str, Any], q: int, names: Sequence[str], lang: str) -> str:
    """One seat: name, amulet, stones in the pool, spells with their stones and powers, metal cards
    (the count for an opponent, the cards themselves for the student)."""
    s = view["seats"][q]
    me = q == view["seat"]
    active = " am-active" if view["current_player"] == q else ""
    flag = f" <span class='am-flag'>{escape(_t('to_play', lang))}</span>" if active else ""
    rows = [f"<div class='am-sheet{active}' data-seat='{q}'><b>{escape(names[q])}</b>{flag}",
            amulet_html(view, q, lang),
            f"<div>{escape(_t('stones', lang, pool=s['pool']))}</div>"]
    if me:
        rows.append(f"<div class='am-own-cards'>{escape(_t('metals_own', lang, cards=cards_text(view['hand'], lang)))}"
                    "</div>")
    else:
        rows.append(f"<div>{escape(_t('metals_count', lang, count=s['metal_count']))}</div>")
    spells = "".join(f"<li title='{escape(spell_power(c['num'], lang))}'>"
                     f"{escape(_t('spell_line', lang, name=spell_name(c['num'], lang), num=c['num'], stones=c['stones']))}"
                     f"<br><small>{escape(spell_power(c['num'], lang))}</small></li>" for c in s["spells"])
    rows.append(f"<ul class='am-spells'>{spells}</ul>" if spells else f"<div>{escape(_t('no_spells', lang))}</div>")
    if me and view["dealt"]:
        dealt = ", ".join(f"{spell_name(n, lang)} ({n})" for n in view["dealt"])
        rows.append(f"<div>{escape(_t('dealt', lang, spells=dealt))}</div>")
    rows.append("</div>")
    return "".join(rows)


def market(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """The spell up for auction (if any), the deck size, and the jewel auction under way."""
    out = [f"<b>{escape(_t('market', lang))}</b>", f"<div>{escape(_t('deck', lang, size=view['deck_size']))}</div>"]
    sa = view["spell_auction"]
    if sa is not None:
        leader = names[sa["leader"]] if sa["leader"] is not None else _t("nobody", lang)
        text = _t("spell_up", lang, name=spell_name(sa["card"], lang), num=sa["card"],
                  power=spell_power(sa["card"], lang), high=sa["high"], leader=leader)
        out.append(f"<div class='am-spell-up'>{escape(text)}</div>")
    ja = view["jewel_auction"]
    if ja is not None:
        leader = names[ja["leader"]] if ja["leader"] is not None else _t("nobody", lang)
        passed = ", ".join(names[q] for q, k in enumerate(ja["passes"]) if k) or "–"   # passes per seat
        text = _t("jewel_up", lang, area=ja["area"], high=ja["high"], leader=leader, passed=passed)
        out.append(f"<div class='am-jewel-up'>{escape(text)}</div>")
    return "".join(out)


def prompt(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    if view["is_over"]:
        return escape(_t("prompt.over", lang, who=", ".join(names[q] for q in view["winners"])))
    what = tr(f"amulett.decision.{view['decision']}", lang)
    current = view["current_player"]
    if current == view["seat"]:
        return escape(_t("prompt.you", lang, what=what))
    return escape(_t("prompt.wait", lang, who=names[current], what=what))


def describe(action: str, names: Sequence[str], lang: str) -> str:
    """A move button's label, in ``lang``."""
    verb, *args = action.split(" ")
    metal = lambda m: tr(f"amulett.metal.{m}", lang)  # noqa: E731
    if verb == "mulligan":
        return _t("act.mulligan", lang, spells=", ".join(spell_name(int(n), lang) for n in args))
    if verb == "allot":
        what = ", ".join(f"{spell_name(int(n), lang)} {k}" for n, k in (a.split(":") for a in args))
        return _t("act.allot", lang, what=what)
    if verb in ("metal", "give"):
        return _t(f"act.{verb}", lang, metal=metal(args[0]))
    if verb == "exchange":
        return _t("act.exchange", lang, give=metal(args[0]), get=metal(args[1]))
    if verb in ("echo", "everlast", "recharge"):
        return _t(f"act.{verb}", lang, spell=spell_name(int(args[0]), lang))
    if verb == "fate":
        return _t("act.fate", lang, step=args[0])
    if verb == "pay":
        return _t("act.pay", lang, cards=", ".join(f"{metal(m)} {k}" for m, k in (a.split(":") for a in args)))
    if verb == "jewel":
        colour = tr(f"amulett.colour.{args[0]}", lang)
        if len(args) == 2:
            return _t("act.jewel_from", lang, colour=colour, area=args[1])
        return _t("act.jewel", lang, colour=colour)
    if verb == "move":
        return _t("act.move", lang, area=args[0])
    if verb == "steal":
        return _t("act.steal", lang, who=names[int(args[0])])
    return _t(f"act.{verb}", lang)


def _num(x: Fraction) -> str:
    return f"{float(x):.2f}"


def ledger_meter(view: Mapping[str, Any], names: Sequence[str], lang: str,
                 truth: Sequence[Sequence[int]] | None = None) -> str:
    """For each opponent: how many hands the ledger allows and the expected cards; in a jewel
    auction, the exact chance that they can pay one more than the high bid in this area (or "about"
    that chance where the hand reader could not keep the law exact: :attr:`HandReader.exact`). ``truth``
    (teacher mode only) adds each opponent's real hand."""
    reader = HandReader(view)
    ja = view["jewel_auction"]
    rows = []
    for q in range(view["players"]):
        if q == view["seat"]:
            continue
        g, s, c, i = (_num(x) for x in reader.expected(q))
        rows.append(_t("ledger.hands", lang, who=names[q], count=view["seats"][q]["metal_count"],
                       hands=len(reader.possible(q)), g=g, s=s, c=c, i=i))
        if ja is not None:
            bid = ja["high"] + 1
            p = reader.p_can_pay(q, bid, ja["area"])
            rows.append(_t("ledger.pay" if reader.exact else "ledger.pay_about", lang, who=names[q], bid=bid,
                           area=ja["area"], p=str(p), pct=f"{float(p):.0%}"))
        if truth is not None:
            rows.append(_t("ledger.truth", lang, who=names[q], g=truth[q][0], s=truth[q][1], c=truth[q][2],
                           i=truth[q][3]))
    return "<ul class='am-ledger'>" + "".join(f"<li>{escape(r)}</li>" for r in rows) + "</ul>"


def log_html(view: Mapping[str, Any], lang: str) -> str:
    """The latest events, newest first, narrated from the student's view."""
    rows = [f"<li>{escape(narrate(e, lang))}</li>" for e in reversed((view["log"] or [])[-LOG_ROWS:])]
    return "<ol class='am-log'>" + "".join(rows) + "</ol>"


__all__ = ["describe", "header_line", "ledger_meter", "log_html", "market", "prompt", "seat_names", "sheet"]
