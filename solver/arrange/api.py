"""The Python interface: ``solutions``, ``count`` and ``first`` for any arrangement problem.

``engine`` is an engine object (``solver.arrange.engine.Engine``, e.g.
``solver.arrange.engines.builtin.KernelEngine()``) or its registered name, looked up here once
(``solver.arrange.engines.engine_named``); ``auto`` picks the fastest engine that accepts the
problem. A ``Run`` (``solver.arrange.prepared``) may stand for the problem, so that many
questions about one problem build its tables once.

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
>>> sum(len(block) for block in row_blocks(p)), cells(p)[:2]
(652, ((0, 0), (1, 0)))
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from puzzles.arrangements import Arrangement
from puzzles.errors import EngineFaultError, InvalidInputError
from puzzles.grids import Cell
from solver.arrange.engine import BoundedEngine, Engine, Tick
from solver.arrange.engines import ENGINES, engine_of
from solver.arrange.prepared import Problem, Run
from solver.arrange.verified import checked, judged_blocks

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ENGINES", "EngineFaultError", "Tick", "cells", "checked", "count", "first",
           "row_blocks", "solutions"]


def solutions(problem: Problem, limit: int | None = None, engine: Engine | str = "auto",
              tick: Tick | None = None, find: bool = False) -> Iterator[Arrangement]:
    """Verified arrangements of the problem, streamed (at most ``limit``).

    Parameters
    ----------
    problem : ArrangementProblem or Run
    limit : int, optional
        Stop after this many.
    engine : Engine or str
        An engine, or one of ``ENGINES`` (``auto``, ``kernel``, ``cpsat``, ...).
    tick : callable, optional
        Called now and then with (solutions so far, nodes so far) for progress bars.
    find : bool
        Order the search to reach a first solution fast.
    """
    return engine_of(engine).solutions(problem, limit, tick, find)  # no generator layer more


def row_blocks(problem: Problem, engine: Engine | str = "auto", tick: Tick | None = None,
               up_to_symmetry: bool = False) -> Iterator[np.ndarray]:
    """The solutions as blocks of rows, for enumerations too large for one object each: 2-D
    int32 numpy arrays, a row per solution and a column per cell of ``cells(problem)`` (the
    piece on that cell, -1 for an empty cell of a bounded transcendental arrangement), up to
    4096 rows a block. Every row is checked before its block is handed out: by the batch judge
    (compact) or by ``verify``. ``up_to_symmetry`` keeps one row per orbit of the region's
    symmetries. Needs a region (the engines without one yield arrangements: ``solutions``)."""
    run = Run.of(problem)
    chosen = engine_of(engine).choose(run.problem, "solutions")
    if not isinstance(chosen, BoundedEngine):
        raise InvalidInputError(f"the {chosen.name} engine yields arrangements, not rows: "
                                "use solutions()")
    yield from judged_blocks(run, chosen.blocks(run, tick), up_to_symmetry, verify_rows=True)


def cells(problem: Problem) -> tuple[Cell, ...]:
    """The cells of the columns of ``row_blocks`` (the region's cells, row by row)."""
    return Run.of(problem).layout.cells


def count(problem: Problem, engine: Engine | str = "auto", tick: Tick | None = None,
          order: str = "auto") -> int:
    """The number of solutions (the kernel counts without building any arrangement, in the
    cell ``order`` ``auto``, ``static`` or ``mrv`` when ``engine`` is a name; see
    ``kernel.choose_dynamic``)."""
    return engine_of(engine, order).count(problem, tick)


def first(problem: Problem, engine: Engine | str = "auto",
          tick: Tick | None = None) -> Arrangement:
    """One verified arrangement; raises InfeasibleError when the search proves there is none."""
    return engine_of(engine).first(problem, tick)
