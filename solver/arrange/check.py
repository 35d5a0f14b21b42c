"""A batch judge for compact solution rows: the rules of ``puzzles.arrangements.verify`` on
numpy arrays, thousands of rows at a time.

It shares no code with the engines: the neighbour table is rebuilt here from the grid's
direction deltas and the region's wrap-around, not taken from ``EdgeInstance``. Enumeration
checks every compact row with it (``verify`` costs about 0.4 ms an arrangement, too slow when
millions stream past) and also runs ``verify`` itself on the first rows of every run.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> judge = CompactJudge(ArrangementProblem.create("square", "compact", "2x8"))
>>> import numpy as np
>>> judge.faults(np.array([list(range(16))]))[0]
'cell [1, 0]: piece 1 has a beam leaving the region'
"""

from __future__ import annotations

import numpy as np

from puzzles.grids import Cell
from solver.arrange.problem import ArrangementProblem

#: Sets whose piece numbers stay below this are checked "each piece once" by counting.
MAX_COUNTED = 256
#: Signed integer dtypes and the unsigned ones of their size (``_any_fault`` reads through).
_UNSIGNED = {np.dtype(t).str: np.dtype(u) for t, u in ((np.int32, np.uint32),
                                                        (np.int64, np.uint64))}


class CompactJudge:
    """Checks rows ``(m, n)`` of piece numbers over the region's cells in row-by-row order."""

    def __init__(self, problem: ArrangementProblem) -> None:
        assert problem.kind == "compact" and problem.region is not None
        region = problem.region
        grid = problem.piece_set.grid
        self.problem = problem
        self.cells: list[Cell] = sorted(region.cells, key=lambda c: (c[1], c[0]))
        where = {c: i for i, c in enumerate(self.cells)}
        self.pieces = np.array(sorted(problem.piece_set.numbers()), dtype=np.int64)
        self.orientation_ok = np.zeros((len(self.cells), int(self.pieces.max()) + 1), dtype=bool)
        by_number = problem.piece_set.by_number()
        for i, c in enumerate(self.cells):
            for p in self.pieces:
                self.orientation_ok[i, p] = by_number[int(p)].orientation == grid.orientation(c)
        self.pairs: list[tuple[int, int, int, int]] = []  # (i, side bit, j, facing bit)
        self.leaving: list[tuple[int, int]] = []  # (i, side bit) pointing out of the region
        for i, c in enumerate(self.cells):
            for d, (dq, dr) in grid.deltas(c).items():
                raw = (c[0] + dq, c[1] + dr)
                other = raw
                if region.wrap is not None:
                    w, h = region.wrap  # 0: no wrap that way (a cylinder)
                    other = (raw[0] % w if w else raw[0], raw[1] % h if h else raw[1])
                if other not in where:
                    if region.border == "blank":
                        self.leaving.append((i, d))
                    continue
                facing = [e for e, v in grid.deltas(raw).items() if v == (-dq, -dr)]
                self.pairs.append((i, d, where[other], facing[0]))
        self.fixed = [(where[c], p) for c, p in problem.fixed]
        # the same checks as index arrays, one numpy operation each for a whole block
        self._fixed_at = np.array([i for i, _ in self.fixed], dtype=np.intp)
        self._fixed_piece = np.array([p for _, p in self.fixed], dtype=np.int64)
        self._leave_at = np.array([i for i, _ in self.leaving], dtype=np.intp)
        self._leave_bit = np.array([d for _, d in self.leaving], dtype=np.int64)
        self._pair_at = np.array([i for i, _, _, _ in self.pairs], dtype=np.intp)
        self._pair_bit = np.array([d for _, d, _, _ in self.pairs], dtype=np.int64)
        self._pair_other = np.array([j for _, _, j, _ in self.pairs], dtype=np.intp)
        self._pair_facing = np.array([e for _, _, _, e in self.pairs], dtype=np.int64)
        # _any_fault's side checks in one gather: both sides of every pair, then the sides
        # pointing out of the region (each read as beam / no beam)
        self._sides_at = np.concatenate([self._pair_at, self._pair_other, self._leave_at])
        self._sides_bit = np.concatenate([self._pair_bit, self._pair_facing, self._leave_bit])
        self._columns = np.arange(len(self.cells))[None, :]
        # the smallest integers that hold every piece number: a block is judged in them
        top = int(self.pieces.max())
        self._small = np.uint8 if top < 1 << 8 else np.int16 if top < 1 << 15 else np.int64
        self._small_pieces = self.pieces.astype(self._small)
        self._small_bits = self._sides_bit.astype(self._small)
        # how often each number 0..top must stand in a row (every piece once), for sets of up
        # to MAX_COUNTED numbers; _any_fault sorts the rows of larger sets
        self._once: np.ndarray | None = None
        if top < MAX_COUNTED:
            self._once = np.zeros(top + 1, dtype=np.intp)
            self._once[self.pieces] = 1
        # every number 0..top a piece, one a cell: a row holding each at least once holds each
        # exactly once (its numbers add up to the cells)
        self._all_once = (self._once is not None and bool(self._once.all())
                          and len(self.cells) == len(self._once))
        self._offsets = np.zeros((0, 1), dtype=np.intp)
        # with every piece once, a set whose pieces fit every cell needs no orientation test
        self._orientations_matter = not bool(self.orientation_ok[:, self.pieces].all())

    def faults(self, rows: np.ndarray) -> list[str | None]:
        """For each row, None when it is a valid compact arrangement, else its first fault."""
        rows = np.asarray(rows)
        if rows.dtype.kind not in "iu" or rows.dtype.itemsize > 8:  # pragma: no cover
            rows = rows.astype(np.int64)
        out: list[str | None] = [None] * len(rows)
        if len(rows) == 0 or not self._any_fault(rows):
            return out
        rows = rows.astype(np.int64)
        bad = np.zeros(len(rows), dtype=bool)
        reason = np.full(len(rows), -1, dtype=np.int64)
        complete = (np.sort(rows, axis=1) == self.pieces[None, :]).all(axis=1)
        bad |= ~complete
        cols = np.arange(rows.shape[1])
        known = (rows >= 0) & (rows < self.orientation_ok.shape[1])
        oriented = self.orientation_ok[cols[None, :], np.where(known, rows, 0)] & known
        bad |= ~oriented.all(axis=1)
        for k, (i, p) in enumerate(self.fixed):
            miss = rows[:, i] != p
            reason[miss & ~bad] = 10_000 + k
            bad |= miss
        for i, d in self.leaving:
            hit = (rows[:, i] & d) != 0
            reason[hit & ~bad] = 20_000 + i * 64 + d.bit_length()
            bad |= hit
        for k, (i, d, j, e) in enumerate(self.pairs):
            clash = ((rows[:, i] & d) != 0) != ((rows[:, j] & e) != 0)
            reason[clash & ~bad] = 100_000 + k
            bad |= clash
        for r in np.nonzero(bad)[0]:
            out[int(r)] = self._explain(rows[r], int(reason[r]))
        return out

    def _any_fault(self, rows: np.ndarray) -> bool:
        """True when some row breaks a rule (the checks of ``faults``, a block at a time)."""
        unsigned = _UNSIGNED.get(rows.dtype.str)
        if unsigned is not None:  # a negative number reads as a huge one: one pass for both
            if rows.view(unsigned).max() > self.pieces[-1]:
                return True  # a number of no piece
        elif rows.min() < 0 or rows.max() > self.pieces[-1]:
            return True  # a number of no piece (and below, no number changes in ``_small``)
        if self._once is not None:  # each piece once: count the numbers of every row
            m, width = len(rows), len(self._once)
            counts = np.bincount((rows + self._row_offsets(m)).ravel(), minlength=m * width)
            if self._all_once:  # pieces 0..top on as many cells: each number at least once
                if not counts.all():
                    return True
            elif (counts.reshape(m, width) != self._once[None, :]).any():
                return True
            rows = rows.astype(self._small)
        else:  # many pieces: sort each row instead (the counts would take m x pieces)
            rows = rows.astype(self._small)
            if (np.sort(rows, axis=1) != self._small_pieces[None, :]).any():
                return True  # not each piece once
        if self._orientations_matter and not self.orientation_ok[self._columns, rows].all():
            return True
        if self.fixed and (rows[:, self._fixed_at] != self._fixed_piece[None, :]).any():
            return True
        beams = (rows[:, self._sides_at] & self._small_bits[None, :]) != 0
        pairs = len(self.pairs)
        if beams[:, 2 * pairs:].any():
            return True  # a beam leaving a blank border
        return bool((beams[:, :pairs] != beams[:, pairs:2 * pairs]).any())

    def _row_offsets(self, m: int) -> np.ndarray:
        """The column ``(i * (top + 1))`` for rows ``i < m``: row i's numbers counted apart."""
        if len(self._offsets) < m:
            assert self._once is not None
            size = max(m, 2 * len(self._offsets))
            self._offsets = (np.arange(size, dtype=np.intp) * len(self._once))[:, None]
        return self._offsets[:m]

    def _explain(self, row: np.ndarray, code: int) -> str:
        if code < 0:
            return "the pieces are not each piece of the set exactly once (or turned wrong)"
        if code < 20_000:
            i, p = self.fixed[code - 10_000]
            return f"cell {list(self.cells[i])}: piece {p} was fixed there"
        if code < 100_000:
            i = (code - 20_000) // 64
            return f"cell {list(self.cells[i])}: piece {int(row[i])} has a beam leaving the region"
        i, _d, j, _e = self.pairs[code - 100_000]
        return (f"cell {list(self.cells[i])}: piece {int(row[i])} does not match piece "
                f"{int(row[j])} at {list(self.cells[j])}")
