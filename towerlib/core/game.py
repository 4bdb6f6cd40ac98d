"""The engine protocol shared by all four games, and the base class that implements its plumbing.

A game is driven the same way whatever it is::

    game.current_player        # whose decision it is (None once the game is over)
    game.legal_actions()       # the actions allowed now (small immutable values)
    game.apply(action)         # -> the events it caused; illegal actions raise IllegalAction
    game.is_over, game.scores, game.outcome()
    game.view(seat)            # JSON-able: exactly what that seat may see
    game.to_json()             # a save file; the game module's load(text) reads it back

:class:`GameBase` keeps the seed, the options, the optional explicit deal, the list of applied
actions and the event log. A save file stores the set-up and the actions plus a snapshot of the
full state; loading replays the actions and checks the snapshot, so a corrupt or edited file is
rejected with the field that is wrong instead of producing an impossible game.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import numbers
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Protocol, Sequence, runtime_checkable

from .errors import IllegalAction, InvalidDeal, InvalidOption, SaveError, TowerError
from .events import Event
from .options import Option, jsonable_options, resolve_options
from .rng import GameRandom, fresh_seed

_new_event = tuple.__new__          # builds an Event without NamedTuple's slower __new__
_NO_IDS: frozenset[int] = frozenset()
SAVE_FORMAT = "spelltower-save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats (several share a win) and final scores."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


@runtime_checkable
class Game(Protocol):
    """What every Spell Tower engine offers (boards, bots and the CLI rely only on this)."""

    game_name: ClassVar[str]
    players: int

    @property
    def current_player(self) -> int | None: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply(self, action: Any) -> list[Event]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    def outcome(self) -> Outcome | None: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def to_json(self) -> str: ...


class GameBase:
    """Seed, options, deal, action history, event log and save files, for any game.

    A subclass sets ``game_name``, ``MIN_PLAYERS``/``MAX_PLAYERS`` and ``OPTIONS`` and writes
    ``_setup(deal)``, ``legal_actions()``, ``_parse(text)``, ``_why_illegal(action)`` (a ``Msg`` or None), ``_do(action)``
    (which appends to ``self.events``), ``_snapshot()`` and ``view(seat)``.
    """

    game_name: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 2
    OPTIONS: ClassVar[Mapping[str, Option]] = {}

    def __init__(self, players: int, seed: int | None = None, deal: Mapping[str, Any] | None = None,
                 **options: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise InvalidOption("error.bad_players", value=players, low=self.MIN_PLAYERS, high=self.MAX_PLAYERS)
        self.players = players
        self.options = resolve_options(self.OPTIONS, options)
        self.seed = fresh_seed() if seed is None else seed
        try:
            self.rng = GameRandom(self.seed)
        except TypeError as exc:
            raise InvalidOption("error.bad_option", name="seed", value=seed, allowed=str(exc)) from None
        self.deal = None if deal is None else _json_deal(deal)
        self.events: list[Event] = []
        self.history: list[Any] = []          # the applied actions, in order
        self._setup(self.deal)

    # ----- the protocol -------------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        """Play ``action`` (an action value or its text) and return the events it caused.

        An illegal action raises :class:`IllegalAction` before anything changes. Its text says
        why, never which actions are allowed now: whoever calls may not be the decider, whose
        options can reveal their hidden cards.
        """
        listed = self._legal_ids()
        if id(action) not in listed:                     # else: the engine's own legal object, as listed
            action = self.parse_action(action) if type(action) is str else self._canonical(action)
            reason = None if id(action) in listed else self._why_illegal(action)
            if reason is not None:
                if self.is_over:
                    raise IllegalAction("error.game_over")
                raise IllegalAction("error.illegal_action", action=str(action), reason=reason)
        events = self.events
        start = len(events)
        self._do(action)
        self.history.append(action)
        return events[start:]

    def parse_action(self, text: str) -> Any:
        action = self._parse(text) if isinstance(text, str) else None
        if action is None:
            raise IllegalAction("error.not_an_action", text=text)
        return action

    def _canonical(self, action: Any) -> Any:
        """The game's own action equal in meaning to ``action``, found through its text form.

        A hand-built action means what its text says: ``Cast(numpy.int64(2))`` is ``cast 2``,
        dice listed in another order are the sorted ones. Anything whose text is not an action
        of this game, ``Cast(True)`` ("cast True"), ``Cast(3.0)``, ``None``, bytes or a list,
        raises :class:`IllegalAction`, before anything changes.
        """
        interned = self._interned.get(action.__class__)
        if interned is not None:
            try:
                if interned.get(action) is action:
                    return action
            except TypeError:                  # unhashable inside: certainly not one of ours
                pass
        try:
            text = str(action)
        except Exception:                      # an object that cannot even say what it is
            text = None
        canonical = self._parse(text) if text is not None else None
        if canonical is None or _kind(action) != _kind(canonical):
            raise IllegalAction("error.not_an_action", text=_describe(action))
        return canonical

    def _legal_ids(self) -> frozenset[int]:
        """The ``id`` of each of the game's own action objects that ``legal_actions()`` lists now.

        ``apply`` plays such an object, or a text or hand-built action that canonicalises to one,
        without asking ``_why_illegal``: a random playout or a bot hands back exactly what the
        engine listed, and checking it again would cost as much as the move. Only objects that live as long as the game class (module
        constants) may be named here, so an id cannot be reused by some other object. A game
        that lists fresh objects keeps the default: none, and every action is checked.
        """
        return _NO_IDS

    #: Per action class, the game's own instances (say ``CAST``'s values), accepted without a
    #: round trip through their text. A subclass fills it in; empty means always round-trip.
    _interned: ClassVar[dict[type, dict[Any, Any]]] = {}

    # ----- save files ---------------------------------------------------------------------
    def to_json(self, indent: int | None = None) -> str:
        """The save file: set-up, every action as text, a snapshot of the full state, a checksum."""
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_name,
            "players": self.players,
            "seed": self.seed,
            "options": jsonable_options(self.options),
            "deal": self.deal,
            "actions": [str(a) for a in self.history],
            "state": self._snapshot(),
        }
        data["checksum"] = _checksum(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameBase":
        """Read a save file made by :meth:`to_json`; anything wrong in it raises :class:`SaveError`."""
        data = read_json_object(text)
        for field in ("format", "version", "game", "players", "seed", "options", "deal", "actions", "state",
                      "checksum"):
            if field not in data:
                raise SaveError("save.missing", field=field)
        if data["format"] != SAVE_FORMAT:
            raise SaveError("save.wrong_format", found=data["format"], expected=SAVE_FORMAT)
        if data["version"] != SAVE_VERSION or isinstance(data["version"], bool):
            raise SaveError("save.wrong_version", found=data["version"], expected=SAVE_VERSION)
        if data["game"] != cls.game_name:
            raise SaveError("save.wrong_game", found=data["game"], expected=cls.game_name)
        if not isinstance(data["options"], dict):
            raise SaveError("save.bad_field", field="options", detail="must be an object")
        if data["deal"] is not None and not isinstance(data["deal"], dict):
            raise SaveError("save.bad_field", field="deal", detail="must be an object or null")
        if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
            raise SaveError("save.bad_field", field="actions", detail="must be a list of action texts")
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in data["options"].items()}
        try:
            game = cls(data["players"], seed=data["seed"], deal=data["deal"], **options)
        except TowerError as exc:
            field = "deal" if isinstance(exc, InvalidDeal) else "players/seed/options"
            raise SaveError("save.bad_field", field=field, detail=str(exc)) from None
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            raise SaveError("save.bad_field", field="deal", detail=str(exc)) from None
        for index, text in enumerate(data["actions"], start=1):
            try:
                game.apply(text)
            except IllegalAction as exc:
                raise SaveError("save.bad_action", index=index, action=text, detail=str(exc)) from None
        replayed = game._snapshot()
        saved = data["state"]
        if not isinstance(saved, dict):
            raise SaveError("save.bad_field", field="state", detail="must be an object")
        for field in sorted(set(replayed) | set(saved)):
            if field not in saved:
                raise SaveError("save.missing", field=f"state.{field}")
            if saved[field] != replayed.get(field, None) or field not in replayed:
                raise SaveError("save.mismatch", field=f"state.{field}", saved=saved[field],
                                replayed=replayed.get(field))
        # Last, the checksum catches edits that replaying cannot see (an option, say).
        if data["checksum"] != _checksum({k: v for k, v in data.items() if k != "checksum"}):
            raise SaveError("save.checksum")
        return game

    # ----- helpers for subclasses -----------------------------------------------------------
    def _emit(self, kind: str, seat: int | None, **data: Any) -> None:
        self.events.append(_new_event(Event, (kind, seat, data)))

    def partial_view(self, seat: int, fields: Sequence[str]) -> dict[str, Any]:
        """Only the named ``fields`` of ``view(seat)``, for a bot that reads a few.

        This version builds the whole view (with its log only if asked for) and keeps those
        fields; an engine whose views are costly builds just the fields asked for (Abracada
        does). An unknown field is an error.
        """
        view = self.view(seat, log="log" in fields)       # type: ignore[call-arg]
        for name in fields:
            if name not in view:
                raise InvalidOption("error.bad_option", name="view field", value=name, allowed=" / ".join(view))
        return {name: view[name] for name in fields}

    def _check_seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("error.bad_seat", value=seat, last=self.players - 1, players=self.players)
        return seat

    def outcome(self) -> Outcome | None:  # pragma: no cover - every game overrides
        raise NotImplementedError


def _kind(value: Any) -> Any:
    """The shape of an action's value: its type, with every whole number (numpy's too) as ``int``.

    Two actions of the same kind and the same text are the same move; ``Cast("4")`` or
    ``Cast(True)`` are not of the kind of ``Cast(4)`` even where their text would pass.
    """
    if isinstance(value, bool) or value is None or isinstance(value, (str, bytes, float)):
        return type(value)
    if isinstance(value, numbers.Integral):
        return int
    if isinstance(value, tuple):
        return (tuple, tuple(sorted((repr(_kind(v)) for v in value))))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value), tuple(_kind(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return type(value)


def _describe(value: Any) -> str:
    """A short, safe description of a wrong-typed action for an error message."""
    try:
        text = repr(value)
    except Exception:
        text = "?"
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def read_json_object(text: str | bytes) -> dict[str, Any]:
    """The JSON object in a save file's text, or :class:`SaveError` saying why there is none."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise SaveError("save.not_json", detail=str(exc)) from None
    except RecursionError:                 # nested deeper than the parser's stack: no save is
        raise SaveError("save.not_json", detail="nested too deeply") from None
    if not isinstance(data, dict):
        raise SaveError("save.not_object", kind=type(data).__name__)
    return data


def _json_deal(deal: Any) -> dict[str, Any]:
    """A copy of ``deal`` as plain JSON (tuples become lists), or :class:`InvalidDeal` saying why not.

    The game's own ``_setup`` then checks every field; this only refuses what no game could
    read: a deal that is not an object, or holds values JSON cannot carry (NaN, sets, objects)
    or is nested deeper than the JSON parser goes.
    """
    if not isinstance(deal, Mapping):
        raise InvalidDeal("error.deal_not_object", kind=type(deal).__name__)
    try:
        return json.loads(json.dumps(deal, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise InvalidDeal("error.deal_not_json", detail=str(exc)) from None
    except RecursionError:
        raise InvalidDeal("error.deal_not_json", detail="nested too deeply") from None


def _checksum(data: Mapping[str, Any]) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
