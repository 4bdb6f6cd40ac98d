"""Pure functions from a seat's view to the board's HTML: seats, the table, the advisor, the log.

Each takes the view (and the board's own settings: names, language, the student's selection)
and nothing else, so whatever they produce is something that seat is allowed to see. Every
word comes from the catalogue and every value is escaped.
"""
from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from towerlib.core.i18n import tr
from towerlib.runes.bots import legal_actions
from towerlib.runes.data import SLOTS
from towerlib.runes.dice import COMBINABLE, SPELLS, allows
from towerlib.runes.probability import best_hold, p_after_hold
from towerlib.runes.views import narrate

from ..messages import board_key
from ..palette import OKABE_ITO, RUNES_SPELLS, SEATS, ink

#: Colours of the spells (Okabe-Ito; the buttons use them too), and the ink that reads on each.
#: Every chip and button also names its spell, so no spell is told by colour alone.
SPELL_COLOURS = RUNES_SPELLS
SPELL_INK = {s: ink(c) for s, c in SPELL_COLOURS.items()}
#: The colour of each seat's pawn; the pawn also shows the seat number ("Bot 2" has a 2).
SEAT_COLOURS = SEATS
SEAT_INK = tuple(ink(c) for c in SEAT_COLOURS)
#: The spell buttons, in board order: a spell, or ``familiar:<mode>`` for the two ways to cast Familiar.
SPELL_KEYS = ("healing", "attack", "familiar:summon", "familiar:activate", "loot", "chain", "class",
              "restore", "quantum")
#: The health bar's colour by the share of health left (the bar also says "Health 9/15").
HEALTH_COLOURS = ((50, OKABE_ITO["green"]), (25, OKABE_ITO["yellow"]), (0, OKABE_ITO["vermillion"]))


def seat_names(view: Mapping[str, Any], levels: Sequence[str | None], lang: str) -> list[str]:
    """"You" for the student, "Bot n" for the others, followed by the wizard once it is known."""
    names = []
    for w in view["wizards"]:
        q = w["seat"]
        who = tr("runes.board.you", lang) if q == view["seat"] else tr("runes.board.bot", lang, n=q + 1)
        wizard = w["wizard"]
        names.append(f"{who} · {tr(f'runes.wizard.{wizard}', lang)}" if wizard else who)
    return names


def health_bar(health: int, maximum: int, lang: str) -> str:
    pct = 0 if maximum <= 0 else max(0, min(100, round(100 * health / maximum)))
    colour = next((c for above, c in HEALTH_COLOURS if pct > above), HEALTH_COLOURS[-1][1])
    label = escape(tr("runes.board.health", lang, health=health, max=maximum))
    return (f'<div class="sr-health" title="{label}"><div style="width:{pct}%;background:{colour}"></div>'
            f'<span>{label}</span></div>')


def seat_panel(view: Mapping[str, Any], q: int, names: Sequence[str], levels: Sequence[str | None],
               lang: str, aimed: bool = False) -> str:
    """One wizard: health, slots, familiar, artifact and how many loot cards (never which);
    ``aimed`` highlights a foe the student may click as the target."""
    w = view["wizards"][q]
    classes = ["sr-seat"] + (["sr-aim"] if aimed else [])
    if view["current_player"] == q:
        classes.append("sr-active")
    if not w["standing"]:
        classes.append("sr-down")
    if q == view["seat"]:
        classes.append("sr-me")
    head = (f'<span class="sr-pawn" aria-hidden="true" style="background:{SEAT_COLOURS[q]};color:{SEAT_INK[q]}">'
            f'{q + 1}</span><b>{escape(names[q])}</b>')
    if levels[q]:
        head += f' <span class="sr-level">{escape(tr(board_key("runes.board", f"level.{levels[q]}"), lang))}</span>'
    flags = []
    if view["current_player"] == q:
        flags.append(tr(board_key("runes.board", "to_play"), lang))
    if not w["standing"]:
        flags.append(tr("runes.board.down", lang))
    if w["revived"]:
        flags.append(tr("runes.board.revived", lang))
    if w["slowed"]:
        flags.append(tr("runes.board.slowed", lang))
    head += "".join(f'<span class="sr-flag">{escape(f)}</span>' for f in flags)
    slots = "".join(
        f'<span class="sr-slot {"sr-ready" if ready else "sr-spent"}" style="--c:{SPELL_COLOURS[s]};--t:{SPELL_INK[s]}" '
        f'title="{escape(tr("runes.board.slot_ready" if ready else "runes.board.slot_spent", lang, spell=tr(f"runes.spell.{s}", lang)))}">'
        f'{escape(tr(f"runes.spell.{s}", lang))}</span>' for s, ready in w["slots"].items())
    if w["familiar"]:
        g = w["grades"]
        fid = w["familiar"]
        fam = tr("runes.board.familiar", lang, name=tr(f"runes.familiar.{fid}", lang),
                 o=g["offense"], s=g["speed"], d=g["defense"])
        fam_tip = tr(f"runes.familiar.{fid}.power", lang)
    else:
        fam, fam_tip = tr("runes.board.no_familiar", lang), ""
    facts = [f'<span class="sr-fam" title="{escape(fam_tip)}">{escape(fam)}</span>']
    if w["artifact"]:
        art = w["artifact"]
        tip, name = tr(f"runes.card.{art}.text", lang), tr(f"runes.card.{art}", lang)
        facts.append(f'<span class="sr-art" title="{escape(tip)}">'
                     f'{escape(tr("runes.board.artifact", lang, name=name))}</span>')
    facts.append(f'<span>{escape(tr("runes.board.loot_count", lang, count=w["hand_count"]))}</span>')
    if w["counter_bonus"]:
        facts.append(f'<span>{escape(tr("runes.board.counter_bonus", lang, bonus=w["counter_bonus"]))}</span>')
    return (f'<div class="{" ".join(classes)}"><div class="sr-seat-head">{head}</div>'
            f'{health_bar(w["health"], w["max_health"], lang)}<div class="sr-slots">{slots}</div>'
            f'<div class="sr-facts">{"".join(facts)}</div></div>')


def own_panel(view: Mapping[str, Any], names: Sequence[str], levels: Sequence[str | None], lang: str) -> str:
    """The student's wizard, with the wizard's class spell and passive and the loot in hand."""
    me = view["wizards"][view["seat"]]
    panel = seat_panel(view, view["seat"], names, levels, lang)
    parts = []
    if me["wizard"]:
        wid = me["wizard"]
        parts.append('<div class="sr-wizard-text">' + escape(tr(
            "runes.board.class_spell", lang, name=tr(f"runes.wizard.{wid}.class", lang),
            text=tr(f"runes.wizard.{wid}.class_text", lang))) + "<br>" + escape(tr(
            "runes.board.passive", lang, text=tr(f"runes.wizard.{wid}.passive", lang))) + "</div>")
    cards = "".join(f'<span class="sr-card" title="{escape(tr(f"runes.card.{c}.text", lang))}">'
                    f'{escape(tr(f"runes.card.{c}", lang))}</span>' for c in view["hand"])
    parts.append(f'<div class="sr-hand"><b>{escape(tr("runes.board.your_loot", lang))}:</b> '
                 f'{cards or escape(tr("runes.board.no_loot", lang))}</div>')
    return panel[:-len("</div>")] + "".join(parts) + "</div>"     # inside the seat's card


def offers_panel(view: Mapping[str, Any], lang: str) -> str:
    """During the draft: the boards offered to the student, each a card on parchment (dark text
    on a light card, never on the night-blue table) with its class spell and passive."""
    cards = []
    for wid in view["offers"]:
        spell = tr("runes.board.class_spell", lang, name=tr(f"runes.wizard.{wid}.class", lang),
                   text=tr(f"runes.wizard.{wid}.class_text", lang))
        passive = tr("runes.board.passive", lang, text=tr(f"runes.wizard.{wid}.passive", lang))
        cards.append(f'<div class="sr-offer"><b>{escape(tr(f"runes.wizard.{wid}", lang))}</b>'
                     f'<div>{escape(spell)}</div><div>{escape(passive)}</div></div>')
    if not cards:
        return ""
    title = escape(tr("runes.board.offers_title", lang))
    return f'<div class="sr-offers"><h2>{title}</h2><div class="sr-offer-cards">{"".join(cards)}</div></div>'


def spell_hint(view: Mapping[str, Any], key: str, lang: str, held: Sequence[int] = ()) -> tuple[bool, str]:
    """Whether the spell button ``key`` ("attack", "familiar:summon", ...) casts now, and what it
    says: the dice it would use, or what it still needs (its dice pattern, a ready slot, the
    student's turn...). Made from the view and the dice the student has selected (``held``)."""
    spell, _, mode = key.partition(":")
    turn, me = view["turn"], view["wizards"][view["seat"]]
    t = lambda k, **kw: tr(f"runes.board.need.{k}", lang, **kw)  # noqa: E731
    casts = [a for a in (legal_actions(view) if view["current_player"] == view["seat"] else [])
             if a.verb == "cast" and a.name == spell and (a.arg or "") == mode]
    chosen = tuple(sorted(held))
    if casts and (not chosen or any(a.dice == chosen for a in casts)):
        group = chosen or max(a.dice for a in casts)
        return True, t("ready", dice=" ".join(map(str, group)))
    if not turn or turn["seat"] != view["seat"] or len(turn["dice"]) != 5:
        return False, t("turn")
    if spell in SLOTS and not me["slots"][spell]:
        return False, t("spent")
    if not allows(turn["dice"], spell, view["options"]["full_house_distinct_values"]):
        return False, t(spell)
    if view["decision"] == "roll":
        return False, t("stop")
    if casts:
        return False, t("selection")

    if mode == "summon" and me["familiar"]:
        return False, t("summon")
    if mode == "activate" and not me["familiar"]:
        return False, t("activate")
    done = set(turn["cast"])
    if done and (spell not in COMBINABLE or not done <= COMBINABLE):
        return False, t("alone")
    return False, t("not_now")


def spell_key_name(key: str, lang: str) -> str:
    """A spell button's name: the spell, or "Familiar: summon" / "Familiar: activate"."""
    spell, _, mode = key.partition(":")
    return tr(f"runes.board.familiar_{mode}", lang) if mode else tr(f"runes.spell.{spell}", lang)


def spell_needs(view: Mapping[str, Any], keys: Sequence[str], lang: str, held: Sequence[int] = ()) -> str:
    """The visible list beside the spell buttons: each spell, marked ✔ when it casts now, with
    the dice it uses or what it needs."""
    items = []
    for key in keys:
        spell = key.split(":")[0]
        ok, text = spell_hint(view, key, lang, held)
        items.append(f'<li class="{"sr-can" if ok else "sr-cannot"}">'
                     f'<span class="sr-chip" style="background:{SPELL_COLOURS[spell]};color:{SPELL_INK[spell]}">'
                     f'{"✔ " if ok else ""}{escape(spell_key_name(key, lang))}</span> {escape(text)}</li>')
    title = escape(tr("runes.board.needs_title", lang))
    return f'<div class="sr-needs"><b>{title}</b><ul>{"".join(items)}</ul></div>'



def centre(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """The round, the turn order, the decks and the Quantum shadow."""
    order = view["initiative"]["order"]
    pos = view["initiative"]["position"]
    steps = "".join(f'<span class="sr-step{" sr-now" if i == pos else ""}">{escape(names[q])}</span>'
                    for i, q in enumerate(order))
    q = view["quantum"]
    shadow = (f'<div class="sr-quantum{" sr-q-on" if q else ""}" title="{escape(tr("runes.board.quantum_tip", lang))}">'
              f'{escape(tr("runes.board.quantum", lang, q=q))}</div>')
    decks = escape(tr("runes.board.decks", lang, loot=view["decks"]["loot"], familiars=view["decks"]["familiars"]))
    return (f'<div class="sr-centre">{shadow}<div><b>{escape(tr("runes.board.order", lang))}:</b> '
            f'<span class="sr-order">{steps}</span></div><div class="sr-decks">{decks}</div></div>')


def prompt(view: Mapping[str, Any], names: Sequence[str], lang: str, aiming: bool = False,
           choosing: bool = False) -> str:
    """What happens now, from the student's side: their task, or who is deciding."""
    decision, cur = view["decision"], view["current_player"]
    if aiming and cur == view["seat"]:
        text = tr("runes.board.hint.aim", lang)
    elif choosing and cur == view["seat"]:
        text = tr("runes.board.hint.option", lang)
    elif view["is_over"]:
        winners = ", ".join(names[q] for q in view["winners"]) or tr("runes.board.draw", lang)
        text = tr("runes.board.hint.over", lang, winners=winners)
    elif cur != view["seat"]:
        text = tr("runes.board.hint.wait", lang, who=names[cur], phase=tr(f"runes.phase.{decision}", lang))
    elif decision in ("roll", "cast", "draft"):
        text = tr(f"runes.board.hint.{decision}", lang)
    elif decision == "counter":
        p = view["pending"]
        text = tr("runes.board.hint.counter", lang, attacker=names[p["attacker"]], pair=p["pair"],
                  damage=p["damage"], die=p["die"])
    elif decision in ("window", "initiative", "smoke"):
        phase = tr(f"runes.phase.{decision}", lang)
        text = tr("runes.board.hint.window", lang, phase=phase[:1].upper() + phase[1:])
    else:
        text = tr("runes.board.hint.choice", lang, phase=tr(f"runes.phase.{decision}", lang))
    mine = " sr-mine" if cur == view["seat"] and not view["is_over"] else ""
    needs = (spell_needs(view, SPELL_KEYS, lang) if mine and decision in ("roll", "cast") and not aiming
             and not choosing else "")
    return f'<div class="sr-prompt{mine}">{escape(text)}</div>{needs}'



def _pct(p: Any) -> str:
    return f"{float(p):.1%}"


def advisor(view: Mapping[str, Any], held: Sequence[int], lang: str) -> str:
    """The exact chance of each spell by the end of the turn, for the dice on the table.

    With re-rolls left: the best hold and its chance (:func:`best_hold`) beside the chance of
    the dice the student is holding now (:func:`p_after_hold`). Spells whose slot is spent
    are marked: they cannot be cast this turn whatever the dice show.
    """
    turn = view["turn"]
    if not turn or len(turn["dice"]) != 5:
        return (f'<div class="sr-advisor-idle">{escape(tr("runes.board.advisor.idle", lang))}</div>'
                + spell_reference(lang))

    dice = tuple(turn["dice"])
    distinct = view["options"]["full_house_distinct_values"]
    left = turn["rolls_allowed"] - turn["rolls_used"] if view["phase"] == "roll" else 0
    slots = view["wizards"][turn["seat"]]["slots"]
    t = lambda key, **kw: escape(tr(f"runes.board.advisor.{key}", lang, **kw))  # noqa: E731
    head = [t("spell"), t("now")] + ([t("best"), t("chance"), t("yours")] if left else [])
    rows = []
    for spell in SPELLS:
        now = "✔" if allows(dice, spell, distinct) else "·"
        cells = [f'<span class="sr-dot" style="background:{SPELL_COLOURS[spell]}"></span>'
                 f'{escape(tr(f"runes.spell.{spell}", lang))}', now]
        if left:
            hold, p = best_hold(dice, spell, left, distinct)
            shown = " ".join(map(str, hold)) if hold else t("nothing")
            mine = p_after_hold(held, spell, left, distinct) if len(held) < 5 else int(allows(dice, spell, distinct))
            cells += [shown, f'<b>{_pct(p)}</b>', _pct(mine)]
        spent = spell in SLOTS and not slots[spell]
        note = f' <i>({t("spent")})</i>' if spent else ""
        cells[0] += note
        rows.append(f'<tr class="{"sr-spent-row" if spent else ""}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    title = t("title", rolls=left) if left else t("final")
    return (f'<div class="sr-advisor"><h2>{title}</h2><table><tr>' + "".join(f"<th>{h}</th>" for h in head)
            + "</tr>" + "".join(rows) + "</table></div>")


def log_html(view: Mapping[str, Any], lang: str) -> str:
    """The recent events as the student may see them, newest last."""
    wizards = [w["wizard"] for w in view["wizards"]]
    lines = []
    for event in view["log"] or []:
        mine = " sr-mine" if event["seat"] == view["seat"] else ""
        lines.append(f'<div class="sr-line sr-k-{escape(event["kind"])}{mine}">'
                     f'{escape(narrate(event, wizards, lang))}</div>')
    return f'<div class="sr-log"><div>{"".join(lines)}</div></div>'


def spell_reference(lang: str) -> str:
    """While no dice are on the table: every spell, named on its colour, with the dice it needs
    and what it does (the rulebook's table), so the student can plan before the roll."""
    rows = "".join(f'<li><span class="sr-chip" style="background:{SPELL_COLOURS[s]};color:{SPELL_INK[s]}">'
                   f'{escape(tr(f"runes.spell.{s}", lang))}</span> {escape(tr(f"runes.spell.{s}.text", lang))}</li>'
                   for s in SPELLS)
    return (f'<div class="sr-reference"><h2>{escape(tr("runes.board.advisor.reference", lang))}</h2>'
            f'<ul>{rows}</ul></div>')
