"""Three SpellCaster players: random, aggressive, and a planner that uses the exact odds.

Each bot has a ``name`` and ``choose(view) -> Choice(action, reason)``; ``view`` is the seat's
own view and the legal actions come from ``view["legal"]``, so a bot cannot see face-down
cards, deck orders or the dice to come.

* :class:`RandomBot` picks any legal action.
* :class:`AggressiveBot` conjures the biggest cards, launches at once, contests and continues
  every contest, and drives every familiar straight at the nearest foe.
* :class:`PlannerBot` builds spells whose Motion can reach a foe (:func:`~.probability.reach`)
  and whose Mass is active at the foe's point, launches only what can strike, contests when the
  contest table says the launch is likely stopped, weighs a locked contest as a Markov chain
  (:func:`~.probability.opponent_should_continue`), routes familiars to the strike worth most
  (:mod:`.inference` prices face-down Mass of spells it did not conjure), captures wild spells
  when :func:`~.probability.capture_chance` is good, steps out of reach of enemy familiars
  and rests when hurt.
"""
from __future__ import annotations

import random
from collections import deque
from fractions import Fraction
from typing import Any, Mapping

from ..core.bots import Choice
from ..core.errors import InvalidOption
from ..core.i18n import Msg
from .actions import Action, parse
from .data import NEIGHBOURS, POINTS, POINT_NAMES
from .inference import damage_at, expected_damage
from .probability import capture_chance, contest_table, opponent_should_continue, reach
from .views import spell_label

#: The attribute points each bot buys (life, will, focus, skill).
AGGRESSIVE_BUILD = "buy 2 2 0 2"
PLANNER_BUILD = "buy 1 2 0 3"
#: Planner: capture when the chance is at least this. (It rests only when it cannot conjure: resting
#: when hurt let games drag on to the round limit instead of ending by the rules' goal.)
CAPTURE_AT = Fraction(7, 10)
#: Planner: the distance it likes to keep from the nearest foe.
APPROACH_GAP = 2
#: Planner: contest a launch aimed at it when the caster's chance to win outright is below this.
CONTEST_BELOW = Fraction(6, 10)


def _distances(start: str) -> dict[str, int]:
    seen, queue = {start: 0}, deque([start])
    while queue:
        p = queue.popleft()
        for q in NEIGHBOURS[p]:
            if q not in seen:
                seen[q] = seen[p] + 1
                queue.append(q)
    return seen


DISTANCE = {p: _distances(p) for p in POINT_NAMES}


class _Seen:
    """What a bot reads off a view, once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me = view["seat"]
        self.casters = view["casters"]
        self.mine = self.casters[self.me]
        self.pos = self.mine["position"]
        self.foes = [c for c in self.casters if c["alive"] and c["seat"] != self.me]
        self.legal = [parse(t) for t in view["legal"]]
        self.pending = view["pending"]

    def by_verb(self, verb: str) -> list[Action]:
        return [a for a in self.legal if a.verb == verb]

    def has(self, text: str) -> bool:
        return text in self.view["legal"]

    def spell(self, sid: str) -> Mapping[str, Any]:
        seat, slot = sid.split(".")
        return self.casters[int(seat)]["display"][int(slot) - 1]

    def nearest_foe(self, point: str) -> Mapping[str, Any] | None:
        return min(self.foes, key=lambda c: DISTANCE[point][c["position"]], default=None)

    def occupied(self) -> set[str]:
        return {c["position"] for c in self.casters if c["alive"]}


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so games replay)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> Choice:
        legal = view["legal"]
        return Choice(parse(legal[int(self.rng.random() * len(legal))]), Msg("spellcaster.bot.random", count=len(legal)))


class AggressiveBot:
    """Big spells launched at once and driven at the nearest foe, contests it can win, never its own
    familiar: it routes around its own point and never walks into a familiar."""

    name = "aggressive"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> Choice:
        s = _Seen(view)
        kind = s.pending["kind"]
        if kind == "buy":
            return Choice(parse(AGGRESSIVE_BUILD), Msg("spellcaster.bot.build_attack"))
        if kind == "offer":
            caster = s.casters[s.pending["caster"]]
            table = contest_table(caster["pool"], s.mine["pool"] - 1)
            if table["big"] + table["small"] < table["broken"] + table["locked"]:
                return Choice(parse("contest"), Msg("spellcaster.bot.contest_always"))
            return Choice(parse("decline"), Msg("spellcaster.bot.decline_odds", p=_pct(table["big"])))
        if kind == "motion":
            return self._step(s)
        if kind == "draw":
            return self._place(s)
        if kind == "launch":
            return Choice(s.by_verb("launch")[0], Msg("spellcaster.bot.launch_now"))
        if kind == "return":
            return Choice(parse("return down"), Msg("spellcaster.bot.hide_cards"))
        if kind == "wild":
            return self._wild(s)
        if kind == "order":
            return Choice(min(s.legal, key=lambda a: s.casters[int(a.arg)]["pool"]), Msg("spellcaster.bot.order"))
        return self._turn(s)

    def _turn(self, s: _Seen) -> Choice:
        if s.by_verb("launch"):
            return Choice(s.by_verb("launch")[0], Msg("spellcaster.bot.launch_always"))
        for action in s.by_verb("continue"):
            lock = s.spell(action.arg)["lock"]
            table = contest_table(s.casters[lock["caster"]]["pool"], s.casters[lock["opp"]]["pool"])
            good = table["big"] + table["small"] if s.me == lock["caster"] else table["broken"]
            if 2 * good >= 1 - table["locked"]:
                return Choice(action, Msg("spellcaster.bot.continue_always"))
        duties = s.view["turn"]["duties"]
        for action in s.by_verb("withdraw"):
            if action.arg in duties:
                return Choice(action, Msg("spellcaster.bot.withdraw"))
        for action in s.by_verb("control"):
            return Choice(action, Msg("spellcaster.bot.control_always"))
        for action in s.by_verb("abandon"):
            if action.arg in duties:
                return Choice(action, Msg("spellcaster.bot.abandon", spell=spell_label(action.arg)))
        if s.mine["pool"] >= 2 and s.by_verb("capture"):
            return Choice(s.by_verb("capture")[0], Msg("spellcaster.bot.capture_always"))
        conj = [a for a in s.by_verb("conjure") if a.arg.startswith("A")]
        if conj:
            return Choice(self.rng.choice(conj), Msg("spellcaster.bot.conjure_big"))
        foe = s.nearest_foe(s.pos)
        familiars = _familiar_points(s)
        moves = [a for a in s.by_verb("move") if a.arg not in familiars]
        if moves and foe is not None:
            best = min(moves, key=lambda a: DISTANCE[a.arg][foe["position"]])
            if 0 < DISTANCE[best.arg][foe["position"]] < DISTANCE[s.pos][foe["position"]]:
                return Choice(best, Msg("spellcaster.bot.advance"))
        if s.has("end"):
            return Choice(parse("end"), Msg("spellcaster.bot.end"))
        if s.has("rest"):
            return Choice(parse("rest"), Msg("spellcaster.bot.rest", life=s.mine["life"]))
        return Choice(s.legal[0], Msg("spellcaster.bot.duty"))

    def _place(self, s: _Seen) -> Choice:
        shows = s.by_verb("show")
        if shows:
            best = max(shows, key=lambda a: (self._wanted(s, a), int(a.arg[1])))
            return Choice(best, Msg("spellcaster.bot.place_big"))
        hides = s.by_verb("hide")
        if hides:
            card = s.pending["cards"][0]
            return Choice(max(hides, key=lambda a: self._wanted(s, Action("show", f"{card} {a.arg}"))),
                          Msg("spellcaster.bot.place_big"))
        return Choice(parse("putback"), Msg("spellcaster.bot.nothing_fits"))

    @staticmethod
    def _wanted(s: _Seen, action: Action) -> int:
        """2: the section this spell still lacks; 1: more Mass; 0: more Motion."""
        card, slot, section = action.arg.split()
        spell = s.mine["display"][int(slot) - 1]
        if not spell[section] and (spell["motion"] or spell["mass"]):
            return 2
        return 1 if section == "mass" else 0

    def _step(self, s: _Seen) -> Choice:
        """Strike a foe if a step can; else keep a strike on a foe reachable; never onto my own point."""
        sid = s.pending["spell"]
        spell = s.spell(sid)
        cards = [c["card"] for c in spell["motion"]]
        left = s.pending["left"] - 1
        rest = ([f"{s.pending['colour']}{left}"] if left > 0 else []) + cards[s.pending["card"] + 1:s.pending["end"]]
        foes = {c["position"] for c in s.foes}
        occupied = s.occupied()

        def key(a: Action) -> tuple:
            p = a.arg
            if p == s.pos:
                return (-2, 0, p)
            if p in foes:
                return (3, 0, p)
            strikes = reach(p, rest, occupied)[1] if rest else frozenset()
            foe = s.nearest_foe(p)
            return (1 if strikes & foes else 0, -(DISTANCE[p][foe["position"]] if foe else 0), p)
        return Choice(max(s.by_verb("to"), key=key), Msg("spellcaster.bot.route"))

    def _wild(self, s: _Seen) -> Choice:
        if s.pending["stage"] == "name":
            return Choice(min(s.legal, key=lambda a: int(a.arg) == s.me), Msg("spellcaster.bot.wild_name"))
        foes = {c["position"] for c in s.foes}
        for action in s.by_verb("pick"):
            spell = s.spell(action.arg)
            card = spell["motion"][s.pending["used"].get(action.arg, 0)]["card"]
            strikes = reach(spell["point"], [card], s.occupied())[1]
            if strikes & foes and s.pos not in strikes:
                return Choice(action, Msg("spellcaster.bot.wild_pick"))
        return Choice(parse("pass"), Msg("spellcaster.bot.wild_pass"))


def _familiar_points(s: _Seen) -> set[str]:
    """Points holding a launched or wild familiar: walking in there is struck (rule 20)."""
    return {sp["point"] for c in s.casters for sp in c["display"] if sp["state"] in ("launched", "wild")}


class PlannerBot:
    """Plans with the exact odds, the reachable points and inference (see the module docstring)."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    # ---------------------------------------------------------------- helpers
    def _damage(self, s: _Seen, sid: str, point: str) -> Fraction:
        """What the spell would do at ``point``: exact for own spells, expected for others'."""
        spell = s.spell(sid)
        if sid.startswith(f"{s.me}.") or all(c["up"] for c in spell["mass"]):
            return Fraction(damage_at([c["card"] for c in spell["mass"]], point))
        return expected_damage(s.view, sid, point)

    def _route_value(self, s: _Seen, sid: str, point: str, motion: list[str]) -> tuple[Fraction, int]:
        """(damage to foes minus to me of the best strike reachable, -distance to the nearest foe)."""
        occupied = s.occupied()
        if point in occupied:
            return self._strike_value(s, sid, point), 0
        _, strikes = reach(point, motion, occupied)
        best = max((self._strike_value(s, sid, p) for p in strikes), default=Fraction(0))
        foe = s.nearest_foe(point)
        return best, -(DISTANCE[point][foe["position"]] if foe else 0)

    def _strike_value(self, s: _Seen, sid: str, point: str) -> Fraction:
        value = Fraction(0)
        for c in s.casters:
            if c["alive"] and c["position"] == point:
                d = self._damage(s, sid, point)
                if c["seat"] == s.me:
                    value -= 2 * d
                else:
                    value += d + (10 if d >= c["life"] else 0)
        return value

    def _threat(self, s: _Seen, point: str) -> int:
        """How many enemy or wild familiars could strike ``point`` on their next move."""
        count = 0
        occupied = s.occupied() | {point}
        for c in s.casters:
            for spell in c["display"]:
                if spell["state"] not in ("launched", "wild") or spell["controller"] == s.me:
                    continue
                if spell["point"] == point:
                    count += 1
                    continue
                motion = [m["card"] for m in spell["motion"]]
                if point in reach(spell["point"], motion, occupied)[1]:
                    count += 1
        return count

    # ---------------------------------------------------------------- decisions
    def choose(self, view: Mapping[str, Any]) -> Choice:
        s = _Seen(view)
        kind = s.pending["kind"]
        return getattr(self, "_" + kind)(s)

    def _buy(self, s: _Seen) -> Choice:
        return Choice(parse(PLANNER_BUILD), Msg("spellcaster.bot.build_plan"))

    def _return(self, s: _Seen) -> Choice:
        return Choice(parse("return down"), Msg("spellcaster.bot.hide_cards"))

    def _order(self, s: _Seen) -> Choice:
        weakest = min(s.legal, key=lambda a: s.casters[int(a.arg)]["pool"])
        return Choice(weakest, Msg("spellcaster.bot.order"))

    def _launch(self, s: _Seen) -> Choice:
        for action in s.by_verb("launch"):
            if self._can_hit(s, action.arg):
                return Choice(action, Msg("spellcaster.bot.launch_hits", spell=spell_label(action.arg)))
        return Choice(parse("done"), Msg("spellcaster.bot.launch_wait"))

    def _can_hit(self, s: _Seen, sid: str, start: str | None = None) -> bool:
        spell = s.spell(sid)
        motion = [c["card"] for c in spell["motion"]]
        origin = start or spell["point"] or s.pos
        _, strikes = reach(origin, motion, s.occupied())
        return any(self._strike_value(s, sid, p) > 0 for p in strikes)

    def _hits_from(self, s: _Seen, spell: Mapping[str, Any], point: str) -> bool:
        """Whether ``spell``, launched from ``point``, can strike a foe there and then."""
        motion = [c["card"] for c in spell["motion"]]
        occupied = (s.occupied() - {s.pos}) | {point}
        strikes = reach(point, motion, occupied)[1]
        return any(c["position"] in strikes and c["position"] != point for c in s.foes)

    def _offer(self, s: _Seen) -> Choice:
        sid, caster = s.pending["spell"], s.pending["caster"]
        spell = s.spell(sid)
        table = contest_table(s.casters[caster]["pool"], s.mine["pool"] - 1)
        origin = spell["point"] or spell["origin"] or s.casters[caster]["position"]
        threatened = s.pos in reach(origin, [c["card"] for c in spell["motion"]], s.occupied())[1]
        if threatened and table["big"] + table["small"] < CONTEST_BELOW:
            return Choice(parse("contest"), Msg("spellcaster.bot.contest_odds", p=_pct(table["broken"] + table["locked"])))
        return Choice(parse("decline"), Msg("spellcaster.bot.decline_odds", p=_pct(table["big"])))

    def _draw(self, s: _Seen) -> Choice:
        options = s.by_verb("show") + s.by_verb("hide")
        if not options:
            return Choice(parse("putback"), Msg("spellcaster.bot.nothing_fits"))
        cards = s.pending.get("cards", [])
        scored = [(self._placement_score(s, a, cards), a) for a in options]
        score, best = max(scored, key=lambda x: x[0])
        if best.verb == "hide" and score <= 0 and s.has("putback"):
            return Choice(parse("putback"), Msg("spellcaster.bot.nothing_fits"))
        return Choice(best, Msg("spellcaster.bot.place_plan", card=best.arg.split()[0] if best.verb == "show" else cards[0]))

    def _placement_score(self, s: _Seen, action: Action, cards: list[str]) -> float:
        """How much a placement advances one spell toward striking the nearest foe: one Motion
        card whose route reaches the foe, Mass of elements active at the foe's point."""
        parts = action.arg.split()
        card = parts[0] if action.verb == "show" else cards[0]
        slot, section = int(parts[-2]) - 1, parts[-1]
        spell = s.mine["display"][slot]
        motion = [c["card"] for c in spell["motion"]]
        foe = s.nearest_foe(s.pos)
        target = foe["position"] if foe else "C"
        value = int(card[1])
        score = 2.0 * (len(spell["motion"]) + len(spell["mass"]))      # finish the spell under way
        if section == "motion":
            if motion:
                return score - 5.0                 # one Motion card is enough to aim
            others = s.occupied() - {s.pos}
            if target in reach(s.pos, [card], others)[1]:
                score += 6.0
            elif any(target in reach(p, [card], others)[1] for p in NEIGHBOURS[s.pos]):
                score += 4.0
            else:
                score -= 3.0
        else:
            score += 2.0 * value if card[0] in POINTS[target] else 0.5 * value
        return score

    def _motion(self, s: _Seen) -> Choice:
        sid = s.pending["spell"]
        spell = s.spell(sid)
        cards = [c["card"] for c in spell["motion"]]
        left = s.pending["left"] - 1
        rest = ([f"{s.pending['colour']}{left}"] if left > 0 else []) + cards[s.pending["card"] + 1:s.pending["end"]]
        best = max(s.by_verb("to"), key=lambda a: (self._route_value(s, sid, a.arg, rest), a.arg))
        value = self._route_value(s, sid, best.arg, rest)[0]
        key = "spellcaster.bot.route_strike" if value > 0 else "spellcaster.bot.route_close"
        return Choice(best, Msg(key, point=best.arg))

    def _wild(self, s: _Seen) -> Choice:
        if s.pending["stage"] == "name":
            names = [a for a in s.legal if int(a.arg) != s.me] or s.legal
            return Choice(names[0], Msg("spellcaster.bot.wild_name"))
        for action in s.by_verb("pick"):
            spell = s.spell(action.arg)
            used = s.pending["used"].get(action.arg, 0)
            card = spell["motion"][used]["card"]
            _, strikes = reach(spell["point"], [card], s.occupied())
            if any(self._strike_value(s, action.arg, p) > 0 for p in strikes) or s.pos not in strikes:
                return Choice(action, Msg("spellcaster.bot.wild_pick"))
        return Choice(parse("pass"), Msg("spellcaster.bot.wild_pass"))

    def _turn(self, s: _Seen) -> Choice:
        t = s.view["turn"]
        for action in s.by_verb("launch"):               # a free launch after a withdrawal
            if self._can_hit(s, action.arg):
                return Choice(action, Msg("spellcaster.bot.launch_hits", spell=spell_label(action.arg)))
        for action in s.by_verb("withdraw"):
            choice = self._lock(s, action.arg)
            if choice is not None:
                return choice
        first = t["used"] == 0 and t["ap"] > 1
        if not first:
            for action in s.by_verb("control"):
                if self._can_hit(s, action.arg) or action.arg in t["duties"]:
                    return Choice(action, Msg("spellcaster.bot.control", spell=spell_label(action.arg)))
        for action in s.by_verb("abandon"):
            if action.arg in t["duties"] and not s.by_verb("control"):
                return Choice(action, Msg("spellcaster.bot.abandon", spell=spell_label(action.arg)))
        if s.has("rest") and not s.by_verb("conjure") and self._threat(s, s.pos) == 0:
            return Choice(parse("rest"), Msg("spellcaster.bot.rest", life=s.mine["life"]))
        conjure = self._conjure(s)
        if conjure is not None:
            return conjure
        if s.has("rest"):
            return Choice(parse("rest"), Msg("spellcaster.bot.rest", life=s.mine["life"]))
        for action in s.by_verb("capture"):
            p = capture_chance(s.mine["pool"] - 1)
            if p >= CAPTURE_AT and self._can_hit(s, action.arg):
                return Choice(action, Msg("spellcaster.bot.capture", p=_pct(p)))
        moves = s.by_verb("move")
        ready = [sp for sp in s.mine["display"] if sp["complete"]]
        aimed = any(self._hits_from(s, sp, s.pos) for sp in ready) and self._threat(s, s.pos) == 0
        if moves and ready and not aimed:
            aims = [a for a in moves if self._threat(s, a.arg) == 0 and any(self._hits_from(s, sp, a.arg) for sp in ready)]
            if aims:
                return Choice(aims[0], Msg("spellcaster.bot.aim", point=aims[0].arg))
        if moves and not aimed:
            here = self._place_key(s, s.pos)
            best = min(moves, key=lambda a: self._place_key(s, a.arg))
            if self._place_key(s, best.arg) < here:
                key = "spellcaster.bot.dodge" if here[0] > 0 else "spellcaster.bot.approach"
                return Choice(best, Msg(key, point=best.arg))
        if s.has("end"):
            return Choice(parse("end"), Msg("spellcaster.bot.end"))
        for verb in ("control", "abandon", "withdraw", "continue"):
            if s.by_verb(verb):
                return Choice(s.by_verb(verb)[0], Msg("spellcaster.bot.duty"))
        return Choice(s.legal[0], Msg("spellcaster.bot.duty"))

    def _place_key(self, s: _Seen, point: str) -> tuple[int, int, int]:
        """Where to stand: out of reach of familiars, then at the liked distance from the nearest
        foe (short Motion reaches it, and no spell of mine must pass through my own point), then
        on many elements (more decks to draw from, more rest)."""
        foe = s.nearest_foe(point)
        gap = DISTANCE[point][foe["position"]] if foe else APPROACH_GAP
        return self._threat(s, point), abs(gap - APPROACH_GAP), -len(POINTS[point])

    def _lock(self, s: _Seen, sid: str) -> Choice | None:
        spell = s.spell(sid)
        lock = spell["lock"]
        caster, opp = lock["caster"], lock["opp"]
        c_pool, o_pool = s.casters[caster]["pool"], s.casters[opp]["pool"]
        can_continue = s.has(f"continue {sid}")
        if s.me == opp:
            harm = max((self._damage(s, sid, c["position"]) for c in s.foes), default=Fraction(0))
            harm = max(harm, Fraction(1))
            keep, _, _ = opponent_should_continue(c_pool, o_pool, harm)
            if keep and can_continue:
                return Choice(parse(f"continue {sid}"), Msg("spellcaster.bot.continue_odds",
                                                            p=_pct(contest_table(c_pool, o_pool)["broken"])))
            if not keep or sid in s.view["turn"]["duties"]:
                return Choice(parse(f"withdraw {sid}"), Msg("spellcaster.bot.withdraw"))
            return None
        table = contest_table(c_pool, o_pool)
        if can_continue and table["big"] + table["small"] >= table["broken"]:
            return Choice(parse(f"continue {sid}"), Msg("spellcaster.bot.continue_odds", p=_pct(table["big"] + table["small"])))
        if sid in s.view["turn"]["duties"] and not can_continue:
            return Choice(parse(f"withdraw {sid}"), Msg("spellcaster.bot.withdraw"))
        return None

    def _conjure(self, s: _Seen) -> Choice | None:
        options = s.by_verb("conjure")
        if not options:
            return None
        foe = s.nearest_foe(s.pos)
        target = foe["position"] if foe else "C"
        wanted = [e for e in POINTS[s.pos] if e in POINTS[target]] or list(POINTS[s.pos])

        def score(a: Action) -> tuple[int, int]:
            option, decks = a.arg.split()
            return (option == "A", sum(d in wanted for d in decks) + len(set(decks)))
        best = max(options, key=score)
        return Choice(best, Msg("spellcaster.bot.conjure_plan", decks=best.arg.split()[1]))


def _pct(p: Fraction) -> str:
    return f"{float(p):.0%}"


BOTS: dict[str, type] = {"random": RandomBot, "aggressive": AggressiveBot, "planner": PlannerBot}


def make_bot(name: str, seed: int | None = None):
    """A bot by name (``random``, ``aggressive``, ``planner``)."""
    if name not in BOTS:
        raise InvalidOption("error.bad_option", name="bot", value=name, allowed=", ".join(BOTS))
    return BOTS[name](seed=seed)
