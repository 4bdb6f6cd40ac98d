"""The SpellCaster set-up form: SpellCasters (2-4), the student's seat, a bot per seat, the round limit.

It only collects choices; :meth:`SetupForm.settings` reads them back and the engine checks them again.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import ipywidgets as ipw
from towerlib.spellcaster import OPTIONS, SpellCasterGame
from towerlib.spellcaster.bots import BOTS

from ..game_table import Settings, seat_levels
from ..setup_form import SeatsForm
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = tuple(BOTS)
DEFAULT_LEVEL = "planner"
MIN_PLAYERS, MAX_PLAYERS = SpellCasterGame.MIN_PLAYERS, SpellCasterGame.MAX_PLAYERS
ROUND_LIMITS = (1, 200)


def bot_levels(players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str]) -> list[str | None]:
    """One level per seat (None for the student's)."""
    return seat_levels(players, seat, bots, BOT_LEVELS, DEFAULT_LEVEL)


class SetupForm(SeatsForm):
    """The seats plus the round limit."""

    KEY, CSS_PREFIX = "spellcaster.board", "sc"
    MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL = MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL
    _bot_levels = staticmethod(bot_levels)

    def __init__(self, initial: Settings, lang: str) -> None:
        self._build_seats(initial, lang)
        self.round_limit = ipw.BoundedIntText(value=initial.options.get("round_limit", OPTIONS["round_limit"].default),
                                              min=ROUND_LIMITS[0], max=ROUND_LIMITS[1],
                                              style={"description_width": "initial"}, layout=ipw.Layout(width="260px"))
        self.rules = ipw.Accordion(children=[ipw.VBox([self.round_limit])], selected_index=None)
        left = ipw.VBox([self.players, self.seat, self.seed])
        right = ipw.VBox([self.bots_title, self.bot_box])
        super().__init__([self.title, ipw.HBox([left, right], layout=ipw.Layout(grid_gap="24px")), self.rules,
                          ipw.HBox([self.start, self.resume], layout=ipw.Layout(grid_gap="8px"))])
        self._watch_seats()
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        self._relabel_seats(lang)
        self.round_limit.description = self._t("round_limit")
        self.rules.set_title(0, self._t("rules"))

    def settings(self) -> Settings:
        n, seat, bots, seed = self.read_seats()
        return Settings(n, seat, bots, {"round_limit": int(self.round_limit.value)}, seed)
