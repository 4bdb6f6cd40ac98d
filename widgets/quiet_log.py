"""Keep the classroom server's log to what a teacher must act on.

Voila renders the lesson notebooks, which are committed without outputs and so never signed;
jupyter_server's contents manager then logs ``WARNING | Notebook <page> is not trusted`` for
every page a student opens (about 80 lines in one lesson's worth of pages). Trust only decides
whether a notebook's stored outputs are shown as HTML, and Voila runs each notebook afresh, so
the line reports nothing wrong, yet a teacher reads it as a fault. :class:`UntrustedNotebookFilter`
drops exactly that message; every other record of the logger, warnings and errors included,
still goes through. ``jupyter_config/voila.json`` puts it on the server's log handler
(``Voila.logging_config``).
"""
from __future__ import annotations

import logging

UNTRUSTED = "Notebook %s is not trusted"       # jupyter_server.services.contents.manager's message


class UntrustedNotebookFilter(logging.Filter):
    """Drops jupyter_server's "Notebook … is not trusted" warning, nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != UNTRUSTED
