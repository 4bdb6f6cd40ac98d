"""The printed parts of Spell Runes: wizards, familiars and loot cards (RULES.md 2.1 and 2.4).

The rulebook names these parts but prints none of their data, so every table here is the
``HOUSE`` data of RULES.md 2.4. They are plain tuples keyed by a short id so that real data can
replace them without touching the engine. Names and descriptions live in the message catalogue
(``runes.wizard.<id>``, ``runes.familiar.<id>``, ``runes.card.<id>``).
"""
from __future__ import annotations

from dataclasses import dataclass

#: HOUSE (RULES.md 2.4): the health maximum; wizards start at it.
HOUSE_MAX_HEALTH = 15
#: RULE 9: rolls per turn (the first roll and up to two re-rolls).
ROLLS_PER_TURN = 3
#: RULE 5: loot cards drawn at set-up.
START_LOOT = 2
#: RULE 2: boards each player draws in the draft (they keep one).
BOARD_OFFERS = 2
#: RULE 9: dice rolled for a turn; RULE 14 and 6 use one die (R14: the sixth die).
TURN_DICE = 5
#: RULE 17 / R10: the natural initiative face that revives an incapacitated wizard.
REVIVE_FACE = 6

#: The four slotted spells (RULE 12, R1, R2); one token each.
SLOTS = ("familiar", "loot", "chain", "class")


@dataclass(frozen=True)
class Wizard:
    """A wizard board. ``class_targets``: its class spell asks for one foe at cast time."""

    id: str
    class_targets: bool


@dataclass(frozen=True)
class Familiar:
    """A familiar card: Offense, Speed and Defense grades (0-3, summing to 4) and a power."""

    id: str
    offense: int
    speed: int
    defense: int


@dataclass(frozen=True)
class LootCard:
    """A loot card kind. ``timing``: A any time, E end of own turn, R reaction, I initiative,
    T any time on own turn, W wield (artifact), C cursed (wielded when gained)."""

    id: str
    copies: int
    timing: str


WIZARDS: tuple[Wizard, ...] = (
    Wizard("pyromancer", True),      # W1 Inferno: 4 to one foe, 1 to each other foe; Chain +1
    Wizard("cryomancer", True),      # W2 Deep Freeze: 3 to a foe, 2 rolls next turn; counter +1
    Wizard("necromancer", True),     # W3 Drain Life: 3 to a foe, heal 3; heal 2 when a foe falls
    Wizard("illusionist", False),    # W4 Mass Confusion; re-roll own counter die once a round
    Wizard("druid", False),          # W5 Regrowth: heal 5, restore 1 slot; Healing heals 3
    Wizard("warlock", False),        # W6 Hex: 2 to every foe; Attacks +1 vs healthier foes
    Wizard("enchanter", False),      # W7 Enthrall; starts with 3 loot
    Wizard("geomancer", False),      # W8 Earthquake: 3 to every foe, 1 to self; prevent 1/round
    Wizard("chronomancer", False),   # W9 Haste: another turn; +1 initiative, wins ties
    Wizard("stormcaller", False),    # W10 Thunderstorm: three 2-dmg attacks as 5s; Loot +1 dmg
    Wizard("alchemist", False),      # W11 Transmute: draw 3 keep 2; Loot draws 3
    Wizard("shaman", False),         # W12 Spirit Call: 2 familiars keep 1; grades +1
)
WIZARD = {w.id: w for w in WIZARDS}

FAMILIARS: tuple[Familiar, ...] = (
    Familiar("ember_imp", 3, 1, 0), Familiar("frost_sprite", 1, 1, 2), Familiar("raven", 1, 3, 0),
    Familiar("stone_golem", 1, 0, 3), Familiar("owl", 1, 2, 1), Familiar("salamander", 2, 2, 0),
    Familiar("tortoise", 0, 1, 3), Familiar("wolf", 3, 1, 0), Familiar("cat", 1, 3, 0),
    Familiar("toad", 1, 0, 3), Familiar("bat", 2, 2, 0), Familiar("phoenix", 2, 1, 1),
    Familiar("serpent", 3, 0, 1), Familiar("hawk", 2, 2, 0), Familiar("spider", 2, 1, 1),
    Familiar("bear_cub", 2, 0, 2), Familiar("will_o_wisp", 1, 2, 1), Familiar("dragonet", 3, 1, 0),
    Familiar("unicorn", 0, 2, 2), Familiar("mimic", 2, 1, 1), Familiar("homunculus", 1, 1, 2),
    Familiar("shadow", 2, 2, 0),
)
FAMILIAR = {f.id: f for f in FAMILIARS}

#: Familiar powers that hit or name one foe (the owner chooses which).
FOE_POWERS = {"ember_imp": 2, "serpent": 2, "dragonet": 3, "bat": 1}
#: Familiar powers that heal their owner (amount).
HEAL_POWERS = {"stone_golem": 2, "tortoise": 3, "phoenix": 4, "bat": 1, "bear_cub": 2,
               "will_o_wisp": 1, "unicorn": 2}

LOOT: tuple[LootCard, ...] = (
    LootCard("healing_potion", 5, "A"), LootCard("greater_healing_potion", 2, "A"),
    LootCard("fire_scroll", 5, "E"), LootCard("lightning_scroll", 2, "E"),
    LootCard("poison_dart", 3, "E"), LootCard("mana_crystal", 4, "A"),
    LootCard("lucky_charm", 4, "A"), LootCard("shield_scroll", 3, "R"),
    LootCard("mirror_scroll", 2, "R"), LootCard("quicksilver", 2, "I"),
    LootCard("pickpocket", 2, "A"), LootCard("smoke_bomb", 2, "R"),
    LootCard("familiar_treat", 2, "T"),
    LootCard("staff_of_power", 1, "W"), LootCard("amulet_of_vitality", 1, "W"),
    LootCard("boots_of_haste", 1, "W"), LootCard("ring_of_warding", 1, "W"),
    LootCard("orb_of_insight", 1, "W"), LootCard("grimoire", 1, "W"),
    LootCard("crown_of_runes", 1, "W"), LootCard("cloak_of_shadows", 1, "W"),
    LootCard("cursed_idol", 1, "C"), LootCard("leaden_boots", 1, "C"),
    LootCard("cracked_orb", 1, "C"), LootCard("blood_pact", 1, "C"),
)
CARD = {c.id: c for c in LOOT}
#: The full loot deck, 50 cards, in a fixed order (shuffled at set-up).
LOOT_DECK: tuple[str, ...] = tuple(c.id for c in LOOT for _ in range(c.copies))
#: Healing cards (any time) and what they heal.
POTIONS = {"healing_potion": 3, "greater_healing_potion": 5}
#: Damage-dealing loot (timing E, RULE 13 / R15): damage, and whether it hits every foe.
DAMAGE_CARDS = {"fire_scroll": (2, False), "poison_dart": (1, False), "lightning_scroll": (1, True)}
#: Amulet of Vitality: extra maximum health, and the heal when it is wielded.
AMULET_BONUS = 3
#: Initiative modifiers of artifacts and wizards (RULES.md 2.4).
INITIATIVE_BONUS = {"boots_of_haste": 1, "leaden_boots": -2}
QUICKSILVER_BONUS = 2
HAWK_BONUS = 2
FROST_SPRITE_MALUS = -2

assert len(WIZARDS) == 12 and len(FAMILIARS) == 22 and len(LOOT_DECK) == 50
assert all(f.offense + f.speed + f.defense == 4 for f in FAMILIARS)


def is_artifact(card: str) -> bool:
    return CARD[card].timing in ("W", "C")


def is_cursed(card: str) -> bool:
    return CARD[card].timing == "C"
