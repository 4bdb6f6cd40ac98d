"""Real servers and a real Chromium for the browser tests and ``benchmarks/voila_bench.py``.

Nothing here is pytest-specific, so the benchmark drives exactly the servers the tests drive:

* :func:`start_voila` runs ``scripts/serve`` itself (so the tests see the classroom's
  configuration, not a copy of it) on a free loopback port; ``stock=True`` runs bare ``voila``
  with no configuration at all, for comparisons.
* :func:`start_jupyter` runs a Jupyter server (``jupyter lab`` or ``jupyter server``) through
  ``binder/start``, i.e. configured as on Binder.
* :func:`kernel_pids` and :func:`nodelay_states` look at a server from outside: its kernel
  child processes, and ``TCP_NODELAY`` on its accepted sockets (copied out of the server with
  ``pidfd_getfd``, so the test sees the option the kernel really has, not what the code meant).
* :data:`CLICK_ROUNDTRIPS_JS` times click-to-update inside the page, without Playwright's own
  per-action overhead.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = "/usr/bin/chromium"
# Playwright cannot download its own browser here; Debian's chromium is driven with these flags.
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
    "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
]
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
ANSWER_MS = 120_000  # ms, a ceiling for a kernel's answer to a click (a wait that ends when it comes; the machine may be busy)
START_TIMEOUT = 180.0  # seconds, a ceiling: the server answers as soon as it is up (the 2-core CI machine is shared)
# The test server's ClassroomKernelConnection.shutdown_delay: short, to keep the suite fast (the
# configured 10 s is checked in tests/test_setup_config.py); all else comes from jupyter_config/.
TEST_SHUTDOWN_DELAY = 2.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def is_loopback_url(url: str) -> bool:
    """True for URLs that never leave the machine: loopback hosts and in-page data/blob URLs."""
    if url.startswith(("data:", "blob:", "about:")):
        return True
    from urllib.parse import urlsplit
    host = urlsplit(url).hostname or ""
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")


@dataclass
class Server:
    """A server process we started: its URL, its log, and how to stop it (and only it)."""

    name: str
    proc: subprocess.Popen
    port: int
    log_path: Path
    base_path: str = "/"
    _kernels_seen: set[int] = field(default_factory=set)

    @property
    def pid(self) -> int:
        """The server's own process. ``scripts/serve`` runs voila as its child (and stays, to
        remove the teacher token's file when voila ends), so that is the child called voila."""
        import psutil
        try:
            for child in psutil.Process(self.proc.pid).children():
                if any(Path(part).name == "voila" for part in child.cmdline()[:2]):
                    return child.pid
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            pass
        return self.proc.pid

    def url(self, path: str = "") -> str:
        """Absolute URL of ``path``. JupyterLab pages (``lab/...``) get ``reset``: Lab reopens the
        tabs its server saved for the previous page (other tests' notebooks) otherwise."""
        path = path.lstrip("/")
        if self.name == "jupyter lab" and path.startswith("lab") and "reset" not in path:
            path += ("&" if "?" in path else "?") + "reset"
        return f"http://127.0.0.1:{self.port}{self.base_path}{path}"

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def kernel_pids(self) -> set[int]:
        pids = kernel_pids(self.pid)
        self._kernels_seen |= pids
        return pids

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM the server (it shuts its kernels down), then kill any kernel it left behind."""
        self.kernel_pids()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        for pid in self._kernels_seen:  # only kernels this server started
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _wait_until_ready(server: Server, probe_path: str, timeout: float = START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    url = server.url(probe_path)
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"{server.name} exited with {server.proc.returncode}:\n{server.log_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        time.sleep(0.25)
    server.stop()
    raise RuntimeError(f"{server.name} not ready at {url} after {timeout:.0f}s:\n{server.log_text()[-4000:]}")


def _spawn(name: str, argv: list[str], env: dict, cwd: Path, log_path: Path, port: int,
           probe_path: str, base_path: str = "/") -> Server:
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "wb")
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    log.close()
    server = Server(name, proc, port, log_path, base_path)
    _wait_until_ready(server, probe_path)
    return server


def _bin_dir() -> str:
    return str(Path(sys.executable).parent)


def start_voila(root: Path, log_path: Path, *, stock: bool = False, extra_args: list[str] = (),
                port: int | None = None) -> Server:
    """Voila serving ``root`` on a free port: via ``scripts/serve``, or bare voila if ``stock``.

    The stock server runs from an empty working directory with no Jupyter config path, so none
    of the repository's configuration reaches it.
    """
    port = port or free_port()
    env = {**os.environ, "PATH": _bin_dir() + os.pathsep + os.environ.get("PATH", "")}
    if stock:
        for var in ("JUPYTER_CONFIG_PATH", "JUPYTER_PATH", "SPELLTOWER_PORT", "SPELLTOWER_ROOT"):
            env.pop(var, None)
        cwd = Path(tempfile.mkdtemp(prefix="voila-stock-"))
        argv = [str(Path(_bin_dir()) / "voila"), "--no-browser", "--Voila.ip=127.0.0.1",
                f"--port={port}", str(root), *extra_args]
    else:
        env.update(SPELLTOWER_SKIP_SETUP="1", SPELLTOWER_PORT=str(port), SPELLTOWER_ROOT=str(root))
        # No "pick a nickname" card over every page of every new browser unless a test asks for
        # it (tests/browser/test_nickname_first.py); the benchmarks' pages go straight to the board.
        env.setdefault("SPELLTOWER_NICKNAME_FIRST", "0")
        cwd = REPO
        argv = ["bash", str(REPO / "scripts" / "serve"), *extra_args]
    return _spawn("voila (stock)" if stock else "voila", argv, env, cwd, log_path, port, "voila/static/voila.js")


def start_jupyter(root: Path, log_path: Path, *, app: str = "lab", bin_dir: str | None = None,
                  start_script: Path = REPO / "binder" / "start") -> Server:
    """A Jupyter server (``jupyter lab`` or ``jupyter server``) configured as on Binder, no token."""
    port = free_port()
    bin_dir = bin_dir or _bin_dir()
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    env.pop("JUPYTER_CONFIG_PATH", None)
    env.pop("JUPYTER_PATH", None)
    argv = ["bash", str(start_script), str(Path(bin_dir) / "jupyter"), app, "--no-browser",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}"]
    if os.geteuid() == 0:  # CI runs as root; Binder does not
        argv.append("--ServerApp.allow_root=True")
    if app == "lab":
        # No news or update checks (no internet); window.jupyterapp lets tests run Lab commands.
        # Fresh workspace and settings: Lab would otherwise reopen the tabs of earlier runs.
        state = Path(tempfile.mkdtemp(prefix="lab-state-"))
        argv += ["--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                 "--LabApp.expose_app_in_browser=True", f"--LabApp.workspaces_dir={state / 'workspaces'}",
                 f"--LabApp.user_settings_dir={state / 'settings'}"]
    return _spawn(f"jupyter {app}", argv, env, root, log_path, port, "api/status")


def make_voila_root(dest: Path) -> Path:
    """A served folder: a copy of ``notebooks/`` plus the test fixtures under ``_fixtures/``.

    ``_fixtures`` starts with an underscore, so the gallery does not list it.
    """
    shutil.copytree(REPO / "notebooks", dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(FIXTURES, dest / "_fixtures")
    return dest


def make_lab_root(dest: Path) -> Path:
    """A folder laid out like the repository (``notebooks/``, ``tests/browser/fixtures/``) but
    made of copies, for a server whose autosave would otherwise write outputs into the repo."""
    shutil.copytree(REPO / "notebooks", dest / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(FIXTURES, dest / "tests" / "browser" / "fixtures")
    return dest


def kernel_pids(server_pid: int) -> set[int]:
    """Process ids of the ipykernel processes the server started."""
    import psutil
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return set()
    pids = set()
    for child in children:
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                pids.add(child.pid)
        except (psutil.NoSuchProcess, psutil.ZombieProcess, psutil.AccessDenied):
            pass
    return pids


def kernel_rss(pids: set[int]) -> dict[int, int]:
    import psutil
    out = {}
    for pid in pids:
        try:
            out[pid] = psutil.Process(pid).memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return out


_SYS_PIDFD_GETFD = 438  # same number on x86-64 and arm64


def nodelay_states(server_pid: int, port: int) -> dict[int, bool]:
    """``{peer port: TCP_NODELAY}`` for every connection the server accepted on ``port``.

    Each socket is duplicated out of the server with ``pidfd_getfd`` (Linux >= 5.6, same user)
    and asked with ``getsockopt``; the duplicate is closed without a shutdown, so the server's
    connection is untouched.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(server_pid)
    states: dict[int, bool] = {}
    try:
        for entry in os.listdir(f"/proc/{server_pid}/fd"):
            try:
                if not os.readlink(f"/proc/{server_pid}/fd/{entry}").startswith("socket:"):
                    continue
            except OSError:
                continue
            fd = libc.syscall(_SYS_PIDFD_GETFD, pidfd, int(entry), 0)
            if fd < 0:
                err = ctypes.get_errno()
                raise OSError(err, f"pidfd_getfd failed: {os.strerror(err)}")
            sock = socket.socket(fileno=fd)
            try:
                if sock.family not in (socket.AF_INET, socket.AF_INET6) or sock.type != socket.SOCK_STREAM:
                    continue
                if sock.getsockname()[1] != port:
                    continue
                try:
                    peer = sock.getpeername()[1]
                except OSError:  # the listening socket
                    continue
                states[peer] = bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            finally:
                os.close(sock.detach())
    finally:
        os.close(pidfd)
    return states


# Clicks a button ``n`` times and returns each click-to-update time in ms, measured in the page:
# from just before the click event to the mutation that changes the label's text.
# Which screen the Spell Runes board shows the student, read at once from one consistent DOM:
# "roll" (Re-roll and the first die both enabled), "keep" (a draft board to keep), "pass" (a
# window to pass) or null. The page applies a render widget by widget, so a button looked at on
# its own can belong to a screen that is still being replaced.
RUNES_SCREEN_JS = """(board) => {
    const shown = (el) => !!el && el.getClientRects().length > 0;
    const on = (el) => shown(el) && !el.disabled;
    const q = (s) => document.querySelector(board + ' ' + s);
    if (on(q('.sr-reroll')) && on(q('.sr-die-0'))) return 'roll';
    if (Array.from(document.querySelectorAll(board + ' .sr-move')).some(
            (b) => shown(b) && /^keep the/.test(b.innerText.trim()))) return 'keep';
    if (on(q('.sr-pass'))) return 'pass';
    return null;
}"""


def runes_screen(page, board: str, timeout_ms: float = ANSWER_MS) -> str:
    """Wait until the Runes board shows a screen the student can act on; return its name."""
    return page.wait_for_function(RUNES_SCREEN_JS, arg=board, timeout=timeout_ms).json_value()


CLICK_ROUNDTRIPS_JS = """async ([buttonSel, labelSel, n, pauseMs]) => {
  const button = document.querySelector(buttonSel);
  const label = document.querySelector(labelSel);
  const times = [];
  for (let i = 0; i < n; i++) {
    const before = label.textContent;
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no update after click ' + i)), 20000);
      const seen = new MutationObserver(() => {
        if (label.textContent !== before) { seen.disconnect(); clearTimeout(timer); resolve(); }
      });
      seen.observe(label, {subtree: true, childList: true, characterData: true, attributes: true});
      button.click();
    });
    times.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, pauseMs));
  }
  return times;
}"""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    ordered = sorted(values)
    rank = max(1, int(-(-q * len(ordered) // 100)))
    return ordered[min(rank, len(ordered)) - 1]
