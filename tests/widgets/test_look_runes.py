"""How the Spell Runes board reads (issue #15, items 3 and 4): the draft's wizard boards on
parchment, every spell saying what it needs (checked against the engine's legal moves and an
independent reading of the dice), the palette, the contrast of its text. Positions come from
real games played with random legal moves."""
from __future__ import annotations

import random
import re
from collections import Counter
from html import unescape

import pytest
import towerlib.runes as runes
from towerlib.core.i18n import LANGUAGES, tr

from look_checks import css_text_pairs, is_okabe_ito, low_contrast
from widgets.palette import MIN_TEXT_CONTRAST, contrast
from widgets.runes import render
from widgets.runes.style import CSS


def positions(decision: str, count: int, seeds=range(60)):
    """Views of the player to move when ``decision`` is asked, from random games."""
    found = 0
    for seed in seeds:
        game = runes.new_game(players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            view = game.view(game.current_player)
            if view["decision"] == decision:
                yield game, view
                found += 1
                if found >= count:
                    return
                break
            game.apply(rng.choice(game.legal_actions()))


def pattern(dice, spell: str) -> bool:
    """Whether the dice hold the spell's pattern, read directly from the rules table."""
    c = Counter(dice)
    runs = lambda n: any(all(c[v] for v in range(lo, lo + n)) for lo in range(1, 8 - n))  # noqa: E731
    return {"healing": c[1] >= 2, "attack": max(c.values()) >= 2, "familiar": max(c.values()) >= 3,
            "restore": max(c.values()) >= 4, "quantum": max(c.values()) >= 5, "loot": runs(4), "chain": runs(5),
            "class": any(c[a] >= 3 and c[b] >= 2 for a in c for b in c if a != b) or max(c.values()) >= 5}[spell]


def test_the_offered_wizard_boards_sit_on_parchment_in_both_languages():
    (_game, view), = positions("draft", 1)
    for lang in LANGUAGES:
        html = render.offers_panel(view, lang)
        assert html.startswith('<div class="sr-offers">')
        cards = re.findall(r'<div class="sr-offer"><b>([^<]+)</b>', html)
        assert cards == [tr(f"runes.wizard.{w}", lang) for w in view["offers"]]
    offer = next(p for p in css_text_pairs(CSS) if p[0] == ".sr-runes .sr-offer")
    assert contrast(offer[1], offer[2]) >= MIN_TEXT_CONTRAST
    panel = re.search(r"\.sr-runes \.sr-offers \{[^}]*background: (#[0-9a-f]{6})", CSS).group(1)
    heading = re.search(r"\.sr-runes \.sr-offers h2 \{[^}]*color: (#[0-9a-f]{6})", CSS).group(1)
    assert contrast(heading, panel) >= MIN_TEXT_CONTRAST


def test_every_spell_says_whether_it_casts_and_what_it_needs():
    seen = Counter()
    for game, view in positions("cast", 25):
        legal = [a for a in game.legal_actions() if a.verb == "cast"]
        dice = view["turn"]["dice"]
        me = view["wizards"][view["seat"]]
        for key in render.SPELL_KEYS:
            spell, _, mode = key.partition(":")
            ok, text = render.spell_hint(view, key, "en")
            mine = [a for a in legal if a.name == spell and (a.arg or "") == mode]
            assert ok == bool(mine), (key, dice, text)
            if ok:
                group = max(a.dice for a in mine)
                assert text == tr("runes.board.need.ready", "en", dice=" ".join(map(str, group)))
                seen["ready"] += 1
            elif spell in ("familiar", "loot", "chain", "class") and not me["slots"][spell]:
                assert text == tr("runes.board.need.spent", "en")
                seen["spent"] += 1
            elif not pattern(dice, spell):
                assert text == tr(f"runes.board.need.{spell}", "en")
                seen["pattern"] += 1
            else:
                assert text and not text.startswith("ready")
        html = render.spell_needs(view, render.SPELL_KEYS, "en")
        assert html.count("<li") == len(render.SPELL_KEYS)
    assert seen["ready"] and seen["pattern"]


def test_a_selection_that_makes_no_group_is_named():
    for game, view in positions("cast", 10):
        casts = [a for a in game.legal_actions() if a.verb == "cast" and a.name == "attack"]
        if casts:
            wrong = [v for v in view["turn"]["dice"] if v not in casts[0].dice][:1] or [7]
            ok, text = render.spell_hint(view, "attack", "en", held=wrong)
            assert not ok and text == tr("runes.board.need.selection", "en")
            return
    pytest.fail("no position offered an attack")


def test_off_turn_spells_say_to_wait_for_the_roll():
    (game, view), = positions("draft", 1)
    for key in render.SPELL_KEYS:
        assert render.spell_hint(view, key, "ru") == (False, tr("runes.board.need.turn", "ru"))


def test_colours_are_okabe_ito_with_readable_ink_and_numbered_pawns():
    assert all(is_okabe_ito(c) for c in render.SPELL_COLOURS.values())
    assert all(is_okabe_ito(c) for c in render.SEAT_COLOURS)
    assert all(is_okabe_ito(c) for _, c in render.HEALTH_COLOURS)
    for spell, colour in render.SPELL_COLOURS.items():
        assert contrast(render.SPELL_INK[spell], colour) >= MIN_TEXT_CONTRAST
        key = spell if spell != "familiar" else "familiar-summon"
        assert f".sr-spell-{key} {{ color: {render.SPELL_INK[spell]}; }}" in CSS
    for q, colour in enumerate(render.SEAT_COLOURS):
        assert contrast(render.SEAT_INK[q], colour) >= MIN_TEXT_CONTRAST
    # the health label is black on the bar and on the empty track
    for _, colour in render.HEALTH_COLOURS:
        assert contrast("#000000", colour) >= MIN_TEXT_CONTRAST
    (_game, view), = positions("cast", 1)
    names = render.seat_names(view, [None] * view["players"], "en")
    panel = render.seat_panel(view, 1, names, [None] * view["players"], "en")
    assert re.search(r'class="sr-pawn"[^>]*>2</span>', panel)
    assert re.search(r'class="sr-slot sr-\w+" style="--c:#[0-9A-F]{6};--t:#[0-9A-F]{6}"', panel)


def test_text_on_the_board_has_enough_contrast():
    pairs = css_text_pairs(CSS)
    assert len(pairs) >= 2
    assert not low_contrast(pairs)
    parchment = "#f5ecd6"
    for cls in ("sr-level", "sr-spent-row", "sr-decks", "sr-line.sr-k-heal", "sr-slot.sr-spent"):
        colour = re.search(rf"\.sr-runes \.{re.escape(cls)} \{{[^}}]*?color: (#[0-9a-f]{{6}})", CSS).group(1)
        assert contrast(colour, parchment) >= MIN_TEXT_CONTRAST, cls


@pytest.mark.parametrize("lang", LANGUAGES)
def test_before_the_roll_the_advisor_lists_every_spell_and_its_dice(lang):
    (_game, view), = positions("draft", 1)
    html = render.advisor(view, [], lang)
    from towerlib.runes.dice import SPELLS
    items = re.findall(r'<li><span class="sr-chip" style="background:(#\w+);color:(#\w+)">([^<]+)</span> ([^<]+)</li>',
                       html)
    assert [name for _, _, name, _ in items] == [tr(f"runes.spell.{s}", lang) for s in SPELLS]
    assert [unescape(text) for *_, text in items] == [tr(f"runes.spell.{s}.text", lang) for s in SPELLS]
    assert all(contrast(fg, bg) >= MIN_TEXT_CONTRAST for bg, fg, _, _ in items)


def test_a_held_die_is_marked_by_more_than_its_colour():
    held = re.search(r"\.sr-runes \.sr-die\.mod-active::after \{[^}]*content: \"(.)\"", CSS)
    assert held and held.group(1).strip()
    assert re.search(r"\.sr-runes \.sr-die\.mod-active \{[^}]*border-style: double", CSS)
