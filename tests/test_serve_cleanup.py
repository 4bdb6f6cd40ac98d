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
for a in "$@"; do case "$a" in --Voila.connection_dir_root=*) d="${a#*=}"; echo "$d" > "$OUT/runtime"; mkdir "$d/voila_x"; touch "$d/voila_x/kernel-1.json";; esac; done
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
           "SPELLTOWER_PORT": "1"}

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
    assert not token.exists() and [p.name for p in serve.tmp.iterdir()] == [f"spelltower-kernels-{os.getuid()}"]


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


def test_a_killed_servers_connection_files_are_swept_at_the_next_start(serve, tmp_path):
    runtime = serve.tmp / f"spelltower-kernels-{os.getuid()}"
    proc = serve()
    _wait_for(serve.out / "ready")
    mine = Path((serve.out / "runtime").read_text().strip())
    assert mine == runtime / str(proc.pid) and (mine / "voila_x" / "kernel-1.json").exists()
    dead = subprocess.Popen(["true"])
    dead.wait()
    left = runtime / str(dead.pid) / "voila_abc"              # a SIGKILLed server's
    left.mkdir(parents=True)
    (left / "kernel-2.json").write_text("{}")
    beside = runtime / "notes"                                 # not a server's folder: kept
    beside.mkdir()
    second = serve(FAKE_EXIT="0")                              # starts while the first one runs
    assert second.wait(60) == 0
    assert not left.parent.exists() and beside.exists()
    assert (mine / "voila_x" / "kernel-1.json").exists()      # the running server's are kept
    proc.terminate()
    assert proc.wait(60) == 7
    assert not mine.exists()                                   # its own go when it ends


def test_sweep_removes_only_folders_of_ended_processes(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    for name in (str(dead.pid), str(os.getpid()), "x1"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "kernel-1.json").write_text("{}")
    assert runtime_sweep.sweep(tmp_path) == [tmp_path / str(dead.pid)]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([str(os.getpid()), "x1"])
