"""What must hold in every Spell Runes position: :func:`check_invariants` (the conformance
suite calls it after every action of many random games)."""
from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import TYPE_CHECKING

from .data import AMULET_BONUS, FAMILIARS, LOOT_DECK, SLOTS, TURN_DICE
from .engine import WINDOW_KINDS

if TYPE_CHECKING:
    from .engine import RunesGame

_ALL_FAMILIARS = Counter(f.id for f in FAMILIARS)
_ALL_LOOT = Counter(LOOT_DECK)
_SLOTS = frozenset(SLOTS)


def check_invariants(game: "RunesGame") -> None:
    """Raise AssertionError naming the first broken invariant of ``game``."""
    n, cap = game.players, game.options["max_health"]
    loot = Counter(chain(game.loot_deck, game.loot_discard, *game.hand, (a for a in game.artifact if a)))
    if game.phase == "draft":                        # a deal's hands wait aside until the draft ends
        loot.update(c for h in game._dealt_hands if h for c in h)
    if not dict.__eq__(loot, _ALL_LOOT):             # plain dict equality: fast, and exact here
        raise AssertionError(f"conservation of loot cards: {dict(loot - _ALL_LOOT)} extra, "
                             f"{dict(_ALL_LOOT - loot)} missing")
    fams = Counter(chain(game.fam_deck, game.fam_discard, (f for f in game.familiar if f)))
    for p in game.pending:
        if p["kind"] == "keep":
            fams[p["card"]] += 1
        elif p["kind"] == "spirit":
            fams.update(p["cards"])
    if not dict.__eq__(fams, _ALL_FAMILIARS):
        raise AssertionError("conservation of familiars")
    for s in range(n):
        amulet = game.artifact[s] == "amulet_of_vitality"
        if not (game.max_health[s] == cap + (AMULET_BONUS if amulet else 0)):
            raise AssertionError(f"seat {s}: maximum health")
        if not (0 <= game.health[s] <= game.max_health[s]):
            raise AssertionError(f"seat {s}: health within 0..maximum")
        if game.slots[s].keys() != _SLOTS:
            raise AssertionError(f"seat {s}: the four slots")
        if game.health[s] == 0:
            if game.hand[s] or game.artifact[s] is not None:
                raise AssertionError(f"seat {s}: a fallen wizard holds no loot")
    if not (game.q >= 0):
        raise AssertionError("Q is not negative")
    standing = [s for s in range(n) if game.health[s] > 0]
    if game.is_over:
        if not (game.current_player is None and not game.legal_actions()):
            raise AssertionError("a finished game has no decision")
        if not (len(standing) <= 1 and list(game.winners) == standing):
            raise AssertionError("the winner is the last one standing")
        if game.pending:
            raise AssertionError("no window stays open after the end")
        return
    if not (len(standing) >= 2):
        raise AssertionError("at least two wizards stand while the game goes on")
    if not (game.current_player in range(n) and bool(game.legal_actions())):
        raise AssertionError("someone has a legal action")
    for p in game.pending:
        if p["kind"] in WINDOW_KINDS:
            if not (game.health[p["seat"]] > 0):
                raise AssertionError(f"a window for a fallen wizard (seat {p['seat']})")
            if not (p["kind"] != "window" or p["seat"] != game.active):
                raise AssertionError("no any-time window for the active wizard")
    if game.phase in ("roll", "cast"):
        if not (game.active is not None and game.rolls_used <= game.rolls_allowed):
            raise AssertionError("rolls used within the allowance")
        if not (all(1 <= d <= 6 for d in game.dice)):
            raise AssertionError("dice show 1..6")
        if not (len(game.dice) == TURN_DICE or game.phase == "cast"):
            raise AssertionError("five dice while rolling")
