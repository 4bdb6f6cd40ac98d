"""What every board does the same way around its own table: the header and status line,
whose game it is, the bots' moves, the set-up/start/new-game cycle and server-side saves.

A board class mixes :class:`GameTable` in before ``ipywidgets.VBox``. It calls
:meth:`GameTable._build_frame`, builds its own table (``_table``) from its own widgets and the
shared pieces made here (the log panel, the pool of move buttons, the named save panel) and
supplies ``_render_view`` (the view into widget values), ``_relabel``, ``_seat_names`` and
``_bot_to_move``. Every student move, whether from a button or a keyboard shortcut, goes
through :meth:`GameTable._play_student`: one place that checks whose decision it is, lets the
engine judge the action, shows a refusal, autosaves and lets the bots answer.

Keyboard and screen reader (:mod:`widgets.a11y`): a board declares its shortcuts once
(:meth:`GameTable._set_shortcuts`); a key presses the same control a click would, only when it
is shown and enabled, and ? or H toggles the help panel listing them. After every render the
board tells its live region what is new: the log lines the student's view added, a new status
message, "your turn". Bots move one scheduled step at a time with the event
loop's ``call_later`` (no threads), so the page sees each move; a new game bumps a token that
cancels steps still pending from the old one. Saves stay on the server (:mod:`widgets.saves`);
after every move the game goes to the autosave, which the set-up form offers to resume.

Who the page is for is decided by the server, not the page (:mod:`widgets.classroom`): on a
classroom server the saves are the student's own, and a page opened with the teacher link gets
the shared teacher panel (:meth:`GameTable._enable_teacher`): the whole hidden state, the bots'
reasons, and a field to set any position. Without that link the panel's widgets are never
created, so no widget state can carry what it would show. In a preheated kernel the board is
built before its page is requested and learns who it is for when the page opens.
"""
from __future__ import annotations

import asyncio
import base64
import json
import logging
import re
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from html import escape, unescape
from typing import Any, Callable, ClassVar, Mapping, Sequence

import ipywidgets as ipw
from towerlib.core import TowerError
from towerlib.core.i18n import LANGUAGES, register, tr

from . import classroom
from .a11y import FOCUS_CSS, HELP_KEYS, MAX_ANNOUNCED, KeyBridge, Shortcut, new_lines
from .exercises import on_loop
from .faults import explain
from .messages import board_key
from .saves import BoardSave, SaveFolder, clean_name
from .surface import PadButton, is_shown


LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}   # each in its own language, for the picker
#: How many of the bots' latest reasons the teacher panel lists.
TEACHER_REASONS = 12

MESSAGES = {
    "en": {
        "table.teacher.banner": "TEACHER MODE (opened with the teacher link): everything hidden is shown "
                                "below. Do not show this screen to the players.",
        "table.teacher.reveal": "The whole game, hidden stones, cards and dice included",
        "table.teacher.reasons": "The bots' latest decisions and why",
        "table.teacher.no_reasons": "(no bot has moved yet)",
        "table.teacher.position": "Set a position: paste a save (or a deal as JSON)",
        "table.teacher.set": "Set this position",
        "table.teacher.download": "Download this game",
        "table.teacher.bad_position": "Not a save or a deal: {detail}",
        "table.teacher.position_set": "Position set.",
        "table.no_space": "Saves are off: the server gave this page no student space.",
        "table.save_name": "Save as",
        "table.save": "Save",
        "table.load": "Open",
        "table.saves": "Your saves",
        "table.no_saves": "(no saves yet)",
        "table.bad_name": "A save name is 1 to 40 letters, digits, spaces, '-' or '_'.",
        "table.saved": "Saved as {name}.",
        "table.loaded": "Opened {name}.",
        "table.save_failed": "Could not save: {detail}",
        "table.help": "Keyboard shortcuts (?)",
        "table.help_title": "Keyboard shortcuts",
        "table.help_intro": "Tab and Shift+Tab move between the controls; Enter or Space presses the one "
                            "in focus. These keys work anywhere on the board except in a text field or a drop-down list:",
        "table.key.help": "show or hide this list",
        "table.key.moves": "go to the first move button (then Tab to the next)",
        "table.key_refused": "Key {name}: {what} is not possible now.",
        "table.your_turn": "Your turn.",
        "table.lost": "The game lost its connection: Reload to resume.",
        "table.reload": "Reload",
        "table.choose_and_start": "Choose the players, then press {start}.",
    },
    "ru": {
        "table.teacher.banner": "РЕЖИМ УЧИТЕЛЯ (открыт по ссылке учителя): ниже показано всё скрытое. "
                                "Не показывайте этот экран игрокам.",
        "table.teacher.reveal": "Вся партия, включая скрытые камни, карты и кости",
        "table.teacher.reasons": "Последние решения ботов и их причины",
        "table.teacher.no_reasons": "(боты ещё не ходили)",
        "table.teacher.position": "Задать позицию: вставьте сохранение (или раздачу в JSON)",
        "table.teacher.set": "Задать эту позицию",
        "table.teacher.download": "Скачать эту партию",
        "table.teacher.bad_position": "Это не сохранение и не раздача: {detail}",
        "table.teacher.position_set": "Позиция задана.",
        "table.no_space": "Сохранения отключены: сервер не выделил этой странице место ученика.",
        "table.save_name": "Сохранить как",
        "table.save": "Сохранить",
        "table.load": "Открыть",
        "table.saves": "Ваши сохранения",
        "table.no_saves": "(сохранений пока нет)",
        "table.bad_name": "Имя сохранения: от 1 до 40 букв, цифр, пробелов, «-» или «_».",
        "table.saved": "Сохранено как {name}.",
        "table.loaded": "Открыто: {name}.",
        "table.save_failed": "Не удалось сохранить: {detail}",
        "table.help": "Клавиши (?)",
        "table.help_title": "Клавиатурные сокращения",
        "table.help_intro": "Tab и Shift+Tab переходят между элементами; Enter или пробел нажимает тот, "
                            "что в фокусе. Эти клавиши работают везде на доске, кроме текстовых полей и выпадающих списков:",
        "table.key.help": "показать или скрыть этот список",
        "table.key.moves": "перейти к первой кнопке хода (дальше — Tab)",
        "table.key_refused": "Клавиша {name}: «{what}» сейчас невозможно.",
        "table.your_turn": "Ваш ход.",
        "table.lost": "Игра потеряла связь с сервером: перезагрузите страницу, чтобы продолжить.",
        "table.reload": "Перезагрузить",
        "table.choose_and_start": "Выберите игроков и нажмите «{start}».",
    },
}
register(MESSAGES)
log = logging.getLogger("spelltower.board")


@dataclass
class Settings:
    """Everything needed to start a game, as chosen on a set-up form (or given to the board)."""

    players: int
    seat: int
    bots: list[str | None]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None


def seat_levels(players: int, seat: int, bots: str | Sequence[str | None] | Mapping[int, str],
                allowed: Sequence[str], default: str) -> list[str | None]:
    """One bot level per seat (None for the student's): ``bots`` is one level for all, a list
    or a dict seat -> level (missing seats get ``default``); every level must be ``allowed``."""
    if isinstance(bots, str):
        levels: list[str | None] = [bots] * players
    elif isinstance(bots, Mapping):
        levels = [bots.get(q, default) for q in range(players)]
    else:
        levels = list(bots)
    if len(levels) != players or not 0 <= seat < players:
        raise ValueError(f"bots: {len(levels)} levels and seat {seat} for {players} seats")
    levels[seat] = None
    for q, level in enumerate(levels):
        if q != seat and level not in allowed:
            raise ValueError(f"bots: {level!r} is not a bot level; choose {', '.join(allowed)}")
    return levels


class GameTable:
    """The shared lifecycle of a board; see the module docstring for what a board supplies."""

    KEY: ClassVar[str]                       # catalogue prefix of the board's messages
    ROOT_CLASS: ClassVar[str]                # the board's root CSS class (the key listener finds its board by it)
    CSS_PREFIX: ClassVar[str]                # prefix of the board's CSS classes
    DEFAULT_BOT: ClassVar[str]               # the level of every bot when none is given
    #: The tag of the shared panels' titles (the log): a board whose panels sit right under the
    #: page's <h1> uses "h2", so that no heading level is skipped.
    PANEL_HEADING: ClassVar[str] = "h4"
    #: The CSS class of the log's scrolling Box, when the log is several widgets (one per round)
    #: rather than one HTML value whose root scrolls (:meth:`_show_log`); the page names it.
    LOG_SCROLLER: ClassVar[str | None] = None
    BOT_LEVELS: ClassVar[tuple[str, ...]]    # the levels a bot may have
    # Given as staticmethods by each board:
    _engine_new_game: ClassVar[Callable[..., Any]]  # the engine's new_game(players, seed=, deal=, **options)
    _make_bot: ClassVar[Callable[..., Any]]         # the engine's make_bot(level, seed=)
    _bot_levels: ClassVar[Callable[..., list]]      # (players, seat, bots) -> one level per seat
    _engine_load: ClassVar[Callable[..., Any]]      # the engine's load(text)

    def _init_table(self, lang: str, bot_delay: float, seed: int | None, deal: Mapping[str, Any] | None,
                    settings: Any, saves: SaveFolder, autosave: str | None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        self._saves = saves
        self._autosave_name = autosave
        self._lang = lang
        self._delay = max(0.0, float(bot_delay))
        self._deal = deal
        self._first_seed = seed                      # the given seed fixes the first game only
        self._settings = settings
        self._game: Any = None
        self._recorded_game: Any = None         # the finished game already in the class record
        self._seat = settings.seat
        self._levels: list[str | None] = []
        self._bots: list[Any] = []
        self._pending: asyncio.TimerHandle | None = None
        self._token = 0                              # bumps when a new game cancels old bot steps
        self._message: tuple[str, str] = ("", "")    # (key, css class) of the status message
        self._message_params: dict[str, Any] = {}
        self._page: classroom.Page | None = None      # who the page is for, once known
        self._page_applied = False
        self._ready = False                            # set once the board is built
        self._teacher_box: ipw.VBox | None = None     # exists only on a page with the teacher link
        self._reasons: list[tuple[int, str, Any]] = []  # (seat, action, reason) of recent bot moves
        self._shortcuts: list[Shortcut] = []
        self._heard: tuple[str, list[str]] = (lang, [])   # (language, log lines) last announced
        self._heard_status: str = ""
        self._heard_turn = False
        self._heard_setup = ""
        classroom.when_known(self._page_known)

    # ----- public API ---------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game on the table (kernel side only; never synced to the page)."""
        return self._game

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def language(self) -> str:
        """The board's language (``"en"`` or ``"ru"``); setting it relabels everything, as the picker does."""
        return self._lang

    @language.setter
    def language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        self._lang_pick.value = lang

    def open_game(self, game: Any, seat: int = 0, bots: str | Sequence[str | None] | Mapping[int, str] | None = None
                  ) -> None:
        """Put ``game`` on the table with the student at ``seat``; bots play the other seats."""
        levels = self._bot_levels(game.players, seat, self.DEFAULT_BOT if bots is None else bots)
        self._cancel_bots()
        self._game, self._seat, self._levels = game, seat, levels
        self._bots = [None if level is None else self._make_bot(level, seed=q) for q, level in enumerate(levels)]
        self._on_open()
        self._setup_box.layout.display = "none"
        self._reasons = []
        self._apply_page()
        self._run_bots()
        # Every widget of the table gets its state before the table shows: the page applies the
        # updates in the order they are sent, so a student never sees the controls of the
        # previous screen (or of no game) flash up, and a test never reads them.
        self._render()
        self._table.layout.display = None
        self.add_class(f"{self.CSS_PREFIX}-playing")
        self._refresh_teacher()

    def play_position(self, players: int, seed: int) -> None:
        """Start a game of ``players`` seats dealt from ``seed``, the student at the first seat and
        bots at the board's level on the others, with the board's options: the position a teacher
        sent the class (:mod:`widgets.record.sent`). The seed stays in the kernel, as any game's does."""
        level = next((b for b in self._settings.bots if b is not None), self.DEFAULT_BOT)
        settings = replace(self._settings, players=players, seat=0, bots=self._bot_levels(players, 0, level),
                           seed=None)
        self._first_seed = None
        self._settings = settings
        self._start(settings, seed=seed)

    def _open_board(self, shortcuts: Sequence[Shortcut], setup: bool, seed: int | None) -> None:
        """The last step of a board's constructor, once its widgets are built: the board's
        children (the frame, its status line, set-up box and table), its shortcuts, every label in
        its language, then the set-up form, or the game at once (``setup=False``)."""
        super(GameTable, self).__init__(self._root_children())
        self.add_class(self.ROOT_CLASS)
        self.add_class("st-board")
        self._set_shortcuts(shortcuts)
        self._relabel()
        if setup:
            self._show_setup()
        else:
            self._start(self._settings, seed=seed)

    def _root_children(self) -> list[ipw.Widget]:
        """The board's rows, top to bottom; a board with more rows (Abracada's teacher banner)
        overrides this."""
        return [*self._frame_top(), self._status, self._setup_box, self._table]

    def _on_open(self) -> None:
        """A board's own reset when a game is put on the table."""

    def _build_frame(self, stylesheet: str, form: Any | None) -> None:
        """The widgets around every table: the style, the header (title, round, language
        picker), the status line and the set-up box holding ``form`` (None: no form)."""
        p = self.CSS_PREFIX
        self._style = ipw.HTML(stylesheet + FOCUS_CSS)
        self._keys = KeyBridge(self.ROOT_CLASS, self._on_key)
        self._help_toggle = ipw.ToggleButton(icon="keyboard", layout=ipw.Layout(width="auto"))
        self._help_toggle.add_class("st-help-toggle")
        self._help_toggle.observe(lambda _c: self._show_help(), "value")
        self._help = ipw.HTML(layout=ipw.Layout(display="none"))
        self._help.add_class("st-help")
        self._title = ipw.HTML()
        self._title.add_class(f"{p}-title")
        self._round = ipw.HTML()
        self._round.add_class(f"{p}-round")
        self._lang_pick = ipw.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=self._lang,
                                       layout=ipw.Layout(width="220px"))
        self._lang_pick.observe(self._lang_changed, "value")
        self._header = ipw.HBox([self._title, self._round, self._help_toggle, self._lang_pick])
        self._header.add_class(f"{p}-header")
        self._status = ipw.HTML()
        self._status.add_class(f"{p}-status")
        self._form = form
        if form is not None:
            form.start.on_click(self._on_start)
            form.resume.on_click(self._on_resume)
        self._setup_box = ipw.VBox([form] if form is not None else [], layout=ipw.Layout(display="none"))

    def _frame_top(self) -> list[ipw.Widget]:
        """The first children of every board: style, key listener, header, help panel."""
        return [self._style, self._keys, self._header, self._help]

    def _lang_changed(self, change: Mapping[str, Any]) -> None:
        if change["new"] in LANGUAGES:          # the Dropdown already refuses other values
            self._lang = change["new"]
            self._relabel()
            self._render()
            self._relabel_teacher()
            self._refresh_teacher()

    # ----- the status line ------------------------------------------------------------------
    def _say(self, key: str, css: str = "", **params: Any) -> None:
        """Show a message (kept as a key, so a language switch re-renders it)."""
        self._message, self._message_params = (key, css), params

    def _error(self, what: str, **params: Any) -> None:
        self._say(board_key(self.KEY, what), f"{self.CSS_PREFIX}-error", **params)

    def _show_status(self) -> None:
        key, css = self._message
        if not key:
            self._status.value = ""
            return
        params = {k: v.message(self._lang) if isinstance(v, TowerError) else v
                  for k, v in self._message_params.items()}
        self._status.value = f'<span class="{css}">{tr(key, self._lang, **params)}</span>'

    # ----- rendering: the only place synced state is made ---------------------------------------
    def _render(self) -> None:
        """Set every widget value from the student's view (the board's ``_render_view``), then
        tell the live region what is new."""
        self._show_status()
        if self._game is None:
            self._round.value = ""
            self._announce(None)
            return
        view = self._game.view(self._seat)
        self._render_view(view)
        self._announce(view)

    # ----- pieces every table has -----------------------------------------------------------------
    def _build_log_panel(self) -> ipw.VBox:
        """The log panel: a title and ``_log``, whose HTML the board makes from the view."""
        p = self.CSS_PREFIX
        self._log_title = ipw.HTML()
        self._log = ipw.HTML()
        box = ipw.VBox([self._log_title, self._log])
        box.add_class(f"{p}-panel")
        box.add_class(f"{p}-log-box")
        return box

    def _show_log(self, html: str) -> None:
        """Put the log's HTML in the panel. Its root element is the part that scrolls, so it is
        made focusable (tabindex 0) and named: a keyboard user can scroll it with the arrow keys."""
        label = escape(tr(board_key(self.KEY, "log"), self._lang), quote=True)

        def named(m: re.Match) -> str:          # a list keeps its role (a name is allowed on it); a div becomes a region
            role = "" if m.group(1).lower() in ("ol", "ul") else ' role="region"'
            return f'{m.group(0)} tabindex="0"{role} aria-label="{label}"'
        self._log.value = _FIRST_TAG.sub(named, html.lstrip(), count=1)

    def _build_moves(self, count: int) -> ipw.Box:
        """A fixed pool of ``count`` move buttons (hidden until :meth:`_show_moves` fills them):
        the widget tree is built once, so a move only changes trait values."""
        p = self.CSS_PREFIX
        self._moves: list[str] = []             # the actions behind the move buttons (kernel only)
        self._move_buttons: list[ipw.Button] = []
        for i in range(count):
            b = ipw.Button(layout=ipw.Layout(width="auto", display="none"))
            b.add_class(f"{p}-move")
            b.on_click(lambda _b, i=i: self._on_move(i))
            self._move_buttons.append(b)
        box = ipw.Box(self._move_buttons, layout=ipw.Layout(flex_flow="row wrap", grid_gap="4px"))
        box.add_class(f"{p}-moves")
        return box

    def _show_moves(self, actions: Sequence[str], labels: Sequence[str], tooltips: Sequence[str] | None = None,
                    styles: Sequence[str] | None = None) -> None:
        """Put ``actions`` (with their labels) on the move buttons; the rest are hidden."""
        self._moves = list(actions[:len(self._move_buttons)])
        for i, b in enumerate(self._move_buttons):
            with b.hold_sync():                       # one message per button, whatever changed
                if i < len(self._moves):
                    b.description, b.disabled, b.layout.display = labels[i], False, None
                    b.tooltip = tooltips[i] if tooltips is not None else ""
                    b.button_style = styles[i] if styles is not None else ""
                else:
                    b.description, b.tooltip, b.disabled, b.layout.display, b.button_style = "", "", True, "none", ""

    def _move_for(self, verb: str) -> ipw.Button | None:
        """The first move button now showing an action with this verb (for a shortcut)."""
        return next((self._move_buttons[i] for i, a in enumerate(self._moves) if a.split(" ")[0] == verb), None)

    def _on_move(self, i: int) -> None:
        if 0 <= i < len(self._moves):
            self._play_student(self._moves[i])

    def _build_saves(self) -> ipw.Box:
        """The named save panel: a name, Save, the list of the student's own saves, Open."""
        p = self.CSS_PREFIX
        self._saves_title = ipw.HTML()
        self._save_name = ipw.Text(layout=ipw.Layout(width="240px"))
        self._save = ipw.Button(icon="save", layout=ipw.Layout(width="auto"))
        self._load_pick = ipw.Dropdown(options=[], layout=ipw.Layout(width="240px"))
        self._load = ipw.Button(icon="folder-open", layout=ipw.Layout(width="auto"))
        self._save.on_click(self._on_save)
        self._load.on_click(self._on_load)
        for w, cls in ((self._save_name, "save-name"), (self._save, "save"), (self._load_pick, "load-pick"),
                       (self._load, "load")):
            w.add_class(f"{p}-{cls}")
        box = ipw.Box([self._saves_title, self._save_name, self._save, self._load_pick, self._load],
                      layout=ipw.Layout(flex_flow="row wrap", align_items="center", grid_gap="8px"))
        box.add_class(f"{p}-panel")
        box.add_class(f"{p}-saves")
        return box

    def _relabel_table(self) -> None:
        """The labels of the shared pieces (the set-up form among them) in the current language."""
        lang = self._lang
        if self._form is not None:
            self._form.relabel(lang)
        self._help_toggle.description = tr("table.help", lang)
        self._keys.lost_text, self._keys.reload_text = tr("table.lost", lang), tr("table.reload", lang)
        self._show_help()
        if hasattr(self, "_log_title"):
            h = self.PANEL_HEADING
            self._log_title.value = f"<{h}>{escape(tr(board_key(self.KEY, 'log'), lang))}</{h}>"
        if self.LOG_SCROLLER:
            self._keys.regions = {self.LOG_SCROLLER: tr(board_key(self.KEY, "log"), lang)}
        if hasattr(self, "_save_name"):
            self._saves_title.value = f"<b>{escape(tr('table.saves', lang))}</b>"
            self._save_name.description = tr("table.save_name", lang)
            self._save.description = tr("table.save", lang)
            self._load_pick.description = tr("table.load", lang)
            self._load.description = tr("table.load", lang)
            self._refresh_saves()

    # ----- keyboard, help and the live region ----------------------------------------------------
    def _set_shortcuts(self, shortcuts: Sequence[Shortcut]) -> None:
        """The board's shortcuts (after its widgets are built); ? and H always toggle the help."""
        self._shortcuts = [*shortcuts, Shortcut(HELP_KEYS, "table.key.help", shown="? H")]
        self._keys.shortcut_keys = sorted({k for s in self._shortcuts if s.focus is None for k in s.keys})
        self._keys.focus_keys = {k: s.focus for s in self._shortcuts if s.focus is not None for k in s.keys}
        self._show_help()

    def _on_key(self, key: str) -> None:
        """A shortcut from the page: it presses the control a click would press, through the
        same handler, and only if that control is shown and enabled now."""
        if key in HELP_KEYS:
            self._help_toggle.value = not self._help_toggle.value
            return
        shortcut = next((s for s in self._shortcuts if key in s.keys and s.press is not None), None)
        if shortcut is None:
            return
        control = shortcut.press(key) if self._table.layout.display != "none" else None
        if control is None or control.disabled or not is_shown(control):
            self._say("table.key_refused", f"{self.CSS_PREFIX}-error", name=key.upper(),
                      what=tr(shortcut.what, self._lang))
            self._render()
            return
        if isinstance(control, (ipw.Button, PadButton)):
            control.click()
        else:                                   # a toggle: a die to hold, a checkbox
            control.value = not control.value

    def _show_help(self) -> None:
        on = bool(self._help_toggle.value)
        self._help.layout.display = None if on else "none"
        if not on:
            self._help.value = ""
            return
        lang = self._lang
        rows = "".join(f"<tr><th scope='row'>{' '.join(f'<kbd>{escape(k)}</kbd>' for k in (s.shown or ' '.join(s.keys).upper()).split())}"
                       f"</th><td>{escape(tr(s.what, lang))}</td></tr>" for s in self._shortcuts)
        self._help.value = (f'<section aria-label="{escape(tr("table.help_title", lang))}">'
                            f'<b>{escape(tr("table.help_title", lang))}</b>'
                            f'<div>{escape(tr("table.help_intro", lang))}</div><table>{rows}</table></section>')

    def _log_lines(self, view: Mapping[str, Any]) -> list[str]:
        """The log's lines as the student's log panel shows them, oldest first (a board's own)."""
        return []

    def _announce(self, view: Mapping[str, Any] | None) -> None:
        """Tell the live region what is new since the last render: the new log lines (as the
        log panel shows them), a new status message (an error), and "your turn". A language
        switch re-narrates the whole log: that is not news, so it is not read out."""
        lang = self._lang
        lines = self._log_lines(view) if view is not None else []
        heard_lang, heard = self._heard
        fresh = new_lines(heard, lines) if heard_lang == lang else []
        self._heard = (lang, lines)
        said = fresh[-MAX_ANNOUNCED:]
        key, _css = self._message
        status = self._status.value if key else ""
        if status and status != self._heard_status:
            said.append(_plain(status))
        self._heard_status = status
        turn = view is not None and view["current_player"] == self._seat
        if turn and not self._heard_turn:
            said.append(tr("table.your_turn", lang))
        self._heard_turn = turn
        setup = self._setup_state()
        if setup and setup != self._heard_setup:
            said.append(setup)
        self._heard_setup = setup
        if said:
            self._keys.say("\n".join(said))

    def _setup_state(self) -> str:
        """What the live region says while the set-up form is shown ("" otherwise), so that it
        is never empty when a page opens on the form."""
        if self._form is None or self._setup_box.layout.display == "none":
            return ""
        return tr("table.choose_and_start", self._lang, start=self._form.start.description)

    # ----- the student's moves -----------------------------------------------------------------
    def _play_student(self, action: str | None) -> bool:
        """Play ``action`` for the student: the one path of every button and shortcut.

        A browser can send any message ("click" a disabled button), so nothing is trusted: the
        text must be an action of this game, it must be the student's decision, and the engine
        judges it; a refusal is shown and leaves the game as it was. After a move the game is
        autosaved and the bots answer. Returns whether the move was played.
        """
        game = self._game
        if game is None or not isinstance(action, str) or game._parse(action) is None:
            return False
        played = False
        q = game.current_player
        if q is not None and q != self._seat and not self._out_of_turn(action):
            self._error("not_your_turn", who=self._seat_names()[q])
        else:
            try:
                game.apply(action)
            except TowerError as err:
                self._error("illegal", message=err)
            else:
                played = True
                self._say("")
                self._after_student_move()
                self._autosave()
                self._run_bots()
        self._render()
        return played

    def _out_of_turn(self, action: str) -> bool:
        """Whether the student may take ``action`` while another seat decides (a board's rule)."""
        return False

    def _after_student_move(self) -> None:
        """A board's own reset after the student's move was played (a selection, an aim)."""

    # ----- bots -------------------------------------------------------------------------------
    def _run_bots(self) -> None:
        """Let bots play until the student must decide. With a delay and a running event loop
        one bot action is scheduled at a time; otherwise all run now. The caller renders."""
        loop = None
        if self._delay > 0:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        moved = False
        while self._bot_to_move():
            if loop is not None:
                self._pending = loop.call_later(self._delay, self._bot_step, self._token)
                return
            self._bot_move()
            moved = True
        if moved:
            self._autosave()

    def _bot_step(self, token: int) -> None:
        """One scheduled bot action (ignored if a new game has been started since)."""
        self._pending = None
        if token != self._token or not self._bot_to_move():
            return
        self._bot_move()
        self._run_bots()
        # The autosave file is written once the bots come to rest (the student decides or the
        # game is over), not after each scheduled move: a class's server writes a save per click,
        # not four (issue #13.3). A page that dies between two bot moves resumes from the
        # student's own last move, which was saved when it was played.
        self._autosave(write=self._pending is None)
        self._render()

    def _bot_move(self) -> Any:
        """One bot action, chosen from that bot's own view; returns its choice (None if the
        engine refused it and the first legal action was played instead)."""
        game = self._game
        q = game.current_player
        choice = self._bots[q].choose(game.view(q, log=False))
        try:
            game.apply(choice.action)
        except TowerError as err:                # a bot bug must not freeze the table
            self._error("illegal", message=err)
            game.apply(game.legal_actions()[0])
            return None
        if self._teacher_box is not None:        # reasons come from a bot's view: teacher only
            self._reasons = (self._reasons + [(q, str(choice.action), choice.reason)])[-TEACHER_REASONS:]
        return choice

    def _cancel_bots(self) -> None:
        self._token += 1
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # ----- set-up and new games ---------------------------------------------------------------
    def _show_setup(self) -> None:
        self._cancel_bots()
        self._setup_box.layout.display = None
        self._table.layout.display = "none"
        self.remove_class(f"{self.CSS_PREFIX}-playing")
        if self._form is not None:
            self._form.resume.layout.display = None if self._has_autosave() else "none"
        self._apply_page()
        self._render()

    def _on_new_game(self, _button: Any = None) -> None:
        self._say("")
        if self._form is not None:
            self._show_setup()
        else:
            self._start(self._settings)

    def _on_start(self, _button: Any = None) -> None:
        try:
            settings = self._form.settings()
        except ValueError as err:
            self._error("illegal", message=str(err))
            self._render()
            return
        seed, self._first_seed = self._first_seed, None
        self._settings = settings
        self._start(settings, seed=settings.seed if settings.seed is not None else seed)

    def _start(self, settings: Any, seed: int | None = None) -> None:
        try:
            game = self._engine_new_game(settings.players, seed=seed, deal=self._deal, **settings.options)
        except TowerError as err:
            self._error("illegal", message=err)
            self._render()
            return
        self._say("")
        self.open_game(game, settings.seat, settings.bots)
        self._autosave()
        self._show_status()             # a failed first autosave shows now, not at the next move

    # ----- saves ----------------------------------------------------------------------------------
    def _board_save(self) -> BoardSave:
        return BoardSave(self._game, self._seat, self._levels)

    def _read_save(self, text: str | bytes) -> BoardSave:
        return BoardSave.from_json(text, self._engine_load, self.BOT_LEVELS, self.DEFAULT_BOT)

    def _autosave(self, write: bool = True) -> None:
        """Called after every move: updates the teacher panel, puts a game that has ended in the
        student's class record and (unless ``write`` is false) writes the autosave."""
        self._refresh_teacher()
        self._record_game_over()
        if not write or self._autosave_name is None or self._game is None:
            return
        try:
            self._saves.write(self._autosave_name, self._board_save().to_json())
        except OSError as err:
            log.warning("autosave failed: %s", err)
            self._error("save_failed", detail=explain(err))

    def _record_game_over(self) -> None:
        """A finished game goes to the class record once (a no-op off the classroom server)."""
        game = self._game
        if game is None or not game.is_over or game is self._recorded_game:
            return
        self._recorded_game = game
        from .record import hooks           # the record's database layer loads only when a game ends
        future = hooks.game_over(game, self.seat)
        if isinstance(future, Future):
            future.add_done_callback(on_loop(lambda: self._game_not_recorded(future)))

    def _game_not_recorded(self, future: Future) -> None:
        """The finished game could not be put in the class record: say so on the status line."""
        err = future.exception()
        if err is not None:
            self._error("save_failed", detail=explain(err))
            self._show_status()

    def _on_resume(self, _button: Any = None) -> None:
        """Resume the autosave. Whether there is one is checked now, not when the board was
        built: Voila builds boards in preheated kernels before anyone opens the page."""
        name = self._autosave_name
        if name is None or not self._saves.exists(name):
            self._error("nothing_to_resume")
            self._render()
            return
        self._open_save(name, board_key(self.KEY, "resumed"))

    def _open_save(self, name: str, done_key: str) -> None:
        try:
            save = self._read_save(self._saves.read(name))
        except (OSError, TowerError) as err:
            self._error("load_failed", name=name, detail=err if isinstance(err, TowerError) else explain(err))
            self._render()
            return
        self._say(done_key, name=name)
        self.open_game(save.game, save.seat, save.bots)

    def _on_save(self, _button: Any = None) -> None:
        name = clean_name(self._save_name.value)
        if self._game is None:
            return
        if name is None:
            self._say("table.bad_name", f"{self.CSS_PREFIX}-error")
        else:
            try:
                self._saves.write(name, self._board_save().to_json())
            except OSError as err:
                log.warning("save failed: %s", err)
                self._say("table.save_failed", f"{self.CSS_PREFIX}-error", detail=explain(err))
            else:
                self._say("table.saved", name=name)
                self._refresh_saves()
        self._render()

    def _on_load(self, _button: Any = None) -> None:
        """Open the chosen save; only a name the student's own folder lists is opened."""
        name = self._load_pick.value
        if isinstance(name, str) and name in self._saves.names():
            self._open_save(name, "table.loaded")

    def _refresh_saves(self) -> None:
        """List the names of the student's saves (the autosave included)."""
        if not hasattr(self, "_load_pick"):
            return
        names = self._saves.names()
        options = names or [(tr("table.no_saves", self._lang), None)]
        if list(self._load_pick.options) != options:
            self._load_pick.options = options
        self._load.disabled = not names

    # ----- who the page is for ----------------------------------------------------------------------
    def _page_known(self, page: classroom.Page) -> None:
        """The server has said who opened the page (at once, or when a preheated page opens)."""
        self._page = page
        if self._ready:
            self._apply_page()

    def _apply_page(self) -> None:
        """Once per page: the student's saves list, and teacher mode if the server said so."""
        self._ready = True                   # the board is built: later news applies at once
        page = self._page
        if page is None or self._page_applied:
            return
        self._page_applied = True
        self.add_class("st-page-known")      # a readiness signal for tests: nothing secret
        if page.classroom and page.space is None:
            self._say("table.no_space", f"{self.CSS_PREFIX}-error")
        self._refresh_saves()
        if self._form is not None and self._game is None:
            self._form.resume.layout.display = None if self._has_autosave() else "none"
        if page.teacher:
            self._enable_teacher()
        self._show_status()

    def _has_autosave(self) -> bool:
        """Whether to offer Resume: there is an autosave name and, once the page's student is
        known, a save under it."""
        if self._autosave_name is None:
            return False
        if self._page is None:
            return True      # a preheated board, before its student is known: checked on click
        return self._saves.exists(self._autosave_name)

    # ----- teacher mode (only on a page opened with the teacher link) ------------------------------
    def _enable_teacher(self) -> None:
        """Add the teacher panel: the whole game, the bots' reasons, set a position, download."""
        if self._teacher_box is not None:
            return
        p = self.CSS_PREFIX
        self._t_banner = ipw.HTML()
        self._t_reveal = ipw.HTML()
        self._t_reasons = ipw.HTML()
        self._t_position = ipw.Textarea(rows=4, layout=ipw.Layout(width="100%"))
        self._t_set = ipw.Button(icon="chess-board", button_style="danger", layout=ipw.Layout(width="auto"))
        self._t_set.on_click(self._on_set_position)
        self._t_download = ipw.HTML()
        for w, cls in ((self._t_banner, "banner"), (self._t_reveal, "reveal"), (self._t_reasons, "reasons"),
                       (self._t_position, "position"), (self._t_set, "set-position"),
                       (self._t_download, "download")):
            w.add_class(f"st-teacher-{cls}")
        box = ipw.VBox([self._t_banner, self._t_reveal, self._t_reasons, self._t_position,
                        ipw.HBox([self._t_set, self._t_download], layout=ipw.Layout(grid_gap="8px"))],
                       layout=ipw.Layout(border="3px dashed #c62828", padding="6px", grid_gap="6px"))
        box.add_class("st-teacher-panel")
        box.add_class(f"{p}-teacher-panel")
        self._teacher_box = box
        self.children = tuple(self.children) + (box,)
        self._relabel_teacher()
        self._refresh_teacher()

    def _relabel_teacher(self) -> None:
        if self._teacher_box is None:
            return
        lang = self._lang
        self._t_banner.value = f"<b style='color:#c62828'>{escape(tr('table.teacher.banner', lang))}</b>"
        self._t_position.placeholder = tr("table.teacher.position", lang)
        self._t_set.description = tr("table.teacher.set", lang)

    def _refresh_teacher(self) -> None:
        """TEACHER MODE ONLY: show the game's whole state and the bots' reasons."""
        if self._teacher_box is None:
            return
        lang = self._lang
        game = self._game
        if game is None:
            self._t_reveal.value = ""
            self._t_download.value = ""
        else:
            rows = "".join(f"<tr><th style='text-align:left;padding-right:8px'>{escape(str(k))}</th>"
                           f"<td><code>{escape(json.dumps(v, ensure_ascii=False))}</code></td></tr>"
                           for k, v in game._snapshot().items())
            self._t_reveal.value = (f"<details open><summary>{escape(tr('table.teacher.reveal', lang))}</summary>"
                                    f"<table>{rows}</table></details>")
            data = base64.b64encode(self._board_save().to_json().encode()).decode()
            self._t_download.value = (f'<a download="{escape(game.game_name)}.json" '
                                      f'href="data:application/json;base64,{data}">'
                                      f'{escape(tr("table.teacher.download", lang))}</a>')
        items = "".join(f"<li>{q + 1}: <code>{escape(action)}</code> — "
                        f"{escape(reason.render(lang) if hasattr(reason, 'render') else str(reason))}</li>"
                        for q, action, reason in reversed(self._reasons))
        self._t_reasons.value = (f"<b>{escape(tr('table.teacher.reasons', lang))}</b>"
                                 + (f"<ol>{items}</ol>" if items else f"<div>{escape(tr('table.teacher.no_reasons', lang))}</div>"))

    def _on_set_position(self, _button: Any = None) -> None:
        """Teacher only: open a pasted save, or start a new game from a pasted deal."""
        if self._teacher_box is None:            # a forged click on a page without the link
            return
        text = self._t_position.value.strip()
        try:
            save = self._read_save(text)
        except TowerError as save_err:
            try:
                deal = json.loads(text)
                if not isinstance(deal, dict):
                    raise ValueError("not a JSON object")
            except ValueError:
                self._say("table.teacher.bad_position", f"{self.CSS_PREFIX}-error",
                          detail=save_err.message(self._lang))
                self._render()
                return
            settings = self._settings
            try:
                game = self._engine_new_game(settings.players, seed=None, deal=deal, **settings.options)
            except TowerError as err:
                self._say("table.teacher.bad_position", f"{self.CSS_PREFIX}-error", detail=err.message(self._lang))
                self._render()
                return
            self._say("table.teacher.position_set")
            self.open_game(game, settings.seat, settings.bots)
            self._autosave()
            self._show_status()
            return
        self._say("table.teacher.position_set")
        self.open_game(save.game, save.seat, save.bots)
        self._autosave()
        self._show_status()


_FIRST_TAG = re.compile(r"^<([a-zA-Z][\w-]*)")


def _plain(html: str) -> str:
    """The text of a status line's HTML (its one span), for the live region."""
    return unescape(re.sub(r"<[^>]+>", "", html)).strip()
