"""What one seat may see of an Abracada game (RULES.md Q20), built by listing allowed fields.

Nothing is copied from the state and then trimmed: each field below is chosen because the
seat may see it. A seat sees every other hand, the board, the face-up removed stones, lives,
scores, pile and secret-pool sizes, others' secret-stone counts, its own secret stones and the
whole history; of its own hand only the size, and for each stone the values it has seen ruled
out. The event log is filtered the same way (a seat never sees the stones it draws).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Event
from .rules import SPELLS

if TYPE_CHECKING:
    from .engine import AbracadaGame


# Events every seat sees in full. A round's end reveals all hands and secret stones.
PUBLIC_EVENTS = frozenset({"cast", "miss", "callout", "roll", "life", "knockout", "end_turn",
                           "round_end", "game_end"})


def seat_view(game: "AbracadaGame", seat: int, log: bool = True) -> dict[str, Any]:
    # Built afresh on every call (bots ask for one per action): only new lists ([*x], the
    # cheapest copy) and literals here, so each list and dict is the caller's own.
    n = game.players
    hands = game.hands
    secrets = game.secrets
    current = game.current_player
    options = game.public_options.copy()
    for key in game.list_options:
        options[key] = [*options[key]]
    cast = game.cast
    others = [[*h] for h in hands]
    others[seat] = None
    return {
        "game": game.game_name,
        "seat": seat,
        "players": n,
        "options": options,
        "round": game.round_no,
        "phase": game.phase,
        "current_player": current,
        "chain": game.chain,
        "legal_actions": game.legal_texts() if current == seat else [],
        "lives": [*game.lives],
        "alive": [*game.alive],
        "scores": [*game.scores_list],
        "hands": others,
        "hand_sizes": [*map(len, hands)],
        "own_hand": [{"ruled_out": [*_RULED_OUT[mask]]} for mask in game.known_not[seat]],
        "own_secrets": [*secrets[seat]],
        "secret_counts": [*map(len, secrets)],
        "public_secrets": [[*s] for s in secrets] if _public_secrets(game) else None,
        "secret_pool": len(game.secret_pool),
        "pile": len(game.pile),
        "removed": [*game.removed],
        "board": {"1": cast[1], "2": cast[2], "3": cast[3], "4": cast[4],
                  "5": cast[5], "6": cast[6], "7": cast[7], "8": cast[8]},
        "round_points": [*game.round_points],
        "result": _own(game.result) if game.result is not None else None,
        "winners": [*game.winners],
        "log": round_log(game, seat) if log else None,
    }


def _own(value: Any) -> Any:
    """The caller's own copy of JSON-like data (lists, dicts, tuples of plain values).

    What ``copy.deepcopy`` gives for this data, several times faster (no memo, no dispatch): a
    view built at the end of every round copies the round's result (issue #14.3).
    """
    kind = type(value)
    if kind is list:
        return [_own(x) for x in value]
    if kind is dict:
        return {k: _own(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_own(x) for x in value)
    return value


# The values a ruled-out bit mask stands for, computed once for all 2**9 masks.
_RULED_OUT = [tuple(v for v in SPELLS if mask >> v & 1) for mask in range(1 << 9)]


def round_log(game: "AbracadaGame", seat: int) -> list[dict[str, Any]]:
    """This round's events as ``seat`` may see them (from the last ``round_start``)."""
    events = game.events
    start = len(events) - 1
    while start > 0 and events[start].kind != "round_start":
        start -= 1
    return seat_events(game, seat, start)


def seat_events(game: "AbracadaGame", seat: int, start: int = 0) -> list[dict[str, Any]]:
    """Events ``start:`` of the whole game, each as ``seat`` may see it."""
    public_secrets = _public_secrets(game)
    return [_seat_event(e, seat, public_secrets) for e in game.events[start:]]


def _public_secrets(game: "AbracadaGame") -> bool:
    """Q11: does everyone see the secret stones a Night Singer takes?"""
    return game.options["secret_stone_visibility"] == "public"


def _seat_event(event: Event, seat: int, public_secrets: bool) -> dict[str, Any]:
    kind, who, data = event
    out: dict[str, Any] = {"kind": kind, "seat": who}
    if kind == "round_start":
        out.update(round=data["round"], starter=data["starter"], removed=list(data["removed"]),
                   hands=[None if q == seat else list(h) for q, h in enumerate(data["hands"])],
                   pile=data["pile"], secret_pool=data["secret_pool"])
    elif kind == "draw":
        out["count"] = len(data["values"])
        if who != seat:
            out["values"] = list(data["values"])
    elif kind == "secret":
        out["taken"] = data["value"] is not None
        if who == seat or public_secrets:
            out["value"] = data["value"]
    elif kind in PUBLIC_EVENTS:              # wholly public (rule 14, Q20)
        out.update(_own(data))
    else:                                    # fail closed: a new kind must be classified here
        raise ValueError(f"event kind {kind!r} has no visibility rule")
    return out
