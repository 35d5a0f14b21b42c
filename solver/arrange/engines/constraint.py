"""A python-constraint2 model of compact arrangements.

One variable per cell whose domain is the fitting pieces (orientation, border rule, fixed
pieces), all different, and per edge a function constraint: the facing sides agree. Solutions
come from the library's solution iterator, so they stream with flat memory. Slow on purpose of
comparison (hundreds of times slower than the kernel), but independent of our other engines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
from constraint import AllDifferentConstraint, FunctionConstraint, Problem

from puzzles.errors import InvalidInputError
from solver.arrange.instance import EdgeInstance


def _agree(s: int, t: int) -> Callable[[int, int], bool]:
    def agree(a: int, b: int) -> bool:
        return (a >> s & 1) == (b >> t & 1)

    return agree


def build_problem(inst: EdgeInstance) -> Problem:
    """The python-constraint problem of a compact instance (variables are cell indices)."""
    if inst.problem.kind != "compact":
        raise InvalidInputError(
            "--engine constraint models compact arrangements only; use kernel or cpsat")
    problem = Problem()
    for i in range(inst.n):
        problem.addVariable(i, inst.candidates(i))
    # every piece at most once (and there are as many cells as pieces)
    problem.addConstraint(AllDifferentConstraint(), list(range(inst.n)))
    # facing sides agree across every edge
    for i, s, j, t in inst.edges():
        problem.addConstraint(FunctionConstraint(_agree(s, t)), [i, j])
    return problem


def rows(inst: EdgeInstance) -> Iterator[np.ndarray]:
    """Every solution row (piece per cell index)."""
    for sol in build_problem(inst).getSolutionIter():
        yield np.array([sol[i] for i in range(inst.n)], dtype=np.int32)
