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
    assert [len(b) for b in blocks] == [650, 2]  # the 652 in the first FIRST_NODES nodes, then
    assert all(b.dtype == np.int32 and b.shape[1] == 16 for b in blocks)
    rows = {tuple(r) for b in blocks for r in b.tolist()}
    objects = {tuple(a.placements[c] for c in cells(SQUARE)) for a in solutions(SQUARE)}
    assert len(rows) == 652 and rows == objects


def test_a_first_block_comes_out_after_few_nodes() -> None:
    """A search call stops at a full block or after FIRST_NODES nodes, then twice as many:
    a first solution is not held back for a full block of a sparse enumeration."""
    from solver.arrange.engines import builtin

    sparse = Run(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"))
    engine = KernelEngine("static")
    first = next(engine.blocks(sparse))
    assert 1 <= len(first) < builtin.BLOCK_ROWS
    search = KernelEngine("static").search(sparse)  # the nodes to the first solution alone
    assert search.fill(np.empty((1, sparse.layout.n), dtype=np.int32), 1 << 40)[1] == 1
    assert search.nodes < engine.nodes <= 2 * search.nodes + builtin.FIRST_NODES


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


@pytest.mark.parametrize("bad, fault", [
    (256, "not each piece of the set exactly once"),  # 256 is 0 in a byte: still refused
    (-256, "not each piece of the set exactly once"),
    (1 << 20, "not each piece of the set exactly once"),
])
def test_the_judge_refuses_numbers_of_no_piece(bad: int, fault: str) -> None:
    """The judge reads a block in the smallest integers holding every piece number, after
    refusing any number out of their range (a piece 0 written as 256 does not pass)."""
    run = Run(SQUARE)
    block = next(KernelEngine("static").blocks(run)).astype(np.int64)
    assert run.judge.faults(block[:3]) == [None] * 3
    row = block[:1].copy()
    row[0, int(np.flatnonzero(row[0] == 0)[0])] = bad
    assert fault in str(run.judge.faults(row)[0])


def test_solutions_objects_are_made_in_batch_and_equal_eager_ones() -> None:
    """``solutions`` makes its compact objects by ``from_rows``: the placements dict of each
    is built when first read, and the objects equal (and print as) eager arrangements."""
    import pickle

    from puzzles.arrangements import Arrangement, from_rows

    lazy = list(solutions(SQUARE, limit=40))
    assert all(type(a) is Arrangement for a in lazy)
    assert "_row" in vars(lazy[-1]) and "placements" not in vars(lazy[-1])
    eager = [SQUARE.arrangement(dict(a.placements)) for a in lazy]
    assert "placements" in vars(lazy[-1]) and "_row" not in vars(lazy[-1])
    assert lazy == eager and [repr(a) for a in lazy] == [repr(a) for a in eager]
    row = [eager[0].placements[c] for c in cells(SQUARE)]
    made = next(from_rows(SQUARE.arrangement({}), cells(SQUARE), [row]))
    assert pickle.loads(pickle.dumps(made)) == eager[0] == made
    assert made.to_json() == eager[0].to_json()
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        made.nothing  # noqa: B018
