"""Fixtures of the browser tests of the pages drawn in the browser: a real ``solver serve``
(the browser is ``tests/server/conftest.py``'s; helpers in ``tests/browser_helpers.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from server_helpers import start, stop


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``solver serve`` on a free port and a fresh database; its computer reviews
    search 40 nodes a position (the page shows whatever budget the review had)."""
    old = os.environ.get("SOLVER_REVIEW_NODES")
    os.environ["SOLVER_REVIEW_NODES"] = "40"
    try:
        proc, url = start(tmp_path_factory.mktemp("serve") / "games.sqlite3")
    finally:
        if old is None:
            del os.environ["SOLVER_REVIEW_NODES"]
        else:
            os.environ["SOLVER_REVIEW_NODES"] = old
    yield url
    stop(proc)

