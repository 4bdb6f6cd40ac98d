"""Three Spell Runes players: random, greedy, and a planner that uses the exact odds.

Each bot has ``choose(game) -> Action`` (always one of ``game.legal_actions()``) and
``reason(lang) -> str``, one sentence from the message catalogue saying why it chose its last
action. The greedy and planner bots read the table only through ``game.view(seat)``, so they
never see hidden cards or the dice to come.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..core.i18n import tr
from .actions import Action
from .dice import allows
from .probability import best_hold, outcomes, p_counter

#: Rough worth of each spell in "damage-equivalent" points, used to compare plans (planner).
SPELL_WORTH = {"healing": 1.5, "attack": 1.2, "familiar": 2.5, "loot": 2.5, "chain": 0.0,
               "class": 4.0, "restore": 1.0, "quantum": 0.0}
#: The greedy bot's order of preference among casts.
GREEDY_ORDER = ("quantum", "chain", "class", "attack", "familiar", "restore", "loot", "healing")


#: Reason parameters that hold an id, and the catalogue family that names it.
_NAMED = {"card": "card", "spell": "spell", "name": "wizard"}


class _Bot:
    """Shared plumbing: the last reason as a catalogue key and parameters."""

    def __init__(self) -> None:
        self._reason: tuple[str, dict[str, Any]] = ("runes.bot.pass", {})

    def reason(self, lang: str = "en") -> str:
        """The last choice's reason in ``lang``; card, spell and wizard ids are named in that language."""
        key, params = self._reason
        named = {k: tr(f"runes.{_NAMED[k]}.{v}", lang) if k in _NAMED else v for k, v in params.items()}
        return tr(key, lang, **named)

    def _say(self, key: str, **params: Any) -> None:
        self._reason = (key, params)


class RandomBot(_Bot):
    """Picks uniformly among the legal actions (seeded, so games replay)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Action:
        actions = game.legal_actions()
        self._say("runes.bot.random", count=len(actions))
        return self.rng.choice(actions)


def _pct(p: Fraction | float) -> str:
    return f"{float(p):.1%}"


class GreedyBot(_Bot):
    """Takes the best-looking immediate option; holds the most common value when rolling."""

    def choose(self, game: Any) -> Action:
        seat = game.current_player
        view = game.view(seat)
        actions = game.legal_actions()
        action = self._pick(view, actions)
        self._say("runes.bot.greedy", action=str(action))
        return action

    def _pick(self, view: dict[str, Any], actions: list[Action]) -> Action:
        me = view["wizards"][view["seat"]]
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)
        health = {w["seat"]: w["health"] for w in view["wizards"]}
        weakest = lambda a: (health.get(a.target, 99), -(a.dice[0] if a.dice else 0))  # noqa: E731
        for card in ("shield_scroll", "mirror_scroll", "quicksilver"):
            if Action("play", card) in actions:
                return Action("play", card)
        if "pick" in by_verb or "keep" in by_verb or "take" in by_verb or "copy" in by_verb:
            return (by_verb.get("pick") or by_verb.get("keep") or by_verb.get("take") or by_verb["copy"])[0]
        if "target" in by_verb:
            return min(by_verb["target"], key=lambda a: health[a.target])
        if "restore" in by_verb or "discard" in by_verb:
            return (by_verb.get("restore") or by_verb["discard"])[0]
        if "wield" in by_verb:
            return by_verb["wield"][0]
        if me["health"] <= me["max_health"] - 5:
            for card in ("greater_healing_potion", "healing_potion"):
                if Action("play", card) in actions:
                    return Action("play", card)
        if "hold" in by_verb:
            dice = view["turn"]["dice"]
            if allows(dice, "quantum") or any(
                    me["slots"][s] and allows(dice, s, view["options"]["full_house_distinct_values"])
                    for s in ("chain", "class")):
                return Action("stop")
            best = max(set(dice), key=lambda v: (dice.count(v), v))
            held = Action("hold", dice=(best,) * dice.count(best))
            return held if held in actions else Action("stop")
        casts = by_verb.get("cast", [])
        for spell in GREEDY_ORDER:
            options = [a for a in casts if a.name == spell]
            if spell == "healing" and me["health"] >= me["max_health"]:
                continue
            if spell == "restore" and all(me["slots"].values()):
                continue
            if options:
                return min(options, key=weakest)
        damage = [a for a in by_verb.get("play", []) if a.name in ("fire_scroll", "poison_dart", "lightning_scroll")]
        if damage:
            return min(damage, key=weakest)
        for verb in ("pass", "end"):
            if verb in by_verb:
                return by_verb[verb][0]
        return actions[0]


class PlannerBot(_Bot):
    """Plans with the exact odds: holds by :func:`best_hold`, aims by :func:`p_counter`."""

    def choose(self, game: Any) -> Action:
        seat = game.current_player
        view = game.view(seat)
        actions = game.legal_actions()
        decision = view["decision"]
        if decision == "roll":
            return self._roll(view, actions)
        if decision == "cast":
            return self._cast(view, actions)
        if decision == "counter":
            return self._react(view, actions)
        return self._other(view, actions)

    # ------------------------------------------------------------------ helpers
    def _foes(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [w for w in view["wizards"] if w["seat"] != view["seat"] and w["standing"]]

    def _hit_chance(self, view: dict[str, Any], pair: int, foe: dict[str, Any]) -> Fraction:
        me = view["wizards"][view["seat"]]
        ties = "defender" if foe["grades"]["defense"] > me["grades"]["offense"] or (
            foe["artifact"] == "cloak_of_shadows") else "caster"
        return 1 - p_counter(pair, ties, foe["counter_bonus"])

    def _spell_worth(self, view: dict[str, Any], spell: str) -> float:
        me = view["wizards"][view["seat"]]
        foes = self._foes(view)
        q = view["quantum"]
        if spell == "quantum":
            return float(max(f["health"] for f in foes)) if foes else 0.0
        if spell == "chain":
            return float((3 + q) * len(foes))
        if spell == "healing":
            return min(2, me["max_health"] - me["health"]) * 0.75
        if spell == "restore":
            return 1.0 + 1.5 * sum(not ok for ok in me["slots"].values())
        return SPELL_WORTH[spell] + (q if spell in ("attack", "class") else 0)

    def _castable(self, view: dict[str, Any], spell: str) -> bool:
        me = view["wizards"][view["seat"]]
        turn = view["turn"]
        if spell in me["slots"] and not me["slots"][spell]:
            return False
        return spell in ("healing", "attack", "familiar") or not turn["cast"]

    # ------------------------------------------------------------------ rolling
    def _roll(self, view: dict[str, Any], actions: list[Action]) -> Action:
        """Score the holds :func:`best_hold` proposes (and "keep the pairs") by the exact expected
        worth of the best cast plan after the re-roll, and take the best one."""
        turn = view["turn"]
        dice = tuple(turn["dice"])
        rolls_left = turn["rolls_allowed"] - turn["rolls_used"]
        distinct = view["options"]["full_house_distinct_values"]
        proposals: dict[tuple[int, ...], tuple[str, Fraction]] = {}
        for spell in SPELL_WORTH:
            if self._castable(view, spell):
                held, p = best_hold(dice, spell, rolls_left, distinct)
                if held not in proposals or p * self._spell_worth(view, spell) > proposals[held][1]:
                    proposals[held] = (spell, p)
        pairs = tuple(v for v in dice if dice.count(v) >= 2)
        candidates = set(proposals) | {pairs, tuple(v for v in pairs if v >= 4), dice}
        worth: dict[tuple[int, ...], float] = {}
        context = self._plan_context(view)

        def plan(final: tuple[int, ...]) -> float:
            if final not in worth:
                worth[final] = self._plan_value(view, context, final)
            return worth[final]

        def expected(held: tuple[int, ...]) -> float:
            if len(held) == len(dice):
                return plan(dice)
            rolled = outcomes(len(dice) - len(held))
            return sum(w * plan(tuple(sorted(held + o))) for o, w in rolled) / 6 ** (len(dice) - len(held))

        best = max(sorted(candidates), key=lambda h: (expected(h), len(h)))
        if len(best) == len(dice):
            spell = proposals.get(best, ("attack", Fraction(1)))[0]
            self._say("runes.bot.stop", spell=spell)
            return Action("stop")
        shown = " ".join(map(str, best)) or "-"
        if best in proposals:
            spell, p = proposals[best]
            self._say("runes.bot.hold", dice=shown, p=_pct(p), spell=spell, rolls=rolls_left)
        else:
            self._say("runes.bot.hold_value", dice=shown, value=f"{expected(best):.2f}")
        return Action("hold", dice=best)

    def _plan_context(self, view: dict[str, Any]) -> tuple[list[str], dict[str, float], list[float], float | None]:
        """What :meth:`_plan_value` needs, computed once per decision: the spells that may be
        cast alone and their worth, each pair's worth (counter odds), and the Familiar's worth."""
        alone = [s for s in ("loot", "chain", "class", "restore", "quantum") if self._castable(view, s)]
        worth = {s: self._spell_worth(view, s) for s in alone}
        foes = self._foes(view)
        pair = [0.0] + [max((float(self._hit_chance(view, v, f)) for f in foes), default=0.0) * (2 + view["quantum"])
                        for v in range(1, 7)]
        pair[1] = max(pair[1], self._spell_worth(view, "healing"))
        me = view["wizards"][view["seat"]]
        familiar = self._spell_worth(view, "familiar") if me["slots"]["familiar"] else None
        return alone, worth, pair, familiar

    def _plan_value(self, view: dict[str, Any], context: tuple, dice: tuple[int, ...]) -> float:
        """The worth of the best way to cast ``dice``: one spell cast alone, or pairs and a triple."""
        alone, worth, pair, familiar = context
        distinct = view["options"]["full_house_distinct_values"]
        best = max((worth[s] for s in alone if allows(dice, s, distinct)), default=0.0)
        counts = {v: dice.count(v) for v in set(dice)}
        triples = [None] + ([v for v, n in counts.items() if n >= 3] if familiar is not None else [])
        for triple in triples:
            total = 0.0 if triple is None else familiar
            for v, n in counts.items():
                total += pair[v] * ((n - 3 if v == triple else n) // 2)
            best = max(best, total)
        return best

    # ------------------------------------------------------------------ casting
    def _value(self, view: dict[str, Any], a: Action) -> float:
        health = {w["seat"]: w for w in view["wizards"]}
        q = view["quantum"]
        if a.verb == "cast" and a.name == "attack":
            foe = health[a.target]
            p = float(self._hit_chance(view, a.dice[0], foe))
            dmg = 2 + q
            return p * dmg + (2.0 * p if dmg >= foe["health"] else 0.0) - 0.01 * foe["health"]
        if a.verb == "cast" and a.name == "quantum":
            return float(health[a.target]["health"]) + 5.0
        if a.verb == "cast":
            worth = self._spell_worth(view, a.name)
            if a.name == "familiar" and a.arg == "activate":
                worth -= 0.5
            return worth
        if a.verb == "play" and a.target is not None:
            return 1.5 - 0.01 * health[a.target]["health"]
        if a.verb == "play" and a.name == "lightning_scroll":
            return 1.0
        return 0.0

    def _cast(self, view: dict[str, Any], actions: list[Action]) -> Action:
        me = view["wizards"][view["seat"]]
        for card in ("greater_healing_potion", "healing_potion"):
            if me["health"] <= me["max_health"] - 5 and Action("play", card) in actions:
                self._say("runes.bot.card", card=card)
                return Action("play", card)
        wields = [a for a in actions if a.verb == "wield"]
        if wields:
            self._say("runes.bot.card", card=wields[0].name)
            return wields[0]
        candidates = [a for a in actions if a.verb == "cast" or (
            a.verb == "play" and a.name in ("fire_scroll", "poison_dart", "lightning_scroll"))]
        casts = [a for a in candidates if a.verb == "cast"]
        exclusive = [a for a in casts if a.name not in ("healing", "attack", "familiar")]
        combinable = [a for a in casts if a not in exclusive]
        if exclusive and combinable:
            best_ex = max(exclusive, key=lambda a: self._value(view, a))
            if self._value(view, best_ex) >= self._combined_value(view, combinable):
                candidates = [best_ex]
            else:
                candidates = [a for a in candidates if a not in exclusive]
        if casts and len(casts) < len(candidates):
            candidates = casts   # loot damage comes last (R15)
        scored = [(self._value(view, a), a) for a in candidates]
        scored = [(v, a) for v, a in scored if v > 0]
        if not scored:
            self._say("runes.bot.end")
            return Action("end")
        value, action = max(scored, key=lambda va: va[0])
        if action.name == "attack":
            foe = view["wizards"][action.target]
            p = self._hit_chance(view, action.dice[0], foe)
            self._say("runes.bot.cast_attack", target=f"#{action.target}", pair=action.dice[0], p=_pct(p),
                      value=f"{float(p) * (2 + view['quantum']):.2f}")
        elif action.verb == "cast":
            self._say("runes.bot.cast", spell=action.name)
        else:
            self._say("runes.bot.card", card=action.name)
        return action

    def _combined_value(self, view: dict[str, Any], casts: list[Action]) -> float:
        """Greedy worth of the combinable casts: the best one per disjoint group of dice."""
        dice = list(view["turn"]["dice"])
        total = 0.0
        for a in sorted(casts, key=lambda a: -self._value(view, a)):
            if all(dice.count(d) >= a.dice.count(d) for d in set(a.dice)):
                for d in a.dice:
                    dice.remove(d)
                total += self._value(view, a)
        return total

    # ------------------------------------------------------------------ reactions and choices
    def _react(self, view: dict[str, Any], actions: list[Action]) -> Action:
        for card in ("mirror_scroll", "shield_scroll"):
            if Action("play", card) in actions:
                self._say("runes.bot.react", card=card)
                return Action("play", card)
        rerolls = [a for a in actions if a.verb == "reroll" or (a.verb == "play" and a.name == "lucky_charm")]
        if rerolls:
            self._say("runes.bot.react", card="lucky_charm")
            return rerolls[0]
        self._say("runes.bot.pass")
        return Action("pass")

    def _other(self, view: dict[str, Any], actions: list[Action]) -> Action:
        if Action("play", "quicksilver") in actions:
            self._say("runes.bot.card", card="quicksilver")
            return Action("play", "quicksilver")
        foes = {w["seat"]: w for w in self._foes(view)}
        targets = [a for a in actions if a.verb == "target"]
        if targets:
            choice = min(targets, key=lambda a: foes[a.target]["health"] if a.target in foes else 99)
        elif any(a.verb == "pick" for a in actions):
            picks = [a for a in actions if a.verb == "pick"]
            choice = picks[0]
            self._say("runes.bot.pick", name=choice.name)
            return choice
        else:
            choice = next((a for a in actions if a.verb in ("keep", "take", "copy", "restore", "discard")),
                          None) or next((a for a in actions if a.verb == "pass"), actions[0])
        self._say("runes.bot.choice", action=str(choice))
        return choice


BOTS = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}
