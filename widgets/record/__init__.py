"""The class record (issue #21): what each student did, for the teacher's live class page.

* :mod:`.store` — the database (SQLAlchemy 2; SQLite in the saves folder, or PostgreSQL by URL),
  its migrations and its two doors: a student's own record, and the class for the teacher only.
* :mod:`.experiments` — class experiments: draws pooled into one tally beside the exact answer.
* :mod:`.hooks` — what student pages call: page opened, exercise attempts, games, draws.
* :mod:`.classpage` and :mod:`.render` — the teacher's page (``notebooks/teacher.ipynb``).

Nothing here is imported by the Voila server process or by ``towerlib``.
"""
from __future__ import annotations

from .experiments import Experiment, Tally
from .hooks import record_draws, track_page
from .store import AccessDenied, ClassRecord, RecordError, Store, StudentRecord

__all__ = ["AccessDenied", "ClassRecord", "Experiment", "RecordError", "Store", "StudentRecord", "Tally",
           "record_draws", "track_page"]

