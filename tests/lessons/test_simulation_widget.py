"""widgets.simulation: "Run 100,000 more" through the batch simulators (issues #14.4 and #13.2).

Every press runs exactly ``batch`` more samples through the batch simulator (spied on, so the
count is the simulator's, not the widget's own bookkeeping); Stop stops a run in its thread; the
exact values on the page are the library's and agree with an independent count (math.comb,
or the Markov chain against brute-force enumeration in the Runes tests); and a seeded run's
frequencies land within 4 standard errors of the exact values.
"""
from __future__ import annotations

import math
import re
import threading
from fractions import Fraction

import numpy as np
import pytest

from lesson_cells import live_runs
from test_every_exercise import NOTEBOOKS
from towerlib.abracada import batch
from towerlib.abracada import rules as R
from widgets.simulation import RUN_MORE, BatchTournament, Frequencies, frequency_run

SIGMAS = 4          # tolerance: |simulated - exact| <= 4 standard errors (a false alarm ~6e-5 per event)


def counted_rounds(monkeypatch) -> list[int]:
    """Spy on the batch simulator: the sizes it was asked to play."""
    calls: list[int] = []
    original = batch.simulate_rounds

    def spy(games, *args, **kwargs):
        calls.append(games)
        return original(games, *args, **kwargs)

    monkeypatch.setattr(batch, "simulate_rounds", spy)
    return calls


def cells(html: str) -> list[list[str]]:
    rows = [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", html)]
    return [r for r in rows if r]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lesson5_button_runs_100000_more_rounds_of_the_batch_simulator_each_press(lang, monkeypatch):
    path = NOTEBOOKS / "abracada" / ("ru" if lang == "ru" else "") / "05_let_the_bots_play.ipynb"
    calls = counted_rounds(monkeypatch)
    coin = live_runs(path, monkeypatch)[1]
    assert calls == [] and coin.frequencies.samples == 0, "nothing is simulated while the page renders"
    assert RUN_MORE == 100_000 and coin.batch == RUN_MORE
    assert re.search(r"100[ ,\u00a0]000", coin.start_button.description), coin.start_button.description
    freq = coin.frequencies
    # The exact values shown are the library's, and equal an independent count with math.comb.
    for v in R.SPELLS:
        label = next(k for k in freq.labels if k.startswith(f"{v} "))
        assert freq.exact[label] == Fraction(math.comb(36, 5) - math.comb(36 - v, 5), math.comb(36, 5))
    for pressed in (1, 2):
        coin.start()                                  # the button's own handler: a thread
        coin.wait(300)
        assert coin.error is None and not coin.running
        assert sum(calls) == pressed * RUN_MORE and coin.done == freq.samples == pressed * RUN_MORE
        assert sum(freq.trials.values()) == pressed * RUN_MORE      # every round opens with one cast
        assert coin.progress.value == coin.progress.max == pressed * RUN_MORE
    assert "more" in coin.start_button.description or "ещё" in coin.start_button.description
    rows = cells(coin.text.value)
    assert len(rows) == len(R.SPELLS)
    for row, label in zip(rows, freq.labels):
        exact, n = freq.exact[label], freq.trials[label]
        assert row[0] == label and f"{exact.numerator}/{exact.denominator}" in row[3]
        se = math.sqrt(float(exact) * (1 - float(exact)) / n)
        assert abs(freq.hits[label] / n - float(exact)) <= SIGMAS * se, (label, freq.hits[label], n)
        shown = float(row[2].replace(",", "."))
        assert abs(shown - freq.hits[label] / n) < 1e-4
    assert bytes(coin.image.value).startswith(b"\x89PNG")


def test_stop_stops_a_batch_run_and_press_again_continues(monkeypatch):
    gate, seen = threading.Event(), []

    def simulate(n, rng):
        gate.wait(10)
        seen.append(n)
        hits = int((rng.random(n) < 0.25).sum())
        return {"quarter": (hits, n)}

    live = frequency_run(simulate, {"quarter": Fraction(1, 4)}, "en", unit="turns", batch=50_000, chunk=5_000)
    live.start()
    assert live.running and not live.stop_button.disabled
    live.stop()
    gate.set()
    live.wait(30)
    assert not live.running and 0 < live.done < 50_000 and live.done == sum(seen) == live.frequencies.samples
    assert "Stopped after" in live.status.value
    before = live.done
    live.run()                                        # "Run 50,000 more turns": the totals grow
    assert live.done == before + 50_000 == live.frequencies.samples
    assert "more turns" in live.start_button.description


def test_frequencies_refuse_a_batch_that_counts_other_events_or_impossible_counts():
    freq = Frequencies({"a": Fraction(1, 2)})
    with pytest.raises(ValueError, match="exactly the events"):
        freq.add({"b": (1, 2)}, 2)
    with pytest.raises(ValueError, match="3 hits in 2"):
        freq.add({"a": (3, 2)}, 2)
    assert freq.samples == 0 and freq.hits == {"a": 0}
    freq.add({"a": (1, 4)}, 4)
    assert freq.rate("a") == 0.25 and freq.gaps() == {"a": -0.25}
    assert freq.band("a") == pytest.approx(1.959964 * math.sqrt(0.25 / 4), rel=1e-5)
    assert "−0.250" in freq.table() and "0.500" in freq.table()


def test_the_figure_keeps_its_legend_outside_both_panels():
    freq = Frequencies({"a": Fraction(1, 3), "b": Fraction(2, 3)})
    rng = np.random.default_rng(1)
    for n in (100, 200, 400):
        freq.add({"a": (int((rng.random(n) < 1 / 3).sum()), n), "b": (int((rng.random(n) < 2 / 3).sum()), n)}, n)
    fig = freq.figure()
    fig.canvas.draw()
    legend = fig.legends[0].get_window_extent()
    assert all(legend.x0 >= ax.get_window_extent().x1 for ax in fig.axes), "the legend covers a panel"


def test_batch_tournament_reads_like_the_engine_tournament_and_restarts_on_a_new_seed():
    t = BatchTournament([("r", "random"), ("c", "counting"), ("e", "ev")], seed=3)
    t.run(30).run(30)
    assert t.games == 60 and t.winners.shape == (60, 3)
    assert [r.games for r in t.results()] == [60, 60, 60]
    assert sum(r.wins for r in t.results()) >= 60                     # a shared win counts for each
    assert t.best().label == "e" and "| e | 60 |" in t.table()
    again = BatchTournament([("r", "random"), ("c", "counting"), ("e", "ev")], seed=3).run(30).run(30)
    assert np.array_equal(again.winners, t.winners), "the same seed and presses give the same games"
    t.seed, t.winners = 4, []
    assert t.games == 0
    t.run(60)
    assert not np.array_equal(again.winners, t.winners)
    with pytest.raises(ValueError):
        t.winners = [1]
    fig = t.figure("en", total=100)
    assert fig.axes[0].get_xlim()[1] == 100


def test_a_custom_figure_shows_its_exact_part_before_the_first_press():
    from widgets.lessons import new_figure

    def bars(freq):
        fig, ax = new_figure()
        ax.bar([0], [float(freq.exact["half"])])
        if freq.samples:
            ax.plot([0], [freq.rate("half")], "k_")
        ax.set_title("half")
        return fig

    def simulate(n, rng):
        return {"half": (int((rng.random(n) < 0.5).sum()), n)}

    live = frequency_run(simulate, {"half": Fraction(1, 2)}, "en", unit="turns", batch=1_000, chunk=500,
                         figure=bars, show_table=False)
    live.idle_drawn.join(60)
    assert live.done == 0 and bytes(live.image.value).startswith(b"\x89PNG") and "half" in live.image.alt
    idle = bytes(live.image.value)
    live.run()
    assert live.frequencies.samples == 1_000 and bytes(live.image.value) != idle
    assert "<table" not in live.text.value and "1,000" in live.text.value


def test_the_vectorised_wilson_band_is_the_library_interval():
    from towerlib import stats
    from widgets.simulation import wilson_bands

    wins = np.array([0, 1, 5, 50, 99, 100, 3])
    games = np.array([1, 10, 10, 100, 100, 100, 7])
    lo, hi = wilson_bands(wins, games)
    for k, n, a, b in zip(wins, games, lo, hi):
        assert (a, b) == pytest.approx(stats.wilson_interval(int(k), int(n)), abs=1e-12), (k, n)
