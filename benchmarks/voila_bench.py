"""Benchmark the served pages: every gallery page against the bare page; click latency, kernel memory, bursts.

    .venv/bin/python benchmarks/voila_bench.py --gallery          # every page vs the stock bare page
    .venv/bin/python benchmarks/voila_bench.py --gallery --only 'lesson|index' --loads 3
    .venv/bin/python benchmarks/voila_bench.py            # the click/burst targets, prints a table
    .venv/bin/python benchmarks/voila_bench.py --quick    # fewer repetitions
    .venv/bin/python benchmarks/voila_bench.py --targets bare --servers stock,classroom

``--gallery``: every page the gallery links (the gallery itself, each game's play page, guide
and lessons in every language, and the teacher's class page), each opened ``--loads`` times
(median reported) in a fresh Chromium context on the classroom server, in rounds: each round
opens the stock bare-button page first, then every page once, so the yardstick and the pages
see the same machine (a shared machine's load drifts). Before each load the benchmark waits
``--gap`` seconds and then for the machine to be quiet (the previous page's kernel shut down,
the warm pool refilled: less than 15 % CPU busy, at most 30 s), so each page is timed as one
student opening it. A page is *interactive* when Voila's
loading screen is gone and its last part is drawn: the gallery's game cards, a board's Start
button, a guide's headings, a lesson's record panel (its last cell) and any sentence computed
after the page rendered, the class page's exercise section. Each page's time is split into
``html_s`` (until Voila has sent the whole page: kernel start, imports and running every cell,
which Voila does while it streams the HTML) and the rest (the browser drawing the widgets), and
the widget views on the page are counted. Results: ``artifacts/voila_gallery.json``, and a table
with each page's ratio to the bare page (target: 1.3 or less).

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
import os
import re
import secrets
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
import browser_harness as bh  # noqa: E402

LIMIT = 1.3          # issue #13: every page interactive within 1.3x the stock bare-button page


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
           click=".st-abracada .st-meter-toggle input", changes=".st-abracada .st-slot-meter",
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


# ----- every gallery page against the stock bare page ----------------------------------------------------
BOARD_PREFIX = {"abracada": "st", "runes": "sr", "amulett": "am", "spellcaster": "sc"}   # .<prefix>-start
LATER_TEXT_DONE = ("() => [...document.querySelectorAll('.lesson-later-text')].every("
                   "e => e.innerText.trim() && e.innerText.trim() !== '\u2026')")
LOADING_GONE = ("() => !document.querySelector('#loading')"
                " || getComputedStyle(document.querySelector('#loading')).display === 'none'"
                " || !document.querySelector('#loading').offsetParent")
PAGE_FACTS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return {html_ms: nav ? nav.responseEnd - nav.startTime : null,
          widgets: document.querySelectorAll('.jupyter-widgets').length,
          html_kib: nav ? nav.transferSize / 1024 : null};
}"""
TEACHER_TOKEN = secrets.token_urlsafe(24)   # a random one, as scripts/serve makes
READY_MS = 120_000          # a ceiling, not a wait: a page this slow is far over the target anyway


@dataclass(frozen=True)
class Page:
    """One page to open: its URL under voila/render/ and what is drawn last when it is ready."""
    path: str
    kind: str                        # bare, gallery, board, guide, lesson, teacher
    ready: str | None = None         # CSS selector visible once the page is interactive
    later_text: bool = False         # also wait for sentences the page computes after rendering


#: Before each gallery load: the machine's CPU (all cores) less than this busy over half a
#: second, waiting at most QUIET_CEILING seconds (see wait_until_quiet).
QUIET_BUSY = 0.15
QUIET_CEILING = 30.0
BARE_PAGE = Page("_fixtures/button.ipynb", "bare", ".fixture-button")


def gallery_pages(root: Path, languages: tuple[str, ...]) -> list[Page]:
    """Every page the gallery links, from the gallery's own index (widgets.gallery.collect)."""
    from widgets.gallery import collect

    def lesson(href: str) -> Page:
        text = (root / href).read_text()
        return Page(href, "lesson", ".st-record-panel" if "RecordPanel" in text else None,
                    later_text="lesson-later-text" in text or "later_text" in text)

    games, extra = collect(root)
    pages = [Page(f"index.ipynb?lang={lang}", "gallery", ".spelltower-gallery .gallery-game") for lang in languages]
    for game in games:
        prefix = BOARD_PREFIX.get(game["folder"])
        if game["play"]:
            pages += [Page(f"{game['play']}?lang={lang}", "board", f".{prefix}-start" if prefix else None)
                      for lang in languages]
        if game["guide"]:
            pages += [Page(f"{game['guide']}?lang={lang}&teacher={TEACHER_TOKEN}", "guide", ".spelltower-guide h2")
                      for lang in languages]                  # guides open for the teacher only
        for lang in game["lessons"]:
            pages += [lesson(href) for href, _title, _minutes in game["lessons"][lang]]
    pages += [lesson(href) for href, _title, _minutes in extra]
    pages += [Page(f"teacher.ipynb?lang={lang}&teacher={TEACHER_TOKEN}", "teacher", ".st-class .st-section-exercises")
              for lang in languages]
    return pages


async def open_timed(browser, server, page_spec: Page) -> dict:
    """Open one page in a fresh context; seconds until it is interactive, and what it took."""
    context = await browser.new_context()
    try:
        page = await context.new_page()
        t0 = time.perf_counter()
        await page.goto(server.url(f"voila/render/{page_spec.path}"), wait_until="commit", timeout=READY_MS)
        if page_spec.ready:
            await page.wait_for_selector(page_spec.ready, state="visible", timeout=READY_MS)
        if page_spec.later_text and await page.locator(".lesson-later-text").count():
            await page.wait_for_function(LATER_TEXT_DONE, timeout=READY_MS)
        await page.wait_for_function(LOADING_GONE, timeout=READY_MS)
        seconds = time.perf_counter() - t0
        facts = await page.evaluate(PAGE_FACTS)
        return {"s": seconds, "html_s": (facts["html_ms"] or 0) / 1000, "widgets": facts["widgets"]}
    finally:
        await context.close()


def _busy_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat, in clock ticks."""
    fields = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    idle = fields[3] + fields[4]                 # idle + iowait
    return sum(fields) - idle, sum(fields)


async def wait_until_quiet(settle: float, busy_below: float = QUIET_BUSY, window: float = 0.5,
                           ceiling: float = QUIET_CEILING) -> float:
    """Wait ``settle`` seconds, then until the machine is quiet (less than ``busy_below`` of its
    CPU busy over ``window`` seconds), at most ``ceiling`` seconds in all; returns the seconds waited.

    The gallery times one student opening one page. Without this, each page would be timed
    while the server still shuts down the previous page's kernel and refills its warm pool
    (a new kernel's start and imports: 2-3 CPU seconds, 5 s after the last page took one), so
    every third lesson in a row met an empty pool, which is a class arriving, not one student:
    that is ``classroom_bench.py``'s job. ``settle`` (``--gap``) covers the pool's refill delay
    (``WarmKernelManager.refill_delay``, 5 s): the machine is quiet for a moment before a refill starts.
    """
    start = time.perf_counter()
    await asyncio.sleep(settle)
    while time.perf_counter() - start < ceiling:
        b0, t0 = _busy_jiffies()
        await asyncio.sleep(window)
        b1, t1 = _busy_jiffies()
        if t1 > t0 and (b1 - b0) / (t1 - t0) < busy_below:
            break
    return time.perf_counter() - start


async def measure_gallery(browser, stock, classroom, pages: list[Page], loads: int, gap: float) -> dict:
    """``loads`` rounds; each opens the stock bare page, then every page once (see the module doc)."""
    samples: dict[str, list[dict]] = {"stock/bare": [], "classroom/bare": [], **{p.path: [] for p in pages}}
    errors: dict[str, list[str]] = {}
    plan = [("stock/bare", stock, BARE_PAGE), ("classroom/bare", classroom, BARE_PAGE)] + \
           [(p.path, classroom, p) for p in pages]
    for round_number in range(loads):
        for key, server, spec in plan:
            await wait_until_quiet(gap)
            try:
                samples[key].append(await open_timed(browser, server, spec))
            except Exception as err:   # a page that never became interactive: counted, not fatal
                errors.setdefault(key, []).append(f"{type(err).__name__}: {str(err).splitlines()[0]}")
            print(f"  round {round_number + 1}/{loads} {key}: "
                  f"{samples[key][-1]['s']:.2f} s" if samples[key] else f"  {key}: failed", file=sys.stderr, flush=True)
    bare = statistics.median(x["s"] for x in samples["stock/bare"]) if samples["stock/bare"] else None
    kinds = {p.path: p.kind for p in pages}
    out = {}
    for key, values in samples.items():
        row: dict = {"kind": kinds.get(key, "bare"), "n": len(values)}
        if values:
            row.update({"median_s": round(statistics.median(x["s"] for x in values), 2),
                        "max_s": round(max(x["s"] for x in values), 2),
                        "html_median_s": round(statistics.median(x["html_s"] for x in values), 2),
                        "widgets": values[-1]["widgets"]})
            if bare:
                row["ratio_to_bare"] = round(row["median_s"] / bare, 2)
        if key in errors:
            row["errors"] = errors[key]
        out[key] = row
    return out


def print_gallery(rows: dict, limit: float) -> None:
    print(f"{'page':58} {'median':>7} {'html':>6} {'draw':>6} {'widgets':>7} {'x bare':>7}")
    for key, r in rows.items():
        if "median_s" not in r:
            print(f"{key:58} failed: {r.get('errors')}")
            continue
        ratio = r.get("ratio_to_bare", float("nan"))
        flag = "  over" if ratio > limit else ""
        print(f"{key[:58]:58} {r['median_s']:>6.2f}s {r['html_median_s']:>5.2f}s "
              f"{r['median_s'] - r['html_median_s']:>5.2f}s {r['widgets']:>7} {ratio:>6.2f}x{flag}")
    kinds = sorted({r["kind"] for r in rows.values() if r["kind"] != "bare"})
    for kind in kinds:                       # one line per kind of page: how many are within the target
        ratios = [r["ratio_to_bare"] for r in rows.values() if r["kind"] == kind and "ratio_to_bare" in r]
        failed = sum(1 for r in rows.values() if r["kind"] == kind and "median_s" not in r)
        if ratios:
            print(f"{kind}: {len(ratios)} pages, ratio {min(ratios):.2f}-{max(ratios):.2f}x, "
                  f"{sum(x <= limit for x in ratios)} within {limit}x" + (f", {failed} failed" if failed else ""))


async def run_gallery(args) -> dict:
    from playwright.async_api import async_playwright
    with tempfile.TemporaryDirectory() as tmp:
        root = bh.make_voila_root(Path(tmp) / "notebooks")
        os.environ.setdefault("SPELLTOWER_SAVES", str(Path(tmp) / "saves"))
        os.environ["SPELLTOWER_TEACHER_TOKEN"] = TEACHER_TOKEN
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
        languages = ("en", "ru") if args.all_languages else ("en",)
        pages = [p for p in gallery_pages(root, languages) if re.search(args.only, p.path)]
        stock = bh.start_voila(root, REPO / "artifacts" / "bench-stock.log", stock=True)
        classroom = bh.start_voila(root, REPO / "artifacts" / "bench-classroom.log")
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=bh.CHROMIUM, args=bh.CHROMIUM_ARGS)
                await asyncio.sleep(args.gap)          # the preheated pool fills
                rows = await measure_gallery(browser, stock, classroom, pages, args.loads, args.gap)
                await browser.close()
        finally:
            classroom.stop()
            stock.stop()
    return rows


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
    parser.add_argument("--gallery", action="store_true", help="time every gallery page against the bare page")
    parser.add_argument("--only", default="", help="--gallery: only pages whose path matches this regex")
    parser.add_argument("--all-languages", action="store_true",
                        help="--gallery: pages chosen by ?lang= in every language, not only English "
                        "(lessons come in every language anyway: each is its own notebook)")
    parser.add_argument("--limit", type=float, default=LIMIT, help="the target ratio to the bare page")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))     # stop the servers on the way out
    if args.gallery:
        rows = asyncio.run(run_gallery(args))
        print_gallery(rows, args.limit)
        out = REPO / "artifacts" / "voila_gallery.json"
        out.parent.mkdir(exist_ok=True)
        machine = {"cores": os.cpu_count(), "load_average_at_end": [round(x, 1) for x in os.getloadavg()]}
        out.write_text(json.dumps({"loads": args.loads, "limit": args.limit, "machine": machine, "pages": rows}, indent=2))
        print(f"\nwritten to {out.relative_to(REPO)}")
        return
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
