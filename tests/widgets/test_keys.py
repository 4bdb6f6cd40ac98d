"""Keyboard shortcuts, the help panel and the live region on every board (issue #15.4).

A key reaches the kernel exactly as the page's KeyBridge sends it (a custom widget message).
Each test plays twin boards from the same seed: one by shortcuts, one by clicking the controls,
and compares the games byte for byte.
"""
from __future__ import annotations

import json
import random
import re
from html import unescape

import ipywidgets as ipw
import pytest
from towerlib.core.i18n import keys as catalogue_keys
from towerlib.core.i18n import tr

from widget_page import click, send_update
from widgets.abracada.board import AbracadaBoard
from widgets.amulett.board import AmulettBoard
from widgets.runes.board import RunesBoard
from widgets.spellcaster.board import SpellCasterBoard
from widgets.surface import PadButton, is_shown

BOARDS = {"abracada": (AbracadaBoard, 3), "runes": (RunesBoard, 3), "amulett": (AmulettBoard, 3),
          "spellcaster": (SpellCasterBoard, 2)}


def make(name: str, seed: int, lang: str = "en"):
    cls, players = BOARDS[name]
    return cls(players=players, bot_delay=0, setup=False, seed=seed, lang=lang, saves_dir=None,
               autosave=None if name == "abracada" else False)


def press(board, key: str) -> None:
    """A key as the page sends it."""
    board._keys._handle_msg({"content": {"data": {"method": "custom", "content": {"key": key}}}, "buffers": []})


def operate(control) -> None:
    """What the mouse does to the control: click a button, flip a toggle."""
    if isinstance(control, (ipw.Button, PadButton)):
        click(control)
    else:
        send_update(control, {"value": not control.value})


def shortcut_controls(board):
    """(shortcut, key, control or None) for every key of the board's pressing shortcuts, now."""
    for shortcut in board._shortcuts:
        if shortcut.press is not None:
            for key in shortcut.keys:
                yield shortcut, key, shortcut.press(key)


def usable(control) -> bool:
    return control is not None and not control.disabled and is_shown(control)


def pressable(board) -> list[tuple[str, object]]:
    """(key, control) for every shortcut whose control is shown and enabled now."""
    return [(key, control) for _shortcut, key, control in shortcut_controls(board) if usable(control)]


def path_of(board, control) -> list:
    """Where a control sits in its board (so the twin board's control can be found)."""
    for name, value in vars(board).items():
        if value is control:
            return [name]
        if isinstance(value, dict):
            for k, v in value.items():
                if v is control:
                    return [name, k]
        if isinstance(value, list):
            for i, v in enumerate(value):
                if v is control:
                    return [name, i]
    raise AssertionError("control not found")


def follow(board, path: list):
    value = getattr(board, path[0])
    return value if len(path) == 1 else value[path[1]]


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_shortcut_does_exactly_what_its_button_does(name):
    """At each position of a game, every shortcut usable now is pressed on one twin and its
    control operated on the other: same game, same status, same announcement."""
    rng = random.Random(7)
    seen_keys = set()
    for seed in range(4):
        by_key, by_mouse = make(name, seed), make(name, seed)
        for _ in range(25):
            if by_key.game.is_over:
                break
            options = pressable(by_key)
            if not options:              # nothing a shortcut presses here: move on with a click
                legal = [str(a) for a in by_key.game.legal_actions()]
                action = rng.choice(legal)
                by_key._play_student(action), by_mouse._play_student(action)
                continue
            key, control = rng.choice(options)
            seen_keys.add(key)
            press(by_key, key)
            operate(follow(by_mouse, path_of(by_key, control)))
            assert by_key.game.to_json() == by_mouse.game.to_json()
            assert by_key._status.value == by_mouse._status.value
            assert by_key._keys.announcement == by_mouse._keys.announcement
            assert by_key._log.value == by_mouse._log.value
    assert len(seen_keys) >= 2, seen_keys


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_shortcut_whose_button_is_disabled_is_refused_and_changes_nothing(name):
    refused = 0
    for seed in range(3):
        board = make(name, seed)
        for shortcut, key, control in list(shortcut_controls(board)):
            if usable(control):
                continue
            before = board.game.to_json()
            press(board, key)
            assert board.game.to_json() == before
            assert tr("table.key_refused", "en", name=key.upper(), what=tr(shortcut.what, "en")) \
                in unescape(board._status.value)
            assert tr(shortcut.what, "en") in board._keys.announcement
            refused += 1
    assert refused >= 3


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_keys_the_board_did_not_declare_do_nothing(name):
    board = make(name, 1)
    before, status = board.game.to_json(), board._status.value
    for key in ("z", "Enter", " ", "Tab", "ё", "", "1" * 50):
        if key in board._keys.shortcut_keys:
            continue
        press(board, key)
    board._keys._handle_msg({"content": {"data": {"method": "custom", "content": ["e"]}}, "buffers": []})
    assert board.game.to_json() == before and board._status.value == status


@pytest.mark.parametrize("name", sorted(BOARDS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_question_mark_or_h_toggles_the_help_listing_every_shortcut(name, lang):
    board = make(name, 2, lang)
    assert board._help.layout.display == "none" and board._help.value == ""
    press(board, "?")
    assert board._help.layout.display is None and board._help_toggle.value
    text = unescape(board._help.value)
    assert tr("table.help_title", lang) in text
    for shortcut in board._shortcuts:
        assert tr(shortcut.what, lang) in text
        assert all(f"<kbd>{k}</kbd>" in board._help.value for k in (shortcut.shown or " ".join(shortcut.keys).upper()).split())
    press(board, "h")
    assert board._help.layout.display == "none" and not board._help_toggle.value
    click_toggle = board._help_toggle                     # the header's button does the same
    send_update(click_toggle, {"value": True})
    assert board._help.layout.display is None


def test_every_shortcut_text_exists_in_both_languages():
    for prefix in ("table.", "abracada.board.key.", "runes.board.key.", "amulett.board.key.", "spellcaster.board.key."):
        en = {k for k in catalogue_keys("en") if k.startswith(prefix)}
        ru = {k for k in catalogue_keys("ru") if k.startswith(prefix)}
        assert en == ru and en, prefix
    for name in BOARDS:
        board = make(name, 0)
        for shortcut in board._shortcuts:
            assert tr(shortcut.what, "en") != tr(shortcut.what, "ru")


# ----- the live region ----------------------------------------------------------------------------------
def panel_lines(board) -> list[str]:
    """The log panel's lines, oldest first, read from its HTML (the current round only)."""
    html = board._log.value
    if isinstance(board, AbracadaBoard):
        html = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    if "<li>" in html:                                   # newest first
        return [unescape(t) for t in reversed(re.findall(r"<li>(.*?)</li>", html, flags=re.S))]
    return [unescape(t) for t in re.findall(r'<div class="(?:st|sr)-line[^"]*">(.*?)</div>', html, flags=re.S)]


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_live_region_says_the_log_lines_the_move_added(name):
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        board = make(name, seed)
        game = board.game
        for _ in range(30):
            if game.is_over:
                break
            before = panel_lines(board)
            serial = board._keys.serial
            board._play_student(str(rng.choice(game.legal_actions())))
            after = panel_lines(board)
            if after[:len(before)] != before or len(after) == len(before):
                continue                       # a new round, or a panel that scrolled: not comparable
            said = board._keys.announcement.split("\n")
            if said[-1] == tr("table.your_turn", "en"):
                said = said[:-1]
            assert board._keys.serial == serial + 1
            assert said == after[len(before):][-6:]
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_live_region_is_in_the_board_tree_the_two_worlds_tests_compare(name):
    """The two-worlds tests of each board (test_<game>_board.py) compare the state of every
    widget in the board's tree in games that differ only in hidden things: the live region's
    announcement is among them, so it carries nothing the view does not show."""
    from widget_page import tree_states
    board = make(name, 4)
    assert board._keys.announcement
    assert any('"announcement": ' + json.dumps(board._keys.announcement) in state for state in tree_states(board))


def test_the_live_region_tells_a_refused_move_and_your_turn():
    board = make("abracada", 3)
    board.open_game(board.game, 0)
    assert tr("table.your_turn", "en") in board._keys.announcement.split("\n") or board.game.current_player != 0
    serial = board._keys.serial
    board._play_student("end")                             # nothing cast yet: refused
    assert board._keys.serial == serial + 1
    assert board._keys.announcement.startswith(tr("table.illegal", "en", message="").strip()[:5])


@pytest.mark.parametrize("name", sorted(BOARDS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_scrolling_log_is_reachable_by_tab_and_named(name, lang):
    """The log's root element is the part that scrolls: a keyboard user must be able to focus
    it (tabindex 0) and a screen reader to name it; a list keeps its list role."""
    from widgets.messages import board_key
    board = make(name, 1, lang)
    label = tr(board_key(board.KEY, "log"), lang)
    if board.LOG_SCROLLER:          # a log of several widgets: its scrolling Box is named in the page
        assert board._keys.regions == {board.LOG_SCROLLER: label}
        def tree(w):
            yield w
            for child in getattr(w, "children", ()):
                yield from tree(child)
        scrollers = [w for w in tree(board) if board.LOG_SCROLLER in w._dom_classes]
        assert len(scrollers) == 1 and board._log in tree(scrollers[0])
        return
    match = re.match(r"<(\w+) ([^>]*)>", board._log.value)
    tag, attrs = match.group(1), match.group(2)
    assert 'tabindex="0"' in attrs
    assert f'aria-label="{label}"' in unescape(attrs)
    assert ('role="region"' in attrs) == (tag not in ("ol", "ul"))


# ----- the focus ring ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_board_draws_a_focus_ring_that_stands_out_from_each_of_its_backgrounds(name):
    """The ring is a dark outline with a light halo: against every background colour the board's
    stylesheet sets (frame, panels, seats), one of the two contrasts at least 3:1 (WCAG 1.4.11)."""
    from widgets.a11y import FOCUS_HALO, FOCUS_OUTLINE
    from widgets.palette import contrast
    board = make(name, 0)
    css = board._style.value
    for control in ("button", "input", "select", "textarea"):
        assert f".st-board {control}:focus-visible" in css
    assert "st-board" in board._dom_classes
    backgrounds = set(re.findall(r"background(?:-color)?:[^;}]*?(#[0-9a-fA-F]{6})\b", css))
    assert len(backgrounds) >= 2
    for bg in backgrounds:
        assert max(contrast(FOCUS_OUTLINE, bg), contrast(FOCUS_HALO, bg)) >= 3, bg
    assert contrast(FOCUS_OUTLINE, FOCUS_HALO) >= 3


def test_a_runes_die_says_whether_it_is_selected():
    """A held die is shown by its colour; its tooltip (the button's accessible description) says it too."""
    board = make("runes", 7)
    game = board.game
    for _ in range(200):                            # the draft and the windows until the student rolls
        if board._reroll.layout.display != "none" and not board._reroll.disabled:
            break
        board._play_student(str(game.legal_actions()[0]))
    else:
        raise AssertionError("never rolled")
    die = board._dice[0]
    assert die.tooltip == tr("runes.board.die.free", "en", n=1, value=int(die.description))
    press(board, "1")
    assert die.value and die.tooltip == tr("runes.board.die.held", "en", n=1, value=int(die.description))


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_board_has_a_language_property_like_its_picker(name):
    board = make(name, 0)
    board.language = "ru"
    assert board.language == "ru" and board._lang_pick.value == "ru"
    assert tr("table.help", "ru") == board._help_toggle.description
    with pytest.raises(ValueError):
        board.language = "de"
    assert board.language == "ru"
