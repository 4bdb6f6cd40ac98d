"""SpellCaster options: every RESOLVED reading of RULES.md 4.3 (and each reading added here) is one.

Defaults are the readings RULES.md chose; the alternatives are the credible other readings.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core.options import Option
from .data import CARD_VALUES

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: HOUSE: rounds before a game is stopped (a classroom game; random playouts stay short).
ROUND_LIMIT = 20


def _int_at_least(low: int):
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(value)
        return value
    return check


def skill_reserved(state: str, motion: int, mass: int, options: Mapping[str, Any]) -> int:
    """S17: the Skill a spell under construction keeps for the cards it still needs (each worth at
    least 1), so its face-down values are bounded by Skill minus this; a complete spell keeps none."""
    if state != "building":
        return 0
    need = max(0, options["complete_min_motion"] - motion) + max(0, options["complete_min_mass"] - mass)
    return need * min(CARD_VALUES)


OPTIONS = {
    # S4: returned cards go on top of their element deck ("top"), or are shuffled in ("shuffle").
    "return_to": Option("return_to", "top", "S4 RESOLVED: returned cards go on top of their deck (a face-up top "
                        "card is public); 'shuffle' shuffles them into it instead.", allowed=("top", "shuffle")),
    # S5: a spell is complete with >= 1 Motion and >= 1 Mass card.
    "complete_min_motion": Option("complete_min_motion", 1, "S5 RESOLVED: Motion cards a complete spell needs.",
                                  check=_int_at_least(1), allowed_text="an integer >= 1"),
    "complete_min_mass": Option("complete_min_mass", 1, "S5 RESOLVED: Mass cards a complete spell needs.",
                                check=_int_at_least(0), allowed_text="an integer >= 0"),
    # S6: a spell strikes its own caster too; every caster on the struck point is hit.
    "strike_own_caster": Option("strike_own_caster", True, "S6 RESOLVED: a familiar strikes its own "
                                "controller too.", allowed=(True, False)),
    # S7: no path of the card's colour ends the whole move (False: skip to the next card).
    "stuck_ends_move": Option("stuck_ends_move", True, "S7 RESOLVED: with no path of the required colour "
                              "the whole move ends (False: only that card's part).", allowed=(True, False)),
    # S8: the controller's Will token goes back to the pool after impact (False: it is lost).
    "token_back_after_impact": Option("token_back_after_impact", True, "S8 RESOLVED: the controller's Will "
                                      "token returns to the pool after impact.", allowed=(True, False)),
    # S11: capturing needs a free familiar pair.
    "capture_needs_pair": Option("capture_needs_pair", True, "S11 RESOLVED: capture needs a free familiar "
                                 "pair.", allowed=(True, False)),
    # Rule 19 with rule 15: a locked capture contest is a lock (continued or withdrawn), not a loss.
    "capture_lock_loses": Option("capture_lock_loses", False, "Rule 19 RESOLVED: a capture contest that locks "
                                 "is a lock as in rule 15 (Continue or withdraw); True: a lock loses the capture "
                                 "and the spell turns wild again.", allowed=(False, True)),
    # Rule 10: no Control duty on the turn a spell was launched (or captured).
    "duty_on_launch_turn": Option("duty_on_launch_turn", False, "Rule 10 RESOLVED: a spell launched this "
                                  "turn needs no Control this turn.", allowed=(False, True)),
    # Rule 13: launching needs an unused Will token (RULE) and a free familiar pair (reading).
    "launch_needs_pair": Option("launch_needs_pair", True, "Reading: a launch needs a free familiar pair "
                                "(one pair per Focus point).", allowed=(True, False)),
    # Rule 27: a passing chooser still names the next chooser.
    "passer_names_next": Option("passer_names_next", True, "Rule 27 RESOLVED: a player who passes still "
                                "names the next chooser (False: the next seat clockwise is named).",
                                allowed=(True, False)),
    # HOUSE: a bound on the length of a game; at the limit the casters with most Life Force share the win.
    "round_limit": Option("round_limit", ROUND_LIMIT, "HOUSE: the game stops after this many rounds (0: never); the "
                          "standing casters with the most Life Force share the win.",
                          check=_int_at_least(0), allowed_text="an integer >= 0"),
}
