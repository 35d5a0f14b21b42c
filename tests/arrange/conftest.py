"""Shared fixtures: the 652 compact 4x4 square solutions, computed once."""

from __future__ import annotations

import pytest

from puzzles.arrangements import Arrangement
from solver.arrange import ArrangementProblem, solutions


@pytest.fixture(scope="session")
def square_problem() -> ArrangementProblem:
    return ArrangementProblem.create("square", "compact", "4x4")


@pytest.fixture(scope="session")
def square_solutions(square_problem: ArrangementProblem) -> list[Arrangement]:
    return list(solutions(square_problem))
