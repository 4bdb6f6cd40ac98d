"""The Das Amulett board's renderers: the map and amulets drawn from a seat's view alone."""
from __future__ import annotations

import random
import re

from towerlib.amulett import new_game, redeal
from towerlib.amulett.rules import AREA
from widgets.amulett.render import amulet_html, map_svg, move_options


def _game_at_a_move():
    g = new_game(players=3, seed=2, deal={"first": 0, "markers": [4],
                                          "start": {"spells": [[], [], []], "metals": [[4, 4, 4, 4]] * 3}})
    while g.pending["kind"] == "spell_bid":
        g.apply("pass")
    g.apply("bid 1")
    g.apply("pass")
    g.apply("pass")
    while g.pending["kind"] in ("pay", "take"):
        g.apply(g.legal_actions()[0])
    assert g.pending["kind"] == "move"
    return g


def test_every_area_is_drawn_once_with_its_jewels():
    g = new_game(players=4, seed=1)
    svg = map_svg(g.view(0))
    assert sorted(re.findall(r'<g class="am-area[^"]*" data-area="(A\d\d)"', svg)) == sorted(AREA)
    for area, jewels in g.board.items():
        drawn = re.findall(rf'class="am-jewel" data-area="{area}" data-colour="(\w+)"', svg)
        assert sorted(drawn) == sorted(jewels)
    assert svg.count('class="am-hat2"') == 1


def test_only_the_areas_hat2_may_go_to_are_highlighted_and_only_for_the_mover():
    g = _game_at_a_move()
    mover = g.current_player
    svg = map_svg(g.view(mover))
    assert sorted(re.findall(r'am-target" data-area="(A\d\d)"', svg)) == sorted(g.pending["options"])
    assert move_options(g.view((mover + 1) % 3)) == []
    assert "am-target" not in map_svg(g.view((mover + 1) % 3))


def test_the_drawing_shows_nothing_a_redealt_world_changes():
    g = new_game(players=4, seed=9)
    rng = random.Random(9)
    for _ in range(150):
        g.apply(rng.choice(g.legal_actions()))
    seat = g.current_player
    for k in range(3):
        world = redeal(g, seat, random.Random(k))
        assert map_svg(world.view(seat), "ru") == map_svg(g.view(seat), "ru")
        assert amulet_html(world.view(seat), seat) == amulet_html(g.view(seat), seat)


def test_amulet_has_eight_sockets_filled_in_order():
    g = new_game(players=3, seed=3, deal={"start": {"spells": [[], [], []], "amulets": [["red", "white"], [], []]},
                                          "jewels": {}})
    html = amulet_html(g.view(1), 0, "en")
    assert html.count("am-socket") == 8 and html.count("am-full") == 2 and "2 jewels, 2 colours" in html


# ----------------------------------------------------------------- the interactive board (AmulettBoard)
from fractions import Fraction  # noqa: E402
from html import escape  # noqa: E402

import pytest  # noqa: E402
import towerlib.amulett as amulett  # noqa: E402
from towerlib.amulett.inference import HandReader  # noqa: E402
from towerlib.core.i18n import tr  # noqa: E402

from widget_page import click, send_update, tree_states  # noqa: E402
from widgets.amulett import AmulettBoard  # noqa: E402


def board_for(game, seat=0, bots="random", **kw) -> AmulettBoard:
    board = AmulettBoard(players=game.players, seat=seat, bots=bots, bot_delay=0, setup=False, autosave=False, **kw)
    board.open_game(game, seat, bots)
    return board


def live(board):
    """Every control the student could use now: move, jewel and area buttons, bid and pass."""
    out = [b for b in board._move_buttons + board._jewel_buttons if not b.disabled and b.layout.display != "none"]
    out += [b for b in board._areas.values() if not b.disabled]
    if board._bid_box.layout.display != "none":
        out += [b for b in (board._bid, board._pass) if not b.disabled]
    if board._compose_box.layout.display != "none":
        out.append(board._compose_go)
    return out


def press(board, button, rng):
    """Click ``button`` as the page would; before the composer's button, choose a random legal
    payment (or stone placement) in its dropdowns, as a student would."""
    if button is board._compose_go:
        verb = board._compose_verb
        options = [a for a in board.game.view(board.seat, log=False)["legal"] if a.startswith(verb + " ")]
        chosen = dict(pair.split(":") for pair in rng.choice(options).split(" ")[1:])
        for key, w in zip(board._compose_keys, board._compose_slots):
            send_update(w, {"index": list(w.options).index(chosen.get(key, "0"))})
    click(button)


def position(seed, players, steps):
    """A random game stopped at seat 0's decision after about ``steps`` actions."""
    game = amulett.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    while not game.is_over and game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("players,seed,steps", [(3, 1, 5), (4, 2, 60), (5, 3, 120), (3, 4, 200)])
def test_two_worlds_give_identical_widget_state(players, seed, steps):
    """Re-dealt metal hands, deck order and allocations give byte-identical widget state, also
    after the student's clicks, while the student's views agree (the ledger meter on)."""
    game = position(seed, players, steps)
    assert not game.is_over
    world = amulett.redeal(game, 0, random.Random(seed))
    assert world.to_json() != game.to_json()
    board_a, board_b = board_for(game, ledger=True), board_for(world, ledger=True)
    rng = random.Random(seed)
    compared = 0
    for _ in range(30):
        if game.view(0) != world.view(0) or game.is_over:
            break
        assert tree_states(board_a) == tree_states(board_b)
        compared += 1
        a, b = live(board_a), live(board_b)
        assert len(a) == len(b)
        if not a:
            break
        i, seed = rng.randrange(len(a)), rng.random()
        press(board_a, a[i], random.Random(seed))
        press(board_b, b[i], random.Random(seed))
    assert compared >= 1


def test_no_trait_holds_an_opponents_cards_or_the_seed():
    game = amulett.new_game(3, seed=4321, deal={"first": 0, "start": {"spells": [[], [], []],
                                                                      "metals": [[1, 0, 0, 0], [0, 7, 0, 3], [2, 2, 2, 2]]}})
    board = board_for(game)
    text = " ".join(tree_states(board))
    assert "4321" not in text
    assert "Silver 7" not in text and "10 metal cards" in text           # seat 1: a count, not its cards
    assert "Your cards: Gold 1, Silver 0, Copper 0, Iron 0" in text


def _jewel_auction(seat_cards=(0, 0, 0, 6), others=(4, 4, 4, 4)):
    """Seat 0 to bid in the first jewel auction of round 1 (spell phase skipped by passing)."""
    game = amulett.new_game(3, seed=2, deal={"first": 0, "markers": [4], "start": {
        "spells": [[], [], []], "metals": [list(seat_cards), list(others), list(others)]}})
    while game.pending["kind"] == "spell_bid":
        game.apply("pass")
    assert game.pending["kind"] == "jewel_bid" and game.current_player == 0
    return game


def test_the_bid_control_offers_exactly_the_legal_amounts_and_bids():
    game = _jewel_auction()
    board = board_for(game, bots="planner")
    legal = [str(a) for a in game.legal_actions()]
    assert list(board._bid_amount.options) == [a.split()[1] for a in legal if a.startswith("bid ")]
    send_update(board._bid_amount, {"index": 1})
    click(board._bid)
    bids = [e for e in game.events if e.kind == "bid"]
    assert bids and bids[0].seat == 0 and bids[0].data["amount"] == 2


def test_forged_messages_leave_the_game_unchanged():
    game = _jewel_auction()
    board = board_for(game, bots="planner")
    before = game.to_json()
    board._play_student("bid 99")                               # a bid above what the hand can pay
    assert game.to_json() == before and "am-error" in board._status.value
    click(board._areas["A01"])                                    # Hat #2 may not move now
    assert game.to_json() == before
    board._play_student("jewel red A01")                        # a jewel from another area
    board._play_student("move A01")
    assert game.to_json() == before
    click(board._move_buttons[-1])                                     # a hidden button
    click(board._jewel_buttons[-1])
    assert game.to_json() == before
    send_update(board._bid_amount, {"index": 99})                 # an amount not offered
    assert game.to_json() == before


def test_hat2_moves_by_clicking_an_allowed_area_only():
    g = _game_at_a_move()
    mover = g.current_player
    board = board_for(g, seat=mover, bots="planner")
    allowed = set(g.pending["options"])
    assert {a for a, b in board._areas.items() if not b.disabled} == allowed
    before = g.to_json()
    forbidden = next(a for a in AREA if a not in allowed and a != g.hat2)
    click(board._areas[forbidden])
    assert g.to_json() == before
    target = sorted(allowed)[0]
    click(board._areas[target])
    moves = [e for e in g.events if e.kind == "hat2"]
    assert moves and moves[-1].seat == mover and moves[-1].data["area"] == target


def test_ledger_meter_is_the_exact_inference():
    game = _jewel_auction(others=(2, 2, 2, 2))      # small enough secret hands for the exact law
    board = board_for(game, bots="planner", ledger=True)
    view = game.view(0)
    reader = HandReader(view)
    ja = view["jewel_auction"]
    if ja is None:
        pytest.skip("the auction ended at once")
    p = reader.p_can_pay(1, ja["high"] + 1, ja["area"])
    assert isinstance(p, Fraction)
    assert f"exactly {p} ({float(p):.0%})" in board._ledger.value
    assert "really holds" not in board._ledger.value               # the truth only for a teacher
    board._enable_teacher()
    assert "really holds G 2, S 2, C 2, I 2" in board._ledger.value


def test_russian_labels_come_from_the_catalogue():
    board = board_for(amulett.new_game(3, seed=5), lang="ru")
    assert board._title.value == tr("amulett.board.title", "ru")
    assert any("Оставить" in b.description for b in board._move_buttons)


def test_a_whole_game_by_clicking():
    game = amulett.new_game(3, seed=9)
    board = board_for(game, bots="greedy")
    rng = random.Random(9)
    for _ in range(3000):
        if game.is_over:
            break
        buttons = live(board)
        assert buttons, "the student has nothing to click"
        press(board, rng.choice(buttons), rng)
    assert game.is_over and "over" in board._prompt.value.lower()


def test_setup_form_starts_a_game_and_resumes(tmp_path):
    board = AmulettBoard(players=3, seat=1, bot_delay=0, saves_dir=str(tmp_path))
    form = board._form
    send_update(form.players, {"index": 1})                       # 4 players
    form.seed.value = "12"
    form.round_limit.value = 7
    click(form.start)
    game = board.game
    assert game.players == 4 and board.seat == 1 and game.seed == 12 and game.options["max_rounds"] == 7
    assert game.current_player == 1
    click(live(board)[0])
    snapshot = game.to_json()
    again = AmulettBoard(players=3, seat=0, bot_delay=0, saves_dir=str(tmp_path))
    click(again._form.resume)
    assert again.game.to_json() == snapshot and again.seat == 1


def test_teacher_mode_shows_the_bots_reasons():
    game = amulett.new_game(3, seed=6, deal={"first": 0})
    board = board_for(game, bots="planner")
    board._enable_teacher()
    click(live(board)[0])
    assert board._reasons
    assert all(escape(r.render("en")) in board._t_reasons.value for _, _, r in board._reasons[-3:])
    plain = board_for(amulett.new_game(3, seed=6, deal={"first": 0}), bots="planner")
    click(live(plain)[0])
    assert not plain._reasons


def test_the_market_names_who_passed_in_the_jewel_auction():
    game = _jewel_auction()
    game.apply("pass")
    board = board_for(game, bots="planner")
    ja = game.ja
    passed = [q for q, k in enumerate(ja["passes"]) if k] if ja else []
    if ja is None:
        pytest.skip("the auction ended")
    names = ["You (player 0)" if q == 0 else f"Bot (player {q})" for q in passed]
    assert f"passed: {', '.join(names)}" in board._market.value


def test_the_browser_path_of_the_play_page():
    """The kernel-side twin of tests/browser/test_amulett_play.py: seed 7, four players."""
    board = AmulettBoard(players=4, seat=0, bots="planner", bot_delay=0, autosave=False)
    board._form.seed.value = "7"
    click(board._form.start)
    game = board.game
    click(next(b for b in board._move_buttons if b.description == "Keep these spells"))
    assert "Up for auction: Copper Vein (3)" in board._market.value
    assert list(board._bid_amount.options) == ["3", "4", "5", "6"]
    send_update(board._bid_amount, {"index": 1})
    click(board._bid)
    assert "Player 0 wins spell Copper Vein for 4." in board._log.value
    click(board._pass)
    assert "change the round marker" in board._prompt.value
    click(next(b for b in board._move_buttons if b.description == "Round marker 0"))
    assert "Jewel auction in A18" in board._market.value and board._areas["A01"].disabled
    send_update(board._bid_amount, {"index": list(board._bid_amount.options).index("4")})
    click(board._bid)
    assert any(e.kind == "bid" and e.seat == 0 and e.data.get("area") == "A18" for e in game.events)
    assert list(board._bid_amount.options) == ["7", "8", "9"]   # up to what the largest hand could pay
    send_update(board._bid_amount, {"index": 1})
    click(board._bid)
    click(board._compose_go)
    click(next(b for b in board._jewel_buttons if b.description == "Take the red jewel"))
    assert game.amulets[0] == ["red"]
    assert {a for a, b in board._areas.items() if not b.disabled} == set(game.pending["options"])
    assert len(game.pending["options"]) == 6 and board._areas["A01"].disabled
    click(board._areas["A17"])
    moves = [e for e in game.events if e.kind == "hat2" and e.seat == 0]
    assert moves and moves[0].data["area"] == "A17"
    assert "Player 0 moves Hat #2 to A17." in board._log.value


# ----------------------------------------------------------------- the lessons (notebooks/amulett)
from pathlib import Path  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
LESSON_NAMES = sorted(p.stem for p in (REPO / "notebooks" / "amulett").glob("0*.ipynb"))
LESSONS = [REPO / "notebooks" / "amulett" / f"{n}.ipynb" for n in LESSON_NAMES] + \
          [REPO / "notebooks" / "amulett" / "ru" / f"{n}.ipynb" for n in LESSON_NAMES]


def test_every_lesson_has_its_russian_twin():
    assert len(LESSON_NAMES) >= 3
    assert sorted(p.stem for p in (REPO / "notebooks" / "amulett" / "ru").glob("0*.ipynb")) == LESSON_NAMES


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_lesson_runs_and_its_exercises_judge_answers(notebook_runs, path):
    """Executed top to bottom with the shared runner's check cell: no error, no stderr, computed
    prose, a plot, and every exercise accepts its answer and refuses wrong ones (the session's
    one run of the lesson, tests/notebook_runs.py)."""
    run = notebook_runs[path]
    assert run.error is None, run.error
    nb, report = run.nb, run.exercises
    markdown, images = [], 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", out.get("evalue")
            assert not (out["output_type"] == "stream" and out["name"] == "stderr"), out["text"][:300]
            data = out.get("data", {})
            markdown += [data["text/markdown"]] if "text/markdown" in data else []
            images += "image/png" in data
    assert len(markdown) >= 3 and images >= 1
    assert len(report) >= 3
    for ex in report:
        assert all(check and submit for _, check, submit in ex["accepts"]), ex
        assert not any(check or submit for _, check, submit in ex["rejects"]), ex
    text = " ".join(markdown)
    if path.stem == "01_how_many_areas":
        assert "9/2" in text and "11/12" in text                   # E[N] and Var[N], exact
    if path.stem == "02_jewels_in_the_bag":
        assert "20/221" in text                                    # two jewels of one colour
    if path.stem == "03_what_is_a_bid_worth":
        assert "7/16" in text and "35/72" in text                  # P(can pay 2 in A17); last bidder's surplus


def _at_a_payment():
    """Seat 0 has won a jewel for 8 in the City A18 and must choose 8 of its 36 cards (165 ways)."""
    g = amulett.new_game(3, seed=2, deal={"first": 0, "markers": [4], "start": {"spells": [[], [], []],
                                                                                "metals": [[9, 9, 9, 9]] * 3}})
    while g.pending["kind"] != "pay":
        g.apply("pass" if g.pending["kind"] == "spell_bid" or g.current_player else "bid 8")
    assert g.current_player == 0 and len(g.legal_actions()) > 72
    return g


def test_paying_with_chosen_cards_through_the_composer():
    g = _at_a_payment()
    board = board_for(g, bots="planner")
    assert board._compose_box.layout.display is None and "Pay 8 cards" in board._compose_title.value
    slots = board._compose_slots[:4]
    assert [w.description for w in slots] == ["Gold", "Silver", "Copper", "Iron"]
    assert all(list(w.options) == [str(k) for k in range(9)] for w in slots)   # 0..8 of each: legal counts only
    assert not any(b.tooltip.startswith("pay ") for b in board._move_buttons)
    before = g.to_json()
    send_update(slots[2], {"index": 3})
    send_update(slots[3], {"index": 3})
    click(board._compose_go)                                           # 6 cards for a cost of 8: refused
    assert g.to_json() == before and "am-error" in board._status.value
    send_update(slots[3], {"index": 5})
    click(board._compose_go)
    assert g.hands[0] == [9, 9, 6, 4]
    payments = [e for e in g.ledger if e[0] == "pay" and e[1] == 0]
    assert payments and list(payments[-1][2]) == [0, 0, 3, 5]


def test_placing_the_starting_stones_through_the_composer():
    g = amulett.new_game(3, seed=1, start_energy="choose2of4")
    while g.pending["kind"] != "allot" or g.current_player != 0:
        g.apply(g.legal_actions()[0])
    board = board_for(g, bots="random")
    dealt = sorted(g.dealt[0])
    assert [w.description.split("(")[-1].rstrip(")") for w in board._compose_slots[:4]] == [str(n) for n in dealt]
    first = str(g.legal_actions()[0])
    shown = " ".join(f"{n}:{w.value}" for n, w in zip(dealt, board._compose_slots) if w.value != "0")
    assert f"allot {shown}" == first                                   # it starts from a legal choice
    before = g.to_json()
    for w, index in zip(board._compose_slots, (1, 0, 0, 0)):           # one spell only: not an allotment
        send_update(w, {"index": index})
    click(board._compose_go)
    assert g.to_json() == before
    send_update(board._compose_slots[2], {"index": 2})
    click(board._compose_go)
    assert g.spells[0] == [[dealt[0], 1], [dealt[2], 2]]               # kept and charged as composed


def test_the_gallery_links_the_play_page_and_the_lessons_in_both_languages():
    from widgets import gallery
    games, _ = gallery.collect(REPO / "notebooks")
    card = next(g for g in games if g["folder"] == "amulett")
    assert card["play"] == "amulett/play.ipynb"
    assert [p for p, _, _ in card["lessons"]["en"]] == [f"amulett/{n}.ipynb" for n in LESSON_NAMES]
    assert [p for p, _, _ in card["lessons"]["ru"]] == [f"amulett/ru/{n}.ipynb" for n in LESSON_NAMES]
    assert all(title.startswith(f"Lesson {i} · ") and minutes for i, (_, title, minutes)
               in enumerate(card["lessons"]["en"], 1))
    assert all(title.startswith(f"Урок {i} · ") for i, (_, title, _) in enumerate(card["lessons"]["ru"], 1))


def test_ledger_meter_says_about_when_the_reader_is_not_exact(monkeypatch):
    from widgets.amulett import panels
    game = _jewel_auction(others=(2, 2, 2, 2))
    view = game.view(0)
    if view["jewel_auction"] is None:
        pytest.skip("the auction ended at once")
    names = [f"P{s + 1}" for s in range(game.players)]
    assert "exactly" in panels.ledger_meter(view, names, "en")
    def rough(v):
        reader = HandReader(v)
        reader.exact = False                          # as past JOINT_LIMIT
        return reader
    monkeypatch.setattr(panels, "HandReader", rough)
    text = panels.ledger_meter(view, names, "en")
    assert "about" in text and "exactly" not in text
    assert "примерно" in panels.ledger_meter(view, names, "ru")
