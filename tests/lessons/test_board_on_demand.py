"""A lesson's board is dealt when the student asks for it, not while the page renders (#13.2)."""
from __future__ import annotations

import ipywidgets as ipw
from towerlib.core.i18n import tr

from widgets import RunesBoard
from widgets.lessons import board_on_demand


def test_the_board_is_built_on_the_first_press_only():
    built = []

    def make():
        built.append(RunesBoard(players=2, setup=False, autosave=False, bot_delay=0, lang="ru"))
        return built[-1]

    box = board_on_demand(make, "ru")
    (button,) = box.children
    assert isinstance(button, ipw.Button) and button.description == tr("lesson.board.open", "ru")
    assert built == []                                   # nothing built while the page renders
    button.click()
    assert box.children == (built[0],) and built[0].game is not None
    button.click()                                       # a second (forged) press deals nothing new
    assert len(built) == 1 and box.children == (built[0],)
