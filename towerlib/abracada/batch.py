"""Many Abracada rounds and whole games at once, in numpy (issue #14.1).

A lesson asks "what if?" and wants ten thousand answers in a second. The reference engine
(:mod:`towerlib.abracada.engine`) plays one action at a time in Python; this module plays one
*step* of every unfinished round at once: each step every live round takes exactly one action
(a declaration or ending the turn), so the only Python loop is over steps (about 20 a round,
a few dozen for the longest), never over actions or games.

    from towerlib.abracada import batch
    r = batch.simulate_rounds(100_000, players=4, policies="random", seed=1)
    r.reason_counts()                    # how rounds end, e.g. {"knockout": ..., ...}
    g = batch.simulate_games(10_000, players=3, policies=["random", "counting", "ev"], seed=2)
    g.win_rates()
    batch.simulate_position(game, 10_000, policies="ev", seed=3)   # finish this round 10,000 ways
    batch.simulate_tournament(900, ["random", "counting", "ev"], seed=4).win_rates()  # seats rotated

``seed`` is an integer, None, or a ``numpy.random.Generator`` (calls that share one generator
continue one random stream: handy for "run 100,000 more").

Policies (per seat, or one for every seat) are the three bots of :mod:`towerlib.abracada.bots`,
reading the same information a view gives them and deciding exactly as they do:

* ``"random"``: a uniformly random legal action (:class:`~towerlib.abracada.bots.RandomBot`);
* ``"counting"`` or ``Policy("counting", threshold)``: :class:`~towerlib.abracada.bots.CountingBot`
  (the hypergeometric count with the values ruled out for the whole hand; ties go to the higher
  value; it stops when the best next chance is below the threshold);
* ``"ev"``: :class:`~towerlib.abracada.bots.EVBot` (exact per-stone deduction through the nested
  closed form of :mod:`~towerlib.abracada.deduction`, priced by the bot's own ``_prices_for``,
  which fills a table lazily, so the two can never drift apart).

Counting and EV decisions are bit-for-bit the bots' decisions (same integers, same float
operations in the same order): on a fixed deal with no chance left (a one-faced die and a secret
pool of equal stones) a batch round and the engine with those bots give identical results.

Rules read from RULES.md section 1 (rule numbers there):

* set-up 1-4: a uniform shuffle of the 36 stones; 5 to each hand, the 2/3-player face-up removal,
  4 secret stones, the rest the pile; every life 6; round 1 starts at ``first_player``;
* turn 6-13: a failure costs 1 life, or the die for the Dragon (Q7: floored at 0); a success
  takes the *oldest* matching stone (rule 8's RESOLVED reading, which is what the per-stone
  knowledge records); the chain is non-decreasing unless ``easy``; after the last stone the turn
  ends by itself (Q13); the draw refills to 5 while the pile lasts (Q12);
* spells 15-22 with Q1 (``dark_wanderer_hits_caster``), Q4 (two players: Tempest hits once),
  Q9/Q10 (Night Singer takes a uniformly random secret stone, nothing if none are left);
* round end 23-27 with Q8 (several knock-outs: one winner), Q13 (``empty_and_ko_precedence``),
  the empty-hand reset of rule 26 and the secret-stone award of rule 27;
* games 28-29 with Q5 (``new_round_starter``) and Q15 (scores capped at 8; ties broken by this
  round's points, then life, then shared);
* rule 30 (``last_standing``): knocked-out players are skipped as targets, neighbours and turns,
  a self knock-out passes the turn without a draw, the winner scores 2 plus secret stones;
* Q6 (``lower_declaration="auto_callout"``): a lower declaration costs 1 life and ends the turn,
  and the random policy may choose it, as the engine offers it;
* Q11 (``secret_stone_visibility``) changes only what the counting and EV policies may count.

Every option of :data:`~towerlib.abracada.rules.OPTIONS` is supported (``easy``,
``last_standing``, ``die_faces``, ``dark_wanderer_hits_caster``, ``new_round_starter``,
``lower_declaration``, ``secret_stone_visibility``, ``empty_and_ko_precedence``,
``first_player``); unknown options and bad values raise :class:`~towerlib.core.errors.InvalidOption`
exactly as :func:`towerlib.abracada.new_game` does.

Outcome arrays (one row per round or game) are documented on :class:`RoundResults` and
:class:`GameResults`. ``life_lost`` counts life taken by spells, failures and call-outs as it was
applied (after the floor at 0), not rule 26's reset of the others' lives on an empty hand;
``actions`` counts declarations and turn ends (the engine's history without "next round").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ..core.errors import InvalidOption
from ..core.options import resolve_options
from . import rules as R
from .bots import _prices_for

REASONS = ("knockout", "self_knockout", "empty_hand", "last_standing")
KNOCKOUT, SELF_KNOCKOUT, EMPTY_HAND, LAST_STANDING = range(4)
POLICY_KINDS = ("random", "counting", "ev")
DEFAULT_CHUNK = 1 << 16          # rounds stepped together: big enough to amortise numpy's per-call cost
_MAX_STEPS = 10_000              # a round always ends (Q12); this only guards against a bug
_HAND = R.HAND_SIZE
_STONES = len(R.ALL_STONES)
_ALL_BITS = sum(1 << v for v in R.SPELLS)
_VALUES = np.arange(9)
_SLOTS = np.arange(_HAND)


@dataclass(frozen=True)
class Policy:
    """A seat's policy: ``kind`` is one of :data:`POLICY_KINDS`; ``threshold`` is the counting bot's."""

    kind: str
    threshold: float = 0.5


@dataclass
class RoundResults:
    """One row per round. Seats are columns of the two-dimensional arrays.

    ``reason`` indexes :data:`REASONS`; ``winner`` and ``loser`` are seats or -1 (a self
    knock-out has a loser and no winner); ``ender`` is the seat whose action ended the round and
    ``end_spell`` the value it declared (the spell that knocked out, failed, or emptied the hand);
    ``points`` the round's points (rules 24-27 and 30); ``lives`` the lives at the end (after
    rule 26's reset); ``life_lost`` life taken during the round; ``secrets`` secret stones held;
    ``actions`` declarations and turn ends; ``turns`` turns played, the last one included;
    ``first_spell`` the value of the round's first action (0 = it ended the turn) and
    ``first_hit`` whether that declaration was in the hand (a coin whose chance lesson 5 knows
    exactly: from a fresh deal a random first cast of ``v`` hits with the hypergeometric chance
    that a hand of 5 from 36 stones holds one of the v copies).
    """

    reason: np.ndarray
    winner: np.ndarray
    loser: np.ndarray
    ender: np.ndarray
    end_spell: np.ndarray
    points: np.ndarray
    lives: np.ndarray
    life_lost: np.ndarray
    secrets: np.ndarray
    actions: np.ndarray
    turns: np.ndarray
    first_spell: np.ndarray
    first_hit: np.ndarray

    def __len__(self) -> int:
        return len(self.reason)

    def reason_counts(self) -> dict[str, int]:
        """How many rounds ended each way."""
        counts = np.bincount(self.reason, minlength=len(REASONS))
        return {name: int(k) for name, k in zip(REASONS, counts)}

    def win_counts(self) -> np.ndarray:
        """Rounds won by each seat (a self knock-out has no winner)."""
        players = self.points.shape[1]
        return np.bincount(self.winner[self.winner >= 0], minlength=players)


@dataclass
class GameResults:
    """One row per game: ``winners[g, q]`` is True for every seat that won (Q15 may share a win),
    ``scores`` the final scores, ``rounds`` and ``actions`` the game's length."""

    winners: np.ndarray
    scores: np.ndarray
    rounds: np.ndarray
    actions: np.ndarray

    def __len__(self) -> int:
        return len(self.rounds)

    def win_rates(self) -> np.ndarray:
        """The fraction of games each seat won (a shared win counts for each sharer)."""
        return self.winners.mean(axis=0)


# ----- the public entry points ------------------------------------------------------------------
def simulate_rounds(games: int, players: int = 4, policies: Any = "random", seed: int | None = None,
                    chunk: int = DEFAULT_CHUNK, **options: Any) -> RoundResults:
    """``games`` independent first rounds from fresh deals, started by ``first_player``."""
    spec = _Spec(players, policies, options)
    _check_count("games", games)
    _check_count("chunk", chunk)
    rng = np.random.default_rng(seed)
    out = _empty_rounds(games, players)
    starters = np.full(games, spec.options["first_player"], dtype=np.int64)
    for lo in range(0, games, chunk):
        hi = min(games, lo + chunk)
        _Rounds.fresh(spec, rng, starters[lo:hi]).run(out, lo)
    return out


def simulate_games(games: int, players: int = 4, policies: Any = "random", seed: int | None = None,
                   chunk: int = DEFAULT_CHUNK, **options: Any) -> GameResults:
    """``games`` whole games to 8 points (rules 28-29), each round from a fresh deal."""
    spec = _Spec(players, policies, options)
    _check_count("games", games)
    _check_count("chunk", chunk)
    rng = np.random.default_rng(seed)
    n = players
    scores = np.zeros((games, n), dtype=np.int64)
    winners = np.zeros((games, n), dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    actions = np.zeros(games, dtype=np.int64)
    starter = np.full(games, spec.options["first_player"], dtype=np.int64)
    live = np.arange(games)
    same = spec.options["new_round_starter"] == "same"
    while live.size:
        res = _empty_rounds(live.size, n)
        for lo in range(0, live.size, chunk):
            hi = min(live.size, lo + chunk)
            _Rounds.fresh(spec, rng, starter[live[lo:hi]]).run(res, lo)
        new = np.minimum(scores[live] + res.points, R.WINNING_SCORE)
        scores[live] = new
        rounds[live] += 1
        actions[live] += res.actions
        starter[live] = res.ender if same else (res.ender + 1) % n
        top = new >= R.WINNING_SCORE
        over = top.any(axis=1)
        key = np.where(top, res.points * (R.MAX_LIFE + 1) + res.lives, -1)   # Q15: points, then life
        winners[live[over]] = key[over] == key[over].max(axis=1, keepdims=True)
        live = live[~over]
    return GameResults(winners, scores, rounds, actions)


def simulate_tournament(games: int, policies: Sequence[Any], seed: Any = None, first_game: int = 0,
                        chunk: int = DEFAULT_CHUNK, **options: Any) -> GameResults:
    """Whole games between ``policies`` (one per seat) with the seats rotated, as lesson 5 plays.

    Game ``g`` (counting from ``first_game``, so a tournament can be extended) seats
    ``policies[(s + g) % n]`` in seat s. The result's columns are the *policies*, not the seats:
    ``winners[i, k]`` is True when policy k won game i, ``scores[i, k]`` its final score.
    """
    if isinstance(policies, (str, Policy)):
        raise InvalidOption("error.bad_option", name="policies", value=policies, allowed="one policy per seat")
    n = len(policies)
    _check_count("games", games)
    if isinstance(first_game, bool) or not isinstance(first_game, int) or first_game < 0:
        raise InvalidOption("error.bad_option", name="first_game", value=first_game, allowed="a whole number >= 0")
    rng = np.random.default_rng(seed)
    index = np.arange(first_game, first_game + games)
    out = GameResults(np.zeros((games, n), dtype=bool), np.zeros((games, n), dtype=np.int64),
                      np.zeros(games, dtype=np.int64), np.zeros(games, dtype=np.int64))
    for r in range(n):
        rows = np.flatnonzero(index % n == r)
        if not rows.size:
            continue
        seating = [policies[(s + r) % n] for s in range(n)]
        res = simulate_games(rows.size, n, seating, seed=rng, chunk=chunk, **options)
        cols = (np.arange(n) + r) % n                     # seat s holds policy (s + r) % n
        out.winners[np.ix_(rows, cols)] = res.winners
        out.scores[np.ix_(rows, cols)] = res.scores
        out.rounds[rows] = res.rounds
        out.actions[rows] = res.actions
    return out


def simulate_position(game: Any, games: int, policies: Any = "random", seed: int | None = None,
                      reshuffle_hidden: bool = False, chunk: int = DEFAULT_CHUNK) -> RoundResults:
    """Finish the round of ``game`` (an engine game in its play phase) ``games`` times.

    The rounds start from exactly the engine's state: hands, per-stone knowledge, pile order,
    secret pool, lives, whose turn and the chain. With ``reshuffle_hidden`` the pile and the
    secret pool, which nobody has seen, are shuffled together anew for every round. ``actions``,
    ``turns`` and ``life_lost`` count from the position on; the options are the game's own.
    """
    if getattr(game, "game_name", None) != "abracada":
        raise InvalidOption("error.bad_option", name="game", value=type(game).__name__,
                            allowed="an Abracada game")
    if getattr(game, "phase", None) != "play":
        raise InvalidOption("error.bad_option", name="game", value=game.phase, allowed="a game in its play phase")
    spec = _Spec(game.players, policies, dict(game.options))
    _check_count("games", games)
    _check_count("chunk", chunk)
    rng = np.random.default_rng(seed)
    out = _empty_rounds(games, game.players)
    for lo in range(0, games, chunk):
        hi = min(games, lo + chunk)
        _Rounds.from_game(spec, rng, game, hi - lo, reshuffle_hidden).run(out, lo)
    return out


# ----- input checking -----------------------------------------------------------------------------
def _check_count(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise InvalidOption("error.bad_option", name=name, value=value, allowed="a whole number >= 1")


def _policy(spec: Any) -> Policy:
    if isinstance(spec, str):
        spec = Policy(spec)
    if not isinstance(spec, Policy) or spec.kind not in POLICY_KINDS:
        raise InvalidOption("error.bad_option", name="policy", value=spec, allowed=" / ".join(POLICY_KINDS))
    t = spec.threshold
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= 1:
        raise InvalidOption("error.bad_option", name="threshold", value=t, allowed="a number from 0 to 1")
    return spec


class _Spec:
    """Checked players, per-seat policies and options, and the tables derived from them."""

    def __init__(self, players: Any, policies: Any, options: dict[str, Any]) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not R.MIN_PLAYERS <= players <= R.MAX_PLAYERS:
            raise InvalidOption("error.bad_players", value=players, low=R.MIN_PLAYERS, high=R.MAX_PLAYERS)
        self.n = n = players
        self.options = o = resolve_options(R.OPTIONS, options)
        if o["first_player"] >= n:
            raise InvalidOption("error.bad_option", name="first_player", value=o["first_player"],
                                allowed=f"0 to {n - 1}")
        if isinstance(policies, (str, Policy)):
            policies = [policies] * n
        if not isinstance(policies, (list, tuple)):
            raise InvalidOption("error.bad_option", name="policies", value=policies,
                                allowed=f"one policy or {n} (one per seat)")
        policies = [_policy(p) for p in policies]
        if len(policies) != n:
            raise InvalidOption("error.bad_option", name="policies", value=len(policies),
                                allowed=f"one policy or {n} (one per seat)")
        self.kind = np.array([POLICY_KINDS.index(p.kind) for p in policies])
        self.kinds = sorted(set(self.kind.tolist()))
        self.threshold = np.array([p.threshold for p in policies], dtype=np.float64)
        self.track = any(p.kind != "random" for p in policies)      # per-stone knowledge and counts
        self.faces = np.array(o["die_faces"], dtype=np.int64)
        self.callout = o["lower_declaration"] == "auto_callout" and not o["easy"]
        self.any_order = o["easy"] or o["lower_declaration"] == "auto_callout"
        self.last_standing = o["last_standing"]
        self.empty_first = o["empty_and_ko_precedence"] == "empty"
        self.public = o["secret_stone_visibility"] == "public"
        self.removed = R.REMOVED_FACE_UP[n]
        # Life change of each seat, relative to the caster (offset 0 = caster, 1 = left,
        # n-1 = right), of each successful spell: a fixed part and a multiple of the die roll.
        base = np.zeros((9, n), dtype=np.int64)
        per_roll = np.zeros((9, n), dtype=np.int64)
        per_roll[R.DRAGON, 1:] = -1
        base[R.WANDERER, 1:] = -1
        base[R.WANDERER, 0] = 0 if o["dark_wanderer_hits_caster"] else 1   # -1 then +1 from life >= 1
        per_roll[R.DREAM, 0] = 1
        base[R.TEMPEST, 1] -= 1
        if n > 2:                                   # Q4: with two players the opponent loses 1 in total
            base[R.TEMPEST, n - 1] -= 1
        base[R.BLIZZARD, 1] = -1
        base[R.FIREBALL, n - 1] -= 1
        base[R.DRINK, 0] = 1
        self.base, self.per_roll = base, per_roll
        # The same by absolute seat, row v * n + caster: one table look-up a cast.
        turn = (np.arange(n)[None, :] - np.arange(n)[:, None]) % n          # [caster, seat] -> offset
        self.base_abs = base[:, turn].reshape(9 * n, n)
        self.per_roll_abs = per_roll[:, turn].reshape(9 * n, n)
        self.prices = _price_table(n, tuple(o["die_faces"])) if POLICY_KINDS.index("ev") in self.kinds else None


_PRICE_TABLES: dict[tuple[int, tuple[int, ...]], "_PriceTable"] = {}


def _price_table(n: int, faces: tuple[int, ...]) -> "_PriceTable":
    """The shared table for ``n`` players and this die, so later calls ("run 100,000 more") reuse it."""
    if (n, faces) not in _PRICE_TABLES:
        if len(_PRICE_TABLES) >= 8:                      # a few dice and player counts at most
            _PRICE_TABLES.clear()
        _PRICE_TABLES[n, faces] = _PriceTable(n, faces)
    return _PRICE_TABLES[n, faces]


class _PriceTable:
    """The EV bot's prices for every (seat, lives, last stone, pool) key, filled as keys occur.

    Each entry comes from :func:`towerlib.abracada.bots._prices_for` itself. The dense table
    has ``n * 7**n * 4`` rows; untouched rows cost no memory (``np.zeros`` pages lazily).
    """

    def __init__(self, n: int, faces: tuple[int, ...]) -> None:
        self.n, self.faces = n, faces
        rows = n * (R.MAX_LIFE + 1) ** n * 4
        self.success = np.zeros((rows, 9))
        self.failure = np.zeros((rows, 9))
        self.filled = np.zeros(rows, dtype=bool)
        self.powers = (R.MAX_LIFE + 1) ** np.arange(n)

    def keys(self, seat: np.ndarray, lives: np.ndarray, last: np.ndarray, pool: np.ndarray) -> np.ndarray:
        code = lives.astype(np.int64) @ self.powers
        return ((seat * (R.MAX_LIFE + 1) ** self.n + code) * 2 + last) * 2 + pool

    def lookup(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        missing = np.unique(keys[~self.filled[keys]])
        base = R.MAX_LIFE + 1
        for key in missing.tolist():
            pool, rest = key & 1, key >> 1
            last, rest = rest & 1, rest >> 1
            seat, code = divmod(rest, base ** self.n)
            lives = tuple(code // base ** q % base for q in range(self.n))
            success, failure = _prices_for(seat, lives, tuple(x > 0 for x in lives), self.faces,
                                           bool(last), bool(pool))
            self.success[key] = success
            self.failure[key] = failure
            self.filled[key] = True
        return self.success[keys], self.failure[keys]


def _empty_rounds(games: int, n: int) -> RoundResults:
    def z(*shape: int, dtype: Any = np.int64) -> np.ndarray:
        return np.zeros(shape, dtype=dtype)
    return RoundResults(z(games, dtype=np.int8), z(games, dtype=np.int8), z(games, dtype=np.int8),
                        z(games, dtype=np.int8), z(games, dtype=np.int8), z(games, n, dtype=np.int8),
                        z(games, n, dtype=np.int8), z(games, n, dtype=np.int16), z(games, n, dtype=np.int8),
                        z(games, dtype=np.int32), z(games, dtype=np.int32), z(games, dtype=np.int8),
                        z(games, dtype=bool))


def _shift(rows: np.ndarray) -> np.ndarray:
    """Each row moved one column to the left, with 0 coming in at the end."""
    out = np.zeros_like(rows)
    out[:, :-1] = rows[:, 1:]
    return out


def _onehot_counts(values: np.ndarray, valid: np.ndarray | None = None) -> np.ndarray:
    """Rows of stone values (0 = empty) -> counts by value 0..8 (column 0 is meaningless)."""
    hits = values[:, :, None] == _VALUES
    if valid is not None:
        hits &= valid[:, :, None]
    return hits.sum(axis=1)


# ----- the stepped rounds -------------------------------------------------------------------------
class _Rounds:
    """The state of ``m`` rounds in parallel arrays. Rows of ``hand`` are ``game * n + seat``.

    Hands list stones oldest first, 0 marking an empty slot; ``known`` holds each stone's
    ruled-out values as a bit mask (as ``AbracadaGame.known_not``); the deck holds the pile in
    drawing order from ``ptr`` to its end; ``reserve`` counts by value the stones in the pile,
    the secret pool and every taken secret stone (what the policies cannot see, less own hand).
    """

    def __init__(self, spec: _Spec, rng: np.random.Generator, m: int) -> None:
        n = spec.n
        self.spec, self.rng, self.m, self.n = spec, rng, m, n
        # Small integer types keep a chunk's state in cache; arithmetic on them is done in int64.
        i8, i16 = np.int8, np.int16
        self.hand = np.zeros((m * n, _HAND), dtype=i8)
        self.hsize = np.zeros(m * n, dtype=i8)
        self.known = np.zeros((m * n, _HAND) if spec.track else (0, _HAND), dtype=i16)
        self.deck = np.zeros((m, _STONES), dtype=i8)
        self.ptr = np.zeros(m, dtype=i8)
        self.pool = np.zeros((m, R.SECRET_STONES), dtype=i8)
        self.pool_n = np.zeros(m, dtype=i8)
        self.secrets = np.zeros((m, n), dtype=i8)
        self.sec_vals = np.zeros((m * n if spec.track else 0, 9), dtype=i8)
        self.reserve = np.zeros((m, 9), dtype=i8)
        self.lives = np.full((m, n), R.START_LIFE, dtype=i8)
        self.alive = np.ones((m, n), dtype=bool)
        self.cur = np.zeros(m, dtype=np.int64)
        self.chain = np.zeros(m, dtype=i8)
        self.lost = np.zeros((m, n), dtype=i16)
        self.steps = 0                                   # every live round takes one action a step
        self.passes = np.zeros(m, dtype=i16)
        # flat views (rows game * n + seat, game * 36 + position) of the contiguous arrays above
        self.lives_flat = self.lives.reshape(-1)
        self.lost_flat = self.lost.reshape(-1)
        self.deck_flat = self.deck.reshape(-1)

    @classmethod
    def fresh(cls, spec: _Spec, rng: np.random.Generator, starters: np.ndarray) -> "_Rounds":
        """Rule 1-4 set-up for ``len(starters)`` rounds."""
        m, n = len(starters), spec.n
        self = cls(spec, rng, m)
        deck = self.deck
        deck[:] = R.ALL_STONES
        rng.permuted(deck, axis=1, out=deck)
        self.hand[:] = deck[:, :_HAND * n].reshape(m * n, _HAND)
        self.hsize[:] = _HAND
        at = _HAND * n + spec.removed
        self.pool[:] = deck[:, at:at + R.SECRET_STONES]
        self.pool_n[:] = R.SECRET_STONES
        self.ptr[:] = at + R.SECRET_STONES
        if spec.track:
            self.reserve[:] = _onehot_counts(deck[:, at:])
        self.cur[:] = starters
        return self

    @classmethod
    def from_game(cls, spec: _Spec, rng: np.random.Generator, game: Any, m: int, reshuffle: bool) -> "_Rounds":
        """``m`` copies of an engine game's current state."""
        n = spec.n
        self = cls(spec, rng, m)
        for q in range(n):
            k = len(game.hands[q])
            self.hand[q::n, :k] = game.hands[q]
            if spec.track:
                self.known[q::n, :k] = game.known_not[q]
            self.hsize[q::n] = k
            for s in game.secrets[q] if spec.track else ():
                self.sec_vals[q::n, s] += 1
            self.secrets[:, q] = len(game.secrets[q])
        pile = list(reversed(game.pile))             # the engine draws from the end of its list
        pool = list(game.secret_pool)
        self.ptr[:] = _STONES - len(pile)
        if reshuffle and pile + pool:
            hidden = np.empty((m, len(pile) + len(pool)), dtype=np.int8)
            hidden[:] = pile + pool
            rng.permuted(hidden, axis=1, out=hidden)
            self.deck[:, _STONES - len(pile):] = hidden[:, :len(pile)]
            self.pool[:, :len(pool)] = hidden[:, len(pile):]
        else:
            self.deck[:, _STONES - len(pile):] = pile
            self.pool[:, :len(pool)] = pool
        self.pool_n[:] = len(pool)
        reserve = np.zeros(9, dtype=np.int64)
        for s in pile + pool + [s for sec in game.secrets for s in sec]:
            reserve[s] += 1
        self.reserve[:] = reserve
        self.lives[:] = game.lives
        self.alive[:] = game.alive
        self.cur[:] = game.current
        self.chain[:] = game.chain
        return self

    # ----- one step of every live round -------------------------------------------------------------
    def run(self, out: RoundResults, offset: int) -> None:
        """Step until every round has ended; write row ``offset + g`` of ``out`` for round g."""
        self.out, self.offset = out, offset
        live = np.arange(self.m)
        for _ in range(_MAX_STEPS):
            if not live.size:
                return
            live = self._step(live)
        raise RuntimeError("a batch round did not end")  # pragma: no cover (Q12: rounds always end)

    def _step(self, g: np.ndarray) -> np.ndarray:
        spec, n = self.spec, self.n
        p = self.cur[g]
        chain = self.chain[g]
        rows = g * n + p
        hand = self.hand[rows]
        h = self.hsize[rows]
        v = self._decide(g, p, chain, rows, hand, h)
        self.steps += 1
        ended = np.zeros(len(g), dtype=bool)
        cast = v > 0
        lower = cast & (v < chain) if spec.callout else None
        if lower is not None:
            cast &= ~lower
        match = hand == v[:, None]
        hit = match.any(axis=1) & cast
        miss = cast & ~hit
        if self.steps == 1:                              # every round's first action is this step's
            at = self.offset + g
            self.out.first_spell[at] = v
            self.out.first_hit[at] = hit
        # -- ending the turn: draw and pass
        turn_over = v == 0
        # -- a failure (rule 7) or a call-out (Q6): own life
        own = miss | lower if lower is not None else miss
        if own.any():
            i = np.flatnonzero(own)
            vi = v[i]
            if spec.track:
                fail = np.flatnonzero(miss[i])
                self.known[rows[i[fail]]] |= (1 << vi[fail])[:, None]
            loss = np.ones(len(i), dtype=np.int64)
            dragon = (vi == R.DRAGON) & miss[i]
            if dragon.any():
                loss[dragon] = self._roll(int(dragon.sum()))
            at = rows[i]
            old = self.lives_flat[at]
            new = np.maximum(old - loss, 0)
            self.lives_flat[at] = new
            self.lost_flat[at] += old - new
            turn_over[i[new > 0]] = True
            dead = i[new == 0]
            if dead.size:
                ended[dead] = self._own_knockout(g[dead], p[dead], v[dead])
        # -- a success (rule 8): take the oldest matching stone, resolve the spell
        if hit.any():
            i = np.flatnonzero(hit)
            ended[i], to_end = self._success(g[i], p[i], v[i], rows[i], hand[i], h[i], match[i])
            turn_over[i[to_end]] = True
        if turn_over.any():
            i = np.flatnonzero(turn_over)
            ended[i] = self._end_turn(g[i], p[i], v[i])
        return g[~ended]

    def _roll(self, k: int) -> np.ndarray:
        faces = self.spec.faces
        return faces[self.rng.integers(0, len(faces), k)]

    # ----- decisions ----------------------------------------------------------------------------------
    def _decide(self, g, p, chain, rows, hand, h) -> np.ndarray:
        """The declared value of each live round (0 = end the turn)."""
        spec = self.spec
        if len(spec.kinds) == 1:
            return self._decide_kind(spec.kinds[0], g, p, chain, rows, hand, h)
        v = np.empty(len(g), dtype=np.int64)
        kind = spec.kind[p]
        for k in spec.kinds:
            i = np.flatnonzero(kind == k)
            if i.size:
                v[i] = self._decide_kind(k, g[i], p[i], chain[i], rows[i], hand[i], h[i])
        return v

    def _decide_kind(self, kind, g, p, chain, rows, hand, h) -> np.ndarray:
        if kind == 0:
            return self._random(chain)
        c = self._unseen(g, rows, hand)
        allowed = _ALL_BITS & ~self.known[rows]
        valid = _SLOTS < h[:, None]
        if kind == 1:
            return self._counting(p, chain, h, c, allowed, valid)
        return self._ev(g, p, chain, h, c, allowed, valid)

    def _random(self, chain: np.ndarray) -> np.ndarray:
        """RandomBot: ``legal[int(u * len(legal))]`` over the engine's legal-action order."""
        u = self.rng.random(len(chain))
        first = chain == 0
        if self.spec.any_order:                  # (END, cast 1..8)
            k = (u * np.where(first, 8, 9)).astype(np.int64)
            return np.where(first, k + 1, k)
        k = (u * np.where(first, 8, 10 - chain)).astype(np.int64)   # (END, cast chain..8)
        return np.where(first, k + 1, np.where(k == 0, 0, chain + k - 1))

    def _unseen(self, g, rows, hand) -> np.ndarray:
        """The unseen stones by value from the deciding seat's view (deduction.position)."""
        own = _onehot_counts(hand)
        if self.spec.public:
            taken = self.sec_vals.reshape(self.m, self.n, 9)[g].sum(axis=1)
            return self.reserve[g] - taken + own
        return self.reserve[g] - self.sec_vals[rows] + own

    def _counting(self, p, chain, h, c, allowed, valid) -> np.ndarray:
        """CountingBot: every slot allowed the union of the slots' allowed values."""
        anywhere = np.bitwise_or.reduce(np.where(valid, allowed, 0), axis=1)
        bits = (anywhere[:, None] >> _VALUES) & 1
        bits[:, 0] = 0
        cin = bits * c
        u = cin.sum(axis=1)
        total = np.ones(len(p), dtype=np.int64)
        w = np.ones((len(p), 9), dtype=np.int64)
        for i in range(_HAND):
            on = (i < h)[:, None]
            total *= np.where(on[:, 0], u - i, 1)
            w *= np.where(on, np.maximum(u[:, None] - cin - i, 0), 1)
        chances = 1.0 - w / total[:, None]
        low = np.maximum(chain, 1)
        # max over v >= low of (chance, v): scan from 8 down so the first maximum is the highest v
        rev = np.where(_VALUES[None, :0:-1] >= low[:, None], chances[:, :0:-1], -1.0)
        best = 8 - np.argmax(rev, axis=1)
        stop = (chain > 0) & (chances[np.arange(len(p)), best] < self.spec.threshold[p])
        return np.where(stop, 0, best)

    def _ev(self, g, p, chain, h, c, allowed, valid) -> np.ndarray:
        """EVBot: exact per-slot chances (nested closed form), the bot's own prices."""
        bits = (allowed[:, :, None] >> _VALUES) & 1
        bits[:, :, 0] = 0
        cin = bits * c[:, None, :]                       # (rounds, slot, value)
        free = cin.sum(axis=2) - _SLOTS                  # unseen stones slot i may take, less i
        total = np.where(valid, free, 1).prod(axis=1)
        w = np.where(valid[:, :, None], np.maximum(free[:, :, None] - cin, 0), 1).prod(axis=1)
        chances = 1.0 - w / total[:, None]
        spec = self.spec
        keys = spec.prices.keys(p, self.lives[g], h == 1, self.pool_n[g] > 0)
        success, failure = spec.prices.lookup(keys)
        ev = chances * success - (1 - chances) * failure
        low = np.maximum(chain, 1)
        ev = np.where(_VALUES >= low[:, None], ev, -np.inf)
        best = np.argmax(ev, axis=1)                     # the first maximum: the lowest such v
        stop = (chain > 0) & (ev[np.arange(len(p)), best] <= 0)
        return np.where(stop, 0, best)

    # ----- a successful cast -------------------------------------------------------------------------
    def _success(self, g, p, v, rows, hand, h, match) -> tuple[np.ndarray, np.ndarray]:
        """Rules 8, 15-22, 23: returns (round ended, turn ends with an empty hand)."""
        spec, n = self.spec, self.n
        slot = np.argmax(match, axis=1)                  # the oldest matching stone
        after = _SLOTS >= slot[:, None]                  # slots from it on move one place older
        self.hand[rows] = np.where(after, _shift(hand), hand)
        self.hsize[rows] = h - 1
        if spec.track:
            known = self.known[rows]
            self.known[rows] = np.where(after, _shift(known), known | (1 << v)[:, None])
        self.chain[g] = v
        old = self.lives[g]
        roll = self._roll(len(g))
        if spec.last_standing:
            delta = self._deltas_alive(g, p, v, roll)
        else:
            vp = v * n + p
            delta = spec.base_abs.take(vp, axis=0) + roll[:, None] * spec.per_roll_abs.take(vp, axis=0)
        new = np.clip(old + delta, 0, R.MAX_LIFE)
        self.lives[g] = new
        self.lost[g] += np.maximum(old - new, 0)
        if spec.options["dark_wanderer_hits_caster"]:     # Q1 literal: the caster lost 1, then gained 1
            w = np.flatnonzero(v == R.WANDERER)
            self.lost[g[w], p[w]] += 1
        singer = np.flatnonzero((v == R.SINGER) & (self.pool_n[g] > 0))
        if singer.size:
            self._take_secret(g[singer], p[singer])
        empty = h == 1
        if spec.last_standing:
            alive = self.alive[g] & (new > 0)
            self.alive[g] = alive
            last = alive.sum(axis=1) == 1
            ended = np.zeros(len(g), dtype=bool)
            if last.any():
                i = np.flatnonzero(last)
                ended[i] = self._finish(g[i], LAST_STANDING, p[i], -1, p[i], v[i])
            return ended, empty & ~last
        ko = (new == 0).any(axis=1)
        if spec.empty_first:
            ko &= ~empty
        ended = np.zeros(len(g), dtype=bool)
        if ko.any():
            i = np.flatnonzero(ko)
            ended[i] = self._finish(g[i], KNOCKOUT, p[i], -1, p[i], v[i])
        return ended, empty & ~ko

    def _neighbours(self, g: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The nearest seats still in the round to the left and to the right (rule 30)."""
        n = self.n
        alive = self.alive[g]
        left, right = p.copy(), p.copy()
        found_l = np.zeros(len(g), dtype=bool)
        found_r = np.zeros(len(g), dtype=bool)
        rows = np.arange(len(g))
        for d in range(1, n):
            ql, qr = (p + d) % n, (p - d) % n
            take_l = ~found_l & alive[rows, ql]
            take_r = ~found_r & alive[rows, qr]
            left[take_l], right[take_r] = ql[take_l], qr[take_r]
            found_l |= take_l
            found_r |= take_r
        return left, right

    def _deltas_alive(self, g, p, v, roll) -> np.ndarray:
        """Life changes of a successful spell when knocked-out seats are skipped (rule 30, Q4)."""
        n = self.n
        rows = np.arange(len(g))
        alive = self.alive[g]
        others = alive.copy()
        others[rows, p] = False
        left, right = self._neighbours(g, p)
        delta = np.zeros((len(g), n), dtype=np.int64)
        delta -= others * np.where(v == R.DRAGON, roll, 0)[:, None]
        delta -= others * (v == R.WANDERER)[:, None]
        gain = np.select([v == R.WANDERER, v == R.DREAM, v == R.DRINK],
                         [self.spec.base[R.WANDERER, 0], roll, 1], 0)
        delta[rows, p] += gain
        hit_left = (v == R.TEMPEST) | (v == R.BLIZZARD)
        hit_right = ((v == R.TEMPEST) & (right != left)) | (v == R.FIREBALL)
        np.subtract.at(delta, (rows[hit_left], left[hit_left]), 1)
        np.subtract.at(delta, (rows[hit_right], right[hit_right]), 1)
        return delta

    def _take_secret(self, g: np.ndarray, p: np.ndarray) -> None:
        """Night Singer (Q9/Q10): a uniformly random stone of the secret pool."""
        k = self.pool_n[g]
        j = (self.rng.random(len(g)) * k).astype(np.int64)
        stone = self.pool[g, j]
        self.pool[g, j] = self.pool[g, k - 1]
        self.pool_n[g] = k - 1
        self.secrets[g, p] += 1
        if self.spec.track:
            self.sec_vals[g * self.n + p, stone] += 1

    # ----- the end of a turn and of a round ---------------------------------------------------------
    def _end_turn(self, g, p, v) -> np.ndarray:
        """Rule 12: an empty hand wins; otherwise refill from the pile and pass (rule 13)."""
        n = self.n
        rows = g * n + p
        h = self.hsize[rows]
        ended = h == 0
        if ended.any():
            i = np.flatnonzero(ended)
            self._finish(g[i], EMPTY_HAND, p[i], -1, p[i], v[i], empty=True)
            keep = ~ended
            g, p, rows, h = g[keep], p[keep], rows[keep], h[keep]
        ptr = self.ptr[g]
        k = np.minimum(_HAND - h, _STONES - ptr)
        if k.any():
            src = _SLOTS - h[:, None]                    # slot s takes the (s - h)-th stone drawn
            new = (src >= 0) & (src < k[:, None])
            at = np.where(new, (g * _STONES + ptr)[:, None] + src, 0)
            drawn = self.deck_flat[at]
            self.hand[rows] = np.where(new, drawn, self.hand[rows])
            self.hsize[rows] = h + k
            self.ptr[g] = ptr + k
            if self.spec.track:
                self.known[rows] = np.where(new, 0, self.known[rows])
                self.reserve[g] -= _onehot_counts(drawn, new)
        self._pass(g, p)
        return ended

    def _pass(self, g: np.ndarray, p: np.ndarray) -> None:
        self.cur[g] = self._neighbours(g, p)[0] if self.spec.last_standing else (p + 1) % self.n
        self.chain[g] = 0
        self.passes[g] += 1

    def _own_knockout(self, g, p, v) -> np.ndarray:
        """Rule 25 (the round ends, ``p`` the sole loser), or rule 30 (``p`` is out)."""
        if not self.spec.last_standing:
            return self._finish(g, SELF_KNOCKOUT, -1, p, p, v)
        self.alive[g, p] = False
        alive = self.alive[g]
        last = alive.sum(axis=1) == 1
        ended = last.copy()
        if last.any():
            i = np.flatnonzero(last)
            self._finish(g[i], LAST_STANDING, np.argmax(alive[i], axis=1), -1, p[i], v[i])
        rest = np.flatnonzero(~last)
        if rest.size:
            self._pass(g[rest], p[rest])
        return ended

    def _finish(self, g, reason, winner, loser, ender, spell, empty: bool = False) -> np.ndarray:
        """Score rounds ``g`` (rules 24-27, 30) and write their results; returns all-True."""
        n, out = self.n, self.out
        winner = np.broadcast_to(np.asarray(winner), g.shape)
        loser = np.broadcast_to(np.asarray(loser), g.shape)
        rows = np.arange(len(g))
        lives = self.lives[g]
        secrets = self.secrets[g]
        points = np.zeros((len(g), n), dtype=np.int64)
        if self.spec.last_standing and (reason == LAST_STANDING or empty):
            points[rows, winner] = R.LAST_STANDING_WIN_POINTS + secrets[rows, winner]
        else:
            if empty:                                    # rule 26: every other player's life is set to 0
                keep = lives[rows, winner]
                lives[:] = 0
                lives[rows, winner] = keep
            survivor = lives > 0                         # rule 27: secret stones count for survivors only
            points += survivor * (R.SURVIVOR_POINTS + secrets)
            wr = rows[winner >= 0]
            wq = winner[wr]
            points[wr, wq] = (R.EMPTY_HAND_POINTS if empty else R.KNOCKOUT_WIN_POINTS) + survivor[wr, wq] * secrets[wr, wq]
            gone = loser >= 0
            points[rows[gone], loser[gone]] = 0
        at = self.offset + g
        out.reason[at] = reason
        out.winner[at] = winner
        out.loser[at] = loser
        out.ender[at] = ender
        out.end_spell[at] = spell
        out.points[at] = points
        out.lives[at] = lives
        out.life_lost[at] = self.lost[g]
        out.secrets[at] = secrets
        out.actions[at] = self.steps
        out.turns[at] = self.passes[g] + 1
        return np.ones(len(g), dtype=bool)
