"""The game log in words: one line per event a seat may see, in the chosen language.

The input is a seat's filtered event list (``view["log"]`` or
:func:`towerlib.abracada.views.seat_events`), so the narration cannot mention anything the
seat may not see: the seat's own draws arrive as counts only, and another player's secret
stone arrives without its value.

Every sentence is written twice in the catalogue, for the student (``….you``: "You draw")
and for another player (``….other``: "Bot 2 draws"), and a name that is not the subject is
put in its grammatical case (Russian "у Бота 2", "с Ботом 2"; keys ``abracada.board.bot.<case>``),
never pasted into a sentence written for someone else. A failed cast is told as one line:
what was declared, what the player actually holds (as far as the reader can know it) and what
it cost.
"""
from __future__ import annotations

from html import escape
from typing import Any, Iterator, Mapping, Sequence

from towerlib.core.i18n import tr

from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

CASES = ("gen", "ins")           # the cases a name takes besides the subject's (Russian needs them)


def spell_name(value: int, lang: str) -> str:
    return tr(f"abracada.spell.{value}", lang)


def spell_text(value: int, lang: str) -> str:
    """``"5 · Lightning Tempest"``."""
    return f"{value} · {spell_name(value, lang)}"


def stones_text(values: Sequence[int], lang: str) -> str:
    return ", ".join(str(v) for v in values) if values else tr("abracada.board.none", lang)


def person(q: int, seat: int) -> str:
    """Which form of a sentence to use for player ``q``: ``"you"`` or ``"other"``."""
    return "you" if q == seat else "other"


def name_in(case: str, q: int, seat: int, lang: str) -> str:
    """Player ``q``'s name in a grammatical case (``"nom"``, or one of :data:`CASES`)."""
    if q == seat:
        return tr(f"abracada.board.you.{case}", lang)
    return tr("abracada.board.bot" if case == "nom" else f"abracada.board.bot.{case}", lang, n=q + 1)


def names_in(case: str, players: Sequence[int], seat: int, lang: str) -> str:
    """Several names, in a case, joined with "and"."""
    parts = [name_in(case, q, seat, lang) for q in players]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {tr('abracada.board.and', lang)} " + parts[-1]


def say(key: str, q: int, seat: int, lang: str, **params: Any) -> str:
    """The ``key.you`` or ``key.other`` sentence about player ``q`` (``who`` and ``who_gen``
    are filled in for the other form)."""
    if q == seat:
        return tr(f"{key}.you", lang, **params)
    return tr(f"{key}.other", lang, who=name_in("nom", q, seat, lang), who_gen=name_in("gen", q, seat, lang), **params)


def round_reason(result: Mapping[str, Any], seat: int, lang: str) -> str:
    """Why a round ended, e.g. "Bot 2 emptied their hand" or "you ran out of life"."""
    reason = result["reason"]
    who = result["loser"] if reason == "self_knockout" else result["winner"]
    return say(f"abracada.board.reason.{reason}", who, seat, lang)


def winners_text(winners: Sequence[int], seat: int, lang: str) -> str:
    """Who won the game, from the student's side: "You won!", "You share the win with Bot 2", ..."""
    if seat in winners:
        others = [q for q in winners if q != seat]
        if not others:
            return tr("abracada.board.won.you", lang)
        return tr("abracada.board.won.you_shared", lang, others=names_in("ins", others, seat, lang))
    key = "abracada.board.won.other" if len(winners) == 1 else "abracada.board.won.others"
    return tr(key, lang, names=names_in("nom", winners, seat, lang))


def points_text(points: Sequence[int], seat: int, lang: str) -> str:
    return ", ".join(f"{name_in('nom', q, seat, lang)} +{p}" for q, p in enumerate(points))


def _cost(loss_events: Sequence[Mapping[str, Any]], lang: str) -> str:
    """What a failed cast cost: the die (for the Dragon) and the life lost."""
    roll = next((e["value"] for e in loss_events if e["kind"] == "roll"), None)
    life = next((e for e in loss_events if e["kind"] == "life"), None)
    if life is None:
        return ""
    if roll is not None:
        return tr("abracada.board.cost.dragon", lang, roll=roll, loss=-life["change"], life=life["life"])
    return tr("abracada.board.cost.life", lang, loss=-life["change"], life=life["life"])


def _life_line(event: Mapping[str, Any], seat: int, lang: str) -> str:
    change = event["change"]
    kind = "lose" if change < 0 else "gain" if change > 0 else "same"
    return say(f"abracada.board.log.life.{kind}", event["seat"], seat, lang, amount=abs(change), life=event["life"])


def event_line(event: Mapping[str, Any], seat: int, lang: str, hand: Sequence[int] | None = None,
               loss: Sequence[Mapping[str, Any]] = ()) -> str:
    """One event as plain text (the caller escapes it). For a ``miss``, ``hand`` is what the
    player held (None when the reader cannot see it) and ``loss`` the roll and life events it caused."""
    kind, who = event["kind"], event["seat"]
    key = f"abracada.board.log.{kind}"
    if kind == "round_start":
        line = say(key, event["starter"], seat, lang, round=event["round"])
        if event["removed"]:
            line += " " + tr("abracada.board.log.removed", lang, stones=stones_text(event["removed"], lang))
        return line
    if kind == "cast":
        return say(key, who, seat, lang, spell=spell_text(event["value"], lang))
    if kind == "miss":
        cost = _cost(loss, lang)
        if who != seat and hand is None:
            return say("abracada.board.log.miss_unseen", who, seat, lang, spell=spell_text(event["value"], lang),
                       value=event["value"], cost=cost)
        return say(key, who, seat, lang, spell=spell_text(event["value"], lang), value=event["value"],
                   stones=stones_text(list(hand or ()), lang), cost=cost)
    if kind == "callout":
        return say(key, who, seat, lang, value=event["value"], last=event["last"])
    if kind == "roll":
        return say(key, who, seat, lang, value=event["value"])
    if kind == "life":
        return _life_line(event, seat, lang)
    if kind in ("knockout", "end_turn"):
        return say(key, who, seat, lang)
    if kind == "draw":
        if "values" not in event:          # the reader's own draw: a count, never the values
            return say("abracada.board.log.draw_unseen", who, seat, lang, count=event["count"])
        return say(key, who, seat, lang, stones=stones_text(event["values"], lang))
    if kind == "secret":
        if not event["taken"]:
            return say("abracada.board.log.secret_none", who, seat, lang)
        if event.get("value") is not None:
            return say("abracada.board.log.secret_seen", who, seat, lang, spell=spell_text(event["value"], lang))
        return say(key, who, seat, lang)
    if kind == "round_end":
        return tr(key, lang, round=event["round"], reason=round_reason(event, seat, lang),
                  points=points_text(event["points"], seat, lang))
    if kind == "game_end":
        return tr(key, lang, winners=winners_text(event["winners"], seat, lang))
    raise ValueError(f"no narration for event kind {kind!r}")


def _lines(events: Sequence[Mapping[str, Any]], seat: int) -> Iterator[tuple[int, Mapping[str, Any], Any, list]]:
    """``(index, event, hand, loss)`` per line: a miss absorbs the roll and life events it
    caused, and carries the hand the player held (tracked from the round's first event through
    casts and draws, for every player whose stones the reader sees)."""
    hands: dict[int, list[int]] = {}
    i = 0
    while i < len(events):
        event = events[i]
        kind, who = event["kind"], event["seat"]
        if kind == "round_start":
            hands = {q: list(h) for q, h in enumerate(event.get("hands") or []) if h is not None}
        elif kind == "cast" and who in hands and event.get("slot") is not None and event["slot"] < len(hands[who]):
            del hands[who][event["slot"]]
        elif kind == "draw" and who in hands and "values" in event:
            hands[who] += list(event["values"])
        if kind == "miss":
            loss = []
            j = i + 1
            while j < len(events) and events[j]["seat"] == who and events[j]["kind"] in ("roll", "life") \
                    and not any(e["kind"] == "life" for e in loss):
                loss.append(events[j])
                j += 1
            yield i, event, (list(hands[who]) if who in hands else None), loss
            i = j
            continue
        yield i, event, None, []
        i += 1


def _line_html(event: Mapping[str, Any], seat: int, text: str) -> str:
    mark = " st-mine" if event["seat"] == seat else ""
    return f'<div class="st-line st-k-{event["kind"]}{mark}">{escape(text)}</div>'


def log_html(events: Sequence[Mapping[str, Any]], seat: int, lang: str,
             notes: Mapping[int, Sequence[str]] | None = None) -> str:
    """One round's log as HTML lines; ``notes[i]`` are extra lines (bots' reasons) shown before event i."""
    lines = []
    for i, event, hand, loss in _lines(events, seat):
        for note in (notes or {}).get(i, ()):
            lines.append(f'<div class="st-note">{escape(tr("abracada.board.reason_line", lang, reason=note))}</div>')
        lines.append(_line_html(event, seat, event_line(event, seat, lang, hand, loss)))
    return "".join(lines)


class RoundNarration:
    """One round's log, told again after every move without re-telling what was told.

    Within a round a seat's log only grows, so a line once told stays true, except the last:
    a miss takes in the roll and life events that follow it. :meth:`update` therefore tells
    only the lines from the last one on; a log that did not grow from the one it was given
    last (a new round, another seat or language) is told afresh. ``texts`` are the lines'
    plain texts (for the live region), ``html`` the panel's HTML, as :func:`log_html` makes it.
    """

    def __init__(self) -> None:
        self._key: tuple[int, str] | None = None
        self._events: list[Mapping[str, Any]] = []
        self._told: list[tuple[int, str, str]] = []        # (event index, text, html) per line
        self.html = ""

    @property
    def texts(self) -> list[str]:
        return [text for _i, text, _html in self._told]

    def update(self, events: Sequence[Mapping[str, Any]], seat: int, lang: str) -> None:
        n = len(self._events)
        if self._key != (seat, lang) or len(events) < n or list(events[:n]) != self._events:
            self._key, self._told, n = (seat, lang), [], 0
        elif len(events) == n:
            return
        redo = self._told[-1][0] if self._told else 0
        told = [line for line in self._told if line[0] < redo]
        for i, event, hand, loss in _lines(events, seat):
            if i >= redo:
                text = event_line(event, seat, lang, hand, loss)
                told.append((i, text, _line_html(event, seat, text)))
        self._events, self._told = list(events), told
        self.html = "".join(html for _i, _text, html in told)


def past_round_html(rnd: int, events: Sequence[Mapping[str, Any]], seat: int, lang: str) -> str:
    """An earlier round's log, folded away under its title."""
    return (f'<details class="st-past-round"><summary>{escape(tr("abracada.board.round", lang, round=rnd))}'
            f'</summary>{log_html(events, seat, lang)}</details>')
