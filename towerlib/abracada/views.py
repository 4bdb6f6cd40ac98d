"""What one seat may see of an Abracada game (RULES.md Q20), built by listing allowed fields.

Nothing is copied from the state and then trimmed: each field below is chosen because the
seat may see it. A seat sees every other hand, the board, the face-up removed stones, lives,
scores, pile and secret-pool sizes, others' secret-stone counts, its own secret stones and the
whole history; of its own hand only the size, and for each stone the values it has seen ruled
out. The event log is filtered the same way (a seat never sees the stones it draws).
A few fields restate what the others show in the form a bot reads fastest: ``unseen`` (the
stones of each value the seat cannot see), ``own_ruled_out`` (``own_hand`` as bit masks) and
``die_faces`` (from ``options``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..core import Event, InvalidOption
from .rules import SPELLS

if TYPE_CHECKING:
    from .engine import AbracadaGame


# Events every seat sees in full. A round's end reveals all hands and secret stones.
PUBLIC_EVENTS = frozenset({"cast", "miss", "callout", "roll", "life", "knockout", "end_turn",
                           "round_end", "game_end"})


def seat_view(game: "AbracadaGame", seat: int, log: bool = True) -> dict[str, Any]:
    """Everything ``seat`` may see (every field of ``FIELDS``); ``log=False`` sets ``log`` to None."""
    view = _whole_view(game, seat)
    view["log"] = round_log(game, seat) if log else None
    return view


def seat_fields(game: "AbracadaGame", seat: int, fields: Iterable[str]) -> dict[str, Any]:
    """Only the named fields of ``seat``'s view, built by the same expressions as the whole view.

    A bot that reads a few fields (``view_fields``, see :func:`towerlib.core.bots.play`) gets
    them without paying for the rest: a whole view costs about as much as the move itself.
    """
    try:
        build = _builder(tuple(fields))
    except KeyError as missing:
        raise InvalidOption("error.bad_option", name="view field", value=missing.args[0],
                            allowed=" / ".join(FIELDS)) from None
    return build(game, seat)


# Each field of a view, as the expression that builds it from ``game`` and ``seat``. Only new
# lists ([*x], the cheapest copy) and literals, so each list and dict is the caller's own.
FIELDS: dict[str, str] = {
    "game": "game.game_name",
    "seat": "seat",
    "players": "game.players",
    "options": "_options(game)",
    "die_faces": "[*game.options['die_faces']]",
    "round": "game.round_no",
    "phase": "game.phase",
    "current_player": "game.current_player",
    "chain": "game.chain",
    "legal_actions": "game.legal_texts() if game.current_player == seat else []",
    "lives": "[*game.lives]",
    "alive": "[*game.alive]",
    "scores": "[*game.scores_list]",
    "hands": "_others(game.hands, seat)",
    "hand_sizes": "[*map(len, game.hands)]",
    # of its own hand, only what it has seen ruled out for each stone
    "own_hand": "[{'ruled_out': [*_RULED_OUT[mask]]} for mask in game.known_not[seat]]",
    # the same as bit masks (bit v set: value v ruled out), the form deduction counts with
    "own_ruled_out": "[*game.known_not[seat]]",
    "own_secrets": "[*game.secrets[seat]]",
    "secret_counts": "[*map(len, game.secrets)]",
    "public_secrets": "[[*s] for s in game.secrets] if _public_secrets(game) else None",
    "secret_pool": "len(game.secret_pool)",
    "pile": "len(game.pile)",
    "removed": "[*game.removed]",
    "board": "_board(game.cast)",
    # how many stones of each value 0..8 the seat cannot see (what deduction.position counts)
    "unseen": "_unseen(game, seat)",
    "round_points": "[*game.round_points]",
    "result": "None if game.result is None else _own(game.result)",
    "winners": "[*game.winners]",
    "log": "round_log(game, seat)",
}
_ALL_BUT_LOG = tuple(name for name in FIELDS if name != "log")


@lru_cache(maxsize=256)
def _builder(fields: tuple[str, ...]) -> Callable[["AbracadaGame", int], dict[str, Any]]:
    """A function that builds a view of exactly ``fields``, in that order.

    Its body is one dict display of the fields' expressions, compiled once per list of fields
    (as ``collections.namedtuple`` compiles its class): a view of k fields then costs k
    expressions and no function call per field, which a bot asking every move notices.
    """
    items = "".join(f"        {name!r}: {FIELDS[name]},\n" for name in fields)
    namespace: dict[str, Any] = {}
    exec(f"def build(game, seat):\n    return {{\n{items}    }}\n", globals(), namespace)
    return namespace["build"]


_whole_view = _builder(_ALL_BUT_LOG)


def _others(hands: list[list[int]], seat: int) -> list[list[int] | None]:
    """Every hand but the seat's own."""
    others = [[*h] for h in hands]
    others[seat] = None
    return others


def _board(cast: list[int]) -> dict[str, int]:
    """How many stones of each value were cast this round."""
    return {"1": cast[1], "2": cast[2], "3": cast[3], "4": cast[4],
            "5": cast[5], "6": cast[6], "7": cast[7], "8": cast[8]}


def _unseen(game: "AbracadaGame", seat: int) -> list[int]:
    """The stones of each value (index 0 always 0) ``seat`` cannot see: the 36 less the board,
    the face-up removed stones, the other hands, its own secret stones, and the others' secret
    stones when they are public or the round is over (its result shows them).

    Counted from those places only, never from what is hidden (the seat's own hand, the pile):
    the counts ``deduction.position`` makes from a whole view, for a bot that needs nothing
    else of those fields (issue #14.3). One loop over the seen stones, as ``position`` does.
    """
    cast = game.cast
    c = [0, 1 - cast[1], 2 - cast[2], 3 - cast[3], 4 - cast[4], 5 - cast[5], 6 - cast[6], 7 - cast[7], 8 - cast[8]]
    seen = [*game.removed]
    for q, hand in enumerate(game.hands):
        if q != seat:
            seen += hand
    secrets = game.secrets
    if game.result is None and not _public_secrets(game):
        seen += secrets[seat]
    else:
        for stones in secrets:
            seen += stones
    for s in seen:
        c[s] -= 1
    return c


def _options(game: "AbracadaGame") -> dict[str, Any]:
    options = game.public_options.copy()
    for key in game.list_options:
        options[key] = [*options[key]]
    return options


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
