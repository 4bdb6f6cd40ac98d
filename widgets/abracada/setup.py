"""The set-up form: players, the student's seat, a bot level per seat and the rule options.

The form only *collects* choices; :meth:`SetupForm.settings` reads them back and checks them
again (a browser can send any widget value), and the engine checks the options once more when
the game is made. The seed field starts blank and is never filled in by the board: a seed
determines every hidden stone, so showing one would give the game away.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as ipw
from towerlib.abracada.rules import D6, DEFAULT_DIE, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from towerlib.core.i18n import tr

from ..game_table import Settings, seat_levels
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


class SetupForm(ipw.VBox):
    """The widgets of the set-up form; the board owns the Start and Resume buttons' handlers."""

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
        self.easy = ipw.Checkbox(value=opts["easy"], indent=False)
        self.last_standing = ipw.Checkbox(value=opts["last_standing"], indent=False)
        self.die = ipw.Dropdown(options=list(DICE), value="d6" if tuple(opts["die_faces"]) == D6 else "default")
        self.seed = ipw.Text(value="", placeholder="")
        self.dark_wanderer = ipw.Checkbox(value=opts["dark_wanderer_hits_caster"], indent=False)
        self.choices = {name: ipw.Dropdown(options=list(OPTIONS[name].allowed), value=opts[name],
                                           style={"description_width": "initial"}) for name in CHOICES}
        self.first_player = ipw.Dropdown(options=list(range(initial.players)),
                                         value=min(opts["first_player"], initial.players - 1),
                                         style={"description_width": "initial"})
        self.advanced = ipw.Accordion(children=[ipw.VBox([self.dark_wanderer, *self.choices.values(), self.first_player])],
                                      selected_index=None)
        self.start = ipw.Button(button_style="success", icon="play")
        self.resume = ipw.Button(button_style="info", icon="history", layout=ipw.Layout(display="none"))
        for w in (self.start, self.resume):
            w.add_class("st-setup-button")
        self.start.add_class("st-start")
        self.resume.add_class("st-resume")
        left = ipw.VBox([self.players, self.seat, self.easy, self.last_standing, self.die, self.seed])
        right = ipw.VBox([self.bots_title, self.bot_box])
        super().__init__([self.title, ipw.HBox([left, right], layout=ipw.Layout(grid_gap="24px")), self.advanced,
                          ipw.HBox([self.start, self.resume])])
        self.add_class("st-setup")
        self.players.observe(self._players_changed, "value")
        self.seat.observe(self._seat_changed, "value")
        self.relabel(lang)
        self._show_bot_rows()

    # ----- keeping the form consistent ------------------------------------------------------
    def _players_changed(self, _change: Any = None) -> None:
        n = self.players.value
        _set_options(self.seat, [(tr("abracada.board.setup.seat_n", self._lang, n=q + 1), q) for q in range(n)],
                     min(self.seat.value or 0, n - 1))
        _set_options(self.first_player, [(tr("abracada.board.setup.seat_n", self._lang, n=q + 1), q) for q in range(n)],
                     min(self.first_player.value or 0, n - 1))
        self._show_bot_rows()

    def _seat_changed(self, _change: Any = None) -> None:
        self._show_bot_rows()

    def _show_bot_rows(self) -> None:
        n, seat = self.players.value, self.seat.value
        for q in range(MAX_PLAYERS):
            shown = q < n and q != seat
            self.bots[q].layout.display = None if shown else "none"
            self.bot_labels[q].layout.display = None if shown else "none"

    def relabel(self, lang: str) -> None:
        """Every label in ``lang`` (options keep their values)."""
        self._lang = lang
        t = lambda key, **kw: tr(f"abracada.board.setup.{key}", lang, **kw)  # noqa: E731
        self.title.value = f"<h3 class='st-h'>{t('title')}</h3>"
        self.players.description = t("players")
        self.seat.description = t("seat")
        self._players_changed()
        self.bots_title.value = f"<b>{t('bots')}</b>"
        for q in range(MAX_PLAYERS):
            self.bot_labels[q].value = t("seat_n", n=q + 1)
            _set_options(self.bots[q], [(tr(f"abracada.board.level.{v}", lang), v) for v in BOT_LEVELS],
                         self.bots[q].value)
        self.easy.description = t("easy")
        self.last_standing.description = t("last_standing")
        self.die.description = t("die")
        _set_options(self.die, [(t("die_default"), "default"), (t("die_d6"), "d6")], self.die.value)
        self.seed.description = t("seed")
        self.seed.tooltip = t("seed_tip")
        self.advanced.set_title(0, t("advanced"))
        self.dark_wanderer.description = t("dark_wanderer_hits_caster")
        for name, w in self.choices.items():
            w.description = t(name)
            _set_options(w, [(t(f"{name}.{v}"), v) for v in OPTIONS[name].allowed], w.value)
        self.first_player.description = t("first_player")
        self.start.description = tr("abracada.board.start", lang)
        self.resume.description = tr("abracada.board.resume", lang)

    # ----- reading the choices back -----------------------------------------------------------
    def settings(self) -> Settings:
        """The choices, checked again; a bad seed raises ValueError (the engine checks the rest)."""
        n = self.players.value
        seat = self.seat.value
        if n not in range(MIN_PLAYERS, MAX_PLAYERS + 1) or seat not in range(n):
            raise ValueError("players/seat")
        seed_text = self.seed.value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise ValueError(tr("abracada.board.setup.bad_seed", self._lang)) from None
        if seed is not None and seed < 0:
            raise ValueError(tr("abracada.board.setup.bad_seed", self._lang))
        options = {"easy": self.easy.value, "last_standing": self.last_standing.value,
                   "die_faces": DICE[self.die.value], "dark_wanderer_hits_caster": self.dark_wanderer.value,
                   "first_player": self.first_player.value,
                   **{name: w.value for name, w in self.choices.items()}}
        bots = bot_levels(n, seat, [self.bots[q].value for q in range(n)])
        return Settings(n, seat, bots, options, seed)


def _set_options(dropdown: ipw.Dropdown, options: list[tuple[str, Any]], value: Any) -> None:
    """Replace a dropdown's labels but keep its value (setting options alone selects the first)."""
    if list(dropdown.options) != options:
        dropdown.options = options
    if dropdown.value != value:
        dropdown.value = value
