"""The teacher's live class page (``notebooks/teacher.ipynb``): the address students join at (with a
QR code, when the server serves the room's network), who is online and where, how each exercise
went, each student's progress, the class experiments beside their exact answers; with a
hide-names switch for projecting, CSV export and "start a new class".

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
import base64
import html
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import ipywidgets as ipw
from towerlib.core.i18n import LANGUAGES, tr

from .. import classroom
from . import join, render
from .store import ClassRecord, RecordError, Store

log = logging.getLogger("spelltower.record")
POLL_SECONDS = 1.0                 # how often the page asks the store what changed (target: 2 s)
WRITE_CHECK_SECONDS = 5.0          # how often it checks that the record still takes writes
IDLE_SECONDS = 3600.0              # "Hide students not seen for an hour"
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}


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
        self.export = ipw.Button(icon="download")
        self.export.add_class("st-export")
        self.download = ipw.HTML()
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
        self.export.on_click(lambda _b: self._export())
        self.new_class.on_click(lambda _b: self._ask_new_class())
        self.cancel.on_click(lambda _b: self._close_confirm())
        self.yes.on_click(lambda _b: self._start_new_class())
        super().__init__([ipw.HTML(render.STYLE), self.title, self.join_box, ipw.HBox([self.language, self.hide, self.hide_idle]), self.status,
                          self.sections["online"], self.sections["exercises"], self.sections["progress"],
                          self.sections["experiments"],
                          ipw.HBox([self.export, self.download]), ipw.HBox([self.new_class]), self.confirm,
                          self.message])
        self.add_class("st-class")
        self._relabel()
        self.refresh()
        if poll:
            self.start_polling(poll)

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
        data = {"progress": self.record.progress(), "exercises": self.record.exercises(),
                "experiments": self.record.experiments(), "at": time.time()}
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
        self.export.description = tr("record.page.export", lang)
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
        self._show_status(render.updated(lang, self._data["at"]))

    # ----- actions ----------------------------------------------------------------------------
    def _export(self) -> None:
        text = self.record.csv()
        name = time.strftime("class-%Y%m%d-%H%M.csv", time.gmtime())
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (f'<a class="st-download" download="{name}" '
                               f'href="data:text/csv;charset=utf-8;base64,{payload}">'
                               f'{html.escape(tr("record.page.download", self.lang, file=name))}</a>')

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
        self.download.value = ""
        self.message.value = f'<span class="st-archived">{html.escape(tr("record.page.archived", self.lang))}</span>'
        self.refresh()


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
