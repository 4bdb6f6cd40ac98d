"""How the Abracada board reads (issue #15, items 3 and 4): the values a hidden stone may still
have, the log's grammar for the student, the rule checkboxes' names, the palette, the contrast
of its text and every picture's text alternative. Positions come from real games."""
from __future__ import annotations

import re
from html import unescape

import ipywidgets as ipw
import pytest
import towerlib.abracada as abracada
from towerlib.abracada.rules import SPELLS
from towerlib.core.i18n import LANGUAGES, tr

from look_checks import css_text_pairs, is_okabe_ito, low_contrast, played, svg_titles, svgs_without_text_alternative
from widgets.abracada import narrate, svg, table
from widgets.abracada.setup import SetupForm
from widgets.abracada.style import CSS
from widgets.game_table import Settings
from widgets.palette import MIN_TEXT_CONTRAST, contrast


def positions(count: int = 12):
    for seed in range(count):
        game = played(abracada, seed, 2 + seed % 4, seed * 7)
        yield game.view(0)


def own_panel(view, lang="en") -> str:
    names = table.seat_names(view["players"], view["seat"], lang)
    return table.seat_panel(view, view["seat"], names, [None] * view["players"], lang)


def test_each_hidden_stone_lists_the_values_it_may_have_as_chips():
    seen_partial = False
    for view in positions():
        html = own_panel(view)
        stones = html.split('<span class="st-stone st-own">')[1:]

        assert len(stones) == len(view["own_hand"])
        for slot, stone in zip(view["own_hand"], stones):
            possible = [v for v in SPELLS if v not in slot["ruled_out"]]      # independent of the board
            chips = re.findall(r'<span class="st-chip">(\d)</span>', stone)
            if len(possible) == len(SPELLS):
                assert chips == [] and '<span class="st-chip st-chip-any">1–8</span>' in stone

            else:
                seen_partial = True
                assert [int(c) for c in chips] == possible
            # the row of chips is hidden from screen readers; the picture says it once, as a list
            assert re.search(r'<span class="st-known" aria-hidden="true">', stone)
            title = svg_titles(stone)[0]

            assert tr("abracada.board.possible", "en", values=", ".join(map(str, possible))) in title
            assert "12345678" not in unescape(re.sub(r"<[^>]+>", "", stone))
    assert seen_partial, "no position had a stone with values ruled out"


def test_the_log_never_says_you_with_a_verb_for_someone_else():
    english = re.compile(r"\byou (starts|draws|casts|loses|gains|ends|takes|declares|holds|calls|rolls|is|has|was)\b",
                         re.I)
    russian = re.compile(r"\bвы \w+(ет|ит)\b", re.I)
    lines = {lang: [] for lang in LANGUAGES}
    for seed in range(20):
        game = played(abracada, seed, 2 + seed % 4, 120)
        for seat in range(game.players):
            log = game.view(seat)["log"]
            for lang in LANGUAGES:
                lines[lang] += [narrate.event_line(e, seat, lang, hand, loss)
                                for _i, e, hand, loss in narrate._lines(log, seat)]
    assert any("you start" in line.lower() for line in lines["en"])
    assert not [line for line in lines["en"] if english.search(line)]
    assert not [line for line in lines["ru"] if russian.search(line)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_checkbox_on_the_setup_form_has_a_name(lang):
    form = SetupForm(Settings(4, 0, [None, "ev", "ev", "ev"], {}), lang)
    boxes = []
    stack = [form]
    while stack:
        w = stack.pop()
        if isinstance(w, ipw.Checkbox):
            boxes.append(w)
        stack.extend(getattr(w, "children", ()))
    assert {form.easy, form.last_standing} <= set(boxes)
    for box in boxes:
        assert box.description.strip() and box.description != "on"
        assert box.indent is False          # the name sits in the same <label> as the box
    assert form.easy.description == tr("abracada.board.setup.easy", lang)


def test_colour_coded_things_use_okabe_ito_and_carry_a_number():
    assert all(is_okabe_ito(c) for c in svg.SPELL_COLOURS.values())
    assert all(is_okabe_ito(c) for c in svg.SEAT_COLOURS)
    for v in SPELLS:
        assert contrast(svg.SPELL_TEXT[v], svg.SPELL_COLOURS[v]) >= MIN_TEXT_CONTRAST
        gem = svg.stone(v)
        fills = re.findall(r'<polygon points="[^"]+" fill="([^"]+)"', gem)
        assert fills[0] == svg.SPELL_COLOURS[v] and f">{v}</text>" in gem
    for q, colour in enumerate(svg.SEAT_COLOURS):
        assert contrast(svg.SEAT_TEXT[q], colour) >= MIN_TEXT_CONTRAST
    view = next(positions())
    names = table.seat_names(view["players"], 0, "en")
    tower = svg.tower(view["scores"], names)
    for q in range(view["players"]):         # each pawn on the tower shows its seat number
        assert re.search(rf'fill="{svg.SEAT_COLOURS[q]}"[^>]*/><text[^>]*>{q + 1}</text>', tower)
    panel = table.seat_panel(view, 1, names, [None] * view["players"], "en")
    assert re.search(r'class="st-pawn"[^>]*>2</span>', panel)


def test_removed_stones_are_crossed_out_not_only_grey():
    track = svg.cast_track([1] + [0] * 7, [0, 2] + [0] * 6, [f"t{v}" for v in SPELLS])
    assert track.count(f'fill="{svg.REMOVED_COLOUR}"') == 2
    assert track.count("<path") == 2


def test_text_on_the_board_has_enough_contrast():
    pairs = css_text_pairs(CSS)
    assert pairs, "the stylesheet sets no text colour on a plain background"
    assert not low_contrast(pairs)
    parchment = "#f6eedb"
    for colour in re.findall(r"\.st-(?:level|note|frac|counts)[^{]*\{[^}]*?color:\s*(#[0-9a-f]{6})", CSS):
        assert contrast(colour, parchment) >= MIN_TEXT_CONTRAST, colour


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_svg_has_a_text_alternative(lang):
    for view in positions(8):
        names = table.seat_names(view["players"], 0, lang)
        html = "".join(table.seat_panel(view, q, names, [None] * view["players"], lang)
                       for q in range(view["players"]))
        html += "".join(table.centre(view, names, lang)) + table.result(view, names, lang)
        assert "<svg" in html
        assert not svgs_without_text_alternative(html)


def test_every_picture_has_its_own_size_and_scales_down_only():
    """An SVG without width/height fills its column (the tower once grew to twice its size)."""
    view = next(positions())
    names = table.seat_names(view["players"], 0, "en")
    html = "".join(table.centre(view, names, "en")) + own_panel(view)
    tags = re.findall(r"<svg\b[^>]*>", html)
    assert tags and all(re.search(r'width="\d+" height="\d+"', t) for t in tags)
    assert re.search(r"\.st-abracada svg \{ max-width: 100%; height: auto; \}", CSS)
