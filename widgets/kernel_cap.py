"""At most a few kernels per student, so one student's reload loop cannot slow the class.

Every page a student opens holds a kernel (75-135 MB and a share of the two cores). A closed page's
kernel goes 10 s after its last websocket closed (:class:`widgets.serving.ClassroomKernelConnection`),
but a student reloading a page in a loop, or opening it in many tabs, holds a new kernel each time
until then: 10 page opens from one browser once held 12 kernels (+971 MB) and the other students'
clicks went from a median of 22 ms to 55 ms. :class:`StudentKernelCap` (the classroom's
``Voila.kernel_websocket_connection_class``) counts, per student (the signed ``spelltower_student``
cookie the kernel websocket carries like the page), the kernels their pages have connected to, and
when a page connects to one more than :attr:`~StudentKernelCap.kernels_per_student`, shuts the
student's oldest down: the page the student is using now always keeps its kernel. The teacher's
browser is not counted (class page, guides and boards open side by side); a browser without a valid
cookie (not a classroom page) neither.

This module is imported by the server process: keep ipywidgets (and the boards) out of it.
"""
from __future__ import annotations

import asyncio
import hmac

from jupyter_core.utils import ensure_async
from traitlets import Int

from .serving import STUDENT_COOKIE, TEACHER_COOKIE, ClassroomIdentityProvider, ClassroomKernelConnection


def over_cap(held: list[str], alive: set[str], cap: int) -> tuple[list[str], list[str]]:
    """Split a student's kernels (oldest first) into those kept and those to shut down: kernels no
    longer alive are forgotten, and of the rest the newest ``cap`` are kept."""
    held = [k for k in held if k in alive]
    if cap < 1 or len(held) <= cap:
        return held, []
    return held[-cap:], held[:-cap]


class StudentKernelCap(ClassroomKernelConnection):
    """The classroom connection, with at most :attr:`kernels_per_student` kernels per student."""

    kernels_per_student = Int(
        4, config=True,
        help="Kernels one student (browser) may hold at once; when a page of theirs connects to one "
        "more, their oldest is shut down. The teacher's browser is not limited. 0: no limit.",
    )

    # student id -> their kernels, oldest first; shared by all connections of the server.
    _held: dict[str, list[str]] = {}

    def connect(self):
        """Count the kernel for the page's student (shutting their oldest down if over the cap),
        then connect as usual."""
        try:
            self._count()
        except Exception:            # never let the bookkeeping refuse a page its kernel
            self.log.exception("Counting kernel %s for its student failed", self.kernel_id)
        return super().connect()

    def _student(self) -> str | None:
        """The page's student id, or None (the teacher, or no valid student cookie)."""
        handler = self.websocket_handler
        provider = getattr(handler, "identity_provider", None)
        if not isinstance(provider, ClassroomIdentityProvider):
            return None
        student = provider.student_id(handler.get_cookie(STUDENT_COOKIE))
        if student is None:
            return None
        teacher = handler.get_cookie(TEACHER_COOKIE) or ""
        if provider.teacher_token and hmac.compare_digest(teacher, provider._teacher_mark(student)):
            return None
        return student

    def _count(self) -> None:
        student = self._student()
        if student is None or self.kernels_per_student < 1:
            return
        manager = self.multi_kernel_manager
        held = [k for k in self._held.get(student, []) if k != self.kernel_id] + [self.kernel_id]
        kept, extra = over_cap(held, set(manager.list_kernel_ids()), self.kernels_per_student)
        self._held[student] = kept
        for kernel_id in extra:
            self.log.info("Shutting down kernel %s: its student holds %d kernels, the most allowed",
                          kernel_id, self.kernels_per_student)
            pending = self._pending.pop(kernel_id, None)
            if pending is not None:
                pending.cancel()
            asyncio.ensure_future(self._shut(manager, kernel_id))

    async def _shut(self, manager, kernel_id: str) -> None:
        try:
            await ensure_async(manager.shutdown_kernel(kernel_id))
        except KeyError:             # gone meanwhile (its page closed, the culler)
            pass
        except Exception:
            self.log.exception("Shutting down kernel %s failed", kernel_id)
