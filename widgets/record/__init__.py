"""The class record (issue #21): what each student did, for the teacher's live class page.

* :mod:`.store` — the database (SQLAlchemy 2; SQLite in the saves folder, or PostgreSQL by URL),
  its migrations and its two doors: a student's own record, and the class for the teacher only.
* :mod:`.experiments` — class experiments: draws pooled into one tally beside the exact answer.
* :mod:`.hooks` — what student pages call: page opened, exercise attempts, games, draws.
* :mod:`.classpage` and :mod:`.render` — the teacher's page (``notebooks/teacher.ipynb``);
  :mod:`.download` its one-click CSV buttons.
* :mod:`.nickname` — the nickname card and "Change nickname"; :mod:`.sent` — a play page's offer
  of the position the teacher sent the class.

Nothing here is imported by the Voila server process or by ``towerlib``. The names below load
their modules on first use, so ``from widgets.record import hooks`` (every page does it) does not
load SQLAlchemy: a kernel pays for the database only once it writes (see :mod:`.hooks`).
"""
from __future__ import annotations

import importlib

_LAZY = {"AccessDenied": ".store", "ClassRecord": ".store", "RecordError": ".store", "Store": ".store",
         "StudentRecord": ".store", "Experiment": ".experiments", "Tally": ".experiments",
         "record_draws": ".hooks", "track_page": ".hooks"}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'widgets.record' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
