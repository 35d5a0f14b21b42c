"""Verified arrangements out of engine answers: ``checked`` (one arrangement through
``puzzles.arrangements.verify``), ``judged_blocks`` (blocks of solution rows through the batch
judge) and ``judged`` (those rows as verified arrangements).

Compact rows all pass the batch judge (``solver.arrange.check.CompactJudge``, the rules on
numpy arrays) and the first ``FULL_CHECKS`` also ``verify`` (each distinct row once per run:
``Run.verified_rows``); other rows all go through ``verify``. Both judges share no code with
the engines; a fault raises ``EngineFaultError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import TYPE_CHECKING

from puzzles.arrangements import Arrangement, faults, from_rows
from puzzles.errors import EngineFaultError
from puzzles.grids import Cell
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:  # numpy comes with the rows
    import numpy as np

    from solver.arrange.layout import Row
    from solver.arrange.prepared import Run

#: Compact runs check every row with the batch judge and the first rows with ``verify`` too.
FULL_CHECKS = 8
#: At most this many rows a run remembers as accepted by ``verify`` (``Run.verified_rows``).
REMEMBERED_ROWS = 64


def checked(arr: Arrangement, problem: ArrangementProblem) -> Arrangement:
    """The arrangement itself once ``verify`` accepts it; raises EngineFaultError otherwise."""
    fault = next(faults(arr, problem.fixed_map), None)
    if fault is not None:
        raise EngineFaultError(f"engine produced an invalid arrangement: {fault}")
    return arr


def batches(stream: Iterator[Row], n: int, size: int = 2048) -> Iterator[np.ndarray]:
    """Rows in blocks of 1, 2, 4, ... up to ``size`` (the first solution comes out at once)."""
    import numpy as np

    take = 1
    while True:
        block = list(islice(stream, take))
        if not block:
            return
        yield np.array(block, dtype=np.int32).reshape(len(block), n)
        take = min(2 * take, size)


def judged_blocks(run: Run, blocks: Iterator[np.ndarray], up_to_symmetry: bool = False,
                  verify_rows: bool = False) -> Iterator[np.ndarray]:
    """The blocks of solution rows (2-D, a column per cell of ``run.layout``), each row checked
    by the batch judge (compact) or, with ``verify_rows``, by ``verify`` (other kinds); with
    ``up_to_symmetry`` only one row per orbit of ``run.group`` is kept. Raises
    EngineFaultError on the first invalid row."""
    problem = run.problem
    group = run.group if up_to_symmetry else None
    judge = run.judge if problem.kind == "compact" else None
    if judge is not None and tuple(judge.cells) != run.layout.cells:
        judge = None  # pragma: no cover - both list cells row by row
    build = _builder(problem)
    cells = run.layout.cells
    for block in blocks:
        if group is not None:
            block = block[group.representatives(block)]
        if judge is not None:
            found = judge.faults(block)
            if any(found):  # a fault is a non-empty sentence
                fault = next(f for f in found if f)
                raise EngineFaultError(f"engine produced an invalid arrangement: {fault}")
        elif verify_rows:
            for row in block.tolist():
                checked(build({c: p for c, p in zip(cells, row, strict=True) if p >= 0}),
                        problem)
        yield block


def judged(run: Run, blocks: Iterator[np.ndarray], limit: int | None = None,
           up_to_symmetry: bool = False, verify_all: bool = False) -> Iterator[Arrangement]:
    """The rows of ``blocks`` as verified arrangements of the run's problem (at most
    ``limit``): compact rows all pass the batch judge (``judged_blocks``) and the first
    ``FULL_CHECKS`` also ``verify``; other rows all go through ``verify``. ``up_to_symmetry``
    keeps one per orbit of ``run.group``; ``verify_all`` sends every row through ``verify``
    (about 0.2 ms each)."""
    problem = run.problem
    cells = run.layout.cells
    if problem.kind != "compact":  # every row through verify()
        build = _builder(problem)
        emitted = 0
        for block in judged_blocks(run, blocks, up_to_symmetry):
            for row in block.tolist():
                yield checked(build({c: p for c, p in zip(cells, row, strict=True) if p >= 0}),
                              problem)
                emitted += 1
                if limit is not None and emitted >= limit:
                    return
        return
    # compact: every row passed the batch judge (which saw every cell filled); the objects are
    # made in batch, their placements on first use; the first rows go through verify() too,
    # once per run: a row verify() accepted is remembered (the check reads only the row and
    # the problem, so the same row again would be the same check)
    template = problem.arrangement({})
    left = limit
    checks = FULL_CHECKS
    seen = run.verified_rows
    for block in judged_blocks(run, blocks, up_to_symmetry):
        rows = block.tolist() if left is None or left >= len(block) else block[:left].tolist()
        made = from_rows(template, cells, rows)
        if verify_all:
            for arr in made:
                yield checked(arr, problem)
        elif checks > 0:
            first = min(checks, len(rows))
            checks -= first
            for arr, row in zip(islice(made, first), rows[:first], strict=True):
                key = tuple(row)
                if key not in seen:
                    arr = checked(arr, problem)
                    if len(seen) < REMEMBERED_ROWS:
                        seen.add(key)
                yield arr
            yield from made  # the rest of the block
        else:
            yield from made
        if left is not None:
            left -= len(rows)
            if left <= 0:
                return


def _builder(problem: ArrangementProblem) -> Callable[[dict[Cell, int]], Arrangement]:
    """``placements -> Arrangement`` of ``problem`` (``problem.arrangement`` without its
    copy of the placements)."""
    set_name, kind, region = problem.set_name, problem.kind, problem.region
    single, apart = problem.single_group, problem.no_adjacent
    return lambda placements: Arrangement(set_name, kind, placements, region, single, apart)
