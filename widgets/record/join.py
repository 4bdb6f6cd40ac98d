"""The class page's "join" box: the address students open on the room's network, in text and
as a QR code large enough to project, so a class joins without typing a long address.

``scripts/serve`` finds the addresses when it serves the room (``SPELLTOWER_HOST=0.0.0.0``) and
hands them to every kernel in ``SPELLTOWER_STUDENT_URLS`` (:mod:`widgets.lan`); they lead to the
gallery and never carry the teacher link's secret. Served on loopback only, the box says how to
open the server to the room instead.
"""
from __future__ import annotations

import html
import os
from typing import Sequence

from towerlib.core.i18n import tr

from .. import lan
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)

QR_SIZE = "min(45vh, 90vw)"       # the QR code's side on the page: about half a projected screen
STYLE = f"""<style>
.st-join .st-join-url {{font-size: 1.8em; font-family: monospace; margin: 4px 0;}}
.st-join .st-join-qr {{display: inline-block; margin: 4px 16px 8px 0; text-align: center;}}
.st-join .st-join-qr svg {{width: {QR_SIZE}; height: {QR_SIZE};}}
</style>"""


def student_urls() -> list[str]:
    """The students' addresses scripts/serve gave this kernel (empty when it serves loopback only)."""
    return os.environ.get(lan.URLS_ENV, "").split()


def join_html(urls: Sequence[str], lang: str) -> str:
    """The box: each address with its QR code, or how to serve the room when there is none."""
    if not urls:
        return f'<div class="st-join"><p class="st-muted">{html.escape(tr("record.page.join_local", lang))}</p></div>'
    parts = [STYLE, '<div class="st-join">', f"<h3>{html.escape(tr('record.page.join', lang))}</h3>"]
    for url in urls:
        parts.append(f'<div class="st-join-qr">{lan.svg_qr(url)}'
                     f'<div class="st-join-url">{html.escape(url)}</div></div>')
    parts.append("</div>")
    return "".join(parts)
