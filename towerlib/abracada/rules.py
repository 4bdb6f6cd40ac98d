"""Abracada...What? rules data (RULES.md section 1): constants and every RESOLVED option.

Each RESOLVED reading of RULES.md is an option of :func:`towerlib.abracada.new_game` whose
default is the resolution; the alternative reading is the other allowed value.
"""
from __future__ import annotations

from ..core.options import Option

MIN_PLAYERS, MAX_PLAYERS = 2, 5
SPELLS = tuple(range(1, 9))                        # spell values 1..8; value v has v stones
STONE_COUNTS = {v: v for v in SPELLS}              # 1 Dragon ... 8 Magic Drinks: 36 stones
ALL_STONES = tuple(v for v in SPELLS for _ in range(v))
TOTAL_STONES = len(ALL_STONES)                     # 36
HAND_SIZE = 5
SECRET_STONES = 4
REMOVED_FACE_UP = {2: 12, 3: 6, 4: 0, 5: 0}        # RULE: 2/3-player games remove stones face up
START_LIFE = MAX_LIFE = 6
WINNING_SCORE = 8                                   # the top of the tower; scores are capped here (Q15)
KNOCKOUT_WIN_POINTS = 3                             # rule 24
SURVIVOR_POINTS = 1                                 # rules 24, 25
EMPTY_HAND_POINTS = 3                               # rule 26 (Q16)
LAST_STANDING_WIN_POINTS = 2                        # rule 30
DEFAULT_DIE = (1, 1, 2, 2, 3, 3)                    # RESOLVED (1.5): the die's faces
D6 = (1, 2, 3, 4, 5, 6)

DRAGON, WANDERER, DREAM, SINGER, TEMPEST, BLIZZARD, FIREBALL, DRINK = SPELLS

# Which stone the right neighbour removes when the hand holds several of the declared value:
# the rulebooks leave it to the neighbour. The caster sees which of their stones was taken, so
# any choice tells them something. The engine always takes the OLDEST matching stone, which
# tells the caster exactly "the stones older than it are not this value": information the
# per-stone deduction can hold exactly. (A random choice would leak a likelihood instead.)


def _die_faces(value: object) -> tuple[int, ...]:
    faces = tuple(value)  # type: ignore[arg-type]
    if not faces or any(isinstance(f, bool) or not isinstance(f, int) or f < 0 for f in faces):
        raise ValueError("die faces must be non-negative whole numbers")
    return faces


def _seat_or_none(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value >= MAX_PLAYERS:
        raise ValueError("a seat number")
    return value


OPTIONS = {
    "easy": Option("easy", False, "Easy variant (rule 11): no ordering restriction within a turn.",
                   allowed=(False, True)),
    "last_standing": Option("last_standing", False,
                            "Variant 'last standing magician takes all' (rule 30).", allowed=(False, True)),
    "die_faces": Option("die_faces", DEFAULT_DIE, "Faces of the die (RESOLVED 1.5); (1,2,3,4,5,6) is a d6.",
                        check=_die_faces, allowed_text="a list of whole numbers, e.g. [1,1,2,2,3,3]"),
    "dark_wanderer_hits_caster": Option("dark_wanderer_hits_caster", False,
                                        "Q1: the literal Russian reading, the caster also loses 1 first.",
                                        allowed=(False, True)),
    "new_round_starter": Option("new_round_starter", "next",
                                "Q5: 'next' = left neighbour of whoever ended the round; 'same' = that player.",
                                allowed=("next", "same")),
    "lower_declaration": Option("lower_declaration", "forbidden",
                                "Q6: 'forbidden' = a lower value is not offered; 'auto_callout' = allowed, "
                                "costs 1 life and ends the turn.", allowed=("forbidden", "auto_callout")),
    "secret_stone_visibility": Option("secret_stone_visibility", "owner",
                                      "Q11: who sees a taken secret stone: 'owner' or 'public'.",
                                      allowed=("owner", "public")),
    "empty_and_ko_precedence": Option("empty_and_ko_precedence", "ko",
                                      "Q13: when one cast both empties the hand and knocks someone out.",
                                      allowed=("ko", "empty")),
    "first_player": Option("first_player", 0, "Rule 5: the seat of the oldest player, who starts round 1.",
                           check=_seat_or_none, allowed_text="a seat number"),
}
