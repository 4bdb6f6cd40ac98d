"""The event log: everything that happens in a game, in order.

Every cast, roll, life change, draw and score is one :class:`Event`. Boards narrate and
animate from events, lessons count them, and each game decides per event kind what a seat
may see of it (see each game's ``views`` module).
"""
from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened: ``kind`` (e.g. ``"cast"``), the acting ``seat`` and details."""

    kind: str
    seat: int | None
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}
