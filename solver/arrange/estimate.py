"""Estimates of the number of solutions (and of the search tree) by random probes.

Two methods, both unbiased:

- ``knuth``: D. E. Knuth, "Estimating the efficiency of backtrack programs" (1975). Each probe
  walks from the root of the kernel's static search tree choosing a child uniformly at random;
  with ``m_1, m_2, ...`` children met on the way, ``1 + m_1 + m_1 m_2 + ...`` estimates the
  nodes and ``m_1 m_2 ...`` (when the probe reaches a solution, else 0) the solutions. Blind
  when solutions are rare: on the hexagon rhombus:8x8 no probe in 20,000 reaches one.
- ``tail`` (default): the probe walks in the most-constrained-cell order (each cell's children
  are the pieces that survive the forward check, so the walk avoids most dead ends) and, once
  at most ``tail`` cells are empty, counts the subtree below *exactly* instead of guessing
  (partial backtracking in the spirit of Purdom, 1978: the exact count is the expectation of a
  random walk through that subtree, so the estimate stays unbiased while the dead ends near the
  bottom, where most probes die, no longer zero it). ``tail`` is chosen by a pilot: the largest
  even tail whose exact counts stay under ``TAIL_NODES`` nodes a probe on average.

The interval is the mean plus or minus 1.96 standard errors (95% under the normal
approximation), with the lower end at least 1 once a probe has met a solution. Probe estimates
are heavy-tailed, so with few probes reaching a solution (``hits``) the interval is rough:
``Estimate.note`` says so, and when no probe reached a solution there is no estimate at all
(never "0 ± 0"). Probes are seeded: the same seed gives the same estimate.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> e = estimate(ArrangementProblem.create("square", "compact", "torus:4x4"), probes=500)
>>> e.method, e.low < 203520 < e.high  # exact count: 203,520
('tail', True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from puzzles.errors import InvalidInputError
from solver.arrange.engines.kernel import KernelSearch
from solver.arrange.prepared import Problem, Run

METHODS = ("tail", "knuth")

#: Average exact-count nodes a probe may spend on its tail (about 1 ms here).
TAIL_NODES = 4000

#: Pilot probes per tail length when the tail is chosen automatically.
PILOT_PROBES = 16

#: Below this many probes reaching a solution the interval is called rough.
FEW_HITS = 30


@dataclass(frozen=True)
class Estimate:
    """Means, standard errors and the 95% interval of the probe estimates."""

    probes: int
    seed: int
    nodes: float
    nodes_error: float
    solutions: float
    solutions_error: float
    method: str = "knuth"
    tail: int = 0
    hits: int = 0

    @property
    def low(self) -> float:
        """Lower end of the 95% interval (at least 1 once a solution was met)."""
        return max(1.0, self.solutions - 1.96 * self.solutions_error) if self.hits else 0.0

    @property
    def high(self) -> float:
        """Upper end of the 95% interval (infinite when no probe reached a solution)."""
        return self.solutions + 1.96 * self.solutions_error if self.hits else math.inf

    @property
    def note(self) -> str | None:
        """A plain warning when the estimate is weak or absent, else None."""
        if not self.hits:
            return (f"no probe reached a solution in {self.probes} probes: no estimate of the "
                    "count (there may still be solutions; `find` looks for one, more probes or "
                    "--method tail may reach them)")
        if self.hits < FEW_HITS:
            return (f"only {self.hits} of {self.probes} probes reached a solution: the "
                    "interval is rough (probe estimates are heavy-tailed); use more probes")
        return None

    def to_json(self) -> dict[str, object]:
        """``{"probes", "seed", "method", "tail", "hits", "nodes", "nodes_error", "solutions",
        "solutions_error", "low", "high", "note"}``; without hits ``solutions``, ``low`` and
        ``high`` are null."""
        return {"probes": self.probes, "seed": self.seed, "method": self.method,
                "tail": self.tail, "hits": self.hits, "nodes": self.nodes,
                "nodes_error": self.nodes_error,
                "solutions": self.solutions if self.hits else None,
                "solutions_error": self.solutions_error if self.hits else None,
                "low": self.low if self.hits else None,
                "high": self.high if self.hits else None, "note": self.note}

    def text(self) -> str:
        """One line for people."""
        if not self.hits:
            return f"no estimate: {self.note}"
        line = (f"about {self.solutions:.4g} solutions (95% interval {self.low:.4g} to "
                f"{self.high:.4g} by the normal approximation, not a guarantee; "
                f"{self.hits} of {self.probes} probes reached a solution), "
                f"search tree about {self.nodes:.4g} ± {self.nodes_error:.2g} nodes "
                f"({self.method}" + (f", exact tail of {self.tail} cells" if self.tail else "")
                + f", seed {self.seed})")
        return line + (f"\nnote: {self.note}" if self.note else "")


def _mean_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def choose_tail(search: KernelSearch, seed: int = 1, budget: int = TAIL_NODES) -> int:
    """The largest even tail whose exact counts average at most ``budget`` nodes a probe
    (``PILOT_PROBES`` pilot probes per length)."""
    rng = random.Random(seed ^ 0x5EED)
    free = len(search.order)
    best = 0
    for tail in range(2, free + 1, 2):
        spent = sum(search.probe_tail(rng.getrandbits(63), tail)[2]
                    for _ in range(PILOT_PROBES)) / PILOT_PROBES
        if spent > budget:
            break
        best = tail
    return best


def estimate(problem: Problem, probes: int = 1000, seed: int = 1,
             tick: Callable[[int], None] | None = None, method: str = "tail",
             tail: int | None = None) -> Estimate:
    """Estimate the number of solutions (and the search tree) with ``probes`` random probes.

    Parameters
    ----------
    problem : ArrangementProblem or Run
        A compact problem.
    probes, seed : int
        Number of probes and the seed of their random choices.
    tick : callable, optional
        Called with the number of probes done, every 256 probes.
    method : str
        ``tail`` (default) or ``knuth`` (see the module docstring).
    tail : int, optional
        ``tail`` method: count exactly once this many cells are empty (default: chosen by a
        pilot, ``choose_tail``).

    Raises
    ------
    InvalidInputError
        For an unknown method or a negative tail.

    Complexity: O(probes x cells x pieces per cell) plus the exact tails.
    """
    if method not in METHODS:
        raise InvalidInputError(f"unknown estimate method {method!r}; expected tail or knuth")
    if tail is not None and tail < 0:
        raise InvalidInputError("--tail must be at least 0")
    inst = Run.of(problem).instance
    rng = random.Random(seed)
    nodes: list[float] = []
    sols: list[float] = []
    if method == "knuth":
        search = KernelSearch(inst)
        used_tail = 0

        def one(s: int) -> tuple[float, float]:
            return search.probe(s)
    else:
        search = KernelSearch(inst, dynamic=True)
        used_tail = choose_tail(search, seed) if tail is None else min(tail, len(search.order))

        def one(s: int) -> tuple[float, float]:
            a, b, _ = search.probe_tail(s, used_tail)
            return a, b
    for i in range(probes):
        a, b = one(rng.getrandbits(63))
        nodes.append(a)
        sols.append(b)
        if tick is not None and i % 256 == 255:
            tick(i + 1)
    n_mean, n_err = _mean_error(nodes)
    s_mean, s_err = _mean_error(sols)
    hits = sum(1 for s in sols if s > 0)
    return Estimate(probes, seed, n_mean, n_err, s_mean, s_err, method, used_tail, hits)
