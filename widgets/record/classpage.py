"""The teacher's live class page (``notebooks/teacher.ipynb``): the address students join at (with a
QR code, when the server serves the room's network), who is online and where, how each exercise
went, each student's progress and one student's answers in detail (where they are stuck), the
class experiments beside their exact answers, one of them large for the projector (with a Reset
that starts a new round), a position sent to every student's board; with a hide-names switch for
projecting, the event log and the per-student summary as CSV (one click each) and "start a new
class".

It opens only for a page the classroom server marked as opened with the teacher link
(:mod:`widgets.classroom`); any other page gets one line saying so, and the store is never even
opened. The page keeps itself current: every :data:`POLL_SECONDS` it asks the store (in a
worker thread, so the page stays responsive) whether anything changed, and re-renders only the
sections whose HTML changed, so a student's answer shows within about that time, without reload.

    from widgets.record.classpage import class_page
    class_page()            # the notebook's one cell
"""
from __future__ import annotations

import asyncio
import html
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import ipywidgets as ipw
from towerlib.core.i18n import LANGUAGES, tr
from towerlib.registry import game_module, game_names

from .. import classroom
from .. import messages as _game_names  # noqa: F401  (registers the games' names, "gallery.game.<game>")
from . import join, render
from .download import DownloadButton
from .store import ClassRecord, RecordError, Store

log = logging.getLogger("spelltower.record")
POLL_SECONDS = 1.0                 # how often the page asks the store what changed (target: 2 s)
WRITE_CHECK_SECONDS = 5.0          # how often it checks that the record still takes writes
IDLE_SECONDS = 3600.0              # "Hide students not seen for an hour"
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
NO_STUDENT = -1                    # the drill-down's "pick a student" entry


class ClassPage(ipw.VBox):
    """The class page's widgets over one teacher's :class:`ClassRecord`."""

    def __init__(self, record: ClassRecord, lang: str = "en", poll: float | None = POLL_SECONDS,
                 student_urls: list[str] | None = None) -> None:
        self.record = record
        self.student_urls = join.student_urls() if student_urls is None else student_urls
        self.lang = lang if lang in LANGUAGES else "en"
        self._version: Any = None
        self._data: dict[str, Any] = {}
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="spelltower-class-page")
        self._task: asyncio.Task | None = None
        self._write_fault: RecordError | None = None    # why the record takes no writes, if it does not
        self._write_checked = 0.0

        self.title = ipw.HTML()
        self.join_box = ipw.HTML()
        self.join_box.add_class("st-section-join")
        self.language = ipw.ToggleButtons(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=self.lang)
        self.hide = ipw.Checkbox(value=False, indent=False)
        self.hide.add_class("st-hide-names")
        self.hide_idle = ipw.Checkbox(value=False, indent=False)
        self.hide_idle.add_class("st-hide-idle")
        self.status = ipw.HTML()
        self.export_events = DownloadButton(self._events_file)
        self.export_events.add_class("st-export")
        self.export_summary = DownloadButton(self._summary_file)
        self.export_summary.add_class("st-export-summary")
        self._build_projector()
        self._build_drill()
        self._build_send()
        self.new_class = ipw.Button(button_style="warning")
        self.new_class.add_class("st-new-class")
        self.confirm_text = ipw.HTML()
        self.yes = ipw.Button(button_style="danger")
        self.yes.add_class("st-new-class-yes")
        self.cancel = ipw.Button()
        self.confirm = ipw.HBox([self.confirm_text, self.yes, self.cancel], layout=ipw.Layout(display="none"))
        self.message = ipw.HTML()
        self.sections = {name: ipw.HTML() for name in ("online", "exercises", "progress", "experiments")}
        for name, widget in self.sections.items():
            widget.add_class(f"st-section-{name}")

        self.language.observe(lambda change: self._relanguage(change["new"]), names="value")
        self.hide.observe(lambda _change: self._render(), names="value")
        self.hide_idle.observe(lambda _change: self._render(), names="value")
        self.new_class.on_click(lambda _b: self._ask_new_class())
        self.cancel.on_click(lambda _b: self._close_confirm())
        self.yes.on_click(lambda _b: self._start_new_class())
        super().__init__([ipw.HTML(render.STYLE), self.title, self.join_box,
                          ipw.HBox([self.language, self.hide, self.hide_idle]), self.status,
                          self.sections["online"], self.sections["exercises"], self.sections["progress"],
                          self.drill, self.sections["experiments"], self.project_bar, self.send_box,
                          ipw.HBox([self.export_events, self.export_summary]), ipw.HBox([self.new_class]),
                          self.confirm, self.message])
        self._page_children = self.children     # the page without the projector view
        self.add_class("st-class")
        self._relabel()
        self.refresh()
        if poll:
            self.start_polling(poll)

    def _build_projector(self) -> None:
        """"Show large": one experiment in place of the whole page, for the projector, with its Reset."""
        self._projected: str | None = None
        self.project_pick = ipw.Dropdown(options=[], layout=ipw.Layout(width="auto"))
        self.project_pick.add_class("st-project-pick")
        self.project = ipw.Button(icon="expand", button_style="info")
        self.project.add_class("st-project")
        self.project.on_click(lambda _b: self.show_projector(self.project_pick.value))
        self.project_bar = ipw.HBox([self.project_pick, self.project], layout=ipw.Layout(display="none"))
        self.projector_view = ipw.HTML()
        self.projector_view.add_class("st-projector-view")
        self.reset = ipw.Button(icon="refresh", button_style="warning")
        self.reset.add_class("st-reset")
        self.reset.on_click(lambda _b: self._reset())
        self.close_projector = ipw.Button(icon="times")
        self.close_projector.add_class("st-projector-close")
        self.close_projector.on_click(lambda _b: self.hide_projector())
        self.projector_note = ipw.HTML()
        self.projector = ipw.VBox([ipw.HTML(render.PROJECTOR_STYLE), ipw.HBox([self.reset, self.close_projector,
                                                                              self.projector_note]),
                                   self.projector_view], layout=ipw.Layout(display="none"))
        self.projector.add_class("st-projector")

    def _build_drill(self) -> None:
        """One student's answers: pick a student, see each exercise and where they are stuck."""
        self.drill_title = ipw.HTML()
        self.drill_pick = ipw.Dropdown(options=[("—", NO_STUDENT)], value=NO_STUDENT,
                                       layout=ipw.Layout(width="auto"))
        self.drill_pick.add_class("st-drill-pick")
        self.drill_pick.observe(lambda _c: self._drill_changed(), names="value")
        self.drill_view = ipw.HTML()
        self.drill_view.add_class("st-drill-view")
        self.drill = ipw.VBox([self.drill_title, self.drill_pick, self.drill_view])
        self.drill.add_class("st-section-drill")

    def _build_send(self) -> None:
        """"Send a position to the class": a game, its player count and a seed."""
        self.send_title = ipw.HTML()
        self.send_game = ipw.Dropdown(options=[(g, g) for g in game_names()], layout=ipw.Layout(width="auto"))
        self.send_game.add_class("st-send-game")
        self.send_players = ipw.Dropdown(options=[], layout=ipw.Layout(width="auto"))
        self.send_players.add_class("st-send-players")
        self.send_seed = ipw.Text(layout=ipw.Layout(width="16em"))
        self.send_seed.add_class("st-send-seed")
        self.send_go = ipw.Button(icon="paper-plane", button_style="primary")
        self.send_go.add_class("st-send-go")
        self.send_stop = ipw.Button()
        self.send_stop.add_class("st-send-stop")
        self.send_status = ipw.HTML()
        self.send_status.add_class("st-send-status")
        self.send_game.observe(lambda _c: self._players_for_game(), names="value")
        self.send_go.on_click(lambda _b: self._send_position())
        self.send_stop.on_click(lambda _b: self._withdraw())
        self._players_for_game()
        self.send_box = ipw.VBox([self.send_title, ipw.HBox([self.send_game, self.send_players, self.send_seed,
                                                             self.send_go, self.send_stop]), self.send_status])
        self.send_box.add_class("st-section-send")

    # ----- data -----------------------------------------------------------------------------
    def _check_writes(self, force: bool = False) -> None:
        """Every :data:`WRITE_CHECK_SECONDS`, whether the record still takes a write (students'
        pages cannot tell the teacher themselves when the disk is full or the folder read-only)."""
        now = time.monotonic()
        if not force and now - self._write_checked < WRITE_CHECK_SECONDS:
            return
        self._write_checked = now
        try:
            self.record.check_writable()
        except RecordError as err:
            if self._write_fault is None:
                log.warning("class record takes no writes: %s", err)
            self._write_fault = err
        else:
            self._write_fault = None

    def _fetch(self, force: bool = False) -> dict[str, Any] | None:
        """The record's current data, or None if nothing changed since the last fetch."""
        self._check_writes(force)
        version = self.record.version()
        if not force and version == self._version:
            return None
        key = self.drill_pick.value
        data = {"progress": self.record.progress(), "exercises": self.record.exercises(),
                "experiments": self.record.experiments(), "sent": self.record.sent_position(),
                "detail": self.record.student_detail(key) if key != NO_STUDENT else None, "at": time.time()}
        self._version = version
        return data

    def refresh(self, force: bool = True) -> None:
        """Fetch and re-render now (in the caller's thread)."""
        try:
            data = self._fetch(force)
        except RecordError as err:
            self.status.value = f'<span class="st-error">{html.escape(err.message(self.lang))}</span>'
            return
        if data is not None:
            self._data = data
        self._render()

    def start_polling(self, seconds: float = POLL_SECONDS) -> None:
        """Poll the store every ``seconds`` on the kernel's event loop (no-op without one)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._poll(seconds))

    async def _poll(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(seconds)
            try:
                data = await loop.run_in_executor(self._pool, self._fetch)
            except RecordError as err:
                self.status.value = f'<span class="st-error">{html.escape(err.message(self.lang))}</span>'
                continue
            except Exception:           # keep polling whatever happens; the log says what
                log.exception("class page refresh failed")
                continue
            if data is not None:
                self._data = data
                self._render()
            else:
                if self.hide_idle.value:        # a student may have passed the hour since
                    self._render()
                self._show_status(render.updated(self.lang))

    def _show_status(self, updated: str) -> None:
        """"Updated hh:mm:ss", unless the record takes no writes: then that, in the record's words."""
        if self._write_fault is not None:
            text = tr("record.page.not_writing", self.lang, error=self._write_fault.message(self.lang))
            self.status.value = f'<span class="st-error st-not-writing">{html.escape(text)}</span>'
        else:
            self.status.value = updated

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._pool.shutdown(wait=False)

    # ----- rendering ------------------------------------------------------------------------
    def _relanguage(self, lang: str) -> None:
        self.lang = lang
        self._relabel()
        self._render()

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = (f"<h2>{html.escape(tr('record.page.title', lang))}</h2>"
                            f"<p>{html.escape(tr('record.page.intro', lang))}</p>")
        self.join_box.value = join.join_html(self.student_urls, lang)
        self.hide.description = tr("record.page.hide_names", lang)
        self.hide_idle.description = tr("record.page.hide_idle", lang)
        self.export_events.label = tr("record.page.export_events", lang)
        self.export_summary.label = tr("record.page.export_summary", lang)
        self.project.description = tr("record.page.project", lang)
        self.project_pick.description = tr("record.page.project_pick", lang)
        self.reset.description = tr("record.page.reset", lang)
        self.close_projector.description = tr("record.page.projector_close", lang)
        self.drill_title.value = f"<h3>{html.escape(tr('record.page.drill', lang))}</h3>"
        self.drill_pick.description = tr("record.page.drill_pick", lang)
        self.send_title.value = (f"<h3>{html.escape(tr('record.page.send', lang))}</h3>"
                                 f'<p class="st-muted">{html.escape(tr("record.page.send_note", lang))}</p>')
        _relist(self.send_game, [(tr(f"gallery.game.{g}", lang), g) for g in game_names()])
        self.send_players.description = tr("record.page.send_players", lang)
        self.send_game.description = tr("record.page.send_game", lang)
        self.send_seed.description = tr("record.page.send_seed", lang)
        self.send_go.description = tr("record.page.send_go", lang)
        self.send_stop.description = tr("record.page.send_stop", lang)
        self.new_class.description = tr("record.page.new_class", lang)
        self.yes.description = tr("record.page.yes", lang)
        self.cancel.description = tr("record.page.cancel", lang)

    def _render(self) -> None:
        if not self._data:
            return
        lang, progress = self.lang, self._data["progress"]
        names = render.names_for(progress, self.hide.value, lang)
        if self.hide_idle.value:
            progress = render.recent(progress, time.time(), IDLE_SECONDS)
        html_of = {"online": render.online(progress, names, lang),
                   "exercises": render.exercises(self._data["exercises"], lang),
                   "progress": render.progress(progress, names, lang),
                   "experiments": render.experiments(self._data["experiments"], lang)}
        for name, value in html_of.items():
            if self.sections[name].value != value:
                self.sections[name].value = value
        tallies = self._data["experiments"]
        _relist(self.project_pick, [(render.experiment_title(t.experiment.name, lang), t.experiment.name)
                                    for t in tallies])
        self.project_bar.layout.display = None if tallies else "none"
        _relist(self.drill_pick, [(tr("record.page.drill_none", lang), NO_STUDENT)]
                + [(names[p.key], p.key) for p in progress])
        detail = self._data.get("detail")
        self.drill_view.value = render.student_detail(detail, lang) if detail is not None and \
            detail.key == self.drill_pick.value else ""
        self._render_projector()
        sent = self._data.get("sent")
        self.send_status.value = render.sent(sent, lang)
        self.send_stop.disabled = sent is None
        self._show_status(render.updated(lang, self._data["at"]))

    def _render_projector(self) -> None:
        if self._projected is None:
            return
        tally = next((t for t in self._data.get("experiments", []) if t.experiment.name == self._projected), None)
        value = render.projector(tally, self.lang) if tally is not None else ""
        if self.projector_view.value != value:
            self.projector_view.value = value

    # ----- actions ----------------------------------------------------------------------------
    def _events_file(self) -> tuple[str, str]:
        return time.strftime("class-events-%Y%m%d-%H%M.csv", time.gmtime()), self.record.csv(self.lang)

    def _summary_file(self) -> tuple[str, str]:
        return time.strftime("class-summary-%Y%m%d-%H%M.csv", time.gmtime()), self.record.summary_csv(self.lang)

    def show_projector(self, name: str | None) -> None:
        """Show the experiment ``name`` over the whole page, large, until Close."""
        if name is None:
            return
        self._projected = name
        self.projector_note.value = ""
        self._render_projector()
        self.projector.layout.display = None
        self.children = (self._page_children[0], self.projector)     # the page becomes the projector view

    def hide_projector(self) -> None:
        self._projected = None
        self.projector.layout.display = "none"
        self.children = self._page_children

    def _reset(self) -> None:
        """A new round of the projected experiment for the class; the record keeps every draw."""
        if self._projected is None:
            return
        try:
            self.record.reset_experiment(self._projected)
        except RecordError as err:
            self.projector_note.value = f'<span class="st-error">{html.escape(err.message(self.lang))}</span>'
            return
        self.projector_note.value = html.escape(tr("record.page.round_reset", self.lang))
        self.refresh()

    def _drill_changed(self) -> None:
        if self.drill_pick.value == NO_STUDENT:
            self.drill_view.value = ""
            return
        self.refresh()

    def _players_for_game(self) -> None:
        counts = list(game_module(self.send_game.value).PLAYERS)
        _relist(self.send_players, [(str(n), n) for n in counts])

    def _send_position(self) -> None:
        """Send the chosen game, player count and seed to every student's board of that game."""
        from towerlib.core.rng import MAX_SEED

        text = self.send_seed.value.strip()
        if not text.isdigit() or int(text) > MAX_SEED:
            self.send_status.value = (f'<span class="st-error">'
                                      f'{html.escape(tr("record.page.send_bad_seed", self.lang, max=MAX_SEED))}</span>')
            return
        try:
            self.record.send_position(self.send_game.value, self.send_players.value, int(text))
        except RecordError as err:
            self.send_status.value = f'<span class="st-error">{html.escape(err.message(self.lang))}</span>'
            return
        self.refresh()

    def _withdraw(self) -> None:
        self.record.withdraw_position()
        self.refresh()

    def _ask_new_class(self) -> None:
        counts = self.record.counts()
        self.confirm_text.value = html.escape(tr("record.page.confirm", self.lang, students=counts["students"],
                                                 attempts=counts["attempt"], games=counts["game_played"]))
        self.confirm.layout.display = None
        self.message.value = ""

    def _close_confirm(self) -> None:
        self.confirm.layout.display = "none"

    def _start_new_class(self) -> None:
        self.record.new_class()
        self._close_confirm()
        self.message.value = f'<span class="st-archived">{html.escape(tr("record.page.archived", self.lang))}</span>'
        self.refresh()


def _relist(dropdown: ipw.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give ``dropdown`` these ``(label, value)`` options, keeping its value if it is still one
    (setting options alone would select the first) and sending nothing when nothing changed."""
    if list(dropdown.options) == options:
        return
    value = dropdown.value
    values = [v for _, v in options]
    dropdown.options = options
    wanted = value if value in values else (values[0] if values else None)
    if dropdown.value != wanted:
        dropdown.value = wanted


def class_page(lang: str | None = None, store_url: str | None = None, poll: float | None = POLL_SECONDS):
    """The class page for this kernel's page: the live page if it was opened with the teacher
    link, otherwise only a line saying it needs that link (nothing of the record is read). Its
    language is ``lang``, else the link's (``teacher.ipynb?lang=ru``), else the server's
    ``SPELLTOWER_LANG``."""
    from urllib.parse import parse_qs

    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [""])[0]
    lang = lang or (asked if asked in LANGUAGES else os.environ.get("SPELLTOWER_LANG", "en"))
    lang = lang if lang in LANGUAGES else "en"
    page = classroom.current(wait=True)
    if page is None or page.teacher is not True:
        denied = ipw.HTML(f'<p class="st-denied">{html.escape(tr("record.page.denied", lang))}</p>')
        denied.add_class("st-class-denied")
        return denied
    try:
        store = Store(store_url)
        return ClassPage(store.teacher(page), lang, poll)
    except RecordError as err:
        return ipw.HTML(f'<p class="st-error">{html.escape(tr("record.page.unavailable", lang, error=err.message(lang)))}</p>')
