"""What must hold in every Spell Runes position: :func:`check_invariants` (the conformance
suite calls it after every action of many random games)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .data import AMULET_BONUS, FAMILIARS, LOOT_DECK, SLOTS, TURN_DICE
from .engine import WINDOW_KINDS

if TYPE_CHECKING:
    from .engine import RunesGame

_ALL_FAMILIARS = Counter(f.id for f in FAMILIARS)
_ALL_LOOT = Counter(LOOT_DECK)


def _require(ok: bool, invariant: str) -> None:
    if not ok:
        raise AssertionError(invariant)


def check_invariants(game: "RunesGame") -> None:
    """Raise AssertionError naming the first broken invariant of ``game``."""
    n, cap = game.players, game.options["max_health"]
    loot = Counter(game.loot_deck) + Counter(game.loot_discard) + Counter(
        c for hand in game.hand for c in hand) + Counter(a for a in game.artifact if a)
    _require(loot == _ALL_LOOT, f"conservation of loot cards: {dict(loot - _ALL_LOOT)} extra, "
                                f"{dict(_ALL_LOOT - loot)} missing")
    fams = Counter(game.fam_deck) + Counter(game.fam_discard) + Counter(f for f in game.familiar if f)
    for p in game.pending:
        if p["kind"] == "keep":
            fams[p["card"]] += 1
        elif p["kind"] == "spirit":
            fams.update(p["cards"])
    _require(fams == _ALL_FAMILIARS, "conservation of familiars")
    for s in range(n):
        amulet = game.artifact[s] == "amulet_of_vitality"
        _require(game.max_health[s] == cap + (AMULET_BONUS if amulet else 0), f"seat {s}: maximum health")
        _require(0 <= game.health[s] <= game.max_health[s], f"seat {s}: health within 0..maximum")
        _require(set(game.slots[s]) == set(SLOTS), f"seat {s}: the four slots")
        if game.health[s] == 0:
            _require(not game.hand[s] and game.artifact[s] is None, f"seat {s}: a fallen wizard holds no loot")
    _require(game.q >= 0, "Q is not negative")
    standing = [s for s in range(n) if game.health[s] > 0]
    if game.is_over:
        _require(game.current_player is None and not game.legal_actions(), "a finished game has no decision")
        _require(len(standing) <= 1 and list(game.winners) == standing, "the winner is the last one standing")
        _require(not game.pending, "no window stays open after the end")
        return
    _require(len(standing) >= 2, "at least two wizards stand while the game goes on")
    _require(game.current_player in range(n) and bool(game.legal_actions()), "someone has a legal action")
    for p in game.pending:
        if p["kind"] in WINDOW_KINDS:
            _require(game.health[p["seat"]] > 0, f"a window for a fallen wizard (seat {p['seat']})")
            _require(p["kind"] != "window" or p["seat"] != game.active, "no any-time window for the active wizard")
    if game.phase in ("roll", "cast"):
        _require(game.active is not None and game.rolls_used <= game.rolls_allowed, "rolls used within the allowance")
        _require(all(1 <= d <= 6 for d in game.dice), "dice show 1..6")
        _require(len(game.dice) == TURN_DICE or game.phase == "cast", "five dice while rolling")
