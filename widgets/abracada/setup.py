"""The Abracada set-up form: the seats (see :mod:`widgets.setup_form`) and the rule options:
the variants, the die, and the RESOLVED readings in an "advanced" box."""
from __future__ import annotations

from typing import Mapping, Sequence

import ipywidgets as ipw
from towerlib.abracada.rules import D6, DEFAULT_DIE, MAX_PLAYERS, MIN_PLAYERS, OPTIONS

from ..game_table import Settings, seat_levels
from ..setup_form import SeatsForm, set_options
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = ("random", "counting", "ev")
DEFAULT_LEVEL = "ev"
DICE = {"default": DEFAULT_DIE, "d6": D6}
# Advanced options offered as choices: option name -> its allowed values (labels come from the
# catalogue, key abracada.board.setup.<name>.<value>).
CHOICES = ("new_round_starter", "lower_declaration", "secret_stone_visibility", "empty_and_ko_precedence")


def bot_levels(players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str]) -> list[str | None]:
    """One level per seat (None for the student's): ``bots`` is a level for all, a list or a dict."""
    return seat_levels(players, seat, bots, BOT_LEVELS, DEFAULT_LEVEL)


class SetupForm(SeatsForm):
    """The seats plus Abracada's rule options."""

    KEY, CSS_PREFIX = "abracada.board", "st"
    MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL = MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL
    def __init__(self, initial: Settings, lang: str) -> None:
        self._build_seats(initial, lang)
        opts = {name: initial.options.get(name, OPTIONS[name].default) for name in OPTIONS}
        self.easy = ipw.Checkbox(value=opts["easy"], indent=False)
        self.last_standing = ipw.Checkbox(value=opts["last_standing"], indent=False)
        self.die = ipw.Dropdown(options=list(DICE), value="d6" if tuple(opts["die_faces"]) == D6 else "default",
                                style={"description_width": "initial"})

        self.dark_wanderer = ipw.Checkbox(value=opts["dark_wanderer_hits_caster"], indent=False)
        self.choices = {name: ipw.Dropdown(options=list(OPTIONS[name].allowed), value=opts[name],
                                           style={"description_width": "initial"}) for name in CHOICES}
        self.first_player = ipw.Dropdown(options=list(range(initial.players)),
                                         value=min(opts["first_player"], initial.players - 1),
                                         style={"description_width": "initial"})
        self.advanced = ipw.Accordion(children=[ipw.VBox([self.dark_wanderer, *self.choices.values(), self.first_player])],
                                      selected_index=None)
        for w in (self.start, self.resume):
            w.add_class("st-setup-button")
        left = ipw.VBox([self.players, self.seat, self.easy, self.last_standing, self.die, self.seed])
        right = ipw.VBox([self.bots_title, self.bot_box])
        super().__init__([self.title, ipw.HBox([left, right], layout=ipw.Layout(grid_gap="24px")), self.advanced,
                          ipw.HBox([self.start, self.resume])])
        self._watch_seats()
        self.relabel(lang)

    def _players_changed(self) -> None:
        n = self.players.value
        set_options(self.first_player, self._seat_options(n), min(self.first_player.value or 0, n - 1))
        super()._players_changed()

    def relabel(self, lang: str) -> None:
        """Every label in ``lang`` (options keep their values)."""
        self._relabel_seats(lang)
        t = self._t
        self.easy.description = t("easy")
        self.last_standing.description = t("last_standing")
        self.die.description = t("die")
        set_options(self.die, [(t("die_default"), "default"), (t("die_d6"), "d6")], self.die.value)
        self.seed.tooltip = t("seed_tip")
        self.advanced.set_title(0, t("advanced"))
        self.dark_wanderer.description = t("dark_wanderer_hits_caster")
        for name, w in self.choices.items():
            w.description = t(name)
            set_options(w, [(t(f"{name}.{v}"), v) for v in OPTIONS[name].allowed], w.value)
        self.first_player.description = t("first_player")

    def settings(self) -> Settings:
        """The choices, checked again; a bad seed raises ValueError (the engine checks the rest)."""
        n, seat, bots, seed = self.read_seats()
        options = {"easy": self.easy.value, "last_standing": self.last_standing.value,
                   "die_faces": DICE[self.die.value], "dark_wanderer_hits_caster": self.dark_wanderer.value,
                   "first_player": self.first_player.value,
                   **{name: w.value for name, w in self.choices.items()}}
        return Settings(n, seat, bots, options, seed)
