"""Engine dispatch shared by the interface and the enumeration layer: which engine runs, the
stream of solution rows, the check of each arrangement and counting."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from puzzles.arrangements import Arrangement, faults
from puzzles.errors import EngineFaultError, InvalidInputError
from solver.arrange.orders import ENGINES, check_order
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:  # numpy and the instance arrays are imported by the engines that use them
    import numpy as np

    from solver.arrange.instance import EdgeInstance

#: The frontier count takes sets whose piece numbers are below this (the 16-piece sets).
FRONTIER_MAX_PIECES = 20

Tick = Callable[[int, int], None]  # (solutions so far, nodes so far)

__all__ = ["ENGINES", "EngineFaultError", "Tick", "checked", "choose_engine", "count", "rows"]


def frontier_applies(problem: ArrangementProblem) -> bool:
    """True when the frontier count takes the problem: compact, a 16-piece set (square,
    triangle; the piece mask must fit in the state beside the open edges)."""
    return (problem.kind == "compact"
            and max(p.number for p in problem.piece_set.pieces) < FRONTIER_MAX_PIECES)


def choose_engine(problem: ArrangementProblem, engine: str = "auto",
                  counting: bool = False) -> str:
    """The engine that will run: ``auto`` becomes the fastest one that supports the problem.

    ``counting``: the job is a plain count (no arrangement is needed), so ``auto`` takes the
    frontier dynamic program where it applies (``frontier_applies``).

    Raises InvalidInputError for an unknown engine or one that cannot model the problem.
    """
    if engine not in ENGINES:
        raise InvalidInputError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    kind = problem.kind
    if engine == "frontier":
        if not counting:
            raise InvalidInputError(
                "the frontier engine only counts (solver arrange count, without "
                "--up-to-symmetry): it builds no arrangement")
        if not frontier_applies(problem):
            raise InvalidInputError(
                "the frontier engine counts compact arrangements of the square and triangle "
                f"sets; use the kernel for the {problem.set_name} set")
        return engine
    if kind == "compact":
        if engine == "auto":
            return "frontier" if counting and frontier_applies(problem) else "kernel"
        return engine
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
    from solver.arrange.instance import EdgeInstance

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
    name = choose_engine(problem, engine, counting=True)
    check_order(order)
    if name == "frontier":
        from solver.arrange.engines import frontier
        from solver.arrange.layout import EdgeLayout

        layout = EdgeLayout.build(problem)  # plain Python: a small count never imports numpy
        states = (lambda _cells, n: tick(0, n)) if tick else None
        try:
            return frontier.count(layout, states)
        except MemoryError:
            if engine == "frontier":
                raise InvalidInputError(
                    "the frontier count needs too many states here; use --engine kernel"
                ) from None
            name = "kernel"
    from solver.arrange.instance import EdgeInstance

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
