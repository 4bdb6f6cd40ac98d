"""``SpellCasterBoard``: play SpellCaster against bots in JupyterLab, Notebook 7 or Voila.

Every synced value is made by :meth:`SpellCasterBoard._render` from ``game.view(seat)`` of the
student's seat (through :mod:`.render`), plus the board's own settings (language, the odds
meter toggle). Other players' face-down cards, deck orders, the seed and fixed rolls never
reach a trait. The widget tree is built once: thirteen point buttons laid out like the board
(the student routes a familiar or moves by clicking the highlighted ones) and a fixed pool of
move buttons. A handler never trusts a button: it rebuilds the move from the student's legal
actions and lets the engine judge it; a refused move leaves the game as it was.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as ipw
import towerlib.spellcaster as spellcaster
from towerlib.core.i18n import register, tr
from towerlib.spellcaster.bots import make_bot
from towerlib.spellcaster.data import ATTRIBUTE_POINTS, COORDS, MAX_LIFE_POINTS, POINT_NAMES
from towerlib.spellcaster.views import narrate

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)
from . import render
from ..a11y import Shortcut
from ..messages import board_key
from ..game_table import GameTable
from ..saves import SaveFolder
from .setup import BOT_LEVELS, DEFAULT_LEVEL, MAX_PLAYERS, SetupForm
from .style import CSS

#: Buttons kept for the moves that are not a point on the board.
MOVE_BUTTONS = 72
#: The attributes bought at the start, in the order of a ``buy L W F S`` action, with their most points.
BUY_ATTRIBUTES = (("life", MAX_LIFE_POINTS), ("will", ATTRIBUTE_POINTS), ("focus", ATTRIBUTE_POINTS),
                  ("skill", ATTRIBUTE_POINTS))
#: The purchase the fields start at (a balanced one, so Buy works at once; the student changes it).
BUY_START = (2, 1, 1, 2)
#: Verbs played by clicking a point.
POINT_VERBS = ("to", "move")
AUTOSAVE = "autosave"
#: Keys that press the move button of a verb (the first one, if several are offered).
VERB_SHORTCUTS = {"e": "end", "r": "rest", "d": "done", "l": "launch", "c": "contest", "x": "decline",
                  "u": "putback", "p": "pass"}

MESSAGES = {
    "en": {
        "spellcaster.board.key.end": "end your turn",
        "spellcaster.board.key.rest": "rest",
        "spellcaster.board.key.done": "done (launch nothing)",
        "spellcaster.board.key.launch": "launch a spell (the first one offered)",
        "spellcaster.board.key.contest": "contest",
        "spellcaster.board.key.decline": "decline to contest",
        "spellcaster.board.key.putback": "put the card back",
        "spellcaster.board.key.points": "go to the first point you may move to",
        "spellcaster.board.key.attributes": "go to the attribute points (at the start)",
        "spellcaster.board.key.buy": "buy the attributes entered",
        "spellcaster.board.buy.title": "Spend your {points} attribute points",
        "spellcaster.board.buy.life": "Life Force",
        "spellcaster.board.buy.will": "Will",
        "spellcaster.board.buy.focus": "Focus",
        "spellcaster.board.buy.skill": "Skill",
        "spellcaster.board.buy.left": "{left} of {points} points left to spend.",
        "spellcaster.board.buy.over": "{over} points too many: {points} in all.",
        "spellcaster.board.buy.ready": "All {points} points spent.",
        "spellcaster.board.buy.button": "Buy",
    },
    "ru": {
        "spellcaster.board.key.end": "закончить ход",
        "spellcaster.board.key.rest": "отдохнуть",
        "spellcaster.board.key.done": "готово (ничего не запускать)",
        "spellcaster.board.key.launch": "запустить заклинание (первое из предложенных)",
        "spellcaster.board.key.contest": "оспорить",
        "spellcaster.board.key.decline": "не оспаривать",
        "spellcaster.board.key.putback": "вернуть карту",
        "spellcaster.board.key.points": "перейти к первой точке, куда можно пойти",
        "spellcaster.board.key.attributes": "перейти к очкам характеристик (в начале игры)",
        "spellcaster.board.key.buy": "купить введённые характеристики",
        "spellcaster.board.buy.title": "Распределите {points} очков характеристик",
        "spellcaster.board.buy.life": "Жизненная сила",
        "spellcaster.board.buy.will": "Воля",
        "spellcaster.board.buy.focus": "Фокус",
        "spellcaster.board.buy.skill": "Мастерство",
        "spellcaster.board.buy.left": "Осталось распределить {left} из {points} очков.",
        "spellcaster.board.buy.over": "Лишних очков: {over}; всего их {points}.",
        "spellcaster.board.buy.ready": "Все {points} очков распределены.",
        "spellcaster.board.buy.button": "Купить",
    },
}
register(MESSAGES)


class SpellCasterBoard(GameTable, ipw.VBox):
    """A SpellCaster table: the student at one seat, bots at the others.

    ``SpellCasterBoard(players=2, seat=0, bots="planner", lang="en")`` opens on the set-up form;
    ``setup=False`` starts at once (lessons fix a position with ``deal=...``).
    """

    KEY, CSS_PREFIX, DEFAULT_BOT, BOT_LEVELS = SetupForm.KEY, SetupForm.CSS_PREFIX, DEFAULT_LEVEL, BOT_LEVELS
    ROOT_CLASS = "sc-spellcaster"
    PANEL_HEADING = "h2"                 # the log's title: a panel title right under the page's <h1>
    _engine_new_game = staticmethod(spellcaster.new_game)
    _engine_load = staticmethod(spellcaster.load)
    _make_bot = staticmethod(make_bot)
    _bot_levels = staticmethod(SetupForm.bot_levels)

    def __init__(self, players: int = 2, seat: int = 0, bots: str | Sequence[str | None] | Mapping[int, str] = "planner",
                 lang: str = "en", seed: int | None = None, deal: Mapping[str, Any] | None = None,
                 odds: bool = True, bot_delay: float = 0.6, *, setup: bool = True,
                 saves_dir: str | None = None, autosave: bool = True, **options: Any) -> None:
        self._init_table(lang, bot_delay, seed, deal, SetupForm.initial(players, seat, bots, options),
                         SaveFolder(saves_dir, "spellcaster"), AUTOSAVE if autosave else None)
        self._build(odds, setup)
        self._open_board([
            *(Shortcut((k,), board_key(self.KEY, f"key.{verb}"), lambda _k, verb=verb: self._move_for(verb))
              for k, verb in VERB_SHORTCUTS.items()),
            Shortcut(("m",), "table.key.moves", focus=".sc-move"),
            Shortcut(("g",), "spellcaster.board.key.points", focus=".sc-point-button"),
            Shortcut(("a",), "spellcaster.board.key.attributes", focus=".sc-buy-life input"),
            Shortcut(("b",), "spellcaster.board.key.buy", lambda _k: self._buy_button),
        ], setup, seed)

    # ----- building the widget tree (once) ----------------------------------------------------
    def _build(self, odds: bool, setup: bool) -> None:
        self._build_frame(CSS, SetupForm(self._settings, self._lang) if setup else None)
        self._map = ipw.HTML()
        self._legend = ipw.HTML()
        self._points: dict[str, ipw.Button] = {}
        cells: list[ipw.Widget] = []
        spot = {COORDS[p]: p for p in POINT_NAMES}
        for y in range(2, -3, -1):
            for x in range(-2, 3):
                p = spot.get((x, y))
                if p is None:
                    cells.append(ipw.HTML(""))
                    continue
                b = ipw.Button(description=p, layout=ipw.Layout(width="64px"))
                b.add_class("sc-point-button")
                b.add_class(f"sc-at-{p}")
                b.on_click(lambda _b, p=p: self._on_point(p))
                self._points[p] = b
                cells.append(b)
        self._grid = ipw.GridBox(cells, layout=ipw.Layout(grid_template_columns="repeat(5, 70px)", grid_gap="4px"))
        self._points_title = ipw.HTML()
        self._sheets = [ipw.HTML() for _ in range(MAX_PLAYERS)]
        self._prompt = ipw.HTML()
        self._actions_title = ipw.HTML()
        moves = self._build_moves(MOVE_BUTTONS)
        buy = self._build_buy()
        self._odds_toggle = ipw.Checkbox(value=bool(odds), indent=False, layout=ipw.Layout(width="auto"))
        self._odds_toggle.observe(lambda _c: self._render(), "value")
        self._odds = ipw.HTML()
        self._new = ipw.Button(icon="redo", layout=ipw.Layout(width="auto"))
        self._new.on_click(self._on_new_game)
        left = ipw.VBox([self._map, self._legend, self._points_title, self._grid], layout=ipw.Layout(flex="0 0 420px"))
        right = ipw.VBox([self._prompt, self._actions_title, buy, moves, self._odds_toggle, self._odds],
                         layout=ipw.Layout(flex="1 1 420px"))
        for box in (left, right):
            box.add_class("sc-panel")
        sheets = ipw.Box(self._sheets, layout=ipw.Layout(flex_flow="row wrap", grid_gap="8px"))
        log_box = self._build_log_panel()
        footer = ipw.HBox([self._new])
        footer.add_class("sc-footer")
        self._table = ipw.VBox([ipw.HBox([left, right], layout=ipw.Layout(grid_gap="8px")), sheets, log_box,
                                footer, self._build_saves()], layout=ipw.Layout(display="none", grid_gap="8px"))

    def _build_buy(self) -> ipw.VBox:
        """The start's purchase as four number fields and one Buy button, instead of a button
        for each of the many ways to spend the points. Hidden unless the student is buying."""
        self._buy_title = ipw.HTML()
        self._buy_fields = []
        for (name, most), start in zip(BUY_ATTRIBUTES, BUY_START):
            field = ipw.BoundedIntText(value=start, min=0, max=most, continuous_update=True,
                                       layout=ipw.Layout(width="210px"), style={"description_width": "120px"})
            field.add_class(f"sc-buy-{name}")
            field.observe(lambda _c: self._show_buy_total(), "value")
            self._buy_fields.append(field)
        self._buy_left = ipw.HTML()
        self._buy_button = ipw.Button(icon="check", layout=ipw.Layout(width="auto"), disabled=True)
        self._buy_button.add_class("sc-buy")
        self._buy_button.on_click(lambda _b: self._play_student(self._buy_action()))
        self._buy_box = ipw.VBox([self._buy_title, ipw.Box(self._buy_fields, layout=ipw.Layout(flex_flow="row wrap")),
                                  ipw.HBox([self._buy_button, self._buy_left], layout=ipw.Layout(align_items="center",
                                                                                               grid_gap="8px"))],
                                 layout=ipw.Layout(display="none"))
        self._buy_legal: set[str] = set()
        return self._buy_box

    def _buy_action(self) -> str:
        return "buy " + " ".join(str(f.value) for f in self._buy_fields)

    def _show_buy_total(self) -> None:
        """The points still to spend, and Buy enabled only for a purchase the engine lists."""
        spent = sum(f.value for f in self._buy_fields)
        params = {"points": ATTRIBUTE_POINTS}
        if spent < ATTRIBUTE_POINTS:
            text = tr("spellcaster.board.buy.left", self._lang, left=ATTRIBUTE_POINTS - spent, **params)
        elif spent > ATTRIBUTE_POINTS:
            text = tr("spellcaster.board.buy.over", self._lang, over=spent - ATTRIBUTE_POINTS, **params)
        else:
            text = tr("spellcaster.board.buy.ready", self._lang, **params)
        self._buy_left.value = text
        self._buy_button.disabled = self._buy_action() not in self._buy_legal

    # ----- labels ---------------------------------------------------------------------------
    def _relabel(self) -> None:
        lang = self._lang
        t = lambda key: tr(board_key(self.KEY, key), lang)  # noqa: E731
        self._title.value = t("title")
        self._legend.value = render.element_legend(lang)
        self._lang_pick.description = t("language")
        self._points_title.value = f"<b>{t('points')}</b>"
        self._actions_title.value = f"<b>{t('actions')}</b>"
        self._odds_toggle.description = t("odds")
        self._odds_toggle.tooltip = t("odds_tip")
        self._new.description = t("new_game")
        self._buy_title.value = f"<b>{tr('spellcaster.board.buy.title', lang, points=ATTRIBUTE_POINTS)}</b>"
        for field, (name, _most) in zip(self._buy_fields, BUY_ATTRIBUTES):
            field.description = t(f"buy.{name}")
        self._buy_button.description = t("buy.button")
        self._show_buy_total()
        self._relabel_table()

    # ----- rendering: the view into widget values (GameTable._render calls it) -----------------
    def _log_lines(self, view: Mapping[str, Any]) -> list[str]:
        return [narrate(event, self._lang) for event in view["log"] or []]

    def _render_view(self, view: Mapping[str, Any]) -> None:
        lang = self._lang
        names = render.seat_names(view, self._levels, lang)
        legal = view["legal"]
        targets = {a.split(" ", 1)[1] for a in legal if a.split(" ", 1)[0] in POINT_VERBS}
        self._round.value = tr("spellcaster.board.round", lang, round=view["round"]) if view["round"] else ""
        self._map.value = render.board_svg(view, sorted(targets), lang)
        for p, b in self._points.items():
            with b.hold_sync():                         # one message per point, whatever changed
                b.disabled = p not in targets
                b.button_style = "warning" if p in targets else ""
        for q, w in enumerate(self._sheets):
            if q < view["players"]:
                w.value, w.layout.display = render.sheet(view, q, names, lang), None
            else:
                w.value, w.layout.display = "", "none"
        self._prompt.value = render.prompt(view, names, lang)
        self._buy_legal = {a for a in legal if a.startswith("buy ")}
        self._buy_box.layout.display = None if self._buy_legal else "none"
        self._show_buy_total()
        moves = [a for a in legal if a.split(" ", 1)[0] not in (*POINT_VERBS, "buy")][:MOVE_BUTTONS]
        self._show_moves(moves, [render.describe(a, lang) for a in moves], tooltips=moves)
        on = self._odds_toggle.value
        self._odds.layout.display = None if on else "none"
        self._odds.value = render.odds(view, lang) if on else ""
        self._show_log(render.log_html(view, lang))

    # ----- the student's input ----------------------------------------------------------------
    def _on_point(self, point: str) -> None:
        game = self._game
        if game is None:
            return
        legal = game.view(self._seat, log=False)["legal"]
        for verb in POINT_VERBS:
            if f"{verb} {point}" in legal:
                self._play_student(f"{verb} {point}")
                return
        self._render()

    def _seat_names(self) -> list[str]:
        return render.seat_names(self._game.view(self._seat, log=False), self._levels, self._lang)

    # ----- bots -------------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        game = self._game
        return game is not None and not game.is_over and game.current_player != self._seat
