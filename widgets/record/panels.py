"""The student's side of the class record, as widgets: their own record (nickname, what is
kept, clear it) and a class experiment's "your 40 rolls, the class's 1,200 rolls".

Both talk to the store through :mod:`widgets.record.hooks` (its writer thread), so the page never
waits for the database, and both work where there is no student: the record panel then says
nothing is recorded, the draws panel counts the student's own draws only.

    from widgets.record import Experiment, hooks
    from widgets.record.panels import DrawsPanel, RecordPanel
    hooks.track_page()
    RecordPanel(lang)                         # nickname, "Show my record", "Clear my record"
    dice = DrawsPanel(Experiment("runes.two_dice_sum", exact, event={7}), lang)
    dice                                      # shows the two tallies, refreshing every few seconds
    dice.send(rolls)                          # in the simulation's loop: record a batch, redraw
"""
from __future__ import annotations

import html
from collections import Counter
from typing import Any, Callable, Iterable

import ipywidgets as ipw
from towerlib.core.i18n import tr

from ..exercises import every, on_loop as _on_loop
from ..faults import explain
from . import hooks
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from .experiments import Experiment, Tally
from .render import exact_text, number, thousands

REFRESH_SECONDS = 3.0          # how often the draws panel re-reads the class tally while open


class RecordPanel(ipw.VBox):
    """A student's own record: pick a nickname, see what is kept, clear it (after confirming)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.nickname = ipw.Text(description=tr("record.me.nickname", lang),
                                 placeholder=tr("record.me.placeholder", lang))
        self.save = ipw.Button(description=tr("record.me.save", lang))
        self.show = ipw.Button(description=tr("record.me.show", lang))
        self.clear = ipw.Button(description=tr("record.me.clear", lang), button_style="warning")
        self.yes = ipw.Button(description=tr("record.me.yes", lang), button_style="danger")
        self.no = ipw.Button(description=tr("record.me.cancel", lang))
        self.confirm = ipw.HBox([ipw.HTML(html.escape(tr("record.me.confirm", lang))), self.yes, self.no],
                                layout=ipw.Layout(display="none"))
        self.message = ipw.HTML()
        for widget, css in ((self.nickname, "st-nickname"), (self.save, "st-nickname-save"),
                            (self.show, "st-record-show"), (self.clear, "st-record-clear"),
                            (self.yes, "st-record-clear-yes"), (self.message, "st-record-message")):
            widget.add_class(css)
        self.save.on_click(lambda _b: self._save())
        self.show.on_click(lambda _b: self._show())
        self.clear.on_click(lambda _b: setattr(self.confirm.layout, "display", None))
        self.no.on_click(lambda _b: setattr(self.confirm.layout, "display", "none"))
        self.yes.on_click(lambda _b: self._clear())
        super().__init__([ipw.HTML(f"<b>{html.escape(tr('record.me.title', lang))}</b>"),
                          ipw.HBox([self.nickname, self.save]), ipw.HBox([self.show, self.clear]),
                          self.confirm, self.message])
        self.add_class("st-record-panel")
        self._run(lambda me: me.mine(), self._shown_name)

    def _say(self, text: str) -> None:
        self.message.value = html.escape(text)

    def _run(self, fn: Callable[[Any], Any], then: Callable[[Any], None]) -> None:
        future = hooks.submit(fn)

        def finish() -> None:
            try:
                result = future.result()
            except Exception as err:           # the store is down: say so in words a student may read
                self._say(explain(err).message(self.lang))
                return
            if result is None and hooks.student() is None:
                self._say(tr("record.error.no_student", self.lang))
                return
            then(result)
        future.add_done_callback(_on_loop(finish))

    def _shown_name(self, mine: dict) -> None:
        if mine["nickname"]:
            self.nickname.value = mine["nickname"]
            self._say(tr("record.me.saved", self.lang, nickname=mine["nickname"]))
        else:
            self._say(tr("record.me.unnamed", self.lang))

    def _save(self) -> None:
        from .store import RecordError, clean_nickname     # SQLAlchemy: only once a student writes

        try:
            name = clean_nickname(self.nickname.value)
        except RecordError as err:
            self._say(err.message(self.lang))
            return
        self._run(lambda me: me.set_nickname(name),
                  lambda saved: self._say(tr("record.me.saved", self.lang, nickname=saved)))

    def _show(self) -> None:
        def summary(mine: dict) -> None:
            self._say(tr("record.me.summary", self.lang, pages=len(mine["pages"]), attempts=len(mine["attempts"]),
                         right=sum(1 for a in mine["attempts"] if a["right"]), games=len(mine["games"]),
                         draws=sum(sum(d.values()) for d in mine["draws"].values())))
        self._run(lambda me: me.mine(), summary)

    def _clear(self) -> None:
        self.confirm.layout.display = "none"

        def cleared(_none: Any) -> None:
            self.nickname.value = ""
            self._say(tr("record.me.cleared", self.lang))
        self._run(lambda me: me.clear() or True, cleared)


class DrawsPanel(ipw.HTML):
    """"Your 40 draws, the class's 1,200 draws", with both estimates beside the exact answer."""

    def __init__(self, experiment: Experiment, lang: str = "en", refresh: float | None = REFRESH_SECONDS) -> None:
        super().__init__()
        self.experiment, self.lang = experiment, lang
        self.local: Counter[int] = Counter()    # this page's own draws (all there is without a student)
        self.mine: Tally | None = None          # the student's draws in the store (across reloads)
        self.pooled: Tally | None = None
        self.add_class("st-draws-panel")
        self._draw()
        if refresh:
            every(refresh, self.refresh)

    def send(self, values: Iterable[object]) -> int:
        """Record a batch of draws (checked first: a bad one raises InvalidOption) and redraw."""
        counts = self.experiment.counts(values)
        hooks.record_draws(self.experiment, [v for v, c in counts.items() for _ in range(c)])
        self.local.update(counts)
        self._draw()
        self.refresh()
        return sum(counts.values())

    def refresh(self) -> None:
        future = hooks.tallies(self.experiment)

        def finish() -> None:
            try:
                result = future.result()
            except Exception:
                return
            if result is not None:
                self.mine, self.pooled = result
                self._draw()
        future.add_done_callback(_on_loop(finish))

    def _draw(self) -> None:
        lang, exp = self.lang, self.experiment
        mine = Tally.from_batches(exp, sorted(self.local.items()))
        if self.mine is not None and self.mine.total >= mine.total:
            mine = self.mine
        pooled = self.pooled if self.pooled is not None else mine    # the class's round may be newer than mine
        self.value = (f'<div class="st-draws"><b>{html.escape(tr("record.me.draws", lang, mine=thousands(mine.total, lang), pooled=thousands(pooled.total, lang)))}</b>: '
                      f'{html.escape(tr("record.me.estimate", lang, mine=number(mine.estimate, lang), pooled=number(pooled.estimate, lang), exact=exact_text(exp.answer, lang)))}</div>')
