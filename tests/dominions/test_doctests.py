"""The examples in the docstrings of solver.dominions."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["solver.dominions.graphs", "solver.dominions.tracker", "solver.dominions.search",
           "solver.dominions.analysis", "solver.dominions.life", "solver.dominions.life_model",
           "solver.dominions.life_fill", "solver.dominions.life_arena",
           "solver.dominions.life_solve", "solver.dominions.life_greedy",
           "solver.dominions.life_answers", "solver.dominions.life_report"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
