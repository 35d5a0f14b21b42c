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
from itertools import islice

from puzzles.arrangements import Arrangement
from puzzles.errors import EngineFaultError, InvalidInputError
from solver.arrange.engine import BoundedEngine, Distributed, Engine
from solver.arrange.engines import engine_of
from solver.arrange.orders import check_order
from solver.arrange.prepared import Problem, Run

Tick = Callable[[int, int], None]  # (solutions so far, nodes or subproblems done)

__all__ = ["Distributed", "count_arrangements", "count_verified", "enumerate_arrangements"]


def enumerate_arrangements(problem: Problem, engine: Engine | str = "auto",
                           limit: int | None = None, up_to_symmetry: bool = False,
                           jobs: int = 1, depth: int | None = None,
                           tick: Tick | None = None, verify_all: bool = False,
                           order: str = "auto", cluster: Distributed | None = None,
                           ) -> Iterator[Arrangement]:
    """Verified arrangements, streamed; ``up_to_symmetry`` keeps one per orbit.

    Compact rows all pass the batch judge and the first ``FULL_CHECKS`` also ``verify``;
    ``verify_all`` (``--verify``) sends every row through ``verify`` (``verified.judged``).
    ``engine`` is an engine object or a name (with the kernel's cell ``order``: ``auto``,
    ``static``, ``mrv``; see ``solver.arrange.orders``). With ``jobs > 1`` the solutions come
    in the sequential order when the static order runs, in another order otherwise (the same
    solutions). ``cluster`` runs the subproblems on Dask with an optional checkpoint
    (``solver.arrange.cluster``).
    """
    check_order(order)
    if limit is not None and limit <= 0:
        return
    run = Run.of(problem)
    chosen = engine_of(engine, order).choose(run.problem, "solutions")
    if not isinstance(chosen, BoundedEngine):
        if jobs > 1:
            raise InvalidInputError("--jobs needs a region (a bounded problem)")
        from solver.arrange.symmetry import FreeSymmetry  # local: start-up

        found = chosen.solutions(run, tick=tick)
        if up_to_symmetry:
            free = FreeSymmetry(run.problem.piece_set.grid)
            found = (a for a in found if free.is_representative(a.placements))
        yield from islice(found, limit)
        return
    from solver.arrange.verified import judged  # local: here: a count needs no judge

    yield from judged(run, chosen.parallel_blocks(run, jobs, depth, tick, cluster), limit,
                      up_to_symmetry, verify_all)


def count_arrangements(problem: Problem, engine: Engine | str = "auto",
                       up_to_symmetry: bool = False, jobs: int = 1, depth: int | None = None,
                       tick: Tick | None = None, order: str = "auto",
                       cluster: Distributed | None = None) -> tuple[int, int | None]:
    """``(count, distinct)``; ``distinct`` (orbits) is None unless ``up_to_symmetry``.

    ``engine``: an engine object or a name (with the kernel's cell ``order``). ``cluster``
    counts the subproblems on Dask (kernel) with an optional checkpoint."""
    run = Run.of(problem)
    engine = engine_of(engine, order)
    if cluster is not None and not up_to_symmetry:
        chosen = engine.choose(run.problem, "solutions")
        return chosen.cluster_count(run, cluster, jobs, depth, tick), None
    chosen = engine.choose(run.problem, "solutions" if up_to_symmetry else "count")
    if not up_to_symmetry:
        return chosen.parallel_count(run, jobs, depth, tick), None
    if not isinstance(chosen, BoundedEngine):
        from solver.arrange.symmetry import FreeSymmetry  # local: start-up

        free = FreeSymmetry(run.problem.piece_set.grid)
        total = distinct = 0
        for arr in chosen.solutions(run, tick=tick):
            total += 1
            distinct += free.is_representative(arr.placements)
        return total, distinct
    group = run.group
    total = distinct = 0
    for block in chosen.parallel_blocks(run, jobs, depth, tick, cluster):
        total += len(block)
        distinct += int(group.representatives(block).sum())
    return total, distinct


def count_verified(problem: Problem, engine: Engine | str = "auto",
                   up_to_symmetry: bool = False, jobs: int = 1, depth: int | None = None,
                   tick: Tick | None = None, order: str = "auto") -> tuple[int, int | None]:
    """``count_arrangements``, then the count re-derived by enumerating every solution with
    ``verify`` on each (``--verify``); raises EngineFaultError when the two differ.

    The enumeration runs the same engine through its solution stream instead of its counter,
    so it catches a counting fault (and ``verify`` an invalid solution), not a solution that
    every path of the engine misses.
    """
    run = Run.of(problem)
    engine = engine_of(engine, order)
    total, distinct = count_arrangements(run, engine, up_to_symmetry, jobs, depth, tick)
    recount = sum(1 for _ in enumerate_arrangements(run, engine, None, False, jobs, depth,
                                                    verify_all=True))
    if recount != total:
        raise EngineFaultError(f"the count {total} disagrees with {recount} verified "
                               "solutions enumerated")
    return total, distinct
