"""Bots for any game: a bot sees only a seat's view and returns an action with its reason.

A bot never touches the game: ``play(game, bots)`` hands each one ``game.view(seat, log=False)``
(the seat's view without the event log, which bots do not need) and applies what it chose
through the ordinary ``apply``, so a bot cannot cheat and cannot make an illegal move unnoticed.
A bot that reads only a few fields of the view lists them as ``view_fields`` and is handed just
those (``game.partial_view``): still only what its seat may see, and much cheaper to build.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence

from .i18n import Msg


class Choice(NamedTuple):
    """What a bot decided (an action or its text) and one sentence saying why.

    Immutable, and a named tuple rather than a frozen dataclass: bots make one per action, and
    a tuple is made in half the time (issue #14.3).
    """

    action: Any
    reason: Msg


class Bot(Protocol):
    name: str
    # Optionally, ``view_fields``: the names of the view fields ``choose`` reads (see play).

    def choose(self, view: Mapping[str, Any]) -> Choice: ...


def play(game: Any, bots: Sequence[Bot] | Mapping[int, Bot], max_actions: int = 1_000_000,
         on_choice: Callable[[int, Choice], None] | None = None) -> Any:
    """Let ``bots`` (one per seat) play ``game`` to its end; returns ``game.outcome()``."""
    for _ in range(max_actions):
        seat = game.current_player
        if seat is None:
            return game.outcome()
        bot = bots[seat]
        fields = getattr(bot, "view_fields", None)
        choice = bot.choose(game.view(seat, log=False) if fields is None else game.partial_view(seat, fields))
        if on_choice is not None:
            on_choice(seat, choice)
        game.apply(choice.action)
    raise RuntimeError(f"game not finished after {max_actions} actions")
