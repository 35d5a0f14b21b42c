"""Deduction steps and search for open completions: transcendental arrangements inside a
region and StarMaps.

In both kinds a piece's beams are fixed by *where the pieces stand*: looking from a cell along
side ``d`` (transcendental: the next cell only; StarMap: the whole straight line to the board's
edge) the side carries a beam exactly when an occupied cell is met. So the state of a puzzle is
a tri-state occupancy per cell (occupied, empty, unknown) plus the pieces placed; a cell's
*options* are the unused pieces whose beams agree with what its lines can still see
(``required <= beams <= allowed``), and ``empty`` when the cell may stay empty. The lines are
built here from the grid's directions and the region's cells, not from ``EdgeInstance``.

Bookkeeping after every step (not a technique): a placed piece's blank side empties its line,
a beam whose line has one cell left that may hold a piece occupies that cell, and when every
piece is placed the other cells are empty.

The deduction steps (those of ``solver.book.deduction`` generalised), easiest first:

1. ``cell single``: a cell with one option left (one piece, or empty) -- take it.
2. ``piece single``: an unused piece that fits one cell -- place it.
3. ``counting``: strike a piece from a cell when one of its beams has no cell left that could
   look back (side-by-side support); two cells that must hold a piece and share the same two
   candidates take those two pieces from every other cell (pairs); when the cells that must or
   may hold a piece are exactly as many as the pieces left, they all hold one, and when the
   cells that must are as many, the others are empty (counting pieces).
4. ``lookahead``: try each option of a cell with 2-3 options and run 1-3; an option that leads
   to a contradiction is struck.
5. ``search``: none of the above makes progress.

``count(problem, limit)`` is the search engine of the open books: depth first, the cell with
the fewest options first (most constrained), bookkeeping only; its node counter is the search
effort the deduction is cross-checked against.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> p = ArrangementProblem.create("square", "transcendental", "6x6")
>>> rate(p).hardest  # no piece given: many answers
'search'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from puzzles.errors import InvalidInputError
from puzzles.grids import Cell
from solver.arrange.problem import ArrangementProblem
from solver.book.deduction import DeductionRating, climb

#: The option "no piece on this cell".
EMPTY = -1


class _ContradictionError(Exception):
    pass


class SearchBudgetError(InvalidInputError):
    """The open search spent its node budget before it decided."""


@dataclass(frozen=True)
class OpenBoard:
    """The geometry of an open completion: cells, lines of sight, pieces by cell type."""

    problem: ArrangementProblem
    cells: tuple[Cell, ...]
    k: int
    lines: tuple[tuple[tuple[int, ...], ...], ...]  # lines[i][j]: cells seen from i along side j
    back: tuple[tuple[int, ...], ...]  # back[i][j]: side of the cells of lines[i][j] facing i
    offset: tuple[int, ...]  # piece number = beams + offset
    pieces: frozenset[int]
    _fitting: dict[tuple[int, int, int], frozenset[int]] = field(compare=False, repr=False)

    @classmethod
    def build(cls, problem: ArrangementProblem) -> OpenBoard:
        """The board of a bounded transcendental or StarMap problem.

        Raises InvalidInputError for other kinds, a missing region or the options
        ``single_group``/``no_adjacent`` (not modelled here).
        """
        if problem.kind not in ("transcendental", "starmap") or problem.region is None:
            raise InvalidInputError("open completions need a transcendental or StarMap problem "
                                    "with a region")
        if problem.single_group or problem.no_adjacent:
            raise InvalidInputError("the open deduction does not model single_group/no_adjacent")
        grid = problem.piece_set.grid
        region = problem.region
        cells = tuple(region.ordered_cells)
        index = {c: i for i, c in enumerate(cells)}
        k = grid.side_count
        lines, backs, offsets = [], [], []
        for c in cells:
            row, brow = [], []
            for d in grid.directions(c):
                line: list[int] = []
                here = c
                while True:
                    here = grid.neighbour(here, d)
                    if here not in index:
                        break
                    line.append(index[here])
                    if problem.kind == "transcendental":
                        break
                row.append(tuple(line))
                brow.append(grid.opposite(c, d).bit_length() - 1)
            lines.append(tuple(row))
            backs.append(tuple(brow))
            offsets.append(1 << k if grid.orientation(c) == "down" else 0)
        return cls(problem, cells, k, tuple(lines), tuple(backs), tuple(offsets),
                   frozenset(problem.piece_set.numbers()), {})

    def fitting(self, req: int, allow: int, offset: int) -> frozenset[int]:
        """The pieces of the set with ``req <= beams <= allow`` (cached)."""
        key = (req, allow, offset)
        hit = self._fitting.get(key)
        if hit is None:
            free = allow & ~req
            out = set()
            s = free
            while True:
                p = (req | s) + offset
                if p in self.pieces:
                    out.add(p)
                if s == 0:
                    break
                s = (s - 1) & free
            hit = self._fitting[key] = frozenset(out)
        return hit


class OpenState:
    """Occupancy, placed pieces and struck candidates of one open completion."""

    def __init__(self, board: OpenBoard) -> None:
        self.board = board
        n = len(board.cells)
        self.n, self.k = n, board.k
        self.full = (1 << board.k) - 1
        self.occ = [-1] * n
        self.value = [-1] * n
        self.struck: list[set[int]] = [set() for _ in range(n)]
        self.used: set[int] = set()
        self.placed: list[int] = []
        self.settled: set[int] = set()  # placed cells whose lines are all decided
        index = {c: i for i, c in enumerate(board.cells)}
        for c, p in board.problem.fixed:
            self.place(index[c], p)

    def copy(self) -> OpenState:
        other = object.__new__(OpenState)
        other.board, other.n, other.k, other.full = self.board, self.n, self.k, self.full
        other.occ = list(self.occ)
        other.value = list(self.value)
        other.struck = [set(s) for s in self.struck]
        other.used = set(self.used)
        other.placed = list(self.placed)
        other.settled = set(self.settled)
        return other

    # --- the state

    def place(self, i: int, p: int) -> None:
        if self.occ[i] == 0 or p in self.used:
            raise _ContradictionError
        self.occ[i] = 1
        self.value[i] = p
        self.used.add(p)
        self.placed.append(i)

    def set_empty(self, i: int) -> None:
        if self.occ[i] == 1:
            raise _ContradictionError
        self.occ[i] = 0

    def open_cells(self) -> list[int]:
        """Cells not decided yet (no piece placed, not known empty)."""
        return [i for i in range(self.n) if self.value[i] < 0 and self.occ[i] != 0]

    def candidates(self, i: int) -> set[int]:
        """Unused, unstruck pieces whose beams agree with what the lines of ``i`` may see."""
        req = allow = 0
        occ = self.occ
        bit = 1
        for line in self.board.lines[i]:  # one pass per line: sees a piece / may see one
            for o in line:
                v = occ[o]
                if v == 1:
                    req |= bit
                    allow |= bit
                    break
                if v == -1:
                    allow |= bit
            bit <<= 1
        if req & ~allow:  # pragma: no cover - a line cannot both see and not see
            return set()
        fits = self.board.fitting(req, allow, self.board.offset[i])
        return set(fits) - self.used - self.struck[i]

    def options(self, i: int) -> list[int]:
        """The pieces that may stand on ``i``, then EMPTY when it may stay empty."""
        out = sorted(self.candidates(i))
        if self.occ[i] != 1:
            out.append(EMPTY)
        return out

    def take(self, i: int, option: int) -> None:
        if option == EMPTY:
            self.set_empty(i)
        else:
            self.place(i, option)

    def bookkeeping(self) -> None:
        """Apply what placed pieces and the piece count force, to a fixed point; raise
        _ContradictionError on a broken rule."""
        occ, lines = self.occ, self.board.lines
        total = len(self.board.pieces)
        settled = self.settled
        changed = True
        while changed:
            changed = False
            for i in self.placed:
                if i in settled:  # every line of the piece decided: nothing more to force
                    continue
                beams = self.value[i] & self.full
                done = True
                for j, line in enumerate(lines[i]):
                    if beams >> j & 1:
                        maybe, unknown = -1, 0
                        for o in line:
                            v = occ[o]
                            if v == 1:
                                break
                            if v == -1:
                                maybe, unknown = o, unknown + 1
                        else:  # no piece seen yet
                            if unknown == 0:
                                raise _ContradictionError
                            if unknown == 1:
                                occ[maybe] = 1
                                changed = True
                            else:
                                done = False
                    else:
                        for o in line:
                            v = occ[o]
                            if v == 1:
                                raise _ContradictionError
                            if v == -1:
                                occ[o] = 0
                                changed = True
                if done:
                    settled.add(i)
            if len(self.used) == total:
                for i in range(self.n):
                    if self.value[i] < 0:
                        if occ[i] == 1:
                            raise _ContradictionError
                        if occ[i] == -1:
                            occ[i] = 0
                            changed = True
        n_occ = sum(1 for o in occ if o == 1)
        n_unknown = sum(1 for o in occ if o == -1)
        if n_occ > total or n_occ + n_unknown < total:
            raise _ContradictionError

    def check(self) -> dict[int, list[int]]:
        """Bookkeeping, then the options of every open cell; raise _ContradictionError when a
        cell has no option or an unused piece no cell."""
        self.bookkeeping()
        options = {i: self.options(i) for i in self.open_cells()}
        if any(not o for o in options.values()):
            raise _ContradictionError
        fits: set[int] = set()
        for opts in options.values():
            fits.update(o for o in opts if o != EMPTY)
        if len(fits) < len(self.board.pieces) - len(self.used):
            raise _ContradictionError
        return options

    def solved(self) -> bool:
        return len(self.used) == len(self.board.pieces) and not self.open_cells()

    # --- techniques: each returns True when it made progress

    def cell_single(self, options: dict[int, list[int]]) -> bool:
        for i, opts in options.items():
            if len(opts) == 1:
                self.take(i, opts[0])
                return True
        return False

    def piece_single(self, options: dict[int, list[int]]) -> bool:
        where: dict[int, list[int]] = {}
        for i, opts in options.items():
            for p in opts:
                if p != EMPTY:
                    where.setdefault(p, []).append(i)
        for p in sorted(where):
            if len(where[p]) == 1:
                self.place(where[p][0], p)
                return True
        return False

    def _supported(self, i: int, p: int, j: int, options: dict[int, list[int]]) -> bool:
        """Can the beam of ``p`` on side ``j`` of cell ``i`` meet a piece that looks back?"""
        back = self.board.back[i][j]
        for o in self.board.lines[i][j]:
            if self.occ[o] == 0:
                continue
            if self.value[o] >= 0:
                return True
            if any(q != EMPTY and q != p and q >> back & 1 for q in options.get(o, ())):
                return True
            if self.occ[o] == 1:  # a piece stands here for sure, and it cannot look back
                return False
        return False

    def counting(self, options: dict[int, list[int]]) -> bool:
        changed = False
        for i, opts in options.items():
            for p in opts:
                if p == EMPTY:
                    continue
                beams = p & self.full
                if any(beams >> j & 1 and not self._supported(i, p, j, options)
                       for j in range(self.k)):
                    self.struck[i].add(p)
                    changed = True
        if changed:
            return True
        pairs: dict[frozenset[int], list[int]] = {}
        for i, opts in options.items():
            if self.occ[i] == 1 and len(opts) == 2:
                pairs.setdefault(frozenset(opts), []).append(i)
        for pair, cells in pairs.items():
            if len(cells) == 2:
                for o, opts in options.items():
                    if o not in cells and pair & set(opts):
                        self.struck[o] |= pair
                        changed = True
        if changed:
            return True
        left = len(self.board.pieces) - len(self.used)
        must = [i for i in options if self.occ[i] == 1]
        may = [i for i, opts in options.items() if self.occ[i] == -1 and len(opts) > 1]
        if may and len(must) == left:
            for i in may:
                self.set_empty(i)
            return True
        if may and len(must) + len(may) == left:
            for i in may:
                self.occ[i] = 1
            return True
        return False

    def lookahead(self, options: dict[int, list[int]], budget: int = 3) -> bool:
        for i in sorted(options, key=lambda c: len(options[c])):
            if not 2 <= len(options[i]) <= budget:
                continue
            for option in options[i]:
                trial = self.copy()
                try:
                    trial.take(i, option)
                    trial.deduce(max_rung=3)
                except _ContradictionError:
                    if option == EMPTY:
                        self.occ[i] = 1
                    else:
                        self.struck[i].add(option)
                    return True
        return False

    def deduce(self, max_rung: int, rating: DeductionRating | None = None) -> None:
        """Apply techniques up to ``max_rung`` until none helps; raise _ContradictionError."""
        options: dict[int, list[int]] = {}

        def done() -> bool:
            nonlocal options
            options = self.check()
            return self.solved()

        climb([lambda: self.cell_single(options), lambda: self.piece_single(options),
               lambda: self.counting(options), lambda: self.lookahead(options)], max_rung,
              rating, done)


def rate(problem: ArrangementProblem) -> DeductionRating:
    """Deduce an open completion (its clues are the problem's fixed pieces).

    ``hardest`` is ``search`` when deduction stops before the board is decided;
    ``solution`` maps cell index -> piece for every piece deduced (empty cells left out).
    """
    state = OpenState(OpenBoard.build(problem))
    rating = DeductionRating()
    try:
        state.deduce(max_rung=4, rating=rating)
    except _ContradictionError:  # pragma: no cover - only for puzzles without a solution
        rating.hardest = "search"
    rating.left = len(state.open_cells())
    rating.solution = {i: v for i, v in enumerate(state.value) if v >= 0}
    if rating.left or not state.solved():
        rating.hardest = "search"
    return rating


def count(problem: ArrangementProblem, limit: int = 2, max_nodes: int = 10_000_000,
          rng: random.Random | None = None) -> tuple[int, int, list[dict[Cell, int]]]:
    """Search for completions, the cell with the fewest options first (ties: the first cell;
    with ``rng``, the options of a cell in a seeded random order, for random answers).

    Returns
    -------
    (solutions found up to ``limit``, nodes, the solutions as cell -> piece)

    Raises
    ------
    SearchBudgetError
        When the search spends more than ``max_nodes`` (the count would be unknown).
    """
    board = OpenBoard.build(problem)
    found: list[dict[Cell, int]] = []
    nodes = 0

    def walk(state: OpenState) -> None:
        nonlocal nodes
        try:
            options = state.check()
        except _ContradictionError:
            return
        if state.solved():
            found.append({board.cells[i]: v for i, v in enumerate(state.value) if v >= 0})
            return
        i = min(options, key=lambda c: (len(options[c]), c))
        order = options[i]
        if rng is not None:
            rng.shuffle(order)
        for option in order:
            nodes += 1
            if nodes > max_nodes:
                raise SearchBudgetError(f"the open search spent more than {max_nodes} nodes")
            child = state.copy()
            try:
                child.take(i, option)
            except _ContradictionError:
                continue
            walk(child)
            if len(found) >= limit:
                return

    walk(OpenState(board))
    return len(found), nodes, found
