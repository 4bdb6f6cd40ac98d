"""The Spell Runes set-up form: wizards (2-6), the student's seat, a bot per seat, rule options.

Like the Abracada form it only *collects* choices: :meth:`SetupForm.settings` reads them back
and checks them again (a browser can send any value) and the engine checks the options once
more. The seed field starts blank and the board never fills it in: the seed fixes every die.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as ipw
from towerlib.core.i18n import tr
from towerlib.runes import OPTIONS, RunesGame
from towerlib.runes.bots import BOTS

from ..game_table import Settings, seat_levels
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = tuple(BOTS)
DEFAULT_LEVEL = "planner"
MIN_PLAYERS, MAX_PLAYERS = RunesGame.MIN_PLAYERS, RunesGame.MAX_PLAYERS
#: Whole-number options on the form, with the range offered.
NUMBERS = {"max_health": (1, 60), "rolls_per_turn": (1, 6), "start_loot": (0, 8)}
#: Yes/no options on the form.
FLAGS = ("full_house_distinct_values", "familiar_uses_slot")


def bot_levels(players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str]) -> list[str | None]:
    """One level per seat (None for the student's): ``bots`` is a level for all, a list or a dict."""
    return seat_levels(players, seat, bots, BOT_LEVELS, DEFAULT_LEVEL)


class SetupForm(ipw.VBox):
    """The set-up widgets; the board owns the Start and Resume buttons' handlers."""

    def __init__(self, initial: Settings, lang: str) -> None:
        self._lang = lang
        opts = {name: initial.options.get(name, OPTIONS[name].default) for name in OPTIONS}
        self.title = ipw.HTML()
        self.players = ipw.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=initial.players)
        self.seat = ipw.Dropdown(options=[(str(q + 1), q) for q in range(initial.players)], value=initial.seat)
        self.bots = [ipw.Dropdown(options=BOT_LEVELS, value=DEFAULT_LEVEL, layout=ipw.Layout(width="auto"))
                     for _ in range(MAX_PLAYERS)]
        for q, level in enumerate(initial.bots):
            if level is not None:
                self.bots[q].value = level
        self.bot_labels = [ipw.HTML() for _ in range(MAX_PLAYERS)]
        self.bot_box = ipw.GridBox([w for q in range(MAX_PLAYERS) for w in (self.bot_labels[q], self.bots[q])],
                                   layout=ipw.Layout(grid_template_columns="auto auto", grid_gap="2px 8px"))
        self.bots_title = ipw.HTML()
        self.numbers = {name: ipw.BoundedIntText(value=opts[name], min=low, max=high,
                                                 style={"description_width": "initial"},
                                                 layout=ipw.Layout(width="200px"))
                        for name, (low, high) in NUMBERS.items()}
        self.flags = {name: ipw.Checkbox(value=opts[name], indent=False) for name in FLAGS}
        self.seed = ipw.Text(value="", layout=ipw.Layout(width="200px"))
        self.rules = ipw.Accordion(children=[ipw.VBox([*self.numbers.values(), *self.flags.values()])],
                                   selected_index=None)
        self.start = ipw.Button(button_style="success", icon="play")
        self.resume = ipw.Button(button_style="info", icon="history", layout=ipw.Layout(display="none"))
        self.start.add_class("sr-start")
        self.resume.add_class("sr-resume")
        left = ipw.VBox([self.players, self.seat, self.seed])
        right = ipw.VBox([self.bots_title, self.bot_box])
        super().__init__([self.title, ipw.HBox([left, right], layout=ipw.Layout(grid_gap="24px")), self.rules,
                          ipw.HBox([self.start, self.resume], layout=ipw.Layout(grid_gap="8px"))])
        self.add_class("sr-setup")
        self.players.observe(lambda _c: self._players_changed(), "value")
        self.seat.observe(lambda _c: self._show_bot_rows(), "value")
        self.relabel(lang)

    def _players_changed(self) -> None:
        n = self.players.value
        _set_options(self.seat, [(tr("runes.board.setup.seat_n", self._lang, n=q + 1), q) for q in range(n)],
                     min(self.seat.value or 0, n - 1))
        self._show_bot_rows()

    def _show_bot_rows(self) -> None:
        n, seat = self.players.value, self.seat.value
        for q in range(MAX_PLAYERS):
            shown = None if q < n and q != seat else "none"
            self.bots[q].layout.display = shown
            self.bot_labels[q].layout.display = shown

    def relabel(self, lang: str) -> None:
        """Every label in ``lang`` (the choices keep their values)."""
        self._lang = lang
        t = lambda key, **kw: tr(f"runes.board.setup.{key}", lang, **kw)  # noqa: E731
        self.title.value = f"<h3 class='sr-h'>{t('title')}</h3>"
        self.players.description = t("players")
        self.seat.description = t("seat")
        self._players_changed()
        self.bots_title.value = f"<b>{t('bots')}</b>"
        for q in range(MAX_PLAYERS):
            self.bot_labels[q].value = t("seat_n", n=q + 1)
            _set_options(self.bots[q], [(tr(f"runes.board.level.{v}", lang), v) for v in BOT_LEVELS],
                         self.bots[q].value)
        for name, w in self.numbers.items():
            w.description = t(name)
        for name, w in self.flags.items():
            w.description = t(name)
        self.seed.description = t("seed")
        self.seed.placeholder = t("seed_tip")
        self.rules.set_title(0, t("rules"))
        self.start.description = tr("runes.board.start", lang)
        self.resume.description = tr("runes.board.resume", lang)

    def settings(self) -> Settings:
        """The choices, checked again; a bad seed raises ValueError (the engine checks the options)."""
        n, seat = self.players.value, self.seat.value
        if n not in range(MIN_PLAYERS, MAX_PLAYERS + 1) or seat not in range(n):
            raise ValueError("players/seat")
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise ValueError(tr("runes.board.setup.bad_seed", self._lang))
        options = {name: w.value for name, w in self.numbers.items()}
        options.update({name: w.value for name, w in self.flags.items()})
        bots = bot_levels(n, seat, [self.bots[q].value for q in range(n)])
        return Settings(n, seat, bots, options, int(text) if text else None)


def _set_options(dropdown: ipw.Dropdown, options: list[tuple[str, Any]], value: Any) -> None:
    """Replace a dropdown's labels but keep its value (setting options alone selects the first)."""
    if list(dropdown.options) != options:
        dropdown.options = options
    if dropdown.value != value:
        dropdown.value = value
