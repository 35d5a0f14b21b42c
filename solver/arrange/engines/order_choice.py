"""The kernel's cell order ``auto``: Knuth probes of both trees, as many as the search is worth.

``prefers_dynamic`` probes the static search and the most-constrained (``mrv``) one with the
same seeds, in rounds of ``PROBE_ROUND``, and compares the estimated trees, the ``mrv`` one
weighted by its backend's cost per node (``MRV_NODE_COST``). Probing stops after
``CHOICE_PROBES`` per order, or as soon as the pieces the probes tried reach ``PROBE_SHARE``
of the cheaper estimated tree: a small search is not worth many probes (on a hexagon
completion with 24 free cells the 48 + 48 probes cost several times the search they chose).
Works with either backend (``csearch.KernelLike``); no numpy.

Examples
--------
>>> from solver.arrange.engines.csearch import new_search
>>> from solver.arrange.prepared import Run
>>> from solver.arrange.problem import ArrangementProblem
>>> run = Run(ArrangementProblem.create("square", "compact", "4x4"))
>>> prefers_dynamic(new_search(run), new_search(run, dynamic=True))
False
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

    from solver.arrange.layout import Row

#: At most this many Knuth probes per order.
CHOICE_PROBES = 48
#: Probes per order between two looks at the estimates.
PROBE_ROUND = 4
#: Probing stops once the pieces the probes tried reach this share of the cheaper estimated
#: tree (its nodes).
PROBE_SHARE = 0.25
#: Largest number of sides for which the kernel keeps count tables (``mrv`` needs them).
MAX_TABLE_SIDES = 12

__all__ = ["CHOICE_PROBES", "KernelLike", "prefers_dynamic"]


class KernelLike(Protocol):
    """What the engines read of a kernel search, whichever its backend (``csearch.CSearch``,
    ``kernel.KernelSearch``)."""

    #: Cost of one most-constrained node relative to one static node.
    MRV_NODE_COST: float
    #: Pieces the probes tried so far (their own work).
    probe_trials: int

    @property
    def solutions_found(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def done(self) -> bool: ...

    def advance(self, max_rows: int, max_nodes: int) -> tuple[int, list[Row]]: ...
    def fill(self, out: np.ndarray, max_nodes: int) -> tuple[int, int]: ...
    def count(self, max_nodes: int = ..., tick: Callable[[], None] | None = ...) -> int: ...
    def probe(self, seed: int) -> tuple[float, float]: ...


def prefers_dynamic(static: KernelLike, dynamic: KernelLike, probes: int = CHOICE_PROBES,
                    seed: int = 1) -> bool:
    """True when the most-constrained search ``dynamic`` is estimated cheaper than ``static``
    (both fresh searches of one problem; see the module docstring)."""
    rng = random.Random(seed)
    sum_static = sum_dynamic = 0.0
    done = 0
    while done < probes:
        for _ in range(min(PROBE_ROUND, probes - done)):
            s = rng.getrandbits(62) | 1
            sum_static += static.probe(s)[0]
            sum_dynamic += dynamic.probe(s)[0]
            done += 1
        cheaper = min(sum_static, sum_dynamic * dynamic.MRV_NODE_COST) / done
        if static.probe_trials + dynamic.probe_trials >= PROBE_SHARE * cheaper:
            break
    return sum_dynamic * dynamic.MRV_NODE_COST < sum_static


