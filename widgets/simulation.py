"""Live batch simulations on a lesson page (issues #14.4 and #13.2): press "Run 100,000 more",
watch simulated frequencies settle on the exact values the library computes.

The batch simulators (:mod:`towerlib.abracada.batch`, :mod:`towerlib.runes.batch`) play a
hundred thousand rounds or duels in a second or two, so a lesson can let the student run them
from the page instead of quoting a fixed, pre-computed sample. Two pieces, both built on
:class:`widgets.lessons.LiveRun` (its thread, Stop button, progress bar and live redraw):

* :func:`frequency_run` with :class:`Frequencies`: events whose exact probability is known.
  Each press adds ``batch`` more samples (the totals grow); the table "simulated / exact /
  difference / 95% range" and a two-panel plot (the running frequencies beside their exact
  values; the differences inside the funnel ±1.96·√(p(1−p)/n)) are redrawn as samples come in.
* :class:`BatchTournament`: whole games between policies with the seats rotated (lesson 5), the
  drop-in batch twin of :class:`widgets.lessons.Tournament` for :func:`widgets.lessons.tournament_run`.

    def first_casts(n, rng):                      # one batch call: counts for each event
        r = batch.simulate_rounds(n, 4, "random", seed=rng)
        return {f"cast {v}": (int(r.first_hit[r.first_spell == v].sum()), int((r.first_spell == v).sum()))
                for v in range(1, 9)}
    frequency_run(first_casts, {f"cast {v}": exact(v) for v in range(1, 9)}, "en", unit="rounds")

Nothing runs while the page renders: the first press starts the first batch. A run is seeded
(``seed``) and continues one numpy random stream from press to press.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from towerlib.core.i18n import register, tr
from towerlib.stats import z_value

from .lessons import LiveRun, Standings, table, whole
from .exercises import decimal

__all__ = ["BatchTournament", "Frequencies", "frequency_run", "RUN_MORE", "FIRST_PIECE"]

RUN_MORE = 100_000       # samples added by each press of the button (issue #14.4: "run 100,000 more")
CHUNK = 10_000           # samples between two looks at the Stop button (a batch call of ~0.1-0.2 s)
FIRST_PIECE = 100        # the first samples come in small pieces that grow by half each time, so the
GROWTH = 0.5             # plot (log axis) shows the early wandering, not just the settled end
Z95 = z_value(0.95)      # the normal quantile of the 95% range

register({
    "en": {
        "lesson.run.rounds.start": "Run {count} rounds",
        "lesson.run.rounds.more": "Run {count} more rounds",
        "lesson.run.rounds.running": "{done} of {target} rounds…",
        "lesson.run.rounds.done": "{done} rounds simulated.",
        "lesson.run.rounds.stopped": "Stopped after {done} rounds.",
        "lesson.run.duels.start": "Run {count} duels",
        "lesson.run.duels.more": "Run {count} more duels",
        "lesson.run.duels.running": "{done} of {target} duels…",
        "lesson.run.duels.done": "{done} duels simulated.",
        "lesson.run.duels.stopped": "Stopped after {done} duels.",
        "lesson.run.turns.start": "Run {count} turns",
        "lesson.run.turns.more": "Run {count} more turns",
        "lesson.run.turns.running": "{done} of {target} turns…",
        "lesson.run.turns.done": "{done} turns simulated.",
        "lesson.run.turns.stopped": "Stopped after {done} turns.",
        "simulation.col.event": "Event",
        "simulation.col.trials": "Tries",
        "simulation.col.simulated": "Simulated",
        "simulation.col.exact": "Exact",
        "simulation.col.difference": "Difference",
        "simulation.col.range": "95% of runs within",
        "simulation.summary": "After **{n}** tries the largest difference from an exact value is **{gap}** "
                              "({event}). A run of this size lands within ±{band} of the exact value 19 times "
                              "out of 20: that range shrinks like 1/√n, so 100 times more tries make it "
                              "10 times narrower.",
        "simulation.plot.frequency": "simulated frequency",
        "simulation.plot.difference": "simulated − exact",
        "simulation.plot.funnel": "95% range at p = 1/2",
        "simulation.plot.tries": "tries (log scale)",
        "simulation.plot.exact": "exact value (dashed)",
    },
    "ru": {
        "lesson.run.rounds.start": "Сыграть раундов: {count}",
        "lesson.run.rounds.more": "Сыграть ещё раундов: {count}",
        "lesson.run.rounds.running": "Раундов: {done} из {target}…",
        "lesson.run.rounds.done": "Смоделировано раундов: {done}.",
        "lesson.run.rounds.stopped": "Остановлено; раундов: {done}.",
        "lesson.run.duels.start": "Провести дуэлей: {count}",
        "lesson.run.duels.more": "Провести ещё дуэлей: {count}",
        "lesson.run.duels.running": "Дуэлей: {done} из {target}…",
        "lesson.run.duels.done": "Смоделировано дуэлей: {done}.",
        "lesson.run.duels.stopped": "Остановлено; дуэлей: {done}.",
        "lesson.run.turns.start": "Сыграть ходов: {count}",
        "lesson.run.turns.more": "Сыграть ещё ходов: {count}",
        "lesson.run.turns.running": "Ходов: {done} из {target}…",
        "lesson.run.turns.done": "Смоделировано ходов: {done}.",
        "lesson.run.turns.stopped": "Остановлено; ходов: {done}.",
        "simulation.col.event": "Событие",
        "simulation.col.trials": "Попыток",
        "simulation.col.simulated": "Моделирование",
        "simulation.col.exact": "Точно",
        "simulation.col.difference": "Разница",
        "simulation.col.range": "95% прогонов в пределах",
        "simulation.summary": "После **{n}** попыток наибольшая разница с точным значением — **{gap}** "
                              "({event}). Прогон такого размера попадает в ±{band} от точного значения "
                              "в 19 случаях из 20; этот разброс сужается как 1/√n, так что в 100 раз больше "
                              "попыток дают в 10 раз более узкий разброс.",
        "simulation.plot.frequency": "частота в моделировании",
        "simulation.plot.difference": "моделирование − точно",
        "simulation.plot.funnel": "95% разброс при p = 1/2",
        "simulation.plot.tries": "попытки (логарифмическая шкала)",
        "simulation.plot.exact": "точное значение (пунктир)",
    },
})

Counts = Mapping[str, tuple[int, int]]          # event -> (times it happened, times it could have)


# ----- events with exact probabilities ------------------------------------------------------------
@dataclass
class Frequencies:
    """Running counts of events whose exact probabilities are known, and their history.

    ``exact[label]`` is the library's exact value (a Fraction, shown as given); ``hits`` and
    ``trials`` grow with :meth:`add`; ``history`` keeps ``(trials, hits)`` per event after each
    batch, for the convergence plot.
    """

    exact: Mapping[str, Any]
    lang: str = "en"
    samples: int = 0
    hits: dict[str, int] = field(default_factory=dict)
    trials: dict[str, int] = field(default_factory=dict)
    history: list[tuple[int, dict[str, tuple[int, int]]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.exact = dict(self.exact)
        for label in self.exact:
            self.hits.setdefault(label, 0)
            self.trials.setdefault(label, 0)

    @property
    def labels(self) -> list[str]:
        return list(self.exact)

    def add(self, counts: Counts, samples: int) -> None:
        """Add one batch: ``counts[label] = (hits, trials)`` for every event, from ``samples`` samples."""
        if set(counts) != set(self.exact):
            raise ValueError(f"a batch must count exactly the events {sorted(self.exact)}, not {sorted(counts)}")
        for label, (hit, tried) in counts.items():
            if not 0 <= hit <= tried:
                raise ValueError(f"{label}: {hit} hits in {tried} tries")
            self.hits[label] += int(hit)
            self.trials[label] += int(tried)
        self.samples += int(samples)
        self.history.append((self.samples, {k: (self.hits[k], self.trials[k]) for k in self.exact}))

    def clear(self) -> None:
        self.samples = 0
        self.history.clear()
        for label in self.exact:
            self.hits[label] = self.trials[label] = 0

    def rate(self, label: str) -> float | None:
        return self.hits[label] / self.trials[label] if self.trials[label] else None

    def band(self, label: str) -> float | None:
        """±1.96·√(p(1−p)/n) around the exact p: where 95% of runs of this many tries land."""
        n, p = self.trials[label], float(self.exact[label])
        return Z95 * (p * (1 - p) / n) ** 0.5 if n else None

    def gaps(self) -> dict[str, float]:
        """simulated − exact for every event tried at least once."""
        return {k: self.rate(k) - float(self.exact[k]) for k in self.exact if self.trials[k]}

    def worst(self) -> tuple[str, float] | None:
        gaps = self.gaps()
        return max(gaps.items(), key=lambda kv: abs(kv[1])) if gaps else None

    def table(self, show_exact: Callable[[Any], str] | None = None, digits: int = 4) -> str:
        """Markdown: event, tries, simulated, exact, difference, 95% range."""
        lang = self.lang
        shown = show_exact or (lambda x: decimal(x, lang, digits))
        rows = []
        for k in self.exact:
            rate, band = self.rate(k), self.band(k)
            rows.append([k, whole(self.trials[k], lang),
                         "–" if rate is None else decimal(rate, lang, digits), shown(self.exact[k]),
                         "–" if rate is None else _signed(rate - float(self.exact[k]), lang, digits),
                         "–" if band is None else "±" + decimal(band, lang, digits)])
        head = [tr(f"simulation.col.{c}", lang) for c in ("event", "trials", "simulated", "exact", "difference", "range")]
        return table(head, rows)

    def summary(self) -> str:
        worst = self.worst()
        if worst is None:
            return ""
        label, gap = worst
        return tr("simulation.summary", self.lang, n=whole(self.trials[label], self.lang),
                  gap=_signed(gap, self.lang, 4), event=label, band=decimal(self.band(label), self.lang, 4))

    def figure(self, title: str | None = None):
        """Left: each event's running frequency against its tries (log axis) with its exact value
        dashed. Right: simulated − exact inside the funnel ±1.96·√(1/4n), the widest 95% range."""
        from matplotlib.figure import Figure

        lang = self.lang
        fig = Figure(figsize=(9.6, 3.4), dpi=90)
        left, right = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
        most = 1
        for i, k in enumerate(self.exact):
            pts = [(t, h / t) for _, counts in self.history for h, t in [counts[k]] if t]
            colour = f"C{i % 10}"
            exact = float(self.exact[k])
            if pts:
                xs, ys = zip(*pts)
                most = max(most, xs[-1])
                left.plot(xs, ys, color=colour, lw=1.3, label=k)
                right.plot(xs, [y - exact for y in ys], color=colour, lw=1.1)
            left.axhline(exact, color=colour, ls="--", lw=1.0)
        xs = np.geomspace(1, max(most, 10), 200)
        funnel = Z95 * np.sqrt(0.25 / xs)
        right.fill_between(xs, -funnel, funnel, color="0.85", lw=0, label=tr("simulation.plot.funnel", lang))
        right.axhline(0, color="0.3", lw=0.8)
        for ax in (left, right):
            ax.set_xscale("log")
            ax.set_xlim(1, max(most, 10))
            ax.set_xlabel(tr("simulation.plot.tries", lang))
        left.set_ylim(-0.02, 1.02)
        left.set_ylabel(tr("simulation.plot.frequency", lang))
        right.set_ylim(-0.25, 0.25)
        right.set_ylabel(tr("simulation.plot.difference", lang))
        left.plot([], [], color="0.3", ls="--", lw=1.0, label=tr("simulation.plot.exact", lang))
        handles, labels = left.get_legend_handles_labels()
        more, names = right.get_legend_handles_labels()
        if title:
            fig.suptitle(title, fontsize=10)
        fig.subplots_adjust(wspace=0.32)
        fig.legend(handles + more, labels + names, fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5),
                   frameon=False)                     # outside both panels: it covers no line
        return fig


def _signed(x: float, lang: str, digits: int) -> str:
    text = decimal(abs(x), lang, digits)
    return ("−" if x < 0 and float(text.replace(",", ".")) else "+") + text


def frequency_run(simulate: Callable[[int, np.random.Generator], Counts], exact: Mapping[str, Any], lang: str = "en",
                  unit: str = "rounds", batch: int = RUN_MORE, chunk: int = CHUNK, seed: int | None = 0,
                  title: str | None = None, idle: str = "", show_exact: Callable[[Any], str] | None = None,
                  describe: Callable[[Frequencies], str] | None = None, figure: Callable[[Frequencies], Any] | None = None,
                  show_table: bool = True) -> LiveRun:
    """A :class:`LiveRun` whose every press runs ``batch`` more samples through ``simulate``.

    ``simulate(n, rng)`` plays ``n`` samples with the batch simulator (passing ``rng`` as its
    seed, so the stream continues) and returns ``{event: (hits, tries)}`` for every event of
    ``exact``. The returned run has ``.frequencies`` (the totals) and ``.rng``.

    ``figure(frequencies)`` replaces the convergence plot (e.g. bars of exact values with
    simulated marks); it is also drawn once with no samples, in a thread after the page has
    rendered, so the exact part shows before the first press. ``show_table=False`` leaves out
    the table (for many events; ``describe`` then says what matters).
    """
    freq = Frequencies(exact, lang)
    rng = np.random.default_rng(seed)

    def step(n: int) -> None:
        while n > 0:                          # small pieces first (the plot's early points), then chunks
            k = n if freq.samples >= chunk else min(n, max(FIRST_PIECE, int(freq.samples * GROWTH)))
            freq.add(simulate(k, rng), k)
            n -= k

    def render():
        parts = [freq.table(show_exact)] if show_table else []
        parts.append(freq.summary())
        if describe is not None:
            parts.append(describe(freq))
        return "\n\n".join(parts), (figure(freq) if figure is not None else freq.figure(title))

    live = LiveRun(step, render, batch, chunk, lang, unit, idle)
    live.frequencies, live.rng = freq, rng
    if figure is not None:
        _draw_idle(live, lambda: figure(freq))
    return live


def _draw_idle(live: LiveRun, draw: Callable[[], Any]) -> None:
    """Show ``draw()`` in the run's image once the page has been drawn (a thread,
    :func:`~.lessons.when_drawn`), unless a run has already drawn there."""
    from .lessons import DRAWING, show_in, when_drawn

    def work() -> None:
        try:
            with DRAWING:
                fig = draw()
                if not live.done and not live.running:
                    show_in(live.image, fig, live.lang)      # the PNG with its text alternative
        except Exception:  # the first press draws it again and shows any error on the page
            return

    live.idle_drawn = when_drawn(live.image, work, "simulation-idle-figure")


# ----- tournaments of batch policies ----------------------------------------------------------------
@dataclass
class BatchTournament(Standings):
    """Whole Abracada games between batch policies, one per seat, seats rotated every game
    (:func:`towerlib.abracada.batch.simulate_tournament`): a batch twin of
    :class:`widgets.lessons.Tournament` with the same reading methods, for :func:`tournament_run`.

    ``entries`` are ``(label, policy)`` pairs (a policy name or a ``batch.Policy``). The games come
    from one numpy stream seeded by ``seed``; setting ``winners = []`` (a new first deal) restarts it.
    A shared win (rule Q15) counts for each winner, as in the engine's tournaments.
    """

    entries: Sequence[tuple[str, Any]]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self._winners = np.zeros((0, len(self.entries)), dtype=bool)
        self._rng: np.random.Generator | None = None

    @property
    def winners(self) -> np.ndarray:
        """``winners[g, k]``: entry k won game g."""
        return self._winners

    @winners.setter
    def winners(self, value: Sequence) -> None:
        if len(value):
            raise ValueError("a tournament's games can only be cleared (winners = [])")
        self._winners = np.zeros((0, len(self.entries)), dtype=bool)
        self._rng = None

    @property
    def players(self) -> int:
        return len(self.entries)

    @property
    def games(self) -> int:
        return len(self._winners)

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.entries]

    def run(self, games: int) -> "BatchTournament":
        """Play ``games`` more games."""
        from towerlib.abracada import batch

        if self._rng is None:
            self._rng = np.random.default_rng(self.seed)
        start = time.perf_counter()
        res = batch.simulate_tournament(games, [p for _, p in self.entries], seed=self._rng,
                                        first_game=self.games, **self.options)
        self._winners = np.concatenate([self._winners, res.winners])
        self.seconds += time.perf_counter() - start
        return self

    def win_matrix(self) -> np.ndarray:
        return self._winners


def wilson_bands(wins: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The 95% Wilson interval of :func:`towerlib.stats.wilson_interval`, for arrays."""
    n = np.maximum(n, 1).astype(float)
    p = wins / n
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = np.where(wins == 0, 0.0, np.maximum(0.0, centre - half))
    hi = np.where(wins == n, 1.0, np.minimum(1.0, centre + half))
    return lo, hi
