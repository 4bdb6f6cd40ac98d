"""Server-side save files for every board.

A save holds the whole game, hidden stones, cards and dice included (that is what makes it
loadable), so it must never reach the player's browser: boards write saves into a folder on the
machine that runs the kernel and show only their *names*. The folder is ``$SPELLTOWER_SAVES``
or ``~/.spelltower/saves`` unless the board is given one.

A board save wraps the engine's save file (``game.to_json()``) with the board's settings, so
that loading restores who plays which seat::

    {"format": "spelltower-board", "version": 1, "game": "abracada",
     "seat": 0, "bots": [null, "ev", "ev", "ev"], "save": {...engine save...}}

A bare engine save (for example from the command line) loads too, with the student at seat 0.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from towerlib.core import SaveError
from towerlib.core.game import read_json_object

BOARD_FORMAT = "spelltower-board"
BOARD_VERSION = 1
_NAME = re.compile(r"^[\w][\w \-]{0,39}$")


@dataclass
class BoardSave:
    """What a board save restores: the game, the student's seat and each seat's bot level."""

    game: Any
    seat: int
    bots: list[str | None]

    def to_json(self) -> str:
        return json.dumps({"format": BOARD_FORMAT, "version": BOARD_VERSION, "game": self.game.game_name,
                           "seat": self.seat, "bots": self.bots, "save": json.loads(self.game.to_json())},
                          ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes, load: Callable[[str | bytes], Any], levels: Sequence[str],
                  default_level: str) -> "BoardSave":
        """Read a board save (or a bare engine save) with the engine's ``load``; the bot levels
        must be among ``levels``. Anything wrong raises :class:`SaveError`."""
        data = read_json_object(text)
        if data.get("format") != BOARD_FORMAT:
            game = load(text)
            return cls(game, 0, [None if q == 0 else default_level for q in range(game.players)])
        if data.get("version") != BOARD_VERSION:
            raise SaveError("save.wrong_version", found=data.get("version"), expected=BOARD_VERSION)
        game = load(json.dumps(data.get("save")))
        seat, bots = data.get("seat"), data.get("bots")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise SaveError("save.bad_field", field="seat", detail=f"0 to {game.players - 1}")
        if (not isinstance(bots, list) or len(bots) != game.players
                or any((b is not None) == (q == seat) or (b is not None and b not in levels)
                       for q, b in enumerate(bots))):
            raise SaveError("save.bad_field", field="bots", detail=f"one of {', '.join(levels)} per other seat")
        return cls(game, seat, bots)


def default_folder() -> Path:
    return Path(os.environ.get("SPELLTOWER_SAVES") or "~/.spelltower/saves").expanduser()


def clean_name(name: object) -> str | None:
    """``name`` if it is a safe file stem (letters, digits, spaces, '-', '_'), else None."""
    if not isinstance(name, str):
        return None
    name = name.strip()
    return name if _NAME.match(name) else None


class SaveFolder:
    """The folder of ``<name>.json`` saves (``sub`` picks a subfolder of the saves folder);
    names are checked, so no path can escape it."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, sub: str | None = None) -> None:
        base = Path(folder).expanduser() if folder is not None else default_folder()
        self.folder = base / sub if sub else base

    def names(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.json") if clean_name(p.stem) == p.stem)

    def path(self, name: str) -> Path:
        stem = clean_name(name)
        if stem is None:
            raise ValueError(f"not a save name: {name!r}")
        return self.folder / f"{stem}.json"

    def exists(self, name: str) -> bool:
        return clean_name(name) is not None and self.path(name).is_file()

    def write(self, name: str, text: str) -> None:
        """Write atomically (a temporary file renamed over the old one), so a crash never
        leaves half a save behind."""
        target = self.path(name)
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def read(self, name: str) -> str:
        """The text of the save called ``name`` (OSError if it is missing)."""
        return self.path(name).read_text(encoding="utf-8")
