"""Verified arrangements out of engine answers: ``checked`` (one arrangement through
``puzzles.arrangements.verify``) and ``judged`` (a stream of solution rows as arrangements).

Compact rows all pass the batch judge (``solver.arrange.check.CompactJudge``, the rules on
numpy arrays) and the first ``FULL_CHECKS`` also ``verify``; other rows all go through
``verify``. Both judges share no code with the engines; a fault raises ``EngineFaultError``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING

from puzzles.arrangements import Arrangement, faults
from puzzles.errors import EngineFaultError
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:  # numpy comes with the rows
    import numpy as np

    from solver.arrange.prepared import Run

#: Compact runs check every row with the batch judge and the first rows with ``verify`` too.
FULL_CHECKS = 64


def checked(arr: Arrangement, problem: ArrangementProblem) -> Arrangement:
    """The arrangement itself once ``verify`` accepts it; raises EngineFaultError otherwise."""
    fault = next(faults(arr, problem.fixed_map), None)
    if fault is not None:
        raise EngineFaultError(f"engine produced an invalid arrangement: {fault}")
    return arr


def batches(stream: Iterator[np.ndarray], n: int, size: int = 2048) -> Iterator[np.ndarray]:
    """Rows in blocks of 1, 2, 4, ... up to ``size`` (the first solution comes out at once)."""
    import numpy as np

    take = 1
    while True:
        block = list(islice(stream, take))
        if not block:
            return
        yield np.array(block, dtype=np.int64).reshape(len(block), n)
        take = min(2 * take, size)


def judged(run: Run, stream: Iterator[np.ndarray], limit: int | None = None,
           up_to_symmetry: bool = False, verify_all: bool = False) -> Iterator[Arrangement]:
    """The rows of ``stream`` as verified arrangements of the run's problem (at most
    ``limit``); ``up_to_symmetry`` keeps one per orbit of ``run.group``; ``verify_all`` sends
    every row through ``verify`` (about 0.4 ms each)."""
    from solver.arrange.check import CompactJudge

    problem = run.problem
    inst = run.instance
    group = run.group if up_to_symmetry else None
    judge = CompactJudge(problem) if problem.kind == "compact" else None
    if judge is not None and tuple(judge.cells) != inst.cells:
        judge = None  # pragma: no cover - both list cells row by row
    emitted = 0
    for block in batches(stream, inst.n):
        if group is not None:
            block = block[group.representatives(block)]
        if judge is not None:
            fault = next((f for f in judge.faults(block) if f is not None), None)
            if fault is not None:
                raise EngineFaultError(f"engine produced an invalid arrangement: {fault}")
        for row in block:
            arr = problem.arrangement(inst.placements(row))
            # every row: the batch judge (compact) or verify(); the first rows: verify() too
            if judge is None or emitted < FULL_CHECKS or verify_all:
                arr = checked(arr, problem)
            yield arr
            emitted += 1
            if limit is not None and emitted >= limit:
                return
