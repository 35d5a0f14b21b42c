"""The law of leftovers, for irregular blocks: take ``k`` consecutive rows (or columns) and the
``k`` blocks that overlap them most; the cells of the rows outside those blocks and the cells of
the blocks outside the rows hold the same digits (both areas hold every digit ``k`` times less
what they share). So a candidate in one area that no cell of the other holds goes."""

from __future__ import annotations

from solver.numbridge.techniques.grid import Grid, Step, bits


def _restrict(g: Grid, area: set[int], other: set[int]) -> list[tuple[int, int]]:
    allowed = 0
    for c in other:
        allowed |= g.cand[c]
    return [(c, d + 1) for c in sorted(area) if not g.value[c]
            for d in bits(g.cand[c] & ~allowed)]


def law_of_leftovers(g: Grid) -> Step | None:
    """The first restriction the law of leftovers gives (irregular blocks only)."""
    if g.regular:
        return None
    for first in (0, 9):  # rows, then columns
        for k in range(1, 9):
            for start in range(0, 10 - k):
                lines = range(first + start, first + start + k)
                area = {c for u in lines for c in g.units[u]}
                overlap = sorted(range(18, 27), key=lambda b: (-len(area & g.unit_sets[b]), b))
                chosen = {c for b in overlap[:k] for c in g.units[b]}
                inner, outer = area - chosen, chosen - area
                if not inner:
                    continue
                el = _restrict(g, inner, outer) + _restrict(g, outer, inner)
                if el:
                    return Step("law of leftovers", eliminations=el,
                                cells=sorted(inner | outer),
                                units=list(lines) + overlap[:k], size=k)
    return None
