"""Das Amulett actions: every decision is a small immutable value whose text parses back.

Grammar (``N`` a spell number 1-33, ``M`` a metal letter G/S/C/I, ``T`` a seat, ``A`` an area id)::

    keep                      set-up: keep the dealt spells
    mulligan N [N]            set-up: discard these 1 or 2 spells (ascending) and draw again
    allot N:k N:k             set-up: stones on two spells (ascending by spell)
    bid B | pass              any auction (B >= 1)
    last                      Auctioneer: bid after everyone else in this spell auction
    metal M                   a wild symbol, or a substitute for an empty stack
    echo N                    Echo: collect this spell's production again
    exchange M M              Transmutation: give the first metal, take the second
    give M                    Tribute: the card you hand over
    fate -1|0|+1              Fate Marker: change the areas of this round
    pay M:k [M:k ...]         the cards paying for a jewel (metals in G S C I order)
    jewel COLOUR [A]          take a jewel (A: Jewel Lens, from an adjacent area)
    move A                    where Hat #2 goes
    steal T                   Thief: which of the tied players to rob
    everlast N                Everlasting: the spell that loses no stone
    recharge N                Recharge: one stone from your pool onto this spell
    done                      stop exchanging / recharging
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .rules import AREA, COLOURS, METALS, SPELL

VERBS = ("keep", "mulligan", "allot", "bid", "pass", "last", "metal", "echo", "exchange", "give", "fate",
         "pay", "jewel", "move", "steal", "everlast", "recharge", "done")


@dataclass(frozen=True)
class Action:
    """One decision: a verb and its arguments, as the text tokens that follow it."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        # Save files write every action's text again and again, so the text is kept with the
        # fields it was made from (a copy with a field replaced makes its own text afresh).
        cached = self.__dict__.get("_text")
        if cached is not None and cached[0] is self.verb and cached[1] is self.args:
            return cached[2]
        text = " ".join((self.verb,) + self.args) if self.args else self.verb
        object.__setattr__(self, "_text", (self.verb, self.args, text))
        return text

    def __lt__(self, other: "Action") -> bool:
        return (self.verb, self.args) < (other.verb, other.args)

    @property
    def number(self) -> int:
        """The first argument as a number (bid amount, spell, seat)."""
        return int(self.args[0])


@lru_cache(maxsize=4096)
def act(verb: str, args: tuple[str, ...] = ()) -> Action:
    """The shared instance of an action (engines build the same few thousand again and again)."""
    return Action(verb, args)


_BIDS: list[Action] = []      # bid 1, bid 2, ...: grown as higher bids come up (jewel bids have no cap)


def bids(low: int, high: int) -> list[Action]:
    """``bid low`` to ``bid high`` (``low`` >= 1), the shared instances: auctions list them at every turn."""
    while len(_BIDS) < high:
        _BIDS.append(act("bid", (str(len(_BIDS) + 1),)))
    return _BIDS[low - 1:high]


def _num(tok: str, low: int, high: int | None = None) -> bool:
    """A canonical decimal integer (no sign, no leading zero) in range."""
    if not tok.isdigit() or not tok.isascii() or (len(tok) > 1 and tok[0] == "0"):
        return False
    value = int(tok)
    return value >= low and (high is None or value <= high)


def _spell(tok: str) -> bool:
    return _num(tok, 1) and int(tok) in SPELL


def _pair(tok: str, key) -> tuple[str, int] | None:
    left, sep, right = tok.partition(":")
    if not sep or not key(left) or not _num(right, 1):
        return None
    return left, int(right)


def _valid(verb: str, args: list[str]) -> bool:
    n = len(args)
    if verb in ("keep", "pass", "last", "done"):
        return n == 0
    if verb == "mulligan":
        return n in (1, 2) and all(_spell(a) for a in args) and (n == 1 or int(args[0]) < int(args[1]))
    if verb == "allot":
        pairs = [_pair(a, _spell) for a in args]
        return n == 2 and None not in pairs and int(pairs[0][0]) < int(pairs[1][0])  # type: ignore[index]
    if verb == "bid":
        return n == 1 and _num(args[0], 1)
    if verb in ("metal", "give"):
        return n == 1 and args[0] in METALS
    if verb == "exchange":
        return n == 2 and args[0] in METALS and args[1] in METALS and args[0] != args[1]
    if verb in ("echo", "everlast", "recharge"):
        return n == 1 and _spell(args[0])
    if verb == "fate":
        return n == 1 and args[0] in ("-1", "0", "+1")
    if verb == "pay":
        pairs = [_pair(a, lambda m: m in METALS) for a in args]
        if not pairs or None in pairs:
            return False
        order = [METALS.index(p[0]) for p in pairs]  # type: ignore[index]
        return order == sorted(set(order))
    if verb == "jewel":
        return n in (1, 2) and args[0] in COLOURS and (n == 1 or args[1] in AREA)
    if verb == "move":
        return n == 1 and args[0] in AREA
    if verb == "steal":
        return n == 1 and _num(args[0], 0)
    return False


def parse(text: str) -> Action | None:
    """The action written as ``text``, or None unless ``text`` is its canonical spelling."""
    if type(text) is not str:
        return None
    return _parse(text)


@lru_cache(maxsize=8192)
def _parse(text: str) -> Action | None:
    tokens = text.split(" ")
    verb, args = tokens[0], tokens[1:]
    if verb not in VERBS or "" in args or not _valid(verb, args):
        return None
    return act(verb, tuple(args))


def pay_action(counts: dict[str, int] | tuple[int, ...]) -> Action:
    """``pay`` for a composition given as {metal: k} or a 4-tuple in G S C I order."""
    if not isinstance(counts, dict):
        counts = dict(zip(METALS, counts))
    return Action("pay", tuple(f"{m}:{counts[m]}" for m in METALS if counts.get(m, 0) > 0))


def allot_action(spells: dict[int, int]) -> Action:
    return Action("allot", tuple(f"{n}:{k}" for n, k in sorted(spells.items())))


PASS = Action("pass")
KEEP = Action("keep")
DONE = Action("done")
LAST = Action("last")
