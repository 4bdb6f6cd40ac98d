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
