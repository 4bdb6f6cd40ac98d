"""The Spell Runes board's autosave: the game, the student's seat and the bots, on the server.

A save holds the whole game, hidden cards and dice queue included (that is what makes it
loadable), so it stays in a folder on the machine that runs the kernel and never reaches the
browser; the page only gets a "Resume" button. The folder is ``<saves>/runes`` where
``<saves>`` is ``$SPELLTOWER_SAVES`` or ``~/.spelltower/saves`` unless the board is given one.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import towerlib.runes as runes
from towerlib.core import SaveError

from .setup import BOT_LEVELS

FORMAT = "spelltower-runes-board"
VERSION = 1


@dataclass
class RunesSave:
    """What resuming restores: the game, the student's seat and each other seat's bot."""

    game: runes.RunesGame
    seat: int
    bots: list[str | None]

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "seat": self.seat, "bots": self.bots,
                           "save": json.loads(self.game.to_json())}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "RunesSave":
        """Read a board save; anything wrong raises :class:`SaveError` (the engine checks the game)."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise SaveError("save.not_json", detail=str(exc)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise SaveError("save.wrong_format", found=str(data.get("format") if isinstance(data, dict) else data)[:40],
                            expected=FORMAT)
        game = runes.load(json.dumps(data.get("save")))
        seat, bots = data.get("seat"), data.get("bots")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise SaveError("save.bad_field", field="seat", detail=f"0 to {game.players - 1}")
        if (not isinstance(bots, list) or len(bots) != game.players
                or any((b is None) != (q == seat) or (b is not None and b not in BOT_LEVELS)
                       for q, b in enumerate(bots))):
            raise SaveError("save.bad_field", field="bots", detail=f"one of {', '.join(BOT_LEVELS)} per other seat")
        return cls(game, seat, bots)


def autosave_path(folder: str | os.PathLike[str] | None) -> Path:
    base = Path(folder).expanduser() if folder is not None else Path(
        os.environ.get("SPELLTOWER_SAVES") or "~/.spelltower/saves").expanduser()
    return base / "runes" / "autosave.json"


def write(path: Path, text: str) -> None:
    """Write atomically (a temporary file renamed over the old one): a crash leaves no half save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
