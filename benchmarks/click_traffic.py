"""What one student's click on the Abracada board costs the kernel, measured in-process.

    .venv/bin/python benchmarks/click_traffic.py                  # 300 clicks, 4 players, EV bots
    .venv/bin/python benchmarks/click_traffic.py --clicks 100 --by-widget

The board of the play page (4 players, the student at seat 0, EV bots, autosave on) is built
with a recording comm in place of the kernel's (``tests/widgets/widget_page.Traffic``), under a
running asyncio loop with a short bot pause, so that bots move in their own scheduled steps as
on the server. A student clicks like ``benchmarks/classroom_bench.py``'s students: Next round
when a round is over, else a random enabled spell, or End turn (30 %). Reported, as medians and
p95 per click:

* ``click``: the widget messages (and their data bytes as JSON; the page also gets a Jupyter
  header of a few hundred bytes per message) sent between the click and the click's idle;
* ``bot_step``: the same for each scheduled bot move;
* ``cycle_cpu_ms``: the kernel's CPU for one click and the bot moves that answer it;
* ``cycle_messages``: the widget messages of one click and the bot moves that answer it (what
  the server relays per click; with ``--by-widget``, the bot moves' share per widget).

The classroom benchmark's ``student_click_messages`` / ``student_click_kib`` count the same
``click`` messages on the wire (headers included).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "widgets"))

from widget_page import Traffic, click  # noqa: E402

BOT_PAUSE = 0.0005       # s: bots still move one scheduled step at a time, as on the server


def _stats(values: list[float]) -> dict:
    values = sorted(values)
    return {"mean": statistics.fmean(values), "median": statistics.median(values),
            "p95": values[min(len(values) - 1, int(0.95 * len(values)))], "max": values[-1]}


def _names(board) -> dict[int, str]:
    """id(widget) -> the board attribute holding it (``_seats[1]``, ``_spells[3]``, ``_end.layout``)."""
    import ipywidgets as ipw
    out: dict[int, str] = {}

    def add(name: str, w) -> None:
        if isinstance(w, ipw.Widget) and id(w) not in out:
            out[id(w)] = name
            for sub in ("layout", "style"):
                if isinstance(getattr(w, sub, None), ipw.Widget):
                    add(f"{name}.{sub}", getattr(w, sub))

    for attr, value in vars(board).items():
        if isinstance(value, (list, tuple)):
            for i, w in enumerate(value):
                add(f"{attr}[{i}]", w)
        elif isinstance(value, dict):
            for k, w in value.items():
                add(f"{attr}[{k}]", w)
        else:
            add(attr, value)
    return out


async def _bots_done(board) -> None:
    while board._pending is not None:
        await asyncio.sleep(BOT_PAUSE * 2)


async def run(args) -> dict:
    import ipywidgets as ipw
    from widgets import AbracadaBoard

    rng = random.Random(args.seed)
    clicks, bots, cpu = [], [], []
    per_widget: Counter = Counter()
    per_widget_messages: Counter = Counter()
    bot_widget_messages: Counter = Counter()
    cycles: list[int] = []                        # messages of a click and the bot moves that answer it
    with tempfile.TemporaryDirectory() as saves, Traffic() as traffic:
        board = AbracadaBoard(players=4, seat=0, bots="ev", bot_delay=BOT_PAUSE, saves_dir=saves)
        step, counting = board._bot_step, [False]

        def counted_step(token: int) -> None:     # each scheduled bot move's messages on their own
            step(token)
            if counting[0]:
                sent = traffic.take()
                bots.append(sent)
                cycles[-1] += len(sent)
                names = _names(board)
                for cid, _kind, _data, _size in sent:
                    bot_widget_messages[names.get(id(registry.get(cid)), "?")] += 1
        board._bot_step = counted_step
        registry = ipw.widgets.widget._instances
        while len(clicks) < args.clicks:
            game = board.game
            if game is None or game.is_over:      # a new game: not a timed click
                if game is not None:
                    click(board._new)
                click(board._form.start)
                await _bots_done(board)
                traffic.take()
                continue
            if game.phase == "round_over":
                target = board._next
            else:
                spells = [b for b in board._spells.values() if not b.disabled]
                end = not board._end.disabled and (not spells or rng.random() < 0.3)
                target = board._end if end else rng.choice(spells)
            c0 = time.process_time()
            click(target)
            sent = traffic.take()
            clicks.append(sent)
            cycles.append(len(sent))
            counting[0] = True
            names = _names(board)
            for cid, _kind, _data, size in sent:
                per_widget[names.get(id(registry.get(cid)), "?")] += size
                per_widget_messages[names.get(id(registry.get(cid)), "?")] += 1
            await _bots_done(board)
            counting[0] = False
            cpu.append(1000 * (time.process_time() - c0))
    n = len(clicks)
    out = {
        "clicks": n,
        "click_messages": _stats([len(m) for m in clicks]),
        "click_kib": _stats([Traffic.size(m) / 1024 for m in clicks]),
        "bot_step_messages": _stats([len(m) for m in bots]),
        "bot_step_kib": _stats([Traffic.size(m) / 1024 for m in bots]),
        "cycle_cpu_ms": _stats(cpu),
        "cycle_messages": _stats(cycles),
    }
    if args.by_widget:
        out["click_by_widget"] = {k: f"{per_widget_messages[k] / n:.2f} messages, {v / 1024 / n:.2f} KiB"
                                  for k, v in per_widget.most_common(24)}
        out["cycle_bot_messages_by_widget"] = {k: round(v / n, 2) for k, v in bot_widget_messages.most_common(24)}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--by-widget", action="store_true", help="the click's KiB per widget (mean per click)")
    args = parser.parse_args(argv)
    out = asyncio.run(run(args))
    print(json.dumps(out, indent=1, default=lambda x: round(x, 2)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
