"""What one seat may see of a Das Amulett game, and event narration in either language.

The view *lists* the fields that are public, so a new state field stays hidden until someone
decides to show it. Hidden: other players' metal cards (their *count* is shown, A3), the exact
supply (only whether a stack is empty, so private wild choices stay private), the deck order,
other players' dealt spells and secret stone allocations before the reveal, the seed and the
fixed round markers of a ``deal``. Events carry their secret part under ``secret`` with the seats
allowed to see it under ``to``; the metal ledger (the public bookkeeping that
:mod:`towerlib.amulett.inference` reads) has a private version of an entry for the seats involved.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.events import Event
from ..core.i18n import Msg, tr
from .rules import METALS

if TYPE_CHECKING:
    from .engine import AmulettGame

#: How many recent events a view carries (enough for a board's narration panel).
LOG_LENGTH = 60
#: Public fields of each pending decision.
_PENDING_PUBLIC = {"mulligan": (), "allot": (), "spell_bid": (), "metal": ("options", "wild", "spell"),
                   "echo": ("options",), "transmute": ("left",), "give": ("to",), "fate": (),
                   "jewel_bid": ("area",), "pay": ("cost", "allowed", "bid"), "take": ("which",),
                   "move": ("options",), "steal": ("options",), "everlast": ("options",), "recharge": ("left",)}


def visible_event(event: Event, seat: int) -> dict[str, Any]:
    """The event as ``seat`` may see it: its secret part only if ``seat`` is allowed."""
    out: dict[str, Any] = {"kind": event.kind, "seat": event.seat}
    for key, value in event.data.items():
        if key == "to":
            continue
        if key == "secret":
            if seat in event.data.get("to", ()):
                out.update(_copy(value))
            continue
        out[key] = _copy(value)
    return out


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def ledger_for(game: "AmulettGame", seat: int) -> list[tuple[Any, ...]]:
    """The metal ledger as ``seat`` knows it (its own private entries filled in); entries are tuples."""
    out = list(game.ledger)
    for i, private in game.ledger_secret.items():
        if seat in private:
            out[i] = private[seat]
    return out


def build_view(game: "AmulettGame", seat: int, log: bool = True) -> dict[str, Any]:
    """Everything ``seat`` may see, as JSON-able data; a board can be drawn from it alone."""
    setup = game.phase == "setup"
    seats = []
    for s in range(game.players):
        seats.append({
            "seat": s,
            "pool": game.pool[s],
            "spells": [{"num": c[0], "stones": c[1]} for c in game.spells[s]],
            "amulet": list(game.amulets[s]),
            "metal_count": sum(game.hands[s]),
            "dealt_count": len(game.dealt[s]),
            "allotted": game.allotted[s] is not None,
        })
    pending = None
    if game.pending is not None:
        p = game.pending
        pending = {"kind": p["kind"], "seat": p["seat"]}
        pending.update({k: _copy(p[k]) for k in _PENDING_PUBLIC[p["kind"]]})
    sa = game.sa
    ja = game.ja
    me = game.current_player == seat
    own_allot = game.allotted[seat]
    return {
        "game": game.game_name,
        "players": game.players,
        "seat": seat,
        "phase": game.phase,
        "round": game.round,
        "current_player": game.current_player,
        "decision": None if game.pending is None else game.pending["kind"],
        "is_over": game.is_over,
        "winners": list(game.winners),
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in game.options.items()},
        "first": game.first,
        "hat1": game.hat1,
        "hat2": game.hat2,
        "marker": game.marker,
        "areas_done": game.areas_done,
        "marker_bag": sorted(game.marker_bag),
        "board": {a: list(v) for a, v in game.board.items()},
        "deck_size": len(game.deck),
        "supply_empty": {m: game.supply[i] == 0 for i, m in enumerate(METALS)},
        "seats": seats,
        "hand": {m: game.hands[seat][i] for i, m in enumerate(METALS)},
        "dealt": list(game.dealt[seat]) if setup else [],
        "allotment": dict(own_allot) if own_allot else None,
        "spell_auction": None if sa is None else {"card": sa["card"], "order": list(sa["order"]), "pos": sa["pos"],
                                                  "high": sa["high"], "leader": sa["leader"]},
        "jewel_auction": None if ja is None else {"area": ja["area"], "high": ja["high"], "leader": ja["leader"],
                                                  "passes": list(ja["passes"]), "excluded": list(ja["excluded"])},
        "used": {"auctioneer": game.auctioneer_used[seat], "mana_well": game.mana_used[seat]},
        "pending": pending,
        "ledger": ledger_for(game, seat),
        "legal": [str(a) for a in game.legal_actions()] if me else [],
        "log": [visible_event(e, seat) for e in game.events[-LOG_LENGTH:]] if log else None,
    }


def seat_msg(seat: int) -> Msg:
    return Msg("amulett.seat", seat=seat)


def narrate(event: dict[str, Any], lang: str = "en") -> str:
    """One line of narration for a visible event (a dict from a view's ``log``)."""
    params = {k: _word(k, v, lang) for k, v in event.items() if k not in ("kind",)}
    return tr(f"amulett.event.{event['kind']}", lang, **params)


def _word(key: str, value: Any, lang: str) -> Any:
    if key in ("metal", "give", "get") and value in METALS:
        return tr(f"amulett.metal.{value}", lang)
    if key == "colour":
        return tr(f"amulett.colour.{value}", lang)
    if key in ("card", "spell") and isinstance(value, int):
        return tr(f"amulett.spell.{value}", lang)
    if key == "phase":
        return tr(f"amulett.phase.{value}", lang)
    return value
