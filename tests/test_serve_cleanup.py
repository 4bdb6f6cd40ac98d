"""scripts/serve cleans up after itself: the teacher token's file is removed however the server
ends (voila runs as the script's child; signals are passed on; voila's exit status is kept), files
left by a killed script are removed at the next start, and so are the kernel connection files a
killed server left in the classroom's own runtime folder. Voila is replaced by a stand-in on PATH
that records what it was given and what it received."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from widgets import runtime_sweep

REPO = Path(__file__).resolve().parents[1]
FAKE_VOILA = r"""#!/usr/bin/env bash
for a in "$@"; do case "$a" in --ClassroomIdentityProvider.teacher_token_file=*) echo "${a#*=}" > "$OUT/token";; esac; done
echo "$JUPYTER_RUNTIME_DIR" > "$OUT/runtime"
trap 'echo TERM > "$OUT/signal"; exit 7' TERM
trap 'echo INT > "$OUT/signal"; exit 9' INT
trap 'echo HUP > "$OUT/signal"; exit 11' HUP
[ -n "${FAKE_EXIT:-}" ] && exit "$FAKE_EXIT"
touch "$OUT/ready"
while :; do sleep 0.05; done
"""


@pytest.fixture
def serve(tmp_path):
    bin_dir, out, tmp = tmp_path / "bin", tmp_path / "out", tmp_path / "tmp"
    for folder in (bin_dir, out, tmp):
        folder.mkdir()
    (bin_dir / "voila").write_text(FAKE_VOILA)
    (bin_dir / "voila").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "SPELLTOWER_SKIP_SETUP": "1", "OUT": str(out), "TMPDIR": str(tmp),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "SPELLTOWER_PORT": "1"}

    def start(**extra: str) -> subprocess.Popen:
        return subprocess.Popen(["bash", str(REPO / "scripts" / "serve")], env={**env, **extra}, cwd=REPO,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    start.out, start.tmp = out, tmp
    return start


def _wait_for(path: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.05)


def test_voilas_exit_status_is_kept_and_the_token_file_removed(serve):
    proc = serve(FAKE_EXIT="3")
    assert proc.wait(60) == 3
    token = Path((serve.out / "token").read_text().strip())
    assert token.parent == serve.tmp and token.name.startswith(f"spelltower-teacher-{proc.pid}-")
    assert not token.exists() and list(serve.tmp.iterdir()) == []


@pytest.mark.parametrize("sig, received, status", [(signal.SIGTERM, "TERM", 7), (signal.SIGINT, "INT", 9),
                                                    (signal.SIGHUP, "HUP", 11)])
def test_a_signal_reaches_voila_and_the_token_file_goes(serve, sig, received, status):
    proc = serve()
    _wait_for(serve.out / "ready")
    token = Path((serve.out / "token").read_text().strip())
    assert token.exists() and token.stat().st_mode & 0o777 == 0o600
    proc.send_signal(sig)
    assert proc.wait(60) == status
    assert (serve.out / "signal").read_text().strip() == received
    assert not token.exists()


def test_a_killed_scripts_token_file_is_removed_at_the_next_start(serve):
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = serve.tmp / f"spelltower-teacher-{dead.pid}-abcdef"
    alive = serve.tmp / f"spelltower-teacher-{os.getpid()}-ghijkl"     # a running server's: kept
    other = serve.tmp / "spelltower-teacher-notapid"
    for path in (stale, alive, other):
        path.write_text("secret\n")
    assert serve(FAKE_EXIT="0").wait(60) == 0
    assert not stale.exists() and alive.exists() and other.exists()


def test_stale_connection_files_are_swept_and_live_ones_kept(tmp_path):
    folder = tmp_path / "runtime"
    folder.mkdir()
    stale, live, young, other = (folder / "kernel-stale.json", folder / "kernel-live.json",
                                 folder / "kernel-young.json", folder / "jpserver-1.json")
    for path in (stale, live, young, other):
        path.write_text("{}")
    old = time.time() - 3600
    for path in (stale, live, other):
        os.utime(path, (old, old))
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "-f", str(live)])
    try:
        time.sleep(0.2)
        assert runtime_sweep.sweep(folder) == [stale]
    finally:
        holder.kill()
        holder.wait()
    assert live.exists() and young.exists() and other.exists() and not stale.exists()
    assert runtime_sweep.sweep(folder) == [live]                       # its kernel is gone now


def test_serve_gives_its_kernels_their_own_runtime_folder_and_sweeps_only_that(serve, tmp_path):
    env_dir = tmp_path / "runtime"
    proc = serve(FAKE_EXIT="0", JUPYTER_RUNTIME_DIR="")
    assert proc.wait(60) == 0
    given = (serve.out / "runtime").read_text().strip()
    assert given.endswith("/spelltower") and given != str(env_dir)
