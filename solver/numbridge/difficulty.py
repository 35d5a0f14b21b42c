"""Difficulty of a field: the logical techniques a human needs, and our search's node count.

A human-style solver applies the easiest technique that makes progress, then starts again from
the easiest: naked single, hidden single, locked candidates (pointing and claiming, between any
two units), naked pair, hidden pair, and for irregular blocks the law of leftovers (over ``k``
consecutive rows or columns and the ``k`` blocks that overlap them most, every digit left over
in the rows outside the blocks reappears in the blocks outside the rows). When none applies the
field needs search ("guess").

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> g = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> r = rate(Field.make(g))
>>> r.solved, r.hardest
(True, 'naked single')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzles.numbridge.field import CELLS, Field, units
from solver.numbridge.engine import search

TECHNIQUES = ["naked single", "hidden single", "locked candidates", "naked pair", "hidden pair",
              "law of leftovers"]
#: A rough numeric scale (1 = easiest), in the spirit of the Sudoku Explainer ratings.
SCALE = {"naked single": 1.0, "hidden single": 1.5, "locked candidates": 2.6, "naked pair": 3.0,
         "hidden pair": 3.4, "law of leftovers": 3.8, "guess": 9.0}


def _bits(m: int) -> list[int]:
    return [d for d in range(9) if m >> d & 1]


def _popcount(m: int) -> int:
    return bin(m).count("1")


@dataclass
class Rating:
    """The techniques used (name -> times), whether logic alone solved the field, the hardest
    technique needed, the numeric scale value and our search's node count."""

    used: dict[str, int] = field(default_factory=dict)
    solved: bool = False
    hardest: str = ""
    score: float = 0.0
    nodes: int = 0
    empty_left: int = 0
    filled: str = ""

    def to_json(self) -> dict[str, object]:
        """``{"hardest", "score", "solved_by_logic", "techniques": {name: n}, "search_nodes",
        "empty_left"}``."""
        return {"hardest": self.hardest, "score": self.score, "solved_by_logic": self.solved,
                "techniques": self.used, "search_nodes": self.nodes,
                "empty_left": self.empty_left}


class _Logic:
    def __init__(self, f: Field) -> None:
        self.units = units(f.blocks)
        self.blocks = f.blocks
        self.irregular = not f.regular
        self.peers = [sorted({x for u in self.units if c in u for x in u} - {c})
                      for c in range(CELLS)]
        self.value = [0] * CELLS
        self.cand = [511] * CELLS
        for c in range(CELLS):
            if f.givens[c] != "0":
                self.place(c, int(f.givens[c]) - 1)

    def place(self, c: int, d: int) -> None:
        self.value[c] = d + 1
        self.cand[c] = 1 << d
        for p in self.peers[c]:
            self.cand[p] &= ~(1 << d)

    def naked_single(self) -> bool:
        for c in range(CELLS):
            if not self.value[c] and _popcount(self.cand[c]) == 1:
                self.place(c, self.cand[c].bit_length() - 1)
                return True
        return False

    def hidden_single(self) -> bool:
        for u in self.units:
            for d in range(9):
                where = [c for c in u if self.cand[c] >> d & 1]
                if len(where) == 1 and not self.value[where[0]]:
                    self.place(where[0], d)
                    return True
        return False

    def locked(self) -> bool:
        for a in self.units:
            for d in range(9):
                where = {c for c in a if not self.value[c] and self.cand[c] >> d & 1}
                if len(where) < 2:
                    continue
                for b in self.units:
                    if b is a or not where <= set(b):
                        continue
                    hit = False
                    for c in b:
                        if c not in where and not self.value[c] and self.cand[c] >> d & 1:
                            self.cand[c] &= ~(1 << d)
                            hit = True
                    if hit:
                        return True
        return False

    def naked_pair(self) -> bool:
        for u in self.units:
            pairs = [c for c in u if not self.value[c] and _popcount(self.cand[c]) == 2]
            for i, c1 in enumerate(pairs):
                for c2 in pairs[i + 1:]:
                    m = self.cand[c1]
                    if self.cand[c2] != m:
                        continue
                    hit = False
                    for c in u:
                        if c not in (c1, c2) and not self.value[c] and self.cand[c] & m:
                            self.cand[c] &= ~m
                            hit = True
                    if hit:
                        return True
        return False

    def hidden_pair(self) -> bool:
        for u in self.units:
            where = {d: frozenset(c for c in u if not self.value[c] and self.cand[c] >> d & 1)
                     for d in range(9)}
            for d1 in range(9):
                if len(where[d1]) != 2:
                    continue
                for d2 in range(d1 + 1, 9):
                    if where[d2] != where[d1]:
                        continue
                    m = (1 << d1) | (1 << d2)
                    hit = False
                    for c in where[d1]:
                        if self.cand[c] & ~m:
                            self.cand[c] &= m
                            hit = True
                    if hit:
                        return True
        return False

    def leftovers(self) -> bool:
        if not self.irregular:
            return False
        for lines in (self.units[:9], self.units[9:18]):
            for k in range(1, 9):
                for start in range(0, 10 - k):
                    area = {c for u in lines[start:start + k] for c in u}
                    overlap = sorted(range(1, 10), key=lambda b: -sum(
                        1 for c in area if self.blocks[c] == str(b)))[:k]
                    chosen = {c for c in range(CELLS) if int(self.blocks[c]) in overlap}
                    inn, out = area - chosen, chosen - area
                    if not inn:
                        continue
                    if self._subset(inn, out) or self._subset(out, inn):
                        return True
        return False

    def _subset(self, a: set[int], b: set[int]) -> bool:
        allowed = 0
        for c in b:
            allowed |= self.cand[c]
        hit = False
        for c in a:
            if not self.value[c] and self.cand[c] & ~allowed:
                self.cand[c] &= allowed
                hit = True
        return hit

    def broken(self) -> bool:
        return any(m == 0 for m in self.cand)


def rate(f: Field) -> Rating:
    """Rate ``f``: techniques needed by the human-style solver and the search's node count.

    Complexity: each step scans every unit, so a rating costs milliseconds to a few tenths of a
    second in pure Python.
    """
    logic = _Logic(f)
    steps = [("naked single", logic.naked_single), ("hidden single", logic.hidden_single),
             ("locked candidates", logic.locked), ("naked pair", logic.naked_pair),
             ("hidden pair", logic.hidden_pair), ("law of leftovers", logic.leftovers)]
    r = Rating()
    while not logic.broken() and not all(logic.value):
        for name, step in steps:
            if step():
                r.used[name] = r.used.get(name, 0) + 1
                break
        else:
            break
    r.solved = all(logic.value) and not logic.broken()
    r.empty_left = logic.value.count(0)
    r.filled = "".join(str(v) for v in logic.value)
    needed = [t for t in TECHNIQUES if t in r.used]
    r.hardest = needed[-1] if r.solved and needed else ("guess" if not r.solved else "none")
    r.score = SCALE.get(r.hardest, 0.0)
    r.nodes = search(f, cap=2).nodes
    return r
