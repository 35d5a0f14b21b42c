"""Arrangements of beam piece sets: problems, engines, enumeration, counting and subproblems.

The Python interface (stable): ``ArrangementProblem.create(...)``, then ``solutions(problem,
limit=None, engine="auto")`` (a generator of verified ``Arrangement`` objects),
``count(problem)`` and ``first(problem)`` (raises ``InfeasibleError`` when none exists).

The names are loaded on first use (PEP 562), so that ``import solver.arrange.orders`` (the
command line's option choices) or a small count stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.arrange.api import ENGINES, EngineFaultError, count, first, solutions
    from solver.arrange.problem import ArrangementProblem

__all__ = ["ENGINES", "ArrangementProblem", "EngineFaultError", "count", "first", "solutions"]

_WHERE = {"ArrangementProblem": "solver.arrange.problem"}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'solver.arrange' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE.get(name, "solver.arrange.api")), name)
    globals()[name] = value
    return value
