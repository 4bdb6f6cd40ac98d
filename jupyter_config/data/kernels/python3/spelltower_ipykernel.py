"""The classroom server's Python kernel: ipykernel without its debugger.

``scripts/serve`` puts ``jupyter_config/data`` first on ``JUPYTER_PATH``, so this kernelspec
replaces the stock ``python3`` one for the Voila pages it serves (JupyterLab and Binder keep the
stock kernel). The only difference is that ``debugpy`` is not imported: ipykernel imports it at
start-up to offer the debugger, which costs every student's kernel several MB and some start-up
time, and no Voila page can use it (``ClassroomKernelConnection.allowed_message_types`` admits widget
messages only). With ``debugpy`` unimportable ipykernel simply reports no debugger.
"""
import sys

MEMORY_ENV = "SPELLTOWER_KERNEL_MEMORY_MB"
#: A page's kernel may hold this much data (MiB, RLIMIT_DATA: heap and private mappings). Measured
#: on 2026-11-28 (VmData): play pages 188-198 MiB (75-85 MiB RSS), lessons with sympy and
#: matplotlib 335-387 MiB (162-172 MiB RSS), a warm pool kernel 290 MiB; 1 GiB is 2.6 times the
#: heaviest. Virtual size (VmSize, 0.95-1.36 GiB) counts shared libraries and reserved address
#: space, so RLIMIT_AS would cut far closer to what a page needs.
DEFAULT_MEMORY_MB = 1024
OUT_OF_MEMORY_EXIT = 75


def limit_memory() -> int | None:
    """Cap this kernel's data at ``$SPELLTOWER_KERNEL_MEMORY_MB`` MiB (default
    :data:`DEFAULT_MEMORY_MB`; 0 or less: no cap), so one page cannot take the server's memory
    (a page could grow its kernel by 9 MB a widget without limit). Past the cap an allocation
    raises MemoryError; when one reaches the kernel's log (a widget message's handler, an event
    loop callback), the kernel says so on the server's log and exits, and the page's board shows
    "the game lost its connection: Reload to resume". Returns the cap in MiB, or None."""
    import logging
    import os
    import resource

    try:
        megabytes = int(os.environ.get(MEMORY_ENV, DEFAULT_MEMORY_MB))
    except ValueError:
        megabytes = DEFAULT_MEMORY_MB
    if megabytes <= 0:
        return None
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    limit = megabytes * 2**20 if hard == resource.RLIM_INFINITY else min(megabytes * 2**20, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))

    class OutOfMemory(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.exc_info and isinstance(record.exc_info[1], MemoryError):
                os.write(2, (f"spelltower kernel {os.getpid()}: its page reached the memory ceiling of "
                             f"{megabytes} MiB ({MEMORY_ENV}); the kernel stops, and its page asks "
                             f"the student to reload\n").encode())
                os._exit(OUT_OF_MEMORY_EXIT)

    logging.getLogger().addHandler(OutOfMemory(logging.ERROR))
    return megabytes


if __name__ == "__main__":
    # As ipykernel_launcher: the script's own folder is not an import path (ipykernel adds the
    # working directory itself).
    del sys.path[0]
    sys.modules["debugpy"] = None       # type: ignore[assignment]  # "import debugpy" -> ImportError
    limit_memory()

    from ipykernel import kernelapp

    kernelapp.launch_new_instance()
