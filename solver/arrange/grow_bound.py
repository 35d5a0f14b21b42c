"""A deterministic upper bound on the number of transcendental arrangements (issue 14, q. 5).

A transcendental arrangement places every piece so that each beam meets a beam and each blank
side faces an empty cell: it is a set of cells whose occupied-neighbour patterns are the
pieces, each once, and it is counted up to translation of each group (connected component).
The blank piece stands alone; the other ``n`` pieces form groups of at least two cells, and
their blank sides number ``b = sum over those pieces of (sides - beams)`` (hexagon set: n =
63, b = 63 x 6 - 192 = 186): every arrangement is a multiset of groups with ``n`` cells and
``b`` blank sides in all.

**One group** (a polyform, up to translation) of ``m`` cells whose cells show ``s`` sides
towards empty cells has at most ``C(m + s, s)`` shapes. Proof (Eden's encoding, 1961): put
the polyform's lowest cell at the origin and run a breadth-first search from it that looks at
each cell's neighbours in a fixed order, writing 1 for a new cell of the polyform and 0 for a
new empty neighbour (a *perimeter* cell). Every cell but the first is written once as a 1,
every perimeter cell once as a 0, and the string gives the polyform back: a polyform with
``t`` perimeter cells is one of ``C(m - 1 + t, t)`` strings. A perimeter cell faces at least
one of the ``s`` sides, so ``t <= s``, and ``sum_{t <= s} C(m - 1 + t, t) = C(m + s, s)``.

**All arrangements**: a multiset of groups with sizes ``m_i >= 2`` and blank sides ``s_i``
(``s_i`` even, at most ``k m_i - 2 (m_i - 1)``: a group of ``m_i`` cells has at least
``m_i - 1`` adjacencies, each hiding two sides), ``sum m_i = n`` and ``sum s_i = b``. With
at most ``c(m, s) = C(m + s, s)`` group shapes of each kind, the multisets number at most the
coefficient of ``x^n y^b`` in ``prod_{m, s} (1 - x^m y^s)^(-c(m, s))`` (the Euler
transform), computed in floating point and raised by a relative margin ``MARGIN`` far above
the rounding error (every term is positive).

Both bounds drop "every pattern once" (only the number of cells and of blank sides is kept),
so they are far above the estimates of ``grow_estimate`` (hexagon set: 8.5 x 10^59 and 3.8
x 10^65 against estimates of about 1.3 x 10^21 and 1.5 x 10^21), but they hold with
certainty, which no number of probes gives.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> b = transcendental_bounds(ArrangementProblem.create("square", "transcendental"))
>>> b.cells, b.blank_sides, b.single_group   # the square set has 4804 single-group ones
(15, 28, 151532656696)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from puzzles.errors import InvalidInputError
from solver.arrange.problem import ArrangementProblem

#: The relative margin added to the floating-point multiset bound (its rounding error is
#: below 10^-10 of it: a few thousand positive terms per coefficient, each within 2^-52).
MARGIN = 1e-6


@dataclass(frozen=True)
class TranscendentalBound:
    """Upper bounds on the transcendental arrangements of a set, up to translation of groups.

    ``cells``: the pieces with a beam; ``blank_sides``: their blank sides; ``single_group``:
    the bound for arrangements with every beamed piece in one group (exact integer);
    ``all_groups``: the bound for all arrangements (a float, margin included).
    """

    cells: int
    blank_sides: int
    sides: int
    single_group: int
    all_groups: float


def group_shapes(m: int, s: int) -> int:
    """At most this many polyforms of ``m`` cells (up to translation) show at most ``s``
    sides towards empty cells: ``C(m + s, s)`` (see the module docstring)."""
    if m < 1 or s < 0:
        raise InvalidInputError("a group needs at least one cell and no negative side count")
    return math.comb(m + s, s)


def multiset_bound(n: int, b: int, sides: int) -> float:
    """At most this many multisets of groups (each of at least 2 cells) have ``n`` cells and
    ``b`` blank sides in all, on a lattice whose cells have ``sides`` sides."""
    # G = sum_k c(x^k, y^k) / k, then F = exp(G) by n F_n = sum_j j G_j F_{n-j}
    g = np.zeros((n + 1, b + 1))
    for k in range(1, n // 2 + 1):
        for m in range(2, n // k + 1):
            top = min(b // k, sides * m - 2 * (m - 1))
            for s in range(0, top + 1, 2):
                g[m * k, s * k] += float(group_shapes(m, s)) / k
    f = np.zeros((n + 1, b + 1))
    f[0, 0] = 1.0
    for total in range(1, n + 1):
        acc = np.zeros(b + 1)
        for j in range(2, total + 1):
            if f[total - j].any():
                acc += j * np.convolve(g[j], f[total - j])[: b + 1]
        f[total] = acc / total
    return float(f[n, b]) * (1 + MARGIN)


def transcendental_bounds(problem: ArrangementProblem) -> TranscendentalBound:
    """The single-group and all-groups upper bounds of a transcendental problem's set.

    Raises
    ------
    InvalidInputError
        For a problem that is not transcendental.
    """
    if problem.kind != "transcendental":
        raise InvalidInputError("the growth bound takes transcendental problems")
    ps = problem.piece_set
    k = ps.grid.side_count
    beamed = [p for p in ps.pieces if int(p.number) & ((1 << k) - 1)]
    beams = sum(bin(int(p.number) & ((1 << k) - 1)).count("1") for p in beamed)
    n = len(beamed)
    b = k * n - beams
    return TranscendentalBound(n, b, k, group_shapes(n, b), multiset_bound(n, b, k))
