"""Three Spell Runes players: random, greedy, and a planner that uses the exact odds.

They follow the protocol of :mod:`towerlib.core.bots`: a bot has a ``name`` and
``choose(view) -> Choice(action, reason)``, where ``view`` is the seat's own view
(``game.view(seat, log=False)``) and ``reason`` is one sentence from the message catalogue.
The legal actions come from the view (``view["legal"]``, as text), so a bot never touches the
game: it cannot see hidden cards, the deck order or the dice to come.

* :class:`RandomBot` picks any legal action: the yardstick.
* :class:`GreedyBot` takes the best-looking immediate option and holds its most common value.
* :class:`PlannerBot` chooses holds by the exact odds (:func:`~.probability.best_hold` and the
  expected worth of the best cast after the re-roll), and aims attacks where the counter roll
  (:func:`~.probability.p_counter`) is least likely to stop them.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..core.bots import Bot, Choice
from ..core.errors import InvalidOption
from ..core.i18n import Msg
from .actions import Action, parse
from .data import CARD
from .dice import allows
from .probability import best_hold, outcomes, p_counter
from .views import action_msg, seat_msg

#: Rough worth of each spell in "damage-equivalent" points, used to compare plans (planner).
SPELL_WORTH = {"healing": 1.5, "attack": 1.2, "familiar": 2.5, "loot": 2.5, "chain": 0.0,
               "class": 4.0, "restore": 1.0, "quantum": 0.0}
#: The cursed artifacts (a bot replaces one as soon as it can).
CURSED = frozenset(c for c, card in CARD.items() if card.timing == "C")
#: The greedy bot's order of preference among casts.
GREEDY_ORDER = ("quantum", "chain", "class", "attack", "familiar", "restore", "loot", "healing")


def legal_actions(view: Mapping[str, Any]) -> list[Action]:
    """The legal actions listed in ``view`` (the engine writes them as text)."""
    return [parse(text) for text in view["legal"]]


def _wizards(view: Mapping[str, Any]) -> list[str | None]:
    return [w["wizard"] for w in view["wizards"]]


def _spell(spell: str) -> Msg:
    return Msg(f"runes.spell.{spell}")


def _card(card: str) -> Msg:
    return Msg(f"runes.card.{card}")


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so games replay)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> Choice:
        legal = view["legal"]
        action = parse(legal[int(self.rng.random() * len(legal))])
        return Choice(action, Msg("runes.bot.random", count=len(legal)))


def _pct(p: Fraction | float) -> str:
    return f"{float(p):.1%}"


class GreedyBot:
    """Takes the best-looking immediate option; holds the most common value when rolling."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any]) -> Choice:
        action = self._pick(view, legal_actions(view))
        return Choice(action, Msg("runes.bot.greedy", action=action_msg(action, _wizards(view))))

    def _pick(self, view: Mapping[str, Any], actions: list[Action]) -> Action:
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


class PlannerBot:
    """Plans with the exact odds: holds by :func:`best_hold`, aims by :func:`p_counter`."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any]) -> Choice:
        actions = legal_actions(view)
        decision = view["decision"]
        if decision == "roll":
            return self._roll(view, actions)
        if decision == "cast":
            return self._cast(view, actions)
        if decision == "counter":
            return self._react(view, actions)
        if decision in ("window", "initiative", "smoke"):
            return self._window(view, actions)
        return self._other(view, actions)

    # ------------------------------------------------------------------ helpers
    def _foes(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [w for w in view["wizards"] if w["seat"] != view["seat"] and w["standing"]]

    def _hit_chance(self, view: Mapping[str, Any], pair: int, foe: dict[str, Any]) -> Fraction:
        me = view["wizards"][view["seat"]]
        ties = "defender" if foe["grades"]["defense"] > me["grades"]["offense"] or (
            foe["artifact"] == "cloak_of_shadows") else "caster"
        return 1 - p_counter(pair, ties, foe["counter_bonus"])

    def _spell_worth(self, view: Mapping[str, Any], spell: str) -> float:
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

    def _castable(self, view: Mapping[str, Any], spell: str) -> bool:
        me = view["wizards"][view["seat"]]
        turn = view["turn"]
        if spell in me["slots"] and not me["slots"][spell]:
            return False
        return spell in ("healing", "attack", "familiar") or not turn["cast"]

    # ------------------------------------------------------------------ rolling
    def _roll(self, view: Mapping[str, Any], actions: list[Action]) -> Choice:
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
            return Choice(Action("stop"), Msg("runes.bot.stop", spell=_spell(spell)))
        shown = " ".join(map(str, best)) or "-"
        if best in proposals:
            spell, p = proposals[best]
            reason = Msg("runes.bot.hold", dice=shown, p=_pct(p), spell=_spell(spell), rolls=rolls_left)
        else:
            reason = Msg("runes.bot.hold_value", dice=shown, value=f"{expected(best):.2f}")
        return Choice(Action("hold", dice=best), reason)

    def _plan_context(self, view: Mapping[str, Any]) -> tuple[list[str], dict[str, float], list[float], float | None]:
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

    def _plan_value(self, view: Mapping[str, Any], context: tuple, dice: tuple[int, ...]) -> float:
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
    def _value(self, view: Mapping[str, Any], a: Action) -> float:
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

    def _cast(self, view: Mapping[str, Any], actions: list[Action]) -> Choice:
        me = view["wizards"][view["seat"]]
        for card in ("greater_healing_potion", "healing_potion"):
            if me["health"] <= me["max_health"] - 5 and Action("play", card) in actions:
                return Choice(Action("play", card), Msg("runes.bot.card", card=_card(card)))
        wields = [a for a in actions if a.verb == "wield"]
        if wields:
            return Choice(wields[0], Msg("runes.bot.card", card=_card(wields[0].name)))
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
            return Choice(Action("end"), Msg("runes.bot.end"))
        value, action = max(scored, key=lambda va: va[0])
        if action.name == "attack":
            foe = view["wizards"][action.target]
            p = self._hit_chance(view, action.dice[0], foe)
            reason = Msg("runes.bot.cast_attack", target=seat_msg(foe["wizard"], action.target),
                         pair=action.dice[0], p=_pct(p), value=f"{float(p) * (2 + view['quantum']):.2f}")
        elif action.verb == "cast":
            reason = Msg("runes.bot.cast", spell=_spell(action.name))
        else:
            reason = Msg("runes.bot.card", card=_card(action.name))
        return Choice(action, reason)

    def _combined_value(self, view: Mapping[str, Any], casts: list[Action]) -> float:
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
    def _window(self, view: Mapping[str, Any], actions: list[Action]) -> Choice:
        """A window every wizard gets (R18): cancel loot damage, wield a first artifact, drink
        when hurt, take initiative cards; otherwise pass at once."""
        me = view["wizards"][view["seat"]]
        if Action("play", "smoke_bomb") in actions:
            return Choice(Action("play", "smoke_bomb"), Msg("runes.bot.react", card=_card("smoke_bomb")))
        if Action("play", "quicksilver") in actions:
            return Choice(Action("play", "quicksilver"), Msg("runes.bot.card", card=_card("quicksilver")))
        if me["artifact"] is None or me["artifact"] in CURSED:
            wields = [a for a in actions if a.verb == "wield"]
            if wields:
                return Choice(wields[0], Msg("runes.bot.card", card=_card(wields[0].name)))
        potion = self._potion(view, actions, 0)
        if potion is not None:
            return potion
        return Choice(Action("pass"), Msg("runes.bot.pass"))

    def _potion(self, view: Mapping[str, Any], actions: list[Action], coming: int) -> Choice | None:
        """Drink a potion when hurt by 5 or more, or when ``coming`` damage would finish us."""
        me = view["wizards"][view["seat"]]
        if me["health"] > me["max_health"] - 5 and coming < me["health"]:
            return None
        for card in ("greater_healing_potion", "healing_potion"):
            if Action("play", card) in actions:
                return Choice(Action("play", card), Msg("runes.bot.card", card=_card(card)))
        return None

    def _react(self, view: Mapping[str, Any], actions: list[Action]) -> Choice:
        for card in ("mirror_scroll", "shield_scroll"):
            if Action("play", card) in actions:
                return Choice(Action("play", card), Msg("runes.bot.react", card=_card(card)))
        for action in actions:
            if action.verb == "reroll":
                return Choice(action, Msg("runes.bot.reroll"))
            if action.verb == "play" and action.name == "lucky_charm":
                return Choice(action, Msg("runes.bot.react", card=_card("lucky_charm")))
        potion = self._potion(view, actions, view["pending"]["damage"] + view["quantum"])
        return potion or Choice(Action("pass"), Msg("runes.bot.pass"))

    def _other(self, view: Mapping[str, Any], actions: list[Action]) -> Choice:
        if Action("play", "quicksilver") in actions:
            return Choice(Action("play", "quicksilver"), Msg("runes.bot.card", card=_card("quicksilver")))
        foes = {w["seat"]: w for w in self._foes(view)}
        targets = [a for a in actions if a.verb == "target"]
        if targets:
            choice = min(targets, key=lambda a: foes[a.target]["health"] if a.target in foes else 99)
        elif any(a.verb == "pick" for a in actions):
            picks = [a for a in actions if a.verb == "pick"]
            choice = picks[0]
            return Choice(choice, Msg("runes.bot.pick", name=Msg(f"runes.wizard.{choice.name}")))
        else:
            choice = next((a for a in actions if a.verb in ("keep", "take", "copy", "restore", "discard")),
                          None) or next((a for a in actions if a.verb == "pass"), actions[0])
        return Choice(choice, Msg("runes.bot.choice", action=action_msg(choice, _wizards(view))))


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by its registry name (``BOTS``); ``seed`` makes a random bot repeatable."""
    if name not in BOTS:
        raise InvalidOption("error.bad_option", name="bot", value=name, allowed=" / ".join(BOTS))
    return BOTS[name](seed)
