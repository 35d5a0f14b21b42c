"""The engine interface: one object per arrangement engine, passed to whatever runs a search.

An ``Engine`` says what it ``refuses`` (a one-line reason, or None) and answers ``solutions``
(a generator of verified arrangements), ``count`` and ``first``. Each takes a problem or a
``Run`` (the problem with its tables built once, ``solver.arrange.prepared``), so a caller that
asks many questions of one problem passes the run down. ``choose`` is the engine that will run
a task: the engine itself (after its refusal check), or for ``auto`` the engine it picks, so a
caller chooses once and hands the chosen object on. ``nodes`` is the machine-independent node
counter of the engine's last call (pieces placed, states tried, CP-SAT branches; 0 where an
engine keeps none).

Engines are found by name once, at the edge (``solver.arrange.engines.engine_named``); the
built-in ones are in ``solver.arrange.engines.builtin``.

Examples
--------
>>> from solver.arrange.engines import engine_named
>>> from solver.arrange.problem import ArrangementProblem
>>> p = ArrangementProblem.create("square", "compact", "4x4")
>>> auto = engine_named("auto")
>>> auto.choose(p, "count").name, auto.choose(p, "solutions").name, auto.count(p)
('frontier', 'kernel', 652)
>>> engine_named("frontier").refuses(p, "solutions").startswith("the frontier engine only counts")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, ClassVar, Literal

from puzzles.arrangements import Arrangement
from puzzles.errors import InfeasibleError, InvalidInputError
from solver.arrange.prepared import Problem, Run
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:  # numpy is imported by the engines that build rows
    from pathlib import Path

    import numpy as np

    from solver.arrange.layout import Row

Tick = Callable[[int, int], None]  # (solutions so far, nodes so far)

#: What is asked of an engine: a plain ``count`` (no arrangement needed), or ``solutions``.
Task = Literal["count", "solutions"]

__all__ = ["BoundedEngine", "Distributed", "Engine", "Task", "Tick"]


@dataclass(frozen=True)
class Distributed:
    """Where subproblems run beyond this process: a Dask ``scheduler`` address (None: a local
    cluster of ``jobs`` workers) and an optional SQLite ``checkpoint`` file."""

    scheduler: str | None = None
    checkpoint: Path | None = None


class Engine:
    """An arrangement engine (see the module docstring). Subclasses set ``name``,
    implement ``refuses`` and ``_solutions`` (and ``_count`` when they count
    faster than they enumerate)."""

    #: The name ``--engine`` takes.
    name: ClassVar[str] = ""
    #: True when the constructor takes the kernel's cell ``order`` (``--order``).
    takes_order: ClassVar[bool] = False

    def __init__(self) -> None:
        self.nodes = 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        """Why this engine cannot do ``task`` on ``problem`` (one line), or None."""
        return None

    def choose(self, problem: ArrangementProblem, task: Task = "solutions") -> Engine:
        """The engine that runs ``task`` on ``problem``: this one, unless it hands the problem
        to another (``auto``). Raises InvalidInputError with the reason when refused."""
        reason = self.refuses(problem, task)
        if reason is not None:
            raise InvalidInputError(reason)
        return self

    # -- the questions ------------------------------------------------------------------------
    def solutions(self, problem: Problem, limit: int | None = None, tick: Tick | None = None,
                  find: bool = False) -> Iterator[Arrangement]:
        """Verified arrangements, streamed (at most ``limit``); ``find`` orders the search to
        reach a first solution fast. ``tick(solutions, nodes)`` now and then."""
        run = Run.of(problem)
        if limit is not None and limit <= 0:
            return
        engine = self.choose(run.problem)
        try:
            yield from engine._solutions(run, limit, tick, find)
        finally:
            self.nodes = engine.nodes

    def count(self, problem: Problem, tick: Tick | None = None, limit: int | None = None) -> int:
        """The number of solutions, or ``min(that, limit)`` with a ``limit`` (the search then
        stops at ``limit`` and is ordered to reach solutions fast)."""
        run = Run.of(problem)
        task: Task = "count" if limit is None else "solutions"
        engine = self.choose(run.problem, task)
        try:
            return engine._count(run, tick, limit)
        finally:
            self.nodes = engine.nodes

    def first(self, problem: Problem, tick: Tick | None = None) -> Arrangement:
        """One verified arrangement; raises InfeasibleError when the search proves there is
        none."""
        run = Run.of(problem)
        for arr in self.solutions(run, 1, tick, find=True):
            return arr
        raise InfeasibleError(
            f"no solution: the search proved that no {run.problem.describe()} exists")

    def parallel_count(self, run: Run, jobs: int = 1, depth: int | None = None,
                       tick: Tick | None = None) -> int:
        """``count`` on ``jobs`` processes (subproblems); only the kernel splits."""
        if jobs > 1:
            raise InvalidInputError("--jobs runs the kernel engine (compact arrangements)")
        return self.count(run, tick)

    def cluster_count(self, run: Run, cluster: Distributed, jobs: int = 2,
                      depth: int | None = None, tick: Tick | None = None) -> int:
        """``count`` with the subproblems on Dask (``solver.arrange.cluster``)."""
        raise InvalidInputError("distributed runs use the kernel engine (compact)")

    # -- what subclasses implement --------------------------------------------------------------
    def _solutions(self, run: Run, limit: int | None, tick: Tick | None,
                   find: bool) -> Iterator[Arrangement]:
        """Verified arrangements of an accepted problem."""
        raise NotImplementedError

    def _count(self, run: Run, tick: Tick | None, limit: int | None) -> int:
        """The count of an accepted problem (default: count the solutions)."""
        return sum(1 for _ in self._solutions(run, limit, tick, False))


class BoundedEngine(Engine):
    """An engine over the instance of a bounded problem: it streams solution rows (a piece
    number per cell index, -1 for an empty cell), which the enumeration layer checks
    (``solver.arrange.run``)."""

    def rows(self, run: Run, tick: Tick | None = None, find: bool = False,
             ) -> Iterator[Row]:
        """Solution rows of an accepted problem (``choose`` first)."""
        raise NotImplementedError

    def parallel_rows(self, run: Run, jobs: int = 1, depth: int | None = None,
                      tick: Tick | None = None, cluster: Distributed | None = None,
                      ) -> Iterator[Row]:
        """``rows`` on ``jobs`` processes or on Dask; only the kernel splits."""
        if cluster is not None:
            raise InvalidInputError("distributed runs use the kernel engine (compact)")
        if jobs > 1:
            raise InvalidInputError("--jobs runs the kernel engine (compact arrangements)")
        return self.rows(run, tick)

    def blocks(self, run: Run, tick: Tick | None = None) -> Iterator[np.ndarray]:
        """The solution rows of an accepted problem in blocks: 2-D int32 arrays, a row per
        solution and a column per cell of ``run.layout`` (unchecked; ``verified``)."""
        from solver.arrange.verified import batches  # local: start-up

        return batches(iter(self.rows(run, tick)), run.layout.n)

    def parallel_blocks(self, run: Run, jobs: int = 1, depth: int | None = None,
                        tick: Tick | None = None, cluster: Distributed | None = None,
                        ) -> Iterator[np.ndarray]:
        """``blocks`` on ``jobs`` processes or on Dask (``parallel_rows``)."""
        if jobs <= 1 and cluster is None:
            return self.blocks(run, tick)
        from solver.arrange.verified import batches  # local: start-up

        return batches(iter(self.parallel_rows(run, jobs, depth, tick, cluster)), run.layout.n)

    def _solutions(self, run: Run, limit: int | None, tick: Tick | None,
                   find: bool) -> Iterator[Arrangement]:
        # iterators, not a generator: no layer more per row (``solutions`` is the generator)
        from solver.arrange.verified import checked, judged  # local: here: a count needs neither

        if not find:  # every row through the batch judge (compact) or verify()
            return judged(run, self.blocks(run, tick), limit)
        problem, layout = run.problem, run.layout
        return (checked(problem.arrangement(layout.placements(row)), problem)
                for row in islice(self.rows(run, tick, find=True), limit))

    def _count(self, run: Run, tick: Tick | None, limit: int | None) -> int:
        return sum(1 for _ in islice(self.rows(run, tick), limit))
