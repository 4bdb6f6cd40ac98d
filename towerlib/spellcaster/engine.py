"""The SpellCaster engine: set-up, rounds, turns and the legal actions at every decision.

Flow (RULES.md 4.2). Each seat buys attributes (``buy``); then rounds. A round starts with the
wild-spell movement (rule 27) if any spell is wild, then every standing SpellCaster takes a
turn clockwise from the first player. Decisions that interrupt a turn (offers to contest,
the caster's contest order, routing a familiar, choosing how returned cards face) are
*frames* on a stack: the top frame says who decides now, so ``current_player`` never depends
on a hidden card.

Chance is rolled by the engine from the seeded RNG; ``deal`` fixes it for scenarios:
``attributes`` (per seat ``[life, will, focus, skill]`` points; skips buying), ``first``
(the first player), ``decks`` (per seat, per element letter, card values from the top; the
rest of that deck is shuffled below), ``rolls`` (d10 faces used before the RNG, in order),
``positions`` (per seat a point), ``life`` (per seat, squares left; without ``attributes`` at most
the 10 squares of the row every purchase has) and ``displays`` (with ``attributes``: per seat a list
of spells under construction, ``{"motion": ["F3"], "mass": ["E1"], "up": true}``, their cards taken
out of that seat's decks, each placed only where it may be played). Every value must have exactly
its JSON type (``1.0`` and ``true`` are not integers): anything else raises ``InvalidDeal`` naming
the field, so a game never lists an action whose text would not parse.
"""
from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from itertools import combinations_with_replacement
from typing import Any, NoReturn

from ..core.errors import InvalidDeal
from ..core.game import GameBase, Outcome
from ..core.i18n import Msg
from . import messages as _messages  # noqa: F401  (registers the catalogue)
from .actions import INTERNED, Action, Verb, act, draw_text, parse, spell_id
from .data import (ATTRIBUTE_POINTS, BASE_FOCUS, CARD_VALUES, BASE_LIFE_ROWS, BASE_SKILL, BASE_WILL, DECK_VALUES,
                   DIE_SIDES, ELEMENTS, HIDDEN, OWNER, PUBLIC, MASS_MAX, MAX_LIFE_POINTS, MOTION_MAX, NEIGHBOURS, POINT_RATE,
                   POINTS, ROW_SQUARES, SECTIONS, SPELL_MAX, START_CORNERS, TOKENS_PER_WILL, action_points,
                   rest_gain)
from .motion import Motion
from .contests import Contests
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .views import build_view

#: Every way to spend the attribute points: (life, will, focus, skill), life at most MAX_LIFE_POINTS.
PURCHASES: tuple[tuple[int, int, int, int], ...] = tuple(
    (life, will, focus, ATTRIBUTE_POINTS - life - will - focus)
    for life in range(MAX_LIFE_POINTS + 1) for will in range(ATTRIBUTE_POINTS + 1 - life)
    for focus in range(ATTRIBUTE_POINTS + 1 - life - will))
_DEAL_KEYS = ("attributes", "first", "decks", "rolls", "positions", "life", "displays")

DONE, PUTBACK, CONTEST, DECLINE, REST, END, PASS = (act(v) for v in (
    "done", "putback", "contest", "decline", "rest", "end", "pass"))


_BY_VERB_ARG = attrgetter("verb", "arg")
RESOLVE = Verb("resolve")
RETURN_DOWN, RETURN_UP = act("return", "down"), act("return", "up")
_BUYS = tuple(act("buy", " ".join(map(str, p))) for p in PURCHASES)
MOVE, CONTROL, CONTINUE, CAPTURE, ABANDON, WITHDRAW, LAUNCH = (Verb(v) for v in (
    "move", "control", "continue", "capture", "abandon", "withdraw", "launch"))
#: Display states in which a spell is out of its owner's hands (a familiar, a contest, a wild spell).
_IN_PLAY = frozenset(("offered", "launched", "locked", "ready", "wild"))
#: Display states in which a spell holds one of its controller's familiar pairs.
_PAIR_OUT = frozenset(("launched", "offered", "ready", "locked"))


@lru_cache(maxsize=4096)
def _conjures(elements: str, *sizes: int) -> tuple[Action, ...]:
    """Conjure actions from the decks of the active ``elements``, given each deck's size (F E W A)
    up to 3 (what three draws can use up)."""
    count = dict(zip(ELEMENTS, sizes))
    active = [e for e in elements if count[e]]
    out = [act("conjure", "B " + e) for e in active]
    for combo in combinations_with_replacement(active, 3):
        if all(combo.count(e) <= count[e] for e in combo):
            out.append(act("conjure", "A " + draw_text(combo)))
    return tuple(out)


_BY_ARG = attrgetter("arg")
#: A card's value by its text (``"F3"`` -> 3).
_VALUE = {f"{e}{v}": v for e in ELEMENTS for v in CARD_VALUES}
_NO_ROOM: dict[int, tuple[str, ...]] = {}


@lru_cache(maxsize=4096)
def _room(motion: int, mass: int, skill_left: int, min_motion: int, min_mass: int) -> dict[int, tuple[str, ...]]:
    """RULE 12 and S17 for a slot under construction holding ``motion`` and ``mass`` cards with
    ``skill_left`` of its owner's Skill unused: card value -> the sections (Motion before Mass) a card
    of that value may go to, so that the spell can still be completed afterwards."""
    room: dict[int, tuple[str, ...]] = {}
    for value in CARD_VALUES:
        fit = []
        for section in SECTIONS:
            m = motion + (section == "motion")
            a = mass + (section == "mass")
            need_motion, need_mass = max(0, min_motion - m), max(0, min_mass - a)
            if (m + need_motion <= MOTION_MAX and a + need_mass <= MASS_MAX and
                    m + a + need_motion + need_mass <= SPELL_MAX and
                    value + (need_motion + need_mass) * min(CARD_VALUES) <= skill_left):
                fit.append(section)
        if fit:
            room[value] = tuple(fit)
    return room


@lru_cache(maxsize=None)
def _hide(slot: int, section: str) -> Action:
    """``hide`` the drawn card on a slot (0-based) in one section."""
    return act("hide", f"{slot + 1} {section}")


@lru_cache(maxsize=None)
def _shows(card: tuple[str, int], slot: int, sections: tuple[str, ...]) -> tuple[Action, ...]:
    """``show`` a card (text, value) on a slot (0-based), one action per section."""
    return tuple(act("show", f"{card[0]} {slot + 1} {section}") for section in sections)


def new_spell(n: int) -> dict[str, Any]:
    """An empty display slot."""
    return {"state": "empty", "motion": [], "mass": [], "point": None, "origin": None,
            "controller": None, "tokens": [0] * n, "lock": None, "since": -1}


def _is_int(value: Any) -> bool:
    """A JSON integer: ``1.0`` and ``True`` are not (their text would not parse back)."""
    return type(value) is int


def _bad(field: str, value: Any) -> NoReturn:
    raise InvalidDeal("spellcaster.deal.bad", field=field, value=value)


class SpellCasterGame(Contests, Motion, GameBase):
    """One game of SpellCaster for 2-4 SpellCasters (see the module docstring for the flow)."""

    game_name = "spellcaster"
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    OPTIONS = OPTIONS
    _interned = {Action: INTERNED}

    # ================================================================ set-up
    def _setup(self, deal: dict[str, Any] | None) -> None:
        deal = {} if deal is None else deal
        n = self.players
        if not isinstance(deal, dict):
            _bad("deal", deal)
        for key in deal:
            if key not in _DEAL_KEYS:
                raise InvalidDeal("spellcaster.deal.unknown", field=key, known=", ".join(_DEAL_KEYS))
        rolls = deal.get("rolls", [])
        if not isinstance(rolls, list) or not all(_is_int(r) and 1 <= r <= DIE_SIDES for r in rolls):
            _bad("rolls", rolls)
        self.rolls: list[int] = list(reversed(rolls))        # popped from the end
        first = deal.get("first")
        if first is None:
            first = self.rng.below(n)
        elif not _is_int(first) or not 0 <= first < n:
            _bad("first", first)
        self.first: int = first
        self.round = 0
        self.turn_no = 0
        self.turn: dict[str, Any] | None = None
        self.stack: list[dict[str, Any]] = []
        self.winners: list[int] = []
        self.over = False
        corners = START_CORNERS[n]
        self.pos: list[str] = [corners[(s - first) % n] for s in range(n)]
        self.pos = self._deal_seats(deal, "positions", self.pos, lambda p: isinstance(p, str) and p in POINTS)
        self.alive = [True] * n
        self.rows = [BASE_LIFE_ROWS] * n
        self.will = [BASE_WILL] * n
        self.focus = [BASE_FOCUS] * n
        self.skill = [BASE_SKILL] * n
        self.life = [0] * n
        self.pool = [0] * n
        self.lost = [0] * n
        self.spells: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self._slots: list[tuple[str, int, dict[str, Any]]] = []      # all_spells(), fixed once bought
        self._by_sid: dict[str, dict[str, Any]] = {}
        self._legal: list[Action] = []               # forget_legal() fills these in
        self._legal_id_set: frozenset[int] = frozenset()
        self._setup_decks(deal)
        attributes = deal.get("attributes")
        # Without attributes the Life Force track is not bought yet: a dealt life must fit any purchase.
        top = ROW_SQUARES * BASE_LIFE_ROWS if attributes is None else ROW_SQUARES * (BASE_LIFE_ROWS + MAX_LIFE_POINTS)
        self._life_deal = self._deal_seats(deal, "life", None, lambda v: _is_int(v) and 1 <= v <= top)
        if attributes is None:
            if deal.get("displays") is not None:
                _bad("displays", deal["displays"])           # a display needs the Focus and Skill bought
            self.stack = [{"kind": "buy", "seat": s} for s in reversed(range(n))]
        else:
            if not isinstance(attributes, list) or len(attributes) != n:
                _bad("attributes", attributes)
            for bought in attributes:
                if not isinstance(bought, list) or not all(_is_int(v) for v in bought) or \
                        tuple(bought) not in PURCHASES:
                    _bad("attributes", bought)
            for s, bought in enumerate(attributes):
                self._buy(s, tuple(bought))
            self._apply_life_deal()
            self._deal_displays(deal.get("displays"))
            self._start_round()
        self._advance()
        self.forget_legal()

    def _deal_seats(self, deal: dict[str, Any], key: str, default: Any, ok) -> Any:
        """A per-seat deal field: a list of one valid value per seat, or ``default`` when absent."""
        value = deal.get(key)
        if value is None:
            return default
        if not isinstance(value, list) or len(value) != self.players or not all(ok(v) for v in value):
            _bad(key, value)
        return list(value)

    def _apply_life_deal(self) -> None:
        if self._life_deal is None:
            return
        for s, v in enumerate(self._life_deal):
            if v > self.max_life(s):
                _bad("life", self._life_deal)
        self.life = list(self._life_deal)

    def _deal_displays(self, displays: Any) -> None:
        if displays is None:
            return
        if not isinstance(displays, list) or len(displays) != self.players:
            _bad("displays", displays)
        for s, spells in enumerate(displays):
            if not isinstance(spells, list) or len(spells) > self.focus[s]:
                _bad("displays", spells)
            for slot, spell in enumerate(spells):
                if not isinstance(spell, dict) or set(spell) - {"motion", "mass", "up"} or \
                        not isinstance(spell.get("up", True), bool):
                    _bad("displays", spell)
                up = spell.get("up", True)
                for section in SECTIONS:
                    cards = spell.get(section, [])
                    if not isinstance(cards, list):
                        _bad("displays", cards)
                    for card in cards:
                        if not isinstance(card, str) or len(card) != 2 or card[0] not in ELEMENTS:
                            _bad("displays", card)
                        deck = self.decks[s][card[0]]
                        at = next((i for i, c in enumerate(deck) if f"{card[0]}{c[0]}" == card), None)
                        if at is None or not self.fits(s, slot, section, deck[at][0]):
                            _bad("displays", card)
                        deck.pop(at)
                        self._place(s, slot, section, card, up, up)

    def _setup_decks(self, deal: dict[str, Any]) -> None:
        """RULE 4: four shuffled 10-card element decks per player (top = end of the list)."""
        fixed = deal.get("decks")
        if fixed is not None and (not isinstance(fixed, list) or len(fixed) != self.players):
            _bad("decks", fixed)
        self.decks: list[dict[str, list[list[int]]]] = []
        for s in range(self.players):
            mine = {} if fixed is None else fixed[s]
            if not isinstance(mine, dict) or any(e not in ELEMENTS for e in mine):
                _bad("decks", mine)
            decks = {}
            for e in ELEMENTS:
                top = mine.get(e, [])
                rest = list(DECK_VALUES)
                if not isinstance(top, list):
                    _bad("decks", top)
                for v in top:
                    if not _is_int(v) or v not in rest:
                        _bad("decks", top)
                    rest.remove(v)
                self.rng.shuffle(rest)
                decks[e] = [[v, HIDDEN] for v in rest + list(reversed(top))]
            self.decks.append(decks)

    def _buy(self, seat: int, bought: tuple[int, ...]) -> None:
        life, will, focus, skill = bought
        self.rows[seat] = BASE_LIFE_ROWS + life * POINT_RATE
        self.will[seat] = BASE_WILL + will * POINT_RATE
        self.focus[seat] = BASE_FOCUS + focus * POINT_RATE
        self.skill[seat] = BASE_SKILL + skill * POINT_RATE
        self.life[seat] = self.max_life(seat)
        self.pool[seat] = TOKENS_PER_WILL * self.will[seat]
        self.spells[seat] = [new_spell(self.players) for _ in range(self.focus[seat])]
        self._slots = [(spell_id(s, i), s, sp) for s in range(self.players) for i, sp in enumerate(self.spells[s])]
        self._by_sid = {sid: sp for sid, _, sp in self._slots}

    def buying(self) -> bool:
        """Whether the attribute purchase is under way (S16: nobody sees another's choice yet)."""
        return any(frame["kind"] == "buy" for frame in self.stack)

    def max_life(self, seat: int) -> int:
        """RULE 3 / HOUSE track: ten squares per bought row."""
        return ROW_SQUARES * self.rows[seat]

    # ================================================================ chance
    def roll(self) -> int:
        """One d10: the next fixed face of the deal, else the seeded RNG."""
        if self.rolls:
            return self.rolls.pop()
        return self.rng.below(DIE_SIDES) + 1

    # ================================================================ protocol
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.stack[-1]["seat"]

    @property
    def round_no(self) -> int:
        """The round being played (the CLI reports the mean per game)."""
        return self.round

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> tuple[int, ...]:
        """Life Force squares left (0 for a retired SpellCaster)."""
        return tuple(max(0, v) for v in self.life)

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        reason = "last_standing" if len(self.winners) == 1 and self.alive.count(True) == 1 else (
            "draw" if not any(self.alive) else "round_limit")
        return Outcome(tuple(self.winners), self.scores, reason)

    def view(self, seat: int, log: bool = True) -> dict[str, Any]:
        self._check_seat(seat)
        return build_view(self, seat, log)

    def _parse(self, text: str) -> Action | None:
        return parse(text)

    def spell(self, sid: str) -> dict[str, Any] | None:
        """The display slot named ``sid`` or None."""
        return self._by_sid.get(sid)

    def all_spells(self) -> list[tuple[str, int, dict[str, Any]]]:
        """(sid, owner, spell) for every display slot: the engine's own list (read it, do not change
        it). A slot's dict lives as long as the game (emptying a slot clears it in place), so the
        list is made once, when the attributes are bought, and every scan of the board reuses it."""
        return self._slots

    # ================================================================ legality
    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def _legal_ids(self) -> frozenset[int]:
        """The engine lists interned actions (:data:`.actions.INTERNED`, alive as long as the module),
        so ``apply`` may play a listed one without a second look."""
        return self._legal_id_set

    def forget_legal(self) -> None:
        """Forget the legal actions listed before and list those of the position just reached, once:
        after every action and any other change of state (a re-dealt world, a test's edit), so every
        later question (``legal_actions``, ``apply``) reads the same list."""
        if self.over:
            legal: list[Action] = []
        else:
            frame = self.stack[-1]
            legal = getattr(self, "_legal_" + frame["kind"])(frame)
        self._legal = legal
        self._legal_id_set = frozenset(map(id, legal))

    def _why_illegal(self, action: Action) -> Msg | None:
        if self.over:
            return Msg("spellcaster.why.over")
        if id(action) in self._legal_id_set:     # the engine's actions are interned (one per text)
            return None
        return Msg("spellcaster.why.not_now", kind=Msg("spellcaster.frame." + self.stack[-1]["kind"]))

    def _legal_buy(self, frame: dict[str, Any]) -> list[Action]:
        return list(_BUYS)

    def _legal_turn(self, frame: dict[str, Any]) -> list[Action]:
        seat, t = frame["seat"], self.turn
        out: list[Action] = []
        ap_left = t["ap"] - t["used"]
        first_ok = t["used"] > 0 or t["ap"] == 1          # RULE 9: the first action is Conjure or Rest
        acting = ap_left > 0 and first_ok                  # an action point for Move, Control, Continue, Capture
        if ap_left > 0:
            if not t["conjured"] and not t["rested"]:
                out.extend(self._conjure_choices(seat))
            if not t["rested"] and not t["conjured"] and not t["moved"]:
                out.append(REST)
            if first_ok and not t["rested"]:
                out.extend(MOVE[p] for p in NEIGHBOURS[self.pos[seat]])
        can_capture = None                                 # worked out at the first wild spell
        owes = False                                       # rule 10: a duty left, so the turn cannot end
        for sid, _, sp in self._slots:
            state = sp["state"]
            if state not in _IN_PLAY:
                continue
            if state == "launched" and sp["controller"] == seat:
                if acting or sid in t["free"]:             # a free Control needs no action point
                    out.append(CONTROL[sid])
                out.append(ABANDON[sid])
                owes = owes or self._owes(seat, sid, sp)
            elif state == "locked" and seat in (sp["lock"]["caster"], sp["lock"]["opp"]):
                if acting:
                    out.append(CONTINUE[sid])
                out.append(WITHDRAW[sid])
                owes = owes or self._owes(seat, sid, sp)
            elif state == "wild" and acting:
                if can_capture is None:
                    can_capture = self.pool[seat] > 0 and (
                        not self.options["capture_needs_pair"] or self.free_pairs(seat) > 0)
                if can_capture:
                    out.append(CAPTURE[sid])
            elif state == "ready" and sp["controller"] == seat and sp["since"] < self.turn_no:
                out.append(LAUNCH[sid])
        if not owes:
            out.append(END)
        out.sort(key=_BY_VERB_ARG)                  # the order of their texts
        return out

    def _conjure_choices(self, seat: int) -> tuple[Action, ...]:
        """RULE 11: draw only from decks of elements active at the SpellCaster's point."""
        decks = self.decks[seat]
        return _conjures(POINTS[self.pos[seat]], min(3, len(decks["F"])), min(3, len(decks["E"])),
                         min(3, len(decks["W"])), min(3, len(decks["A"])))

    def duties(self, seat: int) -> list[str]:
        """Rule 10: spells this seat must still Control (or abandon) and contests to Continue (or withdraw)."""
        return [sid for sid, _, sp in self._slots if sp["state"] in _IN_PLAY and self._owes(seat, sid, sp)]

    def _owes(self, seat: int, sid: str, sp: dict[str, Any]) -> bool:
        """Rule 10 for one spell: ``seat`` must still Control it (launched) or Continue it (locked) this turn."""
        t = self.turn
        if sp["state"] == "launched":
            return sp["controller"] == seat and sid not in t["controlled"] and (
                sid not in t["fresh"] or self.options["duty_on_launch_turn"])
        return sp["state"] == "locked" and seat in (sp["lock"]["caster"], sp["lock"]["opp"]) and \
            sp["lock"]["since"] < self.turn_no and sid not in t["continued"]

    def free_pairs(self, seat: int) -> int:
        """Familiar pairs not on the board: one pair per Focus point."""
        used = 0
        for _, _, sp in self._slots:
            if sp["controller"] == seat and sp["state"] in _PAIR_OUT:
                used += 1
        return max(0, self.focus[seat] - used)     # launch_needs_pair=False may put more out than pairs

    def fits(self, seat: int, slot: int, section: str, value: int) -> bool:
        """RULE 12 and S17: the card fits the section, the spell's card count and the Skill limit, and
        the spell can still be completed afterwards (no display slot is ever dead)."""
        return section in self._rooms(seat)[slot].get(value, ())

    def _rooms(self, seat: int) -> list[dict[int, tuple[str, ...]]]:
        """Per display slot of ``seat``: card value -> the sections a card of that value fits (:meth:`fits`)."""
        skill, options = self.skill[seat], self.options
        min_motion, min_mass = options["complete_min_motion"], options["complete_min_mass"]
        rooms = []
        for sp in self.spells[seat]:
            state = sp["state"]
            if state == "empty":
                rooms.append(_room(0, 0, skill, min_motion, min_mass))
            elif state == "building":
                motion, mass = sp["motion"], sp["mass"]
                left = skill
                for card in motion:
                    left -= _VALUE[card[0]]
                for card in mass:
                    left -= _VALUE[card[0]]
                rooms.append(_room(len(motion), len(mass), left, min_motion, min_mass))
            else:
                rooms.append(_NO_ROOM)
        return rooms

    def complete(self, sp: dict[str, Any]) -> bool:
        """S5: a spell is complete with enough Motion and Mass cards."""
        return (sp["state"] == "building" and len(sp["motion"]) >= self.options["complete_min_motion"] and
                len(sp["mass"]) >= self.options["complete_min_mass"])

    def _legal_draw(self, frame: dict[str, Any]) -> list[Action]:
        seat = frame["seat"]
        rooms = self._rooms(seat)
        if frame["option"] == "B":
            value = frame["cards"][0][1]
            return [PUTBACK] + [_hide(i, sec) for i, room in enumerate(rooms) for sec in room.get(value, ())]
        out = [show for card in {f"{e}{v}": v for e, v, _ in frame["cards"]}.items()    # a card drawn twice once
               for i, room in enumerate(rooms) if card[1] in room for show in _shows(card, i, room[card[1]])]
        return sorted(out, key=_BY_ARG) if out else [PUTBACK]      # all "show": the order of their texts

    def _legal_launch(self, frame: dict[str, Any]) -> list[Action]:
        return [LAUNCH[sid] for sid in self.launchable(frame["seat"])] + [DONE]

    def launchable(self, seat: int) -> list[str]:
        """Complete spells ``seat`` could launch now (an unused token; a free familiar pair)."""
        if self.pool[seat] < 1 or (self.options["launch_needs_pair"] and self.free_pairs(seat) < 1):
            return []
        complete = self.complete
        return [sid for sid, owner, sp in self._slots if owner == seat and complete(sp)]

    def _legal_offer(self, frame: dict[str, Any]) -> list[Action]:
        return [CONTEST, DECLINE]

    def _legal_order(self, frame: dict[str, Any]) -> list[Action]:
        return [RESOLVE[str(q)] for q in frame["left"]]

    def _legal_return(self, frame: dict[str, Any]) -> list[Action]:
        return [RETURN_DOWN, RETURN_UP]

    # ================================================================ doing
    def _do(self, action: Action) -> None:
        getattr(self, "_do_" + action.verb)(self.stack[-1], action.arg)
        self._advance()
        self.forget_legal()

    def _do_buy(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        bought = tuple(int(x) for x in arg.split())
        self._buy(seat, bought)
        self._emit("buy", seat, to=[seat], secret={"life": self.life[seat], "will": self.will[seat],
                                                   "focus": self.focus[seat], "skill": self.skill[seat]})
        self.stack.pop()
        if not self.stack:                     # S16: chosen in secret, revealed together
            self._emit("reveal", None, attributes=[[self.life[s], self.will[s], self.focus[s], self.skill[s]]
                                                   for s in range(self.players)])
            self._apply_life_deal()
            self._start_round()

    def _spend(self) -> None:
        self.turn["used"] += 1

    def _do_conjure(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        self._spend()
        self.turn["conjured"] = True
        option, decks = arg.split()
        cards = []
        for e in decks:
            value, flag = self.decks[seat][e].pop()
            cards.append([e, value, flag])
        self._emit("draw", seat, option=option, decks=decks, to=[seat],
                   secret={"cards": [f"{e}{v}" for e, v, _ in cards]})
        self.stack.append({"kind": "draw", "seat": seat, "option": option, "cards": cards})

    def _put_back(self, seat: int, cards: list[list[Any]], face_up: bool) -> None:
        """Return cards to the top of their decks (S4), the last one ending on top."""
        for e, v, flag in cards:
            deck = self.decks[seat][e]
            deck.append([v, PUBLIC if face_up or flag == PUBLIC else OWNER])
            if self.options["return_to"] == "shuffle":
                self.rng.shuffle(deck)
                for card in deck:
                    card[1] = HIDDEN

    def _place(self, seat: int, slot: int, section: str, card: str, face_up: bool, known: bool) -> None:
        """Put ``card`` on the display; ``known``: every player knows its value (S18), face up or not."""
        sp = self.spells[seat][slot]
        sp["state"] = "building"
        sp[section].append([card, face_up, known])

    def _do_show(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        card, slot, section = arg.split()
        cards = frame["cards"]
        index = next(i for i, (e, v, _) in enumerate(cards) if f"{e}{v}" == card)
        chosen = cards.pop(index)
        self._place(seat, int(slot) - 1, section, card, True, True)
        self._put_back(seat, list(reversed(cards)), False)
        self._emit("place", seat, option="A", card=card, slot=int(slot), section=section,
                   returned="".join(e for e, _, _ in reversed(cards)))
        del chosen
        self._end_conjure(seat)

    def _do_hide(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        slot, section = arg.split()
        e, v, flag = frame["cards"][0]
        self._place(seat, int(slot) - 1, section, f"{e}{v}", False, flag == PUBLIC)   # S18: a public top stays known
        self._emit("place", seat, option="B", element=e, slot=int(slot), section=section, to=[seat],
                   secret={"card": f"{e}{v}"})
        self._end_conjure(seat)

    def _do_putback(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        cards = frame["cards"]
        face_up = frame["option"] == "B"
        self._put_back(seat, list(reversed(cards)), face_up)
        if face_up:
            self._emit("putback", seat, option="B", cards=[f"{e}{v}" for e, v, _ in cards])
        else:
            self._emit("putback", seat, option="A", decks="".join(e for e, _, _ in reversed(cards)))
        self._end_conjure(seat)

    def _end_conjure(self, seat: int) -> None:
        """The card step is over; RULE 13: the Conjure action may end with a launch."""
        self.stack.pop()
        if self.launchable(seat):
            self.stack.append({"kind": "launch", "seat": seat})

    def _do_done(self, frame: dict[str, Any], arg: str) -> None:
        self.stack.pop()

    def _do_rest(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        self._spend()
        self.turn["rested"] = True
        before = self.life[seat]
        self.life[seat] = min(self.max_life(seat), before + rest_gain(self.pos[seat]))
        self._emit("rest", seat, gain=self.life[seat] - before, life=self.life[seat])

    def _do_move(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["seat"]
        self._spend()
        self.turn["moved"] = True
        self._emit("move", seat, frm=self.pos[seat], to_point=arg)
        self.pos[seat] = arg
        for sid, _, sp in list(self.all_spells()):          # RULE 20: each familiar here strikes the mover
            if not self.alive[seat] or self.over:
                break
            if sp["state"] in ("launched", "wild") and sp["point"] == arg and (
                    self.options["strike_own_caster"] or sp["controller"] != seat):
                self.impact(sid, arg, struck=[seat])

    def _do_end(self, frame: dict[str, Any], arg: str) -> None:
        self._end_turn()

    def _do_return(self, frame: dict[str, Any], arg: str) -> None:
        self.stack.pop()
        self._return_cards(frame["seat"], frame["cards"], frame["known"], arg == "up")

    def _return_cards(self, owner: int, cards: list[str], known: list[bool], face_up: bool) -> None:
        """S4/S18: the cards go on top of their decks; a card everyone saw stays known face down too."""
        self._put_back(owner, [[c[0], int(c[1:]), PUBLIC if k else OWNER] for c, k in zip(cards, known)], face_up)
        if face_up:
            self._emit("return", owner, face="up", cards=list(cards))
        else:
            self._emit("return", owner, face="down", decks="".join(c[0] for c in cards),
                       public=[c for c, k in zip(cards, known) if k], to=[owner], secret={"cards": list(cards)})

    def clear_spell(self, owner: int, slot: int) -> tuple[list[str], list[bool]]:
        """Empty a display slot; its cards (Motion first) and whether each is public are handed back."""
        sp = self.spells[owner][slot]
        cards = sp["motion"] + sp["mass"]
        sp.update(new_spell(self.players))          # in place: all_spells() holds this dict
        return [c[0] for c in cards], [c[2] for c in cards]

    def send_back(self, owner: int, cleared: tuple[list[str], list[bool]]) -> None:
        """RULE 15/23: the owner returns the cards face up or down; a retired owner's go face down."""
        cards, known = cleared
        if not cards:
            return
        if self.alive[owner] and not self.over:
            self.stack.append({"kind": "return", "seat": owner, "cards": cards, "known": known})
        else:
            self._return_cards(owner, cards, known, False)

    # ================================================================ turns and rounds
    def _start_round(self) -> None:
        self.round += 1
        limit = self.options["round_limit"]
        if limit and self.round > limit:
            best = max(self.life[s] for s in range(self.players) if self.alive[s])
            self._finish([s for s in range(self.players) if self.alive[s] and self.life[s] == best])
            return
        self._emit("round", None, round=self.round)
        self.turn = None
        self.stack = []
        wild = [sid for sid, _, sp in self.all_spells() if sp["state"] == "wild"]
        if wild:                                   # RULE 7: wild spells move before the first turn
            self.start_wild(self._next_alive(self.first, include=True), wild)

    def _next_alive(self, seat: int, include: bool = False) -> int:
        n = self.players
        for k in range(0 if include else 1, n + 1):
            q = (seat + k) % n
            if self.alive[q]:
                return q
        raise AssertionError("nobody is standing")

    def _start_turn(self, seat: int) -> None:
        self.turn_no += 1
        self.turn = {"seat": seat, "ap": action_points(self.life[seat]), "used": 0, "conjured": False,
                     "rested": False, "moved": False, "controlled": [], "continued": [], "fresh": [],
                     "free": []}
        self.stack = [{"kind": "turn", "seat": seat}]
        self._emit("turn", seat, ap=self.turn["ap"])

    def _end_turn(self) -> None:
        seat = self.turn["seat"]
        for sid, _, sp in self.all_spells():                 # an unused free launch lapses
            if sp["state"] == "ready" and sp["controller"] == seat and sp["since"] < self.turn_no:
                self.unready(sid)
        self._emit("end", seat)
        self.stack = []
        n, first = self.players, self.first
        for k in range((seat - first) % n + 1, n):         # the next standing seat clockwise this round
            if self.alive[(first + k) % n]:
                self._start_turn((first + k) % n)
                return
        self._start_round()

    def unready(self, sid: str) -> None:
        """A free launch not taken: the spell is an ordinary complete spell again, its token back."""
        sp = self.spell(sid)
        caster = sp["controller"]
        self.pool[caster] += sp["tokens"][caster]
        sp["tokens"][caster] = 0
        sp["state"], sp["controller"], sp["origin"] = "building", None, None
        self._emit("lapse", caster, spell=sid)

    def _finish(self, winners: list[int]) -> None:
        self.over = True
        self.winners = sorted(winners)
        for frame in reversed(self.stack):          # cards still in someone's hand go home face down
            if frame["kind"] == "return":
                self._return_cards(frame["seat"], frame["cards"], frame["known"], False)
            elif frame["kind"] == "draw":
                self._put_back(frame["seat"], list(reversed(frame["cards"])), False)
        self.stack = []
        self._emit("game_over", None, winners=self.winners)

    def _advance(self) -> None:
        """Settle automatic steps until a real decision is on top of the stack (or the game is over)."""
        while not self.over:
            if not self.stack:                     # the wild-spell movement is over: the first turn
                self._start_turn(self._next_alive(self.first, include=True))
                continue
            frame = self.stack[-1]
            kind, seat = frame["kind"], frame["seat"]
            if kind == "turn":
                if not self.alive[seat]:
                    self._end_turn()
                    continue
                t = self.turn
                if t["used"] >= t["ap"] and not self.duties(seat) and not any(
                        sp["controller"] == seat and (sp["state"] == "ready" or sid in t["free"] and sp["state"] == "launched")
                        for sid, _, sp in self.all_spells()):
                    self._end_turn()
                    continue
                return
            if not self.alive[seat] and kind != "buy":
                self.settle_for_retired(frame)
                continue
            if not self.settle(frame):
                return

    def settle(self, frame: dict[str, Any]) -> bool:
        """Resolve a frame that needs no decision now; True if something changed."""
        kind = frame["kind"]
        if kind == "offer":
            return self.settle_offer(frame)
        if kind == "order":
            return self.settle_order(frame)
        if kind == "motion":
            return self.settle_motion(frame)
        if kind == "wild":
            return self.settle_wild(frame)
        return False

    def settle_for_retired(self, frame: dict[str, Any]) -> None:
        """A decision of a SpellCaster who has just retired is taken for them, or dropped."""
        kind = frame["kind"]
        if kind == "return":
            self.stack.pop()
            self._return_cards(frame["seat"], frame["cards"], frame["known"], False)
        elif kind == "offer":
            self.decline(frame)
        elif kind == "wild":
            self.wild_retired(frame)
        else:                      # a draw, launch choice, contest order or route of a retired caster
            self.stack.pop()
            if kind == "draw":
                self._put_back(frame["seat"], list(reversed(frame["cards"])), False)
            elif kind == "order":
                self.abandon_contests(frame)

    # ================================================================ saves
    def _snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round, "turn_no": self.turn_no, "first": self.first, "over": self.over,
            "winners": list(self.winners), "alive": list(self.alive), "rows": list(self.rows),
            "will": list(self.will), "focus": list(self.focus), "skill": list(self.skill),
            "life": list(self.life), "pool": list(self.pool), "lost": list(self.lost), "pos": list(self.pos),
            "decks": [{e: [list(c) for c in d[e]] for e in ELEMENTS} for d in self.decks],
            "spells": [[_plain(sp) for sp in row] for row in self.spells],
            "turn": _plain(self.turn), "stack": [_plain(f) for f in self.stack], "rolls": list(self.rolls),
        }


def _plain(value: Any) -> Any:
    """A JSON-shaped deep copy (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
