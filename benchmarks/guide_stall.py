"""Reproduce the intermittent Voila stall of issue #13.4: the accessibility test's first pages,
on a fresh ``scripts/serve`` server each round.

    .venv/bin/python benchmarks/guide_stall.py --rounds 10            # run beside one CPU hog
    python3 -c 'while True: pass' &                                   # e.g. (stop it by its pid)

Each round opens, each in a new Chromium context: the gallery (en, ru), ``<game>/play.ipynb``
(en, ru: Start, axe-core, close), then ``<game>/guide.ipynb`` (en, ru), and times each guide
until its text shows. A guide not shown within ``--stall`` seconds is counted as a stall (the
page's loading text and the newest kernel are printed; with ``--diagnose DIR``, a folder holding
a ``sitecustomize.py`` that dumps stacks on SIGUSR2/SIGWINCH, the kernel and the server are
signalled). At the end it prints the guides' times, the stalls, and the server log lines of
``widgets.serving.WatchfulKernelClient`` (a lost shell wake-up read late, a stand-in reply) and of
kernels that died at start: the signs of the two causes found (see the report in the commit).
"""
import argparse, os, signal, sys, time, tempfile, secrets, json
from pathlib import Path
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))
import browser_harness as bh
import psutil
from playwright.sync_api import sync_playwright, TimeoutError as PWTimeout

ap = argparse.ArgumentParser()
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("--stall", type=float, default=60.0)
ap.add_argument("--ceiling", type=float, default=150.0)
ap.add_argument("--game", default="abracada")
ap.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "guide-stall"))
ap.add_argument("--diagnose", default="", help="folder with a diagnostic sitecustomize.py")
ap.add_argument("--no-axe", action="store_true")
ap.add_argument("--extra", nargs="*", default=[])
ap.add_argument("--budget", type=float, default=520.0, help="stop starting rounds after this many s")
args = ap.parse_args()
out = Path(args.out); out.mkdir(parents=True, exist_ok=True)
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["PYTHONPATH"] = os.pathsep.join([p for p in (args.diagnose, str(REPO)) if p])
PREFIX = {"abracada": "st", "runes": "sr", "amulett": "am", "spellcaster": "sc"}[args.game]
LOGFMT = "--Voila.log_format=[%(name)s %(asctime)s.%(msecs)03d]%(highlevel)s %(message)s"
results = []
start = time.monotonic()

def run_round(r, browser):
    os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="stall-saves-")
    os.environ["SPELLTOWER_TEACHER_TOKEN"] = secrets.token_urlsafe(24)
    root = bh.make_voila_root(Path(tempfile.mkdtemp(prefix="stall-root-")) / "notebooks")
    log = out / f"voila-{r}.log"
    server = bh.start_voila(root, log, extra_args=[
        f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}", LOGFMT, *args.extra])

    def mark(msg):
        line = f"#### {time.strftime('%H:%M:%S')} {msg}"
        print(line, flush=True)
        with open(log, "a") as f:
            f.write(line + "\n")

    def newest_kernel():
        procs = []
        for p in server.kernel_pids():
            try:
                procs.append(psutil.Process(p))
            except psutil.NoSuchProcess:
                pass
        return max(procs, key=lambda p: p.create_time()).pid if procs else None

    def axe(pg):
        if not args.no_axe:
            pg.add_script_tag(path=str(AXE))
            pg.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations.length")

    def page(path, ready, start_sel=None, playing=None, timed=False, lang="en"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.set_default_timeout(240_000)
        pg = ctx.new_page()
        t0 = time.monotonic()
        mark(f"round {r} open {path}")
        pg.goto(server.url(f"voila/render/{path}"), wait_until="commit")
        stalled = False
        try:
            pg.wait_for_selector(ready, state="visible", timeout=(args.stall if timed else 240) * 1000)
        except PWTimeout:
            stalled = True
            text = pg.evaluate("() => (document.getElementById('loading_text')||{}).innerText || ''")
            kpid = newest_kernel()
            mark(f"STALL round {r} {path}: loading text {text!r}, newest kernel pid {kpid}")
            if args.diagnose:
                for pid in (kpid, server.pid):
                    if pid:
                        os.kill(pid, signal.SIGUSR2)
                        time.sleep(0.5)
                        os.kill(pid, signal.SIGWINCH)
                time.sleep(2)
            try:
                pg.wait_for_selector(ready, state="visible", timeout=(args.ceiling - args.stall) * 1000)
                mark(f"round {r} {path} recovered after {time.monotonic()-t0:.1f}s")
            except PWTimeout:
                mark(f"round {r} {path} NEVER within {args.ceiling}s")
        if start_sel and not stalled:
            pg.click(start_sel)
            pg.wait_for_selector(playing, state="visible")
        dt = time.monotonic() - t0
        if not stalled:
            axe(pg)
        mark(f"round {r} {path} ready after {dt:.1f}s stalled={stalled}; closing")
        ctx.close()
        return dt, stalled

    try:
        for lang in ("en", "ru"):
            page(f"index.ipynb?lang={lang}", ".spelltower-gallery .gallery-game")
        for lang in ("en", "ru"):
            page(f"{args.game}/play.ipynb?lang={lang}", f".{PREFIX}-start", f".{PREFIX}-start", f".{PREFIX}-playing")
        for lang in ("en", "ru"):
            # Guides open for the teacher only: the teacher link, as the class page's.
            dt, stalled = page(f"{args.game}/guide.ipynb?lang={lang}&teacher={os.environ['SPELLTOWER_TEACHER_TOKEN']}",
                               ".spelltower-guide h2", timed=True)
            results.append({"round": r, "lang": lang, "seconds": round(dt, 1), "stalled": stalled})
    finally:
        server.stop()

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path=bh.CHROMIUM, args=bh.CHROMIUM_ARGS)
    for r in range(args.rounds):
        if time.monotonic() - start > args.budget:
            break
        try:
            run_round(r, browser)
        except Exception as e:
            print("round failed:", type(e).__name__, str(e)[:300], flush=True)
        (out / "results.json").write_text(json.dumps(results, indent=1))
    browser.close()
signs = []
for log in sorted(out.glob("voila-*.log")):
    signs += [f"{log.name}: {line.strip()[:200]}" for line in log.read_text(errors="replace").splitlines()
              if any(s in line for s in ("no execute_reply", "without waking", "Address already in use",
                                         "died, removing from map"))]
print(json.dumps(results))
print("guide seconds:", sorted(r["seconds"] for r in results))
print("stalls:", sum(r["stalled"] for r in results), "of", len(results), "guide pages")
print("server log signs:", len(signs))
print("\n".join(signs))
