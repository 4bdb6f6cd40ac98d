"""The Das Amulett engine: set-up, the four phases of a round, and every spell power.

The flow is a queue of small *steps* (``self.todo``, JSON lists such as ``["produce", 2]``).
:meth:`AmulettGame._advance` runs steps until one needs a player's decision; that step becomes
``self.pending`` (``{"kind": ..., "seat": ...}``) and the game waits for an action. A step whose
only choice follows from public facts is taken automatically; a decision whose options depend on
a hidden hand (paying, Tribute, Transmutation) is always asked, so *who decides* never reveals a
card. Chance (jewel placement, the deck, round markers, Thief's card) comes from the seeded RNG.

``deal`` fixes chance for scenarios and lessons (every field optional)::

    first    the seat that starts with Hat #1
    jewels   {area: [colours]}: these areas hold exactly these jewels; the others are filled at
             random from what is left (areas are filled in order; leftovers stay in the bag)
    deck     spell numbers on top of the deck, in drawing order (the rest shuffled below)
    markers  round-marker values used, in order, before the RNG draws
    start    skip the set-up choices: {"spells": per seat [[num, stones], ...],
             "metals": per seat [G, S, C, I], "amulets": per seat [colours], "hat2": area}
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from ..core.game import GameBase, Outcome
from ..core.i18n import Msg
from . import messages as _messages  # noqa: F401  (registers the catalogue)
from .deal import check_deal
from .actions import DONE, KEEP, LAST, PASS, Action, act, allot_action, bids, parse, pay_action
from .rules import (ADJACENT, AREA, AREA_IDS, AUCTIONEER, BARGAIN, BASIC_START_STONES, CHARM_TERRAIN,
                    CHOOSE_FROM, CITY_JEWELS, AREA_JEWELS, COLOURS, DISTANCE, ECHO, EVERLASTING, FATE_MARKER,
                    FATE_STEP, HOARD, JEWEL_BID_FLOOR, JEWEL_LENS, JEWELS, MANA_WELL, MARKER_RANGE, MAX_PLAYERS,
                    METAL_CARDS_EACH, METAL_INDEX, METALS, MIN_PLAYERS, MULLIGAN_MAX, OPTIONS, PATHFINDER,
                    PATHFINDER_STEPS, PYRAMID_CITY, PYRAMID_KEY, RECHARGE, RECHARGE_MAX, ROUND_MARKERS,
                    SECOND_WIND, SPELL, SPELL_NUMS, START_HAND, START_SPELLS, STONES, THIEF, TRANSMUTATION,
                    TRANSMUTE_MAX, TRIBUTE, TRIBUTE_MIN_CARDS, TWIN_JEWEL, WALL_WATCHER, WILD, WIN_COLOURS,
                    WIN_JEWELS)

#: Second Wind in the area under auction: not used, used in the current auction, used in an earlier one.
WIND_UNUSED, WIND_REENTERED, WIND_SPENT = 0, 1, 2
#: ``deck_seen`` marks: a card everybody has seen face up, or nobody; otherwise the one seat that knows it.
PUBLIC, NOBODY = -1, None


def payment_cost(bid: int, area: str, spells: list[int]) -> int:
    """Cards owed for ``bid`` in ``area`` by the owner of ``spells`` (Pyramid Key, Bargain, Wall Watcher)."""
    cost = bid
    a = AREA[area]
    if PYRAMID_KEY in spells and a.pyramid:
        cost = -(-cost // 2)
    if BARGAIN in spells:
        cost = max(1, cost - 1)
    if WALL_WATCHER in spells and a.wall:
        cost = max(1, cost - 1)
    return cost


def max_payable_bid(cards: int, area: str, spells: list[int]) -> int:
    """The highest bid ``cards`` metal cards could pay in ``area`` if all were of an allowed metal
    (0 without cards). It reads only public facts: a card count, spells and the area."""
    if cards <= 0:
        return 0
    a = AREA[area]
    # payment_cost backwards: each "1 card less (at least 1)" lets one more card's worth through,
    # and Pyramid Key's halving doubles what the cards cover.
    cover = cards + (BARGAIN in spells) + (WALL_WATCHER in spells and a.wall)
    return 2 * cover if PYRAMID_KEY in spells and a.pyramid else cover


def allowed_metals(area: str, spells: list[int]) -> tuple[str, ...]:
    """The metals that pay in ``area`` for the owner of ``spells`` (RULE 15; charms; Wall Watcher)."""
    a = AREA[area]
    if a.city or (WALL_WATCHER in spells and a.wall) or any(
            CHARM_TERRAIN[c] == a.terrain for c in CHARM_TERRAIN if c in spells):
        return METALS
    return (a.metal,)  # type: ignore[return-value]


class AmulettGame(GameBase):
    """One game of Das Amulett for 3-6 players (see the module docstring for flow and ``deal``)."""

    game_name = "amulett"
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    OPTIONS = OPTIONS

    # ================================================================ set-up
    def _setup(self, deal: dict[str, Any] | None) -> None:
        deal = check_deal(deal, self.players)
        n = self.players
        start = deal["start"]
        first = deal["first"]
        if first is None:
            first = self.rng.below(n)
        self.first = self.hat1 = first
        self.phase, self.round = "setup", 0
        self.todo: list[list[Any]] = []
        self.pending: dict[str, Any] | None = None
        self._legal: list[Action] | None = None
        self._legal_id_set: frozenset[int] = frozenset()
        self._ceiling: tuple[dict[str, Any], tuple[int, ...], int] | None = None   # see _bid_ceiling
        self._legal_map: dict[Action, Action] = {}
        self._interned = {Action: self._legal_map}
        self.winners: list[int] = []
        self.end_reason = ""
        self.ledger: list[tuple[Any, ...]] = []          # public metal bookkeeping, in order
        self.ledger_secret: dict[int, dict[int, tuple[Any, ...]]] = {}   # entry index -> seat -> its view
        self.marker: int | None = None
        self.areas_done = 0
        self.sa: dict[str, Any] | None = None            # the spell auction under way
        self.ja: dict[str, Any] | None = None            # the jewel auction under way
        self.auctioneer_used = [False] * n
        self.mana_used = [False] * n
        self.exempt: list[int | None] = [None] * n
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.allotted: list[dict[str, int] | None] = [None] * n
        self.marker_bag = list(ROUND_MARKERS)
        self.marker_queue = list(deal["markers"])
        self._setup_players(start)
        self._setup_jewels(deal["jewels"])
        self._setup_deck(deal["deck"])
        self._emit("setup", None, first=first, board=self._board_json())
        if start.get("spells") is not None:
            self.todo = [["round"]]
        else:
            self._deal_spells()
        self._advance()

    def _setup_players(self, start: dict[str, Any]) -> None:
        """Hands, stones, spells, amulets and Hat #2 from the checked ``start`` (rule 1 by default)."""
        n = self.players
        self.hands = [list(h) for h in start.get("metals", [START_HAND] * n)]
        self.supply = [METAL_CARDS_EACH - sum(h[i] for h in self.hands) for i in range(len(METALS))]
        self.pool = [STONES] * n
        self.spells: list[list[list[int]]] = [[] for _ in range(n)]
        for s, cards in enumerate(start.get("spells") or []):
            self.spells[s] = [[num, stones] for num, stones in cards]
            self.pool[s] = STONES - sum(stones for _, stones in cards)
        self.amulets = [list(a) for a in start.get("amulets", [[]] * n)]
        self.hat2 = start.get("hat2", PYRAMID_CITY)
        for s in range(n):                  # the rule's starting hand is public; a scenario's is not
            full = ("start", s, sum(self.hands[s]), tuple(self.hands[s]))
            self._ledger(full if "metals" not in start else full[:3], {s: full})

    def _setup_jewels(self, fixed: dict[str, list[str]]) -> None:
        """RULE 2: 3 random jewels per City, 2 per other area; ``fixed`` areas as given."""
        left = Counter(JEWELS) - Counter(c for a in self.amulets for c in a)
        bag = list((left - Counter(c for v in fixed.values() for c in v)).elements())
        self.rng.shuffle(bag)
        self.board: dict[str, list[str]] = {}
        for a in AREA_IDS:
            if a in fixed:
                self.board[a] = sorted(fixed[a])
            else:
                k = CITY_JEWELS if AREA[a].city else AREA_JEWELS
                self.board[a] = sorted(bag[:k])
                del bag[:k]
        self.bag = sorted(bag)           # jewels out of play (only when a scenario leaves some)

    def _setup_deck(self, top: list[int]) -> None:
        owned = {c[0] for cards in self.spells for c in cards}
        rest = [c for c in SPELL_NUMS if c not in owned and c not in top]
        self.rng.shuffle(rest)
        self.deck: list[int] = list(top) + rest
        self.deck_seen: list[int | None] = [NOBODY] * len(self.deck)

    def _deal_spells(self) -> None:
        """RULE 4: deal 2 (4 for choose2of4), mulligans clockwise, then the stone allocation."""
        k = CHOOSE_FROM if self.options["start_energy"] == "choose2of4" else START_SPELLS
        order = self.clockwise(self.first)
        for s in order:
            for _ in range(k):
                self.dealt[s].append(self._draw())
            self.dealt[s].sort()
            self._emit("dealt", s, count=k, secret={"spells": list(self.dealt[s])}, to=[s])
        self.todo = [["mulligan", s] for s in order]
        if self.options["start_energy"] != "2+2":
            self.todo += [["allot", s] for s in order]
        self.todo += [["reveal"], ["round"]]

    # ================================================================ helpers
    def clockwise(self, start: int) -> list[int]:
        n = self.players
        return [(start + i) % n for i in range(n)]

    def owns(self, seat: int, num: int) -> bool:
        for card in self.spells[seat]:
            if card[0] == num:
                return True
        return False

    def owned(self, seat: int) -> list[int]:
        return [c[0] for c in self.spells[seat]]

    def owner(self, num: int) -> int | None:
        for s in range(self.players):
            if self.owns(s, num):
                return s
        return None

    def _draw(self) -> int:
        self.deck_seen.pop(0)
        return self.deck.pop(0)

    def _to_bottom(self, card: int, seen: int | None) -> None:
        self.deck.append(card)
        self.deck_seen.append(seen)

    def _ledger(self, entry: tuple[Any, ...], private: dict[int, tuple[Any, ...]] | None = None) -> None:
        """Record a metal fact. Entries are tuples of plain values, so views hand them out as they are."""
        if private:
            self.ledger_secret[len(self.ledger)] = private
        self.ledger.append(entry)

    def _board_json(self) -> dict[str, list[str]]:
        return {a: list(v) for a, v in self.board.items()}

    def _gain(self, seat: int, metal: str) -> None:
        i = METAL_INDEX[metal]
        self.supply[i] -= 1
        self.hands[seat][i] += 1

    def _decide(self, kind: str, seat: int, **data: Any) -> None:
        self.pending = {"kind": kind, "seat": seat, **data}

    # ================================================================ the protocol
    @property
    def current_player(self) -> int | None:
        return None if self.pending is None else self.pending["seat"]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        """A seat's score is the number of jewels on its amulet."""
        return tuple(len(a) for a in self.amulets)

    @property
    def round_no(self) -> int:
        return self.round

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(tuple(self.winners), self.scores, f"amulett.outcome.{self.end_reason}")

    def view(self, seat: int, log: bool = True) -> dict[str, Any]:
        from .views import build_view
        return build_view(self, self._check_seat(seat), log)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._list_legal()
        return list(self._legal)  # type: ignore[arg-type]

    def _list_legal(self) -> None:
        """List the legal actions of the position reached, once: ``legal_actions`` and ``apply``
        reuse the list until the next action (or until a re-deal sets ``_legal`` to None)."""
        p = self.pending
        self._legal = [] if p is None else getattr(self, "_legal_" + p["kind"])(p)
        self._legal_id_set = frozenset(map(id, self._legal))
        # The text-free map for hand-made actions is filled only when one comes (_listed); it is
        # cleared in place, so a view never frees (and recycles) engine containers.
        self._legal_map.clear()

    def _legal_ids(self) -> frozenset[int]:
        """The ids of the listed action objects. The current list keeps each of them alive, so an
        object with one of these ids is the listed one itself, and ``apply`` plays it unchecked."""
        if self._legal is None:
            self._list_legal()
        return self._legal_id_set

    def _listed(self) -> dict[Action, Action]:
        """The listed actions by value (for an action that is not one of the listed objects)."""
        if self._legal is None:
            self._list_legal()
        if not self._legal_map and self._legal:
            self._legal_map.update(zip(self._legal, self._legal))
        return self._legal_map

    def _canonical(self, action: Any) -> Any:
        self._listed()                  # the base class finds equal listed actions through _interned
        return super()._canonical(action)

    def _parse(self, text: str) -> Action | None:
        return parse(text)

    def _why_illegal(self, action: Action) -> Msg | None:
        if self.pending is None:
            return Msg("amulett.why.over")
        if action in self._listed():
            return None
        legal = self._legal or []
        kind = self.pending["kind"]
        if not any(a.verb == action.verb for a in legal):
            return Msg("amulett.why.wrong_decision", decision=Msg(f"amulett.decision.{kind}"))
        if action.verb == "bid":
            bids = [a.number for a in legal if a.verb == "bid"]
            return Msg("amulett.why.bid_range", low=min(bids), high=max(bids))
        return Msg("amulett.why.not_an_option", decision=Msg(f"amulett.decision.{kind}"))

    def _do(self, action: Action) -> None:
        p = self.pending
        assert p is not None
        self.pending = None
        self._legal = None
        getattr(self, "_act_" + p["kind"])(p, action)
        self._advance()

    def _advance(self) -> None:
        self._legal = None
        while self.pending is None and self.phase != "over":
            step = self.todo.pop(0)
            getattr(self, "_step_" + step[0])(*step[1:])
        self._list_legal()          # now, so that asking for a view later never changes the engine

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "round": self.round, "first": self.first, "hat1": self.hat1, "hat2": self.hat2,
            "hands": self.hands, "supply": self.supply, "pool": self.pool, "spells": self.spells,
            "dealt": self.dealt, "allotted": self.allotted, "deck": self.deck, "deck_seen": self.deck_seen,
            "board": self.board, "bag": self.bag, "amulets": self.amulets, "marker": self.marker,
            "marker_bag": self.marker_bag, "marker_queue": self.marker_queue, "areas_done": self.areas_done,
            "sa": self.sa, "ja": self.ja, "auctioneer_used": self.auctioneer_used, "mana_used": self.mana_used,
            "exempt": self.exempt, "todo": self.todo, "pending": self.pending, "winners": self.winners,
            "end_reason": self.end_reason, "ledger_size": len(self.ledger),
        }

    # ================================================================ set-up decisions
    def _step_mulligan(self, seat: int) -> None:
        self._decide("mulligan", seat)

    def _legal_mulligan(self, p: dict[str, Any]) -> list[Action]:
        cards = self.dealt[p["seat"]]
        out = [KEEP]
        for k in range(1, MULLIGAN_MAX + 1):
            out += [Action("mulligan", tuple(str(c) for c in combo)) for combo in combinations(cards, k)]
        return out

    def _act_mulligan(self, p: dict[str, Any], action: Action) -> None:
        seat = p["seat"]
        if action.verb == "keep":
            self._emit("mulligan", seat, count=0)
            return
        gone = [int(a) for a in action.args]
        for c in gone:
            self.dealt[seat].remove(c)
            self._to_bottom(c, seat)
        new = [self._draw() for _ in gone]
        self.dealt[seat] = sorted(self.dealt[seat] + new)
        self._emit("mulligan", seat, count=len(gone), secret={"discarded": gone, "drawn": new}, to=[seat])

    def _step_allot(self, seat: int) -> None:
        self._decide("allot", seat)

    def _legal_allot(self, p: dict[str, Any]) -> list[Action]:
        out = []
        for a, b in combinations(self.dealt[p["seat"]], 2):
            for x in range(1, STONES):
                for y in range(1, STONES - x + 1):
                    out.append(allot_action({a: x, b: y}))
        return out

    def _act_allot(self, p: dict[str, Any], action: Action) -> None:
        seat = p["seat"]
        self.allotted[seat] = {k: int(v) for k, v in (a.split(":") for a in action.args)}
        self._emit("allot", seat, secret={"allotment": dict(self.allotted[seat])}, to=[seat])

    def _step_reveal(self) -> None:
        """RULE 5: stones go onto the starting spells (2+2, or the secret allocations) and all are shown."""
        for s in self.clockwise(self.first):
            allot = self.allotted[s] or {str(c): BASIC_START_STONES for c in self.dealt[s]}
            for c in self.dealt[s]:
                if str(c) in allot:
                    self.spells[s].append([c, allot[str(c)]])
                else:                                  # choose2of4: the two not chosen go under the deck
                    self._to_bottom(c, s)
            self.pool[s] = STONES - sum(k for _, k in self.spells[s])
            self.dealt[s] = []
        self.allotted = [None] * self.players
        self._emit("reveal", None, spells=[[list(c) for c in cards] for cards in self.spells])

    # ================================================================ rounds
    def _step_round(self) -> None:
        if self.round >= self.options["max_rounds"]:
            self._end_by_limit()
            return
        self.round += 1
        self.phase = "spell"
        self.auctioneer_used = [False] * self.players
        self.mana_used = [False] * self.players
        self._emit("round", None, round=self.round)
        self.todo[0:0] = [["auction"]] * self.players + [["metal_phase"], ["jewel_phase"], ["energy_phase"],
                                                         ["round"]]

    def _end_by_limit(self) -> None:
        best = max((len(a), len(set(a))) for a in self.amulets)
        self._finish([s for s, a in enumerate(self.amulets) if (len(a), len(set(a))) == best], "round_limit")

    def _finish(self, winners: list[int], reason: str) -> None:
        self.phase, self.winners, self.end_reason = "over", winners, reason
        self.todo, self.pending, self.sa, self.ja = [], None, None, None
        self._emit("game_over", None, winners=list(winners), reason=reason)

    # ---------------------------------------------------------------- Spell phase (rules 7-11)
    def _step_auction(self) -> None:
        if not self.deck:                                   # A9: skip the remaining auctions
            self.todo = [s for s in self.todo if s[0] != "auction"]
            self._emit("deck_empty", None)
            return
        card = self._draw()
        self.sa = {"card": card, "order": self.clockwise(self.hat1), "pos": 0, "high": 0, "leader": None}
        self._emit("spell_up", self.hat1, card=card)
        self.todo.insert(0, ["spell_bid"])

    def _spell_bids(self, seat: int) -> list[Action]:
        assert self.sa is not None
        return bids(self.sa["high"] + 1, self.pool[seat])

    def _step_spell_bid(self) -> None:
        sa = self.sa
        assert sa is not None
        if sa["pos"] == len(sa["order"]):
            self._resolve_spell()
            return
        seat = sa["order"][sa["pos"]]
        if self.pool[seat] > sa["high"] or self._can_defer(seat):
            self._decide("spell_bid", seat)
        else:                                               # nothing to bid with: a public, forced pass
            self._emit("pass", seat, auto=True)
            sa["pos"] += 1
            self.todo.insert(0, ["spell_bid"])

    def _can_defer(self, seat: int) -> bool:
        sa = self.sa
        return (self.owns(seat, AUCTIONEER) and not self.auctioneer_used[seat] and self.pool[seat] > 0
                and sa is not None and sa["pos"] < len(sa["order"]) - 1)

    def _legal_spell_bid(self, p: dict[str, Any]) -> list[Action]:
        seat = p["seat"]
        return [PASS] + self._spell_bids(seat) + ([LAST] if self._can_defer(seat) else [])

    def _act_spell_bid(self, p: dict[str, Any], action: Action) -> None:
        sa, seat = self.sa, p["seat"]
        assert sa is not None
        if action.verb == "last":                          # Auctioneer: move to the end of the order
            self.auctioneer_used[seat] = True
            sa["order"].pop(sa["pos"])
            sa["order"].append(seat)
            self._emit("defer", seat)
        else:
            if action.verb == "bid":
                sa["high"], sa["leader"] = action.number, seat
                self._emit("bid", seat, amount=action.number)
            else:
                self._emit("pass", seat)
            sa["pos"] += 1
        self.todo.insert(0, ["spell_bid"])

    def _resolve_spell(self) -> None:
        sa = self.sa
        assert sa is not None
        self.sa = None
        card, winner, bid = sa["card"], sa["leader"], sa["high"]
        if winner is None:                                  # rule 10
            self._to_bottom(card, PUBLIC)
            self._emit("spell_unsold", None, card=card)
            return
        stones = bid
        if self.owns(winner, MANA_WELL) and not self.mana_used[winner]:
            self.mana_used[winner] = True
            stones = max(1, bid - 1)
        self.pool[winner] -= stones
        self.spells[winner].append([card, stones])
        self.hat1 = winner
        self._emit("spell_won", winner, card=card, bid=bid, stones=stones)

    # ---------------------------------------------------------------- Metal phase (rule 12)
    def _step_metal_phase(self) -> None:
        self.phase = "metal"
        self._emit("phase", None, phase="metal")
        self.todo[0:0] = [["produce", s] for s in self.clockwise(self.hat1)]

    def _step_produce(self, seat: int) -> None:
        steps = [["symbol", seat, sym, num] for num, _ in self.spells[seat] for sym in SPELL[num].produces]
        if self.owns(seat, ECHO) and len(self.spells[seat]) > 1:
            steps.append(["echo", seat])
        if self.owns(seat, TRANSMUTATION):
            steps.append(["transmute", seat, TRANSMUTE_MAX])
        if self.owns(seat, TRIBUTE):
            steps.append(["tribute", seat])
        self.todo[0:0] = steps

    def _step_symbol(self, seat: int, symbol: str, num: int) -> None:
        if symbol != WILD and self.supply[METAL_INDEX[symbol]] > 0:
            self._gain(seat, symbol)
            self._ledger(("gain", seat, symbol))
            self._emit("produce", seat, metal=symbol, spell=num)
            return
        options = [m for m in METALS if self.supply[METAL_INDEX[m]] > 0]
        if not options:                                     # A8: every stack is empty
            self._ledger(("wild", seat, ()))
            self._emit("no_metal", seat, spell=num)
        elif len(options) == 1:                             # a forced substitute: it shows the empty stacks
            self._gain(seat, options[0])
            self._ledger(("wild", seat, tuple(options)))
            self._emit("produce", seat, metal=options[0], spell=num)
        else:
            self._decide("metal", seat, options=options, wild=symbol == WILD, spell=num)

    def _legal_metal(self, p: dict[str, Any]) -> list[Action]:
        return [act("metal", (m,)) for m in p["options"]]

    def _act_metal(self, p: dict[str, Any], action: Action) -> None:
        seat, metal = p["seat"], action.args[0]
        self._gain(seat, metal)
        self._ledger(("wild", seat, tuple(p["options"])), {seat: ("wild", seat, tuple(p["options"]), metal)})
        self._emit("wild", seat, spell=p["spell"], secret={"metal": metal}, to=[seat])

    def _step_echo(self, seat: int) -> None:
        options = [c for c in self.owned(seat) if c != ECHO]
        if len(options) == 1:
            self._echo(seat, options[0])
        else:
            self._decide("echo", seat, options=options)

    def _legal_echo(self, p: dict[str, Any]) -> list[Action]:
        return [act("echo", (str(c),)) for c in p["options"]]

    def _act_echo(self, p: dict[str, Any], action: Action) -> None:
        self._echo(p["seat"], action.number)

    def _echo(self, seat: int, num: int) -> None:
        self._emit("echo", seat, spell=num)
        self.todo[0:0] = [["symbol", seat, sym, num] for sym in SPELL[num].produces]

    def _step_transmute(self, seat: int, left: int) -> None:
        self._decide("transmute", seat, left=left)

    def _legal_transmute(self, p: dict[str, Any]) -> list[Action]:
        hand = self.hands[p["seat"]]
        return [DONE] + [act("exchange", (g, t)) for g in METALS if hand[METAL_INDEX[g]] > 0
                         for t in METALS if t != g and self.supply[METAL_INDEX[t]] > 0]

    def _act_transmute(self, p: dict[str, Any], action: Action) -> None:
        seat = p["seat"]
        if action.verb == "done":
            self._emit("transmute_done", seat)
            return
        give, get = action.args
        self.hands[seat][METAL_INDEX[give]] -= 1
        self.supply[METAL_INDEX[give]] += 1
        self._gain(seat, get)
        self._ledger(("exchange", seat, give, get))
        self._emit("exchange", seat, give=give, get=get)
        if p["left"] > 1:
            self.todo.insert(0, ["transmute", seat, p["left"] - 1])

    def _step_tribute(self, seat: int) -> None:
        self.todo[0:0] = [["give", g, seat] for g in self.clockwise(seat)[1:]]

    def _step_give(self, giver: int, to: int) -> None:
        if sum(self.hands[giver]) >= TRIBUTE_MIN_CARDS and not self.owns(giver, HOARD):
            self._decide("give", giver, to=to)

    def _legal_give(self, p: dict[str, Any]) -> list[Action]:
        return [act("give", (m,)) for m in METALS if self.hands[p["seat"]][METAL_INDEX[m]] > 0]

    def _act_give(self, p: dict[str, Any], action: Action) -> None:
        self._transfer(p["seat"], p["to"], action.args[0], "tribute")

    def _transfer(self, giver: int, to: int, metal: str, how: str) -> None:
        i = METAL_INDEX[metal]
        self.hands[giver][i] -= 1
        self.hands[to][i] += 1
        entry = ("transfer", giver, to, None, how)
        known = ("transfer", giver, to, metal, how)
        self._ledger(entry, {giver: known, to: known})
        self._emit(how, giver, to=[giver, to], target=to, secret={"metal": metal})

    # ---------------------------------------------------------------- Jewel phase (rules 13-20)
    def _step_jewel_phase(self) -> None:
        self.phase = "jewel"
        self._emit("phase", None, phase="jewel")
        steps: list[list[Any]] = [["marker"], ["area"]]
        if self.options["jewel_round_start"] == "hat1_moves" and self.round > 1:
            steps.insert(0, ["move", self.hat1])
        self.todo[0:0] = steps

    def _step_marker(self) -> None:
        """Rule 13 / A6: Hat #1 draws a marker (with replacement, or from a bag refilled when empty)."""
        bagged = self.options["round_marker_draw"] == "without_replacement"
        if bagged and not self.marker_bag:
            self.marker_bag = list(ROUND_MARKERS)
        if self.marker_queue:
            value = self.marker_queue.pop(0)
            if bagged and value in self.marker_bag:
                self.marker_bag.remove(value)
        elif bagged:
            value = self.marker_bag.pop(self.rng.below(len(self.marker_bag)))
        else:
            value = self.rng.pick(ROUND_MARKERS)
        self.marker, self.areas_done = value, 0
        self._emit("marker", self.hat1, value=value)
        owner = self.owner(FATE_MARKER)
        if owner is not None:
            self._decide("fate", owner)

    def _legal_fate(self, p: dict[str, Any]) -> list[Action]:
        low, high = MARKER_RANGE
        assert self.marker is not None
        return [act("fate", (t,)) for t, d in (("-1", -FATE_STEP), ("0", 0), ("+1", FATE_STEP))
                if low <= self.marker + d <= high]

    def _act_fate(self, p: dict[str, Any], action: Action) -> None:
        assert self.marker is not None
        self.marker += int(action.args[0])
        self._emit("fate", p["seat"], value=self.marker)

    def _step_area(self) -> None:
        assert self.marker is not None
        if self.areas_done >= self.marker:
            self._emit("jewel_phase_end", None, areas=self.areas_done)
            return
        if not self.board[self.hat2]:                       # only reachable when no jewels are left nearby
            self._emit("jewel_phase_end", None, areas=self.areas_done)
            return
        self.ja = {"area": self.hat2, "excluded": [], "high": 0, "leader": None, "passes": [0] * self.players,
                   "turn": self.hat1, "wind": WIND_UNUSED}
        self._emit("jewel_auction", None, area=self.hat2)
        self._open_jewel_auction()

    def _open_jewel_auction(self) -> None:
        ja = self.ja
        assert ja is not None
        if ja["wind"] == WIND_REENTERED:                   # Second Wind: once per area, re-auctions included
            ja["wind"] = WIND_SPENT
        ja["high"], ja["leader"], ja["passes"] = 0, None, [0] * self.players
        ja["turn"] = self.hat1
        self.todo.insert(0, ["jewel_bid"])

    def _pass_limit(self, seat: int) -> int:
        """Passes that end ``seat``'s bidding in this auction: 2 with an unused Second Wind."""
        assert self.ja is not None
        return 2 if self.owns(seat, SECOND_WIND) and self.ja["wind"] != WIND_SPENT else 1

    def _bid_ceiling(self) -> int:
        """The highest jewel bid anyone may make now (A4 and :data:`~.rules.JEWEL_BID_FLOOR`): the
        same for every seat and read from public card counts, so who is asked reveals no card."""
        ja = self.ja
        assert ja is not None
        # It depends on the area, the card counts and the spells; spells change in no jewel auction,
        # so it is kept per auction and card counts (every bid step and listing asks for it).
        counts = tuple(map(sum, self.hands))
        kept = self._ceiling
        if kept is not None and kept[0] is ja and kept[1] == counts:
            return kept[2]
        area = ja["area"]
        ceiling = max(JEWEL_BID_FLOOR, max(max_payable_bid(cards, area, self.owned(s)) for s, cards in enumerate(counts)))
        self._ceiling = (ja, counts, ceiling)
        return ceiling

    def _step_jewel_bid(self) -> None:
        ja = self.ja
        assert ja is not None
        n = self.players
        passes, excluded, leader = ja["passes"], ja["excluded"], ja["leader"]
        # A seat that has not passed is live whatever its pass limit (1, or 2 with Second Wind).
        live = [s for s in range(n) if s != leader and s not in excluded
                and (not passes[s] or passes[s] < self._pass_limit(s))]
        if not live:
            if ja["leader"] is None:                        # rule 16: nobody bid, the phase ends
                self._emit("no_bids", None, area=ja["area"])
                self.ja = None
                self._emit("jewel_phase_end", None, areas=self.areas_done)
            else:
                self._resolve_jewel()
            return
        seat = ja["turn"]
        while seat not in live:
            seat = (seat + 1) % n
        ja["turn"] = seat
        if self._bid_ceiling() <= ja["high"]:               # no bid is possible: a public, forced pass
            ja["passes"][seat] = self._pass_limit(seat)
            ja["turn"] = (seat + 1) % n
            self._emit("pass", seat, auto=True)
            self.todo.insert(0, ["jewel_bid"])
        else:
            if passes[seat]:                                # only Second Wind brings a passed seat back
                ja["wind"] = WIND_REENTERED
            self._decide("jewel_bid", seat, area=ja["area"])

    def _legal_jewel_bid(self, p: dict[str, Any]) -> list[Action]:
        ja = self.ja
        assert ja is not None
        return [PASS] + bids(ja["high"] + 1, self._bid_ceiling())

    def _act_jewel_bid(self, p: dict[str, Any], action: Action) -> None:
        ja, seat = self.ja, p["seat"]
        assert ja is not None
        if action.verb == "bid":
            ja["high"], ja["leader"] = action.number, seat
            self._emit("bid", seat, amount=action.number, area=ja["area"])
        else:
            ja["passes"][seat] += 1
            self._emit("pass", seat, area=ja["area"])
        ja["turn"] = (seat + 1) % self.players
        self.todo.insert(0, ["jewel_bid"])

    def _resolve_jewel(self) -> None:
        ja = self.ja
        assert ja is not None
        winner, area = ja["leader"], ja["area"]
        spells = self.owned(winner)
        cost, allowed = payment_cost(ja["high"], area, spells), allowed_metals(area, spells)
        hand = self.hands[winner]
        if sum(hand[METAL_INDEX[m]] for m in allowed) < cost:   # rule 18: default
            lost = list(hand)
            for i in range(len(METALS)):
                self.supply[i] += hand[i]
                hand[i] = 0
            self._ledger(("discard_all", winner, tuple(lost)))
            self._emit("default", winner, bid=ja["high"], area=area, discarded=lost)
            if not self.options["defaulter_rebids"] or not sum(lost):
                ja["excluded"].append(winner)
            self._open_jewel_auction()
            return
        if len(allowed) == 1:
            self._pay(winner, {allowed[0]: cost})
        else:
            self._decide("pay", winner, cost=cost, allowed=list(allowed), bid=ja["high"])

    def _legal_pay(self, p: dict[str, Any]) -> list[Action]:
        hand = self.hands[p["seat"]]
        caps = [hand[METAL_INDEX[m]] if m in p["allowed"] else 0 for m in METALS]
        out = []

        def walk(i: int, left: int, chosen: list[int]) -> None:
            if i == len(METALS) - 1:
                if left <= caps[i]:
                    out.append(pay_action(tuple(chosen + [left])))
                return
            for k in range(min(left, caps[i]) + 1):
                walk(i + 1, left - k, chosen + [k])

        walk(0, p["cost"], [])
        return sorted(out)

    def _act_pay(self, p: dict[str, Any], action: Action) -> None:
        self._pay(p["seat"], {m: int(k) for m, k in (a.split(":") for a in action.args)})

    def _pay(self, seat: int, paid: dict[str, int]) -> None:
        for m, k in paid.items():
            self.hands[seat][METAL_INDEX[m]] -= k
            self.supply[METAL_INDEX[m]] += k
        comp = [paid.get(m, 0) for m in METALS]
        self._ledger(("pay", seat, tuple(comp)))
        assert self.ja is not None
        self._emit("paid", seat, paid=comp, area=self.ja["area"])
        steps: list[list[Any]] = [["take", seat, 1]]
        if self.owns(seat, TWIN_JEWEL):
            steps.append(["take", seat, 2])
        steps.append(["after_jewel", seat])
        self.todo[0:0] = steps

    def _take_options(self, seat: int, which: int) -> list[Action]:
        assert self.ja is not None
        area = self.ja["area"]
        out = [act("jewel", (c,)) for c in sorted(set(self.board[area]))]
        if which == 1 and self.owns(seat, JEWEL_LENS):
            out += [act("jewel", (c, a)) for a in ADJACENT[area] for c in sorted(set(self.board[a]))]
        return out

    def _step_take(self, seat: int, which: int) -> None:
        options = self._take_options(seat, which)
        if len(options) == 1:
            self._take(seat, options[0])
        elif options:
            self._decide("take", seat, which=which)

    def _legal_take(self, p: dict[str, Any]) -> list[Action]:
        return self._take_options(p["seat"], p["which"])

    def _act_take(self, p: dict[str, Any], action: Action) -> None:
        self._take(p["seat"], action)

    def _take(self, seat: int, action: Action) -> None:
        assert self.ja is not None
        colour = action.args[0]
        area = action.args[1] if len(action.args) > 1 else self.ja["area"]
        self.board[area].remove(colour)
        self.amulets[seat].append(colour)
        self._emit("jewel", seat, colour=colour, area=area)
        amulet = self.amulets[seat]
        if len(set(amulet)) >= WIN_COLOURS:                 # rule 23: an immediate win
            self._finish([seat], "colours")
        elif len(amulet) >= WIN_JEWELS:
            self._finish([seat], "jewels")

    def _step_after_jewel(self, seat: int) -> None:
        """Rule 19: the winner takes Hat #1 and moves Hat #2; rule 20: count the area."""
        assert self.marker is not None
        self.hat1, self.ja = seat, None
        self.areas_done += 1
        self._emit("hat1", seat)
        steps: list[list[Any]] = [["area"]]
        if not (self.options["jewel_round_start"] == "hat1_moves" and self.areas_done >= self.marker):
            steps.insert(0, ["move", seat])
        self.todo[0:0] = steps

    def move_targets(self, seat: int) -> list[str]:
        """Where ``seat`` may move Hat #2 (rule 19, Pathfinder), in area order."""
        here = self.hat2
        full = [a for a in AREA_IDS if a != here and self.board[a]]
        near = [a for a in full if DISTANCE[here][a] == 1] or full
        if self.owns(seat, PATHFINDER):
            near = sorted(set(near) | {a for a in full if DISTANCE[here][a] <= PATHFINDER_STEPS})
        return near

    def _step_move(self, seat: int) -> None:
        targets = self.move_targets(seat)
        if len(targets) == 1:
            self._move(seat, targets[0])
        elif targets:
            self._decide("move", seat, options=targets)
        else:
            self._emit("hat2_stays", seat, area=self.hat2)

    def _legal_move(self, p: dict[str, Any]) -> list[Action]:
        return [act("move", (a,)) for a in p["options"]]

    def _act_move(self, p: dict[str, Any], action: Action) -> None:
        self._move(p["seat"], action.args[0])

    def _move(self, seat: int, area: str) -> None:
        self._emit("hat2", seat, source=self.hat2, area=area)
        self.hat2 = area

    # ---------------------------------------------------------------- Energy phase (rule 21)
    def _step_energy_phase(self) -> None:
        self.phase = "energy"
        self.marker = None
        self._emit("phase", None, phase="energy")
        steps: list[list[Any]] = []
        for s in self.clockwise(self.hat1):
            if self.owns(s, THIEF):
                steps.append(["thief", s])
            if self.owns(s, EVERLASTING) and len(self.spells[s]) > 1:
                steps.append(["everlast", s])
            if self.owns(s, RECHARGE):
                steps.append(["recharge", s, RECHARGE_MAX])
            steps.append(["drain", s])
        self.todo[0:0] = steps

    def thief_targets(self, seat: int) -> list[int]:
        others = [s for s in range(self.players) if s != seat and not self.owns(s, HOARD) and sum(self.hands[s])]
        if not others:
            return []
        most = max(sum(self.hands[s]) for s in others)
        return [s for s in others if sum(self.hands[s]) == most]

    def _step_thief(self, seat: int) -> None:
        targets = self.thief_targets(seat)
        if len(targets) == 1:
            self._steal(seat, targets[0])
        elif targets:
            self._decide("steal", seat, options=targets)

    def _legal_steal(self, p: dict[str, Any]) -> list[Action]:
        return [act("steal", (str(t),)) for t in p["options"]]

    def _act_steal(self, p: dict[str, Any], action: Action) -> None:
        self._steal(p["seat"], action.number)

    def _steal(self, seat: int, victim: int) -> None:
        hand = self.hands[victim]
        k = self.rng.below(sum(hand))
        for i, m in enumerate(METALS):
            if k < hand[i]:
                break
            k -= hand[i]
        self._transfer(victim, seat, m, "thief")

    def _step_everlast(self, seat: int) -> None:
        options = [c for c in self.owned(seat) if c != EVERLASTING]
        if len(options) == 1:
            self._everlast(seat, options[0])
        else:
            self._decide("everlast", seat, options=options)

    def _legal_everlast(self, p: dict[str, Any]) -> list[Action]:
        return [act("everlast", (str(c),)) for c in p["options"]]

    def _act_everlast(self, p: dict[str, Any], action: Action) -> None:
        self._everlast(p["seat"], action.number)

    def _everlast(self, seat: int, num: int) -> None:
        self.exempt[seat] = num
        self._emit("everlast", seat, spell=num)

    def _step_recharge(self, seat: int, left: int) -> None:
        if self.pool[seat] > 0 and self.spells[seat]:
            self._decide("recharge", seat, left=left)

    def _legal_recharge(self, p: dict[str, Any]) -> list[Action]:
        return [DONE] + [act("recharge", (str(c),)) for c in self.owned(p["seat"])]

    def _act_recharge(self, p: dict[str, Any], action: Action) -> None:
        seat = p["seat"]
        if action.verb == "done":
            return
        for card in self.spells[seat]:
            if card[0] == action.number:
                card[1] += 1
        self.pool[seat] -= 1
        self._emit("recharge", seat, spell=action.number)
        if p["left"] > 1:
            self.todo.insert(0, ["recharge", seat, p["left"] - 1])

    def _step_drain(self, seat: int) -> None:
        """Rule 21 / A12: 1 stone off each spell (2 off cost-2 spells); empty spells go under the deck."""
        kept = []
        for card in self.spells[seat]:
            num, stones = card
            if num == self.exempt[seat]:
                kept.append(card)
                continue
            removed = min(SPELL[num].cost, stones)
            card[1] -= removed
            self.pool[seat] += removed
            if card[1]:
                kept.append(card)
            else:
                self._to_bottom(num, PUBLIC)
                self._emit("spell_spent", seat, card=num)
        self.spells[seat] = kept
        self.exempt[seat] = None
        self._emit("drain", seat, spells=[list(c) for c in kept], pool=self.pool[seat])
