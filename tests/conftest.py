"""Session-wide fixtures shared by several test folders."""
from __future__ import annotations

import pytest

from notebook_runs import NotebookRuns, wanted_by


@pytest.fixture(scope="session")
def notebook_runs(request) -> NotebookRuns:
    """Each notebook executed once for the whole session (``tests/notebook_runs.py``)."""
    return NotebookRuns(wanted_by(request.session.items))
