"""Abracada actions: declare a spell, end the turn, or start the next round.

Actions are small immutable values; ``str(action)`` is their text form and
:func:`parse_action` reads it back (``"cast 3"``, ``"end"``, ``"next round"``).
"""
from __future__ import annotations

from dataclasses import dataclass

from .rules import SPELLS


@dataclass(frozen=True, slots=True)
class Cast:
    """Declare spell ``value`` (1 = Ancient Dragon ... 8 = Magic Drink)."""

    value: int

    def __str__(self) -> str:
        return f"cast {self.value}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop casting after at least one success (then refill the hand)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round once a round has been scored."""

    def __str__(self) -> str:
        return "next round"


CAST = {v: Cast(v) for v in SPELLS}
END = EndTurn()
NEXT_ROUND = NextRound()
Action = Cast | EndTurn | NextRound

_TEXTS = {str(a): a for a in (*CAST.values(), END, NEXT_ROUND)}
_TEXTS.update({"next": NEXT_ROUND, "end turn": END})


def parse_action(text: str) -> Action | None:
    """The action written as ``text`` (``"cast 3"``, ``"end"``, ``"next round"``), or None."""
    action = _TEXTS.get(text)
    return action if action is not None else _TEXTS.get(" ".join(text.lower().split()))
