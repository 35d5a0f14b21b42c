"""Enumeration and counting on top of the engine interface: symmetry, parallel subproblems.

``enumerate_arrangements`` streams verified arrangements (optionally one per symmetry orbit,
optionally computed on a process pool); ``count_arrangements`` returns ``(count, distinct)``.
Both keep memory flat: rows travel in batches and only counters survive them.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> p = ArrangementProblem.create("square", "compact", "4x4")
>>> count_arrangements(p, up_to_symmetry=True)
(652, 82)
>>> sum(1 for _ in enumerate_arrangements(p, up_to_symmetry=True))
82
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from puzzles.arrangements import Arrangement
from puzzles.errors import InvalidInputError
from solver.arrange import base
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:  # imported where used: a plain count needs none of them (start-up)
    import numpy as np

    from solver.arrange.instance import EdgeInstance

Tick = Callable[[int, int], None]  # (solutions so far, nodes or subproblems done)

#: Compact runs check every row with the batch judge and the first rows with ``verify`` too.
FULL_CHECKS = 64


@dataclass(frozen=True)
class Distributed:
    """Where subproblems run beyond this process: a Dask ``scheduler`` address (None: a local
    cluster of ``jobs`` workers) and an optional SQLite ``checkpoint`` file."""

    scheduler: str | None = None
    checkpoint: Path | None = None


def _row_stream(problem: ArrangementProblem, engine: str, jobs: int, depth: int | None,
                tick: Tick | None, order: str = "auto", cluster: Distributed | None = None,
                ) -> tuple[EdgeInstance, Iterator[np.ndarray]]:
    from solver.arrange.instance import EdgeInstance

    if cluster is not None:
        if base.choose_engine(problem, engine) != "kernel":
            raise InvalidInputError("distributed runs use the kernel engine (compact)")
        from solver.arrange.cluster import run_rows

        par = (lambda done, total, found: tick(found, done)) if tick else None
        blocks = run_rows(problem, cluster.scheduler, jobs, depth, cluster.checkpoint, order,
                          par)
        return EdgeInstance.build(problem), (row for block in blocks for row in block)
    if jobs > 1:
        if base.choose_engine(problem, engine) != "kernel":
            raise InvalidInputError("--jobs runs the kernel engine (compact arrangements)")
        from solver.arrange.split import rows_parallel

        par_tick = (lambda done, total, found: tick(found, done)) if tick else None
        return EdgeInstance.build(problem), rows_parallel(problem, jobs, depth, par_tick,
                                                          order)
    inst, stream = base.rows(problem, engine, tick, order=order)
    assert inst is not None
    return inst, stream


def _batches(stream: Iterator[np.ndarray], n: int, size: int = 2048) -> Iterator[np.ndarray]:
    """Rows in blocks of 1, 2, 4, ... up to ``size`` (the first solution comes out at once)."""
    import numpy as np

    take = 1
    while True:
        block = list(islice(stream, take))
        if not block:
            return
        yield np.array(block, dtype=np.int64).reshape(len(block), n)
        take = min(2 * take, size)


def enumerate_arrangements(problem: ArrangementProblem, engine: str = "auto",
                           limit: int | None = None, up_to_symmetry: bool = False,
                           jobs: int = 1, depth: int | None = None,
                           tick: Tick | None = None, verify_all: bool = False,
                           order: str = "auto", cluster: Distributed | None = None,
                           ) -> Iterator[Arrangement]:
    """Verified arrangements, streamed; ``up_to_symmetry`` keeps one per orbit.

    Compact rows all pass the batch judge and the first ``FULL_CHECKS`` also ``verify``;
    ``verify_all`` (``--verify``) sends every row through ``verify`` (about 0.4 ms each).
    ``order`` is the kernel's cell order (``auto``, ``static``, ``mrv``; see
    ``base.ORDERS``). With ``jobs > 1`` the solutions come in the sequential order when the
    static order runs, in another order otherwise (the same solutions). ``cluster`` runs the
    subproblems on Dask with an optional checkpoint (``solver.arrange.cluster``).
    """
    from solver.arrange.check import CompactJudge
    from solver.arrange.symmetry import FreeSymmetry, SymmetryGroup

    base.check_order(order)
    if limit is not None and limit <= 0:
        return
    if base.choose_engine(problem, engine) == "grow":
        if jobs > 1:
            raise InvalidInputError("--jobs needs a region (a bounded problem)")
        from solver.arrange.engines.grow import solutions as grow_solutions

        free = FreeSymmetry(problem.piece_set.grid) if up_to_symmetry else None
        found = grow_solutions(problem, tick=tick)
        if free is not None:
            found = (a for a in found if free.is_representative(a.placements))
        for arr in islice(found, limit):
            yield base.checked(arr, problem)
        return
    inst, stream = _row_stream(problem, engine, jobs, depth, tick, order, cluster)
    group = SymmetryGroup.of(inst) if up_to_symmetry else None
    judge = CompactJudge(problem) if problem.kind == "compact" else None
    if judge is not None and tuple(judge.cells) != inst.cells:
        judge = None  # pragma: no cover - both list cells row by row
    emitted = 0
    for block in _batches(stream, inst.n):
        if group is not None:
            block = block[group.representatives(block)]
        if judge is not None:
            fault = next((f for f in judge.faults(block) if f is not None), None)
            if fault is not None:
                raise base.EngineFaultError(f"engine produced an invalid arrangement: {fault}")
        for row in block:
            arr = problem.arrangement(inst.placements(row))
            # every row: the batch judge (compact) or verify(); the first rows: verify() too
            if judge is None or emitted < FULL_CHECKS or verify_all:
                arr = base.checked(arr, problem)
            yield arr
            emitted += 1
            if limit is not None and emitted >= limit:
                return


def count_arrangements(problem: ArrangementProblem, engine: str = "auto",
                       up_to_symmetry: bool = False, jobs: int = 1, depth: int | None = None,
                       tick: Tick | None = None, order: str = "auto",
                       cluster: Distributed | None = None) -> tuple[int, int | None]:
    """``(count, distinct)``; ``distinct`` (orbits) is None unless ``up_to_symmetry``.

    ``cluster`` counts the subproblems on Dask (kernel) with an optional checkpoint."""
    if cluster is not None and not up_to_symmetry:
        if base.choose_engine(problem, engine) != "kernel":
            raise InvalidInputError("distributed runs use the kernel engine (compact)")
        from solver.arrange.cluster import run_count

        par_tick = (lambda done, total, found: tick(found, done)) if tick else None
        return run_count(problem, cluster.scheduler, jobs, depth, cluster.checkpoint, order,
                         par_tick).count, None
    name = base.choose_engine(problem, engine, counting=not up_to_symmetry)
    base.check_order(order)
    if not up_to_symmetry:
        if jobs > 1 and name != "frontier":  # the frontier count needs no second process
            if name != "kernel":
                raise InvalidInputError("--jobs runs the kernel engine (compact arrangements)")
            from solver.arrange.split import count_parallel

            par_tick = (lambda done, total, found: tick(found, done)) if tick else None
            return count_parallel(problem, jobs, depth, par_tick, order), None
        return base.count(problem, engine, tick, order), None
    from solver.arrange.symmetry import FreeSymmetry, SymmetryGroup

    if name == "grow":
        from solver.arrange.engines.grow import solutions as grow_solutions

        free = FreeSymmetry(problem.piece_set.grid)
        total = distinct = 0
        for arr in grow_solutions(problem, tick=tick):
            total += 1
            distinct += free.is_representative(base.checked(arr, problem).placements)
        return total, distinct
    inst, stream = _row_stream(problem, engine, jobs, depth, tick, order, cluster)
    group = SymmetryGroup.of(inst)
    total = distinct = 0
    for block in _batches(stream, inst.n):
        total += len(block)
        distinct += int(group.representatives(block).sum())
    return total, distinct


def count_verified(problem: ArrangementProblem, engine: str = "auto",
                   up_to_symmetry: bool = False, jobs: int = 1, depth: int | None = None,
                   tick: Tick | None = None, order: str = "auto") -> tuple[int, int | None]:
    """``count_arrangements``, then the count re-derived by enumerating every solution with
    ``verify`` on each (``--verify``); raises EngineFaultError when the two differ.

    The enumeration runs the same engine through its solution stream instead of its counter,
    so it catches a counting fault (and ``verify`` an invalid solution), not a solution that
    every path of the engine misses.
    """
    total, distinct = count_arrangements(problem, engine, up_to_symmetry, jobs, depth, tick,
                                         order)
    recount = sum(1 for _ in enumerate_arrangements(problem, engine, None, False, jobs, depth,
                                                    verify_all=True, order=order))
    if recount != total:
        raise base.EngineFaultError(f"the count {total} disagrees with {recount} verified "
                                    "solutions enumerated")
    return total, distinct
