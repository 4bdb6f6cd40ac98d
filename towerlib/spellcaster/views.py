"""What one seat may see of a SpellCaster game.

:func:`build_view` *lists* the fields it shows, never copies the state and deletes secrets.
Hidden from a seat: the values of other players' face-down cards (their element is public:
it was drawn from an element deck in plain sight), every deck order except the cards a seat
knows (its own returns; anyone's face-up returns), cards another player is holding while
conjuring, fixed rolls, the seed. Events carry their secret part under ``secret`` with the
seats allowed to see it under ``to``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.events import Event
from ..core.i18n import tr
from .data import (BASE_FOCUS, BASE_LIFE_ROWS, BASE_SKILL, BASE_WILL, ELEMENTS, PUBLIC, ROW_SQUARES,
                   action_points)

if TYPE_CHECKING:
    from .engine import SpellCasterGame

#: How many recent events a view carries.
LOG_LENGTH = 60
_SCALARS = (int, str, bool, float, type(None))


def _own(value: Any) -> Any:
    if isinstance(value, list):
        return [_own(v) for v in value]
    if isinstance(value, dict):
        return {k: _own(v) for k, v in value.items()}
    return value


def visible_event(event: Event, seat: int) -> dict[str, Any]:
    """The event as ``seat`` may see it (the caller's own copy)."""
    out: dict[str, Any] = {"kind": event.kind, "seat": event.seat}
    for key, value in event.data.items():
        if key == "secret":
            if seat in event.data.get("to", ()):
                out.update(_own(value))
        elif key != "to":
            out[key] = value if isinstance(value, _SCALARS) else _own(value)
    return out


def card_view(card: list[Any], mine: bool) -> dict[str, Any]:
    """A display card: its value to its owner and, face up or public (S18), to all; else only its element."""
    text, up, known = card
    return {"card": text if up or known or mine else text[0] + "?", "up": up}


def spell_view(game: "SpellCasterGame", owner: int, slot: int, seat: int) -> dict[str, Any]:
    sp = game.spells[owner][slot]
    mine = owner == seat
    lock = sp["lock"]
    return {
        "spell": f"{owner}.{slot + 1}", "state": sp["state"],
        "motion": [card_view(c, mine) for c in sp["motion"]],
        "mass": [card_view(c, mine) for c in sp["mass"]],
        "point": sp["point"], "origin": sp["origin"], "controller": sp["controller"],
        "tokens": list(sp["tokens"]),
        "lock": None if lock is None else {"caster": lock["caster"], "opp": lock["opp"], "purpose": lock["purpose"]},
        "complete": game.complete(sp),
    }


def deck_view(game: "SpellCasterGame", owner: int, seat: int) -> dict[str, Any]:
    """Per element: the count and the cards ``seat`` knows, as [depth from the top, value]."""
    out = {}
    for e in ELEMENTS:
        deck = game.decks[owner][e]
        need = 1 if owner == seat else 2
        known = [[len(deck) - 1 - i, v] for i, (v, flag) in enumerate(deck) if flag >= need]
        out[e] = {"count": len(deck), "known": sorted(known),
                  "top": deck[-1][0] if deck and deck[-1][1] >= need else None}
    return out


def _frame_view(game: "SpellCasterGame", frame: dict[str, Any], seat: int) -> dict[str, Any]:
    kind = frame["kind"]
    out: dict[str, Any] = {"kind": kind, "seat": frame["seat"]}
    if kind == "draw":
        out["option"] = frame["option"]
        out["decks"] = "".join(e for e, _, _ in frame["cards"])
        if seat == frame["seat"]:
            out["cards"] = [f"{e}{v}" for e, v, _ in frame["cards"]]
        out["public"] = [f"{e}{v}" if flag == PUBLIC else None for e, v, flag in frame["cards"]]
    elif kind in ("offer", "order"):
        out.update(spell=frame["spell"], caster=frame["caster"], purpose=frame["purpose"])
        if kind == "offer":
            out["contesters"] = list(frame["contesters"])
        else:
            out["left"] = list(frame["left"])
    elif kind == "motion":
        sp = game.spell(frame["spell"])
        out.update(spell=frame["spell"], card=frame["card"], end=frame["end"], left=frame["left"],
                   wild=frame["wild"], colour=sp["motion"][frame["card"]][0][0], point=sp["point"])
    elif kind == "return":
        out["count"] = len(frame["cards"])
        out["public"] = [c if k else None for c, k in zip(frame["cards"], frame["known"])]
        if seat == frame["seat"]:
            out["cards"] = list(frame["cards"])
    elif kind == "wild":
        out.update(stage=frame["stage"], spells=list(frame["spells"]), named=list(frame["named"]),
                   passed=list(frame["passed"]), used=dict(frame["used"]), done=list(frame["done"]),
                   current=frame["current"])
    return out


def _unbought(game: "SpellCasterGame", s: int, seat: int) -> dict[str, Any]:
    """Seat ``s`` as another sees it while attributes are being bought: the base sheet, nothing spent."""
    return {"seat": s, "alive": game.alive[s], "position": game.pos[s], "life": 0, "max_life": ROW_SQUARES * BASE_LIFE_ROWS,
            "rows": BASE_LIFE_ROWS, "ap": 0, "will": BASE_WILL, "focus": BASE_FOCUS, "skill": BASE_SKILL, "pool": 0,
            "lost": 0, "on_spells": 0, "free_pairs": BASE_FOCUS, "decks": deck_view(game, s, seat), "display": []}


def build_view(game: "SpellCasterGame", seat: int, log: bool = True) -> dict[str, Any]:
    """Everything ``seat`` may see, as JSON-able data (a board can be drawn from it alone)."""
    players = []
    secret = game.buying()
    for s in range(game.players):
        if secret and s != seat:               # S16: another's purchase stays secret until all have chosen
            players.append(_unbought(game, s, seat))
            continue
        on_spells = sum(sp["tokens"][s] for row in game.spells for sp in row)
        players.append({
            "seat": s, "alive": game.alive[s], "position": game.pos[s],
            "life": game.life[s], "max_life": game.max_life(s), "rows": game.rows[s],
            "ap": action_points(game.life[s]), "will": game.will[s], "focus": game.focus[s],
            "skill": game.skill[s], "pool": game.pool[s], "lost": game.lost[s], "on_spells": on_spells,
            "free_pairs": game.free_pairs(s),
            "decks": deck_view(game, s, seat),
            "display": [spell_view(game, s, i, seat) for i in range(len(game.spells[s]))],
        })
    t = game.turn
    turn = None if t is None else {
        "seat": t["seat"], "ap": t["ap"], "used": t["used"], "conjured": t["conjured"], "rested": t["rested"],
        "moved": t["moved"], "controlled": list(t["controlled"]), "continued": list(t["continued"]),
        "duties": game.duties(t["seat"]) if not game.over else []}
    current = game.current_player
    return {
        "game": "spellcaster", "seat": seat, "players": game.players, "round": game.round,
        "first": game.first, "current_player": current, "over": game.over, "winners": list(game.winners),
        "options": {k: v for k, v in game.options.items()},
        "turn": turn,
        "frames": [_frame_view(game, f, seat) for f in game.stack],
        "pending": _frame_view(game, game.stack[-1], seat) if game.stack else None,
        "casters": players,
        "legal": [str(a) for a in game.legal_actions()] if current == seat else [],
        "log": [visible_event(e, seat) for e in game.events[-LOG_LENGTH:]] if log else None,
    }


def spell_label(sid: str) -> str:
    """The name a person reads for spell ``sid``: seats count from 1 (``0.2`` is ``1.2``)."""
    seat, _, slot = sid.partition(".")
    return f"{int(seat) + 1}.{slot}"


#: Event kinds whose text depends on one of their fields.
_VARIANT = {"place": "option", "putback": "option", "return": "face"}


def narrate(event: dict[str, Any], lang: str = "en") -> str:
    """One line of the log, in ``lang``, from an event as a seat sees it (:func:`visible_event`)."""
    kind = event["kind"]
    data = {k: v for k, v in event.items() if k not in ("kind", "seat")}
    if kind in _VARIANT:
        kind = f"{kind}_{data.get(_VARIANT[kind])}"
    elif kind == "launch" and data.get("free"):
        kind = "launch_free"
    elif kind == "buy" and "life" not in data:
        kind = "buy_hidden"
    seat = event["seat"]
    params: dict[str, Any] = {"who": "" if seat is None else tr("spellcaster.event.seat", lang, n=seat + 1)}
    for key, value in data.items():
        params[key] = ", ".join(map(str, value)) if isinstance(value, list) else value
    if "spell" in data:
        params["spell"] = spell_label(data["spell"])
    if "spells" in data:
        params["spells"] = ", ".join(map(spell_label, data["spells"]))
    if "section" in data:
        params["section"] = tr(f"spellcaster.section.{data['section']}", lang)
    if kind == "strike":
        params["struck"] = ", ".join(tr("spellcaster.event.seat", lang, n=q + 1) for q in data["struck"])
    if kind == "contest_roll":
        params["outcome"] = tr(f"spellcaster.event.outcome.{data['result']}", lang)
        params["opp_seat"] = data["opp"] + 1
    if kind == "reveal":
        params["attributes"] = "; ".join(tr("spellcaster.event.reveal_seat", lang, who=tr("spellcaster.event.seat", lang, n=q + 1),
                                            life=a[0], will=a[1], focus=a[2], skill=a[3])
                                         for q, a in enumerate(data["attributes"]))
    if kind == "name":
        params["named_seat"] = data["named"] + 1
    if kind in ("draw", "place_B", "return_down"):          # a card only its owner sees
        cards = data.get("cards", data.get("card"))
        params["cards" if kind != "place_B" else "card"] = f" ({', '.join(cards) if isinstance(cards, list) else cards})" if cards else ""
    params.setdefault("card", "")
    params.setdefault("cards", "")
    return tr(f"spellcaster.event.{kind}", lang, **params)
