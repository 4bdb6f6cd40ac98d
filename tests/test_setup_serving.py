"""widgets.serving stays a server-side module, and widgets stays light to import."""
import subprocess
import sys
from pathlib import Path

import pytest


def _imported_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_the_server_module_does_not_import_ipywidgets_or_the_engines():
    """The Voila server imports widgets.serving (and so widgets/__init__) in its own process."""
    modules = _imported_after("import widgets.serving")
    heavy = {"ipywidgets", "towerlib", "IPython", "matplotlib", "sympy"} & modules
    assert not heavy, f"widgets.serving pulled in {sorted(heavy)}"


def test_widgets_package_imports_and_rejects_unknown_names():
    import widgets
    with pytest.raises(AttributeError):
        widgets.NoSuchBoard  # noqa: B018


def test_the_connection_classes_are_jupyter_server_connections():
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    from widgets import serving
    assert issubclass(serving.ClassroomKernelConnection, serving.NoDelayKernelConnection)
    assert issubclass(serving.NoDelayKernelConnection, ZMQChannelsWebsocketConnection)


def test_the_classroom_kernel_loads_neither_the_debugger_nor_the_voila_server(monkeypatch):
    """scripts/serve's kernelspec (jupyter_config/data/kernels/python3) starts ipykernel without
    debugpy, and a preheated kernel learns its page without importing voila.utils (which loads
    the whole Voila server): each would cost every student's kernel megabytes."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import start_new_kernel

    repo = Path(__file__).resolve().parents[1]
    monkeypatch.setenv("JUPYTER_PATH", str(repo / "jupyter_config" / "data"))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("PYTHONPATH", str(repo))
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert spec.resource_dir == str(repo / "jupyter_config" / "data" / "kernels" / "python3")
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        out = []
        kc.execute_interactive(
            "import sys, widgets.classroom\n"
            "print(sorted(m for m in ('debugpy', 'voila', 'voila.utils', 'jupyter_server')"
            " if sys.modules.get(m) is not None))",
            timeout=60, output_hook=lambda msg: out.append(msg["content"].get("text", "")))
        info = kc.kernel_info(reply=True, timeout=30)["content"]
    finally:
        km.shutdown_kernel(now=True)
    assert "".join(out).strip() == "[]"
    assert "debugger" not in info.get("supported_features", [])


# ----- the executor's kernel client: no unbounded wait on a lost execute_reply ----------------------------
class _FakeKernel:
    """A kernel's shell ROUTER and iopub XPUB on loopback, played by the test: it answers an
    execute_request on iopub (busy, the given outputs, idle) and sends its shell reply only if
    told to, as a kernel whose reply got lost would not."""

    def __init__(self):
        import zmq
        from jupyter_client.session import Session

        self.session = Session(key=b"test-key")
        self.ctx = zmq.Context()
        self.shell = self.ctx.socket(zmq.ROUTER)
        self.iopub = self.ctx.socket(zmq.XPUB)
        self.shell_port = self.shell.bind_to_random_port("tcp://127.0.0.1")
        self.iopub_port = self.iopub.bind_to_random_port("tcp://127.0.0.1")

    def info(self) -> dict:
        return {"ip": "127.0.0.1", "transport": "tcp", "shell_port": self.shell_port,
                "iopub_port": self.iopub_port, "key": "test-key", "signature_scheme": "hmac-sha256"}

    def serve_one(self, outputs, reply: bool) -> None:
        self.iopub.recv()                          # the client's subscription: it can hear us now
        idents, msg = self.session.recv(self.shell, mode=0)
        for kind, content in [("status", {"execution_state": "busy"}), *outputs,
                              ("status", {"execution_state": "idle"})]:
            self.session.send(self.iopub, kind, content, parent=msg)
        if reply:
            self.session.send(self.shell, "execute_reply", {"status": "ok", "execution_count": 7},
                              parent=msg, ident=idents)

    def close(self) -> None:
        self.ctx.destroy(linger=0)


def _run_cell(client_class, outputs, reply: bool, limit: float = 20.0, **traits):
    """Execute one cell through nbclient (as Voila's executor does) against the fake kernel."""
    import asyncio
    import threading

    import nbformat
    from nbclient import NotebookClient

    kernel = _FakeKernel()
    thread = threading.Thread(target=kernel.serve_one, args=(outputs, reply), daemon=True)
    thread.start()

    async def main():
        kc = client_class(**traits)
        kc.load_connection_info(kernel.info())
        kc.session.key = b"test-key"
        kc.iopub_channel, kc.shell_channel      # connect both, as start_channels would

        async def alive():                       # no heartbeat here: the fake kernel is alive
            return True
        kc.is_alive = alive
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('hi')")])
        client = NotebookClient(nb, allow_errors=False)
        client.kc = kc
        task = asyncio.ensure_future(client.async_execute_cell(nb.cells[0], 0, store_history=False))
        try:
            done, _ = await asyncio.wait([task], timeout=limit)
            return task.result() if done else None    # None: still waiting after `limit` seconds
        finally:
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
            kc.stop_channels()
    try:
        return asyncio.run(main())
    finally:
        thread.join(5)
        kernel.close()


HI = [("stream", {"name": "stdout", "text": "hi\n"})]


def test_a_lost_execute_reply_hangs_the_stock_client_and_not_the_watchful_one():
    """The guide-page stall (Voila waiting for ever on "Executing 2 of 3"): the kernel ran the cell
    and went idle, its execute_reply never came. Stock jupyter_client waits for good; the
    classroom's client carries on with the outputs iopub delivered."""
    from jupyter_client.asynchronous import AsyncKernelClient

    from widgets.serving import WatchfulKernelClient

    assert _run_cell(AsyncKernelClient, HI, reply=False, limit=8.0) is None, "the stock client did not wait"
    cell = _run_cell(WatchfulKernelClient, HI, reply=False, poll_seconds=0.2, reply_grace=1.0)
    assert [o.get("text") for o in cell.outputs] == ["hi\n"]


def test_the_watchful_client_keeps_a_real_reply_and_reports_an_error_it_saw():
    from nbclient.exceptions import CellExecutionError

    from widgets.serving import WatchfulKernelClient

    import time

    start = time.monotonic()
    cell = _run_cell(WatchfulKernelClient, HI, reply=True, poll_seconds=0.2, reply_grace=30.0)
    assert cell is not None and [o.get("text") for o in cell.outputs] == ["hi\n"]
    assert time.monotonic() - start < 15, "took the kernel's reply, not a stand-in after the 30 s grace"
    error = ("error", {"ename": "ZeroDivisionError", "evalue": "division by zero", "traceback": ["boom"]})
    with pytest.raises(CellExecutionError, match="boom"):   # the traceback iopub showed
        _run_cell(WatchfulKernelClient, [error], reply=False, poll_seconds=0.2, reply_grace=1.0)


def test_voila_gives_its_executor_the_watchful_client():
    """jupyter_config/voila.json makes it the client of every kernel manager Voila creates
    (Voila's executor takes its client from km.client())."""
    import json

    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
    from traitlets.config import Config

    from widgets.serving import WatchfulKernelClient

    config = json.loads((Path(__file__).resolve().parents[1] / "jupyter_config" / "voila.json").read_text())
    km = ServerKernelManager(config=Config(config))
    assert km.client_factory is WatchfulKernelClient


def test_classroom_kernels_talk_over_unix_sockets_not_tcp_ports():
    """With TCP, the server picks each kernel's five ports (bind port 0, close) before the kernel
    starts, and every ipykernel also binds one random TCP port of its own (IOPubThread's pipe,
    ipykernel/iostream.py). With six kernels starting at once (four play pools, the warm pool),
    one kernel's own port was another's chosen stdin port: "Address already in use", five
    restarts on the same ports, a dead kernel in the play page's pool and a page that never
    rendered (seen under load in /tmp reproduction runs). Over ipc there are no ports to race for."""
    import json

    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
    from traitlets.config import Config

    config = json.loads((Path(__file__).resolve().parents[1] / "jupyter_config" / "voila.json").read_text())
    km = ServerKernelManager(config=Config(config))
    assert km.transport == "ipc" and km.cache_ports is False
