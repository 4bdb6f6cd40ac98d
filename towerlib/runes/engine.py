"""The Spell Runes engine: set-up, rounds, turns, and the legal actions at every decision.

Flow (RULES.md 2.2): a draft of wizard boards, then rounds. Each round starts with an initiative
roll (the engine rolls; seats holding Quicksilver or a Lucky Charm get a window to play them),
then each wizard in order takes a turn: the engine rolls five dice, the wizard holds/re-rolls
(``hold ...``) or ``stop``\\s, casts one spell group at a time, may play loot, and ``end``\\s.

Chance is rolled by the engine inside ``_do`` from the seeded RNG; a scenario may fix dice with
``deal={"dice": [...]}``, a queue of die faces used, one face per die, before the RNG.

Decision windows (RULE 13, R18) never depend on a hidden card: who is asked to decide is the
same whatever the hands. A window is a pending decision of one seat that closes only with
``pass`` (or a reaction card that ends it); the seat may first play any number of any-time cards
(potions, Mana Crystal, Pickpocket, wielding an artifact). They open:

* before each initiative roll, for every standing wizard in seat order (round 1's is RULE 5's
  set-up window: artifacts are wielded before the first roll);
* after the initiative roll, for every standing wizard in seat order (Quicksilver, Lucky Charm);
* for the target of every Attack the counter die does not stop (Shield Scroll, Mirror Scroll,
  Lucky Charm, the Illusionist's re-roll) and of every loot damage card (Smoke Bomb);
* after each spell group the current wizard casts and each damage card or Familiar Treat they
  play, and at the end of each turn (the last turn of a round leaves it to the next round's
  pre-initiative window), for every other standing wizard in turn order from the left.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from ..core.errors import InvalidDeal
from ..core.game import GameBase, Outcome
from ..core.i18n import Msg
from ..core.options import Option
from . import messages as _messages  # noqa: F401  (registers the catalogue)
from .actions import Action, parse
from .data import (BOARD_OFFERS, DAMAGE_CARDS, FAMILIAR, HOUSE_MAX_HEALTH, INITIATIVE_BONUS,
                   LOOT_DECK, POTIONS, QUICKSILVER_BONUS, REVIVE_FACE, ROLLS_PER_TURN, SLOTS,
                   START_LOOT, TURN_DICE, WIZARD, WIZARDS, is_artifact, is_cursed)
from .dice import COMBINABLE, SPELLS, groups, sub_multisets, without
from .effects import Effects
from .views import build_view, trim_log_cache

#: Pending decisions that are choices (made automatically when only one option exists).
CHOICES = frozenset({"keep", "spirit", "target", "restore", "owl", "discard", "copy"})
#: Choices among hidden cards: asked even when only one option exists, since making them
#: automatically would show everyone that the cards offered were all the same.
HIDDEN_CHOICES = frozenset({"owl", "discard"})
#: Pending decisions that are windows (R18): a fallen wizard's windows close at once.
WINDOW_KINDS = frozenset({"window", "initiative", "counter", "smoke"})
#: The any-time windows (R18) by the point of play that opens them.
WINDOW_POINTS = ("before_initiative", "after_cast", "turn_end")
#: RESOLVED (R17): a cursed artifact that arrives as a card (handed over, stolen) stays a card;
#: False means it cannot be wielded from the hand by choice either (no one would, and offering
#: it would only lengthen every list of legal actions).
WIELD_CURSED_FROM_HAND = False


@lru_cache(maxsize=None)
def _holds(dice: tuple[int, ...]) -> tuple[Action, ...]:
    """RULE 9: keep any sub-multiset and re-roll the rest (keeping all five is ``stop``)."""
    return tuple(Action("hold", dice=h) for h in sub_multisets(dice) if len(h) < TURN_DICE)


def _int_at_least(low: int):
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(value)
        return value
    return check


OPTIONS = {
    "max_health": Option("max_health", HOUSE_MAX_HEALTH,
                         "HOUSE (RULES.md 2.4): health maximum; wizards start at it.",
                         check=_int_at_least(1), allowed_text="an integer >= 1"),
    "rolls_per_turn": Option("rolls_per_turn", ROLLS_PER_TURN,
                             "RULE 9: the first roll plus re-rolls (artifacts change it by one).",
                             check=_int_at_least(1), allowed_text="an integer >= 1"),
    "start_loot": Option("start_loot", START_LOOT, "RULE 5: loot cards drawn at set-up.",
                         check=_int_at_least(0), allowed_text="an integer >= 0"),
    "full_house_distinct_values": Option(
        "full_house_distinct_values", False,
        "R3 RESOLVED: False lets five of a kind serve as three of a kind + a pair.", allowed=(False, True)),
    "familiar_uses_slot": Option("familiar_uses_slot", True,
                                 "R1 RESOLVED: Summon Familiar spends the Familiar slot.", allowed=(True, False)),
}

_DEAL_KEYS = ("wizards", "offers", "loot", "familiars", "hands", "artifacts", "summoned", "health",
              "spent", "quantum", "dice")


def _deal_names(value: Any, field: str) -> list[str]:
    """``value`` if it is a list of names (card, familiar or board ids), else InvalidDeal naming ``field``."""
    if not isinstance(value, list) or not all(type(v) is str for v in value):
        raise InvalidDeal("runes.deal.bad", field=field, value=value)
    return value


class RunesGame(Effects, GameBase):
    """One game of Spell Runes for 2-6 wizards (see the module docstring for the flow).

    ``deal`` (all fields optional) fixes parts of the set-up for scenarios and lessons:
    ``wizards`` (one board id per seat; skips the draft) or ``offers`` (two ids per seat);
    ``hands`` (per seat a list of loot ids, or null to draw as usual); ``artifacts`` and
    ``summoned`` (per seat an id or null); ``loot`` and ``familiars`` (ids placed on top of
    their deck in this order; the rest of the deck is shuffled below); ``health`` (per seat,
    0 = incapacitated; checked after the ``artifacts`` are wielded, so an Amulet of Vitality's
    higher maximum counts; default: each seat's maximum); ``spent`` (per seat, spent slot names); ``quantum`` (Q at the start);
    ``dice`` (a queue of die faces used before the RNG, one face per die rolled).
    """

    game_name = "runes"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    OPTIONS = OPTIONS

    # ================================================================ set-up
    def _setup(self, deal: dict[str, Any] | None) -> None:
        deal = deal or {}
        n = self.players
        for key in deal:
            if key not in _DEAL_KEYS:
                raise InvalidDeal("runes.deal.unknown", field=key, known=", ".join(_DEAL_KEYS))
        self._legal_cache: tuple[list[Action], dict[Action, Action]] | None = None
        self._log_cache: list[list[tuple]] = [[] for _ in range(n)]   # see views._log
        self.phase = "draft"
        self.round = 0
        self.q = self._deal_int(deal, "quantum", 0)
        self.max_health = [self.options["max_health"]] * n
        self.health = list(self.max_health)
        self.slots = [{s: True for s in SLOTS} for _ in range(n)]
        for seat, spent in enumerate(self._deal_list(deal, "spent", [[]] * n, list)):
            for slot in spent:
                if slot not in SLOTS:
                    raise InvalidDeal("runes.deal.bad", field="spent", value=slot)
                self.slots[seat][slot] = False
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.artifact: list[str | None] = [None] * n
        self.familiar: list[str | None] = list(self._deal_list(deal, "summoned", [None] * n, (str, type(None))))
        self.next_init, self.init_mod = [0] * n, [0] * n
        self.init_dice: list[int] = []
        self.init_rolled = False
        self.order: list[int] = []
        self.pos = 0
        self.revived = [False] * n
        self.frozen, self.bear, self.shadow = [False] * n, [False] * n, [False] * n
        self.illusion_used, self.geo_used = [False] * n, [False] * n
        self.active: int | None = None
        self.dice: list[int] = []
        self.rolls_used = self.rolls_allowed = 0
        self.cast: list[str] = []
        self.closed = self.crown_used = self.wolf = self.haste = False
        self.pending: list[dict[str, Any]] = []
        self.winners: list[int] = []
        faces = deal.get("dice", [])
        if not isinstance(faces, list) or any(type(d) is not int or not 1 <= d <= 6 for d in faces):
            raise InvalidDeal("runes.deal.bad", field="dice", value=faces)
        self.dice_queue: list[int] = list(faces)
        self._setup_decks(deal)
        # The deal's health is checked after its artifacts are wielded, so that an Amulet of
        # Vitality's higher maximum counts (issue 19).
        health = self._deal_list(deal, "health", list(self.max_health), int)
        if any(not 0 <= h <= top for h, top in zip(health, self.max_health)) or sum(h > 0 for h in health) < 2:
            raise InvalidDeal("runes.deal.bad", field="health", value=health)
        self.health = list(health)
        self._setup_boards(deal)
        self._advance()

    def _deal_int(self, deal: dict[str, Any], key: str, default: int) -> int:
        value = deal.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidDeal("runes.deal.bad", field=key, value=value)
        return value

    def _deal_list(self, deal: dict[str, Any], key: str, default: list, kind: Any) -> list:
        value = deal.get(key, default)
        if not isinstance(value, list) or len(value) != self.players or not all(
                isinstance(v, kind) and not isinstance(v, bool) for v in value):
            raise InvalidDeal("runes.deal.bad", field=key, value=value)
        return value

    def _setup_decks(self, deal: dict[str, Any]) -> None:
        """Loot and familiar decks: the deal's named cards on top, the rest shuffled (RULE 1)."""
        pool = Counter(LOOT_DECK)
        hands = self._deal_list(deal, "hands", [None] * self.players, (list, type(None)))
        for hand in hands:
            _deal_names(hand or [], "hands")
        artifacts = self._deal_list(deal, "artifacts", [None] * self.players, (str, type(None)))
        top = _deal_names(deal.get("loot", []), "loot")
        wanted = Counter(top) + Counter(c for h in hands if h for c in h) + Counter(a for a in artifacts if a is not None)
        if any(pool[c] < k for c, k in wanted.items()) or any(a is not None and not is_artifact(a) for a in artifacts):
            raise InvalidDeal("runes.deal.bad", field="loot/hands/artifacts", value=dict(wanted))
        rest = list((pool - wanted).elements())
        self.rng.shuffle(rest)
        self.loot_deck, self.loot_discard = list(top) + rest, []
        self._dealt_hands = hands
        for seat, card in enumerate(artifacts):
            if card:
                self._wield(seat, card)
        fams = Counter(f.id for f in FAMILIAR.values())
        top_f = _deal_names(deal.get("familiars", []), "familiars")
        wanted_f = Counter(top_f) + Counter(f for f in self.familiar if f is not None)
        if any(fams[f] < k for f, k in wanted_f.items()):
            raise InvalidDeal("runes.deal.bad", field="familiars/summoned", value=dict(wanted_f))
        rest_f = list((fams - wanted_f).elements())
        self.rng.shuffle(rest_f)
        self.fam_deck, self.fam_discard = list(top_f) + rest_f, []

    def _setup_boards(self, deal: dict[str, Any]) -> None:
        """RULE 2: each player draws two boards and keeps one; ``wizards`` skips the draft."""
        n = self.players
        if "wizards" in deal:
            wizards = self._deal_list(deal, "wizards", [], str)
            if any(w not in WIZARD for w in wizards) or len(set(wizards)) != n:
                raise InvalidDeal("runes.deal.bad", field="wizards", value=wizards)
            self.offers: list[list[str]] = [[w] for w in wizards]
            self.wizard: list[str | None] = list(wizards)
            self._begin()
            return
        if "offers" in deal:
            offers = self._deal_list(deal, "offers", [], list)
            flat = [w for o in offers for w in _deal_names(o, "offers")]
            if any(len(o) != BOARD_OFFERS for o in offers) or any(w not in WIZARD for w in flat) or len(set(flat)) != len(flat):
                raise InvalidDeal("runes.deal.bad", field="offers", value=offers)
        else:
            boards = [w.id for w in WIZARDS]
            self.rng.shuffle(boards)
            offers = [boards[BOARD_OFFERS * s:BOARD_OFFERS * (s + 1)] for s in range(n)]
        self.offers = [list(o) for o in offers]
        self.wizard = [None] * n
        for seat in range(n):
            self._emit("offer", seat, secret={"boards": self.offers[seat]}, to=[seat])

    def _begin(self) -> None:
        """After the draft: reveal the boards, deal starting loot (RULE 5, W7), start round 1."""
        self._emit("boards", None, wizards=list(self.wizard))
        for seat in range(self.players):
            dealt = self._dealt_hands[seat]
            if dealt is not None:
                self._emit("draw", seat, count=len(dealt), secret={"cards": list(dealt)}, to=[seat])
                for card in dealt:
                    self._gain(seat, card)
            else:
                extra = 1 if self.wizard[seat] == "enchanter" else 0
                self._draw_loot(seat, self.options["start_loot"] + extra)
        self._start_round()

    # ================================================================ rounds and turns
    def _start_round(self) -> None:
        """A new round opens with a window for every standing wizard before the initiative roll
        (R18; in round 1 this is RULE 5's set-up window for wielding artifacts)."""
        n = self.players
        self.round += 1
        self.illusion_used, self.geo_used = [False] * n, [False] * n
        self.shadow = [False] * n
        self.phase, self.init_rolled = "initiative", False
        self.init_dice, self.init_mod, self.order, self.pos = [], [0] * n, [], -1
        self._open_windows("before_initiative", range(n))

    def _roll_initiative(self) -> None:
        """RULE 6: every wizard, incapacitated ones included, rolls one initiative die; then every
        standing wizard gets a window for Quicksilver and Lucky Charm, whatever they hold."""
        n = self.players
        self.init_dice = self._roll(n)
        self.init_mod = [self._initiative_bonus(s) + self.next_init[s] for s in range(n)]
        self.next_init = [0] * n
        self.revived = [self.health[s] <= 0 and self.init_dice[s] == REVIVE_FACE for s in range(n)]
        self.init_rolled = True
        self._emit("initiative_roll", None, round=self.round, dice=list(self.init_dice),
                   bonus=list(self.init_mod))
        for seat in reversed(range(n)):
            if self.health[seat] > 0:
                self.pending.append({"kind": "initiative", "seat": seat})

    def _open_windows(self, point: str, seats: Any) -> None:
        """An any-time window (R18) for each standing wizard of ``seats``, the first one first."""
        for seat in reversed(list(seats)):
            if self.health[seat] > 0:
                self.pending.append({"kind": "window", "seat": seat, "point": point})

    def _others_in_turn_order(self) -> list[int]:
        """Every seat but the active one, clockwise from the active wizard's left."""
        n, me = self.players, self.active
        return [(me + k) % n for k in range(1, n)]

    def _initiative_bonus(self, seat: int) -> int:
        return (self.wizard[seat] == "chronomancer") + INITIATIVE_BONUS.get(self.artifact[seat], 0)

    def _finish_initiative(self) -> None:
        """Order the wizards who play this round; RULE 6 tie-breaks, W9, then re-rolls."""
        takers = [s for s in range(self.players) if self.health[s] > 0 or self.revived[s]]
        total = {s: self.init_dice[s] + self.init_mod[s] for s in takers}
        key = {s: (total[s], self.wizard[s] == "chronomancer", self.grade(s, "speed")) for s in takers}
        order: list[int] = []
        for value in sorted(set(key.values()), reverse=True):
            tied = [s for s in takers if key[s] == value]
            order.extend(self._break_tie(tied))
        self.order, self.pos = order, -1
        self._emit("initiative", None, totals=[total.get(s) for s in range(self.players)], order=order,
                   dice=list(self.init_dice), bonus=list(self.init_mod),
                   revived=[s for s in takers if self.revived[s]])
        self._next_turn()

    def _break_tie(self, tied: list[int]) -> list[int]:
        """Ties left after the grades: the tied wizards re-roll among themselves until ordered."""
        if len(tied) == 1:
            return tied
        rolls = dict(zip(tied, self._roll(len(tied))))
        self._emit("initiative_tie", None, seats=tied, dice=[rolls[s] for s in tied])
        out: list[int] = []
        for value in sorted(set(rolls.values()), reverse=True):
            out.extend(self._break_tie([s for s in tied if rolls[s] == value]))
        return out

    def _next_turn(self) -> None:
        self.active = None
        self.pos += 1
        while self.pos < len(self.order):
            seat = self.order[self.pos]
            if self.health[seat] > 0 or self.revived[seat]:
                self._start_turn(seat)
                return
            self.pos += 1
        self._start_round()

    def _start_turn(self, seat: int) -> None:
        self.active = seat
        self.phase = "roll"
        self.cast, self.closed, self.crown_used, self.wolf, self.haste = [], False, False, False, False
        self.bear[seat] = False
        self.dice, self.rolls_used = [], 0
        if self.revived[seat] and self.health[seat] <= 0:
            self.health[seat] = 1
            for slot in SLOTS:
                self.slots[seat][slot] = True
            self._emit("revive", seat)
        self._emit("turn", seat, round=self.round)
        if self.artifact[seat] == "cursed_idol":
            self.health[seat] -= 1
            self._emit("lose_health", seat, amount=1, health=self.health[seat], card="cursed_idol")
            if self.health[seat] <= 0:
                self._incapacitate(seat, None)
                return
        rolls = self.options["rolls_per_turn"]
        rolls += {"orb_of_insight": 1}.get(self.artifact[seat], 0)
        if self.artifact[seat] == "cracked_orb" or self.frozen[seat]:
            rolls = min(rolls, 2)
        self.frozen[seat] = False
        self.rolls_allowed = rolls
        self._roll_dice([])

    def _roll_dice(self, held: list[int]) -> None:
        fresh = self._roll(TURN_DICE - len(held))
        self.dice = sorted(held + fresh)
        self.rolls_used += 1
        self._emit("roll", self.active, held=sorted(held), rolled=fresh, dice=list(self.dice),
                   roll=self.rolls_used, of=self.rolls_allowed)
        if self.rolls_used >= self.rolls_allowed:
            self.phase = "cast"

    def _end_turn(self) -> None:
        seat = self.active
        self._emit("turn_end", seat)
        if self.haste and self.health[seat] > 0:
            self._emit("haste", seat)
            self._start_turn(seat)
            return
        if self.revived[seat]:
            self.revived[seat] = False
            if self.health[seat] > 0:
                self._incapacitate(seat, None)   # RULE 17: incapacitated again after the turn
        others = self._others_in_turn_order()
        self.active, self.phase = None, "next"
        if any(self.health[s] > 0 or self.revived[s] for s in self.order[self.pos + 1:]):
            self._open_windows("turn_end", others)   # the last turn's is the next round's first window

    def _check_end(self) -> bool:
        """RULE 8: the game ends as soon as at most one wizard stands (none standing: R12 draw)."""
        if self.phase in ("draft", "over"):
            return self.phase == "over"
        standing = [s for s in range(self.players) if self.health[s] > 0]
        if len(standing) > 1:
            return False
        self.phase, self.winners, self.active = "over", standing, None
        while self.pending:
            self._drop_pending()
        self._emit("game_over", standing[0] if standing else None, winners=standing)
        return True

    def _advance(self) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        while not self._check_end():
            health = self.health
            if any(health[p["seat"]] <= 0 and p["kind"] in WINDOW_KINDS for p in self.pending):
                self.pending = [p for p in self.pending if health[p["seat"]] > 0 or p["kind"] not in WINDOW_KINDS]
            while self.pending and health[self.pending[-1]["seat"]] <= 0:
                self._drop_pending()
            if self.phase in ("roll", "cast") and self.health[self.active] <= 0:
                while self.pending:
                    self._drop_pending()
                self._end_turn()
                continue
            if self.pending:
                top = self.pending[-1]
                if top["kind"] in CHOICES:
                    options = self._pending_actions(top)
                    if not options or (len(options) == 1 and top["kind"] not in HIDDEN_CHOICES):
                        if options:
                            self._dispatch(options[0])
                        else:
                            self._drop_pending()
                        continue
                return
            if self.phase == "next":
                self._next_turn()
                continue
            if self.phase == "initiative":
                if self.init_rolled:
                    self._finish_initiative()
                else:
                    self._roll_initiative()
                continue
            return

    def _drop_pending(self) -> None:
        """Forget the top pending decision; familiars drawn for it go to the discard pile."""
        p = self.pending.pop()
        if p["kind"] == "keep":
            self.fam_discard.append(p["card"])
        elif p["kind"] == "spirit":
            self.fam_discard.extend(p["cards"])

    # ================================================================ the protocol
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[-1]["seat"]
        if self.phase == "draft":
            return self.wizard.index(None)
        return self.active

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        """A wizard's score is their health; the last one standing wins (RULE 8)."""
        return tuple(self.health)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        reason = "runes.outcome.last_standing" if self.winners else "runes.outcome.draw"
        return Outcome(tuple(self.winners), self.scores, reason)

    @property
    def round_no(self) -> int:
        """The round being played (the name the CLI's summary reads for every game)."""
        return self.round

    def view(self, seat: int, log: bool = True) -> dict[str, Any]:
        """What ``seat`` may see; ``log=False`` leaves out the recent events (bots need none)."""
        return build_view(self, self._check_seat(seat), log)

    def legal_actions(self) -> list[Action]:
        return list(self._legal()[0])

    def _legal(self) -> tuple[list[Action], dict[Action, Action]]:
        """The legal actions, cached until the next action (random play asks twice per move)."""
        if self._legal_cache is None:
            legal = self._list_legal()
            self._legal_cache = (legal, {a: a for a in legal})
        return self._legal_cache

    @property
    def _interned(self) -> dict[type, dict[Action, Action]]:   # type: ignore[override]
        """The current legal actions are the engine's own instances: applying one of them skips
        the round trip through its text (GameBase._canonical)."""
        return {Action: self._legal()[1]}

    def _parse(self, text: str) -> Action | None:
        return parse(text)

    def _why_illegal(self, action: Any) -> Msg | None:
        """Why ``action`` is not allowed now, as a catalogue message (so boards can show it in
        any language), or None when it is legal."""
        if not isinstance(action, Action):
            return Msg("runes.why.not_action")
        legal, legal_set = self._legal()
        if action in legal_set:
            return None
        if self.is_over:
            return Msg("error.game_over")
        # One reason for every refusal: whether some other "play ..." would do depends on the
        # decider's hidden cards, and whoever calls may be someone else.
        return Msg("runes.why.not_now", verb=action.verb, phase=Msg(f"runes.phase.{self._decision()}"))

    def _decision(self) -> str:
        """The kind of decision asked now: a phase, or a pending window/choice."""
        return self.pending[-1]["kind"] if self.pending else self.phase

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "round": self.round, "q": self.q, "offers": self.offers,
            "wizard": self.wizard, "health": self.health, "max_health": self.max_health,
            "slots": self.slots, "hand": self.hand, "artifact": self.artifact, "familiar": self.familiar,
            "loot_deck": self.loot_deck, "loot_discard": self.loot_discard, "fam_deck": self.fam_deck,
            "fam_discard": self.fam_discard, "init_dice": self.init_dice, "init_mod": self.init_mod,
            "next_init": self.next_init, "init_rolled": self.init_rolled, "order": self.order, "pos": self.pos, "revived": self.revived,
            "frozen": self.frozen, "bear": self.bear, "shadow": self.shadow,
            "illusion_used": self.illusion_used, "geo_used": self.geo_used, "active": self.active,
            "dice": self.dice, "rolls_used": self.rolls_used, "rolls_allowed": self.rolls_allowed,
            "cast": self.cast, "closed": self.closed, "crown_used": self.crown_used, "wolf": self.wolf,
            "haste": self.haste, "pending": self.pending, "winners": self.winners,
            "dice_queue": self.dice_queue, "events": len(self.events),
        }

    # ================================================================ legal actions
    def _list_legal(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.pending:
            return self._pending_actions(self.pending[-1])
        if self.phase == "draft":
            seat = self.current_player
            return [Action("pick", w) for w in self.offers[seat]]
        seat = self.active
        out: list[Action] = []
        if self.phase == "roll":
            out += _holds(tuple(self.dice))
            out.append(Action("stop"))
        else:
            out += self._cast_actions(seat)
            for card, (_, every) in DAMAGE_CARDS.items():   # R15: after rolling and casting
                if card in self.hand[seat]:
                    out += [Action("play", card)] if every else [
                        Action("play", card, target=t) for t in self.foes(seat)]
        if not self.closed:
            if "lucky_charm" in self.hand[seat]:
                out += [Action("play", "lucky_charm", (d,)) for d in sorted(set(self.dice))]
            if self.artifact[seat] == "crown_of_runes" and not self.crown_used:
                out += [Action("crown", dice=(d,), arg=s) for d in sorted(set(self.dice))
                        for s, ok in (("+1", d < 6), ("-1", d > 1)) if ok]
        if "familiar_treat" in self.hand[seat] and self.familiar[seat]:
            out.append(Action("play", "familiar_treat"))
        out += self._anytime_actions(seat)
        if self.phase == "cast":
            out.append(Action("end"))
        return out

    def _cast_actions(self, seat: int) -> list[Action]:
        """RULES 10-12: one group of the unused dice per cast; only Healing, Attack and Familiar combine."""
        if self.closed:
            return []
        out = []
        foes = self.foes(seat)
        distinct = self.options["full_house_distinct_values"]
        for spell in SPELLS:
            if spell not in COMBINABLE and self.cast:
                continue
            if spell in SLOTS and not self.slots[seat][spell] and (
                    spell != "familiar" or self.options["familiar_uses_slot"]):
                continue
            for group in groups(self.dice, spell, distinct):
                if spell in ("attack", "quantum") or (spell == "class" and self.class_needs_target(seat)) or (
                        spell == "loot" and self.wizard[seat] == "stormcaller"):
                    out += [Action("cast", spell, group, target=t) for t in foes]
                elif spell == "familiar":
                    if self.fam_deck or self.fam_discard:
                        out.append(Action("cast", spell, group, "summon"))
                    if self.familiar[seat]:
                        out.append(Action("cast", spell, group, "activate"))
                else:
                    out.append(Action("cast", spell, group))
        return out

    def _anytime_actions(self, seat: int) -> list[Action]:
        """Loot of timing A: potions, Mana Crystal, Pickpocket, and wielding an artifact."""
        hand = self.hand[seat]
        out = [Action("play", card) for card in POTIONS if card in hand]
        if "mana_crystal" in hand:
            out += [Action("play", "mana_crystal", arg=slot) for slot in self.spent_slots(seat)]
        if "pickpocket" in hand:
            out += [Action("play", "pickpocket", target=t) for t in self.foes(seat) if self.hand[t]]
        out += [Action("wield", card) for card in sorted(set(hand))
                if is_artifact(card) and (WIELD_CURSED_FROM_HAND or not is_cursed(card))]
        return out

    def _pending_actions(self, p: dict[str, Any]) -> list[Action]:
        seat, kind = p["seat"], p["kind"]
        hand = self.hand[seat]
        if kind == "window":
            return [Action("pass")] + self._anytime_actions(seat)
        if kind == "initiative":
            out = [Action("pass")]
            if "quicksilver" in hand:
                out.append(Action("play", "quicksilver"))
            if "lucky_charm" in hand:
                out.append(Action("play", "lucky_charm", (self.init_dice[seat],)))
            return out + self._anytime_actions(seat)
        if kind == "counter":
            out = [Action("pass")]
            out += [Action("play", card) for card in ("shield_scroll", "mirror_scroll") if card in hand]
            if "lucky_charm" in hand:
                out.append(Action("play", "lucky_charm", (p["die"],)))
            if self.wizard[seat] == "illusionist" and not self.illusion_used[seat]:
                out.append(Action("reroll"))
            return out + self._anytime_actions(seat)
        if kind == "smoke":
            smoke = [Action("play", "smoke_bomb")] if "smoke_bomb" in hand else []
            return [Action("pass")] + smoke + self._anytime_actions(seat)
        if kind == "keep":
            return [Action("keep"), Action("release")]
        if kind == "spirit":
            return [Action("keep", f) for f in sorted(set(p["cards"]))]
        if kind == "target":
            return [Action("target", target=t) for t in self.power_targets(seat, p["power"])]
        if kind == "restore":
            return [Action("restore", arg=s) for s in self.spent_slots(seat, tuple(p["exclude"]))]
        if kind == "owl":
            return [Action("take", c) for c in sorted(set(p["cards"]))]
        if kind == "discard":
            cards = p["cards"] if p["cards"] is not None else hand
            return [Action("discard", c) for c in sorted(set(cards)) if c in hand]
        if kind == "copy":
            return [Action("copy", f) for f in self.mimic_choices(seat)]
        raise AssertionError(kind)

    # ================================================================ doing actions
    def _do(self, action: Action) -> None:
        self._dispatch(action)
        self._advance()
        trim_log_cache(self)

    def _dispatch(self, action: Action) -> None:
        self._legal_cache = None
        getattr(self, "_act_" + action.verb)(action)
        if self.pending and self.pending[-1]["kind"] == "counter":
            self._settle_counter(self.pending[-1])   # a wielded ring or a re-roll may stop it

    def _act_pick(self, a: Action) -> None:
        seat = self.current_player
        self.wizard[seat] = a.name
        self._emit("pick", seat, secret={"wizard": a.name}, to=[seat])
        if None not in self.wizard:
            self._begin()

    def _act_hold(self, a: Action) -> None:
        self._roll_dice(list(a.dice))

    def _act_stop(self, a: Action) -> None:
        self.phase = "cast"
        self._emit("stop", self.active, dice=list(self.dice))

    def _act_end(self, a: Action) -> None:
        self._end_turn()

    def _act_crown(self, a: Action) -> None:
        value = a.dice[0]
        new = value + int(a.arg)
        self.dice = sorted(without(self.dice, [value]) + [new])
        self.crown_used = True
        self._emit("crown", self.active, old=value, new=new, dice=list(self.dice))

    def _act_wield(self, a: Action) -> None:
        seat = self.current_player
        self.hand[seat].remove(a.name)
        self._wield(seat, a.name)

    def _act_cast(self, a: Action) -> None:
        seat, spell = self.active, a.name
        self._open_windows("after_cast", self._others_in_turn_order())   # after this group resolves
        self.dice = without(self.dice, a.dice)
        self.cast.append(spell)
        if spell not in COMBINABLE:
            self.closed = True
        if spell in SLOTS and (spell != "familiar" or self.options["familiar_uses_slot"]):
            self.slots[seat][spell] = False
        self._emit("cast", seat, spell=spell, dice=list(a.dice), target=a.target, mode=a.arg or None)
        if spell == "healing":
            amount = 1 if self.artifact[seat] == "blood_pact" else 3 if self.wizard[seat] == "druid" else 2
            self._heal(seat, amount)
        elif spell == "attack":
            self._attack(seat, a.target, a.dice[0], self.attack_damage(seat, a.target) + self._use_wolf())
        elif spell == "familiar":
            if a.arg == "activate":
                self._power(seat, self.familiar[seat])
            else:
                card = self._next_familiar()
                self._emit("draw_familiar", seat, familiar=card)
                self.pending.append({"kind": "keep", "seat": seat, "card": card})
        elif spell == "loot":
            extra = self.artifact[seat] == "grimoire" or self.wizard[seat] == "alchemist"
            self._draw_loot(seat, 3 if extra else 2)
            if self.wizard[seat] == "stormcaller":
                self._hurt([(a.target, 1)], seat)
        elif spell == "chain":
            self._hurt([(t, 3 + (self.wizard[seat] == "pyromancer")) for t in self.foes(seat)], seat)
        elif spell == "class":
            self._class_spell(seat, a.target)
        elif spell == "restore":
            for slot in self.spent_slots(seat):
                self._restore_slot(seat, slot)
            self._draw_loot(seat, 2)
        elif spell == "quantum":
            self._emit("quantum", seat, target=a.target)
            self._incapacitate(a.target, seat)
            self.q += 1

    def _act_play(self, a: Action) -> None:
        seat, card = self.current_player, a.name
        window = self.pending[-1] if self.pending else None
        if window is None and (card in DAMAGE_CARDS or card == "familiar_treat"):
            self._open_windows("after_cast", self._others_in_turn_order())   # after it resolves
        self._discard_card(seat, card)
        self._emit("play", seat, card=card, dice=list(a.dice), arg=a.arg or None, target=a.target)
        if card in POTIONS:
            self._heal(seat, POTIONS[card])
        elif card in DAMAGE_CARDS:
            self.closed = True
            damage, every = DAMAGE_CARDS[card]
            self._loot_damage(seat, self.foes(seat) if every else [a.target], damage)
        elif card == "mana_crystal":
            self._restore_slot(seat, a.arg)
        elif card == "pickpocket":
            self._steal(seat, a.target)
        elif card == "familiar_treat":
            self._power(seat, self.familiar[seat])
        elif card == "quicksilver":
            self.init_mod[seat] += QUICKSILVER_BONUS
        elif card == "lucky_charm":
            self._lucky_charm(seat, a.dice[0], window)
        elif card == "shield_scroll":
            self.pending.pop()
            self._emit("countered", seat, attacker=window["attacker"], by=card)
        elif card == "mirror_scroll":
            self.pending.pop()
            self._hurt([(window["attacker"], window["damage"])], seat)
        elif card == "smoke_bomb":
            self.pending.pop()
            self._emit("cancelled", seat, source=window["source"])

    def _lucky_charm(self, seat: int, value: int, window: dict[str, Any] | None) -> None:
        """Re-roll one of your own dice: the counter die, the initiative die, or a turn die."""
        new = self._roll(1)[0]
        if window is not None and window["kind"] == "counter":
            window["die"] = new
        elif window is not None and window["kind"] == "initiative":
            self.init_dice[seat] = new
        else:
            self.dice = sorted(without(self.dice, [value]) + [new])
        self._emit("reroll", seat, old=value, new=new)

    def _act_reroll(self, a: Action) -> None:
        window = self.pending[-1]
        self.illusion_used[window["seat"]] = True
        old, window["die"] = window["die"], self._roll(1)[0]
        self._emit("reroll", window["seat"], old=old, new=window["die"])

    def _act_pass(self, a: Action) -> None:
        window = self.pending.pop()
        if window["kind"] == "counter":
            self._hurt([(window["seat"], window["damage"])], window["attacker"])
        elif window["kind"] == "smoke":
            self._hurt([(window["seat"], window["damage"])], window["source"])

    def _act_keep(self, a: Action) -> None:
        p = self.pending.pop()
        seat = p["seat"]
        if p["kind"] == "spirit":
            rest = list(p["cards"])
            rest.remove(a.name)
            self.fam_discard.extend(rest)
            self._summon(seat, a.name)
        else:
            self._summon(seat, p["card"])

    def _act_release(self, a: Action) -> None:
        p = self.pending.pop()
        self.fam_discard.append(p["card"])
        self._emit("release", p["seat"], familiar=p["card"])

    def _act_target(self, a: Action) -> None:
        p = self.pending[-1]
        p["left"] -= 1
        if p["left"] <= 0:
            self.pending.pop()
        self._aimed_power(p["seat"], p["power"], a.target)

    def _act_restore(self, a: Action) -> None:
        p = self.pending.pop()
        self._restore_slot(p["seat"], a.arg)

    def _act_take(self, a: Action) -> None:
        p = self.pending.pop()
        self.loot_deck.pop(self.loot_deck.index(a.name))
        self._emit("take", p["seat"], secret={"card": a.name}, to=[p["seat"]])
        self._gain(p["seat"], a.name)

    def _act_discard(self, a: Action) -> None:
        p = self.pending.pop()
        self._discard_card(p["seat"], a.name)
        self._emit("discard", p["seat"], cards=[a.name])

    def _act_copy(self, a: Action) -> None:
        p = self.pending.pop()
        self._power(p["seat"], a.name)

