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
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzles.arrangements import Arrangement
from puzzles.errors import EngineFaultError
from solver.arrange.engine import Engine, Tick
from solver.arrange.engines import ENGINES, engine_of
from solver.arrange.prepared import Problem
from solver.arrange.verified import checked

__all__ = ["ENGINES", "EngineFaultError", "Tick", "checked", "count", "first", "solutions"]


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
    yield from engine_of(engine).solutions(problem, limit, tick, find)


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
