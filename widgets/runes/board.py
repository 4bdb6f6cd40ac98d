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
from towerlib.core.i18n import register, tr
from towerlib.runes.actions import Action, parse
from towerlib.runes.bots import legal_actions, make_bot
from towerlib.runes.views import describe_action, narrate

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)
from . import render
from ..a11y import Shortcut
from ..messages import board_key
from ..saves import SaveFolder
from .setup import BOT_LEVELS, DEFAULT_LEVEL, MAX_PLAYERS, SetupForm
from .style import CSS
from ..game_table import GameTable

#: The spell buttons: a spell, or ``familiar:<mode>`` for the two ways to cast Familiar.
SPELL_KEYS = render.SPELL_KEYS
#: Buttons kept for the loot cards in hand (one per playable card) and for the other choices.
CARD_BUTTONS = 10
MOVE_BUTTONS = 12
#: Verbs shown as loot-card buttons, and verbs shown as choice buttons.
_CARD_VERBS = ("play", "wield")
_CHOICE_VERBS = frozenset({"pick", "keep", "release", "take", "discard", "restore", "copy", "reroll"})
#: Decisions that are windows every wizard gets (R18): "pass for me" answers them.
WINDOWS = frozenset({"window", "initiative", "counter", "smoke"})


AUTOSAVE = "autosave"            # <saves>/runes/autosave.json
#: Shortcut key of each spell button (the help panel lists them with the spells' names).
SPELL_SHORTCUTS = {"healing": "v", "attack": "a", "familiar:summon": "f", "familiar:activate": "g", "loot": "l",
                   "chain": "c", "class": "k", "restore": "t", "quantum": "q"}

MESSAGES = {
    "en": {
        "runes.board.key.die": "hold or release that die (1 is the leftmost)",
        "runes.board.die.held": "Die {n}: {value}, selected",
        "runes.board.die.free": "Die {n}: {value}, not selected",
        "runes.board.key.reroll": "re-roll the dice not held",
        "runes.board.key.stop": "stop rolling",
        "runes.board.key.end": "end the turn",
        "runes.board.key.cancel": "cancel the half-made move",
        "runes.board.key.crown_up": "Crown of Runes: the selected die +1",
        "runes.board.key.crown_down": "Crown of Runes: the selected die −1",
        "runes.board.key.cards": "go to your first loot card",
        "runes.board.key.foes": "go to the first foe you can aim at",
        "runes.board.key.spell.healing": "cast Healing with the selected dice",
        "runes.board.key.spell.attack": "cast Attack with the selected dice",
        "runes.board.key.spell.familiar:summon": "summon your Familiar",
        "runes.board.key.spell.familiar:activate": "activate your Familiar",
        "runes.board.key.spell.loot": "cast Loot",
        "runes.board.key.spell.chain": "cast Chain Lightning",
        "runes.board.key.spell.class": "cast your class spell",
        "runes.board.key.spell.restore": "cast Restore",
        "runes.board.key.spell.quantum": "cast Quantum Death",
    },
    "ru": {
        "runes.board.key.die": "оставить или отпустить этот кубик (1 — крайний слева)",
        "runes.board.die.held": "Кубик {n}: {value}, выбран",
        "runes.board.die.free": "Кубик {n}: {value}, не выбран",
        "runes.board.key.reroll": "перебросить неотложенные кубики",
        "runes.board.key.stop": "больше не бросать",
        "runes.board.key.end": "закончить ход",
        "runes.board.key.cancel": "отменить начатый ход",
        "runes.board.key.crown_up": "Корона рун: выбранный кубик +1",
        "runes.board.key.crown_down": "Корона рун: выбранный кубик −1",
        "runes.board.key.cards": "перейти к первой карте добычи",
        "runes.board.key.foes": "перейти к первому противнику, в которого можно целиться",
        "runes.board.key.spell.healing": "сотворить Исцеление выбранными кубиками",
        "runes.board.key.spell.attack": "сотворить Атаку выбранными кубиками",
        "runes.board.key.spell.familiar:summon": "призвать фамильяра",
        "runes.board.key.spell.familiar:activate": "задействовать фамильяра",
        "runes.board.key.spell.loot": "сотворить Добычу",
        "runes.board.key.spell.chain": "сотворить Цепную молнию",
        "runes.board.key.spell.class": "сотворить заклинание своего класса",
        "runes.board.key.spell.restore": "сотворить Восстановление",
        "runes.board.key.spell.quantum": "сотворить Квантовую смерть",
    },
}
register(MESSAGES)


class RunesBoard(GameTable, ipw.VBox):
    """A Spell Runes table: the student at one seat, bots at the others.

    ``RunesBoard(players=3, seat=0, bots="planner", lang="en")`` opens on the set-up form.
    Lessons fix a position with ``deal=...`` (see :class:`towerlib.runes.RunesGame`) and
    ``setup=False``, which starts at once. ``bots`` is one level for every bot ("random",
    "greedy", "planner"), a list per seat or a dict seat -> level. ``seed`` and ``deal`` stay in
    the kernel. With ``autosave`` the game is written after every move to a server-side file
    that the set-up form offers to resume.
    """

    KEY, CSS_PREFIX, DEFAULT_BOT, BOT_LEVELS = SetupForm.KEY, SetupForm.CSS_PREFIX, DEFAULT_LEVEL, BOT_LEVELS
    ROOT_CLASS = "sr-runes"
    PANEL_HEADING = "h2"                 # the log's title: a panel title right under the page's <h1>
    _engine_new_game = staticmethod(runes.new_game)
    _engine_load = staticmethod(runes.load)
    _make_bot = staticmethod(make_bot)
    _bot_levels = staticmethod(SetupForm.bot_levels)

    def __init__(self, players: int = 3, seat: int = 0, bots: str | Sequence[str | None] | Mapping[int, str] = "planner",
                 lang: str = "en", seed: int | None = None, deal: Mapping[str, Any] | None = None,
                 advisor: bool = True, bot_delay: float = 0.6, *, setup: bool = True,
                 saves_dir: str | None = None, autosave: bool = True, **options: Any) -> None:
        self._init_table(lang, bot_delay, seed, deal, SetupForm.initial(players, seat, bots, options),
                         SaveFolder(saves_dir, "runes"), AUTOSAVE if autosave else None)
        self._rendering = False
        self._release = False         # a move was played: the next render lets the held dice go
        self._build(advisor, setup)
        self._open_board([
            Shortcut(tuple("12345"), "runes.board.key.die", lambda k: self._dice[int(k) - 1], shown="1–5"),
            Shortcut(("r",), "runes.board.key.reroll", lambda _k: self._reroll),
            Shortcut(("s",), "runes.board.key.stop", lambda _k: self._stop),
            *(Shortcut((k,), f"runes.board.key.spell.{spell}", lambda _k, spell=spell: self._spells[spell])
              for spell, k in SPELL_SHORTCUTS.items()),
            Shortcut(("+",), "runes.board.key.crown_up", lambda _k: self._crown["+1"]),
            Shortcut(("-",), "runes.board.key.crown_down", lambda _k: self._crown["-1"]),
            Shortcut(("e",), "runes.board.key.end", lambda _k: self._end),
            Shortcut(("p",), "table.key.pass", lambda _k: self._pass),
            Shortcut(("Escape",), "runes.board.key.cancel", lambda _k: self._cancel, shown="Esc"),
            Shortcut(("m",), "table.key.moves", focus=".sr-move"),
            Shortcut(("j",), "runes.board.key.cards", focus=".sr-card-button"),
            Shortcut(("y",), "runes.board.key.foes", focus=".sr-foe"),
        ], setup, seed)

    def _on_open(self) -> None:
        self._clear_selection()
        self._aim, self._options = {}, []

    # ----- building the widget tree (once) ----------------------------------------------------
    def _build(self, advisor: bool, setup: bool) -> None:
        self._build_frame(CSS, SetupForm(self._settings, self._lang) if setup else None)
        self._aim: dict[int, str] = {}              # target seat -> action, while aiming (kernel only)
        self._options: list[str] = []               # the ways to play a card being chosen (kernel only)

        self._seats = [ipw.HTML() for _ in range(MAX_PLAYERS - 1)]
        self._foe_buttons = []
        seat_boxes = []
        for k, panel in enumerate(self._seats):
            b = ipw.Button(icon="crosshairs", button_style="danger", layout=ipw.Layout(width="100%", display="none"))
            b.add_class("sr-foe")
            b.add_class(f"sr-foe-{k}")
            b.on_click(lambda _b, k=k: self._on_foe(k))
            self._foe_buttons.append(b)
            seat_boxes.append(ipw.VBox([panel, b], layout=ipw.Layout(flex="1 1 220px")))
        self._seat_boxes = seat_boxes
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
        self._crown = {step: ipw.Button(layout=ipw.Layout(width="auto")) for step in ("+1", "-1")}
        self._end = ipw.Button(icon="check", button_style="success", layout=ipw.Layout(width="auto"))
        self._pass = ipw.Button(icon="forward", button_style="info", layout=ipw.Layout(width="auto"))
        self._cancel = ipw.Button(icon="times", layout=ipw.Layout(width="auto"))
        for b, cls in ((self._reroll, "sr-reroll"), (self._stop, "sr-stop"), (self._end, "sr-end"),
                       (self._pass, "sr-pass"), (self._cancel, "sr-cancel"), (self._crown["+1"], "sr-crown-up"),
                       (self._crown["-1"], "sr-crown-down")):
            b.add_class("sr-action")
            b.add_class(cls)
        self._reroll.on_click(self._on_reroll)
        self._stop.on_click(lambda _b: self._play_student("stop"))
        self._end.on_click(lambda _b: self._play_student("end"))
        self._pass.on_click(lambda _b: self._play_student("pass"))
        self._cancel.on_click(self._on_cancel)
        for step, b in self._crown.items():
            b.on_click(lambda _b, step=step: self._on_crown(step))
        self._autopass = ipw.Checkbox(value=False, indent=False, layout=ipw.Layout(width="auto"))
        self._autopass.add_class("sr-autopass")
        self._autopass.observe(self._autopass_changed, "value")
        self._spells: dict[str, ipw.Button] = {}
        for key in SPELL_KEYS:
            spell = key.split(":")[0]
            b = ipw.Button(layout=ipw.Layout(width="auto"))
            b.style.button_color = render.SPELL_COLOURS[spell]
            b.add_class("sr-spell")
            b.add_class(f"sr-spell-{key.replace(':', '-')}")
            b.on_click(lambda _b, key=key: self._on_spell(key))
            self._spells[key] = b
        self._card_buttons, self._cards = [], []
        for i in range(CARD_BUTTONS):
            b = ipw.Button(layout=ipw.Layout(width="auto", display="none"))
            b.add_class("sr-action")
            b.add_class("sr-card-button")
            b.on_click(lambda _b, i=i: self._on_card(i))
            self._card_buttons.append(b)
        moves = self._build_moves(MOVE_BUTTONS)
        for b in self._move_buttons:
            b.add_class("sr-action")
        self._advisor_toggle = ipw.Checkbox(value=bool(advisor), indent=False, layout=ipw.Layout(width="auto"))
        self._advisor_toggle.observe(lambda _c: self._render(), "value")
        self._advisor = ipw.HTML()
        self._new = ipw.Button(icon="redo", layout=ipw.Layout(width="auto"))
        self._new.add_class("sr-new")
        self._new.on_click(self._on_new_game)

        self._group_titles = {g: ipw.HTML() for g in ("dice", "spells", "loot", "choices", "end")}
        dice_row = ipw.HBox([*self._dice, self._dice_title, self._reroll, self._stop, *self._crown.values()])
        dice_row.add_class("sr-dice-row")
        spells = ipw.GridBox(list(self._spells.values()),
                             layout=ipw.Layout(grid_template_columns="repeat(5, 1fr)", width="100%"))
        spells.add_class("sr-spells")
        cards = ipw.Box(self._card_buttons)
        cards.add_class("sr-moves")
        cards.add_class("sr-loot-row")
        end_row = ipw.HBox([self._end, self._pass, self._cancel, self._autopass],
                           layout=ipw.Layout(grid_gap="8px", align_items="center"))
        end_row.add_class("sr-end-row")
        self._groups = {
            "dice": ipw.VBox([self._group_titles["dice"], dice_row]),
            "spells": ipw.VBox([self._group_titles["spells"], spells]),
            "loot": ipw.VBox([self._group_titles["loot"], cards]),
            "choices": ipw.VBox([self._group_titles["choices"], moves]),
            "end": ipw.VBox([self._group_titles["end"], end_row]),
        }
        for name, box in self._groups.items():
            box.add_class("sr-group")
            box.add_class(f"sr-group-{name}")
        controls = ipw.VBox([self._prompt, *self._groups.values()], layout=ipw.Layout(grid_gap="6px", flex="1 1 600px"))
        controls.add_class("sr-panel")
        controls.add_class("sr-controls")
        side = ipw.VBox([self._advisor_toggle, self._advisor], layout=ipw.Layout(flex="0 0 400px"))
        side.add_class("sr-panel")
        side.add_class("sr-side")
        opponents = ipw.Box(seat_boxes, layout=ipw.Layout(flex_flow="row wrap", flex="1 1 600px", grid_gap="8px"))
        top = ipw.HBox([opponents, self._centre], layout=ipw.Layout(grid_gap="8px", align_items="flex-start"))
        middle = ipw.HBox([ipw.VBox([self._me, controls], layout=ipw.Layout(flex="1 1 620px", grid_gap="8px")),
                           side], layout=ipw.Layout(grid_gap="8px", align_items="flex-start"))
        log_box = self._build_log_panel()
        footer = ipw.HBox([self._new])
        footer.add_class("sr-footer")
        self._centre.add_class("sr-panel")
        self._table = ipw.VBox([top, middle, log_box, footer, self._build_saves()],
                               layout=ipw.Layout(display="none", grid_gap="8px"))

    # ----- labels ---------------------------------------------------------------------------
    def _relabel(self) -> None:
        """Every fixed label in the current language."""
        lang = self._lang
        self._title.value = tr("runes.game", lang)
        self._lang_pick.description = tr(board_key(self.KEY, "language"), lang)
        self._reroll.description = tr("runes.board.reroll", lang)
        self._stop.description = tr("runes.board.stop", lang)
        self._end.description = tr("runes.action.end", lang).capitalize()
        self._pass.description = tr("runes.board.pass", lang)
        self._cancel.description = tr("runes.board.cancel", lang)
        for step, b in self._crown.items():
            b.description = tr("runes.board.crown", lang, step=step)
        self._autopass.description = tr("runes.board.autopass", lang)
        self._autopass.tooltip = tr("runes.board.autopass_tip", lang)
        for name, title in self._group_titles.items():
            title.value = f'<div class="sr-h4">{tr(f"runes.board.group.{name}", lang)}</div>'
        self._advisor_toggle.description = tr("runes.board.advisor", lang)
        self._advisor_toggle.tooltip = tr("runes.board.advisor_tip", lang)
        self._new.description = tr(board_key(self.KEY, "new_game"), lang)
        for key, b in self._spells.items():
            spell, _, mode = key.partition(":")
            b.description = tr(f"runes.board.familiar_{mode}", lang) if mode else tr(f"runes.spell.{spell}", lang)
        self._relabel_table()

    # ----- rendering: the only place synced state is made -------------------------------------
    def _render(self) -> None:
        """GameTable's render, flagged: the dice and aim widgets' observers then know that a value
        change is the board's own, not the student's input."""
        self._rendering = True
        try:
            super()._render()
        finally:
            self._rendering = False

    def _log_lines(self, view: Mapping[str, Any]) -> list[str]:
        wizards = [w["wizard"] for w in view["wizards"]]
        return [narrate(event, wizards, self._lang) for event in view["log"] or []]

    def _render_view(self, view: Mapping[str, Any]) -> None:
        lang, seat, n = self._lang, view["seat"], view["players"]
        mine = view["current_player"] == seat
        legal = set(view["legal"])
        if not set(self._aim.values()) <= legal or not set(self._options) <= legal:
            self._aim, self._options = {}, []        # the position moved on: the half-made move is gone
        aim = dict(self._aim)
        if mine and view["decision"] == "target":     # a power's target: the foes are the buttons
            aim = {a.target: str(a) for a in legal_actions(view) if a.verb == "target"}
        names = render.seat_names(view, self._levels, lang)
        self._round.value = tr("runes.board.round", lang, round=view["round"]) if view["round"] else ""
        for k, widget in enumerate(self._seats):
            q = (seat + 1 + k) % n
            button = self._foe_buttons[k]
            if k < n - 1:
                widget.value = render.seat_panel(view, q, names, self._levels, lang, aimed=q in aim)
                self._seat_boxes[k].layout.display = None
                with button.hold_sync():
                    button.description = tr("runes.board.aim_at", lang, name=names[q])
                    button.disabled = q not in aim
                button.layout.display = None if q in aim else "none"
            else:
                widget.value, self._seat_boxes[k].layout.display = "", "none"
                button.layout.display, button.disabled = "none", True
        self._centre.value = render.centre(view, names, lang)
        self._me.value = render.own_panel(view, names, self._levels, lang) + (
            render.offers_panel(view, lang) if view["offers"] else "")
        self._prompt.value = render.prompt(view, names, lang, aiming=bool(aim), choosing=bool(self._options))
        decision = view["decision"] if mine else None
        self._render_dice(view, decision)
        self._render_casting(view)
        self._render_cards(view, mine)
        self._render_moves(view, mine)
        self._cancel.layout.display = None if self._aim or self._options else "none"
        self._render_advisor(view, decision)
        self._show_log(render.log_html(view, lang))

    def _render_dice(self, view: Mapping[str, Any], decision: str | None) -> None:
        turn = view["turn"]
        dice = turn["dice"] if turn else []
        for i, die in enumerate(self._dice):
            with die.hold_sync():                       # one message per die, whatever changed
                if self._release:
                    die.value = False
                if i < len(dice):
                    die.description = str(dice[i])
                    die.tooltip = tr(f"runes.board.die.{'held' if die.value else 'free'}", self._lang, n=i + 1,
                                     value=dice[i])
                    die.layout.display = None
                else:
                    die.description, die.value, die.tooltip, die.layout.display = "", False, "", "none"
                die.disabled = decision not in ("roll", "cast")
        self._release = False
        self._dice_title.value = (f'<div class="sr-roll-of">{tr("runes.board.roll_of", self._lang, used=turn["rolls_used"], allowed=turn["rolls_allowed"])}</div>'
                                  if turn else "")
        held = self._selected(view)
        self._reroll.disabled = decision != "roll" or len(held) >= 5
        self._stop.disabled = "stop" not in view["legal"]
        shown = None if decision == "roll" else "none"
        self._reroll.layout.display = self._stop.layout.display = shown
        for step, b in self._crown.items():
            crowns = [a for a in view["legal"] if a.startswith("crown ") and a.endswith(step)]
            b.layout.display = None if crowns else "none"
            b.disabled = self._crown_for(view, step, held) is None
        self._groups["dice"].layout.display = None if dice else "none"

    def _render_casting(self, view: Mapping[str, Any]) -> None:
        held = self._selected(view)
        for key, button in self._spells.items():
            with button.hold_sync():
                button.disabled = not self._casts_for(view, key, held)
                button.tooltip = render.spell_hint(view, key, self._lang, held)[1]
        self._groups["spells"].layout.display = None if view["turn"] and view["turn"]["seat"] == view["seat"] else "none"
        self._end.disabled = "end" not in view["legal"]
        self._pass.disabled = "pass" not in view["legal"]
        self._end.layout.display = None if "end" in view["legal"] else "none"
        self._pass.layout.display = None if "pass" in view["legal"] else "none"

    def _render_cards(self, view: Mapping[str, Any], mine: bool) -> None:
        """One button per playable loot card (or artifact to wield)."""
        cards: list[tuple[str, str]] = []
        for a in legal_actions(view) if mine else []:
            if a.verb in _CARD_VERBS and (a.verb, a.name) not in cards:
                cards.append((a.verb, a.name))
        self._cards = cards[:CARD_BUTTONS]
        for i, button in enumerate(self._card_buttons):
            if i < len(self._cards):
                verb, card = self._cards[i]
                name = tr(f"runes.card.{card}", self._lang)
                with button.hold_sync():
                    button.description = tr("runes.board.wield", self._lang, name=name) if verb == "wield" else name
                    button.tooltip = tr(f"runes.card.{card}.text", self._lang)
                    button.disabled = False
                button.layout.display = None
            else:
                with button.hold_sync():
                    button.description, button.tooltip, button.disabled = "", "", True
                button.layout.display = "none"
        self._groups["loot"].layout.display = None if self._cards else "none"

    def _render_moves(self, view: Mapping[str, Any], mine: bool) -> None:
        """The other choices (a board to keep, a familiar, a card to take...), or the ways to play
        a card being chosen."""
        wizards = [w["wizard"] for w in view["wizards"]]
        if self._options:
            shown = [parse(a) for a in self._options]
        else:
            shown = [a for a in (legal_actions(view) if mine else []) if a.verb in _CHOICE_VERBS]
        shown = shown[:MOVE_BUTTONS]
        self._show_moves([str(a) for a in shown], [describe_action(a, wizards, self._lang) for a in shown],
                         styles=["info" if a.verb in ("pick", "keep") else "" for a in shown])
        self._groups["choices"].layout.display = None if self._moves else "none"

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

    def _casts_for(self, view: Mapping[str, Any], key: str, held: Sequence[int] | None = None) -> list[Action]:
        """The legal casts behind a spell button: the selected group of dice (or, if none is
        selected, the highest group), one per target; empty if the student may not cast it now.
        ``held``: the selection if the caller has it already."""
        if view["current_player"] != view["seat"]:
            return []
        spell, _, mode = key.partition(":")
        chosen = tuple(self._selected(view) if held is None else held)
        casts = [a for a in legal_actions(view) if a.verb == "cast" and a.name == spell and a.arg == mode
                 and (not chosen or a.dice == chosen)]
        if not casts:
            return []
        group = max(a.dice for a in casts)
        return [a for a in casts if a.dice == group]

    def _crown_for(self, view: Mapping[str, Any], step: str, held: Sequence[int] | None = None) -> str | None:
        """The Crown of Runes move on the one selected die, if it is legal (``held``: the selection
        if the caller has it already)."""
        chosen = self._selected(view) if held is None else held
        if len(chosen) != 1:
            return None
        text = f"crown {chosen[0]} {step}"
        return text if text in view["legal"] else None

    def _choose(self, actions: Sequence[Action]) -> None:
        """Play ``actions[0]`` if it is the only way; aim at a foe if they differ by target;
        otherwise offer the ways as choice buttons."""
        if len(actions) == 1:
            self._play_student(str(actions[0]))
        elif all(a.target is not None for a in actions):
            self._aim, self._options = {a.target: str(a) for a in actions}, []
            self._render()
        else:
            self._aim, self._options = {}, [str(a) for a in actions]
            self._render()

    def _on_spell(self, key: str) -> None:
        game = self._game
        if game is None:
            return
        casts = self._casts_for(game.view(self._seat, log=False), key)
        if not casts:
            self._say("runes.board.no_group", "sr-error", spell=tr(f"runes.spell.{key.split(':')[0]}", self._lang))
            self._render()
            return
        self._choose(casts)

    def _on_card(self, i: int) -> None:
        game = self._game
        if game is None or i >= len(self._cards):
            return
        view = game.view(self._seat, log=False)
        verb, card = self._cards[i]
        ways = [a for a in legal_actions(view) if a.verb == verb and a.name == card]
        if not ways:
            self._render()
            return
        if len(ways) > 1 and card == "lucky_charm":        # re-roll the die the student selected
            chosen = self._selected(view)
            ways = [a for a in ways if len(chosen) == 1 and a.dice == (chosen[0],)]
            if not ways:
                self._say("runes.board.pick_die", "sr-error")
                self._render()
                return
        self._choose(ways)

    def _on_foe(self, k: int) -> None:
        game = self._game
        if game is None:
            return
        view = game.view(self._seat, log=False)
        q = (self._seat + 1 + k) % view["players"]
        aim = self._aim or {a.target: str(a) for a in legal_actions(view) if a.verb == "target"}
        if q in aim:
            self._play_student(aim[q])
        else:
            self._render()

    def _on_cancel(self, _button: Any = None) -> None:
        self._aim, self._options = {}, []
        self._render()

    def _on_crown(self, step: str) -> None:
        game = self._game
        if game is not None:
            self._play_student(self._crown_for(game.view(self._seat, log=False), step))

    def _on_reroll(self, _button: Any = None) -> None:
        game = self._game
        if game is None:
            return
        held = self._selected(game.view(self._seat, log=False))
        self._play_student(str(Action("hold", dice=tuple(held))))

    def _autopass_changed(self, _change: Any) -> None:
        if not self._rendering and self._game is not None:
            self._run_bots()
            self._render()

    def _seat_names(self) -> list[str]:
        return render.seat_names(self._game.view(self._seat, log=False), self._levels, self._lang)

    def _after_student_move(self) -> None:
        self._release = True          # the held dice are let go by the render, with their new faces
        self._aim, self._options = {}, []

    # ----- bots -------------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        """A bot is to move, or the student's "pass for me" answers a window with nothing to play."""
        game = self._game
        if game is None or game.is_over:
            return False
        return game.current_player != self._seat or self._autopass_due()

    def _autopass_due(self) -> bool:
        if not self._autopass.value:
            return False
        view = self._game.view(self._seat, log=False)
        return view["decision"] in WINDOWS and view["legal"] == ["pass"]

    def _bot_move(self) -> Any:
        if self._game.current_player == self._seat:     # "pass for me": the student's setting
            self._game.apply("pass")
            return None
        return super()._bot_move()
