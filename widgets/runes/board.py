"""``RunesBoard``: play Spell Runes against bots in JupyterLab, Notebook 7 or Voila.

Honesty by construction
-----------------------
The game lives only in the kernel (``self._game``). Every synced widget value is made by
:meth:`RunesBoard._render` from ``game.view(seat)`` of the student's seat, through the pure
functions of :mod:`.render`, plus the board's own settings (language, the advisor toggle,
bot levels) and the student's own input (which dice are selected, the chosen target). Other
wizards' loot hands, the deck order, the seed and the queue of fixed dice never reach a trait;
bots' reasons are not shown either, because a bot reasons from its own seat's view.
The widget tree is built once (a fixed pool of buttons for the occasional moves), so a move
only changes trait values.

Every move is checked
---------------------
A browser can send any message: "click" a disabled button or set any value. So a handler
never trusts a button's state: it rebuilds the action from the student's legal moves in the
current view and lets the engine judge it; an :class:`~towerlib.core.IllegalAction` is shown
and the game is left as it was.

Bots, step by step
------------------
Bots move in the kernel's event loop: after each bot action the board renders and schedules
the next with ``loop.call_later(bot_delay, ...)``. Nothing blocks and no thread is started, so
the page stays responsive. With ``bot_delay=0``, or without a running loop, bots move at once.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as ipw
import towerlib.runes as runes
from towerlib.core import TowerError
from towerlib.core.i18n import LANGUAGES, tr
from towerlib.runes.actions import Action, parse
from towerlib.runes.bots import legal_actions, make_bot
from towerlib.runes.views import describe_action

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)
from . import render
from ..saves import SaveFolder
from .setup import BOT_LEVELS, DEFAULT_LEVEL, MAX_PLAYERS, Settings, SetupForm, bot_levels
from .style import CSS
from ..game_table import GameTable

#: The spell buttons: a spell, or ``familiar:<mode>`` for the two ways to cast Familiar.
SPELL_KEYS = ("healing", "attack", "familiar:summon", "familiar:activate", "loot", "chain", "class",
              "restore", "quantum")
#: Buttons kept for the occasional moves (loot cards, reactions, choices); the rest are in a list.
MOVE_BUTTONS = 12
#: Moves with their own controls (the dice row, the spell buttons, End turn).
_OWN_CONTROLS = frozenset({"hold", "stop", "cast", "end"})


AUTOSAVE = "autosave"            # <saves>/runes/autosave.json


class RunesBoard(GameTable, ipw.VBox):
    """A Spell Runes table: the student at one seat, bots at the others.

    ``RunesBoard(players=3, seat=0, bots="planner", lang="en")`` opens on the set-up form.
    Lessons fix a position with ``deal=...`` (see :class:`towerlib.runes.RunesGame`) and
    ``setup=False``, which starts at once. ``bots`` is one level for every bot ("random",
    "greedy", "planner"), a list per seat or a dict seat -> level. ``seed`` and ``deal`` stay in
    the kernel. With ``autosave`` the game is written after every move to a server-side file
    that the set-up form offers to resume.
    """

    KEY, CSS_PREFIX, DEFAULT_BOT, BOT_LEVELS = "runes.board", "sr", DEFAULT_LEVEL, BOT_LEVELS
    _engine_new_game = staticmethod(runes.new_game)
    _engine_load = staticmethod(runes.load)
    _make_bot = staticmethod(make_bot)
    _bot_levels = staticmethod(bot_levels)

    def __init__(self, players: int = 3, seat: int = 0, bots: str | Sequence[str | None] | Mapping[int, str] = "planner",
                 lang: str = "en", seed: int | None = None, deal: Mapping[str, Any] | None = None,
                 advisor: bool = True, bot_delay: float = 0.6, *, setup: bool = True,
                 saves_dir: str | None = None, autosave: bool = True, **options: Any) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        self._init_table(lang, bot_delay, seed, deal, Settings(players, seat, bot_levels(players, seat, bots),
                                                               dict(options)),
                         SaveFolder(saves_dir, "runes"), AUTOSAVE if autosave else None)
        self._moves: list[str] = []                 # the actions behind the move buttons (kernel only)
        self._rendering = False
        self._build(advisor, setup)
        super().__init__([self._style, self._header, self._status, self._setup_box, self._table])
        self.add_class("sr-runes")
        self._relabel()
        if setup:
            self._show_setup()
        else:
            self._start(self._settings, seed=seed)

    def _on_open(self) -> None:
        self._clear_selection()

    # ----- building the widget tree (once) ----------------------------------------------------
    def _build(self, advisor: bool, setup: bool) -> None:
        self._build_frame(CSS, SetupForm(self._settings, self._lang) if setup else None)

        self._seats = [ipw.HTML(layout=ipw.Layout(flex="1 1 220px")) for _ in range(MAX_PLAYERS - 1)]
        self._centre = ipw.HTML(layout=ipw.Layout(flex="0 0 260px"))
        self._me = ipw.HTML()
        self._prompt = ipw.HTML()
        self._dice_title = ipw.HTML()
        self._dice = []
        for i in range(5):
            die = ipw.ToggleButton(layout=ipw.Layout(width="58px", height="58px"))
            die.add_class("sr-die")
            die.add_class(f"sr-die-{i}")
            die.observe(self._selection_changed, "value")
            self._dice.append(die)
        self._reroll = ipw.Button(icon="dice", button_style="warning", layout=ipw.Layout(width="auto"))
        self._stop = ipw.Button(icon="hand-paper", layout=ipw.Layout(width="auto"))
        self._end = ipw.Button(icon="check", button_style="success", layout=ipw.Layout(width="auto"))
        for b, cls in ((self._reroll, "sr-reroll"), (self._stop, "sr-stop"), (self._end, "sr-end")):
            b.add_class("sr-action")
            b.add_class(cls)
        self._reroll.on_click(self._on_reroll)
        self._stop.on_click(lambda _b: self._student_action("stop"))
        self._end.on_click(lambda _b: self._student_action("end"))
        self._target = ipw.Dropdown(options=[], layout=ipw.Layout(width="300px"))
        self._target.add_class("sr-target")
        self._spells: dict[str, ipw.Button] = {}
        for key in SPELL_KEYS:
            spell = key.split(":")[0]
            b = ipw.Button(layout=ipw.Layout(width="auto"))
            b.style.button_color = render.SPELL_COLOURS[spell]
            b.add_class("sr-spell")
            b.add_class(f"sr-spell-{key.replace(':', '-')}")
            b.on_click(lambda _b, key=key: self._on_spell(key))
            self._spells[key] = b
        self._move_buttons = []
        for i in range(MOVE_BUTTONS):
            b = ipw.Button(layout=ipw.Layout(width="auto", display="none"))
            b.add_class("sr-action")
            b.add_class("sr-move")
            b.on_click(lambda _b, i=i: self._on_move(i))
            self._move_buttons.append(b)
        self._all_moves = ipw.Dropdown(options=[], layout=ipw.Layout(width="340px"))
        self._do = ipw.Button(icon="play", layout=ipw.Layout(width="auto"))
        self._do.add_class("sr-do")
        self._do.on_click(lambda _b: self._student_action(self._all_moves.value))
        self._advisor_toggle = ipw.Checkbox(value=bool(advisor), indent=False, layout=ipw.Layout(width="auto"))
        self._advisor_toggle.observe(lambda _c: self._render(), "value")
        self._advisor = ipw.HTML()
        self._log_title = ipw.HTML()
        self._log = ipw.HTML()
        self._new = ipw.Button(icon="redo", layout=ipw.Layout(width="auto"))
        self._new.add_class("sr-new")
        self._new.on_click(self._on_new_game)

        dice_row = ipw.HBox([*self._dice, self._dice_title, self._reroll, self._stop])
        dice_row.add_class("sr-dice-row")
        spells = ipw.GridBox(list(self._spells.values()),
                             layout=ipw.Layout(grid_template_columns="repeat(5, 1fr)", width="100%"))
        spells.add_class("sr-spells")
        self._moves_title = ipw.HTML()
        moves = ipw.Box(self._move_buttons)
        moves.add_class("sr-moves")
        controls = ipw.VBox([self._prompt, dice_row, ipw.HBox([self._target, self._end],
                                                              layout=ipw.Layout(grid_gap="8px")),
                             spells, self._moves_title, moves,
                             ipw.HBox([self._all_moves, self._do], layout=ipw.Layout(grid_gap="6px"))],
                            layout=ipw.Layout(grid_gap="6px", flex="1 1 600px"))
        controls.add_class("sr-panel")
        controls.add_class("sr-controls")
        side = ipw.VBox([self._advisor_toggle, self._advisor], layout=ipw.Layout(flex="0 0 400px"))
        side.add_class("sr-panel")
        side.add_class("sr-side")
        opponents = ipw.Box(self._seats, layout=ipw.Layout(flex_flow="row wrap", flex="1 1 600px", grid_gap="8px"))
        top = ipw.HBox([opponents, self._centre], layout=ipw.Layout(grid_gap="8px", align_items="flex-start"))
        middle = ipw.HBox([ipw.VBox([self._me, controls], layout=ipw.Layout(flex="1 1 620px", grid_gap="8px")),
                           side], layout=ipw.Layout(grid_gap="8px", align_items="flex-start"))
        log_box = ipw.VBox([self._log_title, self._log])
        log_box.add_class("sr-panel")
        log_box.add_class("sr-log-box")
        footer = ipw.HBox([self._new])
        footer.add_class("sr-footer")
        self._centre.add_class("sr-panel")
        self._table = ipw.VBox([top, middle, log_box, footer], layout=ipw.Layout(display="none", grid_gap="8px"))

    # ----- labels ---------------------------------------------------------------------------
    def _relabel(self) -> None:
        """Every fixed label in the current language."""
        lang = self._lang
        self._title.value = tr("runes.game", lang)
        self._lang_pick.description = tr("runes.board.language", lang)
        self._reroll.description = tr("runes.board.reroll", lang)
        self._stop.description = tr("runes.board.stop", lang)
        self._end.description = tr("runes.action.end", lang).capitalize()
        self._target.description = tr("runes.board.target", lang)
        self._do.description = tr("runes.board.do", lang)
        self._all_moves.description = ""
        self._moves_title.value = f'<div class="sr-h4">{tr("runes.board.moves", lang)}</div>'
        self._advisor_toggle.description = tr("runes.board.advisor", lang)
        self._advisor_toggle.tooltip = tr("runes.board.advisor_tip", lang)
        self._log_title.value = f"<h4>{tr('runes.board.log', lang)}</h4>"
        self._new.description = tr("runes.board.new_game", lang)
        for key, b in self._spells.items():
            spell, _, mode = key.partition(":")
            b.description = tr(f"runes.board.familiar_{mode}", lang) if mode else tr(f"runes.spell.{spell}", lang)
        if self._form is not None:
            self._form.relabel(lang)

    # ----- rendering: the only place synced state is made -------------------------------------
    def _render(self) -> None:
        """Set every widget value from the student's view (and the student's own input)."""
        self._show_status()
        if self._game is None:
            self._round.value = ""
            return
        self._rendering = True
        try:
            self._render_view(self._game.view(self._seat))
        finally:
            self._rendering = False

    def _render_view(self, view: Mapping[str, Any]) -> None:
        lang, seat, n = self._lang, view["seat"], view["players"]
        names = render.seat_names(view, self._levels, lang)
        self._round.value = tr("runes.board.round", lang, round=view["round"]) if view["round"] else ""
        for k, widget in enumerate(self._seats):
            if k < n - 1:
                widget.value = render.seat_panel(view, (seat + 1 + k) % n, names, self._levels, lang)
                widget.layout.display = None
            else:
                widget.value, widget.layout.display = "", "none"
        self._centre.value = render.centre(view, names, lang)
        self._me.value = render.own_panel(view, names, self._levels, lang) + (
            render.offers_panel(view, lang) if view["offers"] else "")
        self._prompt.value = render.prompt(view, names, lang)
        mine = view["current_player"] == seat
        decision = view["decision"] if mine else None
        self._render_dice(view, decision)
        self._render_casting(view, names, decision)
        self._render_moves(view, mine)
        self._render_advisor(view, decision)
        self._log.value = render.log_html(view, lang)

    def _render_dice(self, view: Mapping[str, Any], decision: str | None) -> None:
        turn = view["turn"]
        dice = turn["dice"] if turn else []
        for i, die in enumerate(self._dice):
            if i < len(dice):
                die.description = str(dice[i])
                die.layout.display = None
            else:
                die.description, die.value, die.layout.display = "", False, "none"
            die.disabled = decision not in ("roll", "cast")
        self._dice_title.value = (f'<div class="sr-roll-of">{tr("runes.board.roll_of", self._lang, used=turn["rolls_used"], allowed=turn["rolls_allowed"])}</div>'
                                  if turn else "")
        held = self._selected(view)
        self._reroll.disabled = decision != "roll" or len(held) >= 5
        self._stop.disabled = "stop" not in view["legal"]
        shown = None if decision == "roll" else "none"
        self._reroll.layout.display = self._stop.layout.display = shown

    def _render_casting(self, view: Mapping[str, Any], names: Sequence[str], decision: str | None) -> None:
        casting = decision == "cast"
        foes = [(names[w["seat"]], w["seat"]) for w in view["wizards"] if w["standing"] and w["seat"] != view["seat"]]
        if list(self._target.options) != foes:
            keep = self._target.value
            self._target.options = foes
            if keep in [q for _, q in foes]:
                self._target.value = keep
        self._target.disabled = not casting
        for key, button in self._spells.items():
            spell = key.split(":")[0]
            button.disabled = self._cast_for(view, key) is None
            button.tooltip = tr(f"runes.spell.{spell}.text", self._lang)
        self._end.disabled = "end" not in view["legal"]

    def _render_moves(self, view: Mapping[str, Any], mine: bool) -> None:
        wizards = [w["wizard"] for w in view["wizards"]]
        legal = legal_actions(view) if mine else []
        others = [a for a in legal if a.verb not in _OWN_CONTROLS]
        self._moves = [str(a) for a in others[:MOVE_BUTTONS]]
        for i, button in enumerate(self._move_buttons):
            if i < len(self._moves):
                button.description = describe_action(others[i], wizards, self._lang)
                button.button_style = "info" if others[i].verb in ("pick", "keep", "pass") else ""
                button.disabled, button.layout.display = False, None
            else:
                button.description, button.disabled, button.layout.display = "", True, "none"
        self._moves_title.layout.display = None if others else "none"
        options = [(describe_action(a, wizards, self._lang), str(a)) for a in legal]
        if list(self._all_moves.options) != options:
            self._all_moves.options = options
            self._all_moves.value = options[0][1] if options else None
        self._all_moves.disabled = self._do.disabled = not options

    def _render_advisor(self, view: Mapping[str, Any], decision: str | None) -> None:
        on = self._advisor_toggle.value
        self._advisor.layout.display = None if on else "none"
        if on:
            held = self._selected(view) if decision == "roll" else []
            self._advisor.value = render.advisor(view, held, self._lang)

    # ----- the student's input ----------------------------------------------------------------
    def _selected(self, view: Mapping[str, Any]) -> list[int]:
        """The values of the dice the student has selected (only dice on the table count)."""
        dice = view["turn"]["dice"] if view["turn"] else []
        return sorted(dice[i] for i, die in enumerate(self._dice) if die.value and i < len(dice))

    def _selection_changed(self, _change: Any) -> None:
        if not self._rendering and self._game is not None:
            self._render()

    def _clear_selection(self) -> None:
        self._rendering = True
        try:
            for die in self._dice:
                die.value = False
        finally:
            self._rendering = False

    def _cast_for(self, view: Mapping[str, Any], key: str) -> str | None:
        """The legal cast behind a spell button: the selected dice (or, if none, the highest
        group) at the chosen target; None if the student may not cast it now."""
        if view["current_player"] != view["seat"]:
            return None
        spell, _, mode = key.partition(":")
        chosen = tuple(self._selected(view))
        casts = [a for a in legal_actions(view) if a.verb == "cast" and a.name == spell and a.arg == mode
                 and (a.target is None or a.target == self._target.value) and (not chosen or a.dice == chosen)]
        return str(max(casts, key=lambda a: a.dice)) if casts else None

    def _on_spell(self, key: str) -> None:
        game = self._game
        if game is None:
            return
        action = self._cast_for(game.view(self._seat, log=False), key)
        if action is None:
            self._say("runes.board.no_group", "sr-error", spell=tr(f"runes.spell.{key.split(':')[0]}", self._lang))
            self._render()
            return
        self._student_action(action)

    def _on_reroll(self, _button: Any = None) -> None:
        game = self._game
        if game is None:
            return
        held = self._selected(game.view(self._seat, log=False))
        self._student_action(str(Action("hold", dice=tuple(held))))

    def _on_move(self, i: int) -> None:
        if i < len(self._moves):
            self._student_action(self._moves[i])

    def _student_action(self, action: str | None) -> None:
        """Any student move: checked here (whose decision) and by the engine (is it legal)."""
        game = self._game
        if game is None or not isinstance(action, str) or parse(action) is None:
            return
        if game.current_player != self._seat:
            if game.current_player is not None:
                names = render.seat_names(game.view(self._seat, log=False), self._levels, self._lang)
                self._say("runes.board.not_your_turn", "sr-error", who=names[game.current_player])
        else:
            try:
                game.apply(action)
            except TowerError as err:
                self._say("runes.board.illegal", "sr-error", message=err)
            else:
                self._say("")
                self._clear_selection()
                self._autosave()
                self._run_bots()
        self._render()

    # ----- bots -------------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        game = self._game
        return game is not None and not game.is_over and game.current_player != self._seat
