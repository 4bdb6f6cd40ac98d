"""The deduction meter: which metal hands each opponent can hold, read from one seat's view.

A hand is a 4-tuple of card counts in G S C I order. The view's ``ledger`` lists, in order, every
public fact about metal cards: starting hands, production of face-up spells (``gain``: the stack
had a card), wild or substitute choices with the stacks that had cards (``wild``), payments and
Transmutation exchanges (public: the cards go back to the face-up supply), a default (the whole
hand shown), and Tribute/Thief transfers (the card is known only to the two players involved).
The supply is ``28 - (all hands)`` per metal, so every "this stack had a card" or "this stack is
empty" is a fact about the hands together; so is the view's ``supply_empty`` now.

:class:`HandReader` replays the ledger once under a **stated prior** over private choices: each
wild (or substitute) symbol is any available metal with equal chance; a Tribute giver hands over
each metal type it holds with equal chance; Thief takes each card with equal chance (that one is
the real rule). A scenario's secret starting hand is uniform over all hands of its size.

It is exact under that prior. Hands are kept in *blocks*: seats whose hands are independent sit in
blocks of their own, and a block holds the joint distribution of its seats as integer weights.
A hidden transfer between two seats joins their blocks (the two hands are no longer independent);
a fact about the supply that the blocks' ranges do not already settle joins every block it
concerns, keeping only the joint hands that agree with it. A joint block is allowed at most
:data:`JOINT_LIMIT` hands; beyond that the reader keeps the blocks apart, skips the fact and says
so (``exact`` is False), and a board then says "about" instead of "exactly".
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction
from math import lcm
from operator import sub
from typing import Any, Callable, Mapping, Sequence

from .engine import allowed_metals, payment_cost
from .rules import METAL_CARDS_EACH, METAL_INDEX, METALS

Hand = tuple[int, int, int, int]
State = tuple[Hand, ...]                       # the hands of a block's seats, in the block's seat order
_TYPES_LCM = lcm(*range(1, len(METALS) + 1))   # weights stay integers under "uniform over types held"
#: The most joint hands one block may hold before the reader gives up exactness (see the module doc).
JOINT_LIMIT = 50_000
_NONE: Hand = (0,) * len(METALS)  # type: ignore[assignment]


def _add(hand: Hand, i: int, k: int = 1) -> Hand:
    h = list(hand)
    h[i] += k
    return tuple(h)  # type: ignore[return-value]


def compositions(total: int, parts: int = len(METALS)) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` non-negative counts."""
    if parts == 1:
        return [(total,)]
    return [(k,) + rest for k in range(total + 1) for rest in compositions(total - k, parts - 1)]


class _Block:
    """Seats whose hands are known only together: ``weights`` maps their joint hands to integer weights.

    A weight table is never changed in place (a new one replaces it), so readers may share it."""

    def __init__(self, seats: tuple[int, ...], weights: dict[State, int],
                 ranges: dict[int, tuple[int, int]] | None = None) -> None:
        self.seats = seats
        self.weights = weights
        self._ranges: dict[int, tuple[int, int]] = {} if ranges is None else ranges

    def set(self, weights: dict[State, int], ranges: dict[int, tuple[int, int]] | None = None) -> None:
        self.weights = weights
        self._ranges = {} if ranges is None else ranges

    def sum_range(self, i: int) -> tuple[int, int]:
        """The least and the most cards of metal ``i`` the block's seats can hold together."""
        found = self._ranges.get(i)
        if found is None:
            if len(self.seats) == 1:
                column = [state[0][i] for state in self.weights]
            else:
                column = [sum(h[i] for h in state) for state in self.weights]
            found = self._ranges[i] = (min(column), max(column))
        return found


class _Law:
    """The blocks after a run of ledger entries, read in order; more entries extend it in place."""

    def __init__(self, players: int, me: int, joint_limit: int) -> None:
        self.me = me
        self.limit = joint_limit
        self.exact = True
        self.block: list[_Block] = [_Block((s,), {(_NONE,): 1}) for s in range(players)]
        self._marginals: dict[int, dict[Hand, int]] = {}
        self.length = 0                            # how many ledger entries have been read

    def read(self, entries: Sequence[tuple[Any, ...]]) -> None:
        for entry in entries:
            getattr(self, "_" + entry[0])(*entry[1:])
        self.length += len(entries)

    def _take(self, law: "_Law") -> None:
        """Start from ``law``'s blocks. Weight tables are never changed in place, so they are shared;
        each block gets a new holder, so conditioning this one leaves ``law`` as it was."""
        self.exact = law.exact
        self.length = law.length
        copies: dict[int, _Block] = {}
        for b in law.block:
            if id(b) not in copies:
                copies[id(b)] = _Block(b.seats, b.weights, b._ranges)
        self.block = [copies[id(b)] for b in law.block]
        self._marginals = {}

    # ---------------------------------------------------------------- the blocks
    def _blocks(self) -> list[_Block]:
        out: list[_Block] = []
        for b in self.block:
            if all(b is not o for o in out):
                out.append(b)
        return out

    def _map(self, seat: int, step: Callable[[Hand], Sequence[tuple[Hand, int]]]) -> None:
        """Replace ``seat``'s hand ``h`` by each ``(new, factor)`` of ``step(h)``, in its block."""
        b = self.block[seat]
        j = b.seats.index(seat)
        out: dict[State, int] = {}
        for state, w in b.weights.items():
            for new, factor in step(state[j]):
                key = state[:j] + (new,) + state[j + 1:]
                out[key] = out.get(key, 0) + w * factor
        self._set(b, out)

    def _set(self, b: _Block, weights: dict[State, int]) -> None:
        if not weights:                        # the stated prior cannot explain the view: keep the old law
            self.exact = False
            return
        b.set(weights)
        self._marginals.clear()

    def _condition(self, seat: int, keep: Callable[[Hand], bool]) -> None:
        self._map(seat, lambda h: [(h, 1)] if keep(h) else [])

    def _join(self, blocks: list[_Block], bounds: dict[int, tuple[int, int]] | None = None) -> _Block | None:
        """One block for all of ``blocks``, keeping only joint hands whose metal sums lie in ``bounds``
        (metal index -> least and most cards, over these seats); None past the size limit."""
        metals = sorted(bounds or {})
        ranges = [[b.sum_range(i) for i in metals] for b in blocks]
        seats: tuple[int, ...] = ()
        partial: dict[State, tuple[int, tuple[int, ...]]] = {(): (1, (0,) * len(metals))}
        for k, b in enumerate(blocks):
            window = [(bounds[i][0] - sum(r[j][1] for r in ranges[k + 1:]),          # type: ignore[index]
                       bounds[i][1] - sum(r[j][0] for r in ranges[k + 1:])) for j, i in enumerate(metals)]
            rights = sorted(((tuple(sum(h[i] for h in state) for i in metals), state, v)
                             for state, v in b.weights.items()), key=lambda r: r[0][:1])
            keys = [r[0][0] for r in rights] if metals else []
            out: dict[State, tuple[int, tuple[int, ...]]] = {}
            for left, (w, left_sums) in partial.items():
                chosen = rights
                if metals:                         # only the rights whose first bounded sum fits
                    lo, hi = window[0][0] - left_sums[0], window[0][1] - left_sums[0]
                    chosen = rights[bisect_left(keys, lo):bisect_right(keys, hi)]
                for right_sums, right, v in chosen:
                    sums = tuple(a + c for a, c in zip(left_sums, right_sums))
                    if all(lo <= x <= hi for x, (lo, hi) in zip(sums, window)):
                        out[left + right] = (w * v, sums)
                        if len(out) > self.limit:
                            return None
            partial = out
            seats += b.seats
        return _Block(seats, {state: w for state, (w, _) in partial.items()})

    def _install(self, joined: _Block) -> None:
        if not joined.weights:
            self.exact = False
            return
        for s in joined.seats:
            self.block[s] = joined
        self._marginals.clear()

    def _supply(self, bounds_by_metal: Mapping[str, tuple[int, int]]) -> None:
        """A fact about the supply: the hands hold, together, between ``lo`` and ``hi`` cards of each metal."""
        blocks = self._blocks()
        bounds: dict[int, tuple[int, int]] = {}
        for m, (lo, hi) in bounds_by_metal.items():
            i = METAL_INDEX[m]
            low = high = 0
            for b in blocks:
                least, most = b.sum_range(i)
                low, high = low + least, high + most
            if not lo <= low <= high <= hi:
                bounds[i] = (lo, hi)
        if not bounds:
            return                                 # already settled by what each block can hold
        ranges = [{i: b.sum_range(i) for i in bounds} for b in blocks]
        involved = [b for b, r in zip(blocks, ranges) if any(r[i][0] != r[i][1] for i in bounds)]
        fixed = {i: sum(r[i][0] for b, r in zip(blocks, ranges) if all(b is not o for o in involved))
                 for i in bounds}
        local = {i: (lo - fixed[i], hi - fixed[i]) for i, (lo, hi) in bounds.items()}
        joined = self._join(involved, local)
        if joined is None:
            self.exact = False
            return
        self._install(joined)

    # ---------------------------------------------------------------- ledger entries
    def _start(self, seat: int, count: int, hand: list[int] | None = None) -> None:
        if hand is not None:
            self.block[seat] = _Block((seat,), {(tuple(hand),): 1})  # type: ignore[dict-item]
        else:
            self.block[seat] = _Block((seat,), {(h,): 1 for h in compositions(count)})  # type: ignore[misc]
        self._marginals.clear()

    def _had(self, metals: Sequence[str], empty: Sequence[str] = ()) -> None:
        bounds = {m: (0, METAL_CARDS_EACH - 1) for m in metals}
        bounds.update({m: (METAL_CARDS_EACH, METAL_CARDS_EACH) for m in empty})
        self._supply(bounds)

    def _gain(self, seat: int, metal: str) -> None:
        self._had([metal])
        i = METAL_INDEX[metal]
        b = self.block[seat]
        before, ranges = b.weights, dict(b._ranges)
        if i in ranges:                            # one more card of metal i in every joint hand
            ranges[i] = (ranges[i][0] + 1, ranges[i][1] + 1)
        self._map(seat, lambda h: [(_add(h, i), 1)])
        if b.weights is not before:
            b._ranges = ranges

    def _wild(self, seat: int, options: list[str], metal: str | None = None) -> None:
        self._had(options, [m for m in METALS if m not in options])
        if not options:                            # A8: every stack was empty, nothing was taken
            return
        chosen = [metal] if metal is not None else options
        self._map(seat, lambda h: [(_add(h, METAL_INDEX[m]), 1) for m in chosen])

    def _pay(self, seat: int, paid: Sequence[int]) -> None:
        def step(h: Hand) -> list[tuple[Hand, int]]:
            left = tuple(map(sub, h, paid))        # map with operator.sub: the reader's most frequent step
            return [(left, 1)] if min(left) >= 0 else []  # type: ignore[list-item]
        self._map(seat, step)

    def _exchange(self, seat: int, give: str, get: str) -> None:
        paid = [0] * len(METALS)
        paid[METAL_INDEX[give]] = 1
        self._pay(seat, paid)
        self._gain(seat, get)

    def _discard_all(self, seat: int, lost: Sequence[int]) -> None:
        shown = tuple(lost)
        self._map(seat, lambda h: [(_NONE, 1)] if h == shown else [])   # the whole hand was shown

    @staticmethod
    def _gift_weight(h: Hand, i: int, how: str) -> int:
        """The chance (up to a factor common to all hands of this size) that ``h`` gives metal ``i``."""
        if h[i] <= 0:
            return 0
        return h[i] if how == "thief" else _TYPES_LCM // sum(1 for k in h if k > 0)

    def _transfer(self, giver: int, to: int, metal: str | None, how: str) -> None:
        if metal is not None:                      # the reader's owner gave or got the card and saw it
            i = METAL_INDEX[metal]
            self._map(giver, lambda h: [(_add(h, i, -1), self._gift_weight(h, i, how))] if h[i] > 0 else [])
            self._map(to, lambda h: [(_add(h, i), 1)])
            return
        if self.block[giver] is not self.block[to]:
            joined = self._join([self.block[giver], self.block[to]])
            if joined is None:
                self.exact = False
                self._transfer_apart(giver, to, how)
                return
            self._install(joined)
        b = self.block[giver]
        g, t = b.seats.index(giver), b.seats.index(to)
        out: dict[State, int] = {}
        for state, w in b.weights.items():
            for i in range(len(METALS)):
                share = self._gift_weight(state[g], i, how)
                if share:
                    new = list(state)
                    new[g], new[t] = _add(state[g], i, -1), _add(state[t], i)
                    key = tuple(new)
                    out[key] = out.get(key, 0) + w * share
        self._set(b, out)

    def _transfer_apart(self, giver: int, to: int, how: str) -> None:
        """The transfer as if the two hands stayed independent (only past :data:`JOINT_LIMIT`)."""
        gift = [0] * len(METALS)
        for h, w in self._marginal(giver).items():
            for i in range(len(METALS)):
                gift[i] += w * self._gift_weight(h, i, how)
        self._map(giver, lambda h: [(_add(h, i, -1), self._gift_weight(h, i, how))
                                    for i in range(len(METALS)) if h[i] > 0])
        self._map(to, lambda h: [(_add(h, i), share) for i, share in enumerate(gift) if share])

    def _marginal(self, seat: int) -> dict[Hand, int]:
        cached = self._marginals.get(seat)
        if cached is None:
            b = self.block[seat]
            j = b.seats.index(seat)
            cached = {}
            for state, w in b.weights.items():
                cached[state[j]] = cached.get(state[j], 0) + w
            self._marginals[seat] = cached
        return cached


class HandReader(_Law):
    """Every seat's hand distribution given what the view's owner knows (see the module doc).

    ``start`` is the law after the first entries of this view's ledger (:class:`ReaderCache`
    keeps one per seat), so that only the newer entries are read."""

    def __init__(self, view: Mapping[str, Any], joint_limit: int = JOINT_LIMIT, start: _Law | None = None) -> None:
        super().__init__(view["players"], view["seat"], joint_limit)
        self.view = view
        if start is not None:
            self._take(start)
        self.read(view["ledger"][self.length:])
        mine = tuple(view["hand"][m] for m in METALS)
        self._condition(self.me, lambda h: h == mine)         # own hand: known exactly
        self._supply({m: (METAL_CARDS_EACH if empty else 0, METAL_CARDS_EACH if empty else METAL_CARDS_EACH - 1)
                      for m, empty in view["supply_empty"].items()})
        pending = view.get("pending")
        if pending and pending["kind"] == "pay" and pending["seat"] != self.me:
            allowed = [METAL_INDEX[m] for m in pending["allowed"]]   # the payer is asked: it can pay
            self._condition(pending["seat"], lambda h: sum(h[i] for i in allowed) >= pending["cost"])

    # ---------------------------------------------------------------- questions
    def distribution(self, seat: int) -> dict[Hand, Fraction]:
        """P(hand) for ``seat`` (exact while :attr:`exact`)."""
        weights = self._marginal(seat)
        total = sum(weights.values())
        return {h: Fraction(w, total) for h, w in sorted(weights.items())}

    def possible(self, seat: int) -> list[Hand]:
        """The hands ``seat`` can hold, in order."""
        return sorted(self._marginal(seat))

    def p_can_pay(self, seat: int, bid: int, area: str) -> Fraction:
        """The chance that ``seat`` can pay ``bid`` in ``area`` (its spells' powers included)."""
        spells = [c["num"] for c in self.view["seats"][seat]["spells"]]
        cost = payment_cost(bid, area, spells)
        allowed = [METAL_INDEX[m] for m in allowed_metals(area, spells)]
        weights = self._marginal(seat)
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
        weights = self._marginal(seat)
        total = sum(weights.values())
        return tuple(sum(w * h[i] for h, w in weights.items()) / total for i in range(len(METALS)))

    def worlds(self) -> list[tuple[tuple[Hand, ...], Fraction]]:
        """Every joint assignment of all hands with its probability (only for small cases: the
        product of the blocks' sizes)."""
        out: list[tuple[dict[int, Hand], int]] = [({}, 1)]
        for b in self._blocks():
            out = [({**known, **dict(zip(b.seats, state))}, w * v) for known, w in out for state, v in b.weights.items()]
        total = sum(w for _, w in out)
        n = len(self.block)
        return [(tuple(known[s] for s in range(n)), Fraction(w, total)) for known, w in out]

    def sample_all(self, rng) -> tuple[Hand, ...]:
        """One joint draw of every seat's hand from the reader's law (exact while :attr:`exact`)."""
        hands: dict[int, Hand] = {}
        for b in self._blocks():
            items = sorted(b.weights.items())
            k = rng.randrange(sum(w for _, w in items))
            for state, w in items:
                if k < w:
                    hands.update(zip(b.seats, state))
                    break
                k -= w
        return tuple(hands[s] for s in range(len(self.block)))

    def sample(self, seat: int, rng) -> Hand:
        """One draw of ``seat``'s hand from its marginal law."""
        weights = self._marginal(seat)
        k = rng.randrange(sum(weights.values()))
        for h, w in sorted(weights.items()):
            if k < w:
                return h
            k -= w
        raise AssertionError("unreachable")


class ReaderCache:
    """The law after each seat's ledger so far, so that a reader of a later view of the same game
    reads only the entries added since (the planner asks at most decisions; a board at every change).

    A law depends only on the ledger's entries (with the seat, the player count and the joint
    limit), so a view whose ledger does not start with the kept entries is read from the start.
    """

    def __init__(self) -> None:
        self._laws: dict[tuple[int, int, int], tuple[list[tuple[Any, ...]], _Law]] = {}

    def reader(self, view: Mapping[str, Any], joint_limit: int = JOINT_LIMIT) -> HandReader:
        key = (view["seat"], view["players"], joint_limit)
        ledger = view["ledger"]
        kept = self._laws.get(key)
        if kept is not None and len(kept[0]) <= len(ledger) and ledger[:len(kept[0])] == kept[0]:
            law = kept[1]
        else:
            law = _Law(view["players"], view["seat"], joint_limit)
        law.read(ledger[law.length:])
        self._laws[key] = (list(ledger), law)
        return HandReader(view, joint_limit, start=law)


def hand_distribution(view: Mapping[str, Any], seat: int) -> dict[Hand, Fraction]:
    """The exact distribution of ``seat``'s metal hand as the view's owner can know it."""
    return HandReader(view).distribution(seat)


def possible_hands(view: Mapping[str, Any], seat: int) -> list[Hand]:
    """The metal hands ``seat`` can hold, as the view's owner can know it."""
    return HandReader(view).possible(seat)


def p_can_pay(view: Mapping[str, Any], seat: int, bid: int, area: str) -> Fraction:
    """The exact chance that ``seat`` can pay ``bid`` in ``area``, under the module's stated prior."""
    return HandReader(view).p_can_pay(seat, bid, area)
