"""HTML for the class page and the student's panel, from the store's plain data (no widgets,
so the tests read exactly what a teacher sees). Every word comes from the catalogue; every
student-typed string is escaped."""
from __future__ import annotations

import html
import time
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping, Sequence

from towerlib.core.i18n import tr

from ..exercises import decimal
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from .experiments import Tally

if TYPE_CHECKING:     # the store loads SQLAlchemy; lesson pages use this module without writing
    from .store import ExerciseSummary, StudentProgress

BAR_PX = 160            # width of a full (probability 1) bar
PLOT_W, PLOT_H = 320, 120
STYLE = """<style>
.st-class table {border-collapse: collapse; margin: 4px 0 10px 0;}
.st-class th, .st-class td {border: 1px solid #c0c8d0; padding: 2px 6px; text-align: left; vertical-align: top;}
.st-class .st-bar {display: inline-block; height: 10px; vertical-align: middle;}
.st-class .st-class-bar {background: #1a5fb4;} .st-class .st-exact-bar {background: #c0a060;}
.st-class .st-muted {color: #666;}
</style>"""


def esc(x: object) -> str:
    return html.escape(str(x))


def names_for(progress: Sequence[StudentProgress], hide: bool, lang: str) -> dict[int, str]:
    """Each student's shown name: their nickname, or "Student n" (n: their place in the class,
    first seen first) when they chose none or names are hidden."""
    return {p.key: p.nickname if p.nickname and not hide else tr("record.page.student_n", lang, n=i + 1)
            for i, p in enumerate(progress)}


def recent(progress: Sequence[StudentProgress], now: float, seconds: float) -> list[StudentProgress]:
    """The students online or seen within ``seconds`` before ``now``."""
    return [p for p in progress if p.online or (p.seen is not None and p.seen >= now - seconds)]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], cls: str) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{cls}"><tr>{head}</tr>{body}</table>'


def online(progress: Sequence[StudentProgress], names: Mapping[int, str], lang: str) -> str:
    here = [p for p in progress if p.online]
    title = f"<h3>{esc(tr('record.page.online', lang, count=len(here)))}</h3>"
    if not here:
        return title + f'<p class="st-muted">{esc(tr("record.page.nobody_online", lang))}</p>'
    rows = [[esc(names[p.key]), esc(p.page or "")] for p in here]
    return title + table([tr("record.page.student", lang), tr("record.page.on_page", lang)], rows, "st-online")


def exercises(summaries: Sequence[ExerciseSummary], lang: str) -> str:
    title = f"<h3>{esc(tr('record.page.exercises', lang))}</h3>"
    if not summaries:
        return title + f'<p class="st-muted">{esc(tr("record.page.no_attempts", lang))}</p>'
    rows = []
    for e in summaries:
        wrong = ", ".join(f"<code>{esc(a)}</code> × {n}" for a, n in e.common_wrong)
        rows.append([esc(e.page), f"{esc(e.exercise)}. {esc(e.prompt[:120])}", str(e.students),
                     str(e.first_try_right), str(e.solved), wrong])
    headers = [tr("record.page.on_page", lang), tr("record.page.exercise", lang), tr("record.page.tried", lang),
               tr("record.page.first_try", lang), tr("record.page.solved", lang), tr("record.page.common_wrong", lang)]
    return title + table(headers, rows, "st-exercises")


def progress(rows: Sequence[StudentProgress], names: Mapping[int, str], lang: str) -> str:
    title = f"<h3>{esc(tr('record.page.progress', lang))}</h3>"
    if not rows:
        return title + f'<p class="st-muted">{esc(tr("record.page.no_students", lang))}</p>'
    body = [[esc(names[p.key]), "<br>".join(esc(page) for page in p.pages), str(p.solved), str(p.attempts),
             str(p.games)] for p in rows]
    headers = [tr("record.page.student", lang), tr("record.page.pages_opened", lang), tr("record.page.solved", lang),
               tr("record.page.attempts", lang), tr("record.page.games", lang)]
    return title + table(headers, body, "st-progress")


def number(x: Fraction | None, lang: str) -> str:
    return "—" if x is None else decimal(x, lang, 3)


def exact_text(x: Fraction, lang: str) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator} ≈ {decimal(x, lang, 3)}"


def bar(p: Fraction, cls: str) -> str:
    return f'<span class="st-bar {cls}" style="width:{max(1, round(float(p) * BAR_PX))}px"></span>'


def estimate_plot(tally: Tally) -> str:
    """The running estimate (blue line) against the number of draws, and the exact answer
    (dashed): an inline SVG, so it redraws as cheaply as text."""
    answer = float(tally.experiment.answer)
    points = tally.series
    values = [float(e) for _, e in points] + [answer]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    pad = (high - low) * 0.1
    low, high = low - pad, high + pad
    n_max = max(points[-1][0], 1) if points else 1

    def xy(n: float, v: float) -> str:
        return f"{PLOT_W * n / n_max:.1f},{PLOT_H - PLOT_H * (v - low) / (high - low):.1f}"
    line = " ".join(xy(n, float(e)) for n, e in points)
    y = PLOT_H - PLOT_H * (answer - low) / (high - low)
    return (f'<svg class="st-estimate-plot" width="{PLOT_W}" height="{PLOT_H}" viewBox="0 0 {PLOT_W} {PLOT_H}" '
            f'style="border:1px solid #c0c8d0">'
            f'<line x1="0" y1="{y:.1f}" x2="{PLOT_W}" y2="{y:.1f}" stroke="#c0a060" stroke-dasharray="6 4"/>'
            f'<polyline fill="none" stroke="#1a5fb4" stroke-width="2" points="{line}"/></svg>')


def experiment_title(name: str, lang: str) -> str:
    """An experiment's title: the catalogue's ``<name>.experiment`` if the lesson registered
    one (e.g. ``runes.two_dice_sum.experiment``, keyed by the game like every message), else
    its name."""
    try:
        return tr(f"{name}.experiment", lang)
    except KeyError:
        return name


def experiment(tally: Tally, lang: str) -> str:
    exp = tally.experiment
    head = (f'<h4>{esc(experiment_title(exp.name, lang))}</h4><p class="st-pooled">'
            f"{esc(tr('record.page.pooled', lang, draws=tally.total, students=tally.students))}. "
            f"<b>{esc(tr('record.page.estimate', lang))}:</b> <span class=\"st-estimate\">"
            f"{esc(number(tally.estimate, lang))}</span>; "
            f"<b>{esc(tr('record.page.exact', lang))}:</b> <span class=\"st-exact\">"
            f"{esc(exact_text(exp.answer, lang))}</span></p>")
    rows = [[str(v) + (" ★" if exp.event is not None and v in exp.event else ""),
             f"{bar(tally.frequency(v), 'st-class-bar')} {decimal(tally.frequency(v), lang, 3)} ({tally.counts.get(v, 0)})",
             f"{bar(p, 'st-exact-bar')} {decimal(p, lang, 3)}"] for v, p in exp.exact.items()]
    headers = [tr("record.page.value", lang), tr("record.page.class_frequency", lang),
               tr("record.page.exact_probability", lang)]
    return (f'<div class="st-experiment" data-name="{esc(exp.name)}">{head}'
            f'<div style="display:flex;gap:16px;align-items:flex-start">{table(headers, rows, "st-histogram")}'
            f"{estimate_plot(tally)}</div></div>")


def experiments(tallies: Sequence[Tally], lang: str) -> str:
    title = f"<h3>{esc(tr('record.page.experiments', lang))}</h3>"
    if not tallies:
        return title + f'<p class="st-muted">{esc(tr("record.page.no_draws", lang))}</p>'
    return title + "".join(experiment(t, lang) for t in tallies)


def updated(lang: str, at: float | None = None) -> str:
    stamp = time.strftime("%H:%M:%S", time.gmtime(at if at is not None else time.time()))
    return f'<span class="st-muted st-updated">{esc(tr("record.page.updated", lang, time=stamp))}</span>'
