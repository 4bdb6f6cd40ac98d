"""The classroom server's Python kernel: ipykernel without its debugger.

``scripts/serve`` puts ``jupyter_config/data`` first on ``JUPYTER_PATH``, so this kernelspec
replaces the stock ``python3`` one for the Voila pages it serves (JupyterLab and Binder keep the
stock kernel). The only difference is that ``debugpy`` is not imported: ipykernel imports it at
start-up to offer the debugger, which costs every student's kernel several MB and some start-up
time, and no Voila page can use it (``ClassroomKernelConnection.allowed_message_types`` admits widget
messages only). With ``debugpy`` unimportable ipykernel simply reports no debugger.
"""
import sys

if __name__ == "__main__":
    # As ipykernel_launcher: the script's own folder is not an import path (ipykernel adds the
    # working directory itself).
    del sys.path[0]
    sys.modules["debugpy"] = None       # type: ignore[assignment]  # "import debugpy" -> ImportError

    from ipykernel import kernelapp

    kernelapp.launch_new_instance()
