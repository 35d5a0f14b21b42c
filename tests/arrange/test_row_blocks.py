"""The arrays path: ``row_blocks`` streams checked numpy blocks; ``solutions`` builds verified
objects from the same blocks; an invalid row is caught by the batch judge."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pytest

from puzzles.errors import EngineFaultError
from solver.arrange import ArrangementProblem, cells, row_blocks, solutions
from solver.arrange.engines.builtin import KernelEngine
from solver.arrange.prepared import Run

SQUARE = ArrangementProblem.create("square", "compact", "4x4")
BOUNDED = ArrangementProblem.create("square", "transcendental", "5x5")


def test_row_blocks_hold_the_solutions() -> None:
    blocks = list(row_blocks(SQUARE))
    assert [len(b) for b in blocks[:3]] == [1, 2, 4]  # the first solution comes out at once
    assert all(b.dtype == np.int32 and b.shape[1] == 16 for b in blocks)
    rows = {tuple(r) for b in blocks for r in b.tolist()}
    objects = {tuple(a.placements[c] for c in cells(SQUARE)) for a in solutions(SQUARE)}
    assert len(rows) == 652 and rows == objects


def test_row_blocks_up_to_symmetry() -> None:
    assert sum(len(b) for b in row_blocks(SQUARE, up_to_symmetry=True)) == 82


def test_rows_of_bounded_transcendental_arrangements_are_verified() -> None:
    blocks = list(row_blocks(BOUNDED, engine="cpsat"))
    rows = [r for b in blocks for r in b.tolist()]
    assert rows and all(-1 in r for r in rows)  # 16 pieces on 25 cells
    found = sum(1 for _ in solutions(BOUNDED, engine="cpsat"))
    assert len(rows) == len(set(map(tuple, rows))) == found


class SwappingEngine(KernelEngine):
    """The kernel, but the 100th row has two pieces swapped (a wrong arrangement)."""

    def rows(self, run: Run, tick: object = None, find: bool = False) -> Iterator[Sequence[int]]:
        for i, row in enumerate(super().rows(run)):
            if i == 99:
                row = (row[1], row[0], *row[2:])
            yield row

    def blocks(self, run: Run, tick: object = None) -> Iterator[np.ndarray]:
        from solver.arrange.verified import batches

        return batches(iter(self.rows(run)), run.layout.n)


def test_a_wrong_row_is_caught_in_both_paths() -> None:
    with pytest.raises(EngineFaultError, match="invalid arrangement"):
        sum(len(b) for b in row_blocks(SQUARE, engine=SwappingEngine("static")))
    with pytest.raises(EngineFaultError, match="invalid arrangement"):
        sum(1 for _ in solutions(SQUARE, engine=SwappingEngine("static")))
    assert sum(1 for _ in solutions(SQUARE, engine=KernelEngine("static"))) == 652
