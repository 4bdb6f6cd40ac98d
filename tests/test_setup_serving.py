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
