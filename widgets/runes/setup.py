"""The Spell Runes set-up form: wizards (2-6), the student's seat, a bot per seat, rule options.

Like every set-up form (:mod:`widgets.setup_form`) it only *collects* choices:
:meth:`SetupForm.settings` reads them back and checks them again (a browser can send any value)
and the engine checks the options once more. The seed field starts blank and the board never fills it in: the seed fixes every die.
"""
from __future__ import annotations

import ipywidgets as ipw
from towerlib.runes import OPTIONS, RunesGame
from towerlib.runes.bots import BOTS

from ..game_table import Settings
from ..setup_form import SeatsForm
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = tuple(BOTS)
DEFAULT_LEVEL = "planner"
MIN_PLAYERS, MAX_PLAYERS = RunesGame.MIN_PLAYERS, RunesGame.MAX_PLAYERS
#: Whole-number options on the form, with the range offered.
NUMBERS = {"max_health": (1, 60), "rolls_per_turn": (1, 6), "start_loot": (0, 8)}
#: Yes/no options on the form.
FLAGS = ("full_house_distinct_values", "familiar_uses_slot")


class SetupForm(SeatsForm):
    """The seats plus Spell Runes' rule options."""

    KEY, CSS_PREFIX = "runes.board", "sr"
    MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL = MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL

    def __init__(self, initial: Settings, lang: str) -> None:
        self._build_seats(initial, lang)
        opts = {name: initial.options.get(name, OPTIONS[name].default) for name in OPTIONS}
        self.numbers = {name: ipw.BoundedIntText(value=opts[name], min=low, max=high,
                                                 style={"description_width": "initial"},
                                                 layout=ipw.Layout(width="200px"))
                        for name, (low, high) in NUMBERS.items()}
        self.flags = {name: ipw.Checkbox(value=opts[name], indent=False) for name in FLAGS}
        self.rules = ipw.Accordion(children=[ipw.VBox([*self.numbers.values(), *self.flags.values()])],
                                   selected_index=None)
        self._lay_out(self.rules)

    def relabel(self, lang: str) -> None:
        """Every label in ``lang`` (the choices keep their values)."""
        self._relabel_seats(lang)
        for name, w in self.numbers.items():
            w.description = self._t(name)
        for name, w in self.flags.items():
            w.description = self._t(name)
        self.rules.set_title(0, self._t("rules"))

    def settings(self) -> Settings:
        """The choices, checked again; a bad seed raises ValueError (the engine checks the options)."""
        n, seat, bots, seed = self.read_seats()
        options = {name: w.value for name, w in self.numbers.items()}
        options.update({name: w.value for name, w in self.flags.items()})
        return Settings(n, seat, bots, options, seed)
