"""Arrangements of beam piece sets: problems, engines, enumeration, counting and subproblems.

The Python interface (stable): ``ArrangementProblem.create(...)``, then ``solutions(problem,
limit=None, engine="auto")`` (a generator of verified ``Arrangement`` objects),
``count(problem)`` and ``first(problem)`` (raises ``InfeasibleError`` when none exists).
"""

from solver.arrange.api import ENGINES, EngineFaultError, count, first, solutions
from solver.arrange.problem import ArrangementProblem

__all__ = ["ENGINES", "ArrangementProblem", "EngineFaultError", "count", "first", "solutions"]
