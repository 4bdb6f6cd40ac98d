"""The classroom kernel's memory ceiling (jupyter_config/data/kernels/python3/spelltower_ipykernel.py):
a real kernel of that kernelspec, capped low for the test, stops with a message on the server's
log when a callback's allocation passes the cap; under the cap it works as ever."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from jupyter_client.manager import KernelManager

REPO = Path(__file__).resolve().parents[1]
LAUNCHER = REPO / "jupyter_config" / "data" / "kernels" / "python3" / "spelltower_ipykernel.py"


def _kernel(tmp_path, megabytes: str | None):
    env = {**os.environ, "JUPYTER_PATH": str(REPO / "jupyter_config" / "data"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("SPELLTOWER_KERNEL_MEMORY_MB", None)
    if megabytes is not None:
        env["SPELLTOWER_KERNEL_MEMORY_MB"] = megabytes
    log = open(tmp_path / "kernel.log", "wb")
    km = KernelManager(kernel_name="python3")
    km.kernel_spec_manager.kernel_dirs = [str(REPO / "jupyter_config" / "data" / "kernels")]
    km.start_kernel(env=env, stdout=log, stderr=log)
    client = km.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    return km, client


def _data_limit(client) -> int:
    client.execute("import resource; print(resource.getrlimit(resource.RLIMIT_DATA)[0])")
    while True:
        msg = client.get_iopub_msg(timeout=30)
        if msg["msg_type"] == "stream":
            return int(msg["content"]["text"])


def test_a_kernel_past_its_ceiling_says_so_and_stops(tmp_path):
    km, client = _kernel(tmp_path, "400")
    try:
        assert km.kernel_spec.resource_dir == str(LAUNCHER.parent)
        assert _data_limit(client) == 400 * 2**20
        client.execute("import asyncio\nblocks = []\nasyncio.get_running_loop().call_soon("
                       "lambda: blocks.extend(bytearray(2**20) for _ in range(1000)))")
        deadline = time.monotonic() + 60
        while km.is_alive() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not km.is_alive()
        log = (tmp_path / "kernel.log").read_text()
        assert "reached the memory ceiling of 400 MiB (SPELLTOWER_KERNEL_MEMORY_MB)" in log
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)


def test_the_default_ceiling_and_none(tmp_path):
    km, client = _kernel(tmp_path, None)
    try:
        assert _data_limit(client) == 1024 * 2**20
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)
    code = ("import importlib.util, os, resource; os.environ['SPELLTOWER_KERNEL_MEMORY_MB'] = '0';"
            f"spec = importlib.util.spec_from_file_location('launcher', {str(LAUNCHER)!r});"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m);"
            "print(m.limit_memory(), resource.getrlimit(resource.RLIMIT_DATA)[0] == resource.RLIM_INFINITY)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["None", "True"]
