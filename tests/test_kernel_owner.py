"""Kernel ownership's pieces (widgets/kernel_owner.py); tests/browser/test_server_guard.py uses a
real server's kernels with the owner's, another student's and no cookie."""
from __future__ import annotations

import logging

from widgets.kernel_owner import KernelIdRedactor, OwnedKernels, kernel_tag, owner_key

KERNEL = "86acd3bf-6d5f-4e4f-a748-d7f787d25427"


def test_a_teacher_mode_page_is_owned_by_a_key_of_its_own():
    assert owner_key("ab" * 16, teacher=False) == "ab" * 16
    assert owner_key("ab" * 16, teacher=True) not in (None, "ab" * 16)
    assert owner_key("", teacher=True) is None and owner_key(None, teacher=False) is None


def _record(level: int, msg: str, *args) -> logging.LogRecord:
    return logging.LogRecord("Voila", level, __file__, 1, msg, args, None)


def test_the_log_names_a_kernel_by_its_tag_above_debug_only():
    info = _record(logging.INFO, "Using pre-heated kernel: %s for %s", KERNEL, "abracada/play.ipynb")
    assert KernelIdRedactor().filter(info)
    assert info.getMessage() == f"Using pre-heated kernel: {kernel_tag(KERNEL)} for abracada/play.ipynb"
    access = _record(logging.WARNING, "404 GET /api/kernels/%s/channels?session_id=x", KERNEL.upper())
    KernelIdRedactor().filter(access)
    assert KERNEL not in access.getMessage().lower() and kernel_tag(KERNEL) in access.getMessage()
    debug = _record(logging.DEBUG, "Websocket closed %s:abc", KERNEL)
    KernelIdRedactor().filter(debug)
    assert KERNEL in debug.getMessage()
    assert kernel_tag(KERNEL) != kernel_tag(KERNEL.replace("8", "9"))


class _Manager(OwnedKernels):
    def __init__(self, kernels):
        self.kernels = set(kernels)

    def __contains__(self, kernel_id):
        return kernel_id in self.kernels


class _Handler:
    def __init__(self, keys):
        self.identity_provider = type("P", (), {"owner_keys": lambda _self, _handler: keys})()


def test_only_the_owner_may_use_a_kernel_and_an_unowned_one_no_one():
    manager = _Manager({KERNEL, "standby"})
    manager.bind_owner(KERNEL, "space-a")
    assert manager.may_use(KERNEL, _Handler({"space-a"}))
    assert not manager.may_use(KERNEL, _Handler({"space-b"}))
    assert not manager.may_use(KERNEL, _Handler(set()))
    assert not manager.may_use("standby", _Handler({"space-a"}))       # never handed out
    manager.forget_owner(KERNEL)
    assert not manager.may_use(KERNEL, _Handler({"space-a"}))


class _Kernels:
    """A kernel manager holding one kernel with a connection key."""

    def __init__(self, key: bytes):
        self.kernel = type("Kernel", (), {"session": type("Session", (), {"key": key})()})()

    def get_kernel(self, kernel_id):
        if kernel_id != KERNEL:
            raise KeyError(kernel_id)
        return self.kernel


def test_only_the_kernel_itself_may_read_its_page_request():
    """Voila's query websocket answers only a proof made with the kernel's connection key."""
    from widgets.classroom import _connection_key, query_proof
    from widgets.kernel_owner import is_the_kernel

    manager = _Kernels(b"the-kernels-connection-key")
    assert is_the_kernel(manager, KERNEL, query_proof(b"the-kernels-connection-key", KERNEL))
    assert not is_the_kernel(manager, KERNEL, query_proof(b"another-key", KERNEL))
    assert not is_the_kernel(manager, KERNEL, query_proof(b"the-kernels-connection-key", KERNEL.upper()))
    assert not is_the_kernel(manager, KERNEL, None) and not is_the_kernel(manager, KERNEL, "")
    assert not is_the_kernel(manager, "00000000-0000-0000-0000-000000000000",
                             query_proof(b"the-kernels-connection-key", "00000000-0000-0000-0000-000000000000"))
    assert not is_the_kernel(_Kernels(b""), KERNEL, query_proof(b"", KERNEL))   # a kernel without a key
    assert _connection_key() == b""                 # not a kernel: nothing to prove with
