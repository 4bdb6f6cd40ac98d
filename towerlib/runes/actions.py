"""Spell Runes actions: one small immutable value per decision, with a text form that parses back.

A turn is a sequence of small decisions (hold, then cast one group at a time, then end), so the
list of legal actions stays short. Grammar (``T`` a seat number, ``D`` a die value 1-6)::

    pick WIZARD                    draft: keep this board
    hold [D ...]                   keep these dice, re-roll the others ("hold" re-rolls all five)
    stop                           stop rolling; cast with these dice
    cast SPELL D... [MODE] [-> T]  e.g. "cast attack 5 5 -> 2", "cast familiar 3 3 3 summon"
    play CARD [D] [SLOT] [-> T]    e.g. "play fire_scroll -> 1", "play lucky_charm 4", "play mana_crystal loot"
    wield CARD                     wield an artifact from your hand
    crown D +1|-1                  Crown of Runes: turn one die up or down
    keep [FAMILIAR] | release      keep or send back a drawn familiar (Spirit Call names one)
    target T                       aim a power or a Thunderstorm bolt
    take CARD | discard CARD       Owl; Transmute and Homunculus
    restore SLOT                   a power that restores one slot
    copy FAMILIAR                  Mimic
    reroll                         Illusionist: re-roll your counter die
    pass                           decline (a reaction window, initiative) or accept a hit
    end                            end your turn
"""
from __future__ import annotations

import re
from dataclasses import dataclass

VERBS = ("pick", "hold", "stop", "cast", "play", "wield", "crown", "keep", "release", "target",
         "take", "discard", "restore", "copy", "reroll", "pass", "end")
#: Verbs whose first word after the verb is a name (spell, card, wizard or familiar).
_NAMED = frozenset({"pick", "cast", "play", "wield", "keep", "take", "discard", "copy"})
#: Verbs whose dice are a multiset (written sorted).
_SORTED_DICE = frozenset({"hold", "cast"})
_WORD = re.compile(r"^[a-z][a-z_]*$")
_SEAT = re.compile(r"^(0|[1-9][0-9]*)$")


@dataclass(frozen=True)
class Action:
    """One decision. ``name``: spell/card/wizard/familiar; ``arg``: mode, slot or ``+1``/``-1``."""

    verb: str
    name: str = ""
    dice: tuple[int, ...] = ()
    arg: str = ""
    target: int | None = None

    def __str__(self) -> str:
        parts = [self.verb]
        if self.name:
            parts.append(self.name)
        parts.extend(str(d) for d in self.dice)
        if self.arg:
            parts.append(self.arg)
        if self.target is not None:
            parts.extend([str(self.target)] if self.verb == "target" else ["->", str(self.target)])
        return " ".join(parts)


def parse(text: str) -> Action | None:
    """The action written as ``text`` (see the module grammar), or None if it is not one."""
    tokens = text.replace("->", " -> ").split()
    if not tokens or tokens[0] not in VERBS:
        return None
    verb, rest = tokens[0], tokens[1:]
    name, arg, dice, target = "", "", [], None
    i = 0
    while i < len(rest):
        tok = rest[i]
        if tok == "->":
            if target is not None or i + 1 >= len(rest) or not _SEAT.match(rest[i + 1]):
                return None
            target = int(rest[i + 1])
            i += 2
            continue
        if tok.isdigit():
            if verb == "target" and target is None:
                if not _SEAT.match(tok):
                    return None                  # "target 01" is not how a seat is written
                target = int(tok)
            elif len(tok) == 1:
                dice.append(int(tok))
            else:
                return None
        elif verb in _NAMED and not name and not dice and _WORD.match(tok):
            name = tok
        elif not arg and (_WORD.match(tok) or tok in ("+1", "-1")):
            arg = tok
        else:
            return None
        i += 1
    if verb in _SORTED_DICE:
        dice.sort()
    return Action(verb, name, tuple(dice), arg, target)
