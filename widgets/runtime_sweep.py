"""Remove the kernel connection files that a killed classroom server left behind.

Each kernel's connection file (``kernel-<id>.json``: its ports and the key that signs its
messages) is deleted by the server when the kernel shuts down, but not when the server is
killed. ``scripts/serve`` gives its servers a runtime folder of their own
(``<Jupyter's runtime dir>/spelltower``), so everything in it is ours, and calls this at every
start: a connection file there is removed when it is older than :data:`MIN_AGE_SECONDS` (a
server starting beside us may have just written one) and no running process names it on its
command line (every kernel is started as ``… -f <connection file>``), i.e. its kernel is gone.

    python -m widgets.runtime_sweep FOLDER      # prints what it removed
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

MIN_AGE_SECONDS = 60.0
PATTERN = "kernel-*.json"


def _named_by_processes(proc: Path = Path("/proc")) -> set[str]:
    """Every argument of every running process's command line (Linux's /proc)."""
    named: set[str] = set()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            named.update(part.decode(errors="replace") for part in (entry / "cmdline").read_bytes().split(b"\0") if part)
        except OSError:                 # the process ended meanwhile, or is not ours to read
            continue
    return named


def sweep(folder: Path, now: float | None = None, min_age: float = MIN_AGE_SECONDS) -> list[Path]:
    """Remove the stale connection files in ``folder`` (see the module docstring); returns them."""
    if not folder.is_dir() or not Path("/proc/self").exists():
        return []
    now = time.time() if now is None else now
    named = _named_by_processes()
    removed = []
    for path in sorted(folder.glob(PATTERN)):
        try:
            if now - path.stat().st_mtime < min_age or str(path) in named or path.name in named:
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m widgets.runtime_sweep FOLDER", file=sys.stderr)
        return 2
    for path in sweep(Path(argv[0])):
        print(f"removed the stale kernel connection file {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
