"""``AmulettBoard``: play Das Amulett against bots in JupyterLab, Notebook 7 or Voila.

Every synced value is made by :meth:`AmulettBoard._render` from ``game.view(seat)`` of the
student's seat (through :mod:`.render` and :mod:`.panels`), plus the board's own settings
(language, the ledger meter toggle). Other players' metal cards, the deck order, secret stone
allocations, the seed and fixed round markers never reach a trait (teacher mode adds the truth
on purpose, and only on a page opened with the teacher link).

The widget tree is built once: the SVG map with one button per area under it (the areas Hat #2
may go to light up, the others stay disabled), a pool of jewel buttons painted in the jewels'
colours, a bid control whose dropdown offers exactly the legal amounts, and a fixed pool of move
buttons for everything else (set-up choices, spell powers). Paying and placing the starting
stones can have hundreds of options, so they get a composer: one dropdown per metal (or per dealt
spell) offering only the counts that occur in some legal action, and a button. A handler never
trusts a widget: it rebuilds the action from the student's legal actions and lets
the engine judge it; a refused action leaves the game as it was.
"""
from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

import ipywidgets as ipw
import towerlib.amulett as amulett
from towerlib.amulett.actions import allot_action, parse, pay_action
from towerlib.amulett.bots import make_bot
from towerlib.amulett.rules import AREAS, CHOOSE_FROM, MAX_PLAYERS, METALS
from towerlib.amulett.views import narrate
from towerlib.core.i18n import register, tr

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)
from . import panels, render
from ..a11y import Shortcut
from ..messages import board_key
from ..game_table import GameTable
from ..saves import SaveFolder
from .setup import BOT_LEVELS, DEFAULT_LEVEL, SetupForm
from .style import CSS

#: Buttons kept for the moves that are not an area, a jewel or a bid.
MOVE_BUTTONS = 72
#: Buttons kept for jewel choices (Jewel Lens may offer the jewels of adjacent areas too).
JEWEL_BUTTONS = 24
#: Dropdowns of the card/stone composer: one per metal when paying, one per dealt spell when placing stones.
COMPOSER_SLOTS = max(len(METALS), CHOOSE_FROM)
#: Decisions made with the composer rather than one button per option (they can have hundreds).
COMPOSED = ("pay", "allot")
AUTOSAVE = "autosave"

MESSAGES = {
    "en": {
        "amulett.board.key.bid": "bid the amount chosen in the list",
        "amulett.board.key.compose": "pay, or place the starting stones, as composed",
        "amulett.board.key.keep": "keep (the offered spells)",
        "amulett.board.key.done": "done",
        "amulett.board.key.areas": "go to the map's first area Hat #2 may move to",
        "amulett.board.key.jewels": "go to the first jewel you may take",
        "amulett.board.key.amount": "go to the bid amount (then the arrow keys)",
    },
    "ru": {
        "amulett.board.key.bid": "сделать ставку, выбранную в списке",
        "amulett.board.key.compose": "заплатить или разместить стартовые камни, как составлено",
        "amulett.board.key.keep": "оставить (предложенные заклинания)",
        "amulett.board.key.done": "готово",
        "amulett.board.key.areas": "перейти к первой области карты, куда может пойти Шляпа №2",
        "amulett.board.key.jewels": "перейти к первому самоцвету, который можно взять",
        "amulett.board.key.amount": "перейти к размеру ставки (дальше — стрелки)",
    },
}
register(MESSAGES)


class AmulettBoard(GameTable, ipw.VBox):
    """A Das Amulett table: the student at one seat, bots at the others.

    ``AmulettBoard(players=4, seat=0, bots="planner", lang="en")`` opens on the set-up form;
    ``setup=False`` starts at once (lessons fix a position with ``deal=...``).
    """

    KEY, CSS_PREFIX, DEFAULT_BOT, BOT_LEVELS = SetupForm.KEY, SetupForm.CSS_PREFIX, DEFAULT_LEVEL, BOT_LEVELS
    ROOT_CLASS = "am-amulett"
    PANEL_HEADING = "h2"                 # the log's title: a panel title right under the page's <h1>
    _engine_new_game = staticmethod(amulett.new_game)
    _engine_load = staticmethod(amulett.load)
    _make_bot = staticmethod(make_bot)
    _bot_levels = staticmethod(SetupForm.bot_levels)

    def __init__(self, players: int = 4, seat: int = 0,
                 bots: str | Sequence[str | None] | Mapping[int, str] = DEFAULT_LEVEL, lang: str = "en",
                 seed: int | None = None, deal: Mapping[str, Any] | None = None, ledger: bool = False,
                 bot_delay: float = 0.6, *, setup: bool = True, saves_dir: str | None = None,
                 autosave: bool = True, **options: Any) -> None:
        self._init_table(lang, bot_delay, seed, deal, SetupForm.initial(players, seat, bots, options),
                         SaveFolder(saves_dir, "amulett"), AUTOSAVE if autosave else None)
        self._jewels: list[str] = []         # the actions behind the jewel buttons
        self._build(ledger, setup)
        self._open_board([
            Shortcut(("b",), "amulett.board.key.bid", lambda _k: self._bid),
            Shortcut(("p",), "table.key.pass", lambda _k: self._pass),
            Shortcut(("c",), "amulett.board.key.compose", lambda _k: self._compose_go),
            Shortcut(("k",), "amulett.board.key.keep", lambda _k: self._move_for("keep")),
            Shortcut(("d",), "amulett.board.key.done", lambda _k: self._move_for("done")),
            Shortcut(("m",), "table.key.moves", focus=".am-move"),
            Shortcut(("a",), "amulett.board.key.areas", focus=".am-area-button"),
            Shortcut(("j",), "amulett.board.key.jewels", focus=".am-jewel-button"),
            Shortcut(("v",), "amulett.board.key.amount", focus=".am-bid-amount select"),
        ], setup, seed)

    # ----- building the widget tree (once) ----------------------------------------------------
    def _build(self, ledger: bool, setup: bool) -> None:
        self._build_frame(CSS, SetupForm(self._settings, self._lang) if setup else None)
        self._map = ipw.HTML()
        self._where = ipw.HTML()
        self._map_title = ipw.HTML()
        self._areas: dict[str, ipw.Button] = {}
        for area in sorted(AREAS, key=lambda a: (a.r, a.q)):
            b = ipw.Button(description=area.id, disabled=True, layout=ipw.Layout(width="56px"))
            b.add_class("am-area-button")
            b.add_class(f"am-at-{area.id}")
            b.on_click(lambda _b, a=area.id: self._on_area(a))
            self._areas[area.id] = b
        self._area_box = ipw.Box(list(self._areas.values()), layout=ipw.Layout(flex_flow="row wrap", grid_gap="3px"))
        self._jewel_buttons = []
        for i in range(JEWEL_BUTTONS):
            b = ipw.Button(layout=ipw.Layout(width="auto", display="none"))
            b.add_class("am-jewel-button")
            b.on_click(lambda _b, i=i: self._on_jewel(i))
            self._jewel_buttons.append(b)
        self._jewel_box = ipw.Box(self._jewel_buttons, layout=ipw.Layout(flex_flow="row wrap", grid_gap="4px"))
        self._market = ipw.HTML()
        self._prompt = ipw.HTML()
        self._prompt.add_class("am-prompt")
        self._market.add_class("am-market")
        self._bid_amount = ipw.Dropdown(options=[], layout=ipw.Layout(width="160px"))
        self._bid_amount.add_class("am-bid-amount")
        self._bid = ipw.Button(button_style="warning", icon="gavel", layout=ipw.Layout(width="auto"))
        self._bid.add_class("am-bid")
        self._bid.on_click(self._on_bid)
        self._pass = ipw.Button(layout=ipw.Layout(width="auto"))
        self._pass.add_class("am-pass")
        self._pass.on_click(lambda _b: self._play_student("pass"))
        self._bid_box = ipw.HBox([self._bid_amount, self._bid, self._pass],
                                 layout=ipw.Layout(grid_gap="6px", display="none"))
        self._bid_box.add_class("am-bid-box")
        self._compose_title = ipw.HTML()
        self._compose_slots = [ipw.Dropdown(options=["0"], value="0", layout=ipw.Layout(width="210px", display="none"),
                                            style={"description_width": "initial"}) for _ in range(COMPOSER_SLOTS)]
        for q, w in enumerate(self._compose_slots):
            w.add_class("am-compose-slot")
            w.add_class(f"am-compose-{q}")
        self._compose_go = ipw.Button(button_style="warning", layout=ipw.Layout(width="auto"))
        self._compose_go.add_class("am-compose-go")
        self._compose_go.on_click(self._on_compose)
        self._compose_box = ipw.VBox([self._compose_title, ipw.HBox(self._compose_slots, layout=ipw.Layout(
            flex_flow="row wrap", grid_gap="4px")), self._compose_go], layout=ipw.Layout(display="none"))
        self._compose_verb: str | None = None      # "pay" or "allot" while the composer is shown (kernel only)
        self._compose_keys: list[str] = []         # the metal or spell behind each dropdown
        self._actions_title = ipw.HTML()
        moves = self._build_moves(MOVE_BUTTONS)
        self._ledger_toggle = ipw.Checkbox(value=bool(ledger), indent=False, layout=ipw.Layout(width="auto"))
        self._ledger_toggle.add_class("am-ledger-toggle")
        self._ledger_toggle.observe(lambda _c: self._render(), "value")
        self._ledger = ipw.HTML()
        self._sheets = [ipw.HTML() for _ in range(MAX_PLAYERS)]
        self._new = ipw.Button(icon="redo", layout=ipw.Layout(width="auto"))
        self._new.on_click(self._on_new_game)
        left = ipw.VBox([self._map, self._where, self._map_title, self._area_box, self._jewel_box],
                        layout=ipw.Layout(flex="0 0 540px"))
        right = ipw.VBox([self._market, self._prompt, self._bid_box, self._compose_box, self._actions_title, moves,
                          self._ledger_toggle, self._ledger], layout=ipw.Layout(flex="1 1 380px"))
        for box in (left, right):
            box.add_class("am-panel")
        sheets = ipw.Box(self._sheets, layout=ipw.Layout(flex_flow="row wrap", grid_gap="8px"))
        log_box = self._build_log_panel()
        footer = ipw.HBox([self._new])
        footer.add_class("am-footer")
        self._table = ipw.VBox([ipw.HBox([left, right], layout=ipw.Layout(grid_gap="8px")), sheets, log_box,
                                footer, self._build_saves()], layout=ipw.Layout(display="none", grid_gap="8px"))

    # ----- labels ---------------------------------------------------------------------------
    def _relabel(self) -> None:
        lang = self._lang
        t = lambda key: tr(board_key(self.KEY, key), lang)  # noqa: E731
        self._title.value = t("title")
        self._lang_pick.description = t("language")
        self._map_title.value = f"<b>{t('map_moves')}</b>"
        self._actions_title.value = f"<b>{t('actions')}</b>"
        self._bid_amount.description = t("bid_amount")
        self._bid.description = t("bid")
        self._pass.description = t("act.pass")
        self._ledger_toggle.description = t("ledger")
        self._ledger_toggle.tooltip = t("ledger_tip")
        self._new.description = t("new_game")
        self._relabel_table()

    # ----- rendering: the view into widget values (GameTable._render calls it) -----------------
    def _log_lines(self, view: Mapping[str, Any]) -> list[str]:
        return [narrate(event, self._lang) for event in view["log"] or []]

    def _render_view(self, view: Mapping[str, Any]) -> None:
        lang = self._lang
        names = panels.seat_names(view, lang)
        legal = view["legal"]
        phase = tr(f"amulett.phase.{view['phase']}", lang)
        self._round.value = tr("amulett.board.round", lang, round=view["round"], phase=phase)
        self._map.value = render.map_svg(view, lang)
        self._where.value = panels.header_line(view, names, lang)
        targets = {a.split(" ")[1] for a in legal if a.startswith("move ")}
        for area, b in self._areas.items():
            on = area in targets
            with b.hold_sync():                         # one message per widget, whatever changed
                b.disabled, b.button_style = not on, "danger" if on else ""
        self._jewels = [a for a in legal if a.startswith("jewel ")][:JEWEL_BUTTONS]
        for i, b in enumerate(self._jewel_buttons):
            with b.hold_sync(), b.style.hold_sync():
                if i < len(self._jewels):
                    colour = self._jewels[i].split(" ")[1]
                    b.description, b.tooltip, b.disabled = (panels.describe(self._jewels[i], names, lang),
                                                            self._jewels[i], False)
                    b.style.button_color, b.layout.display = render.JEWEL_FILL[colour], None
                    b.style.text_color = render.JEWEL_INK[colour]
                else:
                    b.description, b.tooltip, b.disabled, b.layout.display = "", "", True, "none"
                    b.style.button_color = b.style.text_color = None
        amounts = [a.split(" ")[1] for a in legal if a.startswith("bid ")]
        bidding = bool(amounts) or "pass" in legal
        keep = self._bid_amount.value if self._bid_amount.value in amounts else (amounts[0] if amounts else None)
        with self._bid_amount.hold_sync():           # new options and the kept amount in one message
            if list(self._bid_amount.options) != amounts:
                self._bid_amount.options = amounts
            self._bid_amount.value = keep
        self._bid.disabled = not amounts
        self._pass.disabled = "pass" not in legal
        self._bid_box.layout.display = None if bidding else "none"
        self._market.value = panels.market(view, names, lang)
        self._prompt.value = panels.prompt(view, names, lang)
        self._render_composer(view, legal)
        moves = [a for a in legal if a.split(" ")[0] not in ("move", "jewel", "bid", "pass") + COMPOSED][:MOVE_BUTTONS]
        self._show_moves(moves, [panels.describe(a, names, lang) for a in moves], tooltips=moves)
        for q, w in enumerate(self._sheets):
            if q < view["players"]:
                w.value, w.layout.display = panels.sheet(view, q, names, lang), None
            else:
                w.value, w.layout.display = "", "none"
        on = self._ledger_toggle.value
        self._ledger.layout.display = None if on else "none"
        truth = self._true_hands() if on and self._teacher_box is not None else None
        self._ledger.value = panels.ledger_meter(view, names, lang, truth) if on else ""
        self._show_log(panels.log_html(view, lang))

    def _render_composer(self, view: Mapping[str, Any], legal: Sequence[str]) -> None:
        """The composer for a payment or the starting stones: each dropdown offers the counts of
        its metal (spell) that occur in some legal action (0 if some action leaves it out), so no
        impossible number is offered; a new decision starts from its first legal action."""
        lang = self._lang
        verb = next((v for v in COMPOSED if any(a.startswith(v + " ") for a in legal)), None)
        choices = [dict(pair.split(":") for pair in a.split(" ")[1:]) for a in legal
                   if verb is not None and a.startswith(verb + " ")]
        counts = {key: {c.get(key, "0") for c in choices} for c in choices for key in c}
        if verb == "pay":
            keys = [m for m in METALS if m in counts]
            labels = [tr(f"amulett.metal.{m}", lang) for m in keys]
            pending = view["pending"]
            metals = ", ".join(tr(f"amulett.metal.{m}", lang) for m in pending["allowed"])
            title = tr("amulett.board.compose.pay", lang, cost=pending["cost"], metals=metals)
        elif verb == "allot":
            keys = sorted(counts, key=int)
            labels = [f"{panels.spell_name(int(n), lang)} ({n})" for n in keys]
            title = tr("amulett.board.compose.allot", lang)
        else:
            keys, labels, title = [], [], ""
        fresh = keys != self._compose_keys or verb != self._compose_verb
        self._compose_verb, self._compose_keys = verb, keys
        for q, w in enumerate(self._compose_slots):
            options = sorted(counts[keys[q]], key=int) if q < len(keys) else ["0"]
            # a new decision starts from its first legal choice; later renders keep the student's
            value = choices[0].get(keys[q], "0") if q < len(keys) and (fresh or w.value not in options) else \
                (w.value if w.value in options else options[0])
            with w.hold_sync():
                if list(w.options) != options:
                    w.options = options
                w.value = value
                w.description = labels[q] if q < len(keys) else ""
            w.layout.display = None if q < len(keys) else "none"
        self._compose_title.value = f"<b>{escape(title)}</b>" if title else ""
        with self._compose_go.hold_sync():
            self._compose_go.description = tr(f"amulett.board.compose.{verb}_go", lang) if verb else ""
            self._compose_go.disabled = verb is None
        self._compose_box.layout.display = None if verb else "none"

    def _on_compose(self, _button: Any = None) -> None:
        verb, keys = self._compose_verb, self._compose_keys
        if verb is None:
            return
        chosen = {}
        for key, w in zip(keys, self._compose_slots):
            if not (isinstance(w.value, str) and w.value.isdigit()):
                return
            if int(w.value) > 0:
                chosen[key] = int(w.value)
        if verb == "pay":
            action = str(pay_action(chosen))
        else:
            action = str(allot_action({int(k): v for k, v in chosen.items()}))
        if parse(action) is None:                  # nothing chosen: no action has that text
            self._error("illegal", message=action)
            self._render()
            return
        self._play_student(action)

    def _true_hands(self) -> list[list[int]]:
        """TEACHER MODE ONLY: every seat's real metal cards (G, S, C, I)."""
        return [list(h) for h in self._game.hands]

    def _refresh_teacher(self) -> None:
        super()._refresh_teacher()
        if self._teacher_box is not None and self._game is not None:
            self._render()                   # the ledger meter gains the truth column

    # ----- the student's input ----------------------------------------------------------------
    def _on_jewel(self, i: int) -> None:
        if i < len(self._jewels):
            self._play_student(self._jewels[i])

    def _on_area(self, area: str) -> None:
        if area in self._areas:
            self._play_student(f"move {area}")

    def _on_bid(self, _button: Any = None) -> None:
        amount = self._bid_amount.value
        if isinstance(amount, str):
            self._play_student(f"bid {amount}")

    def _seat_names(self) -> list[str]:
        return panels.seat_names(self._game.view(self._seat, log=False), self._lang)

    # ----- bots -------------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        game = self._game
        return game is not None and not game.is_over and game.current_player != self._seat


__all__ = ["AmulettBoard"]
