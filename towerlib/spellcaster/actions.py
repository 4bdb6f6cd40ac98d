"""SpellCaster actions: one small immutable value per decision, with a text form that parses back.

A spell is named ``SEAT.SLOT`` (the display it sits on, slots counted from 1), a card
``<element><value>`` (``F3``), a point by its board name (``iF``). Grammar::

    buy L W F S            spend the 6 attribute points (Life Force, Will, Focus, Skill)
    conjure A FFE          option A: draw the top cards of these decks (elements in F E W A order)
    conjure B W            option B: draw the top card of one deck
    show F3 2 mass         option A: play this drawn card face up into slot 2's Mass section
    hide 1 motion          option B: play the drawn card face down there
    putback                option B: return the card face up; option A when no drawn card fits
    launch 0.2 | done      launch a complete spell (end of Conjure, or the free launch) / do not
    contest | decline      answer an offer to contest a launch or a capture
    resolve 3              the caster picks the next contest
    continue 1.1 | withdraw 1.1     a locked contest
    control 0.1 | abandon 0.1       a launched spell you control
    capture 2.1            try to capture a wild spell
    to mFE                 the familiar being moved steps along a path of the current card's colour
    move iF | rest | end   your SpellCaster
    return up | return down         returned spell cards go on top of their decks face up / down
    pick 1.2 | pass | name 3        wild-spell movement: move a wild spell, pass, name the next chooser
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .data import ELEMENTS, POINTS

_SPELL = r"\d\.[1-9]\d?"
_POINT = "|".join(sorted(POINTS, key=len, reverse=True))
_EL = "[" + "".join(ELEMENTS) + "]"
#: verb -> the regular expression its argument text must match exactly ("" = no argument).
GRAMMAR: dict[str, str] = {
    "buy": r"[0-6] [0-6] [0-6] [0-6]",
    "conjure": rf"A {_EL}{{3}}|B {_EL}",
    "show": rf"{_EL}[135] [1-9]\d? (?:motion|mass)",
    "hide": r"[1-9]\d? (?:motion|mass)",
    "putback": "", "done": "", "contest": "", "decline": "", "rest": "", "end": "", "pass": "",
    "launch": _SPELL, "continue": _SPELL, "withdraw": _SPELL, "control": _SPELL, "abandon": _SPELL,
    "capture": _SPELL, "pick": _SPELL,
    "resolve": r"\d", "name": r"\d",
    "to": f"(?:{_POINT})", "move": f"(?:{_POINT})",
    "return": "up|down",
}
_COMPILED = {verb: re.compile(f"(?:{pattern})") for verb, pattern in GRAMMAR.items()}
_ORDER = {e: i for i, e in enumerate(ELEMENTS)}


@dataclass(frozen=True)
class Action:
    """One decision: a verb and its argument text (already canonical)."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb


#: One shared instance per action: the engine hands these out, and GameBase.apply accepts them
#: without a round trip through their text (``SpellCasterGame._interned``).
INTERNED: dict[Action, Action] = {}


_BY_TEXT: dict[tuple[str, str], Action] = {}


def act(verb: str, arg: str = "") -> Action:
    """The shared instance of the action ``verb arg`` (the caller guarantees it is canonical)."""
    action = _BY_TEXT.get((verb, arg))
    if action is None:
        action = Action(verb, arg)
        action = _BY_TEXT[verb, arg] = INTERNED.setdefault(action, action)
    return action


class Verb(dict):
    """The shared actions of one verb by argument text (``MOVE["iF"]`` is ``move iF``), made on first
    use: a dictionary lookup where the engine lists the same few actions over and over."""

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, arg: str) -> Action:
        action = self[arg] = act(self.verb, arg)
        return action


def parse(text: str) -> Action | None:
    """The action written as ``text``, or None unless ``text`` is exactly a canonical action."""
    if type(text) is not str:
        return None
    verb, _, arg = text.partition(" ")
    pattern = _COMPILED.get(verb)
    if pattern is None or not pattern.fullmatch(arg) or (arg == "") != (GRAMMAR[verb] == ""):
        return None
    if verb == "conjure" and arg[0] == "A":
        decks = arg[2:]
        if list(decks) != sorted(decks, key=_ORDER.__getitem__):
            return None                      # draws are a multiset, written in F E W A order
    return act(verb, arg)


def spell_id(seat: int, slot: int) -> str:
    """The text name of slot ``slot`` (0-based) on ``seat``'s display."""
    return f"{seat}.{slot + 1}"


def split_spell(sid: str) -> tuple[int, int]:
    """(seat, 0-based slot) of a spell name."""
    seat, slot = sid.split(".")
    return int(seat), int(slot) - 1


def draw_text(decks: tuple[str, ...] | list[str]) -> str:
    """Canonical deck letters for ``conjure A``."""
    return "".join(sorted(decks, key=_ORDER.__getitem__))
