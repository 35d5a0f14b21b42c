"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount


def full_house(g: Grid) -> Step | None:
    """The last empty cell of a unit."""
    for u, cells in enumerate(g.units):
        empty = [c for c in cells if not g.value[c]]
        if len(empty) == 1 and popcount(g.cand[empty[0]]) == 1:
            c = empty[0]
            d = bits(g.cand[c])[0] + 1
            return Step("full house", [(c, d)], cells=[c], candidates=[(c, d)], units=[u])
    return None


def hidden_single(g: Grid, block_only: bool = False) -> Step | None:
    """A digit with one place left in a unit (blocks first, then rows and columns)."""
    order = list(range(18, 27)) + ([] if block_only else list(range(18)))
    for u in order:
        for d in range(9):
            where = g.where(u, d)
            if len(where) == 1:
                c = where[0]
                return Step("hidden single", [(c, d + 1)], cells=[c],
                            candidates=[(c, d + 1)], units=[u], size=0 if u >= 18 else 1)
    return None


def naked_single(g: Grid) -> Step | None:
    """A cell with one candidate left."""
    for c in g.empty():
        if popcount(g.cand[c]) == 1:
            d = bits(g.cand[c])[0] + 1
            return Step("naked single", [(c, d)], cells=[c], candidates=[(c, d)])
    return None
