"""The kernel's search on its fastest backend: the C extension, else the numba kernel.

``_ckernel`` (``_ckernel.c``, compiled by ``pip install``) is the search of ``kernel.py``
compiled ahead of time: the same cells in the same order, the same pieces, the same node
counter and Knuth probes, read from the plain tables of ``EdgeLayout``. A process that counts
or finds with it imports neither numpy nor numba (about 0.3 s of CPU). Where the extension was
not built (no C compiler at install) or ``SOLVER_KERNEL=numba`` is set, ``new_search`` returns
the numba ``KernelSearch`` instead; the tests compare the two on every known count.

Examples
--------
>>> from solver.arrange.prepared import Run
>>> from solver.arrange.problem import ArrangementProblem
>>> search = new_search(Run(ArrangementProblem.create("square", "compact", "4x4")))
>>> search.count(), search.nodes
(652, 16418)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

    from solver.arrange.engines.order_choice import KernelLike
    from solver.arrange.instance import EdgeInstance
    from solver.arrange.layout import EdgeLayout, Row

try:
    from solver.arrange.engines import _ckernel  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - the extension was not built
    _ckernel = None

#: Status codes of one search call (as ``kernel.EXHAUSTED``...).
EXHAUSTED, OUT_FULL, BUDGET = 0, 1, 2

__all__ = ["BACKEND", "CSearch", "Tables", "available", "new_search"]


class Tables(Protocol):
    """What ``new_search`` reads of a run (``solver.arrange.prepared.Run``)."""

    @property
    def layout(self) -> EdgeLayout: ...
    @property
    def instance(self) -> EdgeInstance: ...


def available() -> bool:
    """True when the C kernel is built and not switched off (``SOLVER_KERNEL=numba``)."""
    return _ckernel is not None and os.environ.get("SOLVER_KERNEL", "") != "numba"


def backend() -> str:
    """``c`` or ``numba``: the backend ``new_search`` uses."""
    return "c" if available() else "numba"


#: The backend of this process (read once at import; ``backend()`` reads the environment).
BACKEND = backend()


class CSearch:
    """A resumable kernel search in C over the plain tables of a layout.

    Parameters
    ----------
    layout : EdgeLayout
        The problem's tables (compact kind).
    order : sequence of int, optional
        The free cells in the order they are filled; default ``default_order(layout)``.
    dynamic : bool
        Fill next the empty cell with the fewest fitting pieces (count tables, up to 12
        sides); otherwise follow ``order``.
    """

    #: Measured cost of a most-constrained node relative to a static one, in C: 1.6-2.4x on
    #: the square, triangle and hexagon counts (``benchmarks/bench_arrange.py``; the C static
    #: search gains more from the one-word candidate sets than the most-constrained scan).
    MRV_NODE_COST = 1.8

    def __init__(self, layout: EdgeLayout, order: Sequence[int] | None = None,
                 dynamic: bool = False) -> None:
        assert _ckernel is not None, "the C kernel is not built (pip install -e .)"
        self.layout = layout
        self.order = default_order(layout) if order is None else [int(c) for c in order]
        self._search = _ckernel.Search(layout.k, layout.piece_space, _flat(layout.nb),
                                       _flat(layout.back), layout.offset, layout.blank_mask,
                                       layout.fixed, self.order, dynamic)
        self.dynamic = bool(self._search.dynamic)
        self.probe_trials = 0

    @property
    def solutions_found(self) -> int:
        """Solutions met so far."""
        return int(self._search.solutions)

    @property
    def nodes(self) -> int:
        """Pieces placed so far (the search-tree nodes below the root)."""
        return int(self._search.nodes)

    @property
    def done(self) -> bool:
        """True once the search is exhausted."""
        return bool(self._search.done)

    def advance(self, max_rows: int, max_nodes: int) -> tuple[int, list[Row]]:
        """One call: until ``max_rows`` solutions are found (0: count only) or ``max_nodes``
        spent; the status (EXHAUSTED, OUT_FULL, BUDGET) and the rows found."""
        status, rows = self._search.step(max_rows, max_nodes)
        return int(status), rows

    def fill(self, out: np.ndarray, max_nodes: int) -> tuple[int, int]:
        """One call that writes solutions into the rows of ``out`` (int32, shape (m, n))
        until it is full or ``max_nodes`` are spent; the status and the rows written."""
        status, written = self._search.fill(out, max_nodes)
        return int(status), int(written)

    def count(self, max_nodes: int = 1 << 24, tick: Callable[[], None] | None = None) -> int:
        """Count every solution without keeping any."""
        while self._search.step(0, max_nodes)[0] != EXHAUSTED:
            if tick is not None:
                tick()
        if tick is not None:
            tick()
        return self.solutions_found

    def probe(self, seed: int) -> tuple[float, float]:
        """One Knuth probe from the root: estimates of (tree nodes, solutions)."""
        nodes, sols, trials = self._search.probe(seed)
        self.probe_trials += trials
        return nodes, sols


def _flat(table: Sequence[Sequence[int]]) -> list[int]:
    return [x for row in table for x in row]


def default_order(layout: EdgeLayout) -> list[int]:
    """The free cells, most constrained first (``kernel.default_order``, in C)."""
    assert _ckernel is not None
    return list(_ckernel.default_order(layout.k, _flat(layout.nb), layout.blank_mask,
                                       layout.fixed))


def new_search(run: Tables, cells: Sequence[int] | None = None,
               dynamic: bool = False) -> KernelLike:
    """The kernel's search over ``run`` on the fastest backend (``CSearch`` over the layout,
    else the numba ``KernelSearch`` over the instance); ``cells``: the cell order."""
    if available():
        return CSearch(run.layout, cells, dynamic)
    from solver.arrange.engines.kernel import KernelSearch  # local: start-up

    return KernelSearch(run.instance, cells, dynamic)
