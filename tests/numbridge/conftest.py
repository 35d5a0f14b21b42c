"""Shared data for the Numbridge tests."""

from __future__ import annotations

from pathlib import Path

import pytest

HARD = Path(__file__).resolve().parents[1] / "data" / "hard-sudoku-20.txt"  # copy of shared/data


def hard_puzzles() -> list[tuple[str, str]]:
    """(givens, label) of the 20 hard puzzles."""
    out = []
    for line in HARD.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            givens, label = line.split(maxsplit=1)
            out.append((givens.replace(".", "0"), label))
    return out


@pytest.fixture(scope="session")
def hard() -> list[tuple[str, str]]:
    if not HARD.is_file():
        pytest.skip(f"{HARD} not found (the shared data folder sits next to the repository)")
    return hard_puzzles()
