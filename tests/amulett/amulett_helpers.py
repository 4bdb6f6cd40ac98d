"""Scenario helpers for the Das Amulett tests: positions fixed with ``deal=``."""
from __future__ import annotations

from towerlib.amulett import check_invariants, new_game


def make(players=3, spells=None, metals=None, amulets=None, jewels=None, deck=None, markers=(3,), first=0,
         hat2=None, seed=1, **options):
    """A game that starts at round 1 with these spells (per seat [[num, stones], ...]) and metals."""
    start = {"spells": spells if spells is not None else [[] for _ in range(players)]}
    if metals is not None:
        start["metals"] = metals
    if amulets is not None:
        start["amulets"] = amulets
    if hat2 is not None:
        start["hat2"] = hat2
    deal = {"first": first, "start": start, "markers": list(markers)}
    if jewels is not None:
        deal["jewels"] = jewels
    if deck is not None:
        deal["deck"] = deck
    game = new_game(players=players, seed=seed, deal=deal, **options)
    check_invariants(game)
    return game


def pass_spells(game):
    """Everybody passes every spell auction still to come this phase."""
    while game.pending and game.pending["kind"] == "spell_bid":
        game.apply("pass")
    return game


def play(game, *actions):
    """Apply actions in order (checking invariants after each) and return the game."""
    for a in actions:
        game.apply(a)
        check_invariants(game)
    return game


def kinds(game):
    return [e.kind for e in game.events]
