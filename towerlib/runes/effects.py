"""What spells, powers and cards do to the table: damage, healing, cards, familiars, slots.

This is a mixin for :class:`towerlib.runes.engine.RunesGame`: it changes state and emits events
but never decides whose turn it is. Decisions a power needs (a target, a card, a slot) are
pushed as *pending* choices, which the engine offers as legal actions.
"""
from __future__ import annotations

from typing import Any

from .data import (AMULET_BONUS, FAMILIAR, FOE_POWERS, FROST_SPRITE_MALUS, HAWK_BONUS, HEAL_POWERS,
                   SLOTS, WIZARD, is_cursed)

#: Powers that need a foe holding loot cards.
_LOOT_TARGET_POWERS = frozenset({"cat", "spider"})
#: RULE 14 / R6: who wins a counter tie that the grades leave equal.
UNRESOLVED_TIE_WINNER = "caster"


class Effects:
    """State changes shared by spells, familiar powers and loot cards."""

    # -------------------------------------------------------------- dice and decks
    def _roll(self, count: int) -> list[int]:
        """``count`` dice: first from the deal's fixed queue, then from the seeded RNG."""
        out = []
        for _ in range(count):
            out.append(self.dice_queue.pop(0) if self.dice_queue else self.rng.randint(1, 6))
        return out

    def _next_loot(self) -> str | None:
        """The top loot card; R13: an empty deck is refilled by shuffling the discards."""
        if not self.loot_deck and self.loot_discard:
            self.loot_deck = self.loot_discard
            self.loot_discard = []
            self.rng.shuffle(self.loot_deck)
            self._emit("reshuffle", None, deck="loot", count=len(self.loot_deck))
        return self.loot_deck.pop(0) if self.loot_deck else None

    def _next_familiar(self) -> str | None:
        if not self.fam_deck and self.fam_discard:
            self.fam_deck = self.fam_discard
            self.fam_discard = []
            self.rng.shuffle(self.fam_deck)
            self._emit("reshuffle", None, deck="familiars", count=len(self.fam_deck))
        return self.fam_deck.pop(0) if self.fam_deck else None

    def _draw_loot(self, seat: int, count: int) -> list[str]:
        """Draw ``count`` loot cards; cursed ones are wielded at once (RULE 18). Returns the cards."""
        drawn = []
        for _ in range(count):
            card = self._next_loot()
            if card is None:
                break
            drawn.append(card)
        self._emit("draw", seat, count=len(drawn), secret={"cards": drawn}, to=[seat])
        for card in drawn:
            self._gain(seat, card)
        return drawn

    def _gain(self, seat: int, card: str, drawn: bool = True) -> None:
        """A card enters ``seat``'s hand. A cursed artifact *drawn* is wielded instead (RULE 18);
        one handed over or stolen arrives as a card and is not wielded (R17)."""
        if drawn and is_cursed(card):
            self._wield(seat, card)
        else:
            self.hand[seat].append(card)

    def _wield(self, seat: int, card: str) -> None:
        old = self.artifact[seat]
        if old is not None:
            self.loot_discard.append(old)
            if old == "amulet_of_vitality":
                self.max_health[seat] -= AMULET_BONUS
                self.health[seat] = min(self.health[seat], self.max_health[seat])
        self.artifact[seat] = card
        self._emit("wield", seat, card=card, replaced=old, cursed=is_cursed(card))
        if card == "amulet_of_vitality":
            self.max_health[seat] += AMULET_BONUS
            self._heal(seat, AMULET_BONUS)

    def _discard_card(self, seat: int, card: str) -> None:
        self.hand[seat].remove(card)
        self.loot_discard.append(card)

    def _random_card(self, seat: int) -> str | None:
        if not self.hand[seat]:
            return None
        return self.hand[seat].pop(self.rng.randrange(len(self.hand[seat])))

    def _steal(self, thief: int, victim: int) -> None:
        card = self._random_card(victim)
        if card is not None:
            self._emit("steal", thief, victim=victim, secret={"card": card}, to=[thief, victim])
            self._gain(thief, card, drawn=False)

    # -------------------------------------------------------------- health
    def foes(self, seat: int) -> list[int]:
        """Standing wizards other than ``seat`` (R7: only they can be targeted)."""
        return [s for s in range(self.players) if s != seat and self.health[s] > 0]

    def _heal(self, seat: int, amount: int) -> None:
        if self.health[seat] <= 0:
            return
        new = min(self.max_health[seat], self.health[seat] + amount)
        self._emit("heal", seat, amount=new - self.health[seat], health=new)
        self.health[seat] = new

    def _hurt(self, hits: list[tuple[int, int]], source: int | None) -> None:
        """Deal damage (RULE 15: each amount +Q) to several wizards at once (R12), then hand over loot."""
        fallen = []
        for target, base in hits:
            if self.health[target] <= 0:
                continue
            amount = base + self.q
            if self.wizard[target] == "geomancer" and not self.geo_used[target] and amount > 0:
                self.geo_used[target] = True
                amount -= 1
                self._emit("prevent", target, amount=1)
            new = max(0, self.health[target] - amount)
            self._emit("damage", target, amount=amount, source=source, health=new)
            self.health[target] = new
            if new == 0:
                fallen.append(target)
        for target in fallen:
            finisher = source if source is not None and source != target else None
            self._incapacitate(target, finisher)

    def _incapacitate(self, seat: int, finisher: int | None) -> None:
        """RULE 16: health 0; all loot, the wielded artifact included, goes to the finisher."""
        self.health[seat] = 0
        cards = list(self.hand[seat])
        if self.artifact[seat] is not None:
            if self.artifact[seat] == "amulet_of_vitality":
                self.max_health[seat] -= AMULET_BONUS
            cards.append(self.artifact[seat])
        self.hand[seat], self.artifact[seat] = [], None
        self._emit("incapacitated", seat, finisher=finisher)
        if finisher is not None and self.health[finisher] > 0:
            self._emit("handover", finisher, giver=seat, count=len(cards), secret={"cards": cards},
                       to=[seat, finisher])
            for card in cards:
                self._gain(finisher, card, drawn=False)
        elif cards:
            self.loot_discard.extend(cards)
            self._emit("discard", seat, cards=cards)
        for other in range(self.players):
            if other != seat and self.wizard[other] == "necromancer" and self.health[other] > 0:
                self._heal(other, 2)

    # -------------------------------------------------------------- slots and grades
    def _restore_slot(self, seat: int, slot: str) -> None:
        self.slots[seat][slot] = True
        self._emit("restore_slot", seat, slot=slot)

    def spent_slots(self, seat: int, exclude: tuple[str, ...] = ()) -> list[str]:
        return [s for s in SLOTS if not self.slots[seat][s] and s not in exclude]

    def grade(self, seat: int, which: str) -> int:
        """A familiar grade of ``seat`` (no familiar = 0; the Shaman adds 1 to each)."""
        fam = self.familiar[seat]
        if fam is None:
            return 0
        return getattr(FAMILIAR[fam], which) + (1 if self.wizard[seat] == "shaman" else 0)

    def counter_bonus(self, seat: int) -> int:
        """What is added to ``seat``'s counter die: Cryomancer, Ring of Warding, Bear Cub."""
        return ((self.wizard[seat] == "cryomancer") + (self.artifact[seat] == "ring_of_warding")
                + self.bear[seat])

    # -------------------------------------------------------------- attacks
    def attack_damage(self, caster: int, target: int) -> int:
        """An Attack's damage before +Q: 2, Staff of Power +1, Warlock +1 against healthier foes."""
        return (2 + (self.artifact[caster] == "staff_of_power")
                + (self.wizard[caster] == "warlock" and self.health[target] > self.health[caster]))

    def _attack(self, caster: int, target: int, pair: int, damage: int) -> None:
        """Roll the target's counter die (RULE 14); unless it stops the attack, the target gets a
        reaction window, whatever they hold (R18)."""
        ties = "defender" if self.shadow[target] or self.artifact[target] == "cloak_of_shadows" else "caster"
        self.shadow[target] = False
        window = {"kind": "counter", "seat": target, "attacker": caster, "pair": pair,
                  "die": self._roll(1)[0], "damage": damage, "ties": ties}
        self._emit("counter_roll", target, attacker=caster, pair=pair, die=window["die"])
        self._settle_counter(window)

    def counter_stops(self, window: dict[str, Any]) -> bool:
        """Whether the counter die in ``window`` stops the attack (RULE 14, R6)."""
        total = window["die"] + self.counter_bonus(window["seat"])
        if total != window["pair"]:
            return total > window["pair"]
        if window["ties"] == "defender":
            return True
        offense, defense = self.grade(window["attacker"], "offense"), self.grade(window["seat"], "defense")
        if offense != defense:
            return defense > offense
        return UNRESOLVED_TIE_WINNER == "defender"

    def _settle_counter(self, window: dict[str, Any]) -> None:
        """Stop the attack in ``window`` if its counter die (maybe re-rolled) now stops it;
        otherwise the window stays open until the defender reacts or passes (the hit)."""
        open_now = bool(self.pending) and self.pending[-1] is window
        if self.counter_stops(window):
            if open_now:
                self.pending.pop()
            self._emit("countered", window["seat"], attacker=window["attacker"], by="die")
        elif not open_now:
            self.pending.append(window)

    def _loot_damage(self, caster: int, targets: list[int], damage: int) -> None:
        """Damage from a loot card (timing E): each target gets a window to cancel it with a
        Smoke Bomb, whatever they hold (R18); ``pass`` takes the damage."""
        for t in reversed(targets):
            self.pending.append({"kind": "smoke", "seat": t, "source": caster, "damage": damage})

    # -------------------------------------------------------------- familiars
    def _summon(self, seat: int, card: str) -> None:
        if self.familiar[seat] is not None:
            self.fam_discard.append(self.familiar[seat])
        self.familiar[seat] = card
        self._emit("summon", seat, familiar=card)
        self._power(seat, card)

    def _power(self, seat: int, fam: str) -> None:
        """A familiar's power (RULES.md 2.4, HOUSE); choices become pending decisions."""
        self._emit("power", seat, familiar=fam)
        if fam in FOE_POWERS or fam in ("frost_sprite",) or fam in _LOOT_TARGET_POWERS:
            self.pending.append({"kind": "target", "seat": seat, "power": fam, "left": 1})
        if fam in HEAL_POWERS and fam != "bat":
            self._heal(seat, HEAL_POWERS[fam])
        if fam in ("raven", "will_o_wisp"):
            self._draw_loot(seat, 1)
        if fam == "will_o_wisp":
            self._heal(seat, 1)
        if fam == "salamander":
            self._hurt([(t, 1) for t in self.foes(seat)], seat)
        if fam == "wolf":
            self.wolf = True
        if fam == "hawk":
            self.next_init[seat] += HAWK_BONUS
        if fam == "bear_cub":
            self.bear[seat] = True
        if fam == "shadow":
            self.shadow[seat] = True
        if fam in ("toad", "unicorn"):
            self.pending.append({"kind": "restore", "seat": seat,
                                 "exclude": ["familiar"] if fam == "toad" else []})
        if fam == "owl":
            top = [c for c in (self._next_loot() for _ in range(3)) if c is not None]
            self.loot_deck[:0] = top
            self.pending.append({"kind": "owl", "seat": seat, "cards": top})
        if fam == "homunculus":
            self._draw_loot(seat, 2)
            self.pending.append({"kind": "discard", "seat": seat, "cards": None})
        if fam == "mimic":
            self.pending.append({"kind": "copy", "seat": seat})

    def power_targets(self, seat: int, power: str) -> list[int]:
        if power in _LOOT_TARGET_POWERS:
            return [t for t in self.foes(seat) if self.hand[t]]
        return self.foes(seat)

    def mimic_choices(self, seat: int) -> list[str]:
        return sorted({self.familiar[o] for o in range(self.players)
                       if o != seat and self.familiar[o] not in (None, "mimic")})

    def _aimed_power(self, seat: int, power: str, target: int) -> None:
        """The effect of a power (or a Thunderstorm bolt) once its target is chosen."""
        if power == "thunderstorm":
            self._attack(seat, target, 5, self.attack_damage(seat, target) + self._use_wolf())
        elif power in FOE_POWERS:
            self._hurt([(target, FOE_POWERS[power])], seat)
            if power == "bat":
                self._heal(seat, 1)
        elif power == "frost_sprite":
            self.next_init[target] += FROST_SPRITE_MALUS
            self._emit("slow", target, by=seat)
        elif power == "cat":
            self._steal(seat, target)
        elif power == "spider":
            card = self._random_card(target)
            if card is not None:
                self.loot_discard.append(card)
                self._emit("discard", target, cards=[card])

    def _use_wolf(self) -> int:
        """The Wolf's +1 applies to the next Attack of this turn only."""
        bonus, self.wolf = int(self.wolf), False
        return bonus

    # -------------------------------------------------------------- class spells (HOUSE W1-W12)
    def _class_spell(self, seat: int, target: int | None) -> None:
        wizard = self.wizard[seat]
        foes = self.foes(seat)
        if wizard == "pyromancer":
            self._hurt([(t, 4 if t == target else 1) for t in foes], seat)
        elif wizard == "cryomancer":
            self._hurt([(target, 3)], seat)
            self.frozen[target] = True
        elif wizard == "necromancer":
            self._hurt([(target, 3)], seat)
            self._heal(seat, 3)
        elif wizard == "illusionist":
            for t in foes:
                card = self._random_card(t)
                if card is not None:
                    self.loot_discard.append(card)
                    self._emit("discard", t, cards=[card])
            self._draw_loot(seat, 2)
        elif wizard == "druid":
            self._heal(seat, 5)
            # RESOLVED: Regrowth cannot restore the Class slot it just spent (like Haste).
            self.pending.append({"kind": "restore", "seat": seat, "exclude": ["class"]})
        elif wizard == "warlock":
            self._hurt([(t, 2) for t in foes], seat)
        elif wizard == "enchanter":
            for t in foes:
                self._steal(seat, t)
        elif wizard == "geomancer":
            self._hurt([(t, 3) for t in foes] + [(seat, 1)], seat)
        elif wizard == "chronomancer":
            self.haste = True
        elif wizard == "stormcaller":
            self.pending.append({"kind": "target", "seat": seat, "power": "thunderstorm", "left": 3})
        elif wizard == "alchemist":
            drawn = [c for c in self._draw_loot(seat, 3) if not is_cursed(c)]
            if len(drawn) == 3:
                self.pending.append({"kind": "discard", "seat": seat, "cards": drawn})
        elif wizard == "shaman":
            cards = [c for c in (self._next_familiar(), self._next_familiar()) if c is not None]
            self._emit("draw_familiars", seat, familiars=cards)
            self._restore_slot(seat, "familiar")
            if cards:
                self.pending.append({"kind": "spirit", "seat": seat, "cards": cards})

    def class_needs_target(self, seat: int) -> bool:
        return WIZARD[self.wizard[seat]].class_targets
