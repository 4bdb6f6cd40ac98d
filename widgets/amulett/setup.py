"""The Das Amulett set-up form: players (3-6), the student's seat, a bot per seat, the round limit.

It only collects choices; :meth:`SetupForm.settings` reads them back and the engine checks them again.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import ipywidgets as ipw
from towerlib.amulett import OPTIONS
from towerlib.amulett.bots import BOTS
from towerlib.amulett.rules import MAX_PLAYERS, MIN_PLAYERS

from ..game_table import Settings, seat_levels
from ..setup_form import SeatsForm
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = tuple(BOTS)
DEFAULT_LEVEL = "planner"
#: The round limits the form offers (the engine accepts any integer >= 1).
ROUND_LIMITS = (1, 200)


def bot_levels(players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str]) -> list[str | None]:
    """One level per seat (None for the student's)."""
    return seat_levels(players, seat, bots, BOT_LEVELS, DEFAULT_LEVEL)


class SetupForm(SeatsForm):
    """The seats plus the round limit."""

    KEY, CSS_PREFIX = "amulett.board", "am"
    MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL = MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL
    _bot_levels = staticmethod(bot_levels)

    def __init__(self, initial: Settings, lang: str) -> None:
        self._build_seats(initial, lang)
        self.max_rounds = ipw.BoundedIntText(value=initial.options.get("max_rounds", OPTIONS["max_rounds"].default),
                                             min=ROUND_LIMITS[0], max=ROUND_LIMITS[1],
                                             style={"description_width": "initial"}, layout=ipw.Layout(width="280px"))
        self.rules = ipw.Accordion(children=[ipw.VBox([self.max_rounds])], selected_index=None)
        left = ipw.VBox([self.players, self.seat, self.seed])
        right = ipw.VBox([self.bots_title, self.bot_box])
        super().__init__([self.title, ipw.HBox([left, right], layout=ipw.Layout(grid_gap="24px")), self.rules,
                          ipw.HBox([self.start, self.resume], layout=ipw.Layout(grid_gap="8px"))])
        self._watch_seats()
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        self._relabel_seats(lang)
        self.max_rounds.description = self._t("max_rounds")
        self.rules.set_title(0, self._t("rules"))

    def settings(self) -> Settings:
        n, seat, bots, seed = self.read_seats()
        return Settings(n, seat, bots, {"max_rounds": int(self.max_rounds.value)}, seed)
