"""Remove the kernel connection files that a killed classroom server left behind.

Voila writes each kernel's connection file (``kernel-<id>.json``: its ports and the key that signs
its messages) and IPC sockets into a temporary folder ``voila_*`` under its
``connection_dir_root``, and deletes that folder when it stops, but not when it is killed.
``scripts/serve`` gives each server a root of its own, ``$TMPDIR/spelltower-kernels-<uid>/<pid>``
(``<pid>``: the script's, which lives exactly as long as its voila; short, because a socket's path
may not pass 107 bytes), and calls this at every start: a ``<pid>`` folder there whose process is gone is removed with everything in it. A
running server's folder is never touched, nor anything outside this folder.

    python -m widgets.runtime_sweep FOLDER      # says what it removed
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:          # someone else's process: running
        return True
    return True


def sweep(folder: Path) -> list[Path]:
    """Remove every ``<pid>`` folder in ``folder`` whose process has ended; returns them."""
    if not folder.is_dir():
        return []
    removed = []
    for entry in sorted(folder.iterdir()):
        if not entry.name.isdigit() or not entry.is_dir() or entry.is_symlink() or _running(int(entry.name)):
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m widgets.runtime_sweep FOLDER", file=sys.stderr)
        return 2
    for path in sweep(Path(argv[0])):
        print(f"removed the kernel connection files left by an earlier server ({path})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
