"""Server-side save files for every board.

A save holds the whole game, hidden stones, cards and dice included (that is what makes it
loadable), so it must never reach the player's browser: boards write saves into a folder on the
machine that runs the kernel and show only their *names*. The folder is ``$SPELLTOWER_SAVES``
or ``~/.spelltower/saves`` unless the board is given one.

On a classroom server (``scripts/serve``, see :mod:`widgets.classroom`) each student has a space
of their own inside it, and a board only ever sees its student's. The layout on disk, for a
teacher looking for a student's games::

    $SPELLTOWER_SAVES/                      (default ~/.spelltower/saves)
        autosave.json, <name>.json          Abracada saves of the single user (JupyterLab, Binder)
        runes/, amulett/, spellcaster/      the other games' saves, the same way: autosave.json and
                                            the named saves of each board's save panel
        .classroom-secret                   the server's key for student cookies (keep it private)
        students/<space>/                   one folder per browser that opened a page
            .student.json                   when the space was first and last used
            autosave.json, <name>.json      that student's Abracada saves
            runes/, amulett/, spellcaster/  that student's saves of the other games

``<space>`` is 32 hex digits that the server derives from the student's cookie (an HMAC, so the
folder name does not give the cookie away); ``.student.json`` says when each was last used.

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
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from towerlib.core import SaveError
from towerlib.core.game import read_json_object

from . import classroom

BOARD_FORMAT = "spelltower-board"
BOARD_VERSION = 1
_NAME = re.compile(r"^[\w][\w \-]{0,39}$")
STUDENTS = "students"          # <saves>/students/<space>/ on a classroom server


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


class NoSpace(OSError):
    """Saves are refused: a classroom page without a student space (a misconfigured server)."""


def student_folder(base: Path, space: str) -> Path:
    """A student's own folder under ``base``; ``space`` must be a server-made space name."""
    if not classroom.SPACE_PATTERN.match(space):
        raise ValueError("not a student space")
    return base / STUDENTS / space


class SaveFolder:
    """The folder of ``<name>.json`` saves (``sub`` picks a subfolder of the saves folder);
    names are checked, so no path can escape it.

    On a classroom server the folder is the student's own, found when it is first needed
    rather than when the board is built (a preheated kernel builds its board before anyone
    opens the page). Until the student is known, :meth:`names` is empty; reading or writing
    waits for the page's identity, and raises :class:`NoSpace` (an OSError, shown by boards
    like any failed save) if there is none.
    """

    def __init__(self, folder: str | os.PathLike[str] | None = None, sub: str | None = None) -> None:
        self._base = Path(folder).expanduser() if folder is not None else None
        self._sub = sub
        self._resolved: Path | None = None

    def _resolve(self, wait: bool) -> Path | None:
        if self._resolved is not None:
            return self._resolved
        base = self._base if self._base is not None else default_folder()
        if not classroom.in_classroom():
            folder = base
        else:
            page = classroom.current(wait=wait)
            if page is None:
                if wait:
                    raise NoSpace("the page's student is not known")
                return None
            if page.space is None:
                raise NoSpace("this page has no student space")
            folder = student_folder(base, page.space)
            _touch_student(folder)
        self._resolved = folder / self._sub if self._sub else folder
        return self._resolved

    @property
    def folder(self) -> Path:
        """The folder itself (waits for the student on a classroom server)."""
        folder = self._resolve(wait=True)
        assert folder is not None
        return folder

    def names(self) -> list[str]:
        try:
            folder = self._resolve(wait=False)
        except NoSpace:
            return []
        if folder is None or not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.json") if clean_name(p.stem) == p.stem)

    def path(self, name: str) -> Path:
        stem = clean_name(name)
        if stem is None:
            raise ValueError(f"not a save name: {name!r}")
        return self.folder / f"{stem}.json"

    def exists(self, name: str) -> bool:
        try:
            return clean_name(name) is not None and self.path(name).is_file()
        except NoSpace:
            return False

    def write(self, name: str, text: str) -> None:
        """Write atomically (a temporary file renamed over the old one), so a crash never
        leaves half a save behind."""
        target = self.path(name)
        _write_atomic(target, text)

    def read(self, name: str) -> str:
        """The text of the save called ``name`` (OSError if it is missing)."""
        return self.path(name).read_text(encoding="utf-8")


def _write_atomic(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _touch_student(folder: Path) -> None:
    """Record in ``.student.json`` (hidden from the list of saves: it starts with a dot) when a
    space was first and last used, for the teacher."""
    about = folder / ".student.json"
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    try:
        first = json.loads(about.read_text(encoding="utf-8")).get("first_used", now)
    except (OSError, ValueError, AttributeError):
        first = now
    try:
        _write_atomic(about, json.dumps({"first_used": first, "last_used": now}))
    except OSError:
        pass  # the saves themselves will report the problem
