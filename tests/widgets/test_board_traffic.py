"""What a click sends to the page, and what a page shows before the first click.

A class of 30 shares one server, so a student's click must send only what changed: these tests
count the widget messages a click produces (through a recording comm, :class:`widget_page.Traffic`)
and pin, as behaviour, which widgets a click may touch. Timings live in
``benchmarks/click_traffic.py`` and ``benchmarks/classroom_bench.py``, not here.
"""
from __future__ import annotations

import random
import re

import ipywidgets as ipw
from towerlib.core.i18n import tr

from widget_page import Traffic, click
from widgets import AbracadaBoard
from widgets.surface import Surface


def board_in(traffic: Traffic, tmp_path, **kw) -> AbracadaBoard:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("saves_dir", str(tmp_path / "saves"))
    kw.setdefault("autosave", None)
    return AbracadaBoard(**kw)


def table_html(widget: ipw.Widget) -> list[str]:
    """The value of every HTML widget under ``widget``."""
    if isinstance(widget, ipw.HTML):
        return [widget.value]
    if isinstance(widget, Surface):
        return list(widget.panels().values())
    return [html for child in getattr(widget, "children", ()) for html in table_html(child)]


# ----- the live region and the headings ---------------------------------------------------------------
def test_the_live_region_says_what_to_do_when_the_page_opens_on_the_form(tmp_path):
    board = AbracadaBoard(saves_dir=str(tmp_path), autosave=None, bot_delay=0)
    start = tr("abracada.board.start", "en")
    assert board._keys.announcement == tr("table.choose_and_start", "en", start=start)
    board.language = "ru"
    assert board._keys.announcement == tr("table.choose_and_start", "ru", start=tr("abracada.board.start", "ru"))
    board.language = "en"
    click(board._form.start)
    assert "Start" not in board._keys.announcement and board._keys.announcement
    click(board._new)
    assert board._keys.announcement == tr("table.choose_and_start", "en", start=start)


def test_the_panel_titles_are_h2_under_the_pages_h1(tmp_path):
    board = AbracadaBoard(saves_dir=str(tmp_path), autosave=None, bot_delay=0, setup=False, seed=3, players=3)
    heading = re.compile(r"<(h\d)\b[^>]*>([^<]*)")
    headings = heading.findall("".join(table_html(board._table)))     # in play: the meter's title
    rng = random.Random(2)
    while board.game.phase == "play":                    # to the end of a round: the result panel's too
        spells = [b for b in board._spells.values() if not b.disabled]
        click(board._end if not board._end.disabled and (not spells or rng.random() < 0.3) else rng.choice(spells))
    headings += heading.findall("".join(table_html(board._table)))
    assert {tag for tag, _title in headings} == {"h2"} and len({title for _tag, title in headings}) >= 6, headings


# ----- what a click sends ----------------------------------------------------------------------------
def student_click(board: AbracadaBoard, rng: random.Random) -> None:
    if board.game.phase == "round_over":
        click(board._next)
        return
    spells = [b for b in board._spells.values() if not b.disabled]
    click(board._end if not board._end.disabled and (not spells or rng.random() < 0.3) else rng.choice(spells))


def test_a_click_within_a_round_sends_each_widget_at_most_once_and_never_the_earlier_rounds_or_tower(tmp_path):
    rng = random.Random(7)
    checked = 0
    with Traffic() as traffic:
        board = board_in(traffic, tmp_path, setup=False, seed=11, players=3, bots="counting")
        while not board.game.is_over and checked < 30:
            rnd, scores = board.game.round_no, list(board.game.scores)
            traffic.take()
            student_click(board, rng)
            sent = traffic.take()
            updates = [cid for cid, kind, data, _size in sent if data.get("method") == "update"]
            assert len(updates) == len(set(updates)), "a widget was sent twice for one click"
            surface = [data["state"] for cid, _kind, data, _size in sent
                       if cid == board._surface.model_id and data.get("method") == "update"]
            assert len(surface) <= 1
            if rnd > 1 and board.game.round_no == rnd:
                past = {w.model_id for w in board._past_logs}
                assert past and not past & set(updates)
                if list(board.game.scores) == scores:               # no score changed: the tower stays
                    assert surface and "tower" not in surface[0]
                checked += 1
    assert checked >= 10


def test_a_bots_step_does_not_resend_the_spell_buttons_when_another_bot_takes_over(tmp_path):
    """While bots play, the disabled spells and End turn say the same words whoever moves (the
    hint line says who), so a bot's move does not send the buttons' states again."""
    from towerlib.abracada import new_game

    with Traffic() as traffic:
        board = board_in(traffic, tmp_path)                 # on the set-up form
        board._run_bots = lambda: None                      # the test moves the bots one by one
        board.open_game(new_game(4, seed=5), seat=3, bots="counting")
        game = board.game
        handovers = 0
        while game.current_player != 3 and not game.is_over and handovers < 20:
            mover = game.current_player
            traffic.take()
            board._bot_move()
            board._render()
            sent = [data["state"] for cid, _kind, data, _size in traffic.take()
                    if cid == board._surface.model_id and data.get("method") == "update"]
            assert len(sent) == 1, "a bot's move reaches the page in one surface message"
            if game.current_player not in (mover, 3) and game.phase == "play":   # one bot to the next
                assert "states" not in sent[0], "a bot's move re-sent the spell buttons"
                handovers += 1
            if game.phase == "round_over":
                break
        tips = {b.tooltip for b in board._spells.values()}
        assert tips == {tr("abracada.board.wait_for_turn", "en")} or game.current_player == 3
    assert handovers >= 1


# ----- the log told once ---------------------------------------------------------------------------------
def test_a_round_told_line_by_line_reads_as_the_round_told_afresh():
    """RoundNarration re-tells only the last line as a round's log grows (a miss takes in the roll
    and life events after it): after every action its HTML and texts equal the log told afresh,
    for any seat, and when the language changes mid-round."""
    from html import unescape

    import towerlib.abracada as abracada
    from towerlib.abracada.bots import make_bot
    from widgets.abracada.narrate import RoundNarration, log_html

    compared = 0
    for seed in range(4):
        game = abracada.new_game(3 + seed % 3, seed=seed)
        bots = [make_bot("random", seed=q) for q in range(game.players)]
        seat = seed % game.players
        told = RoundNarration()
        while not game.is_over:
            lang = "ru" if compared % 17 > 12 else "en"
            log = game.view(seat)["log"]
            told.update(log, seat, lang)
            fresh = log_html(log, seat, lang)
            assert told.html == fresh
            assert told.texts == [unescape(t) for t in re.findall(r'<div class="st-line[^"]*">(.*?)</div>', fresh)]
            compared += 1
            q = game.current_player
            game.apply(bots[q].choose(game.view(q, log=False)).action)
    assert compared > 200
