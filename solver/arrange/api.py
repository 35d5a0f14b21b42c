"""The engine interface: ``solutions``, ``count`` and ``first`` for any arrangement problem.

Every arrangement an engine reports is checked before it is handed out, by
``puzzles.arrangements.verify`` (which shares no code with the engines) or, when compact
solutions are enumerated, by the batch judge ``solver.arrange.check.CompactJudge`` (same rules
on numpy arrays, also independent of the engines) with ``verify`` on the first rows of the run;
a fault raises ``EngineFaultError``.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> p = ArrangementProblem.create("square", "compact", "4x4")
>>> count(p), sum(1 for _ in solutions(p, limit=5))
(652, 5)
>>> sorted(first(p).placements.values()) == list(range(16))
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from puzzles.arrangements import Arrangement
from puzzles.errors import InfeasibleError
from solver.arrange.base import (
    ENGINES,
    EngineFaultError,
    Tick,
    checked,
    choose_engine,
    count,
    rows,
)
from solver.arrange.problem import ArrangementProblem
from solver.arrange.run import enumerate_arrangements

__all__ = ["ENGINES", "EngineFaultError", "Tick", "checked", "choose_engine", "count", "first",
           "rows", "solutions"]

def solutions(problem: ArrangementProblem, limit: int | None = None, engine: str = "auto",
              tick: Tick | None = None, find: bool = False) -> Iterator[Arrangement]:
    """Verified arrangements of the problem, streamed (at most ``limit``).

    Parameters
    ----------
    problem : ArrangementProblem
    limit : int, optional
        Stop after this many.
    engine : str
        ``auto``, ``kernel``, ``cpsat`` or ``constraint``.
    tick : callable, optional
        Called now and then with (solutions so far, nodes so far) for progress bars.
    find : bool
        Order the search to reach a first solution fast.
    """
    if not find and problem.kind == "compact":
        # the batch judge checks every row, verify() the first ones (see solver.arrange.run)
        yield from enumerate_arrangements(problem, engine, limit, tick=tick)
        return
    if choose_engine(problem, engine) == "grow":
        from solver.arrange.engines.grow import solutions as grow_solutions

        stream: Iterator[Arrangement] = grow_solutions(problem, tick=tick)
    else:
        inst, row_stream = rows(problem, engine, tick, find)
        assert inst is not None
        stream = (problem.arrangement(inst.placements(r)) for r in row_stream)
    for arr in islice(stream, limit):
        yield checked(arr, problem)


def first(problem: ArrangementProblem, engine: str = "auto",
          tick: Tick | None = None) -> Arrangement:
    """One verified arrangement; raises InfeasibleError when the search proves there is none."""
    for arr in solutions(problem, 1, engine, tick, find=True):
        return arr
    raise InfeasibleError(f"no solution: the search proved that no {problem.describe()} exists")


