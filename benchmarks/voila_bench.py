"""Benchmark the served pages: load-to-playable, click latency, kernel memory, 10 pages at once.

    .venv/bin/python benchmarks/voila_bench.py            # all targets, prints a table
    .venv/bin/python benchmarks/voila_bench.py --quick    # fewer repetitions
    .venv/bin/python benchmarks/voila_bench.py --targets bare --servers stock,classroom

Servers, each a real Voila on a free loopback port serving a copy of notebooks/ plus the test
fixtures (tests/browser/browser_harness.py starts them exactly as the browser tests do):

* ``stock``: bare ``voila`` with no configuration at all (what ``pip install voila`` gives);
* ``classroom``: ``scripts/serve``, i.e. jupyter_config/ (TCP_NODELAY websockets, kernels freed
  on close, pre-heated play pages, no CDN).

Targets are pages with a selector meaning "playable" and, optionally, a button to click and an
element whose text each click changes. Adding a page is one :class:`Target` line.

Figures, per server and target:

* load: wall time from navigation start to the ready selector being visible (median of N loads,
  each in a fresh browser context; play pages on ``classroom`` get a pre-heated kernel when the
  pool has refilled, so loads are spaced by ``--gap`` seconds);
* click: click-to-update measured inside the page (performance.now around button.click() and
  the DOM mutation), median and p95 over ``--clicks`` clicks;
* RSS: resident memory of the kernel process each open page holds;
* burst: ``--pages`` pages opened at once; wall time until all are playable (and one click on
  each works), the CPU time the server process and the kernels used meanwhile ("share" = CPU
  seconds / wall seconds; 2 cores means at most 200 %), and kernels still running 15 s after
  the pages were closed.

Results are printed and written to artifacts/voila_bench.json.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
import browser_harness as bh  # noqa: E402


@dataclass(frozen=True)
class Target:
    name: str
    path: str                   # under the served folder (a copy of notebooks/, fixtures in _fixtures/)
    ready: str                  # CSS selector visible once the page is playable
    click: str | None = None    # a button whose click ...
    changes: str | None = None  # ... changes this element's text
    servers: tuple[str, ...] = ("stock", "classroom")
    start: str | None = None    # clicked once when ready (a set-up form's Start button) ...
    playing: str | None = None  # ... and then this is visible: the page is playable


TARGETS = [
    Target("bare", "_fixtures/button.ipynb", ready=".fixture-button",
           click=".fixture-button", changes=".fixture-label"),
    # The Abracada board: playable once Start on its set-up form has dealt a game. Each click on
    # the deduction-meter toggle is a full round trip: the kernel recomputes the exact
    # deduction from the seat's view and re-renders the board.
    Target("abracada", "abracada/play.ipynb", ready=".st-abracada .st-start",
           start=".st-abracada .st-start", playing=".st-abracada.st-playing .st-spell-8",
           click=".st-abracada .st-meter-toggle input", changes=".st-abracada .st-meter",
           servers=("classroom",)),
]


def _ms(values):
    return {"median_ms": round(statistics.median(values), 1), "p95_ms": round(bh.percentile(values, 95), 1),
            "n": len(values)}


async def _open(browser, server, target, timeout_ms=120_000):
    context = await browser.new_context()
    page = await context.new_page()
    t0 = time.perf_counter()
    await page.goto(server.url(f"voila/render/{target.path}"), wait_until="commit", timeout=timeout_ms)
    await page.wait_for_selector(target.ready, state="visible", timeout=timeout_ms)
    if target.start:
        await page.click(target.start, timeout=timeout_ms)
        await page.wait_for_selector(target.playing, state="visible", timeout=timeout_ms)
    return context, page, time.perf_counter() - t0


async def _click_once(page, target):
    times = await page.evaluate(bh.CLICK_ROUNDTRIPS_JS, [target.click, target.changes, 1, 0])
    return times[0]


async def measure_loads_and_clicks(browser, server, target, loads, clicks, gap):
    load_times, rss, click_times = [], [], []
    for i in range(loads):
        before = server.kernel_pids()
        context, page, seconds = await _open(browser, server, target)
        load_times.append(seconds * 1000)
        rss += list(bh.kernel_rss(server.kernel_pids() - before).values())
        if target.click and i == 0:
            await page.evaluate(bh.CLICK_ROUNDTRIPS_JS, [target.click, target.changes, 5, 20])  # warm-up
            click_times = await page.evaluate(bh.CLICK_ROUNDTRIPS_JS, [target.click, target.changes, clicks, 20])
        await context.close()
        await asyncio.sleep(gap)
    out = {"load": _ms(load_times)}
    if rss:
        out["kernel_rss_mib"] = round(statistics.median(rss) / 2**20, 1)
    if click_times:
        out["click"] = _ms(click_times)
    return out


def _cpu_seconds(pids):
    import psutil
    total = 0.0
    for pid in pids:
        try:
            t = psutil.Process(pid).cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


async def measure_burst(browser, server, target, pages):
    import psutil
    server_proc = psutil.Process(server.pid)
    before_kernels = server.kernel_pids()
    server_cpu0 = sum(server_proc.cpu_times()[:2])
    t0 = time.perf_counter()
    attempts = await asyncio.gather(*[_open(browser, server, target, timeout_ms=180_000) for _ in range(pages)],
                                    return_exceptions=True)
    opened = [a for a in attempts if not isinstance(a, BaseException)]
    usable = None
    if target.click and opened:
        clicks = await asyncio.gather(*[_click_once(page, target) for _, page, _ in opened], return_exceptions=True)
        usable = sum(not isinstance(c, BaseException) for c in clicks)
    wall = time.perf_counter() - t0
    kernels = server.kernel_pids() - before_kernels
    server_cpu = sum(server_proc.cpu_times()[:2]) - server_cpu0
    kernel_cpu = _cpu_seconds(kernels)
    rss = bh.kernel_rss(kernels)
    for context in browser.contexts:
        await context.close()
    await asyncio.sleep(15)
    left = len(server.kernel_pids() & kernels)
    return {
        "pages": pages, "playable": len(opened), "clicked_ok": usable,
        "all_playable_s": round(wall, 2) if len(opened) == pages else None,
        "slowest_page_s": round(max((s for _, _, s in opened), default=float("nan")), 2),
        "server_cpu_s": round(server_cpu, 2), "server_share_pct": round(100 * server_cpu / wall),
        "kernels_cpu_s": round(kernel_cpu, 2), "kernels_share_pct": round(100 * kernel_cpu / wall),
        "kernels_rss_total_mib": round(sum(rss.values()) / 2**20),
        "kernels_left_15s_after_close": left,
    }


async def run(args):
    from playwright.async_api import async_playwright
    targets = [t for t in TARGETS if t.name in args.targets]
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = bh.make_voila_root(Path(tmp) / "notebooks")
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=bh.CHROMIUM, args=bh.CHROMIUM_ARGS)
            for kind in args.servers:
                wanted = [t for t in targets if kind in t.servers]
                if not wanted:
                    continue
                server = bh.start_voila(root, REPO / "artifacts" / f"bench-{kind}.log", stock=(kind == "stock"))
                try:
                    await asyncio.sleep(args.gap)  # let pre-heated pools fill
                    for target in wanted:
                        key = f"{kind}/{target.name}"
                        print(f"measuring {key} ...", file=sys.stderr, flush=True)
                        results[key] = r = {}
                        try:
                            r.update(await measure_loads_and_clicks(browser, server, target, args.loads,
                                                                    args.clicks, args.gap))
                            r["burst"] = await measure_burst(browser, server, target, args.pages)
                        except Exception as err:  # report what was measured, and why the rest was not
                            r["error"] = f"{type(err).__name__}: {str(err).splitlines()[0]}"
                        r["server_rss_mib"] = round(__import__("psutil").Process(server.pid).memory_info().rss / 2**20)
                        print(json.dumps({key: r}), file=sys.stderr, flush=True)
                finally:
                    server.stop()
            await browser.close()
    return results


def print_table(results):
    print(f"{'server/target':22} {'load med':>9} {'load p95':>9} {'click med':>10} {'click p95':>10} "
          f"{'kernel RSS':>11} | burst: {'pages':>5} {'all ready':>9} {'server CPU':>11} {'kernels CPU':>12} {'left':>5}")
    for key, r in results.items():
        if "burst" not in r:
            print(f"{key:22} {json.dumps(r)}")
            continue
        click = r.get("click", {})
        b = r["burst"]
        print(f"{key:22} {r['load']['median_ms']:>7.0f}ms {r['load']['p95_ms']:>7.0f}ms "
              f"{click.get('median_ms', float('nan')):>8.1f}ms {click.get('p95_ms', float('nan')):>8.1f}ms "
              f"{r.get('kernel_rss_mib', float('nan')):>7.1f}MiB | {b['playable']:>9}/{b['pages']:<2} {b['all_playable_s'] or float('nan'):>8.1f}s "
              f"{b['server_cpu_s']:>5.1f}s {b['server_share_pct']:>3}% {b['kernels_cpu_s']:>6.1f}s {b['kernels_share_pct']:>3}% "
              f"{b['kernels_left_15s_after_close']:>5}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", default=",".join(t.name for t in TARGETS))
    parser.add_argument("--servers", default="stock,classroom")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--gap", type=float, default=6.0, help="seconds between loads (pool refill)")
    parser.add_argument("--quick", action="store_true", help="3 loads, 50 clicks, 2 s gaps")
    args = parser.parse_args(argv)
    if args.quick:
        args.loads, args.clicks, args.gap = 3, 50, 2.0
    args.targets = args.targets.split(",")
    args.servers = args.servers.split(",")
    results = asyncio.run(run(args))
    print_table(results)
    out = REPO / "artifacts" / "voila_bench.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"targets": [asdict(t) for t in TARGETS], "results": results}, indent=2))
    print(f"\nwritten to {out.relative_to(REPO)}")


if __name__ == "__main__":
    main()
