"""Helpers the Abracada lessons share: text with computed numbers, engine simulations, plots,
and bot tournaments with a progress bar.

Lesson notebooks never type a computed number into their prose. They compute it with
``towerlib`` and print it with :func:`say` (Markdown built in a code cell), so the text and the
numbers cannot disagree. Numbers are formatted by :func:`num` / :func:`prob` in the lesson's
language (a decimal comma in Russian).

    from widgets.lessons import say, prob, engine_deals, Tournament
    say(f"P(you hold the Dragon) = {prob(Fraction(5, 21), lang)}")

matplotlib is imported only by the plotting functions, ipywidgets only by the widgets.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

import towerlib.abracada as abracada
from towerlib import stats
from towerlib.abracada.bots import make_bot
from towerlib.core.bots import play
from towerlib.core.i18n import tr

from . import lesson_messages as _lesson_messages  # noqa: F401  (registers the catalogue entries)
from .exercises import Exercise, decimal, format_number

__all__ = ["Exercise", "Tournament", "bot_entry", "convergence_plot", "copy_game", "decimal", "engine_deals", "num",
           "pmf_plot", "prob", "say", "spell", "table", "whole"]


# ----- text --------------------------------------------------------------------------------------
def say(text: str) -> None:
    """Show Markdown made in a code cell (the lessons' way to print computed numbers)."""
    from IPython.display import Markdown, display

    display(Markdown(text))


def num(x: Any, lang: str = "en", digits: int = 3) -> str:
    """A number in the lesson's language: fractions as ``5/21 ≈ 0.238``, whole numbers plainly."""
    return format_number(x, lang, digits)


def prob(x: Any, lang: str = "en", digits: int = 3) -> str:
    """A probability: the exact fraction (if it is one) and its decimal value."""
    return format_number(x, lang, digits)


def pct(x: Any, lang: str = "en", digits: int = 1) -> str:
    """A proportion as a percentage, e.g. ``23.8%`` (``23,8%`` in Russian)."""
    return decimal(100 * float(x), lang, digits) + "%"


def whole(n: int, lang: str = "en") -> str:
    """A whole number with thousands separated: ``20,000`` in English, ``20 000`` in Russian."""
    text = f"{int(n):,}"
    return text.replace(",", "\u00a0") if lang == "ru" else text


def spell(v: int, lang: str = "en") -> str:
    """``"1 Ancient Dragon"``: a spell's value and its rulebook name in the language."""
    return f"{v} {tr(f'abracada.spell.{v}', lang)}"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table (pass it to :func:`say`)."""
    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|")
    lines = ["| " + " | ".join(cell(h) for h in headers) + " |",
             "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


# ----- simulation with the engine ----------------------------------------------------------------
def engine_deals(samples: int, players: int = 4, seed: int = 0, **options: Any) -> Iterator[abracada.AbracadaGame]:
    """``samples`` freshly dealt games, shuffled by the engine itself (seeds ``seed``, ``seed+1``, ...)."""
    for i in range(samples):
        yield abracada.new_game(players, seed=seed + i, **options)


def copy_game(game: abracada.AbracadaGame) -> abracada.AbracadaGame:
    """An independent copy of ``game`` (replayed from its save: same deal, same dice to come)."""
    return abracada.load(game.to_json())


def hidden_stones(game: abracada.AbracadaGame, seat: int = 0) -> list[int]:
    """Every stone ``seat`` cannot see right now: its own hand, the secret pool and the pile."""
    return list(game.hands[seat]) + list(game.secret_pool) + list(game.pile)


def _plt():
    import matplotlib.pyplot as plt

    return plt


def convergence_plot(hits: Mapping[str, Sequence[bool]], exact: Mapping[str, float], lang: str = "en",
                     xlabel_key: str = "lesson.plot.samples", title: str | None = None):
    """Running frequency of each series against the number of samples, with its exact value dashed."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    for i, (label, series) in enumerate(hits.items()):
        colour = f"C{i}"
        rates = stats.running_rate(series)
        ax.plot(range(1, len(rates) + 1), rates, color=colour, lw=1.2, label=label)
        if label in exact:
            ax.axhline(float(exact[label]), color=colour, ls="--", lw=1,
                       label=tr("lesson.plot.exact", lang, value=decimal(exact[label], lang)))
    ax.set_xscale("log")
    ax.set_xlabel(tr(xlabel_key, lang))
    ax.set_ylabel(tr("lesson.plot.frequency", lang))
    ax.set_ylim(0, 1)
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    plt.show()
    plt.close(fig)


def pmf_plot(exact: Mapping[int, float], simulated: Mapping[int, float], lang: str = "en", title: str | None = None):
    """Bars: an exact distribution beside simulated frequencies."""
    plt = _plt()
    xs = sorted(set(exact) | set(simulated))
    fig, ax = plt.subplots(figsize=(6.4, 3.0))
    ax.bar([x - 0.2 for x in xs], [float(exact.get(x, 0)) for x in xs], width=0.4,
           label=tr("lesson.col.exact", lang))
    ax.bar([x + 0.2 for x in xs], [float(simulated.get(x, 0)) for x in xs], width=0.4,
           label=tr("lesson.col.simulated", lang))
    ax.set_xticks(xs)
    ax.set_xlabel(tr("lesson.plot.copies", lang))
    ax.set_ylabel(tr("lesson.plot.probability", lang))
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.show()
    plt.close(fig)


# ----- bot tournaments ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """A competitor: its label and how to make it (``make(seed) -> bot``)."""

    label: str
    make: Callable[[int], Any]


def bot_entry(name: str, lang: str = "en") -> Entry:
    """A registry bot (``"random"``, ``"counting"``, ``"ev"``) labelled in the lesson's language."""
    from .abracada import messages as _board_messages  # noqa: F401  (the board's names for the bot levels)

    return Entry(tr(f"abracada.board.level.{name}", lang), lambda seed, name=name: make_bot(name, seed))


@dataclass
class Result:
    label: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        return stats.wilson_interval(self.wins, self.games, confidence)


@dataclass
class Tournament:
    """Games between ``entries`` (one per seat), seats rotated every game so nobody keeps seat 0.

    Game ``g`` is ``new_game(len(entries), seed=seed + g, **options)`` and the entry in seat s is
    ``entries[(s + g) % n]``, so a tournament is reproducible and can be extended. A game won by
    several players (a shared win at the top of the tower) counts as a win for each.
    """

    entries: Sequence[Entry]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    winners: list[tuple[str, ...]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def players(self) -> int:
        return len(self.entries)

    @property
    def games(self) -> int:
        return len(self.winners)

    def run(self, games: int, progress: Any = None) -> "Tournament":
        """Play ``games`` more games; ``progress`` is an ipywidgets IntProgress (or None)."""
        n = self.players
        step = max(1, games // 50)
        start = time.perf_counter()
        first = self.games
        if progress is not None:
            progress.max = first + games
        for g in range(first, first + games):
            game = abracada.new_game(n, seed=self.seed + g, **self.options)
            seating = [self.entries[(s + g) % n] for s in range(n)]
            bots = [e.make((self.seed + g) * 10 + s) for s, e in enumerate(seating)]
            outcome = play(game, bots)
            self.winners.append(tuple(seating[w].label for w in outcome.winners))
            if progress is not None and ((g + 1 - first) % step == 0 or g + 1 == first + games):
                progress.value = g + 1
        self.seconds += time.perf_counter() - start
        return self

    def results(self) -> list[Result]:
        return [Result(e.label, sum(e.label in w for w in self.winners), self.games) for e in self.entries]

    def result(self, label: str) -> Result:
        return next(r for r in self.results() if r.label == label)

    def best(self) -> Result:
        return max(self.results(), key=lambda r: r.wins)

    def separated(self) -> bool:
        """Is the best entry's 95% interval clear of every other entry's interval?"""
        best = self.best()
        low = best.interval()[0]
        return all(r.interval()[1] < low for r in self.results() if r.label != best.label)

    def table(self, lang: str = "en") -> str:
        headers = [tr(f"lesson.col.{k}", lang) for k in ("bot", "games", "wins", "rate", "interval")]
        rows = []
        for r in self.results():
            lo, hi = r.interval()
            rows.append([r.label, r.games, r.wins, pct(r.rate, lang), f"{pct(lo, lang)} – {pct(hi, lang)}"])
        return table(headers, rows)

    def plot(self, lang: str = "en", title: str | None = None) -> None:
        """The running win rate of each entry with its 95% Wilson band: the law of large numbers."""
        import numpy as np

        plt = _plt()
        fig, ax = plt.subplots(figsize=(6.4, 3.2))
        x = np.arange(1, self.games + 1)
        for i, e in enumerate(self.entries):
            wins = np.cumsum([e.label in w for w in self.winners])
            rate = wins / x
            band = np.array([stats.wilson_interval(int(k), int(n)) for k, n in zip(wins, x)])
            ax.plot(x, rate, color=f"C{i}", lw=1.2, label=e.label)
            ax.fill_between(x, band[:, 0], band[:, 1], color=f"C{i}", alpha=0.15, lw=0)
        ax.axhline(1 / self.players, color="grey", ls=":", lw=1)
        ax.set_xscale("log")
        ax.set_ylim(0, 1)
        ax.set_xlabel(tr("lesson.plot.games", lang))
        ax.set_ylabel(tr("lesson.plot.win_rate", lang))
        if title:
            ax.set_title(title)
        ax.legend(fontsize=8, loc="upper right")
        fig.tight_layout()
        plt.show()
        plt.close(fig)


class TournamentPanel:
    """A tournament on the page: a progress bar, the results table and plot, and a button that
    plays more games (so the class can watch the intervals shrink)."""

    def __init__(self, tournament: Tournament, games: int, lang: str = "en", title: str | None = None,
                 more: int | None = None) -> None:
        import ipywidgets as ipw

        self.tournament, self.lang, self.title = tournament, lang, title
        self.more = more if more is not None else games
        self.progress = ipw.IntProgress(value=0, min=0, max=games, description=tr("lesson.progress", lang))
        self.progress.add_class("lesson-progress")
        self.status = ipw.Label("")
        self.output = ipw.Output()
        self.button = ipw.Button(description=tr("lesson.run_more", lang, games=self.more), icon="play")
        self.button.add_class("lesson-run-more")
        self.button.on_click(lambda _: self.run(self.more))
        self.widget = ipw.VBox([ipw.HBox([self.progress, self.status]), self.output, self.button])
        self.widget.add_class("lesson-tournament")
        self._first = games

    def start(self) -> "TournamentPanel":
        from IPython.display import display

        display(self.widget)
        self.run(self._first)
        return self

    def run(self, games: int) -> None:
        from IPython.display import Markdown, display

        self.button.disabled = True
        try:
            self.tournament.run(games, self.progress)
            t = self.tournament
            self.status.value = tr("lesson.progress.done", self.lang, games=t.games,
                                   seconds=decimal(t.seconds, self.lang, 1))
            self.output.clear_output(wait=True)
            with self.output:
                display(Markdown(t.table(self.lang)))
                t.plot(self.lang, self.title)
        finally:
            self.button.disabled = False
