"""What the machine offers the tests beyond Python packages, found one way for every test.

Debian packages (the README lists them): ``chromium`` for the browser tests, Pango
(``libpango-1.0-0``, ``libpangoft2-1.0-0``) for PDF books, ``postgresql`` for the club storage
tests (``SOLVER_TEST_POSTGRES``). A test that needs one skips, with the reason, without it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from reports.book import pdf_backend_problem


def find_chromium() -> str | None:
    """The Chromium executable: ``$SOLVER_CHROMIUM``, else ``chromium`` or
    ``chromium-browser`` on PATH, else Debian's ``/usr/bin/chromium``."""
    named = os.environ.get("SOLVER_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


CHROMIUM = find_chromium()
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Chromium (Debian: apt-get install chromium)")

PDF_PROBLEM = pdf_backend_problem()
needs_pdf = pytest.mark.skipif(PDF_PROBLEM is not None, reason=PDF_PROBLEM or "")


def artifacts(name: str) -> Path:
    """A folder for pictures a person may look at after the run: under
    ``$SOLVER_TEST_ARTIFACTS`` when set, else a temporary folder (tests write nothing into the
    working tree)."""
    root = os.environ.get("SOLVER_TEST_ARTIFACTS")
    base = Path(root) if root else Path(tempfile.gettempdir()) / "solver-test-artifacts"
    folder = base / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
