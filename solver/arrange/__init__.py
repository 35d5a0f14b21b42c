"""Arrangements of beam piece sets: problems, engines, enumeration, counting and subproblems.

The Python interface (stable): ``ArrangementProblem.create(...)``, then ``solutions(problem,
limit=None, engine="auto")`` (a generator of verified ``Arrangement`` objects),
``count(problem)`` and ``first(problem)`` (raises ``InfeasibleError`` when none exists);
``row_blocks(problem)`` streams the solutions as checked numpy blocks (a column per cell of
``cells(problem)``) for enumerations too large for one object each.

The names are loaded on first use (PEP 562), so that ``import solver.arrange.orders`` (the
command line's option choices) or a small count stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.arrange.api import (
        ENGINES,
        EngineFaultError,
        cells,
        count,
        first,
        row_blocks,
        solutions,
    )
    from solver.arrange.problem import ArrangementProblem

__all__ = ["ENGINES", "ArrangementProblem", "EngineFaultError", "cells", "count", "first",
           "row_blocks", "solutions"]

_WHERE = {"ArrangementProblem": "solver.arrange.problem"}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'solver.arrange' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE.get(name, "solver.arrange.api")), name)
    globals()[name] = value
    return value
