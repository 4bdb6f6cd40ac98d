"""Three Das Amulett players: random, greedy, and a planner that reads opponents' hands.

A bot sees only its seat's view (``game.view(seat, log=False)``) and picks among ``view["legal"]``;
it returns a :class:`~towerlib.core.bots.Choice` with one sentence (English and Russian) saying why.

* :class:`RandomBot` picks any legal action: the yardstick.
* :class:`GreedyBot` values metals by what the areas near Hat #2 accept, bids for a jewel whenever
  it can pay the next bid there, and buys spells that produce a lot for little.
* :class:`PlannerBot` values a spell by its production over the rounds its stones buy, bids for
  jewels from what it can pay *and* what each opponent can pay (:mod:`.inference`), lets a
  bluffing leader default, sends Hat #2 where it is strong and its rivals weak, and collects
  towards whichever of 7 colours or 8 jewels is nearer.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..core.bots import Choice
from ..core.errors import InvalidOption
from ..core.i18n import Msg
from .actions import Action, parse
from .engine import allowed_metals, payment_cost
from .inference import HandReader, ReaderCache
from .rules import (AREA, BARGAIN, CHARM_TERRAIN, DISTANCE, JEWELS, METAL_INDEX, METALS, PYRAMID_KEY, SPELL,
                    TWIN_JEWEL, WALL_WATCHER, WIN_COLOURS, WIN_JEWELS)

View = Mapping[str, Any]
#: Extra worth (in metal cards per round) the planner and greedy bot see in a spell's power.
POWER_WORTH = {13: 1.0, 14: 1.0, 15: 1.5, 16: 0.3, 17: 2.5, 18: 1.5, 19: 0.8, 20: 0.8, 21: 0.8, 22: 0.8,
               23: 1.2, 24: 0.5, 25: 0.8, 26: 0.3, 27: 0.8, 28: 1.0, 29: 1.0, 30: 1.0, 31: 1.0, 32: 0.8, 33: 1.0}
#: How far from Hat #2 the greedy and planner bots look when valuing a metal (in steps).
LOOKAHEAD = 2
#: The planner lets a leader keep a bid it can pay with at most this chance (hoping for a default).
BLUFF_CALL = Fraction(1, 3)


def legal(view: View) -> list[Action]:
    return [parse(t) for t in view["legal"]]  # type: ignore[misc]


def _own_spells(view: View) -> list[int]:
    return [c["num"] for c in view["seats"][view["seat"]]["spells"]]


def _hand(view: View) -> list[int]:
    return [view["hand"][m] for m in METALS]


def spell_worth(num: int) -> float:
    """Metal cards a spell yields per stone placed on it, plus the worth of its power."""
    spell = SPELL[num]
    return len(spell.produces) / spell.cost + POWER_WORTH.get(num, 0.0)


def metal_demand(view: View) -> list[float]:
    """How much each metal is wanted: areas with jewels near Hat #2 weigh by closeness."""
    demand = [0.0] * len(METALS)
    here = view["hat2"]
    for area, jewels in view["board"].items():
        steps = DISTANCE[here][area]
        if not jewels or steps > LOOKAHEAD:
            continue
        weight = len(jewels) / (1 + steps)
        metal = AREA[area].metal
        if metal is None:
            for i in range(len(METALS)):
                demand[i] += weight / len(METALS)
        else:
            demand[METAL_INDEX[metal]] += weight
    return demand


def can_pay(hand: list[int], spells: list[int], bid: int, area: str) -> bool:
    cost = payment_cost(bid, area, spells)
    return sum(hand[METAL_INDEX[m]] for m in allowed_metals(area, spells)) >= cost


def max_payable(hand: list[int], spells: list[int], area: str) -> int:
    """The highest bid these cards can pay in ``area``."""
    bid = 0
    while can_pay(hand, spells, bid + 1, area) and bid < sum(hand) * 2 + 2:
        bid += 1
    return bid


def jewel_goal(amulet: list[str]) -> str:
    """Which win is nearer: 'colours' (7 different) or 'jewels' (8 in all)."""
    return "colours" if WIN_COLOURS - len(set(amulet)) <= WIN_JEWELS - len(amulet) else "jewels"


def jewel_gain(amulet: list[str], colours: list[str]) -> float:
    """How much the best jewel among ``colours`` advances ``amulet`` (1 = one step to a win)."""
    if not colours:
        return 0.0
    new = any(c not in amulet for c in colours)
    return 1.0 if new else (1.0 if jewel_goal(amulet) == "jewels" else 0.6)


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so games replay)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Choice:
        return Choice(self.rng.choice(view["legal"]), Msg("amulett.bot.random"))


class _Rules:
    """Decisions both thinking bots share; subclasses override the ones they do better."""

    name = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Choice:
        kind = view["decision"]
        actions = legal(view)
        handler: Callable[[View, list[Action]], Choice] = getattr(self, "_" + kind)
        return handler(view, actions)

    # ------------------------------------------------------------ set-up
    def _mulligan(self, view: View, actions: list[Action]) -> Choice:
        weak = [str(c) for c in view["dealt"] if spell_worth(c) < 1.5]
        for a in actions:
            if a.verb == "mulligan" and sorted(a.args) == sorted(weak[:2]) and weak:
                return Choice(a, Msg("amulett.bot.mulligan"))
        return Choice(actions[0], Msg("amulett.bot.keep"))

    def _allot(self, view: View, actions: list[Action]) -> Choice:
        def score(a: Action) -> float:
            stones = {int(n): int(k) for n, k in (x.split(":") for x in a.args)}
            total = sum(stones.values())
            value = sum(min(k, 5) * spell_worth(n) for n, k in stones.items())
            return value - 0.6 * max(0, total - 6) * 1.5
        return Choice(max(actions, key=score), Msg("amulett.bot.allot"))

    # ------------------------------------------------------------ Spell phase
    def _spell_bid(self, view: View, actions: list[Action]) -> Choice:
        sa = view["spell_auction"]
        if any(a.verb == "last" for a in actions) and sa["pos"] < len(sa["order"]) - 1:
            return Choice(Action("last"), Msg("amulett.bot.defer"))
        worth = spell_worth(sa["card"])
        limit = self._spell_limit(view, worth)
        bids = [a for a in actions if a.verb == "bid" and a.number <= limit]
        if not bids:
            return Choice(Action("pass"), Msg("amulett.bot.spell_pass"))
        choice = self._pick_spell_bid(view, bids)
        return Choice(choice, Msg("amulett.bot.spell_bid", value=round(worth * choice.number, 1),
                                  amount=choice.number))

    def _spell_limit(self, view: View, worth: float) -> int:
        return 2 if worth >= 2 else 1

    def _pick_spell_bid(self, view: View, bids: list[Action]) -> Action:
        return bids[0]

    # ------------------------------------------------------------ Metal phase
    def _metal(self, view: View, actions: list[Action]) -> Choice:
        demand = metal_demand(view)
        hand = _hand(view)
        best = max(actions, key=lambda a: demand[METAL_INDEX[a.args[0]]] / (1 + hand[METAL_INDEX[a.args[0]]]))
        return Choice(best, Msg("amulett.bot.metal", metal=Msg(f"amulett.metal.{best.args[0]}")))

    def _echo(self, view: View, actions: list[Action]) -> Choice:
        best = max(actions, key=lambda a: len(SPELL[a.number].produces))
        return Choice(best, Msg("amulett.bot.power"))

    def _transmute(self, view: View, actions: list[Action]) -> Choice:
        demand = metal_demand(view)
        hand = _hand(view)
        best, gain = Action("done"), 0.0
        for a in actions:
            if a.verb == "exchange":
                give, get = METAL_INDEX[a.args[0]], METAL_INDEX[a.args[1]]
                g = demand[get] / (1 + hand[get]) - demand[give] / hand[give]
                if g > gain:
                    best, gain = a, g
        return Choice(best, Msg("amulett.bot.power" if best.verb == "exchange" else "amulett.bot.done"))

    def _give(self, view: View, actions: list[Action]) -> Choice:
        demand = metal_demand(view)
        hand = _hand(view)
        best = min(actions, key=lambda a: demand[METAL_INDEX[a.args[0]]] / hand[METAL_INDEX[a.args[0]]])
        return Choice(best, Msg("amulett.bot.give"))

    # ------------------------------------------------------------ Jewel phase
    def _fate(self, view: View, actions: list[Action]) -> Choice:
        wanted = "+1" if sum(_hand(view)) >= 4 else "-1"
        for a in actions:
            if a.args[0] == wanted:
                return Choice(a, Msg("amulett.bot.power"))
        return Choice(Action("fate", ("0",)), Msg("amulett.bot.power"))

    def _jewel_bid(self, view: View, actions: list[Action]) -> Choice:
        area = view["jewel_auction"]["area"]
        spells, hand = _own_spells(view), _hand(view)
        bids = [a for a in actions if a.verb == "bid" and can_pay(hand, spells, a.number, area)]
        if not bids:
            return Choice(Action("pass"), Msg("amulett.bot.jewel_pass"))
        return Choice(bids[0], Msg("amulett.bot.jewel_bid", amount=bids[0].number))

    def _pay(self, view: View, actions: list[Action]) -> Choice:
        demand = metal_demand(view)
        hand = _hand(view)

        def keep_value(a: Action) -> float:
            left = list(hand)
            for part in a.args:
                m, k = part.split(":")
                left[METAL_INDEX[m]] -= int(k)
            return sum(min(left[i], 4) * (demand[i] + 0.1) for i in range(len(METALS)))
        return Choice(max(actions, key=keep_value), Msg("amulett.bot.pay"))

    def _take(self, view: View, actions: list[Action]) -> Choice:
        amulet = view["seats"][view["seat"]]["amulet"]
        on_board = {c: sum(v.count(c) for v in view["board"].values()) for c in JEWELS}

        def score(a: Action) -> tuple:
            c = a.args[0]
            return (c not in amulet, -on_board[c], c)
        best = max(actions, key=score)
        return Choice(best, Msg("amulett.bot.take", colour=Msg(f"amulett.colour.{best.args[0]}")))

    def _move(self, view: View, actions: list[Action]) -> Choice:
        spells, hand = _own_spells(view), _hand(view)
        amulet = view["seats"][view["seat"]]["amulet"]

        def score(a: Action) -> float:
            area = a.args[0]
            return max_payable(hand, spells, area) + 2 * jewel_gain(amulet, view["board"][area])
        best = max(actions, key=score)
        return Choice(best, Msg("amulett.bot.move", area=best.args[0]))

    # ------------------------------------------------------------ Energy phase
    def _steal(self, view: View, actions: list[Action]) -> Choice:
        return Choice(actions[0], Msg("amulett.bot.power"))

    def _everlast(self, view: View, actions: list[Action]) -> Choice:
        return Choice(max(actions, key=lambda a: spell_worth(a.number)), Msg("amulett.bot.power"))

    def _recharge(self, view: View, actions: list[Action]) -> Choice:
        spells = [a for a in actions if a.verb == "recharge"]
        if not spells or view["seats"][view["seat"]]["pool"] < 3:
            return Choice(Action("done"), Msg("amulett.bot.done"))
        return Choice(max(spells, key=lambda a: spell_worth(a.number)), Msg("amulett.bot.power"))


class GreedyBot(_Rules):
    """Takes what looks best right now (see the module docstring)."""

    name = "greedy"


class PlannerBot(_Rules):
    """Plans with production over a spell's life and the exact chances opponents can pay."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._laws = ReaderCache()

    def reader(self, view: View) -> HandReader:
        """What this seat can know of every hand. The law read from the ledger so far is kept, so a
        decision reads only the entries added since the last one; the choice depends on the view alone."""
        return self._laws.reader(view)

    def _spell_limit(self, view: View, worth: float) -> int:
        pool = view["seats"][view["seat"]]["pool"]
        if worth < 1.5:
            return 0
        limit = 2 + int(worth >= 2.5) + int(worth >= 3.5)
        return min(limit, max(0, pool - 1))

    def _pick_spell_bid(self, view: View, bids: list[Action]) -> Action:
        sa = view["spell_auction"]
        last = sa["pos"] == len(sa["order"]) - 1
        if last:
            return bids[0]                          # bidding last: one more than the high bid is enough
        return bids[min(1, len(bids) - 1)]          # otherwise shade one above the minimum

    def _jewel_bid(self, view: View, actions: list[Action]) -> Choice:
        ja = view["jewel_auction"]
        area, me = ja["area"], view["seat"]
        spells, hand = _own_spells(view), _hand(view)
        amulet = view["seats"][me]["amulet"]
        gain = jewel_gain(amulet, view["board"][area]) + (1.0 if TWIN_JEWEL in spells else 0.0)
        leader = ja["leader"]
        reader = self.reader(view)
        if leader is not None and reader.p_can_pay(leader, ja["high"], area) <= BLUFF_CALL:
            return Choice(Action("pass"), Msg("amulett.bot.jewel_pass"))
        near_win = len(amulet) >= WIN_JEWELS - 1 or len(set(amulet)) >= WIN_COLOURS - 1
        budget = max_payable(hand, spells, area)
        cap = budget if near_win else min(budget, int(2 + 3 * gain))
        bids = [a for a in actions if a.verb == "bid" and a.number <= cap]
        if not bids or gain == 0:
            return Choice(Action("pass"), Msg("amulett.bot.jewel_pass"))
        # Jump straight to what the strongest rival probably cannot pay, if that is affordable.
        rivals = [q for q in range(view["players"]) if q != me and q not in ja["excluded"]]
        for a in bids:
            chance = max((reader.p_can_pay(q, a.number + 1, area) for q in rivals), default=Fraction(0))
            if chance <= Fraction(1, 4):
                return Choice(a, Msg("amulett.bot.jewel_bid_odds", amount=a.number,
                                     chance=f"{float(chance):.0%}"))
        return Choice(bids[0], Msg("amulett.bot.jewel_bid", amount=bids[0].number))

    def _move(self, view: View, actions: list[Action]) -> Choice:
        me = view["seat"]
        spells, hand = _own_spells(view), _hand(view)
        amulet = view["seats"][me]["amulet"]
        reader = self.reader(view)
        rivals = [q for q in range(view["players"]) if q != me]

        def score(a: Action) -> float:
            area = a.args[0]
            mine = max_payable(hand, spells, area)
            theirs = 0.0
            for q in rivals:
                q_spells = [c["num"] for c in view["seats"][q]["spells"]]
                allowed = [METAL_INDEX[m] for m in allowed_metals(area, q_spells)]
                expect = reader.mean(q)
                theirs = max(theirs, float(sum(expect[i] for i in allowed)))
            return mine - theirs + 3 * jewel_gain(amulet, view["board"][area])
        best = max(actions, key=score)
        return Choice(best, Msg("amulett.bot.move", area=best.args[0]))

    def _metal(self, view: View, actions: list[Action]) -> Choice:
        demand = metal_demand(view)
        spells = _own_spells(view)
        for num in spells:                          # charms and keys make their terrain's metal worth more
            if num in CHARM_TERRAIN or num in (PYRAMID_KEY, WALL_WATCHER, BARGAIN):
                for i in range(len(METALS)):
                    demand[i] += 0.2
        hand = _hand(view)
        best = max(actions, key=lambda a: (demand[METAL_INDEX[a.args[0]]] + 0.5) / (1 + hand[METAL_INDEX[a.args[0]]]))
        return Choice(best, Msg("amulett.bot.metal", metal=Msg(f"amulett.metal.{best.args[0]}")))


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}


def make_bot(name: str, seed: int | None = None) -> Any:
    """A new bot by name (``random``, ``greedy`` or ``planner``)."""
    if name not in BOTS:
        raise InvalidOption("error.bad_option", name="bot", value=name, allowed=", ".join(BOTS))
    return BOTS[name](seed)


__all__ = ["BOTS", "GreedyBot", "PlannerBot", "RandomBot", "make_bot", "spell_worth"]
