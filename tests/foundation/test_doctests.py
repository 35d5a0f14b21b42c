"""Run the examples in the docstrings of the ground and first floors."""

import doctest
import importlib
import pkgutil

import pytest

import puzzles
import reports

MODULES = sorted(
    m.name
    for pkg in (puzzles, reports)
    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
