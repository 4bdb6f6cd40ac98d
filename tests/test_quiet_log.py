"""The classroom server's log keeps quiet about two harmless warnings and nothing else
(widgets/quiet_log.py; on a real server: tests/browser/test_serve_room.py)."""
from __future__ import annotations

import logging

from widgets.quiet_log import UNTRUSTED, HarmlessWarningFilter

PING = ("The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000)."
        "\nSetting websocket_ping_timeout=30000")


def _record(msg: str, *args, level: int = logging.WARNING) -> logging.LogRecord:
    return logging.LogRecord("Voila", level, __file__, 1, msg, args, None)


def test_only_the_two_harmless_warnings_are_dropped():
    keep = HarmlessWarningFilter().filter
    assert not keep(_record(UNTRUSTED, "abracada/01_meet_the_tower.ipynb"))
    assert not keep(_record(PING))
    assert keep(_record("Signature store for notebook %s is corrupted or unavailable; recreating the store.", "x"))
    assert keep(_record("Notebook %s is not trusted!", "x"))          # another message, however alike
    assert keep(_record("Notebook abracada/play.ipynb is not trusted"))   # already formatted: not jupyter_server's
    assert keep(_record("The websocket_ping_timeout (90000) is odd"))
    assert keep(_record("Kernel %s died", "k", level=logging.ERROR))
    assert keep(_record(ValueError("not a string message")))
