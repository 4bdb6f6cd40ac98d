"""The Abracada board without a browser: honesty, forged messages, teacher mode, saves, Russian.

ipywidgets works without a kernel: every widget keeps its state, ``get_state()`` returns what
would be synced to the page, and ``_handle_msg`` is the exact entry point of a message that
arrives over the websocket. So the tests can inspect everything the page could ever receive
and forge anything a page could send.
"""
from __future__ import annotations

import asyncio
import json
import random
import re
from html import escape as html_escape

import ipywidgets as ipw
import pytest
import towerlib.abracada as abracada
from towerlib.abracada.deals import complete_deal
from towerlib.abracada.worlds import redeal
from towerlib.core import IllegalAction
from towerlib.core.i18n import keys, tr
from traitlets import TraitError

from widget_page import MODEL_REF, click, registry, send_update, tree_states
from widgets import AbracadaBoard

# ----- helpers -----------------------------------------------------------------------------------
def make_board(tmp_path, **kw) -> AbracadaBoard:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("saves_dir", str(tmp_path / "saves"))
    kw.setdefault("autosave", None)
    return AbracadaBoard(**kw)


def table_values(board: AbracadaBoard) -> list:
    """What the table shows of the game: the view-made HTML and the buttons' states."""
    surface = board._surface
    return [*surface.panels().values(), *(w.value for w in (board._log, board._result, board._round)),
            *surface.states]


def reachable(board: AbracadaBoard) -> set[str]:
    seen: set[str] = set()
    stack = [board.model_id]
    while stack:
        mid = stack.pop()
        if mid not in seen:
            seen.add(mid)
            stack.extend(MODEL_REF.findall(json.dumps(registry()[mid].get_state(), default=str)))
    return seen


def student_move(board: AbracadaBoard, rng: random.Random) -> None:
    """Click a random enabled control, as a student would."""
    if board.game.phase == "round_over":
        click(board._next)
        return
    enabled = [b for b in board._spells.values() if not b.disabled]
    if not board._end.disabled:
        enabled.append(board._end)
    click(rng.choice(enabled))


# ----- two worlds ----------------------------------------------------------------------------------
def assert_same_page(a: AbracadaBoard, b: AbracadaBoard) -> None:
    sa, sb = tree_states(a), tree_states(b)
    assert len(sa) == len(sb)
    for x, y in zip(sa, sb):
        assert x == y


@pytest.mark.parametrize("players,options", [(4, {}), (2, {}), (3, {"easy": True}), (5, {"last_standing": True}),
                                             (4, {"secret_stone_visibility": "public", "die_faces": (1, 2, 3, 4, 5, 6)})])
def test_two_worlds_give_identical_widget_state(tmp_path, players, options):
    """Games that differ only in what the student cannot see give byte-identical widget state,
    at many positions reached by the student's random clicks and the bots' replies."""
    rng = random.Random(players * 101 + len(options))
    seat = players - 1                                   # not the first player: bots move first
    levels = ["random", "counting", "ev", "ev", "counting"][:players]
    a = make_board(tmp_path, players=players, seat=seat, bots=levels, **options)
    b = make_board(tmp_path, players=players, seat=seat, bots=levels, **options)
    real = make_board(tmp_path, players=players, seat=seat, bots=levels, **options)
    a.open_game(abracada.new_game(players, seed=rng.randrange(10**6), **options), seat, levels)
    compared = differed = 0
    for _ in range(60):
        if a.game.is_over:
            break
        assert a.game.current_player == seat or a.game.phase == "round_over"
        hidden = (a.game.hands[seat], a.game.secret_pool, a.game.pile)
        for _attempt in range(20):       # late in a round the hidden stones may allow one world only
            world = redeal(a.game, seat, random.Random(rng.random()))
            if (world.hands[seat], world.secret_pool, world.pile) != hidden:
                differed += 1
                break
        assert world.view(seat) == a.game.view(seat)
        # Both worlds opened afresh (a board that played on also shows earlier rounds' logs,
        # which come from views the student already saw, so they are the same in both worlds).
        real.open_game(abracada.load(a.game.to_json()), seat, levels)
        b.open_game(world, seat, levels)
        assert_same_page(real, b)
        compared += 1
        student_move(a, rng)
    assert compared >= 10 and differed >= compared // 2


def test_explicit_deals_that_differ_only_in_hidden_stones(tmp_path):
    """A hand-made pair: the student's hand, the secret stones and the pile order are swapped
    around, everything the student sees is the same."""
    others = [[8, 8, 8, 7, 7], [6, 6, 6, 5, 5], [4, 4, 3, 3, 2]]
    deal_a = complete_deal([[1, 2, 3, 4, 5], *others], secret=[8, 7, 6, 5], pile_top=[8, 7])
    unseen = deal_a["hands"][0] + deal_a["secret"] + deal_a["pile"]
    swapped = unseen[5:10] + unseen[:5] + list(reversed(unseen[10:]))
    deal_b = dict(deal_a, hands=[swapped[:5], *others], secret=swapped[5:9], pile=swapped[9:])
    assert sorted(unseen) == sorted(swapped) and deal_a["hands"][0] != deal_b["hands"][0]
    game_a, game_b = abracada.new_game(4, seed=1, deal=deal_a), abracada.new_game(4, seed=2, deal=deal_b)
    assert game_a.view(0) == game_b.view(0)
    a, b = make_board(tmp_path, seat=0), make_board(tmp_path, seat=0)
    a.open_game(game_a, 0, "ev")
    b.open_game(game_b, 0, "ev")
    assert_same_page(a, b)
    for v in (1, 2, 3, 4, 5, 6, 7, 8):                  # nothing hidden is spelled out anywhere
        assert f"hands\": [[{v}" not in "".join(tree_states(a))


def test_every_widget_the_board_creates_is_in_its_tree_and_no_seed_leaks(tmp_path):
    before = set(registry())
    board = make_board(tmp_path, seed=987654321, setup=False)
    created = set(registry()) - before
    assert created == reachable(board)
    text = "".join(tree_states(board))
    assert "987654321" not in text
    assert not any(isinstance(registry()[m], (ipw.Textarea, ipw.FileUpload)) for m in created)
    for _ in range(40):          # moves change values; a new round adds only the last round's log
        if board.game.is_over:
            break
        student_move(board, random.Random(3))
    assert board.game.round_no > 1
    added = set(registry()) - before - created
    assert added == {x.model_id for w in board._past_logs[:board.game.round_no - 1] for x in (w, w.layout, w.style)}
    assert added <= reachable(board)


# ----- forged messages ------------------------------------------------------------------------------
def test_forged_click_on_a_disabled_spell_changes_nothing(tmp_path):
    deal = complete_deal([[8, 2, 2, 3, 3], [7, 7, 7, 6, 6], [6, 6, 6, 5, 5], [4, 4, 4, 4, 5]])
    board = make_board(tmp_path, seat=0, deal=deal, setup=False)
    click(board._spells[8])                              # succeeds: now only 8 may follow
    assert board._spells[3].disabled and "8" in board._spells[3].tooltip
    saved = board.game.to_json()
    click(board._spells[3])
    assert board.game.to_json() == saved
    assert "cast 3" in board._status.value and "st-error" in board._status.value
    assert board.game.current_player == 0 and board.game.legal_actions()


def test_forged_next_round_and_end_turn_are_refused(tmp_path):
    board = make_board(tmp_path, setup=False, seed=5)
    saved = board.game.to_json()
    click(board._next)                                   # the round is still being played
    click(board._end)                                    # no spell cast yet this turn
    assert board.game.to_json() == saved
    assert board._end.disabled


def test_forged_click_during_a_bots_turn_is_refused():
    """With a delay, bots move one step at a time from the event loop; a click meanwhile
    must not make a move for the bot."""
    async def scenario():
        board = AbracadaBoard(players=3, seat=2, bots="counting", seed=11, bot_delay=0.01, setup=False, autosave=None)
        assert board.game.current_player == 0 and board._pending is not None
        saved = board.game.to_json()
        click(board._spells[5])
        assert board.game.to_json() == saved
        assert "Bot 1" in board._status.value
        seen = set()
        for _ in range(500):
            if board.game.current_player == 2:
                break
            seen.add(len(board.game.events))
            await asyncio.sleep(0.005)
        assert board.game.current_player == 2
        assert len(seen) >= 2                             # the page saw intermediate positions
    asyncio.run(scenario())


def test_out_of_range_values_are_refused(tmp_path):
    board = make_board(tmp_path, players=4, seat=0)
    form = board._form
    for widget, state in ((form.players, {"index": 9}), (form.seat, {"index": 7}), (board._lang_pick, {"index": 3}),
                          (form.bots[1], {"index": 5}), (board._load_pick, {"index": 4})):
        before = widget.get_state()
        send_update(widget, state)                       # ipywidgets logs the TraitError and keeps the value
        assert widget.get_state() == before
        with pytest.raises(TraitError):
            widget.set_state(state)
    send_update(form.seed, {"value": "not a number"})
    click(form.start)
    assert board.game is None and "st-error" in board._status.value
    send_update(form.seed, {"value": ""})
    send_update(form.players, {"index": 0})              # 2 players: the seat list follows
    assert form.seat.options == ((tr("table.setup.seat_n", n=1), 0), (tr("table.setup.seat_n", n=2), 1))
    click(form.start)
    assert board.game.players == 2


def test_save_names_cannot_escape_the_folder(tmp_path):
    board = make_board(tmp_path, setup=False, seed=3)
    for name in ("../escape", "/etc/x", "a/b", ".hidden", ""):
        send_update(board._save_name, {"value": name})
        click(board._save)
        assert "st-error" in board._status.value
    assert not (tmp_path / "escape.json").exists() and not list(tmp_path.glob("saves/*.json"))


# ----- teacher mode ----------------------------------------------------------------------------------
def test_teacher_mode_is_off_by_default(tmp_path):
    board = make_board(tmp_path, setup=False, seed=8)
    text = "".join(tree_states(board))
    assert tr("abracada.board.teacher_banner", "en") not in text
    assert not hasattr(board, "_hidden_info")


def test_teacher_mode_reveals_hands_and_sets_up_a_deal(tmp_path):
    board = make_board(tmp_path, setup=False, seed=8, teacher=True)
    text = "".join(tree_states(board))
    assert tr("abracada.board.teacher_banner", "en") in text
    hand = board.game.hands[0]
    assert all(f"{v}: {tr(f'abracada.spell.{v}', 'en')}" in board._hidden_info.value for v in hand)
    deal = complete_deal([[1, 3, 3, 3, 2], [8, 8, 8, 8, 8], [7, 7, 7, 7, 7], [6, 6, 6, 6, 6]])
    send_update(board._deal_text, {"value": json.dumps(deal)})
    click(board._deal_button)
    assert board.game.hands[0] == [1, 3, 3, 3, 2]
    send_update(board._deal_text, {"value": "{not json"})
    click(board._deal_button)
    assert board.game.hands[0] == [1, 3, 3, 3, 2] and "st-error" in board._status.value
    assert "data:application/json;base64," in board._download.value


# ----- saves and resume ----------------------------------------------------------------------------------
def test_save_and_load_round_trip(tmp_path):
    board = make_board(tmp_path, setup=False, seed=21, players=3, seat=1, bots=["ev", None, "random"])
    rng = random.Random(2)
    for _ in range(6):
        student_move(board, rng)
    send_update(board._save_name, {"value": "lesson one"})
    click(board._save)
    assert (tmp_path / "saves" / "lesson one.json").is_file()
    other = make_board(tmp_path, setup=False, seed=99)
    assert "lesson one" in other._load_pick.options
    other._load_pick.value = "lesson one"
    click(other._load)
    assert other.game.to_json() == board.game.to_json()
    assert (other.seat, other._levels) == (1, ["ev", None, "random"])
    # A loaded game shows its current round's log: the earlier rounds were not seen on this board.
    assert without_past_rounds(table_values(other)) == without_past_rounds(table_values(board))


def without_past_rounds(values: list) -> list:
    return [re.sub(r'<details class="st-past-round">.*?</details>', "", v) if isinstance(v, str) else v
            for v in values]


def test_resume_after_a_reload(tmp_path):
    first = make_board(tmp_path, autosave="autosave", seed=4)
    click(first._form.resume)                            # nothing to resume yet
    assert first.game is None and "st-error" in first._status.value
    click(first._form.start)
    rng = random.Random(5)
    for _ in range(4):
        student_move(first, rng)
    reloaded = make_board(tmp_path, autosave="autosave")   # a new page: a new kernel, a new board
    assert reloaded.game is None
    click(reloaded._form.resume)
    assert reloaded.game.to_json() == first.game.to_json()
    assert without_past_rounds(table_values(reloaded)) == without_past_rounds(table_values(first))
    assert tr("abracada.board.resumed", "en") in reloaded._status.value


def test_scheduled_bots_autosave_once_they_rest(tmp_path):
    """With bots moving one scheduled step at a time, the student's own move is saved at once
    and the file is next written when the bots come to rest: a reload then resumes the very
    position the student sees, and a page that dies mid-way resumes from the student's move."""
    async def scenario():
        board = make_board(tmp_path, players=4, seat=0, bots="counting", seed=3, bot_delay=0.002,
                           autosave="autosave", setup=False)
        saves = board._saves
        writes = []
        write = saves.write
        saves.write = lambda name, text: (writes.append(text), write(name, text))[1]
        rng = random.Random(8)
        bot_turns = 0
        while bot_turns < 5 and not board.game.is_over:
            while board._pending is not None:
                await asyncio.sleep(0.002)
            writes.clear()
            before = len(board.game.history)
            student_move(board, rng)
            after_student = board._board_save().to_json()
            if board._pending is None:                   # the student's turn goes on: one write
                assert writes == [after_student]
                continue
            bot_turns += 1
            assert writes == [after_student]             # the student's move, saved before any bot moves
            while board._pending is not None:
                assert saves.read("autosave") == after_student
                await asyncio.sleep(0.002)
            assert len(board.game.history) > before + 1  # bots moved ...
            assert writes == [after_student, board._board_save().to_json()]   # ... and were saved once, at rest
            assert saves.read("autosave") == board._board_save().to_json()
        assert bot_turns == 5
    asyncio.run(scenario())


def test_a_corrupt_save_is_reported_not_loaded(tmp_path):
    board = make_board(tmp_path, setup=False, seed=4)
    (tmp_path / "saves").mkdir(exist_ok=True)
    (tmp_path / "saves" / "broken.json").write_text('{"format": "spelltower-board", "version": 1, "save": {}}')
    board._refresh_saves()
    saved = board.game.to_json()
    board._load_pick.value = "broken"
    click(board._load)
    assert board.game.to_json() == saved and "st-error" in board._status.value


# ----- language ----------------------------------------------------------------------------------
def test_russian_labels_come_from_the_catalogue(tmp_path):
    board = make_board(tmp_path, lang="ru", setup=False, seed=6)
    assert board._spells[1].description == "1 · Древний дракон"
    assert board._spells[8].description == "8 · Волшебное зелье"
    assert board._end.description == tr("abracada.board.end_turn", "ru")
    assert "Раунд 1" in board._round.value and tr("abracada.board.log.round_start.other", "ru").split(" ")[0] in board._log.value
    send_update(board._lang_pick, {"index": 0})
    assert board._spells[1].description == "1 · Ancient Dragon"


def test_every_board_message_exists_in_both_languages():
    en = {k for k in keys("en") if k.startswith("abracada.board.")}
    ru = {k for k in keys("ru") if k.startswith("abracada.board.")}
    assert en == ru and len(en) > 80


def test_disabled_reasons_match_the_engine(tmp_path):
    """The tooltips are built from the view; they must say what the engine says."""
    deal = complete_deal([[8, 2, 2, 3, 3], [7, 7, 7, 6, 6], [6, 6, 6, 5, 5], [4, 4, 4, 4, 5]])
    board = make_board(tmp_path, seat=0, deal=deal, setup=False)
    click(board._spells[8])
    for v in range(1, 8):
        with pytest.raises(IllegalAction) as err:
            board.game.apply(f"cast {v}")
        assert board._spells[v].tooltip in err.value.message("en")


def test_bots_reasons_are_teacher_only_even_when_forged(tmp_path):
    """Bots reason from views that include the student's stones: a student never sees reasons,
    even if the page forges the (hidden) toggle on."""
    student = make_board(tmp_path, players=4, seat=3, bots="ev", reasons=True, seed=5, setup=False)
    send_update(student._reasons_toggle, {"value": True})
    reasons = [m.render("en") for msgs in student._notes.values() for m in msgs]
    assert reasons, "the bots moved before the student and gave reasons"
    assert not any(r in student._log.value for r in reasons)
    assert student._reasons_toggle.layout.display == "none"
    teacher = make_board(tmp_path, players=4, seat=3, bots="ev", reasons=True, seed=5, setup=False, teacher=True)
    shown = [m.render("en") for msgs in teacher._notes.values() for m in msgs]
    assert any(html_escape(r) in teacher._log.value or r in teacher._log.value for r in shown)


# ----- the log explains itself (issue #20.4) --------------------------------------------------------------
def sample_events(q: int) -> list[tuple[dict, dict]]:
    """One event of every kind by player ``q`` (with what a miss needs), as (event, extra) pairs."""
    life = {"kind": "life", "seat": q, "change": -1, "life": 5, "amount": -1, "cause": 5}
    return [
        ({"kind": "round_start", "seat": None, "round": 2, "starter": q, "removed": [8, 7], "hands": []}, {}),
        ({"kind": "cast", "seat": q, "value": 6, "slot": 0, "remover": 3}, {}),
        ({"kind": "miss", "seat": q, "value": 5}, {"hand": [8, 8, 7, 3, 2], "loss": [life]}),
        ({"kind": "miss", "seat": q, "value": 5}, {"hand": None, "loss": [life]}),
        ({"kind": "miss", "seat": q, "value": 1},
         {"hand": [8, 8, 7, 3, 2], "loss": [{"kind": "roll", "seat": q, "value": 3, "spell": 1},
                                             dict(life, change=-3, life=3)]}),
        ({"kind": "callout", "seat": q, "value": 3, "last": 6}, {}),
        ({"kind": "roll", "seat": q, "value": 2, "spell": 3}, {}),
        (life, {}), (dict(life, change=2, life=6), {}), (dict(life, change=0, life=6), {}),
        ({"kind": "knockout", "seat": q, "by": q}, {}),
        ({"kind": "end_turn", "seat": q}, {}),
        ({"kind": "draw", "seat": q, "count": 2}, {}),
        ({"kind": "draw", "seat": q, "count": 2, "values": [4, 8]}, {}),
        ({"kind": "secret", "seat": q, "taken": True, "value": 6}, {}),
        ({"kind": "secret", "seat": q, "taken": True}, {}),
        ({"kind": "secret", "seat": q, "taken": False}, {}),
        *[({"kind": "round_end", "seat": q, "round": 2, "reason": reason, "winner": q, "loser": q,
            "points": [3, 1, 0, 1]}, {}) for reason in ("knockout", "self_knockout", "empty_hand", "last_standing")],
        ({"kind": "game_end", "seat": None, "winners": [q], "scores": [8, 3, 2, 1]}, {}),
        ({"kind": "game_end", "seat": None, "winners": [q, 2], "scores": [8, 3, 8, 1]}, {}),
        ({"kind": "game_end", "seat": None, "winners": [2, 3], "scores": [1, 3, 8, 8]}, {}),
    ]


THIRD_PERSON_AFTER_YOU = {
    "en": r"\bYou (starts|casts|draws|takes|is|loses|gains|rolls|ends|declares)\b|\byou starts\b",
    "ru": r"\bВы:|\bВы (берёт|начинает|теряет|получает|выбывает|заканчивает|объявляет|объявил|бросает)\b|начинает Вы",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_log_message_reads_right_for_you_and_for_another_player(lang, monkeypatch):
    from widgets.abracada import narrate

    used: set[str] = set()
    real_tr = narrate.tr

    def recording_tr(key, lang_, /, **params):
        used.add(key)
        return real_tr(key, lang_, **params)

    monkeypatch.setattr(narrate, "tr", recording_tr)
    seat = 0
    for q in (seat, 1):
        for event, extra in sample_events(q):
            line = narrate.event_line(event, seat, lang, extra.get("hand"), extra.get("loss", ()))
            assert line and "{" not in line and "}" not in line, line
            assert not re.search(THIRD_PERSON_AFTER_YOU[lang], line), f"wrong person: {line!r}"
            if event["kind"] in ("round_start", "cast", "callout", "roll", "knockout", "end_turn", "draw", "secret"):
                named = re.search(rf"\b(Bot|Бот\w*) {q + 1}\b", line) is not None   # any case of "Bot 2"
                assert named is (q != seat), line                       # the sentence is about the right person
    sentence_keys = {k for k in keys(lang) if k.startswith(("abracada.board.log.", "abracada.board.reason.",
                                                                "abracada.board.won.", "abracada.board.cost."))}
    assert sentence_keys <= used, f"never rendered: {sorted(sentence_keys - used)}"
    if lang == "ru":
        life_same = narrate.event_line(dict(sample_events(1)[7][0], change=0), 0, "ru")
        assert "Жизни Бота 2" in life_same                              # the genitive, not "Бот 2"
        shared = narrate.winners_text([0, 2], 0, "ru")
        assert "с Ботом 3" in shared                                    # the instrumental


@pytest.mark.parametrize("lang, declared, held, cost", [
    ("en", "Bot 2 declared 5 · Lightning Tempest", "holds 8, 8, 7, 3, 2: no 5", "it costs 1 life (now 5)"),
    ("ru", "Бот 2 объявил 5 · ", "у него 8, 8, 7, 3, 2: камня 5 нет", "потеря жизней: 1 (осталось 5)"),
])
def test_a_failed_cast_says_declared_actual_and_cost(lang, declared, held, cost):
    from widgets.abracada.narrate import log_html

    events = [{"kind": "round_start", "seat": None, "round": 1, "starter": 1, "removed": [],
               "hands": [None, [8, 8, 6, 7, 3], [1, 1, 1, 1, 1]]},
              {"kind": "cast", "seat": 1, "value": 6, "slot": 2, "remover": 0},
              {"kind": "draw", "seat": 1, "count": 1, "values": [2]},
              {"kind": "miss", "seat": 1, "value": 5},
              {"kind": "life", "seat": 1, "change": -1, "life": 5, "amount": -1, "cause": 5},
              {"kind": "end_turn", "seat": 1}]
    html = log_html(events, 0, lang)
    line = re.search(r'<div class="st-line st-k-miss">(.*?)</div>', html).group(1)
    assert declared in line and held in line and cost in line, line
    assert html.count("st-k-life") == 0, "the life lost is told in the same line as the failure"
    mine = log_html([dict(events[0], starter=0), {"kind": "miss", "seat": 0, "value": 1},
                     {"kind": "roll", "seat": 0, "value": 3, "spell": 1},
                     {"kind": "life", "seat": 0, "change": -3, "life": 3, "amount": -3, "cause": 1}], 0, lang)
    assert ("none of your stones is a 1" if lang == "en" else "нет камня 1") in mine
    assert ("the die shows 3" if lang == "en" else "на кубике 3") in mine


def test_the_log_keeps_earlier_rounds_folded(tmp_path):
    board = make_board(tmp_path, setup=False, seed=5, players=3, seat=0, bots="counting")
    rng = random.Random(4)
    for _ in range(400):
        if board.game.round_no >= 3 or board.game.is_over:
            break
        student_move(board, rng)
    assert board.game.round_no >= 2
    *past, current = [w.value for w in board._log_rounds.children]   # one widget per round, oldest last
    assert current == board._log.value
    titles = [re.fullmatch(r'<details class="st-past-round"><summary>(.*?)</summary>.*</details>', html, re.S)
              for html in past]
    assert [t.group(1) for t in titles] == [f"Round {r}" for r in range(board.game.round_no - 1, 0, -1)]
    assert all("begins" in html and "Round" in html for html in past)
    assert f"Round {board.game.round_no} begins" in current and "Round 1 begins" not in current


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_whole_games_narrate_for_every_seat(lang):
    """Random games, every seat's log of every round: each event becomes a finished sentence."""
    from towerlib.abracada.bots import make_bot
    from towerlib.abracada.views import seat_events
    from widgets.abracada.narrate import log_html

    for seed in range(3):
        game = abracada.new_game(4, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(4)]
        while not game.is_over:
            if game.phase == "round_over":
                game.apply("next")
                continue
            q = game.current_player
            game.apply(bots[q].choose(game.view(q, log=False)).action)
        for seat in range(4):
            html = log_html(seat_events(game, seat), seat, lang)
            assert "{" not in html and not re.search(THIRD_PERSON_AFTER_YOU[lang], html)
            assert html.count("st-k-miss") == sum(e.kind == "miss" for e in game.events)
