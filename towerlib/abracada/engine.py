"""The Abracada...What? engine: RULES.md section 1, rules 1-30 with the resolutions Q1-Q21.

State is kept in plain lists of small integers so that random playouts are fast; every
change is announced as an :class:`~towerlib.core.Event`. Hands are ordered oldest stone
first; for each stone the engine also tracks which values its owner has *seen ruled out*
(as a bit mask), because that is exactly what the owner knows about a stone they cannot see:
a failed cast of v rules v out for every stone held at that moment, and a successful cast of
v that takes the stone in slot i rules v out for the older slots (see ``rules.py``).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from ..core import Event, GameBase, InvalidDeal, InvalidOption, Msg, Outcome
from . import rules as R
from .views import seat_fields, seat_view
from .actions import CAST, END, NEXT_ROUND, Action, Cast, EndTurn, NextRound, parse_action

PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"
_event = tuple.__new__     # the hot paths below build Events directly (a playout makes millions)

DRAGON, WANDERER, DREAM, SINGER, TEMPEST, BLIZZARD, FIREBALL, DRINK = R.SPELLS
HAND_SIZE, MAX_LIFE, WINNING_SCORE, SECRET_STONES = R.HAND_SIZE, R.MAX_LIFE, R.WINNING_SCORE, R.SECRET_STONES

# Every list of legal actions a position can have, built once. The game keeps the number of the
# one that applies now (``_choices``) and changes it only when the position changes, so asking
# for the legal actions (a random playout does for every move) is a single lookup.
#   0     a fresh turn: any spell
#   1..8  after casting that value: end the turn, or cast that value or higher (rule 11)
#   9     after a cast where any order is allowed (the easy variant, call-outs: Q6)
#   10    the round is scored: only "next round";  11  the game is over: nothing
FRESH_TURN, ANY_ORDER, ROUND_DONE, GAME_DONE = 0, 9, 10, 11
_CHOICES = (tuple(CAST[v] for v in R.SPELLS),
            *((END, *(CAST[v] for v in R.SPELLS if v >= last)) for last in R.SPELLS),
            (END, *(CAST[v] for v in R.SPELLS)),
            (NEXT_ROUND,),
            ())
# For the apply fast paths (``AbracadaGame.apply``, and GameBase.apply through ``_legal_ids``):
# the members of each list above, by identity.
_CHOICE_IDS = tuple(frozenset(map(id, t)) for t in _CHOICES)
_CHOICE_TEXTS = tuple(tuple(map(str, t)) for t in _CHOICES)
# ... and by their exact text: a bot reads its actions from a view, as texts (see ``apply``).
_CHOICE_BY_TEXT = tuple({str(a): a for a in t} for t in _CHOICES)
# For a hand of k stones (never more than HAND_SIZE): its slot numbers, and k masks with nothing
# ruled out yet. Built once: nearly every cast loops over a hand's slots, and making a range()
# for each of those loops costs about a third as much as the loop itself (issue #14.3).
_SLOTS = tuple(range(k) for k in range(HAND_SIZE + 1))
_NOTHING_RULED_OUT = tuple((0,) * k for k in range(HAND_SIZE + 1))


def _deal_layout(n: int) -> tuple[tuple[slice, ...], slice, slice, slice]:
    """Where a round's shuffled stones go for ``n`` players, in this order (part of what a seed
    means to a save): one slice per hand, the stones removed face up, the secret pool, the pile.

    Worked out once per player count (``_DEALT_AT``) rather than at every deal.
    """
    hands_end = HAND_SIZE * n
    removed_end = hands_end + R.REMOVED_FACE_UP[n]
    secret_end = removed_end + SECRET_STONES
    return (tuple(slice(i, i + HAND_SIZE) for i in range(0, hands_end, HAND_SIZE)),
            slice(hands_end, removed_end), slice(removed_end, secret_end), slice(secret_end, None))


_DEALT_AT = {n: _deal_layout(n) for n in range(R.MIN_PLAYERS, R.MAX_PLAYERS + 1)}


class AbracadaGame(GameBase):
    """One game of Abracada...What? for 2-5 players, played over rounds to 8 points."""

    game_name = "abracada"
    MIN_PLAYERS = R.MIN_PLAYERS
    MAX_PLAYERS = R.MAX_PLAYERS
    OPTIONS = R.OPTIONS
    list_options = ("die_faces",)      # the public options whose values are lists (views copy them)
    _interned = {Cast: {c: c for c in CAST.values()}, EndTurn: {END: END}, NextRound: {NEXT_ROUND: NEXT_ROUND}}

    # ----- set-up ---------------------------------------------------------------------------
    def _setup(self, deal: Mapping[str, Any] | None) -> None:
        n = self.players
        if self.options["first_player"] >= n:
            raise InvalidOption("error.bad_option", name="first_player", value=self.options["first_player"],
                                allowed=f"0 to {n - 1}")
        o = self.options
        # Options read on hot paths, copied once. Keep the instance's attributes at 30 or fewer:
        # CPython 3.11 shares one key table among a class's instances only up to 30 names, and
        # past that every attribute read in the engine gets slower (about 8% on a playout).
        # For views, the options as JSON values: the die's faces (a tuple) is the only one to turn into a list.
        self.public_options = dict(o, die_faces=list(o["die_faces"]))     # options never change
        self._any_order = o["easy"] or o["lower_declaration"] == "auto_callout"   # rule 11 / Q6
        self._last_standing = o["last_standing"]
        # The protocol's ``is_over``: a plain attribute, set where the phase becomes GAME_OVER
        # (``_end_round``), since a playout reads it before every move and a property costs a
        # Python call each time (issue #14.3).
        self.is_over = False
        self.scores_list = [0] * n
        self.round_no = 0
        self.winners: tuple[int, ...] = ()
        self.result: dict[str, Any] | None = None
        start_lives = None
        if deal is not None:
            start_lives = _check_deal(deal, n)
            if "scores" in deal:
                self.scores_list = list(deal["scores"])
        self._start_round(o["first_player"], deal, start_lives)

    def _start_round(self, starter: int, deal: Mapping[str, Any] | None = None,
                     start_lives: list[int] | None = None) -> None:
        n = self.players
        self.round_no += 1
        if deal is None:
            stones = list(R.ALL_STONES)
            self.rng.shuffle(stones)
            hands_at, removed_at, secret_at, pile_at = _DEALT_AT[n]     # see _deal_layout
            hands = [stones[at] for at in hands_at]
            removed, secret, pile = stones[removed_at], stones[secret_at], stones[pile_at]
        else:
            hands = [list(h) for h in deal["hands"]]
            removed = list(deal["removed"])
            secret = list(deal["secret"])
            pile = list(reversed(deal["pile"]))      # the deal lists the pile in drawing order
        self.hands = hands
        self.known_not = [[0] * HAND_SIZE for _ in hands]   # every hand is dealt full (see _check_deal)
        self.pile = pile                             # drawn from the end
        self.secret_pool = secret
        self.secrets: list[list[int]] = [[] for _ in hands]
        removed.sort()                               # a new list in both branches, sorted in place
        self.removed = removed
        self.cast = [0] * 9                          # stones cast this round, by value
        self.lives = list(start_lives) if start_lives else [R.START_LIFE] * n
        self.alive = [True] * n
        self.round_points = [0] * n
        self.current = starter
        self.chain = 0                               # value cast last this turn; 0 = nothing yet
        self.phase = PLAY
        self._choices = FRESH_TURN
        self.result = None
        self.events.append(_event(Event, ("round_start", None, {
            "round": self.round_no, "starter": starter, "removed": self.removed[:],
            "hands": [h[:] for h in hands], "pile": len(pile), "secret_pool": len(secret)})))

    # ----- the protocol -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == GAME_OVER else self.current

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.scores_list)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions allowed now: one of the precomputed tuples (see ``_CHOICES``)."""
        return _CHOICES[self._choices]

    def apply(self, action: Any) -> list[Event]:
        """Play ``action`` and return the events it caused, as :meth:`GameBase.apply` does.

        The action objects ``legal_actions()`` lists now (what random playouts hand back), and
        their exact texts as a view lists them (what bots hand back), are played at once.
        Anything else (another spelling, a hand-built or an illegal action) goes through
        ``GameBase.apply``, which reads and checks it.
        """
        choices = self._choices
        if id(action) not in _CHOICE_IDS[choices]:
            listed = _CHOICE_BY_TEXT[choices].get(action) if type(action) is str else None
            if listed is None:
                return super().apply(action)
            action = listed
        events = self.events
        start = len(events)
        self._do(action)
        self.history.append(action)
        return events[start:]

    def _legal_ids(self) -> frozenset[int]:
        return _CHOICE_IDS[self._choices]

    def legal_texts(self) -> list[str]:
        """The texts of ``legal_actions()``, a new list (for views)."""
        return [*_CHOICE_TEXTS[self._choices]]

    def outcome(self) -> Outcome | None:
        if self.phase != GAME_OVER:
            return None
        return Outcome(self.winners, self.scores, "shared" if len(self.winners) > 1 else "top_of_tower")

    def view(self, seat: int, log: bool = True) -> dict[str, Any]:
        """What ``seat`` may see; ``log=False`` leaves out this round's event log (bots)."""
        return seat_view(self, self._seat(seat), log)

    def partial_view(self, seat: int, fields: Sequence[str]) -> dict[str, Any]:
        """Only the named ``fields`` of ``view(seat)``, each built as the whole view builds it."""
        return seat_fields(self, self._seat(seat), fields)

    def _seat(self, seat: Any) -> int:
        """``seat``, checked: a plain int in range at once (bots ask once per action), anything
        else through ``GameBase._check_seat`` and its typed error."""
        if type(seat) is int and 0 <= seat < self.players:
            return seat
        return self._check_seat(seat)

    def _parse(self, text: str) -> Action | None:
        return parse_action(text)

    def _why_illegal(self, action: Any) -> Msg | None:
        kind = type(action)
        if self.phase == GAME_OVER:
            return Msg("abracada.why.game_over")
        if kind is Cast:
            if self.phase != PLAY:
                return Msg("abracada.why.round_over")
            v = action.value
            if v not in R.STONE_COUNTS:
                return Msg("abracada.why.no_such_spell", value=v)
            if v < self.chain and not self._any_order:
                return Msg("abracada.why.lower", value=v, last=self.chain)
            return None
        if kind is EndTurn:
            if self.phase != PLAY:
                return Msg("abracada.why.round_over")
            return None if self.chain else Msg("abracada.why.must_cast")
        if kind is NextRound:
            return None if self.phase == ROUND_OVER else Msg("abracada.why.round_running")
        return Msg("abracada.why.not_an_action", action=repr(action))

    def _do(self, action: Action) -> None:
        kind = type(action)
        if kind is Cast:
            self._cast(action.value)
        elif kind is EndTurn:
            self._end_turn()
        else:
            self._start_round(self.current)

    # ----- a turn -------------------------------------------------------------------------------
    def _left(self, p: int) -> int:
        n, alive = self.players, self.alive
        q = (p + 1) % n
        while not alive[q]:
            q = (q + 1) % n
        return q

    def _right(self, p: int) -> int:
        n, alive = self.players, self.alive
        q = (p - 1) % n
        while not alive[q]:
            q = (q - 1) % n
        return q

    def _change_life(self, q: int, amount: int, cause: str | int) -> None:
        lives = self.lives
        old = lives[q]
        new = old + amount
        new = 0 if new < 0 else MAX_LIFE if new > MAX_LIFE else new
        lives[q] = new
        self.events.append(_event(Event, ("life", q, {"amount": amount, "change": new - old, "life": new,
                                                        "cause": cause})))

    def _roll(self, p: int, spell: int) -> int:
        value = self.rng.pick(self.options["die_faces"])
        self.events.append(_event(Event, ("roll", p, {"value": value, "spell": spell})))
        return value

    def _cast(self, v: int) -> None:
        p = self.current
        if v < self.chain and not self.options["easy"]:   # auto_callout: a lower declaration
            self._emit("callout", p, value=v, last=self.chain)
            self._change_life(p, -1, "callout")
            self._after_own_loss(p)
            return
        hand = self.hands[p]
        known = self.known_not[p]
        bit = 1 << v
        events = self.events
        if v not in hand:                                 # rule 7: failure
            for j in _SLOTS[len(known)]:
                known[j] |= bit
            events.append(_event(Event, ("miss", p, {"value": v})))
            loss = self._roll(p, v) if v == DRAGON else 1
            lives = self.lives
            old = lives[p]
            lives[p] = new = old - loss if old > loss else 0
            events.append(_event(Event, ("life", p, {"amount": -loss, "change": new - old, "life": new,
                                                       "cause": v})))
            if new:
                self._end_turn()
            else:
                self._after_own_loss(p)
            return
        i = hand.index(v)                                 # the oldest matching stone is taken
        del hand[i]
        del known[i]
        for j in _SLOTS[i]:
            known[j] |= bit
        self.cast[v] += 1
        self.chain = v
        self._choices = ANY_ORDER if self._any_order else v
        remover = self._right(p) if self._last_standing else (p - 1) % self.players
        events.append(_event(Event, ("cast", p, {"value": v, "slot": i, "remover": remover})))
        _EFFECTS[v](self, p)
        if self._last_standing or 0 in self.lives or not hand:
            self._after_cast(p)                           # someone is out, or the hand is empty

    # Rules 15-22: what each spell does once cast (``_EFFECTS`` below lists them by value).
    def _dragon(self, p: int) -> None:
        """Ancient Dragon: roll the die; every other player loses that much."""
        r = self._roll(p, DRAGON)
        for q in self._others(p):
            self._change_life(q, -r, DRAGON)

    def _wanderer(self, p: int) -> None:
        """Dark Wanderer: every other player loses 1, the caster gains 1 (Q1: maybe loses 1 first)."""
        for q in self._others(p):
            self._change_life(q, -1, WANDERER)
        if self.options["dark_wanderer_hits_caster"]:
            self._change_life(p, -1, WANDERER)
        self._change_life(p, 1, WANDERER)

    def _dream(self, p: int) -> None:
        """Sweet Dream: the caster rolls the die and gains that much."""
        self._change_life(p, self._roll(p, DREAM), DREAM)

    def _singer(self, p: int) -> None:
        """Night Singer: take a secret stone, automatically and uniformly at random (Q9/Q10)."""
        pool = self.secret_pool
        if pool:
            stone = pool.pop(self.rng.below(len(pool)))
            self.secrets[p].append(stone)
            self._emit("secret", p, value=stone)
        else:
            self._emit("secret", p, value=None)

    def _tempest(self, p: int) -> None:
        """Lightning Tempest: both neighbours lose 1 (Q4: one player loses 1 when they are the same)."""
        left, right = self._left(p), self._right(p)
        self._change_life(left, -1, TEMPEST)
        if right != left:
            self._change_life(right, -1, TEMPEST)

    def _blizzard(self, p: int) -> None:
        """Blizzard: the left neighbour loses 1."""
        self._change_life(self._left(p), -1, BLIZZARD)

    def _fireball(self, p: int) -> None:
        """Fireball: the right neighbour loses 1."""
        self._change_life(self._right(p), -1, FIREBALL)

    def _drink(self, p: int) -> None:
        """Magic Drink: the caster gains 1."""
        self._change_life(p, 1, DRINK)

    def _others(self, p: int) -> list[int]:
        return [q for q in range(self.players) if q != p and self.alive[q]]

    def _after_cast(self, p: int) -> None:
        lives = self.lives
        empty = not self.hands[p]
        if self._last_standing:
            alive = self.alive
            for q in range(self.players):
                if alive[q] and lives[q] == 0:
                    alive[q] = False
                    self._emit("knockout", q, by=p)
            if sum(alive) == 1:
                self._end_round("last_standing", p, winner=p)
            elif empty:
                self._end_turn()
            return
        if 0 in lives and not (empty and self.options["empty_and_ko_precedence"] == "empty"):
            for q in range(self.players):
                if lives[q] == 0:
                    self._emit("knockout", q, by=p)
            self._end_round("knockout", p, winner=p)
        elif empty:                                       # Q13: an empty hand ends the turn
            self._end_turn()

    def _after_own_loss(self, p: int) -> None:
        """After a failure or a call-out: a self knock-out, or the turn simply ends."""
        if self.lives[p] > 0:
            self._end_turn()
            return
        self._emit("knockout", p, by=p)
        if not self._last_standing:
            self._end_round("self_knockout", p, loser=p)
            return
        self.alive[p] = False
        if sum(self.alive) == 1:
            self._end_round("last_standing", p, winner=self.alive.index(True))
        else:
            self._pass_turn(p)

    def _end_turn(self) -> None:
        p = self.current
        hand = self.hands[p]
        events = self.events
        events.append(_event(Event, ("end_turn", p, {})))
        if not hand:
            self._end_round("empty_hand", p, winner=p)
            return
        need = HAND_SIZE - len(hand)
        pile = self.pile
        if need > 0 and pile:
            drawn = pile[:-need - 1:-1]                   # the top of the pile is its end
            del pile[-need:]
            hand += drawn
            self.known_not[p] += _NOTHING_RULED_OUT[len(drawn)]
            events.append(_event(Event, ("draw", p, {"values": drawn})))
        self.current = self._left(p) if self._last_standing else (p + 1) % self.players   # = _pass_turn
        self.chain = 0
        self._choices = FRESH_TURN

    def _pass_turn(self, p: int) -> None:
        self.current = self._left(p) if self._last_standing else (p + 1) % self.players
        self.chain = 0
        self._choices = FRESH_TURN

    # ----- end of a round ---------------------------------------------------------------------
    def _end_round(self, reason: str, ender: int, winner: int | None = None, loser: int | None = None) -> None:
        n = self.players
        lives = self.lives
        secrets = self.secrets
        points = [0] * n
        if reason == "last_standing" or (self._last_standing and reason == "empty_hand"):
            points[winner] = R.LAST_STANDING_WIN_POINTS + len(secrets[winner])
        else:
            if reason == "empty_hand":
                for q in range(n):
                    if q != winner and lives[q]:
                        self._change_life(q, -lives[q], "empty_hand")
            won = R.EMPTY_HAND_POINTS if reason == "empty_hand" else R.KNOCKOUT_WIN_POINTS
            for q in range(n):
                if q == winner:
                    points[q] = won
                elif q != loser and lives[q] > 0:
                    points[q] = R.SURVIVOR_POINTS
                if lives[q] > 0:                           # rule 27: the secret-stone award
                    points[q] += len(secrets[q])
        self.round_points = points
        scores = self.scores_list
        for q in range(n):
            total = scores[q] + points[q]
            scores[q] = total if total < WINNING_SCORE else WINNING_SCORE   # the top of the tower (Q15)
        self.result = result = {"round": self.round_no, "reason": reason, "winner": winner, "loser": loser,
                                "points": points, "scores": scores[:], "lives": lives[:],
                                "hands": [h[:] for h in self.hands], "secrets": [s[:] for s in secrets]}
        events = self.events
        events.append(_event(Event, ("round_end", ender, result.copy())))
        if WINNING_SCORE in scores:                       # rule 29 and Q15's tie-breaks
            top = [q for q in range(n) if scores[q] >= WINNING_SCORE]
            best = max((points[q], lives[q]) for q in top)
            self.winners = tuple(q for q in top if (points[q], lives[q]) == best)
            self.phase = GAME_OVER
            self.is_over = True
            self._choices = GAME_DONE
            events.append(_event(Event, ("game_end", None, {"winners": list(self.winners), "scores": scores[:]})))
        else:
            self.phase = ROUND_OVER
            self._choices = ROUND_DONE
            # Q5: the next round starts left of whoever ended this one, or with them ('same').
            self.current = ender if self.options["new_round_starter"] == "same" else (ender + 1) % n

    # ----- saving ---------------------------------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        return {"round": self.round_no, "phase": self.phase, "current": self.current, "chain": self.chain,
                "hands": self.hands, "known_not": self.known_not, "pile": self.pile,
                "secret_pool": self.secret_pool, "secrets": self.secrets, "removed": self.removed,
                "cast": self.cast, "lives": self.lives, "alive": self.alive, "scores": self.scores_list,
                "round_points": self.round_points, "winners": list(self.winners), "events": len(self.events)}


# The spells' effects by value (index 0 unused), so a cast calls its spell's method directly.
_EFFECTS = (None, AbracadaGame._dragon, AbracadaGame._wanderer, AbracadaGame._dream, AbracadaGame._singer,
            AbracadaGame._tempest, AbracadaGame._blizzard, AbracadaGame._fireball, AbracadaGame._drink)


def _check_deal(deal: Mapping[str, Any], n: int) -> list[int] | None:
    """Reject a deal that is not exactly the 36 stones laid out for ``n`` players."""
    if not isinstance(deal, Mapping):
        raise InvalidDeal("abracada.deal.not_mapping")
    known = {"hands", "secret", "removed", "pile", "lives", "scores"}
    for key in deal:
        if key not in known:
            raise InvalidDeal("abracada.deal.unknown_key", key=key, known=", ".join(sorted(known)))
    for key in ("hands", "secret", "removed", "pile"):
        if key not in deal:
            raise InvalidDeal("abracada.deal.missing", key=key)
        if not isinstance(deal[key], (list, tuple)):
            raise InvalidDeal("abracada.deal.not_list", key=key)
    hands = deal["hands"]
    if len(hands) != n:
        raise InvalidDeal("abracada.deal.hand_count", found=len(hands), players=n)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or len(hand) != R.HAND_SIZE:
            raise InvalidDeal("abracada.deal.hand_size", seat=seat, player=seat + 1,
                              found=len(hand) if isinstance(hand, (list, tuple)) else repr(hand), size=R.HAND_SIZE)
    if len(deal["secret"]) != R.SECRET_STONES:
        raise InvalidDeal("abracada.deal.secret_size", found=len(deal["secret"]), size=R.SECRET_STONES)
    if len(deal["removed"]) != R.REMOVED_FACE_UP[n]:
        raise InvalidDeal("abracada.deal.removed_size", found=len(deal["removed"]),
                          size=R.REMOVED_FACE_UP[n], players=n)
    stones = []
    for key in ("hands", "secret", "removed", "pile"):
        listed = [s for h in hands for s in h] if key == "hands" else list(deal[key])
        for s in listed:
            if isinstance(s, bool) or not isinstance(s, int) or s not in R.STONE_COUNTS:
                raise InvalidDeal("abracada.deal.bad_stone", key=key, stone=s)
        stones += listed
    if len(stones) != R.TOTAL_STONES:
        raise InvalidDeal("abracada.deal.pile_size", found=len(deal["pile"]),
                          expected=len(deal["pile"]) + R.TOTAL_STONES - len(stones))
    counts = Counter(stones)
    for v in R.SPELLS:
        if counts[v] != R.STONE_COUNTS[v]:
            raise InvalidDeal("abracada.deal.value_count", value=v, found=counts[v], expected=R.STONE_COUNTS[v])
    for key, low, high in (("lives", 1, R.MAX_LIFE), ("scores", 0, R.WINNING_SCORE - 1)):
        if key in deal:
            values = deal[key]
            if (not isinstance(values, (list, tuple)) or len(values) != n
                    or any(isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high for x in values)):
                raise InvalidDeal("abracada.deal.bad_track", key=key, players=n, low=low, high=high)
    return list(deal["lives"]) if "lives" in deal else None
