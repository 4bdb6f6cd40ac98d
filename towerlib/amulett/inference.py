"""The deduction meter: which metal hands each opponent can hold, read from one seat's view.

A hand is a 4-tuple of card counts in G S C I order. The view's ``ledger`` lists, in order, every
public fact about metal cards: starting hands, production of face-up spells (``gain``), wild or
substitute choices with the metals that were available (``wild``), payments and Transmutation
exchanges (public: the cards go back to the face-up supply), a default (the whole hand shown), and
Tribute/Thief transfers (the card is known only to the two players involved).

:class:`HandReader` replays the ledger once and keeps, for every seat, the distribution of its hand
as exact integer weights. The **stated prior** over private choices: each wild (or substitute)
symbol is any available metal with equal chance; a Tribute giver hands over each metal type it
holds with equal chance; Thief takes each card with equal chance (that one is the real rule).
Payments condition on the payer having had the cards. A scenario's secret starting hand is
uniform over all hands of its size. Hands are tracked one seat at a time: after a Tribute or Thief
transfer between two hidden hands the reader treats the two as independent (exact while no such
transfer happened; the gift's distribution itself is always exact at the time of the transfer).
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Any, Mapping

from .engine import allowed_metals, payment_cost
from .rules import METAL_INDEX, METALS

Hand = tuple[int, int, int, int]
_TYPES_LCM = lcm(*range(1, len(METALS) + 1))   # weights stay integers under "uniform over types held"


def _add(hand: Hand, i: int, k: int = 1) -> Hand:
    h = list(hand)
    h[i] += k
    return tuple(h)  # type: ignore[return-value]


def compositions(total: int, parts: int = len(METALS)) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` non-negative counts."""
    if parts == 1:
        return [(total,)]
    return [(k,) + rest for k in range(total + 1) for rest in compositions(total - k, parts - 1)]


class HandReader:
    """Every seat's hand distribution given what the view's owner knows (see the module doc)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me = view["seat"]
        n = view["players"]
        self.weights: list[dict[Hand, int]] = [{} for _ in range(n)]
        for entry in view["ledger"]:
            getattr(self, "_" + entry[0])(*entry[1:])
        mine = tuple(view["hand"][m] for m in METALS)
        self.weights[self.me] = {mine: 1}          # own hand: known exactly
        pending = view.get("pending")
        if pending and pending["kind"] == "pay" and pending["seat"] != self.me:
            allowed = [METAL_INDEX[m] for m in pending["allowed"]]   # the payer is asked: it can pay
            self._condition(pending["seat"], lambda h: sum(h[i] for i in allowed) >= pending["cost"])

    # ---------------------------------------------------------------- ledger entries
    def _start(self, seat: int, count: int, hand: list[int] | None = None) -> None:
        if hand is not None:
            self.weights[seat] = {tuple(hand): 1}  # type: ignore[dict-item]
        else:
            self.weights[seat] = {h: 1 for h in compositions(count)}  # type: ignore[misc]

    def _gain(self, seat: int, metal: str) -> None:
        i = METAL_INDEX[metal]
        self.weights[seat] = {_add(h, i): w for h, w in self.weights[seat].items()}

    def _wild(self, seat: int, options: list[str]) -> None:
        out: dict[Hand, int] = {}
        for h, w in self.weights[seat].items():
            for m in options:
                g = _add(h, METAL_INDEX[m])
                out[g] = out.get(g, 0) + w
        self.weights[seat] = out

    def _pay(self, seat: int, paid: list[int]) -> None:
        out: dict[Hand, int] = {}
        for h, w in self.weights[seat].items():
            g = tuple(a - b for a, b in zip(h, paid))
            if min(g) >= 0:
                out[g] = w  # type: ignore[index]
        self.weights[seat] = out

    def _exchange(self, seat: int, give: str, get: str) -> None:
        paid = [0] * len(METALS)
        paid[METAL_INDEX[give]] = 1
        self._pay(seat, paid)
        self._gain(seat, get)

    def _discard_all(self, seat: int, lost: list[int]) -> None:
        self.weights[seat] = {(0,) * len(METALS): 1}  # type: ignore[dict-item]

    def _transfer(self, giver: int, to: int, metal: str | None, how: str) -> None:
        if metal is not None:                      # the reader's owner saw the card
            paid = [0] * len(METALS)
            paid[METAL_INDEX[metal]] = 1
            self._pay(giver, paid)
            self._gain(to, metal)
            return
        out: dict[Hand, int] = {}
        gift = [0] * len(METALS)
        for h, w in self.weights[giver].items():
            held = [i for i in range(len(METALS)) if h[i] > 0]
            for i in held:
                share = w * (h[i] if how == "thief" else _TYPES_LCM // len(held))
                g = _add(h, i, -1)
                out[g] = out.get(g, 0) + share
                gift[i] += share
        self.weights[giver] = out
        received: dict[Hand, int] = {}
        for h, w in self.weights[to].items():
            for i, share in enumerate(gift):
                if share:
                    g = _add(h, i)
                    received[g] = received.get(g, 0) + w * share
        self.weights[to] = received

    def _condition(self, seat: int, keep) -> None:
        kept = {h: w for h, w in self.weights[seat].items() if keep(h)}
        if kept:
            self.weights[seat] = kept

    # ---------------------------------------------------------------- questions
    def distribution(self, seat: int) -> dict[Hand, Fraction]:
        """P(hand) for ``seat``, exact."""
        weights = self.weights[seat]
        total = sum(weights.values())
        return {h: Fraction(w, total) for h, w in sorted(weights.items())}

    def possible(self, seat: int) -> list[Hand]:
        """The hands ``seat`` can hold, in order."""
        return sorted(self.weights[seat])

    def p_can_pay(self, seat: int, bid: int, area: str) -> Fraction:
        """The chance that ``seat`` can pay ``bid`` in ``area`` (its spells' powers included)."""
        spells = [c["num"] for c in self.view["seats"][seat]["spells"]]
        cost = payment_cost(bid, area, spells)
        allowed = [METAL_INDEX[m] for m in allowed_metals(area, spells)]
        weights = self.weights[seat]
        total = sum(weights.values())
        good = sum(w for h, w in weights.items() if sum(h[i] for i in allowed) >= cost)
        return Fraction(good, total)

    def max_payable(self, seat: int, area: str) -> int:
        """The highest bid ``seat`` can surely pay in ``area`` (0 if none)."""
        bid = 0
        while self.p_can_pay(seat, bid + 1, area) == 1:
            bid += 1
        return bid

    def expected(self, seat: int) -> tuple[Fraction, ...]:
        """Expected count of each metal in ``seat``'s hand."""
        dist = self.distribution(seat)
        return tuple(sum((p * h[i] for h, p in dist.items()), Fraction(0)) for i in range(len(METALS)))

    def mean(self, seat: int) -> tuple[float, ...]:
        """:meth:`expected` in floating point, for bots that only compare sizes."""
        weights = self.weights[seat]
        total = sum(weights.values())
        return tuple(sum(w * h[i] for h, w in weights.items()) / total for i in range(len(METALS)))

    def sample(self, seat: int, rng) -> Hand:
        weights = self.weights[seat]
        k = rng.randrange(sum(weights.values()))
        for h, w in sorted(weights.items()):
            if k < w:
                return h
            k -= w
        raise AssertionError("unreachable")


def hand_distribution(view: Mapping[str, Any], seat: int) -> dict[Hand, Fraction]:
    """The exact distribution of ``seat``'s metal hand as the view's owner can know it."""
    return HandReader(view).distribution(seat)


def possible_hands(view: Mapping[str, Any], seat: int) -> list[Hand]:
    """The metal hands ``seat`` can hold, as the view's owner can know it."""
    return HandReader(view).possible(seat)


def p_can_pay(view: Mapping[str, Any], seat: int, bid: int, area: str) -> Fraction:
    """The exact chance that ``seat`` can pay ``bid`` in ``area``, under the module's stated prior."""
    return HandReader(view).p_can_pay(seat, bid, area)
