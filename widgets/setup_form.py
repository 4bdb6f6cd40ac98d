"""The part of every set-up form that is about seats: players, the student's seat, a bot level
per other seat, the seed, and the Start and Resume buttons.

A form only *collects* choices: :meth:`SeatsForm.read_seats` reads them back and checks them
again (a browser can send any widget value), and the engine checks the options once more when
the game is made. The seed field starts blank and is never filled in by a board: a seed fixes
every hidden stone, card and die, so showing one would give the game away.

A game's form subclasses :class:`SeatsForm`, adds its rule options and lays the widgets out with
:meth:`SeatsForm._lay_out` (one layout for every form). Words the games share ("Your seat") come
from the shared ``table.*`` keys unless a game words them its own way (:func:`~widgets.messages.board_key`).
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

import ipywidgets as ipw
from towerlib.core.i18n import tr

from .game_table import Settings, seat_levels
from .messages import board_key


class SeatsForm(ipw.VBox):
    """Players, seat, bots, seed, Start and Resume; the board owns the buttons' handlers.

    A game's form defines ``relabel(lang)`` (its labels after :meth:`_relabel_seats`) and
    ``settings()`` (the choices as :class:`~widgets.game_table.Settings`)."""

    KEY: ClassVar[str]                   # catalogue prefix, e.g. "abracada.board"
    CSS_PREFIX: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    BOT_LEVELS: ClassVar[tuple[str, ...]]
    DEFAULT_LEVEL: ClassVar[str]

    @classmethod
    def bot_levels(cls, players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str]
                   ) -> list[str | None]:
        """One level per seat (None for the student's): ``bots`` is a level for all, a list or a
        dict seat -> level; the game's levels only (the board's ``_bot_levels``)."""
        return seat_levels(players, seat, bots, cls.BOT_LEVELS, cls.DEFAULT_LEVEL)

    @classmethod
    def initial(cls, players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str],
                options: Mapping[str, Any]) -> Settings:
        """The settings a board opens with, from its constructor's arguments (the bots checked)."""
        return Settings(players, seat, cls.bot_levels(players, seat, bots), dict(options))

    def _build_seats(self, initial: Settings, lang: str) -> None:
        self._lang = lang
        n_max = self.MAX_PLAYERS
        self.title = ipw.HTML()
        # "initial" description widths: a label takes the room it needs (Russian ones run long)
        # instead of being cut to ipywidgets' fixed 80 px.
        wide = {"description_width": "initial"}
        self.players = ipw.Dropdown(options=list(range(self.MIN_PLAYERS, n_max + 1)), value=initial.players,
                                    style=wide)
        self.seat = ipw.Dropdown(options=[(str(q + 1), q) for q in range(initial.players)], value=initial.seat,
                                 style=wide)
        self.bots = [ipw.Dropdown(options=self.BOT_LEVELS, value=self.DEFAULT_LEVEL, layout=ipw.Layout(width="auto"))
                     for _ in range(n_max)]
        for q, level in enumerate(initial.bots):
            if level is not None:
                self.bots[q].value = level
        self.bot_labels = [ipw.HTML() for _ in range(n_max)]
        self.bot_box = ipw.GridBox([w for q in range(n_max) for w in (self.bot_labels[q], self.bots[q])],
                                   layout=ipw.Layout(grid_template_columns="auto auto", grid_gap="2px 8px"))
        self.bots_title = ipw.HTML()
        self.seed = ipw.Text(value="", style=wide, layout=ipw.Layout(width="300px"))

        self.start = ipw.Button(button_style="success", icon="play")
        self.resume = ipw.Button(button_style="info", icon="history", layout=ipw.Layout(display="none"))
        self.start.add_class(f"{self.CSS_PREFIX}-start")
        self.resume.add_class(f"{self.CSS_PREFIX}-resume")

    def _lay_out(self, rules: ipw.Widget, options: Sequence[ipw.Widget] = ()) -> None:
        """The form's layout: the title; players, seat, a game's ``options`` and the seed beside the
        bots; the game's ``rules`` (an Accordion); Start and Resume. Then the form keeps itself
        consistent and is labelled in its language."""
        left = ipw.VBox([self.players, self.seat, *options, self.seed])
        right = ipw.VBox([self.bots_title, self.bot_box])
        super().__init__([self.title, ipw.HBox([left, right], layout=ipw.Layout(grid_gap="24px")), rules,
                          ipw.HBox([self.start, self.resume], layout=ipw.Layout(grid_gap="8px"))])
        self._watch_seats()
        self.relabel(self._lang)

    def _watch_seats(self) -> None:
        """Call once the form's children are laid out (:meth:`_lay_out` does)."""
        self.add_class(f"{self.CSS_PREFIX}-setup")
        self.players.observe(lambda _c: self._players_changed(), "value")
        self.seat.observe(lambda _c: self._show_bot_rows(), "value")

    def _t(self, key: str, **params: Any) -> str:
        return tr(board_key(self.KEY, f"setup.{key}"), self._lang, **params)

    # ----- keeping the form consistent ------------------------------------------------------
    def _seat_options(self, n: int) -> list[tuple[str, int]]:
        return [(self._t("seat_n", n=q + 1), q) for q in range(n)]

    def _players_changed(self) -> None:
        n = self.players.value
        set_options(self.seat, self._seat_options(n), min(self.seat.value or 0, n - 1))
        self._show_bot_rows()

    def _show_bot_rows(self) -> None:
        n, seat = self.players.value, self.seat.value
        for q in range(self.MAX_PLAYERS):
            shown = None if q < n and q != seat else "none"
            self.bots[q].layout.display = shown
            self.bot_labels[q].layout.display = shown

    def _relabel_seats(self, lang: str) -> None:
        """The seat part's labels in ``lang`` (the choices keep their values)."""
        self._lang = lang
        # the board's first heading under the page's <h1>, at the size of the <h3> it used to be
        self.title.value = f"<h2 class='{self.CSS_PREFIX}-h' style='font-size: 1.17em'>{self._t('title')}</h2>"
        self.players.description = self._t("players")
        self.seat.description = self._t("seat")
        self._players_changed()
        self.bots_title.value = f"<b>{self._t('bots')}</b>"
        for q in range(self.MAX_PLAYERS):
            self.bot_labels[q].value = self._t("seat_n", n=q + 1)
            set_options(self.bots[q], [(tr(board_key(self.KEY, f"level.{v}"), lang), v) for v in self.BOT_LEVELS],
                        self.bots[q].value)
        self.seed.description = self._t("seed")
        self.seed.placeholder = self._t("seed_tip")
        self.start.description = tr(board_key(self.KEY, "start"), lang)
        self.resume.description = tr(board_key(self.KEY, "resume"), lang)

    # ----- reading the choices back -----------------------------------------------------------
    def read_seats(self) -> tuple[int, int, list[str | None], int | None]:
        """Players, seat, bot levels and seed, checked again; bad values raise ValueError."""
        n, seat = self.players.value, self.seat.value
        if n not in range(self.MIN_PLAYERS, self.MAX_PLAYERS + 1) or seat not in range(n):
            raise ValueError("players/seat")
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise ValueError(self._t("bad_seed"))
        bots = self.bot_levels(n, seat, [self.bots[q].value for q in range(n)])
        return n, seat, bots, int(text) if text else None


def set_options(dropdown: ipw.Dropdown, options: list[tuple[str, Any]], value: Any) -> None:
    """Replace a dropdown's labels but keep its value (setting options alone selects the first)."""
    if list(dropdown.options) != options:
        dropdown.options = options
    if dropdown.value != value:
        dropdown.value = value


class RoundLimitForm(SeatsForm):
    """The seats plus one rule option, the number of rounds before the game stops (a HOUSE limit
    in Das Amulett and SpellCaster). A game's form names the option, its catalogue key is
    ``<KEY>.setup.<ROUND_OPTION>``, and gives the engine's ``OPTIONS``."""

    ROUND_OPTION: ClassVar[str]
    ROUND_LIMITS: ClassVar[tuple[int, int]] = (1, 200)
    OPTIONS: ClassVar[Any]

    def __init__(self, initial: Settings, lang: str) -> None:
        self._build_seats(initial, lang)
        name = self.ROUND_OPTION
        self.round_limit = ipw.BoundedIntText(value=initial.options.get(name, self.OPTIONS[name].default),
                                              min=self.ROUND_LIMITS[0], max=self.ROUND_LIMITS[1],
                                              style={"description_width": "initial"}, layout=ipw.Layout(width="280px"))
        self.rules = ipw.Accordion(children=[ipw.VBox([self.round_limit])], selected_index=None)
        self._lay_out(self.rules)

    def relabel(self, lang: str) -> None:
        self._relabel_seats(lang)
        self.round_limit.description = self._t(self.ROUND_OPTION)
        self.rules.set_title(0, self._t("rules"))

    def settings(self) -> Settings:
        n, seat, bots, seed = self.read_seats()
        return Settings(n, seat, bots, {self.ROUND_OPTION: int(self.round_limit.value)}, seed)
