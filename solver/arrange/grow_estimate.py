"""Estimates of the number of transcendental arrangements on the open plane (random probes).

The growth search (``engines/grow.py``) lists every transcendental arrangement once up to
translation of its groups: a group grows from the smallest unused piece, and each step fills
the demanded cell with the fewest fitting pieces. A probe walks down that tree choosing a
fitting piece uniformly at random and multiplies the numbers of choices met (Knuth, 1975);
once at most ``tail`` beamed pieces are left it counts the subtree below exactly (partial
backtracking, Purdom 1978). Every probe is an unbiased estimate of the count, so the mean of
many probes is too.

Intervals:

- the normal 95% interval of the mean (``low``/``high``: a rough guide, probe estimates are
  heavy-tailed);
- a guaranteed lower bound (``markov_lower``): split the probes into ``t`` batches whose means
  ``M_1 .. M_t`` are independent, non-negative and unbiased. Markov's inequality gives
  ``P(M_i >= c N) <= 1 / c`` for each, so ``P(min M_i >= c N) <= c^-t``: the count is at
  least ``min M_i / c`` with probability at least ``1 - c^-t`` (Gomes, Hoffmann, Sabharwal and
  Selman, "From sampling to model counting", IJCAI 2007). No upper bound follows from
  unbiasedness alone.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> p = ArrangementProblem.create("square", "transcendental")
>>> e = estimate_grow(p, probes=400, seed=1, tail=6)
>>> e.low < 5005 < e.high       # exact: 5005 (exact_count(p), 10 s)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from puzzles.grids import Cell
from solver.arrange.engines.grow import FastGrowSearch, GrowSearch, _Group, _grow_search
from solver.arrange.problem import ArrangementProblem


@dataclass(frozen=True)
class GrowEstimate:
    """Probe statistics of a growth-tree estimate (see the module docstring)."""

    probes: int
    seed: int
    tail: int
    hits: int
    solutions: float
    solutions_error: float
    batch_means: tuple[float, ...]
    nodes: float

    @property
    def low(self) -> float:
        """Lower end of the normal 95% interval."""
        return max(0.0, self.solutions - 1.96 * self.solutions_error)

    @property
    def high(self) -> float:
        """Upper end of the normal 95% interval."""
        return self.solutions + 1.96 * self.solutions_error

    def markov_lower(self, c: float = 2.0) -> tuple[float, float]:
        """(bound, confidence): the count is at least ``bound`` with probability at least
        ``confidence`` = 1 - c^-t over the ``t`` batches."""
        t = len(self.batch_means)
        return min(self.batch_means) / c, 1.0 - c ** (-t)

    def to_json(self) -> dict[str, object]:
        """Everything above as a JSON object."""
        bound, conf = self.markov_lower()
        return {"probes": self.probes, "seed": self.seed, "tail": self.tail,
                "hits": self.hits, "solutions": self.solutions,
                "solutions_error": self.solutions_error, "low": self.low, "high": self.high,
                "batch_means": list(self.batch_means), "markov_lower": bound,
                "markov_confidence": conf, "nodes": self.nodes}


class _Walker(GrowSearch):
    """The growth search with a random walk and an exact counter on top."""

    def _current(self) -> _Group | None:
        return self.groups[-1] if self.groups else None

    def _open_group(self) -> bool:
        """Start the next group from the smallest unused beamed piece; False if none may."""
        left = self._remaining()
        if self.problem.single_group and self.groups:
            return False
        seed = left[0]
        cell: Cell = (1, 0) if self.orientation[seed] == "down" else (0, 0)
        g = _Group()
        self.groups.append(g)
        self._place(g, cell, seed)
        return True

    def _choice(self, g: _Group) -> tuple[Cell, list[int]] | None:
        """The most constrained demanded cell and its fitting pieces (None: a dead end)."""
        left = len(self.pieces) - len(self.used) - len(self.blanks)
        if len(g.demanded) > left:
            return None
        best: Cell | None = None
        best_c: list[int] = []
        for cell in sorted(g.demanded):
            cands = self._candidates(g, cell)
            if best is None or len(cands) < len(best_c):
                best, best_c = cell, cands
                if len(cands) <= 1:
                    break
        assert best is not None
        return best, best_c

    def count_below(self) -> int:
        """Exact number of completions of the current state (depth-first, nothing built)."""
        g = self._current()
        if g is None or not g.demanded:
            if not self._remaining():
                return 1
            if self.problem.single_group and self.groups:
                return 0
            left = self._remaining()
            seed = left[0]
            cell: Cell = (1, 0) if self.orientation[seed] == "down" else (0, 0)
            ng = _Group()
            self.groups.append(ng)
            undo = self._place(ng, cell, seed)
            total = self.count_below()
            self._unplace(ng, cell, undo)
            self.groups.pop()
            return total
        choice = self._choice(g)
        if choice is None:
            return 0
        cell, cands = choice
        total = 0
        for p in cands:
            self.nodes += 1
            undo = self._place(g, cell, p)
            total += self.count_below()
            self._unplace(g, cell, undo)
        return total

    def probe(self, rng: random.Random, tail: int) -> float:
        """One unbiased estimate of the count (the walk is undone before returning)."""
        history: list[tuple[_Group, Cell, list[tuple[Cell, int]], bool]] = []
        weight = 1
        result = 0.0
        while True:
            g = self._current()
            if g is None or not g.demanded:
                if not self._remaining():
                    result = float(weight)
                    break
                if not self._open_group():
                    break
                ng = self.groups[-1]
                seed_cell = next(iter(ng.piece))
                history.append((ng, seed_cell, [(seed_cell, 0)], True))
                continue
            if len(self._remaining()) <= tail:
                result = float(weight * self.count_below())
                break
            choice = self._choice(g)
            if choice is None or not choice[1]:
                break
            cell, cands = choice
            weight *= len(cands)
            p = rng.choice(cands)
            self.nodes += 1
            history.append((g, cell, self._place(g, cell, p), False))
        for g, cell, undo, opened in reversed(history):
            if opened:
                self.used.discard(g.piece.pop(cell))
                self.groups.pop()
            else:
                self._unplace(g, cell, undo)
        return result


Move = tuple[Cell, int] | None  # (cell, piece), or None: open the next group


class _Replayer(_Walker):
    """Nodes of the growth tree as move lists: replay a path, list its children, undo."""

    def _play(self, path: list[Move]) -> list[tuple[_Group, Cell, list[tuple[Cell, int]], bool]]:
        history: list[tuple[_Group, Cell, list[tuple[Cell, int]], bool]] = []
        for move in path:
            if move is None:
                self._open_group()
                ng = self.groups[-1]
                cell = next(iter(ng.piece))
                history.append((ng, cell, [], True))
            else:
                g = self.groups[-1]
                history.append((g, move[0], self._place(g, move[0], move[1]), False))
        return history

    def _undo(self, history: list[tuple[_Group, Cell, list[tuple[Cell, int]], bool]]) -> None:
        for g, cell, undo, opened in reversed(history):
            if opened:
                self.used.discard(g.piece.pop(cell))
                self.groups.pop()
            else:
                self._unplace(g, cell, undo)

    def children(self, path: list[Move]) -> list[Move]:
        """The moves below the node ``path`` ([] at a dead end or a solution)."""
        history = self._play(path)
        try:
            g = self._current()
            if g is None or not g.demanded:
                if not self._remaining() or (self.problem.single_group and self.groups):
                    return []
                return [None]
            choice = self._choice(g)
            if choice is None:
                return []
            return [(choice[0], p) for p in choice[1]]
        finally:
            self._undo(history)

    def exact_below(self, path: list[Move]) -> int:
        history = self._play(path)
        try:
            return self.count_below()
        finally:
            self._undo(history)


def stochastic_enumeration(problem: ArrangementProblem, budget: int = 100, seed: int = 1,
                           tail: int = 0) -> float:
    """One run of stochastic enumeration: an unbiased estimate of the count.

    Every solution places all beamed pieces, one a level (the last level also needs its open
    beams closed, so it is counted exactly like a tail). At each level the children of the
    current nodes (at most ``budget``) are listed; ``budget`` of them are kept, drawn uniformly
    without replacement, and the weight of a node is multiplied by children / kept. So
    ``weight x sum of the kept nodes' counts`` is a martingale from the root's count to the
    estimate (Rubinstein 2013; Vaisman and Kroese 2017). ``budget=1`` is Knuth's estimator;
    once at most ``tail`` beamed pieces are left every kept node is counted exactly.
    """
    walker = _Replayer(problem)
    rng = random.Random(seed)
    nodes: list[list[Move]] = [[]]
    weight = 1.0
    total_beamed = len(walker._remaining())
    depth = 0
    while nodes:
        if total_beamed - depth <= tail or depth == total_beamed:
            return weight * sum(walker.exact_below(n) for n in nodes)
        pool = [[*n, m] for n in nodes for m in walker.children(n)]
        if not pool:
            return 0.0
        kept = pool if len(pool) <= budget else rng.sample(pool, budget)
        weight *= len(pool) / len(kept)
        nodes = kept
        depth += 1
    return 0.0


def exact_count(problem: ArrangementProblem) -> int:
    """The exact number of transcendental arrangements (up to translation of groups)."""
    return _Walker(problem).count_below()


def estimate_grow(problem: ArrangementProblem, probes: int = 1000, seed: int = 1,
                  tail: int = 0, batches: int = 10,
                  tick: Callable[[int], None] | None = None) -> GrowEstimate:
    """Estimate the number of transcendental arrangements with ``probes`` random probes.

    Parameters
    ----------
    problem : ArrangementProblem
        An unbounded transcendental problem (``single_group`` honoured).
    probes, seed : int
        Number of probes and the seed of their random choices.
    tail : int
        Count exactly once at most this many beamed pieces are left.
    batches : int
        Independent batches for the Markov lower bound (``probes`` is rounded down to a
        multiple of it).
    tick : callable, optional
        Called with the number of probes done, every 100 probes.

    Complexity: O(probes x pieces x 2^sides) plus the exact tails.
    """
    walker = _Walker(problem)
    rng = random.Random(seed)
    per = max(1, probes // batches)
    values: list[float] = []
    for i in range(per * batches):
        values.append(walker.probe(rng, tail))
        if tick is not None and i % 100 == 99:
            tick(i + 1)
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.inf
    means = tuple(sum(values[b * per:(b + 1) * per]) / per for b in range(batches))
    return GrowEstimate(n, seed, tail, sum(1 for v in values if v > 0), mean,
                        math.sqrt(var / n), means, walker.nodes / n)


class FastWalker:
    """Knuth probes with an exact tail, driven through the numba growth kernel.

    The kernel (``engines.grow._grow_search``) is a resumable depth-first search with explicit
    stacks. A probe runs it one placement at a time (``max_nodes=1``): after each placement at
    depth ``d`` the probe reads the number of candidates ``ncand[d]``, draws one, makes the
    kernel place it instead (``pos[d]``) and cuts the level's other candidates
    (``ncand[d] = pos[d]``). Once at most ``tail`` beamed pieces are left it lets the kernel
    finish: every solution it then meets lies below the probe's path, so their number is the
    exact count of that subtree. Backtracking through the cut levels undoes the whole probe.
    """

    def __init__(self, problem: ArrangementProblem) -> None:
        self.k = FastGrowSearch(problem)
        self.nodes = 0

    def _run(self, max_nodes: int) -> int:
        k = self.k
        status = _grow_search(k.dq, k.dr, k.grid.oriented, k.k, k.n_beamed,
                              k.problem.single_group, 0, k.st, k.pc, k.used, k.frontier,
                              k.trail, k.state, k.grp, k.cy, k.cx, k.cand, k.ncand, k.pos,
                              k.tl, k.fl, max_nodes, k.stats)
        return int(status)

    def _finish(self) -> int:
        """Run the kernel to exhaustion; the number of solutions it met."""
        before = int(self.k.stats[0])
        while self._run(1 << 22) != 0:
            pass
        return int(self.k.stats[0]) - before

    def probe(self, rng: random.Random, tail: int) -> float:
        """One unbiased estimate of the count; the kernel's arrays are restored afterwards."""
        k = self.k
        k.state[:] = 0
        weight = 1
        nodes_before = int(k.stats[1])
        result = 0.0
        while True:
            if k.n_beamed - int(k.state[4]) <= tail:
                result = float(weight * self._finish())
                break
            status = self._run(1)
            if status == 0:  # a dead end: the kernel backtracked through every cut level
                break
            if status == 1:  # every beamed piece placed and no beam open
                result = float(weight)
                self._finish()
                break
            d = int(k.state[0]) - 1
            m = int(k.ncand[d])
            weight *= m
            j = rng.randrange(m)
            k.ncand[d] = j + 1
            if j:
                k.pos[d] = j
                k.state[0] = d
                k.state[1] = 1
                self._run(1)
        self.nodes += int(k.stats[1]) - nodes_before
        return result
