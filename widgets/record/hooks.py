"""What student pages call to fill the class record; every call is safe anywhere.

On the classroom server (``scripts/serve``) each page knows its student's space
(:mod:`widgets.classroom`), and these functions write to that student's own record. Anywhere
else (JupyterLab, Binder, the test suite) there is no student, and they do nothing. A broken
record never breaks a lesson: failures are logged (logger ``spelltower.record``), and the future
of a write that failed (or of any write once the record could not be opened) holds the error,
so the page can say "checked but not saved" while the lesson goes on.
Writes go to one background thread per kernel, in order, so a click never waits for the
database. That thread also imports the database layer (:mod:`.store`, SQLAlchemy) on the first
write: a page that records nothing (outside a class, or a preheated kernel whose student is not
known yet) never loads it, and importing this module costs a kernel almost nothing.

A page opts in with one call, at its top::

    from widgets.record import hooks
    hooks.track_page()               # records the visit; reports presence while the page is open

The shared code records the rest, through these callbacks:

* exercises (:mod:`widgets.exercises`): ``exercise_attempt(exercise, answer, right)`` after a
  graded Check (the try number is counted by the store, across reloads); :func:`track_page`
  adds it to ``widgets.exercises.ATTEMPT_LISTENERS`` when that list exists;
* boards (:mod:`widgets.game_table`): ``game_over(game, seat)`` once a game has ended;
* lessons that simulate: :func:`record_draws` (see :mod:`widgets.record.experiments`), and
  :func:`draws_panel` for "your 40 rolls, the class's 1,200 rolls".
"""
from __future__ import annotations

import asyncio
import atexit
import logging
import os
import queue
import re
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .. import classroom
from .experiments import Experiment

if TYPE_CHECKING:             # the store (SQLAlchemy, ~20 MB a kernel) loads on the first write
    from .store import Store, StudentRecord

log = logging.getLogger("spelltower.record")
#: An open page reports its student's presence this often (the class page counts a student as
#: online for :data:`widgets.record.store.ONLINE_SECONDS`, three beats).
HEARTBEAT_SECONDS = 15.0
RENDER_PREFIX = "/voila/render/"          # Voila's SCRIPT_NAME for a page: <prefix><path in served folder>


class _Recorder:
    """The kernel's link to its student's record: one store, one writer thread."""

    def __init__(self) -> None:
        self.student: StudentRecord | None = None
        self.store: Store | None = None
        self.page: str | None = None
        self._space: str | None = None
        self._url: str | None = None
        self._started = False
        self._fault: Exception | None = None      # why the record could not be opened, once it failed
        self._known = threading.Event()
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._heartbeat: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Called with the page's identity and name once both are known (the nickname card).
        self.on_known: list[Callable[[classroom.Page, str], None]] = []

    # ----- the writer thread ---------------------------------------------------------------
    def submit(self, fn: Callable[[StudentRecord], Any]) -> Future:
        """Run ``fn(student)`` on the writer thread, after everything submitted before it; the
        result is None (and ``fn`` is not called) where there is no student."""
        future: Future = Future()
        if not self._started:               # the page never asked to be tracked
            future.set_result(None)
            return future
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="spelltower-record", daemon=True)
            self._thread.start()
        self._queue.put((fn, future))
        return future

    def _run(self) -> None:
        while True:
            fn, future = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                self._known.wait()
                me = self._open()
                if me is None and self._fault is not None:
                    future.set_exception(self._fault)       # logged once, when opening failed
                    continue
                future.set_result(fn(me) if me is not None else None)
            except Exception as err:        # the record must never break the page
                log.warning("class record: %s", err)
                future.set_exception(err)

    def _open(self) -> StudentRecord | None:
        if self.student is None and self._space and self._fault is None:
            from .store import RecordError, Store      # here, on the writer thread: see the module doc
            try:
                self.store = Store(self._url)
                self.student = self.store.student(self._space)
            except (RecordError, OSError) as err:
                log.warning("class record off for this page: %s", err)
                self._fault = err
        return self.student

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until everything submitted so far is written (tests, and the kernel's exit)."""
        if self._thread is not None:
            self.submit(lambda _student: None).exception(timeout)

    # ----- who this page is -----------------------------------------------------------------
    def start(self, page: str | None, store_url: str | None) -> None:
        if self._started:
            return
        self._started, self._url = True, store_url
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        classroom.when_known(lambda known: self._known_page(known, page))

    def _known_page(self, known: classroom.Page, page: str | None) -> None:
        self._space = known.space
        self.page = page or page_name()
        self._known.set()
        if self._space:
            self.submit(lambda me: me.page_opened(self.page))
            self._schedule_heartbeat()
            atexit.register(self._left)
        for listener in self.on_known:
            listener(known, self.page)

    def _schedule_heartbeat(self) -> None:
        if self._loop is None or self._loop.is_closed():
            return
        self._heartbeat = self._loop.call_later(HEARTBEAT_SECONDS, self._beat)

    def _beat(self) -> None:
        self.submit(lambda me: me.heartbeat(self.page))
        self._schedule_heartbeat()

    def _left(self) -> None:
        """The kernel is shutting down: the student has left this page."""
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        self.submit(lambda me: me.heartbeat(None))
        self.flush(5.0)


_recorder = _Recorder()


#: A page name the record keeps: a notebook's plain path in the served folder (no empty, ``.`` or
#: ``..`` part, no percent-encoding, nothing a spreadsheet would read as a formula).
PAGE_PATH = re.compile(r"^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*/)*[A-Za-z0-9_][A-Za-z0-9_.-]*\.ipynb$")
UNKNOWN_PAGE = "?"


def page_name() -> str:
    """The page this kernel serves, as a path in the served folder, or ``"?"``.

    Voila hands the kernel the request's raw path (``SCRIPT_NAME``), not the notebook it found:
    a made-up URL that still reaches a notebook (``/voila/render/=HYPERLINK(…)/../abracada/play.ipynb``,
    percent-encoded letters) would put the student's text in the record and the teacher's CSV. So
    the name is kept only if it is a plain notebook path naming the notebook this kernel runs
    (:func:`is_served`)."""
    script = os.environ.get("SCRIPT_NAME", "")
    page = script.split(RENDER_PREFIX, 1)[1] if RENDER_PREFIX in script else script.lstrip("/")
    return page if is_served(page) else UNKNOWN_PAGE


def is_served(page: str, folder: Path | None = None) -> bool:
    """Whether ``page`` is a plain notebook path (:data:`PAGE_PATH`) of a file in ``folder`` (the
    kernel's working folder, which Voila makes the notebook's own) whose folders are the last ones
    of ``folder``'s path."""
    if not PAGE_PATH.match(page):
        return False
    folder = Path.cwd() if folder is None else folder
    *parents, name = page.split("/")
    if not (folder / name).is_file():
        return False
    return not parents or list(folder.parts[-len(parents):]) == parents


def track_page(page: str | None = None, store_url: str | None = None) -> None:
    """Record that the student opened this page (``page`` defaults to its path), keep their
    presence fresh while it is open, and listen to the page's exercises (through
    ``widgets.exercises.ATTEMPT_LISTENERS`` where that hook exists). Nothing is recorded where
    there is no student. On the classroom server the page also asks a student without a
    nickname for one, over everything else (:mod:`widgets.record.nickname`), and says "Reload to
    resume" if it loses its kernel (:mod:`widgets.connection`)."""
    if os.environ.get(classroom.CLASSROOM_ENV) == "1" and not _recorder.on_known:
        from . import nickname
        if nickname.show():
            _recorder.on_known.append(nickname.ask)
        from .. import connection
        connection.show(page or page_name(), nickname.page_language(page or page_name()))
    _recorder.start(page, store_url)
    from .. import exercises

    listeners = getattr(exercises, "ATTEMPT_LISTENERS", None)
    if listeners is not None and exercise_attempt not in listeners:
        listeners.append(exercise_attempt)


def student() -> StudentRecord | None:
    """This page's student's own record, once known (None where there is no student)."""
    return _recorder.student


def submit(fn: Callable[[StudentRecord], Any]) -> Future:
    """Run ``fn(student_record)`` on the record's writer thread; the future's result is None
    where there is no student."""
    return _recorder.submit(fn)


def flush(timeout: float = 30.0) -> None:
    _recorder.flush(timeout)


def exercise_attempt(exercise: Any, answer: Any, right: bool) -> Future:
    """Callback for :mod:`widgets.exercises`: a graded Check of ``exercise`` (uses its ``number``
    and ``prompt``) with what the student typed and whether it was right. The future fails if
    the attempt could not be written."""
    page = _recorder.page or page_name()
    return submit(lambda me: me.attempt(page, str(getattr(exercise, "number", "?")),
                                        str(getattr(exercise, "prompt", "")), str(answer), bool(right)))


def game_finished(game: str, result: str, length: int) -> Future:
    """Record a finished game; the future fails if it could not be written."""
    return submit(lambda me: me.game_played(game, result, length))


def game_over(game: Any, seat: int) -> Future | None:
    """Callback for the boards: ``game`` (a finished ``towerlib`` game) ended; the student
    played ``seat``. Records the game's name, "won"/"shared win"/"lost" with the student's score,
    and its length in actions; returns the write's future (None for a game with no outcome)."""
    outcome = game.outcome()
    if outcome is None:
        return None
    if seat in outcome.winners:
        verdict = "won" if len(outcome.winners) == 1 else "shared win"
    else:
        verdict = "lost"
    score = outcome.scores[seat] if seat < len(outcome.scores) else ""
    return game_finished(getattr(game, "game_name", type(game).__name__), f"{verdict} {score}".strip(),
                         len(game.history))


def record_draws(experiment: Experiment, values: Iterable[object]) -> int:
    """Send a batch of draws to the class tally of ``experiment``; returns how many there were
    (where there is no student, they go nowhere). Values are checked here, so a bad draw raises at once
    (:class:`towerlib.core.errors.InvalidOption`) instead of in the writer thread."""
    counts = experiment.counts(values)
    total = sum(counts.values())
    if total:
        batch = [v for v, c in counts.items() for _ in range(c)]
        submit(lambda me: me.record_draws(experiment, batch))
    return total


def tallies(experiment: Experiment) -> Future:
    """A future of ``(mine, the class's)`` :class:`Tally` of ``experiment`` (None without a student)."""
    return submit(lambda me: me.draws(experiment))


__all__ = ["exercise_attempt", "flush", "game_finished", "game_over", "page_name", "record_draws", "student",
           "submit", "tallies", "track_page"]
