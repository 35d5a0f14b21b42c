"""Engine dispatch shared by the interface and the enumeration layer: which engine runs, the
stream of solution rows, the check of each arrangement and counting."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from puzzles.arrangements import Arrangement, faults
from puzzles.errors import InvalidInputError, PuzzleError
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem

#: Engine names accepted by ``--engine`` (``auto`` picks the fastest for the job).
ENGINES = ("auto", "kernel", "cpsat", "constraint")

#: Cell orders of the kernel's ``count`` and ``enumerate``: ``auto`` chooses by probing the
#: problem (``kernel.choose_dynamic``), ``static`` fills cells in a fixed most-known-sides-first
#: order, ``mrv`` fills the cell with the fewest fitting pieces first (what ``find`` does).
ORDERS = ("auto", "static", "mrv")

Tick = Callable[[int, int], None]  # (solutions so far, nodes so far)


class EngineFaultError(PuzzleError):
    """An engine reported an arrangement the verifier rejects: a bug, never the user's fault."""

    exit_code = 70


def choose_engine(problem: ArrangementProblem, engine: str = "auto") -> str:
    """The engine that will run: ``auto`` becomes the fastest one that supports the problem.

    Raises InvalidInputError for an unknown engine or one that cannot model the problem.
    """
    if engine not in ENGINES:
        raise InvalidInputError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    kind = problem.kind
    if kind == "compact":
        return "kernel" if engine == "auto" else engine
    if kind == "transcendental" and problem.region is None:
        if engine in ("auto", "kernel"):
            return "grow"
        raise InvalidInputError(
            f"the {engine} engine needs a bounding region for transcendental arrangements "
            "(--region); without one the kernel grows groups on the open plane")
    if engine in ("auto", "cpsat"):
        return "cpsat"
    if kind == "transcendental":
        raise InvalidInputError(
            f"the {engine} engine does not model bounded transcendental arrangements; use "
            "--engine cpsat, or drop --region to let the kernel grow groups on the open plane")
    raise InvalidInputError(f"StarMaps are solved by the cpsat engine, not {engine}")


def rows(problem: ArrangementProblem, engine: str = "auto", tick: Tick | None = None,
         find: bool = False, order: str = "auto",
         ) -> tuple[EdgeInstance | None, Iterator[np.ndarray]]:
    """The instance and a stream of solution rows (piece per cell index, -1 for empty).

    ``find`` asks for a search ordered to reach a first solution fast (the kernel then fills
    the most constrained cell first); otherwise the kernel's cell ``order`` is ``auto``
    (chosen by probing the problem, see ``kernel.choose_dynamic``), ``static`` or ``mrv``.
    """
    name = choose_engine(problem, engine)
    if name == "grow":
        raise InvalidInputError("this problem has no region: use solutions()")
    inst = EdgeInstance.build(problem)
    if name == "kernel":
        from solver.arrange.engines.kernel import KernelSearch, choose_dynamic

        search = KernelSearch(inst, dynamic=find or choose_dynamic(inst, order))

        def run() -> Iterator[np.ndarray]:
            def report() -> None:
                if tick is not None:
                    tick(search.solutions_found, search.nodes)

            batch = 1 if find else 4096
            for block in search.batches(batch, tick=report):
                yield from block

        return inst, run()
    if name == "cpsat":
        from solver.arrange.engines import cpsat

        return inst, cpsat.rows(inst, all_solutions=not find)
    from solver.arrange.engines import constraint

    return inst, constraint.rows(inst)


def checked(arr: Arrangement, problem: ArrangementProblem) -> Arrangement:
    """The arrangement itself once ``verify`` accepts it; raises EngineFaultError otherwise."""
    fault = next(faults(arr, problem.fixed_map), None)
    if fault is not None:
        raise EngineFaultError(f"engine produced an invalid arrangement: {fault}")
    return arr


def count(problem: ArrangementProblem, engine: str = "auto",
          tick: Tick | None = None, order: str = "auto") -> int:
    """The number of solutions (the kernel counts without building any arrangement, in the
    cell ``order`` ``auto``, ``static`` or ``mrv``; see ``kernel.choose_dynamic``)."""
    name = choose_engine(problem, engine)
    if name == "kernel":
        from solver.arrange.engines.kernel import search_for

        search = search_for(EdgeInstance.build(problem), order)
        report = (lambda: tick(search.solutions_found, search.nodes)) if tick else None
        return search.count(tick=report)
    if name == "cpsat":
        from solver.arrange.engines import cpsat

        return cpsat.count(EdgeInstance.build(problem))
    if name == "grow":
        from solver.arrange.engines.grow import solutions as grow_solutions

        return sum(1 for arr in grow_solutions(problem, tick=tick)
                   if checked(arr, problem) is arr)
    _inst, stream = rows(problem, engine, tick)
    return sum(1 for _ in stream)
