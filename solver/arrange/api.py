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

from collections.abc import Callable, Iterator
from itertools import islice

import numpy as np

from puzzles.arrangements import Arrangement, faults
from puzzles.errors import InfeasibleError, InvalidInputError, PuzzleError
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem

#: Engine names accepted by ``--engine`` (``auto`` picks the fastest for the job).
ENGINES = ("auto", "kernel", "cpsat", "constraint")

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
         find: bool = False) -> tuple[EdgeInstance | None, Iterator[np.ndarray]]:
    """The instance and a stream of solution rows (piece per cell index, -1 for empty).

    ``find`` asks for a search ordered to reach a first solution fast (the kernel then fills
    the most constrained cell first).
    """
    name = choose_engine(problem, engine)
    if name == "grow":
        raise InvalidInputError("this problem has no region: use solutions()")
    inst = EdgeInstance.build(problem)
    if name == "kernel":
        from solver.arrange.engines.kernel import KernelSearch

        search = KernelSearch(inst, dynamic=find)

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
        from solver.arrange.run import enumerate_arrangements

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


def count(problem: ArrangementProblem, engine: str = "auto",
          tick: Tick | None = None) -> int:
    """The number of solutions (the kernel counts without building any arrangement)."""
    name = choose_engine(problem, engine)
    if name == "kernel":
        from solver.arrange.engines.kernel import KernelSearch

        search = KernelSearch(EdgeInstance.build(problem))
        report = (lambda: tick(search.solutions_found, search.nodes)) if tick else None
        return search.count(tick=report)
    if name == "cpsat":
        from solver.arrange.engines import cpsat

        return cpsat.count(EdgeInstance.build(problem))
    return sum(1 for _ in solutions(problem, engine=engine, tick=tick))
