"""How the SpellCaster and Das Amulett boards and the gallery pictures read (issue #15, items 3
and 4): Okabe-Ito colours, a letter, number or dash pattern on every colour-coded thing, ink
picked by the WCAG contrast formula, and a text alternative on every picture. Positions come from
real games played with random legal moves."""
from __future__ import annotations

import re

import pytest
import towerlib.amulett as amulett
import towerlib.spellcaster as spellcaster
from towerlib.amulett.rules import AREA
from towerlib.core.i18n import LANGUAGES, tr
from towerlib.spellcaster.data import LINKS, PATHS, POINTS

from look_checks import css_text_pairs, is_okabe_ito, low_contrast, played, svg_titles, svgs_without_text_alternative
from widgets import pictures
from widgets.amulett import render as am
from widgets.amulett.style import CSS as AM_CSS
from widgets.palette import MIN_TEXT_CONTRAST, contrast, ink
from widgets.spellcaster import render as sc
from widgets.spellcaster.style import CSS as SC_CSS


# ----- SpellCaster ------------------------------------------------------------------------------
def test_spellcaster_paths_have_their_elements_colour_and_dash_pattern():
    assert all(is_okabe_ito(c) for c in sc.ELEMENT_COLOURS.values())
    assert len(set(sc.ELEMENT_DASH.values())) == len(sc.ELEMENT_DASH)       # a pattern per element
    view = played(spellcaster, 3, 2, 40).view(0)
    svg = sc.board_svg(view)
    lines = re.findall(r'<line [^>]*stroke="(#[0-9A-F]{6})" stroke-width="2.5"( stroke-dasharray="([^"]+)")?/>', svg)
    assert len(lines) == sum(len(PATHS[link]) for link in LINKS)
    by_colour = {c: e for e, c in sc.ELEMENT_COLOURS.items()}
    for colour, _, dash in lines:
        assert dash == sc.ELEMENT_DASH[by_colour[colour]]
    for point, elements in POINTS.items():           # each element's dot carries its letter
        for e in elements:
            assert re.search(rf'fill="{sc.ELEMENT_COLOURS[e]}"/><text [^>]*fill="{sc.ELEMENT_INK[e]}"[^>]*>{e}</text>',
                             svg)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_spellcaster_map_and_legend_have_words(lang):
    view = played(spellcaster, 5, 3, 25).view(0)
    svg = sc.board_svg(view, lang=lang)
    assert not svgs_without_text_alternative(svg)
    title = svg_titles(svg)[0]
    names = sc.seat_names(view, [], lang)
    for c in view["casters"]:
        if c["alive"]:
            assert tr("spellcaster.board.map_caster", lang, who=names[c["seat"]], point=c["position"]) in title
    legend = sc.element_legend(lang)
    for e in sc.ELEMENT_COLOURS:
        assert f"{e} · {tr(f'spellcaster.board.element.{e}', lang)}" in legend
    assert not svgs_without_text_alternative(legend)  # its samples are aria-hidden beside the words


def test_spellcaster_seats_and_cards_read():
    for q, colour in enumerate(sc.SEAT_COLOURS):
        assert is_okabe_ito(colour) and contrast(sc.SEAT_INK[q], colour) >= MIN_TEXT_CONTRAST
    view = played(spellcaster, 2, 2, 60).view(0)
    names = sc.seat_names(view, [], "en")
    sheet = sc.sheet(view, 1, names, "en")
    assert re.search(r'class="sc-pawn"[^>]*>2</span>', sheet)
    cards = re.findall(r'<span class="sc-card[^>]*>', sheet)
    assert cards, "no card in the sheet"
    assert not [c for c in cards if re.search(r"(?<![-\w])color:", c)]   # no element-coloured text
    assert not low_contrast(css_text_pairs(SC_CSS))
    # the card's text: dark ink on white, framed in its element's colour, its letter in the text
    card = next(p for p in css_text_pairs(SC_CSS) if p[0] == ".sc-spellcaster .sc-card")
    assert card[2].upper() == "#FFFFFF" and contrast(card[1], card[2]) >= MIN_TEXT_CONTRAST



# ----- Das Amulett ------------------------------------------------------------------------------
def test_amulett_terrain_is_okabe_ito_and_its_letters_read():
    for terrain, colour in am.TERRAIN_FILL.items():
        assert is_okabe_ito(colour)
        assert contrast("#000000", colour) >= MIN_TEXT_CONTRAST, terrain
    # one metal per terrain, so the letter says what the colour says
    metal_of = {}
    for area in AREA.values():
        metal_of.setdefault(area.terrain, set()).add(area.metal)
    assert all(len(m) == 1 for m in metal_of.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_jewel_carries_its_colours_letter(lang):
    letters = {c: tr(f"amulett.board.jewel_letter.{c}", lang) for c in am.JEWEL_FILL}
    assert len(set(letters.values())) == len(letters)
    for colour, fill in am.JEWEL_FILL.items():
        assert contrast(am.JEWEL_INK[colour], fill) >= MIN_TEXT_CONTRAST
    view = played(amulett, 4, 3, 30).view(0)
    svg = am.map_svg(view, lang)
    assert not svgs_without_text_alternative(svg)
    jewels = re.findall(r'<g class="am-jewel" data-area="(\w+)" data-colour="(\w+)">.*?<text [^>]*>([^<]+)</text></g>', svg)
    expected = [(a, c) for a in sorted(view["board"], key=lambda a: list(AREA).index(a)) for c in view["board"][a]]
    assert sorted((a, c) for a, c, _ in jewels) == sorted(expected)
    assert all(letters[c] == mark for _, c, mark in jewels)
    for q in range(view["players"]):
        amulet = am.amulet_html(view, q, lang)
        for colour in view["seats"][q]["amulet"]:
            assert f'color:{am.JEWEL_INK[colour]}">{letters[colour]}</span>' in amulet


def test_amulett_text_has_enough_contrast():
    pairs = css_text_pairs(AM_CSS)
    assert pairs and not low_contrast(pairs)
    header = re.search(r"\.am-header \.widget-label[^{]*\{ color: (#[0-9a-f]{6})", AM_CSS).group(1)
    assert contrast(header, "#3e2723") >= MIN_TEXT_CONTRAST


# ----- the gallery's pictures -------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_pictures_are_titled_okabe_ito_and_lettered(lang):
    for folder in pictures.PICTURES:
        svg = pictures.picture(folder, lang)
        assert svg and not svgs_without_text_alternative(svg)
        assert svg_titles(svg)[0] == tr(f"gallery.picture.{folder}", lang)
        # every coloured shape followed by its text: the shape's colour is Okabe-Ito (or white)
        # and the text's ink reads on it
        shapes = re.findall(
            r'(?:circle|polygon) [^>]*fill="(#[0-9A-Fa-f]{6})"[^>]*/><text [^>]*fill="(#[0-9A-Fa-f]{6})"[^>]*>([^<]+)</text>',
            svg)
        assert shapes or folder == "runes"          # the dice are black on white, not colour-coded
        for fill, text_fill, text in shapes:

            assert is_okabe_ito(fill) or fill.upper() == "#FFFFFF", (folder, fill)
            assert text.strip()
            assert text_fill == ink(fill) and contrast(text_fill, fill) >= MIN_TEXT_CONTRAST


def test_styled_buttons_are_okabe_ito_with_readable_ink_on_every_board():
    from widgets.abracada.style import CSS as ST_CSS
    from widgets.palette import BUTTON_STYLES, button_css
    from widgets.runes.style import CSS as SR_CSS

    for style, colour in BUTTON_STYLES.items():
        assert is_okabe_ito(colour) and contrast(ink(colour), colour) >= MIN_TEXT_CONTRAST, style
    for root, css in ((".st-abracada", ST_CSS), (".sr-runes", SR_CSS), (".am-amulett", AM_CSS),
                      (".sc-spellcaster", SC_CSS)):
        assert button_css(root) in css
        rules = re.findall(rf"{re.escape(root)} \.jupyter-button\.mod-(\w+) \{{ background-color: (#\w+); color: (#\w+); }}",
                           css)
        assert {r[0] for r in rules} == set(BUTTON_STYLES)
        assert all(contrast(fg, bg) >= MIN_TEXT_CONTRAST for _, bg, fg in rules)
