"""Knuth's estimate of the size of a search tree and of its number of solutions.

Each probe walks from the root of the kernel's search tree (same order, same forward checks)
choosing a child uniformly at random; with ``m_1, m_2, ...`` children met on the way,
``1 + m_1 + m_1 m_2 + ...`` is an unbiased estimate of the number of nodes and ``m_1 m_2 ...``
(when the probe reaches a solution, else 0) one of the number of solutions (D. E. Knuth,
"Estimating the efficiency of backtrack programs", 1975). Probes are seeded:
``random.Random(seed)`` draws each probe's seed, so the same seed gives the same estimate.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> e = estimate(ArrangementProblem.create("square", "compact", "4x4"), probes=4000, seed=2)
>>> round(e.solutions), round(e.solutions_error)  # exact count: 652
(679, 83)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from solver.arrange.engines.kernel import KernelSearch
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem


@dataclass(frozen=True)
class Estimate:
    """Means and standard errors of the probe estimates."""

    probes: int
    seed: int
    nodes: float
    nodes_error: float
    solutions: float
    solutions_error: float

    def to_json(self) -> dict[str, object]:
        """``{"probes", "seed", "nodes", "nodes_error", "solutions", "solutions_error"}``."""
        return {"probes": self.probes, "seed": self.seed, "nodes": self.nodes,
                "nodes_error": self.nodes_error, "solutions": self.solutions,
                "solutions_error": self.solutions_error}


def _mean_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def estimate(problem: ArrangementProblem, probes: int = 1000, seed: int = 1,
             tick: Callable[[int], None] | None = None) -> Estimate:
    """Estimate the kernel's tree size and solution count with ``probes`` random probes.

    Complexity: O(probes x cells x pieces per cell).
    """
    search = KernelSearch(EdgeInstance.build(problem))
    rng = random.Random(seed)
    nodes: list[float] = []
    sols: list[float] = []
    for i in range(probes):
        a, b = search.probe(rng.getrandbits(63))
        nodes.append(a)
        sols.append(b)
        if tick is not None and i % 256 == 255:
            tick(i + 1)
    n_mean, n_err = _mean_error(nodes)
    s_mean, s_err = _mean_error(sols)
    return Estimate(probes, seed, n_mean, n_err, s_mean, s_err)
