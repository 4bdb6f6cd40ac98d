"""What the class-record tests share (a module of its own: every test folder has a ``conftest``)."""
from __future__ import annotations

import hashlib


class TeacherPage:
    """What :mod:`widgets.classroom` says about a page opened with the teacher link."""

    classroom = True
    space = None
    teacher = True


SPACES = [hashlib.md5(str(i).encode()).hexdigest() for i in range(200)]   # server-made spaces look like this
