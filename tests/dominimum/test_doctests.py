import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["solver.dominimum.analysis", "solver.dominimum.placement",
                                  "solver.dominimum.endgames", "solver.dominimum.inference",
                                  "solver.dominimum.expect"])
def test_solver_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
