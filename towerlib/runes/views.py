"""What one seat may see of a Spell Runes game, and event narration in either language.

:func:`build_view` builds the view by *listing* the allowed fields, never by copying the state
and deleting secrets, so a new state field stays hidden until someone decides to show it.
Hidden: other players' loot hands (only their size is shown), the order of both decks, the
queue of fixed dice and the seed, other players' board offers and picks during the draft, and
the cards an Owl shows its owner. Events carry their secret part under ``secret`` with the
seats allowed to see it under ``to``; :func:`visible_event` strips it for everyone else.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.events import Event
from ..core.i18n import Msg, tr
from .data import FAMILIAR, SLOTS

if TYPE_CHECKING:
    from .actions import Action
    from .engine import RunesGame

#: How many recent events a view carries (enough for a board's narration panel).
LOG_LENGTH = 60
#: Public fields of each pending decision (anything else in it stays with the engine).
_PENDING_PUBLIC = {
    "window": ("point",), "initiative": (), "counter": ("attacker", "pair", "die", "damage"), "smoke": ("source", "damage"),
    "keep": ("card",), "spirit": ("cards",), "target": ("power", "left"), "restore": ("exclude",),
    "owl": (), "discard": (), "copy": (),
}
#: Pending fields only the deciding seat sees.
_PENDING_PRIVATE = {"owl": ("cards",), "discard": ("cards",)}


def _own(value: Any) -> Any:
    """A copy of ``value`` that shares no list or dict with it (state and events hold scalars,
    lists and dicts only), so a view never hands out the engine's own containers."""
    kind = type(value)
    if kind is list or kind is tuple:
        return [v if type(v) in _SCALARS else _own(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _SCALARS else _own(v) for k, v in value.items()}
    return value


_SCALARS = frozenset({int, str, bool, float, type(None)})


def visible_event(event: Event, seat: int) -> dict[str, Any]:
    """The event as ``seat`` may see it, as the caller's own copy: its secret part only if
    ``seat`` is allowed. Event data are scalars and flat lists, plus a ``secret`` dict of them
    (see ``Effects._emit`` callers), so one level of copying is enough and keeps views cheap."""
    out = {"kind": event.kind, "seat": event.seat}
    for key, value in event.data.items():
        if type(value) is list:
            out[key] = value[:]
        elif key == "secret":
            if seat in event.data["to"]:
                for k, v in value.items():
                    out[k] = v[:] if type(v) is list else v
        elif key != "to":
            out[key] = value
    return out


def _log(game: "RunesGame", seat: int) -> list[dict[str, Any]]:
    """The last :data:`LOG_LENGTH` events as ``seat`` sees them, each the caller's own copy.

    Events never change once emitted, so each seat's stripped form of an event is made once
    (``game._log_cache``) and every view gets a fresh copy of it: a dict copy plus a copy of its
    list fields, cheaper than stripping the secret parts again for every view.
    """
    events = game.events
    start = max(0, len(events) - LOG_LENGTH)
    cache = game._log_cache[seat]
    have = cache[-1][0] + 1 if cache else start
    for index in range(max(have, start), len(events)):
        shown = visible_event(events[index], seat)
        cache.append((index, shown, [k for k, v in shown.items() if type(v) is list]))
    out = []
    for index, shown, lists in cache:
        if index < start:
            continue
        copy = shown.copy()
        for key in lists:
            copy[key] = copy[key][:]
        out.append(copy)
    return out


def trim_log_cache(game: "RunesGame") -> None:
    """Forget cached log entries too old for any view (called after each action, never while a
    view is built, so building a view frees nothing the engine holds)."""
    start = len(game.events) - LOG_LENGTH
    for cache in game._log_cache:
        if cache and cache[0][0] < start:
            cache[:] = [entry for entry in cache if entry[0] >= start]


def build_view(game: "RunesGame", seat: int, log: bool = True) -> dict[str, Any]:
    """Everything ``seat`` may see, as JSON-able data; a board can be drawn from it alone.

    ``log=False`` sets ``log`` to None: bots decide from the position, and the narration is the
    costliest part of a view to build.
    """
    drafting = game.phase == "draft"
    wizards = []
    for s in range(game.players):
        shown = not drafting or s == seat
        # A board kept in the draft stays hidden, and so do the passives it would show through.
        secret = game.wizard[s] if not shown else None
        shaman = int(secret == "shaman" and game.familiar[s] is not None)
        wizards.append({
            "seat": s,
            "wizard": game.wizard[s] if shown else None,
            "picked": game.wizard[s] is not None,
            "health": game.health[s],
            "max_health": game.max_health[s],
            "standing": game.health[s] > 0,
            "revived": game.revived[s],
            "slots": {slot: game.slots[s][slot] for slot in SLOTS},
            "familiar": game.familiar[s],
            "grades": {g: game.grade(s, g) - shaman for g in ("offense", "speed", "defense")},
            "artifact": game.artifact[s],
            "hand_count": len(game.hand[s]),
            "counter_bonus": game.counter_bonus(s) - (secret == "cryomancer"),
            "slowed": game.frozen[s],
            "next_initiative": game.next_init[s],
        })
    pending = None
    if game.pending:
        p = game.pending[-1]
        pending = {"kind": p["kind"], "seat": p["seat"]}
        pending.update({k: _own(p[k]) for k in _PENDING_PUBLIC[p["kind"]]})
        if p["seat"] == seat:
            pending.update({k: _own(p[k]) for k in _PENDING_PRIVATE.get(p["kind"], ())})
    turn = None
    if game.active is not None:
        turn = {"seat": game.active, "dice": list(game.dice), "rolls_used": game.rolls_used,
                "rolls_allowed": game.rolls_allowed, "cast": list(game.cast), "closed": game.closed,
                "crown_used": game.crown_used, "wolf": game.wolf, "haste": game.haste}
    me = game.current_player == seat
    return {
        "game": game.game_name,
        "players": game.players,
        "seat": seat,
        "phase": game.phase,
        "decision": game._decision(),
        "round": game.round,
        "current_player": game.current_player,
        "is_over": game.is_over,
        "winners": list(game.winners),
        "quantum": game.q,
        "options": _own(dict(game.options)),
        "wizards": wizards,
        "hand": sorted(game.hand[seat]),
        "offers": list(game.offers[seat]) if drafting else [],
        "initiative": {"dice": list(game.init_dice), "bonus": list(game.init_mod), "order": list(game.order),
                       "position": game.pos},
        "turn": turn,
        "pending": pending,
        "decks": {"loot": len(game.loot_deck), "loot_discard": list(game.loot_discard),
                  "familiars": len(game.fam_deck), "familiar_discard": list(game.fam_discard)},
        "legal": [str(a) for a in game.legal_actions()] if me else [],
        "log": _log(game, seat) if log else None,
    }


def seat_msg(wizard: str | None, seat: int) -> Msg:
    """A seat named by its wizard, as a message rendered in any language later."""
    return Msg("runes.seat", name=Msg(f"runes.wizard.{wizard}") if wizard else Msg("runes.unknown_wizard"),
               seat=seat)


def seat_label(wizard: str | None, seat: int, lang: str = "en") -> str:
    return seat_msg(wizard, seat).render(lang)


def narrate(event: dict[str, Any], wizards: list[str | None], lang: str = "en") -> str:
    """One line of narration for a (visible) event dict, in ``lang``; names are translated."""
    def who(s: int | None) -> str:
        return seat_label(wizards[s], s, lang) if s is not None else ""

    params: dict[str, Any] = {k: v for k, v in event.items() if k not in ("kind", "seat")}
    params["who"] = who(event["seat"])
    for key in ("victim", "giver", "target", "source", "attacker", "finisher"):
        if isinstance(params.get(key), int):
            params[key] = who(params[key])
    if "card" in params:
        params["card"] = tr(f"runes.card.{params['card']}", lang)
    if isinstance(params.get("cards"), list):
        params["cards"] = ", ".join(tr(f"runes.card.{c}", lang) for c in params["cards"])
    if "spell" in params:
        params["spell"] = tr(f"runes.spell.{params['spell']}", lang)
    if "slot" in params:
        params["slot"] = tr(f"runes.spell.{params['slot']}", lang)
    if params.get("familiar") in FAMILIAR:
        params["power"] = tr(f"runes.familiar.{params['familiar']}.power", lang)
        params["familiar"] = tr(f"runes.familiar.{params['familiar']}", lang)
    if isinstance(params.get("familiars"), list):
        params["familiars"] = ", ".join(tr(f"runes.familiar.{f}", lang) for f in params["familiars"])
    if event["kind"] == "initiative":                  # each total explained: die + bonuses
        params["details"] = "; ".join(
            f"{who(s)} {params['dice'][s]}{params['bonus'][s]:+d} = {params['totals'][s]}" if params["bonus"][s]
            else f"{who(s)} {params['dice'][s]}" for s in params["order"])
    if "order" in params:
        params["order"] = ", ".join(who(s) for s in params["order"])
    if "winners" in params:
        params["winners"] = ", ".join(who(s) for s in params["winners"]) or tr("runes.outcome.draw", lang)
    for key in ("dice", "held"):
        if isinstance(params.get(key), list):
            params[key] = " ".join(str(d) for d in params[key])
    kind = "cast_at" if event["kind"] == "cast" and event.get("target") is not None else event["kind"]
    return tr(f"runes.event.{kind}", lang, **params)


def action_msg(action: "Action", wizards: list[str | None]) -> Msg:
    """``action`` in words (names translated, targets named), as a message for any language.

    Bots put it in their reasons and boards on their buttons, so both read the same.
    """
    params: dict[str, Any] = {"dice": " ".join(map(str, action.dice)), "arg": action.arg,
                              "target": seat_msg(wizards[action.target], action.target)
                              if action.target is not None else ""}
    if action.verb == "cast":
        params["name"] = Msg(f"runes.spell.{action.name}")
    elif action.verb == "pick":
        params["name"] = Msg(f"runes.wizard.{action.name}")
    elif action.verb in ("keep", "copy") and action.name:
        params["name"] = Msg(f"runes.familiar.{action.name}")
    elif action.name:
        params["name"] = Msg(f"runes.card.{action.name}")
    if action.verb == "restore" or (action.verb == "play" and action.name == "mana_crystal"):
        params["arg"] = Msg(f"runes.spell.{action.arg}")
    key = "runes.action.reroll_all" if action.verb == "hold" and not action.dice else f"runes.action.{action.verb}"
    text = Msg(key, **params)
    if action.target is not None and action.verb != "target":
        return Msg("runes.action.aimed", action=text, target=params["target"])
    return text


def describe_action(action: "Action", wizards: list[str | None], lang: str = "en") -> str:
    """A button label for ``action`` in ``lang`` (names translated, targets named)."""
    return action_msg(action, wizards).render(lang)
