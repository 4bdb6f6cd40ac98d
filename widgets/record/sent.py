"""A play page's offer of the position the teacher sent the class: "Your teacher sent a position
(3 players). Play it".

The class page (:mod:`widgets.record.classpage`) stores a game, a player count and a seed in the
class record; every student's play page of that game asks the record for it (on the record's
writer thread, :mod:`widgets.record.hooks`) when its student is known and every
:data:`POLL_SECONDS` after, and shows the banner for each new sending. "Play it" starts that game
on the student's board (:meth:`widgets.game_table.GameTable.play_position`). The seed stays in the
kernel: the banner says only how many players, so the page and its widget state never hold it and
the hidden deal stays on the server. (A student who knew the seed could replay the deal with the
library in their own Python; on the classroom server students run no code, and the teacher's page
is the only one that shows it.) Where there is no student (JupyterLab, Binder) nothing is offered.

    banner = SentPositionBanner(board, "runes", lang)
    ipw.VBox([head, banner, board])
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw
from towerlib.core.i18n import LANGUAGES, tr

from . import hooks
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from ..exercises import every
from .panels import _on_loop

if TYPE_CHECKING:
    from .store import Position

POLL_SECONDS = 10.0          # how often an open play page asks whether the teacher sent something new
STYLE = """<style>
.st-sent-banner {align-items: center; gap: 10px; background: #fff4cc; border: 2px solid #c08a00;
  border-radius: 8px; padding: 6px 12px; margin: 6px 0; font-size: 1.1em;}
</style>"""


class SentPositionBanner(ipw.HBox):
    """The offer on one play page (see the module docstring); hidden while there is none."""

    def __init__(self, board: Any, game: str, lang: str = "en", poll: float | None = POLL_SECONDS) -> None:
        self.board, self.game = board, game
        self.lang = lang if lang in LANGUAGES else "en"
        self._offer: Position | None = None     # kernel side only: the seed never goes to the page
        self._played: int | None = None         # the sending this page already played
        self.text = ipw.HTML()
        self.text.add_class("st-sent-text")
        self.play = ipw.Button(button_style="warning", icon="play")
        self.play.add_class("st-sent-play")
        self.play.on_click(lambda _b: self.play_it())
        super().__init__([ipw.HTML(STYLE), self.text, self.play], layout=ipw.Layout(display="none"))
        self.add_class("st-sent-banner")
        self.relabel(self.lang)
        self.check()
        if poll:
            every(poll, self.check)

    def relabel(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.play.description = tr("record.sent.play", self.lang)
        self._show()

    def check(self) -> None:
        """Ask the record (on its writer thread) for the class's position of this game."""
        future = hooks.submit(lambda me: me.sent_position(self.game))

        def finish() -> None:
            if future.exception() is None:
                self.offer(future.result())
        future.add_done_callback(_on_loop(finish))

    def offer(self, position: Position | None) -> None:
        """Show ``position`` (None, or one already played here: nothing to offer)."""
        self._offer = position if position is not None and position.id != self._played else None
        self._show()

    def play_it(self) -> None:
        """Put the offered position on the board."""
        if self._offer is None:
            return
        position, self._offer = self._offer, None
        self._played = position.id
        self.board.play_position(position.players, position.seed)
        self._show()

    def _show(self) -> None:
        if self._offer is not None:
            self.text.value = html.escape(tr("record.sent.banner", self.lang, players=self._offer.players))
            self.play.layout.display = None
            self.layout.display = None
        elif self._played is not None and self.layout.display != "none":
            self.text.value = html.escape(tr("record.sent.playing", self.lang))
            self.play.layout.display = "none"
        else:
            self.layout.display = "none"
