"""Keep the classroom server's log to what a teacher must act on.

Two warnings come on every normal start and lesson and report nothing wrong, yet a teacher
reads them as faults; :class:`HarmlessWarningFilter` drops exactly those two messages, and every
other record, warnings and errors included, still goes through:

* jupyter_server's ``Notebook <page> is not trusted``, for every page a student opens (about 80
  lines in one lesson's worth of pages): the notebooks are committed without outputs, so never
  signed, and trust only decides whether stored outputs are shown as HTML, while Voila runs
  each page afresh.
* tornado's ``The websocket_ping_timeout (90000) cannot be longer than the
  websocket_ping_interval (30000)``, at the first page: jupyter_server hands tornado its own
  millisecond ping settings, which tornado reads as seconds; jupyter_server still sends its own
  keep-alive ping every 30 s, so the connections are kept alive as before.

``jupyter_config/voila.json`` (``Voila.logging_config``) puts the filter on the server's log
handler and on tornado's ``tornado.general`` logger.
"""
from __future__ import annotations

import logging

UNTRUSTED = "Notebook %s is not trusted"       # jupyter_server.services.contents.manager's message
PING_TIMEOUT = "The websocket_ping_timeout ("  # tornado.websocket's, formatted before it is logged


class HarmlessWarningFilter(logging.Filter):
    """Drops the two messages above, nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg if isinstance(record.msg, str) else ""
        harmless = message == UNTRUSTED or (message.startswith(PING_TIMEOUT)
                                            and "cannot be longer than the websocket_ping_interval" in message)
        return not harmless
