"""A server-side fault (a full disk, a read-only saves folder, a record that cannot be used) as a
student may read it: what happened, in their language, never a server path or a space id.

``str(OSError)`` names the file (``[Errno 28] No space left on device: '/srv/saves/students/
<space>/autosave.json'``), and a record's own message names the database file; both are for the
server's log and the teacher's class page, not for a student's screen. :func:`explain` turns
any such error into a :class:`ServerFault` whose message says only what the student can act on
(tell the teacher), so a board or an exercise can show it beside "your answer was checked".
"""
from __future__ import annotations

import errno
import os

from towerlib.core.errors import TowerError
from towerlib.core.i18n import register

MESSAGES = {
    "en": {
        "fault.disk_full": "the server's disk is full; tell your teacher",
        "fault.read_only": "the server may not write to its saves folder; tell your teacher",
        "fault.no_space": "the server gave this page no student space; tell your teacher",
        "fault.record": "the class record cannot be written just now; your teacher's class page says why",
        "fault.other": "the server could not write it ({reason}); tell your teacher",
        "fault.not_saved": "Your answer was checked but could not be saved: {reason}.",
    },
    "ru": {
        "fault.disk_full": "на диске сервера нет места; скажите учителю",
        "fault.read_only": "сервер не может писать в папку сохранений; скажите учителю",
        "fault.no_space": "сервер не выделил этой странице место ученика; скажите учителю",
        "fault.record": "журнал класса сейчас нельзя записать; причина видна на странице класса у учителя",
        "fault.other": "сервер не смог это записать ({reason}); скажите учителю",
        "fault.not_saved": "Ответ проверен, но сохранить его не удалось: {reason}.",
    },
}
register(MESSAGES)

FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
READ_ONLY = {errno.EACCES, errno.EPERM, errno.EROFS}
#: Words of SQLite's own messages for the same faults (sqlite3 raises them without an errno).
FULL_WORDS = ("disk is full", "database or disk is full")
READ_ONLY_WORDS = ("readonly database", "read-only file system")


class ServerFault(TowerError):
    """Something the server could not do; the message is safe to show a student."""


def explain(err: BaseException) -> TowerError:
    """``err`` (an OSError, a record's error, SQLite's) as a :class:`ServerFault` a student may
    read; an error meant for the student (``safe_for_student``, e.g. a refused nickname) as it is."""
    from .saves import NoSpace

    if isinstance(err, ServerFault) or (isinstance(err, TowerError) and getattr(err, "safe_for_student", False)):
        return err
    if isinstance(err, NoSpace):
        return ServerFault("fault.no_space")
    code = getattr(err, "errno", None)
    text = str(err).lower()
    if code in FULL or any(w in text for w in FULL_WORDS):
        return ServerFault("fault.disk_full")
    if code in READ_ONLY or any(w in text for w in READ_ONLY_WORDS):
        return ServerFault("fault.read_only")
    if isinstance(err, OSError):
        return ServerFault("fault.other", reason=os.strerror(code) if isinstance(code, int) else type(err).__name__)
    return ServerFault("fault.record")


def not_saved(err: BaseException, lang: str = "en") -> str:
    """"Your answer was checked but could not be saved: <why>." in ``lang``."""
    from towerlib.core.i18n import tr

    return tr("fault.not_saved", lang, reason=explain(err).message(lang))


__all__ = ["ServerFault", "explain", "not_saved"]
