"""HTML for the parts of the table, each a pure function of one seat's view.

Nothing here receives the game object: every function reads the student's view (and, for the
deduction meter, the distribution deduced from that same view). This is what makes the board's
widget state a function of the view alone. The one exception, :func:`teacher_panel`, is only
called in teacher mode and says so in its name.
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Mapping, Sequence

from towerlib.core.i18n import tr

from . import svg
from .narrate import round_reason, spell_name, winners_text

SPELLS = range(1, 9)


def _stone(value: int, lang: str) -> str:
    """A face-up stone; its name under it is for the eye only (the picture's title says it)."""
    name = spell_name(value, lang)
    return (f'<span class="st-stone">{svg.stone(value, f"{value}: {name}")}'
            f'<small aria-hidden="true">{escape(name)}</small></span>')


def possible_values(ruled_out: Sequence[int]) -> list[int]:
    """The spell values a face-down stone may still have."""
    return [v for v in SPELLS if v not in ruled_out]


def _hidden(slot: int, ruled_out: Sequence[int], chances: Mapping[int, Fraction] | None, lang: str) -> str:
    """One of the student's face-down stones with the values it may still have, as a row of small
    numbered chips. The stone's picture carries the whole text (which stone, what it may be, the
    chances), so a screen reader reads it once; the chips are for the eye and hidden from it."""
    possible = possible_values(ruled_out)
    tip = [tr("abracada.board.hidden_stone", lang, slot=slot + 1),
           tr("abracada.board.possible", lang, values=", ".join(map(str, possible)))]
    if ruled_out:
        tip.append(tr("abracada.board.ruled_out", lang, values=", ".join(map(str, ruled_out))))
    if chances is not None:
        shown = ", ".join(f"{v}: {round(100 * p)}%" for v, p in sorted(chances.items()) if p)
        tip.append(tr("abracada.board.slot_chances", lang, chances=shown))
    if len(possible) == len(SPELLS):                # nothing known yet: the whole range, in one chip
        chips = f'<span class="st-chip st-chip-any">{SPELLS[0]}–{SPELLS[-1]}</span>'

    else:
        chips = "".join(f'<span class="st-chip">{v}</span>' for v in possible)
    return (f'<span class="st-stone st-own">{svg.hidden_stone(" ".join(tip))}'
            f'<span class="st-known" aria-hidden="true">{chips}</span></span>')


def _pawn(q: int) -> str:
    """A seat's pawn: its colour and its seat number (the number is what tells seats apart)."""
    return (f'<span class="st-pawn" aria-hidden="true" style="background:{svg.SEAT_COLOURS[q]};'
            f'color:{svg.SEAT_TEXT[q]}">{q + 1}</span>')


def seat_names(players: int, seat: int, lang: str) -> list[str]:
    """"You" for the student, "Bot n" (n = seat number from 1) for the others."""
    return [tr("abracada.board.you", lang) if q == seat else tr("abracada.board.bot", lang, n=q + 1)
            for q in range(players)]


def seat_panel(view: Mapping[str, Any], q: int, names: Sequence[str], levels: Sequence[str | None],
               lang: str, slot_chances: Sequence[Mapping[int, Fraction]] | None = None) -> str:
    """One player's place at the table: name, stones, life, score and secret stones.

    Other players' stones are face up; the student's own are face down, each with the values
    ruled out for it (and, with the meter on, the chance of each value).
    """
    me = q == view["seat"]
    classes = ["st-panel", "st-seat"]
    if me:
        classes.append("st-me")
    if view["current_player"] == q and view["phase"] == "play":
        classes.append("st-active")
    if not view["alive"][q]:
        classes.append("st-out")
    level = tr(f"abracada.board.level.{levels[q]}", lang) if levels[q] else ""
    head = (f'<div class="st-seat-head">{_pawn(q)}'
            f'<b>{escape(names[q])}</b>'
            f'<span class="st-level">{escape(level)}</span>')
    if "st-active" in classes:
        head += f'<span class="st-turn">{escape(tr("table.to_play", lang))}</span>'
    elif not view["alive"][q]:
        head += f'<span class="st-turn">{escape(tr("abracada.board.knocked_out", lang))}</span>'
    head += "</div>"
    if me:
        stones = [_hidden(i, slot["ruled_out"], slot_chances[i] if slot_chances else None, lang)
                  for i, slot in enumerate(view["own_hand"])]
    else:
        stones = [_stone(v, lang) for v in view["hands"][q]]
    hand = "".join(stones) or f'<i>{escape(tr("abracada.board.hand_empty", lang))}</i>'
    life = view["lives"][q]
    foot = [svg.life_tokens(life, title=tr("abracada.board.life", lang, life=life))
            + f'<span aria-hidden="true">{escape(tr("abracada.board.life", lang, life=life))}</span>',
            f'<b>{escape(tr("abracada.board.score", lang, score=view["scores"][q]))}</b>',
            escape(tr("abracada.board.secret_count", lang, count=view["secret_counts"][q]))]
    shown_secrets = view["own_secrets"] if me else (view["public_secrets"] or [None] * view["players"])[q]
    if shown_secrets:
        label = escape(tr("abracada.board.your_secrets", lang)) if me else ""
        foot.append(f'<span class="st-secret">{label}{"".join(svg.stone(v, spell_name(v, lang), 24) for v in shown_secrets)}</span>')
    return (f'<div class="{" ".join(classes)}">{head}<div class="st-hand">{hand}</div>'
            f'<div class="st-seat-foot">{"".join(f"<span>{part}</span>" for part in foot)}</div></div>')


def centre(view: Mapping[str, Any], names: Sequence[str], lang: str) -> tuple[str, str, str]:
    """The middle of the table as three pieces, each its own widget so that a move re-sends only
    the pieces it changed: the tower (changes when a round is scored), the spells-out track
    (every cast) and the removed stones with the pile and pool counts."""
    cast = [view["board"][str(v)] for v in SPELLS]
    removed = [view["removed"].count(v) for v in SPELLS]
    titles = [tr("abracada.board.track_tip", lang, spell=spell_name(v, lang), cast=cast[v - 1],
                 removed=removed[v - 1], total=v) for v in SPELLS]
    tower, track = tr("abracada.board.tower", lang), tr("abracada.board.cast_track", lang)
    removed_html = ("".join(svg.stone(v, spell_name(v, lang), 22) for v in view["removed"])
                    or escape(tr("abracada.board.none", lang)))
    return (f'<div><h2>{escape(tower)}</h2>{svg.tower(view["scores"], names, title=tower)}</div>',
            f'<div><h2>{escape(track)}</h2>{svg.cast_track(cast, removed, titles, title=track)}</div>',
            f'<h2>{escape(tr("abracada.board.removed", lang))}</h2><div class="st-removed">{removed_html}</div>'
            f'<div class="st-counts">{escape(tr("abracada.board.pile", lang, count=view["pile"]))} · '
            f'{escape(tr("abracada.board.secret_pool", lang, count=view["secret_pool"]))}</div>')


def meter(chances: Mapping[int, Fraction], lang: str) -> str:
    """The deduction meter: P(you hold at least one v) per spell, as a fraction and a bar."""
    rows = [f'<h2>{escape(tr("abracada.board.meter_title", lang))}</h2>']
    for v in SPELLS:
        p = chances[v]
        colour = svg.SPELL_COLOURS[v]
        rows.append(
            f'<div class="st-meter-row" title="{escape(spell_name(v, lang))}: {p.numerator}/{p.denominator}">'
            f'<span class="st-dot" style="background:{colour};color:{svg.SPELL_TEXT[v]}">{v}</span>'
            f'<span class="st-meter-name"><span>{escape(spell_name(v, lang))}</span>'
            f'<span class="st-frac">{p.numerator}/{p.denominator} ≈ {round(100 * float(p))}%</span></span>'
            f'<span class="st-bar" aria-hidden="true"><div style="width:{float(p) * 100:.1f}%;background:{colour}"></div></span></div>')
    return f'<div class="st-panel st-meter">{"".join(rows)}</div>'


def result(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """The last round's result (points, totals, the revealed hands) and the game's winners."""
    res = view["result"]
    if res is None:
        return ""
    title = tr("abracada.board.result_title", lang, round=res["round"], reason=round_reason(res, view["seat"], lang))
    rows = "".join(
        f'<tr><td>{_pawn(q)} {escape(names[q])}</td>'

        f'<td>+{res["points"][q]}</td><td><b>{res["scores"][q]}</b></td>'
        f'<td>{"".join(svg.stone(v, spell_name(v, lang), 20) for v in res["hands"][q])}</td></tr>'
        for q in range(view["players"]))
    out = (f'<div class="st-panel st-result"><h2>{escape(title)}</h2><table>'
           f'<tr><th></th><th>{escape(tr("abracada.board.points", lang))}</th><th>Σ</th><th></th></tr>{rows}</table>')
    if view["winners"]:
        out += f'<div class="st-winner">{escape(winners_text(view["winners"], view["seat"], lang))}</div>'
    return out + "</div>"


def teacher_panel(hand: Sequence[int], pool: Sequence[int], pile_next_first: Sequence[int],
                  secrets: Sequence[Sequence[int]], names: Sequence[str], lang: str) -> str:
    """TEACHER MODE ONLY: the hidden stones (the student's hand, secret stones, the pile)."""
    def gems(values: Sequence[int]) -> str:
        return "".join(svg.stone(v, f"{v}: {spell_name(v, lang)}", 24) for v in values) or escape(tr("abracada.board.none", lang))

    rows = [f'<div><b>{escape(tr("abracada.board.you", lang))}</b>: {gems(hand)}</div>',
            f'<div><b>{escape(tr("abracada.board.teacher.pool", lang))}</b>: {gems(pool)}</div>',
            f'<div><b>{escape(tr("abracada.board.teacher.pile", lang))}</b>: {gems(pile_next_first)}</div>']
    rows += [f'<div>{escape(names[q])}: {gems(s)}</div>' for q, s in enumerate(secrets) if s]
    return "".join(rows)

