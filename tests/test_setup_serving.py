"""widgets.serving stays a server-side module, and widgets stays light to import."""
import subprocess
import sys

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
