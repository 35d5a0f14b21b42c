"""The built-in arrangement engines, one class each, and ``Auto``, which picks one.

Each class says what it refuses and runs the search code of its module (imported when it runs,
so that choosing an engine imports nothing heavy):

========== ================================ ==========================================
name       search                           takes
========== ================================ ==========================================
kernel     ``engines/kernel.py`` (numba)    compact; on the open plane it grows (grow)
frontier   ``engines/frontier.py`` (DP)     compact counts of the 16-piece sets
cpsat      ``engines/cpsat.py`` (OR-Tools)  anything with a region
constraint ``engines/constraint.py``        compact (python-constraint, for comparison)
starmap    ``engines/starmap.py`` (CP-SAT)  StarMaps (lines of sight)
grow       ``engines/grow.py`` (numba)      transcendental on the open plane
dual       ``engines/dual.py`` (numba)      compact, one cell orientation
========== ================================ ==========================================

``Auto`` takes, for each task, the first engine of its list that accepts the problem: the
frontier count (the kernel if the states run out), the kernel, the growth search, the StarMap
model, CP-SAT. The kernel's cell order ``auto`` is chosen by Knuth probes once per run
(``Run.dynamic``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING

from puzzles.arrangements import Arrangement
from puzzles.errors import BudgetExhaustedError, InvalidInputError
from solver.arrange.engine import BoundedEngine, Engine, Task, Tick
from solver.arrange.orders import check_order
from solver.arrange.prepared import Run
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:
    import numpy as np

    from solver.arrange.engine import Distributed
    from solver.arrange.engines.order_choice import KernelLike
    from solver.arrange.layout import Row

#: The frontier count takes sets whose piece numbers are below this (the 16-piece sets).
FRONTIER_MAX_PIECES = 20

#: Nodes of one kernel call between two progress ticks (and Ctrl-C checks).
STEP_NODES = 1 << 22

#: Rows of the largest block the kernel writes at once (``KernelEngine.blocks``).
BLOCK_ROWS = 4096

#: Why fixed pieces are refused on the open plane.
FIXED_NEED_REGION = ("fixed pieces need a bounding region for transcendental arrangements "
                     "(--region)")


def frontier_applies(problem: ArrangementProblem) -> bool:
    """True when the frontier count takes the problem: compact, a 16-piece set (square,
    triangle; the piece mask must fit in the state beside the open edges)."""
    return (problem.kind == "compact"
            and max(p.number for p in problem.piece_set.pieces) < FRONTIER_MAX_PIECES)


def _open_plane(problem: ArrangementProblem) -> bool:
    return problem.kind == "transcendental" and problem.region is None


def _compact_only(name: str, problem: ArrangementProblem) -> str | None:
    """The refusal of an engine that models compact arrangements only."""
    if problem.kind == "compact":
        return None
    if _open_plane(problem):
        return _needs_region(name)
    if problem.kind == "transcendental":
        return (f"the {name} engine does not model bounded transcendental arrangements; use "
                "--engine cpsat, or drop --region to let the kernel grow groups on the open "
                "plane")
    return f"StarMaps are solved by the cpsat engine, not {name}"


def _needs_region(name: str) -> str:
    return (f"the {name} engine needs a bounding region for transcendental arrangements "
            "(--region); without one the kernel grows groups on the open plane")


def _budget_spent(nodes: int) -> BudgetExhaustedError:
    return BudgetExhaustedError(f"the search spent its budget of {nodes} nodes before an answer")


class KernelEngine(BoundedEngine):
    """Our exact search (``engines/kernel.py``): resumable bitmask backtracking.

    Parameters
    ----------
    order : str
        The cell order: ``auto`` (chosen by probes once per run), ``static`` or ``mrv``.
    max_nodes : int, optional
        A node budget per call; BudgetExhaustedError when it is spent.
    """

    name = "kernel"
    takes_order = True

    def __init__(self, order: str = "auto", max_nodes: int | None = None) -> None:
        super().__init__()
        self.order = check_order(order)
        self.max_nodes = max_nodes

    def __repr__(self) -> str:
        return f"KernelEngine(order={self.order!r})"

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        if _open_plane(problem):
            return None  # grown on the open plane (``choose``)
        return _compact_only(self.name, problem)

    def choose(self, problem: ArrangementProblem, task: Task = "solutions") -> Engine:
        if _open_plane(problem):
            return GrowEngine().choose(problem, task)
        return super().choose(problem, task)

    def search(self, run: Run, dynamic: bool | None = None,
               cells: Sequence[int] | None = None) -> KernelLike:
        """The resumable search over the run (for probes and budgets) on the fastest backend
        (``csearch.new_search``: C, else numba); ``dynamic`` defaults to the engine's order,
        ``cells`` to the kernel's default cell order."""
        from solver.arrange.engines.csearch import new_search  # local: start-up

        if dynamic is None:
            dynamic = run.dynamic(self.order)
        return new_search(run, cells, dynamic)

    def _calls(self, search: KernelLike, rows: int, tick: Tick | None,
               limit: int | None = None) -> Iterator[list[Row]]:
        """Search calls until the search ends (or has met ``limit`` solutions); yields the
        rows each call found (at most ``rows`` a call, 0: none kept)."""
        from solver.arrange.engines.csearch import EXHAUSTED  # local: start-up

        while limit is None or search.solutions_found < limit:
            budget = STEP_NODES
            if self.max_nodes is not None:
                budget = min(budget, self.max_nodes - search.nodes)
                if budget <= 0:
                    raise _budget_spent(self.max_nodes)
            want = rows if limit is None else min(rows, limit - search.solutions_found)
            status, found = search.advance(want, budget)
            self.nodes = search.nodes
            if tick is not None:
                tick(search.solutions_found, search.nodes)
            yield found
            if status == EXHAUSTED:
                return

    def rows(self, run: Run, tick: Tick | None = None, find: bool = False,
             ) -> Iterator[Row]:
        search = self.search(run, dynamic=True if find else None)
        for found in self._calls(search, 1 if find else 4096, tick):
            yield from found

    def blocks(self, run: Run, tick: Tick | None = None) -> Iterator[np.ndarray]:
        """The solutions in blocks written by the search itself: 1, 2, 4, ... then
        ``BLOCK_ROWS`` rows (the first solution comes out at once)."""
        import numpy as np

        from solver.arrange.engines.csearch import EXHAUSTED  # local: start-up

        search = self.search(run)
        out = np.empty((BLOCK_ROWS, run.layout.n), dtype=np.int32)
        size = 1
        while True:
            budget = STEP_NODES
            if self.max_nodes is not None:
                budget = min(budget, self.max_nodes - search.nodes)
                if budget <= 0:
                    raise _budget_spent(self.max_nodes)
            status, written = search.fill(out[:size], budget)
            self.nodes = search.nodes
            if tick is not None:
                tick(search.solutions_found, search.nodes)
            if written:
                yield out[:written].copy()
                size = min(2 * size, BLOCK_ROWS)
            if status == EXHAUSTED:
                return

    def parallel_blocks(self, run: Run, jobs: int = 1, depth: int | None = None,
                        tick: Tick | None = None, cluster: Distributed | None = None,
                        ) -> Iterator[np.ndarray]:
        if jobs <= 1 and cluster is None:
            return self.blocks(run, tick)
        return super().parallel_blocks(run, jobs, depth, tick, cluster)

    def _count(self, run: Run, tick: Tick | None, limit: int | None) -> int:
        if limit is None and self.max_nodes is None:
            search = self.search(run)
            report = (lambda: tick(search.solutions_found, search.nodes)) if tick else None
            try:
                return search.count(tick=report)
            finally:
                self.nodes = search.nodes
        # a count up to ``limit``: the most constrained cell first, stopped at ``limit``
        search = self.search(run, dynamic=True if limit is not None else None)
        for _ in self._calls(search, 0 if limit is None else limit, tick, limit):
            pass
        return search.solutions_found if limit is None else min(search.solutions_found, limit)

    def parallel_count(self, run: Run, jobs: int = 1, depth: int | None = None,
                       tick: Tick | None = None) -> int:
        if jobs <= 1:
            return self.count(run, tick)
        from solver.arrange.split import count_parallel  # local: start-up

        par = (lambda done, total, found: tick(found, done)) if tick else None
        return count_parallel(run, jobs, depth, par, self.order)

    def parallel_rows(self, run: Run, jobs: int = 1, depth: int | None = None,
                      tick: Tick | None = None, cluster: Distributed | None = None,
                      ) -> Iterator[Row]:
        par = (lambda done, total, found: tick(found, done)) if tick else None
        if cluster is not None:
            from solver.arrange.cluster import run_rows  # local: start-up

            blocks = run_rows(run, cluster.scheduler, jobs, depth, cluster.checkpoint,
                              self.order, par)
            return (row for block in blocks for row in block)
        if jobs > 1:
            from solver.arrange.split import rows_parallel  # local: start-up

            return rows_parallel(run, jobs, depth, par, self.order)
        return self.rows(run, tick)

    def cluster_count(self, run: Run, cluster: Distributed, jobs: int = 2,
                      depth: int | None = None, tick: Tick | None = None) -> int:
        from solver.arrange.cluster import run_count  # local: start-up

        par = (lambda done, total, found: tick(found, done)) if tick else None
        return run_count(run, cluster.scheduler, jobs, depth, cluster.checkpoint, self.order,
                         par).count


class FrontierEngine(BoundedEngine):
    """Counts compact arrangements by dynamic programming over a frontier
    (``engines/frontier.py``), in plain Python for small counts (no numpy).

    Parameters
    ----------
    fallback : Engine, optional
        Counts instead when the states would not fit in memory (``auto`` gives the kernel);
        without one that is an InvalidInputError.
    """

    name = "frontier"

    def __init__(self, fallback: Engine | None = None) -> None:
        super().__init__()
        self.fallback = fallback

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        if task != "count":
            return ("the frontier engine only counts (solver arrange count, without "
                    "--up-to-symmetry): it builds no arrangement")
        if not frontier_applies(problem):
            return ("the frontier engine counts compact arrangements of the square and "
                    f"triangle sets; use the kernel for the {problem.set_name} set")
        return None

    def _count(self, run: Run, tick: Tick | None, limit: int | None) -> int:
        from solver.arrange.engines import frontier  # local: start-up

        states = (lambda _cells, n: tick(0, n)) if tick else None
        try:
            total, self.nodes = frontier.count_transitions(run.layout, states)
        except MemoryError:
            if self.fallback is None:
                raise InvalidInputError(
                    "the frontier count needs too many states here; use --engine kernel"
                ) from None
            total = self.fallback.count(run, tick)
            self.nodes = self.fallback.nodes
        return total if limit is None else min(total, limit)

    def parallel_count(self, run: Run, jobs: int = 1, depth: int | None = None,
                       tick: Tick | None = None) -> int:
        return self.count(run, tick)  # one process is enough, whatever ``jobs`` says


class CpSatEngine(BoundedEngine):
    """The CP-SAT models of ``engines/cpsat.py`` (OR-Tools): compact, transcendental inside a
    region, StarMaps by lines of sight. ``nodes``: CP-SAT's branches."""

    name = "cpsat"

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        return _needs_region(self.name) if _open_plane(problem) else None

    def rows(self, run: Run, tick: Tick | None = None, find: bool = False,
             ) -> Iterator[Row]:
        from solver.arrange.engines import cpsat  # local: start-up

        stats: dict[str, int] = {}
        try:
            yield from cpsat.rows(run.instance, all_solutions=not find, stats=stats)
        finally:
            self.nodes = stats.get("branches", 0)

    def _count(self, run: Run, tick: Tick | None, limit: int | None) -> int:
        if limit is not None:
            return super()._count(run, tick, limit)
        from solver.arrange.engines import cpsat  # local: start-up

        stats: dict[str, int] = {}
        try:
            return cpsat.count(run.instance, stats)
        finally:
            self.nodes = stats.get("branches", 0)


class StarMapEngine(CpSatEngine):
    """StarMaps only: the lines-of-sight CP-SAT model of ``engines/starmap.py``."""

    name = "starmap"

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        if problem.kind != "starmap":
            return (f"the starmap engine solves StarMaps, not {problem.kind} arrangements; "
                    "use --engine auto")
        return None


class ConstraintEngine(BoundedEngine):
    """The python-constraint model of ``engines/constraint.py`` (compact; slow, independent of
    the other engines, for comparison). It keeps no node counter."""

    name = "constraint"

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        return _compact_only(self.name, problem)

    def rows(self, run: Run, tick: Tick | None = None, find: bool = False,
             ) -> Iterator[Row]:
        from solver.arrange.engines import constraint  # local: start-up

        return constraint.rows(run.instance)


class DualEngine(BoundedEngine):
    """Branches on cells and pieces, most constrained first (``engines/dual.py``): compact
    arrangements of sets with one cell orientation (square, hexagon and their second-order
    sets). ``nodes``: placements.

    Parameters
    ----------
    max_nodes : int, optional
        A node budget per call; BudgetExhaustedError when it is spent.
    """

    name = "dual"

    def __init__(self, max_nodes: int | None = None) -> None:
        super().__init__()
        self.max_nodes = max_nodes

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        if problem.kind != "compact" or problem.piece_set.grid.oriented:
            return "the dual search covers compact arrangements of square and hexagon sets"
        return None

    def rows(self, run: Run, tick: Tick | None = None, find: bool = False,
             ) -> Iterator[Row]:
        import numpy as np

        from solver.arrange.engines.dual import EXHAUSTED, FOUND, DualSearch  # local: start-up

        search = DualSearch(run.instance)
        found = 0
        while True:
            budget = STEP_NODES
            if self.max_nodes is not None:
                budget = min(budget, self.max_nodes - search.nodes)
                if budget <= 0:
                    raise _budget_spent(self.max_nodes)
            status = search.run(budget)
            self.nodes = search.nodes
            found += status == FOUND
            if tick is not None:
                tick(found, search.nodes)
            if status == FOUND:
                yield search.value.astype(np.int32)
            elif status == EXHAUSTED:
                return


class GrowEngine(Engine):
    """Transcendental arrangements on the open plane, grown group by group along their beams
    (``engines/grow.py``), one per arrangement up to translating its groups. ``nodes``:
    pieces placed."""

    name = "grow"

    def refuses(self, problem: ArrangementProblem, task: Task = "solutions") -> str | None:
        if problem.kind != "transcendental":
            return (f"the grow engine arranges transcendental sets on the open plane, not "
                    f"{problem.kind} arrangements")
        if problem.region is not None:
            return ("the grow engine works on the open plane: drop --region, or use "
                    "--engine cpsat inside a region")
        if problem.fixed:
            return FIXED_NEED_REGION
        return None

    def _solutions(self, run: Run, limit: int | None, tick: Tick | None,
                   find: bool) -> Iterator[Arrangement]:
        from solver.arrange.engines.grow import search_for  # local: start-up
        from solver.arrange.verified import checked  # local: start-up

        problem = run.problem
        search = search_for(problem, tick)
        try:
            for placements in islice(search.solutions(), limit):
                self.nodes = search.nodes
                yield checked(problem.arrangement(placements), problem)
        finally:
            self.nodes = search.nodes


class Auto(Engine):
    """The fastest engine that accepts the problem, chosen once per task (see the module
    docstring); ``order`` is the kernel's cell order."""

    name = "auto"
    takes_order = True

    def __init__(self, order: str = "auto") -> None:
        super().__init__()
        self.order = check_order(order)

    def __repr__(self) -> str:
        return f"Auto(order={self.order!r})"

    def candidates(self, task: Task) -> list[Engine]:
        """The engines tried, in order."""
        kernel = KernelEngine(self.order)
        first: list[Engine] = [FrontierEngine(fallback=kernel)] if task == "count" else []
        return [*first, kernel, StarMapEngine(), CpSatEngine()]

    def choose(self, problem: ArrangementProblem, task: Task = "solutions") -> Engine:
        reasons = []
        for engine in self.candidates(task):
            reason = engine.refuses(problem, task)
            if reason is None:
                return engine.choose(problem, task)
            reasons.append(reason)
        raise InvalidInputError(reasons[-1])  # pragma: no cover - CP-SAT takes any region


__all__ = ["Auto", "ConstraintEngine", "CpSatEngine", "DualEngine", "FrontierEngine",
           "GrowEngine", "KernelEngine", "StarMapEngine", "frontier_applies"]
