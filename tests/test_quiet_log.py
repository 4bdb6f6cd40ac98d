"""The classroom server's log keeps quiet about untrusted notebooks and nothing else
(widgets/quiet_log.py; on a real server: tests/browser/test_serve_room.py)."""
from __future__ import annotations

import io
import json
import logging
import logging.config
from pathlib import Path

from widgets.quiet_log import UNTRUSTED, UntrustedNotebookFilter

REPO = Path(__file__).resolve().parents[1]


def _record(msg: str, *args, level: int = logging.WARNING) -> logging.LogRecord:
    return logging.LogRecord("Voila", level, __file__, 1, msg, args, None)


def test_only_the_untrusted_notebook_warning_is_dropped():
    keep = UntrustedNotebookFilter().filter
    assert not keep(_record(UNTRUSTED, "abracada/01_meet_the_tower.ipynb"))
    assert keep(_record("Signature store for notebook %s is corrupted or unavailable; recreating the store.", "x"))
    assert keep(_record("Notebook %s is not trusted!", "x"))          # another message, however alike
    assert keep(_record("Kernel %s died", "k", level=logging.ERROR))
    assert keep(_record("Notebook abracada/play.ipynb is not trusted"))   # already formatted: not jupyter_server's


def test_the_servers_logging_config_puts_the_filter_on_its_handler():
    """voila.json's Voila.logging_config, merged as traitlets merges it into the app's own."""
    voila = json.loads((REPO / "jupyter_config" / "voila.json").read_text())["Voila"]["logging_config"]
    stream = io.StringIO()
    config = {"version": 1, "disable_existing_loggers": False,
              "handlers": {"console": {"class": "logging.StreamHandler", "stream": stream}},
              "loggers": {"spelltower-test-voila": {"handlers": ["console"], "level": "INFO", "propagate": False}}}
    config["filters"] = voila["filters"]
    config["handlers"]["console"].update(voila["handlers"]["console"])
    logging.config.dictConfig(config)
    log = logging.getLogger("spelltower-test-voila")
    log.warning(UNTRUSTED, "index.ipynb")
    log.warning("Kernel %s restarted", "k1")
    assert stream.getvalue() == "Kernel k1 restarted\n"
