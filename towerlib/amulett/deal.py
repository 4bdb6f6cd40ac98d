"""Checking a scenario's ``deal=`` before the engine reads it.

A deal comes from a lesson cell or a save file, so anything may be in it: floats, booleans,
``None``, lists where a number belongs. Every field is checked for its type and its value here,
and a wrong one raises :class:`~towerlib.core.errors.InvalidDeal` naming the field and what it
must be (in the message catalogue), never a ``TypeError`` from deep inside the set-up. The
engine then reads only values of the right shape. See :class:`~.engine.AmulettGame` for what
each field means.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.errors import InvalidDeal
from ..core.i18n import Msg
from .rules import AREA, JEWELS, METAL_CARDS_EACH, METALS, ROUND_MARKERS, SPELL, STONES, WIN_COLOURS, WIN_JEWELS

DEAL_KEYS = ("first", "jewels", "deck", "markers", "start")


def _given(deal: dict[str, Any], key: str) -> Any:
    """A list field's value, ``[]`` where it is not given (absent or None); any other value, even
    an empty object or ``0``, is checked as given."""
    value = deal.get(key)
    return [] if value is None else value


START_KEYS = ("spells", "metals", "amulets", "hat2")


def _bad(field: str, expect: str, value: Any, **params: Any) -> InvalidDeal:
    text = repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    return InvalidDeal("amulett.deal.field", field=field, expected=Msg(f"amulett.deal.expect.{expect}", **params),
                       value=text)


def _is_int(value: Any) -> bool:
    return type(value) is int          # not bool, not float, not a numpy scalar


def _int_list(value: Any, field: str, expect: str, ok, **params: Any) -> list[int]:
    if type(value) is not list or not all(_is_int(v) and ok(v) for v in value):
        raise _bad(field, expect, value, **params)
    return value


def _str_list(value: Any, field: str, expect: str, allowed) -> list[str]:
    if type(value) is not list or not all(type(v) is str and v in allowed for v in value):
        raise _bad(field, expect, value)
    return value


def _per_seat(value: Any, field: str, players: int) -> list[Any]:
    if type(value) is not list or len(value) != players:
        raise _bad(field, "per_seat", value, players=players)
    return value


def check_deal(deal: Any, players: int) -> dict[str, Any]:
    """The deal with every field checked; raises ``InvalidDeal`` naming a bad field.

    A field given as ``None`` (JSON ``null``) counts as not given; so do absent ``start`` fields.
    """
    if deal is None:
        deal = {}
    if type(deal) is not dict:
        raise _bad("deal", "object", deal)
    for key in deal:
        if key not in DEAL_KEYS:
            raise InvalidDeal("amulett.deal.unknown", field=key, known=", ".join(DEAL_KEYS))
    out: dict[str, Any] = {}
    first = deal.get("first")
    if first is not None and not (_is_int(first) and 0 <= first < players):
        raise _bad("first", "seat", first, last=players - 1)
    out["first"] = first
    out["markers"] = _int_list(_given(deal, "markers"), "markers", "markers", lambda m: m in ROUND_MARKERS,
                               values=", ".join(map(str, sorted(set(ROUND_MARKERS)))))
    start = _check_start(deal.get("start"), players)
    out["start"] = start
    jewels = deal.get("jewels")
    out["jewels"] = _check_jewels({} if jewels is None else jewels, start.get("amulets", []))
    owned = {c[0] for cards in start.get("spells") or [] for c in cards}
    deck = _int_list(_given(deal, "deck"), "deck", "spells", lambda c: c in SPELL)
    if len(set(deck)) != len(deck) or owned & set(deck):
        raise _bad("deck", "spells_once", deck)
    out["deck"] = deck
    return out


def _check_start(start: Any, players: int) -> dict[str, Any]:
    if start is None:
        return {}
    if type(start) is not dict:
        raise _bad("start", "object", start)
    for key in start:
        if key not in START_KEYS:
            raise InvalidDeal("amulett.deal.unknown", field=f"start.{key}", known=", ".join(START_KEYS))
    out: dict[str, Any] = {}
    if start.get("spells") is not None:
        seen: set[int] = set()
        for s, cards in enumerate(_per_seat(start["spells"], "start.spells", players)):
            field = f"start.spells[{s}]"
            if type(cards) is not list or not all(
                    type(c) is list and len(c) == 2 and _is_int(c[0]) and c[0] in SPELL and _is_int(c[1]) and c[1] >= 1
                    for c in cards):
                raise _bad(field, "owned_spells", cards)
            nums = [c[0] for c in cards]
            if len(set(nums)) != len(nums) or seen & set(nums):
                raise _bad(field, "spells_once", cards)
            seen |= set(nums)
            if sum(c[1] for c in cards) > STONES:
                raise _bad(field, "stones", cards, stones=STONES)
        out["spells"] = start["spells"]
    if start.get("metals") is not None:
        hands = _per_seat(start["metals"], "start.metals", players)
        for s, hand in enumerate(hands):
            if type(hand) is not list or len(hand) != len(METALS) or not all(_is_int(k) and k >= 0 for k in hand):
                raise _bad(f"start.metals[{s}]", "hand", hand)
        for i, m in enumerate(METALS):
            if sum(h[i] for h in hands) > METAL_CARDS_EACH:
                raise _bad("start.metals", "metal_total", hands, metal=m, limit=METAL_CARDS_EACH)
        out["metals"] = hands
    if start.get("amulets") is not None:
        amulets = _per_seat(start["amulets"], "start.amulets", players)
        for s, amulet in enumerate(amulets):
            _str_list(amulet, f"start.amulets[{s}]", "colours", JEWELS)
            if len(amulet) >= WIN_JEWELS or len(set(amulet)) >= WIN_COLOURS:
                raise _bad(f"start.amulets[{s}]", "not_won", amulet, jewels=WIN_JEWELS, colours=WIN_COLOURS)
        if Counter(c for a in amulets for c in a) - Counter(JEWELS):
            raise _bad("start.amulets", "jewel_supply", amulets)
        out["amulets"] = amulets
    if start.get("hat2") is not None:
        if type(start["hat2"]) is not str or start["hat2"] not in AREA:
            raise _bad("start.hat2", "area", start["hat2"])
        out["hat2"] = start["hat2"]
    return out


def _check_jewels(fixed: Any, amulets: list[list[str]]) -> dict[str, list[str]]:
    if type(fixed) is not dict:
        raise _bad("jewels", "object", fixed)
    for area, colours in fixed.items():
        if area not in AREA:
            raise _bad("jewels", "area", area)
        _str_list(colours, f"jewels.{area}", "colours", JEWELS)
    left = Counter(JEWELS) - Counter(c for a in amulets for c in a)
    if Counter(c for v in fixed.values() for c in v) - left:
        raise _bad("jewels", "jewel_supply", fixed)
    return fixed
