"""The game log in words: one line per event a seat may see, in the chosen language.

The input is a seat's filtered event list (``view["log"]`` or
:func:`towerlib.abracada.views.seat_events`), so the narration cannot mention anything the
seat may not see: the seat's own draws arrive as counts only, and another player's secret
stone arrives without its value.
"""
from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from towerlib.core.i18n import tr

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)


def spell_name(value: int, lang: str) -> str:
    return tr(f"abracada.spell.{value}", lang)


def stones_text(values: Sequence[int], lang: str) -> str:
    return ", ".join(str(v) for v in values) if values else tr("abracada.board.none", lang)


def round_reason(result: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """Why a round ended, e.g. "Bot 2 emptied their hand"."""
    reason = result["reason"]
    who = result["loser"] if reason == "self_knockout" else result["winner"]
    return tr(f"abracada.board.reason.{reason}", lang, who=names[who])


def points_text(points: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{name} +{p}" for name, p in zip(names, points))


def event_line(event: Mapping[str, Any], names: Sequence[str], seat: int, lang: str) -> str:
    """One event as plain text (the caller escapes it)."""
    kind, who = event["kind"], event["seat"]
    name = names[who] if who is not None else ""
    key = f"abracada.board.log.{kind}"
    if kind == "round_start":
        line = tr(key, lang, round=event["round"], who=names[event["starter"]])
        if event["removed"]:
            line += " " + tr("abracada.board.log.removed", lang, stones=stones_text(event["removed"], lang))
        return line
    if kind in ("cast", "miss"):
        return tr(key, lang, who=name, value=event["value"], spell=spell_name(event["value"], lang))
    if kind == "callout":
        return tr(key, lang, who=name, value=event["value"], last=event["last"])
    if kind == "roll":
        return tr(key, lang, who=name, value=event["value"])
    if kind == "life":
        return tr(key, lang, who=name, change=event["change"], life=event["life"])
    if kind in ("knockout", "end_turn"):
        return tr(key, lang, who=name)
    if kind == "draw":
        if "values" not in event:
            return tr("abracada.board.log.draw_own", lang, who=name, count=event["count"])
        return tr(key, lang, who=name, stones=stones_text(event["values"], lang))
    if kind == "secret":
        if not event["taken"]:
            return tr("abracada.board.log.secret_none", lang, who=name)
        if event.get("value") is not None:
            return tr("abracada.board.log.secret_own", lang, who=name, value=event["value"],
                      spell=spell_name(event["value"], lang))
        return tr(key, lang, who=name)
    if kind == "round_end":
        return tr(key, lang, round=event["round"], reason=round_reason(event, names, lang),
                  points=points_text(event["points"], names))
    if kind == "game_end":
        return tr(key, lang, names=", ".join(names[q] for q in event["winners"]))
    raise ValueError(f"no narration for event kind {kind!r}")


def log_html(events: Sequence[Mapping[str, Any]], names: Sequence[str], seat: int, lang: str,
             notes: Mapping[int, Sequence[str]] | None = None) -> str:
    """The log as HTML lines; ``notes[i]`` are extra lines (bots' reasons) shown before event i."""
    lines = []
    for i, event in enumerate(events):
        for note in (notes or {}).get(i, ()):
            lines.append(f'<div class="st-note">{escape(tr("abracada.board.reason_line", lang, reason=note))}</div>')
        who = event["seat"]
        mark = " st-mine" if who == seat else ""
        kind = event["kind"]
        lines.append(f'<div class="st-line st-k-{kind}{mark}">{escape(event_line(event, names, seat, lang))}</div>')
    return "".join(lines)
