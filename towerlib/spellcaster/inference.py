"""What a seat can infer about another player's face-down cards, exactly, from its own view.

A face-down card shows its element (it came off an element deck in plain sight) but not its
value. From the view a seat knows, per element of player q, which of the ten values
(six 1s, three 3s, one 5) are accounted for: q's face-up display cards and q's deck cards
returned face up. The rest (q's face-down cards and unknown deck cards) are a uniformly
shuffled multiset, so the face-down values are drawn without replacement from it. Each of q's
spells must also fit q's Skill, which conditions the draw. :func:`facedown_law` gives the exact
joint law of the face-down values of one spell (a dynamic programme over q's other spells,
state = what is left of each element's unknown values); :func:`mass_damage` turns it into the
damage the spell would do at each point, :func:`strike_chance` into the chance its Motion can
reach a point.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any, Mapping

from ..core.errors import TowerError
from .data import CARD_VALUES, DECK_VALUES, ELEMENTS, POINT_NAMES, POINTS
from .probability import reach
from .rules import skill_reserved

Law = dict[tuple[int, ...], Fraction]


class InferenceError(TowerError):
    """Asked about a seat or spell the view does not hold."""


def _caster(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    if not isinstance(seat, int) or not 0 <= seat < view["players"]:
        raise InferenceError("spellcaster.infer.bad_seat", seat=seat)
    return view["casters"][seat]


def unknown_values(view: Mapping[str, Any], seat: int) -> dict[str, Counter]:
    """Per element, the values of ``seat``'s cards the viewer cannot place (face-down or in a deck)."""
    caster = _caster(view, seat)
    left = {e: Counter(DECK_VALUES) for e in ELEMENTS}
    for spell in caster["display"]:
        for card in spell["motion"] + spell["mass"]:
            if card["card"][1] != "?":
                left[card["card"][0]][int(card["card"][1:])] -= 1
    for e, deck in caster["decks"].items():
        for _, value in deck["known"]:
            left[e][value] -= 1
    return left


def _spells(view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Per spell of ``seat``: the known total plus the Skill it keeps for cards it still needs
    (S17), and the elements of its face-down cards, in order."""
    out = []
    for spell in _caster(view, seat)["display"]:
        cards = spell["motion"] + spell["mass"]
        known = sum(int(c["card"][1:]) for c in cards if c["card"][1] != "?") + skill_reserved(
            spell["state"], len(spell["motion"]), len(spell["mass"]), view["options"])
        hidden = [(i, c["card"][0]) for i, c in enumerate(cards) if c["card"][1] == "?"]
        down = [i for i, c in enumerate(cards) if not c["up"]]
        out.append({"spell": spell["spell"], "known": known, "hidden": hidden, "down": down, "cards": cards,
                    "motion": len(spell["motion"])})
    return out


def _assignments(hidden: list[tuple[int, str]], left: dict[str, tuple[int, ...]], room: int):
    """Value choices for a spell's face-down cards within ``room`` Skill, with their draw weights."""
    for values in product(CARD_VALUES, repeat=len(hidden)):
        if sum(values) > room:
            continue
        counts = {e: list(c) for e, c in left.items()}
        weight = 1
        for (_, e), v in zip(hidden, values):
            k = CARD_VALUES.index(v)
            if counts[e][k] <= 0:
                weight = 0
                break
            weight *= counts[e][k]
            counts[e][k] -= 1
        if weight:
            yield values, weight, {e: tuple(c) for e, c in counts.items()}


def facedown_law(view: Mapping[str, Any], spell_id: str) -> Law:
    """The exact law of the values of one spell's face-down cards (in display order, Motion first).

    A face-down card the viewer knows (its own, or one everyone saw, S18) has its value with
    probability 1; the others are drawn from what the viewer cannot place.
    """
    seat = int(spell_id.split(".")[0])
    target = next((s for s in _spells(view, seat) if s["spell"] == spell_id), None)
    if target is None:
        raise InferenceError("spellcaster.infer.bad_spell", spell=spell_id)
    out: Law = {}
    for values, p in _hidden_law(view, spell_id).items():
        cards = [c["card"] for c in target["cards"]]
        for (i, e), v in zip(target["hidden"], values):
            cards[i] = f"{e}{v}"
        key = tuple(int(cards[i][1:]) for i in target["down"])
        out[key] = out.get(key, Fraction(0)) + p
    return out


def _hidden_law(view: Mapping[str, Any], spell_id: str) -> Law:
    """The exact law of the values of the spell's cards the viewer cannot see (shown as ``E?``)."""
    seat = int(spell_id.split(".")[0])
    skill = _caster(view, seat)["skill"]
    spells = _spells(view, seat)
    target = next((s for s in spells if s["spell"] == spell_id), None)
    if target is None:
        raise InferenceError("spellcaster.infer.bad_spell", spell=spell_id)
    start = {e: tuple(c[v] for v in CARD_VALUES) for e, c in unknown_values(view, seat).items()}
    states: dict[tuple, int] = {_key(start): 1}
    for other in spells:
        if other is target or not other["hidden"]:
            continue
        nxt: dict[tuple, int] = {}
        for key, w in states.items():
            for _, weight, rest in _assignments(other["hidden"], _unkey(key), skill - other["known"]):
                k2 = _key(rest)
                nxt[k2] = nxt.get(k2, 0) + w * weight
        states = nxt
    law: dict[tuple[int, ...], int] = {}
    for key, w in states.items():
        for values, weight, _ in _assignments(target["hidden"], _unkey(key), skill - target["known"]):
            law[values] = law.get(values, 0) + w * weight
    total = sum(law.values())
    if not total:
        raise InferenceError("spellcaster.world.inconsistent", seat=view["seat"])
    return {values: Fraction(w, total) for values, w in law.items()}


def _key(left: Mapping[str, tuple[int, ...]]) -> tuple:
    return tuple(left[e] for e in ELEMENTS)


def _unkey(key: tuple) -> dict[str, tuple[int, ...]]:
    return dict(zip(ELEMENTS, key))


def card_law(view: Mapping[str, Any], spell_id: str) -> dict[tuple[tuple[str, ...], tuple[str, ...]], Fraction]:
    """The law of the spell's full (Motion, Mass) card lists as the viewer sees them."""
    seat = int(spell_id.split(".")[0])
    target = next(s for s in _spells(view, seat) if s["spell"] == spell_id)
    out: dict[tuple[tuple[str, ...], tuple[str, ...]], Fraction] = {}
    for values, p in _hidden_law(view, spell_id).items():
        cards = [c["card"] for c in target["cards"]]
        for (i, e), v in zip(target["hidden"], values):
            cards[i] = f"{e}{v}"
        key = (tuple(cards[:target["motion"]]), tuple(cards[target["motion"]:]))
        out[key] = out.get(key, Fraction(0)) + p
    return out


def damage_at(mass: tuple[str, ...] | list[str], point: str) -> int:
    """RULE 23: the Mass values of elements active at ``point``."""
    return sum(int(c[1:]) for c in mass if c[0] in POINTS[point])


def mass_damage(view: Mapping[str, Any], spell_id: str) -> dict[str, dict[int, Fraction]]:
    """Per point, the exact law of the damage the spell would do there."""
    out: dict[str, dict[int, Fraction]] = {p: {} for p in POINT_NAMES}
    for (_, mass), p in card_law(view, spell_id).items():
        for point in POINT_NAMES:
            d = damage_at(mass, point)
            out[point][d] = out[point].get(d, Fraction(0)) + p
    return out


def expected_damage(view: Mapping[str, Any], spell_id: str, point: str) -> Fraction:
    return sum((d * p for d, p in mass_damage(view, spell_id)[point].items()), Fraction(0))


def strike_chance(view: Mapping[str, Any], spell_id: str, point: str, start: str | None = None) -> Fraction:
    """The chance (over the face-down Motion values) that the spell, moved from ``start`` (its
    familiar, else its owner's point) by a mover who wants to, can strike a caster on ``point``."""
    seat = int(spell_id.split(".")[0])
    spell = next(s for s in _caster(view, seat)["display"] if s["spell"] == spell_id)
    origin = start or spell["point"] or _caster(view, seat)["position"]
    casters = {c["position"] for c in view["casters"] if c["alive"]} | {point}
    total = Fraction(0)
    for (motion, _), p in card_law(view, spell_id).items():
        if point in reach(origin, motion, casters)[1]:
            total += p
    return total
