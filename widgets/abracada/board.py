"""``AbracadaBoard``: play Abracada...What? against bots in JupyterLab, Notebook 7 or Voila.

Honesty by construction
-----------------------
The game object lives only in the kernel (``self._game``). Every synced widget value is made
by :meth:`AbracadaBoard._render` from ``game.view(seat)`` of the student's seat, through the
pure functions of :mod:`.table` and :mod:`.narrate`, plus the board's own settings (language,
toggles, seat levels). No trait ever holds the student's stones, the secret pool, other
players' face-down secret stones, the pile order or the seed. Teacher mode, which must be
asked for in code (``teacher=True``) and is marked by a banner, is the only exception.
The widget tree is built once (only the log gains a widget per finished round); a move only
changes trait values. The seats, the centre, the spell buttons, the hint and the meter are one
:class:`~widgets.surface.Surface`, so a move or a bot's answer reaches the page in a few small
``comm`` messages (the surface, this round's log, the live region), not one per panel and button.

Every move is checked
---------------------
A browser can send any message: "click" a disabled button, set any value. So a click
handler never trusts the button's state: it checks that it is the student's turn and lets
the engine judge the action; an :class:`~towerlib.IllegalAction` is shown and the game is
left as it was.

Bots, step by step
------------------
Bots move in the kernel's own event loop: after each bot action the board renders and
schedules the next one with ``loop.call_later(bot_delay, ...)``, then returns. Nothing
blocks and no thread is started, so the kernel keeps handling the page's messages between
steps (JupyterLab, Notebook and Voila all run the kernel's asyncio loop). With
``bot_delay=0``, or with no running loop (plain Python, tests), bots move at once.
"""
from __future__ import annotations

import base64
import json
from typing import Any, Mapping, Sequence

import ipywidgets as ipw
import traitlets
import towerlib.abracada as abracada
from towerlib.abracada.bots import make_bot
from towerlib.abracada.deduction import deduce
from towerlib.abracada.rules import MAX_PLAYERS, SPELLS
from towerlib.core import Msg, TowerError
from towerlib.core.i18n import register, tr

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)
from . import svg, table
from ..a11y import Shortcut
from .narrate import RoundNarration, log_html, past_round_html, spell_name
from ..saves import SaveFolder, clean_name
from .setup import BOT_LEVELS, DEFAULT_LEVEL, Settings, SetupForm, bot_levels
from .style import CSS
from ..game_table import GameTable
from ..surface import PadButton, Surface

MESSAGES = {
    "en": {
        "abracada.board.key.cast": "declare that spell (the number on its button)",
        "abracada.board.key.end": "end your turn",
        "abracada.board.key.next": "start the next round",
    },
    "ru": {
        "abracada.board.key.cast": "объявить это заклинание (число на его кнопке)",
        "abracada.board.key.end": "закончить ход",
        "abracada.board.key.next": "начать следующий раунд",
    },
}
register(MESSAGES)


class TableSurface(Surface):
    """The play area: the opponents' seats and the centre, the student's seat with the spell
    buttons and the hint, and the meter. Each slot is the HTML of one panel ("" hides it)."""

    PLAN = [
        {"class": "st-row st-top", "children": [
            {"class": "st-opponents",
             "children": [{"slot": f"seat_{k}", "class": "st-slot-seat"} for k in range(1, MAX_PLAYERS)]},
            {"class": "st-panel st-centre", "children": [
                {"class": "st-centre-grid", "children": [{"slot": "tower"}, {"slot": "track"}]},
                {"slot": "centre_rest"}]}]},
        {"class": "st-row st-middle", "children": [
            {"class": "st-column", "children": [
                {"slot": "me"},
                {"class": "st-panel st-controls", "children": [
                    {"buttons": "spell", "class": "st-spells"},
                    {"buttons": "action", "class": "st-actions"},
                    {"slot": "hint"}]}]},
            {"slot": "meter", "class": "st-slot-meter"}]},
    ]
    seat_1, seat_2, seat_3, seat_4 = (traitlets.Unicode("").tag(sync=True) for _ in range(MAX_PLAYERS - 1))
    me, tower, track, centre_rest = (traitlets.Unicode("").tag(sync=True) for _ in range(4))
    meter, hint = traitlets.Unicode("").tag(sync=True), traitlets.Unicode("").tag(sync=True)

    def __init__(self, buttons: Sequence[PadButton]) -> None:
        super().__init__(self.PLAN, buttons)


class AbracadaBoard(GameTable, ipw.VBox):
    """A playable Abracada table: the student at one seat, bots at the others.

    ``AbracadaBoard(players=4, seat=0, bots="ev", lang="en")`` opens on the set-up form,
    prefilled from the arguments. Lessons embed a fixed position with ``deal=...`` (and any
    rule option, e.g. ``easy=True``) and ``setup=False``, which starts the game at once and
    hides the form. ``bots`` is one level for every bot ("random", "counting", "ev"), a list
    per seat or a dict seat -> level. ``seed`` and ``deal`` stay in the kernel: they fix
    hidden stones, so no widget shows them (the seed is used for the first game only).
    Saves go to ``saves_dir`` (default ``$SPELLTOWER_SAVES`` or ``~/.spelltower/saves``); after
    every move the game is written to the save called ``autosave`` (None turns that off), which
    the set-up form offers to resume.
    """

    KEY, CSS_PREFIX, DEFAULT_BOT, BOT_LEVELS = "abracada.board", "st", DEFAULT_LEVEL, BOT_LEVELS
    ROOT_CLASS = "st-abracada"
    PANEL_HEADING = "h2"          # the panels' titles sit right under the page's <h1>
    LOG_SCROLLER = "st-log"       # the log: one widget per earlier round and one for this round
    _engine_new_game = staticmethod(abracada.new_game)
    _engine_load = staticmethod(abracada.load)
    _make_bot = staticmethod(make_bot)
    _bot_levels = staticmethod(bot_levels)

    def __init__(self, players: int = 4, seat: int = 0, bots: str | Sequence[str | None] | Mapping[int, str] = "ev",
                 lang: str = "en", seed: int | None = None, deal: Mapping[str, Any] | None = None,
                 meter: bool = True, teacher: bool = False, bot_delay: float = 0.4, *, reasons: bool = False,
                 setup: bool = True, saves_dir: str | None = None, autosave: str | None = "autosave",
                 **options: Any) -> None:
        if autosave is not None and clean_name(autosave) is None:
            raise ValueError(f"autosave: {autosave!r} is not a save name")
        self._init_table(lang, bot_delay, seed, deal, Settings(players, seat, bot_levels(players, seat, bots),
                                                               dict(options)), SaveFolder(saves_dir), autosave)
        self._teacher = bool(teacher)
        self._notes: dict[tuple[int, int], list[Msg]] = {}   # (round, log index) -> bots' reasons
        self._round_logs: dict[int, list[Mapping[str, Any]]] = {}   # round -> its log, as the student saw it
        self._past_html: dict[tuple[int, str], str] = {}           # (round, language) -> its folded log
        self._narration = RoundNarration()                          # this round's lines, told once
        self._build(meter, reasons, setup)
        self._open_board([
            Shortcut(tuple(str(v) for v in SPELLS), "abracada.board.key.cast", lambda k: self._spells[int(k)],
                     shown=f"{min(SPELLS)}–{max(SPELLS)}"),
            Shortcut(("e",), "abracada.board.key.end", lambda _k: self._end),
            Shortcut(("n",), "abracada.board.key.next", lambda _k: self._next),
        ], setup, seed)

    def _on_open(self) -> None:
        self._notes = {}
        self._round_logs = {}
        self._past_html = {}
        self._narration = RoundNarration()

    # ----- building the widget tree (once) ----------------------------------------------------
    def _build(self, meter: bool, reasons: bool, setup: bool) -> None:
        self._build_frame(CSS, SetupForm(self._settings, self._lang) if setup else None)

        self._spells = {}
        for v in SPELLS:
            b = PadButton(f"cast {v}", f"st-spell st-spell-{v}", "spell", colour=svg.SPELL_COLOURS[v],
                          text_colour=svg.SPELL_TEXT[v], bold=True)
            b.on_click(lambda _b, v=v: self._play_student(f"cast {v}"))
            self._spells[v] = b
        self._end = PadButton("end", "st-action st-end", "action", icon="hand-paper")
        self._next = PadButton("next round", "st-action st-next mod-success", "action", icon="forward")
        self._new = PadButton("new game", "st-action st-new", "action", icon="redo")
        self._end.on_click(lambda _b: self._play_student("end"))
        self._next.on_click(lambda _b: self._play_student("next round"))
        self._new.on_click(self._on_new_game)
        # The seats, the centre, the student's own panel, the buttons, the hint and the meter:
        # one widget, so a move or a bot's answer reaches the page in one message.
        self._surface = TableSurface([*self._spells.values(), self._end, self._next, self._new])
        self._result = ipw.HTML()
        self._meter_toggle = ipw.Checkbox(value=bool(meter), indent=False, layout=ipw.Layout(width="auto"))
        # Bots reason from their own views, which include the student's stones, so their
        # reasons are hidden information: they exist only in teacher mode.
        self._reasons_toggle = ipw.Checkbox(value=bool(reasons) and self._teacher, indent=False,
                                            layout=ipw.Layout(width="auto",
                                                              display=None if self._teacher else "none"))
        self._meter_toggle.add_class("st-meter-toggle")
        self._meter_toggle.observe(lambda _c: self._render(), "value")
        self._reasons_toggle.observe(lambda _c: self._render(), "value")

        log_box = self._build_log_panel()
        # The log scrolls as one panel, but each earlier round is its own widget, sent once when
        # its round ends, so a move re-sends only this round's lines (``_log``).
        self._log.add_class("st-round-log")
        self._past_logs: list[ipw.HTML] = []          # the earlier rounds' logs: [r - 1] is round r
        self._log_rounds = ipw.VBox([self._log])
        self._log_rounds.add_class("st-log-rounds")
        scroller = ipw.VBox([self._log_rounds])
        scroller.add_class("st-log")
        log_box.children = (self._log_title, scroller)
        log_box.layout.flex = "1 1 560px"
        bottom = ipw.HBox([log_box, self._result], layout=ipw.Layout(grid_gap="8px", align_items="flex-start"))
        footer = ipw.HBox([self._meter_toggle, self._reasons_toggle], layout=ipw.Layout(grid_gap="8px"))
        footer.add_class("st-footer")
        rows = [self._surface, bottom, footer, self._build_saves()]
        if self._teacher:
            rows.append(self._build_teacher())
        self._table = ipw.VBox(rows, layout=ipw.Layout(display="none", grid_gap="8px"))

    def _build_teacher(self) -> ipw.VBox:
        """Teacher mode only: the hidden stones, a deal field, download and upload."""
        self._banner = ipw.HTML()
        self._banner.add_class("st-banner")
        self._hidden_info = ipw.HTML()
        self._deal_text = ipw.Textarea(value="" if self._deal is None else json.dumps(self._deal),
                                       rows=3, layout=ipw.Layout(width="100%"))
        self._deal_button = ipw.Button(icon="chess-board", layout=ipw.Layout(width="auto"))
        self._deal_button.on_click(self._on_teacher_deal)
        self._download = ipw.HTML()
        self._upload = ipw.FileUpload(accept=".json", multiple=False)
        self._upload.observe(self._on_upload, "value")
        box = ipw.VBox([self._hidden_info, self._deal_text, ipw.HBox([self._deal_button, self._upload]),
                        self._download])
        box.add_class("st-panel")
        box.add_class("st-teacher")
        return box

    def _root_children(self) -> list[ipw.Widget]:
        rows: list[ipw.Widget] = self._frame_top()
        if self._teacher:
            rows.append(self._banner)
        return rows + [self._status, self._setup_box, self._table]

    # ----- labels --------------------------------------------------------------------------
    def _relabel(self) -> None:
        """Every fixed label in the current language."""
        lang = self._lang
        self._title.value = tr("abracada.title", lang)
        self._lang_pick.description = tr("table.language", lang)
        self._end.description = tr("abracada.board.end_turn", lang)
        self._next.description = tr("abracada.board.next_round", lang)
        self._new.description = tr("table.new_game", lang)
        self._meter_toggle.description = tr("abracada.board.meter", lang)
        self._reasons_toggle.description = tr("abracada.board.reasons", lang)
        self._reasons_toggle.tooltip = tr("abracada.board.reasons_tip", lang)
        for v, b in self._spells.items():
            b.description = f"{v} · {spell_name(v, lang)}"
        self._surface.sync_buttons()
        if self._teacher:
            self._banner.value = f"<div>{tr('abracada.board.teacher_banner', lang)}</div>"
            self._deal_text.description = tr("abracada.board.teacher.deal", lang)
            self._deal_text.placeholder = tr("abracada.board.teacher.deal_tip", lang)
            self._deal_button.description = tr("abracada.board.teacher.deal", lang)
            self._upload.description = tr("abracada.board.teacher.upload", lang)
        self._relabel_table()

    # ----- rendering: the view into widget values (GameTable._render calls it) -----------------
    def _log_lines(self, view: Mapping[str, Any]) -> list[str]:
        """This round's log lines as the log panel shows them (bots' reasons left out)."""
        self._narration.update(view["log"], view["seat"], self._lang)
        return self._narration.texts

    def _render_view(self, view: Mapping[str, Any]) -> None:
        lang, seat, n = self._lang, view["seat"], view["players"]
        names = table.seat_names(n, seat, lang)
        self._round.value = tr("abracada.board.round", lang, round=view["round"])
        dist = None
        if self._meter_toggle.value and view["phase"] == "play":
            try:
                dist = deduce(view)
            except TowerError:
                dist = None
        slots = [dist.slot_probabilities(i) for i in range(len(view["own_hand"]))] if dist else None
        surface = self._surface
        with surface.hold_sync():                     # everything on the surface in one message
            for k in range(MAX_PLAYERS - 1):
                q = (seat + 1 + k) % n                  # clockwise from the student's left
                setattr(surface, f"seat_{k + 1}",
                        table.seat_panel(view, q, names, self._levels, lang) if k < n - 1 else "")
            surface.me = table.seat_panel(view, seat, names, self._levels, lang, slots)
            surface.tower, surface.track, surface.centre_rest = table.centre(view, names, lang)
            surface.meter = table.meter({v: dist.p_at_least_one(v) for v in SPELLS}, lang) if dist else ""
            for v, button in self._spells.items():
                why = self._why_not(view, f"cast {v}")
                button.disabled = why is not None
                button.tooltip = why if why is not None else tr(f"abracada.effect.{v}", lang)
            why_end = self._why_not(view, "end")
            self._end.disabled, self._end.tooltip = why_end is not None, why_end
            self._next.shown = view["phase"] == "round_over"
            self._next.disabled = not self._next.shown
            surface.hint = self._hint(view, names)
            surface.sync_buttons()
        notes = {i: [m.render(lang) for m in msgs] for (rnd, i), msgs in self._notes.items()
                 if rnd == view["round"]} if self._teacher and self._reasons_toggle.value else None
        self._show_rounds(view, notes)
        self._result.value = table.result(view, names, lang)
        self._result.layout.display = None if view["result"] else "none"
        if self._teacher:
            self._render_teacher(view)

    def _show_rounds(self, view: Mapping[str, Any], notes: Mapping[int, Sequence[str]] | None) -> None:
        """The log: this round's lines, and above them each earlier round folded away (newest
        first). The view holds this round's log; earlier rounds are kept from earlier views."""
        seat, lang, now = view["seat"], self._lang, view["round"]
        self._round_logs[now] = view["log"]
        past = sorted((r for r in self._round_logs if r < now), reverse=True)
        while len(self._past_logs) < max(past, default=0):
            self._past_logs.append(ipw.HTML())
        for r in past:
            if (r, lang) not in self._past_html:
                self._past_html[r, lang] = past_round_html(r, self._round_logs[r], seat, lang)
            self._past_logs[r - 1].value = self._past_html[r, lang]
        children = (*(self._past_logs[r - 1] for r in past), self._log)
        if self._log_rounds.children != children:
            self._log_rounds.children = children
        if notes:                                   # teacher mode: the bots' reasons between the lines
            self._log.value = log_html(view["log"], seat, lang, notes)
        else:
            self._narration.update(view["log"], seat, lang)
            self._log.value = self._narration.html

    def _why_not(self, view: Mapping[str, Any], action: str) -> str | None:
        """Why the student may not take ``action`` now, in the engine's words; None if allowed.

        Built from the view: the engine's reasons depend only on the phase, the chain and the
        options, all of which the view shows.
        """
        if action in view["legal_actions"]:
            return None
        phase = view["phase"]
        if phase == "game_over":
            msg = Msg("abracada.why.game_over")
        elif phase == "round_over":
            msg = Msg("abracada.why.round_over")
        elif view["current_player"] != view["seat"]:
            # The same words whichever bot is moving (the hint line and the log say who): the
            # nine buttons' tooltips then do not change, and are not re-sent, at every bot's turn.
            msg = Msg("abracada.board.wait_for_turn")
        elif action == "end":
            msg = Msg("abracada.why.must_cast")
        else:
            msg = Msg("abracada.why.lower", value=int(action.split()[1]), last=view["chain"])
        return msg.render(self._lang)

    def _hint(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        lang, phase = self._lang, view["phase"]
        if phase == "game_over":
            text = tr("abracada.board.game_over", lang)
        elif phase == "round_over":
            text = tr("abracada.board.round_over", lang)
        elif view["current_player"] != view["seat"]:
            text = tr("abracada.board.bot_turn", lang, who=names[view["current_player"]])
        elif view["chain"]:
            text = tr("abracada.board.your_turn_more", lang)
            lower = self._why_not(view, f"cast {view['chain'] - 1}") if view["chain"] > 1 else None
            if lower:
                text += f" ({lower})"
        else:
            text = tr("abracada.board.your_turn", lang)
        return f'<div class="st-hint">{text}</div>'

    def _render_teacher(self, view: Mapping[str, Any]) -> None:
        """TEACHER MODE ONLY: show the hidden stones and offer the save file for download."""
        game = self._game
        names = table.seat_names(view["players"], view["seat"], self._lang)
        self._hidden_info.value = table.teacher_panel(
            game.hands[self._seat], game.secret_pool, list(reversed(game.pile)),
            [s if q != self._seat else [] for q, s in enumerate(game.secrets)], names, self._lang)
        data = base64.b64encode(self._board_save().to_json().encode()).decode()
        self._download.value = (f'<a download="abracada.json" href="data:application/json;base64,{data}">'
                                f'{tr("abracada.board.teacher.download", self._lang)}</a>')

    # ----- the student's moves ----------------------------------------------------------------
    def _seat_names(self) -> list[str]:
        return table.seat_names(self._game.players, self._seat, self._lang)

    def _out_of_turn(self, action: str) -> bool:
        """Next round is the student's to press whoever starts it."""
        return action == "next round"

    # ----- bots -------------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        game = self._game
        return game is not None and game.phase == "play" and game.current_player != self._seat

    def _bot_move(self) -> None:
        game = self._game
        at = (game.round_no, len(game.view(self._seat)["log"]))
        choice = super()._bot_move()
        if choice is not None:
            self._notes.setdefault(at, []).append(choice.reason)

    # ----- teacher mode ----------------------------------------------------------------------------
    def _on_teacher_deal(self, _button: Any = None) -> None:
        text = self._deal_text.value.strip()
        try:
            deal = json.loads(text) if text else None
        except ValueError as err:
            self._say("abracada.board.teacher.bad_deal", "st-error", detail=str(err))
            self._render()
            return
        settings = self._settings
        if self._form is not None:
            try:
                settings = self._form.settings()
            except ValueError as err:
                self._say("table.illegal", "st-error", message=str(err))
                self._render()
                return
        self._deal = deal
        self._start(settings, seed=settings.seed)

    def _on_upload(self, change: Mapping[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        try:
            save = self._read_save(bytes(item["content"]))
        except TowerError as err:
            self._say("abracada.board.load_failed", "st-error", name=str(item.get("name", "")),
                      detail=err.message(self._lang))
            self._render()
            return
        self._say("abracada.board.loaded", name=str(item.get("name", "")))
        self.open_game(save.game, save.seat, save.bots)
