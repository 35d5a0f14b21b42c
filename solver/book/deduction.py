"""Human-style deduction steps for compact arrangement completions (the level of a book
puzzle; "ladder" on its own means ``solver ladder``, the Elo round robin).

The solver repeats: apply the easiest technique that makes progress, then start again from the
easiest. The techniques, easiest first:

1. ``cell single``: an empty cell where exactly one unused piece fits its placed neighbours
   (and the border) -- place it.
2. ``piece single``: an unused piece that fits exactly one empty cell -- place it.
3. ``counting``: remove candidates by looking one cell further. A piece is struck from a cell
   when an empty neighbour has no candidate left whose facing side matches it (side by side
   elimination), or when two cells share the same two candidates (those two pieces leave every
   other cell); then singles on what is left.
4. ``lookahead``: for a cell with two or three candidates, try each one and run techniques 1-3;
   a candidate that leads to a cell or a piece with no place left is struck.
5. ``search``: none of the above makes progress; the reader must guess and backtrack.

The level of a puzzle is its hardest step. The cross-check is the search effort of the
uniqueness proof (kernel nodes with the most constrained cell first), see docs/books.md.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.instance import EdgeInstance
>>> full = ArrangementProblem.create("square", "compact", "4x4")
>>> rate(EdgeInstance.build(full)).hardest  # no clue at all: 652 answers
'search'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from solver.arrange.instance import EdgeInstance

TECHNIQUES = ("cell single", "piece single", "counting", "lookahead", "search")
#: The rung of each technique (1 = easiest).
RUNG = {name: i + 1 for i, name in enumerate(TECHNIQUES)}


@dataclass
class DeductionRating:
    """What the deduction needed: technique -> times used, the hardest one, the cells left
    when it stopped (0 = solved by deduction) and the cells it deduced."""

    used: dict[str, int] = field(default_factory=dict)
    hardest: str = "cell single"
    left: int = 0
    steps: int = 0
    solution: dict[int, int] = field(default_factory=dict)

    @property
    def rung(self) -> int:
        """The rung (1-5) of the hardest technique."""
        return RUNG[self.hardest]

    def to_json(self) -> dict[str, object]:
        """``{"hardest", "rung", "techniques": {...}, "steps", "cells_left"}``."""
        return {"hardest": self.hardest, "rung": self.rung, "techniques": dict(self.used),
                "steps": self.steps, "cells_left": self.left}

    def record(self, technique: str) -> None:
        """Count one step of ``technique``; the hardest so far may change."""
        self.used[technique] = self.used.get(technique, 0) + 1
        self.steps += 1
        if RUNG[technique] > self.rung:
            self.hardest = technique


def climb(steps: Sequence[Callable[[], bool]], max_rung: int, rating: DeductionRating | None,
          done: Callable[[], bool]) -> None:
    """Apply the easiest of ``steps`` (one per technique, easiest first, each returning True
    when it made progress) up to ``max_rung`` that helps, then start again from the easiest,
    until ``done()`` (which may raise on a contradiction) or no step helps."""
    while not done():
        for rung, step in enumerate(steps[:max_rung], 1):
            if step():
                if rating is not None:
                    rating.record(TECHNIQUES[rung - 1])
                break
        else:
            return


class _ContradictionError(Exception):
    pass


class _State:
    """Placed pieces and candidate sets of the empty cells."""

    def __init__(self, inst: EdgeInstance) -> None:
        self.inst = inst
        self.n, self.k = inst.n, inst.k
        self.nb = inst.nb.tolist()
        self.back = inst.back.tolist()
        self.value = [int(v) for v in inst.fixed]
        used = {v for v in self.value if v >= 0}
        self.cand: list[set[int]] = []
        for i in range(self.n):
            if self.value[i] >= 0:
                self.cand.append(set())
            else:
                self.cand.append({p for p in inst.candidates(i) if p not in used})
        for i in range(self.n):
            if self.value[i] >= 0:
                self._prune_around(i)

    def copy(self) -> _State:
        other = object.__new__(_State)
        other.inst, other.n, other.k = self.inst, self.n, self.k
        other.nb, other.back = self.nb, self.back
        other.value = list(self.value)
        other.cand = [set(c) for c in self.cand]
        return other

    def _beam(self, p: int, side: int) -> int:
        return (p >> side) & 1

    def _prune_around(self, i: int) -> None:
        p = self.value[i]
        for j in range(self.k):
            o = self.nb[i][j]
            if o >= 0 and self.value[o] < 0:
                need = self._beam(p, j)
                side = self.back[i][j]
                self.cand[o] = {q for q in self.cand[o] if self._beam(q, side) == need}
        for o in range(self.n):
            self.cand[o].discard(p)

    def place(self, i: int, p: int) -> None:
        self.value[i] = p
        self.cand[i] = set()
        self._prune_around(i)

    def empty(self) -> list[int]:
        return [i for i in range(self.n) if self.value[i] < 0]

    def check(self) -> None:
        """Raise _ContradictionError when a cell has no candidate or a piece has no cell."""
        empty = self.empty()
        left: set[int] = set()
        for i in empty:
            if not self.cand[i]:
                raise _ContradictionError
            left |= self.cand[i]
        if len(left) < len(empty):
            raise _ContradictionError

    # --- techniques: each returns True when it made progress

    def cell_single(self) -> bool:
        for i in self.empty():
            if len(self.cand[i]) == 1:
                self.place(i, next(iter(self.cand[i])))
                return True
        return False

    def piece_single(self) -> bool:
        where: dict[int, list[int]] = {}
        for i in self.empty():
            for p in self.cand[i]:
                where.setdefault(p, []).append(i)
        for p in sorted(where):
            if len(where[p]) == 1:
                self.place(where[p][0], p)
                return True
        return False

    def counting(self) -> bool:
        changed = False
        for i in self.empty():
            keep = set()
            for p in self.cand[i]:
                ok = True
                for j in range(self.k):
                    o = self.nb[i][j]
                    if o < 0 or self.value[o] >= 0:
                        continue
                    need, side = self._beam(p, j), self.back[i][j]
                    if not any(q != p and self._beam(q, side) == need for q in self.cand[o]):
                        ok = False
                        break
                if ok:
                    keep.add(p)
            if keep != self.cand[i]:
                self.cand[i] = keep
                changed = True
        pairs: dict[frozenset[int], list[int]] = {}
        for i in self.empty():
            if len(self.cand[i]) == 2:
                pairs.setdefault(frozenset(self.cand[i]), []).append(i)
        for pair, cells in pairs.items():
            if len(cells) == 2:
                for o in self.empty():
                    if o not in cells and self.cand[o] & pair:
                        self.cand[o] -= pair
                        changed = True
        return changed

    def lookahead(self, budget: int = 3) -> bool:
        for i in sorted(self.empty(), key=lambda c: len(self.cand[c])):
            if not 2 <= len(self.cand[i]) <= budget:
                continue
            for p in sorted(self.cand[i]):
                trial = self.copy()
                try:
                    trial.place(i, p)
                    trial.deduce(max_rung=3)
                except _ContradictionError:
                    self.cand[i].discard(p)
                    return True
        return False

    def deduce(self, max_rung: int, rating: DeductionRating | None = None) -> None:
        """Apply techniques up to ``max_rung`` until none helps; raise _ContradictionError."""
        def done() -> bool:
            self.check()
            return not self.empty()

        climb([self.cell_single, self.piece_single, self.counting, self.lookahead], max_rung,
              rating, done)


def rate(inst: EdgeInstance) -> DeductionRating:
    """Deduce a compact completion puzzle (its clues are the instance's fixed
    pieces); ``hardest`` is ``search`` when deduction stops before the board is full."""
    state = _State(inst)
    rating = DeductionRating()
    try:
        state.deduce(max_rung=4, rating=rating)
    except _ContradictionError:  # pragma: no cover - only for puzzles without a solution
        rating.hardest = "search"
    rating.left = len(state.empty())
    rating.solution = {i: v for i, v in enumerate(state.value) if v >= 0}
    if rating.left:
        rating.hardest = "search"
    return rating
