"""HTML for the class page and the student's panel, from the store's plain data (no widgets,
so the tests read exactly what a teacher sees). Every word comes from the catalogue; every
student-typed string is escaped."""
from __future__ import annotations

import html
import math
import time
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping, Sequence

from towerlib.core.i18n import tr

from ..exercises import decimal
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from .experiments import Experiment, Tally

if TYPE_CHECKING:     # the store loads SQLAlchemy; lesson pages use this module without writing
    from .store import ExerciseSummary, Position, StudentDetail, StudentProgress

BAR_PX = 160            # width of a full (probability 1) bar
PLOT_W, PLOT_H = 360, 160     # the running estimate's plot area (the projector scales it)
STYLE = """<style>
.st-class table {border-collapse: collapse; margin: 4px 0 10px 0;}
.st-class th, .st-class td {border: 1px solid #c0c8d0; padding: 2px 6px; text-align: left; vertical-align: top;}
.st-class .st-bar {display: inline-block; height: 10px; vertical-align: middle;}
.st-class .st-class-bar {background: #1a5fb4;} .st-class .st-exact-bar {background: #c0a060;}
.st-class .st-muted {color: #666;}
.st-class .st-stuck td {background: #fde8e4;}
.st-class .st-drill-view .st-stuck-list {font-weight: bold; color: #a51d2d;}
</style>"""
PROJECTOR_SCALE = 2.0   # the projector's charts against the page's
#: The projector view takes the page's place (the teacher's screen, projected) until Close.
PROJECTOR_STYLE = """<style>
.st-class .st-projector {background: #fff; padding: 8px 12px;}
.st-class .st-projector h1 {font-size: 2.4em; margin: 4px 0 8px 0;}
.st-class .st-projector .st-projector-figures {font-size: 1.8em; margin: 4px 0 12px 0;}
.st-class .st-projector .st-projector-charts {display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start;}
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


def thousands(n: int, lang: str) -> str:
    """A count with its thousands separated (a space in Russian)."""
    text = f"{n:,}"
    return text.replace(",", "\u00a0") if lang == "ru" else text


def number(x: Fraction | None, lang: str) -> str:
    return "—" if x is None else decimal(x, lang, 3)


def exact_text(x: Fraction, lang: str) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator} ≈ {decimal(x, lang, 3)}"


def bar(p: Fraction, cls: str) -> str:
    return f'<span class="st-bar {cls}" style="width:{max(1, round(float(p) * BAR_PX))}px"></span>'


def label(name: str, key: str, lang: str, fallback: str, **params: object) -> str:
    """The catalogue's ``<name>.<key>`` for an experiment (a lesson registers its own title,
    outcome names and axis names, keyed by the game like every message), else the catalogue's
    ``fallback`` (a ``record.page.*`` key)."""
    try:
        return tr(f"{name}.{key}", lang, **params)
    except KeyError:
        return tr(fallback, lang, **params)


def experiment_title(name: str, lang: str) -> str:
    """An experiment's title: the catalogue's ``<name>.experiment`` if the lesson registered
    one (e.g. ``runes.one_roll_attack.experiment``), else its name."""
    try:
        return tr(f"{name}.experiment", lang)
    except KeyError:
        return name


def outcome_label(exp: Experiment, value: int, lang: str) -> str:
    """What an outcome means (``<name>.outcome.<value>``, e.g. "Attack (a pair or better)"),
    else the value, starred when it is one of the outcomes whose chance is estimated."""
    try:
        return tr(f"{exp.name}.outcome.{value}", lang)
    except KeyError:
        return str(value) + (" ★" if exp.event is not None and value in exp.event else "")


def axis_names(exp: Experiment, lang: str) -> dict[str, str]:
    """The four axis names of an experiment's charts: outcome and share (the histogram), draws
    and estimate (the running estimate)."""
    estimate = "record.page.axis.chance" if exp.event is not None else "record.page.axis.mean"
    return {"outcome": label(exp.name, "axis.outcome", lang, "record.page.axis.outcome"),
            "share": label(exp.name, "axis.share", lang, "record.page.axis.share"),
            "draws": label(exp.name, "axis.draws", lang, "record.page.axis.draws"),
            "estimate": label(exp.name, "axis.estimate", lang, estimate)}


def _svg_text(x: float, y: float, text: str, size: float, anchor: str = "middle", rotate: bool = False,
              cls: str = "") -> str:
    turn = f' transform="rotate(-90 {x:.1f} {y:.1f})"' if rotate else ""
    klass = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.0f}" text-anchor="{anchor}" fill="#1d1d1d"'
            f'{klass}{turn}>{esc(text)}</text>')


def _wrapped(x: float, y: float, text: str, size: float, width: float, cls: str) -> str:
    """``text`` centred at ``x`` in lines no wider than about ``width`` (an outcome's name under its bars)."""
    per_line = max(6, int(width / (size * 0.58)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else size * 1.15:.1f}">{esc(line)}</tspan>'
                    for i, line in enumerate(lines[:3]))
    return (f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size:.0f}" text-anchor="middle" '
            f'fill="#1d1d1d">{spans}</text>')


def histogram_plot(tally: Tally, lang: str, scale: float = 1.0) -> str:
    """The class's share of each outcome (blue) beside its exact probability (gold), as an inline
    SVG bar chart with both axes named, the outcomes labelled and a legend; ``scale`` enlarges
    it for the projector."""
    exp, axes = tally.experiment, axis_names(tally.experiment, lang)
    values = list(exp.exact)
    highest = max([float(p) for p in exp.exact.values()] + [float(tally.frequency(v)) for v in values])
    step = next(s for s in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25) if highest <= 4 * s)
    top = step * max(1, math.ceil(highest / step - 1e-9))
    ticks = round(top / step)
    font = 11 * scale
    left, right, head, foot = 64 * scale, 10 * scale, 26 * scale, 70 * scale
    slot = max(44.0, min(150.0, 600.0 / len(values))) * scale
    width = max(left + right + slot * len(values), 340 * scale)
    slot = (width - left - right) / len(values)
    height = head + foot + PLOT_H * scale
    inner = height - head - foot

    def y_of(p: float) -> float:
        return head + inner * (1 - p / top)
    parts = [f'<svg class="st-histogram-plot" role="img" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}"><title>{esc(experiment_title(exp.name, lang))}</title>']
    for k in range(ticks + 1):                          # the share axis: ticks at round shares
        p = step * k
        parts.append(f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{y_of(p):.1f}" y2="{y_of(p):.1f}" '
                     f'stroke="#e0e4e8"/>')
        parts.append(_svg_text(left - 4 * scale, y_of(p) + font / 3, decimal(p, lang, 2), font, "end"))
    bar_w = slot * 0.32
    for i, v in enumerate(values):
        x0 = left + slot * i + slot * 0.16
        for j, (p, colour, cls) in enumerate(((tally.frequency(v), "#1a5fb4", "st-bar-class"),
                                             (exp.exact[v], "#c0a060", "st-bar-exact"))):
            y = y_of(float(p))
            parts.append(f'<rect class="{cls}" x="{x0 + j * bar_w:.1f}" y="{y:.1f}" width="{bar_w:.1f}" '
                         f'height="{head + inner - y:.1f}" fill="{colour}"/>')
        parts.append(_wrapped(left + slot * (i + 0.5), head + inner + font * 1.3, outcome_label(exp, v, lang),
                              font if len(values) <= 6 else font * 0.85, slot * 0.95, "st-outcome-label"))
    parts.append(f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{head + inner:.1f}" y2="{head + inner:.1f}" '
                 f'stroke="#333"/><line x1="{left:.1f}" x2="{left:.1f}" y1="{head:.1f}" y2="{head + inner:.1f}" '
                 f'stroke="#333"/>')
    parts.append(_svg_text(left + (width - left - right) / 2, height - font * 0.6, axes["outcome"], font * 1.1,
                           cls="st-axis-x"))
    parts.append(_svg_text(font * 1.1, head + inner / 2, axes["share"], font * 1.1, rotate=True, cls="st-axis-y"))
    legend_y = head - 10 * scale
    parts.append(f'<rect x="{left:.1f}" y="{legend_y - font * 0.8:.1f}" width="{font:.1f}" height="{font * 0.8:.1f}" '
                 f'fill="#1a5fb4"/>' + _svg_text(left + font * 1.4, legend_y, tr("record.page.class_frequency", lang),
                                                 font, "start"))
    middle = left + (width - left - right) / 2
    parts.append(f'<rect x="{middle:.1f}" y="{legend_y - font * 0.8:.1f}" width="{font:.1f}" '
                 f'height="{font * 0.8:.1f}" fill="#c0a060"/>'
                 + _svg_text(middle + font * 1.4, legend_y, tr("record.page.exact_probability", lang), font, "start"))
    return "".join(parts) + "</svg>"


def estimate_plot(tally: Tally, lang: str = "en", scale: float = 1.0) -> str:
    """The running estimate (blue line) against the number of draws pooled, closing in on the
    exact answer (dashed), with both axes named: an inline SVG, so it redraws as cheaply as text."""
    axes = axis_names(tally.experiment, lang)
    answer = float(tally.experiment.answer)
    points = tally.series
    values = [float(e) for _, e in points] + [answer]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    pad = (high - low) * 0.1
    low, high = low - pad, high + pad
    n_max = max(points[-1][0], 1) if points else 1
    font = 11 * scale
    left, right, head, foot = 64 * scale, 14 * scale, 10 * scale, 40 * scale
    plot_w, plot_h = PLOT_W * scale, PLOT_H * scale
    width, height = left + plot_w + right, head + plot_h + foot

    def x_of(n: float) -> float:
        return left + plot_w * n / n_max

    def y_of(v: float) -> float:
        return head + plot_h - plot_h * (v - low) / (high - low)
    line = " ".join(f"{x_of(n):.1f},{y_of(float(e)):.1f}" for n, e in points)
    y = y_of(answer)
    parts = [f'<svg class="st-estimate-plot" role="img" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}"><title>{esc(axes["estimate"])}</title>',
             f'<rect x="{left:.1f}" y="{head:.1f}" width="{plot_w:.1f}" height="{plot_h:.1f}" fill="none" '
             f'stroke="#c0c8d0"/>']
    for v in (low + pad, high - pad):
        parts.append(_svg_text(left - 4 * scale, y_of(v) + font / 3, decimal(v, lang, 2), font, "end"))
    parts.append(_svg_text(left, head + plot_h + font * 1.2, "0", font, "start"))
    parts.append(_svg_text(left + plot_w, head + plot_h + font * 1.2, thousands(n_max, lang), font,
                           "end"))
    parts.append(f'<line class="st-exact-line" x1="{left:.1f}" y1="{y:.1f}" x2="{left + plot_w:.1f}" y2="{y:.1f}" '
                 f'stroke="#c0a060" stroke-width="{1.5 * scale:.1f}" stroke-dasharray="6 4"/>')
    parts.append(_svg_text(left + plot_w - 4 * scale, y - 4 * scale, tr("record.page.exact", lang), font, "end"))
    parts.append(f'<polyline fill="none" stroke="#1a5fb4" stroke-width="{2 * scale:.1f}" points="{line}"/>')
    parts.append(_svg_text(left + plot_w / 2, height - font * 0.6, axes["draws"], font * 1.1, cls="st-axis-x"))
    parts.append(_svg_text(font * 1.1, head + plot_h / 2, axes["estimate"], font * 1.1, rotate=True,
                           cls="st-axis-y"))
    return "".join(parts) + "</svg>"


def experiment(tally: Tally, lang: str) -> str:
    exp = tally.experiment
    head = (f'<h4>{esc(experiment_title(exp.name, lang))}</h4><p class="st-pooled">'
            f"{esc(tr('record.page.pooled', lang, draws=tally.total, students=tally.students))}. "
            f"<b>{esc(tr('record.page.estimate', lang))}:</b> <span class=\"st-estimate\">"
            f"{esc(number(tally.estimate, lang))}</span>; "
            f"<b>{esc(tr('record.page.exact', lang))}:</b> <span class=\"st-exact\">"
            f"{esc(exact_text(exp.answer, lang))}</span></p>")
    rows = [[esc(outcome_label(exp, v, lang)),
             f"{bar(tally.frequency(v), 'st-class-bar')} {decimal(tally.frequency(v), lang, 3)} ({tally.counts.get(v, 0)})",
             f"{bar(p, 'st-exact-bar')} {decimal(p, lang, 3)}"] for v, p in exp.exact.items()]
    headers = [axis_names(exp, lang)["outcome"], tr("record.page.class_frequency", lang),
               tr("record.page.exact_probability", lang)]
    return (f'<div class="st-experiment" data-name="{esc(exp.name)}">{head}'
            f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">'
            f'{table(headers, rows, "st-histogram")}{histogram_plot(tally, lang)}'
            f"{estimate_plot(tally, lang)}</div></div>")


def projector(tally: Tally, lang: str) -> str:
    """One experiment large, for the projector: its title, the class's estimate beside the exact
    answer, the histogram and the running estimate closing in on the exact line."""
    exp = tally.experiment
    round_line = ""
    if tally.round_at is not None:
        stamp = time.strftime("%H:%M:%S", time.gmtime(tally.round_at))
        round_line = f'<p class="st-muted st-round">{esc(tr("record.page.round", lang, time=stamp))}</p>'
    return (f'<div class="st-projected" data-name="{esc(exp.name)}"><h1>{esc(experiment_title(exp.name, lang))}</h1>'
            f'<p class="st-projector-figures">{esc(tr("record.page.estimate", lang))}: '
            f'<b class="st-estimate">{esc(number(tally.estimate, lang))}</b> · {esc(tr("record.page.exact", lang))}: '
            f'<b class="st-exact">{esc(exact_text(exp.answer, lang))}</b><br>'
            f'<span class="st-pooled">{esc(tr("record.page.pooled", lang, draws=thousands(tally.total, lang), students=tally.students))}</span></p>'
            f'{round_line}<div class="st-projector-charts">{histogram_plot(tally, lang, PROJECTOR_SCALE)}'
            f'{estimate_plot(tally, lang, PROJECTOR_SCALE)}</div></div>')


def student_detail(detail: StudentDetail, lang: str) -> str:
    """One student's answers, per exercise (tries, last answer, right or not), where they are
    stuck, and the page they are on now."""
    where = (tr("record.page.drill_now", lang, page=detail.page) if detail.online and detail.page
             else tr("record.page.drill_offline", lang))
    parts = [f'<p class="st-drill-where">{esc(where)}</p>']
    if not detail.exercises:
        return "".join(parts) + f'<p class="st-muted">{esc(tr("record.page.drill_no_answers", lang))}</p>'
    stuck = detail.stuck
    if stuck:
        listed = ", ".join(f"{e.page} · {e.exercise}" for e in stuck)
        parts.append(f'<p class="st-stuck-list">{esc(tr("record.page.drill_stuck", lang, count=len(stuck)))} '
                     f"{esc(listed)}</p>")
    else:
        parts.append(f'<p class="st-muted">{esc(tr("record.page.drill_not_stuck", lang))}</p>')
    rows, classes = [], []
    for e in detail.exercises:
        verdict = tr("record.page.yes_right", lang) if e.right else (
            tr("record.page.stuck", lang) if e.stuck else tr("record.page.no_wrong", lang))
        rows.append([esc(e.page), f"{esc(e.exercise)}. {esc(e.prompt[:120])}", str(e.tries),
                     f"<code>{esc(e.last_answer)}</code>", esc(verdict)])
        classes.append("st-stuck" if e.stuck else "")
    headers = [tr("record.page.on_page", lang), tr("record.page.exercise", lang), tr("record.page.tries", lang),
               tr("record.page.last_answer", lang), tr("record.page.right", lang)]
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join(f'<tr class="{c}">' + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row, c in zip(rows, classes))
    return "".join(parts) + f'<table class="st-drill-table"><tr>{head}</tr>{body}</table>'


def sent(position: Position | None, lang: str) -> str:
    """What the class is offered now (the teacher's own page: the seed is shown here only)."""
    if position is None:
        return f'<span class="st-muted">{esc(tr("record.page.sent_none", lang))}</span>'
    return esc(tr("record.page.sent", lang, game=tr(f"gallery.game.{position.game}", lang),
                  players=position.players, seed=position.seed))


def experiments(tallies: Sequence[Tally], lang: str) -> str:
    title = f"<h3>{esc(tr('record.page.experiments', lang))}</h3>"
    if not tallies:
        return title + f'<p class="st-muted">{esc(tr("record.page.no_draws", lang))}</p>'
    return title + "".join(experiment(t, lang) for t in tallies)


def updated(lang: str, at: float | None = None) -> str:
    stamp = time.strftime("%H:%M:%S", time.gmtime(at if at is not None else time.time()))
    return f'<span class="st-muted st-updated">{esc(tr("record.page.updated", lang, time=stamp))}</span>'
