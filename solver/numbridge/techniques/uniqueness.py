"""Uniqueness techniques, for fields known to have one solution: unique rectangles type 1
(three corners hold only X and Y: the fourth loses X and Y) and type 2 (two corners hold X, Y
and the same extra Z: Z goes from cells seeing both). A rectangle is four cells in two rows,
two columns and exactly two blocks (on any layout)."""

from __future__ import annotations

from itertools import combinations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount


def _rectangles(g: Grid) -> list[tuple[int, int, int, int]]:
    out = []
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            cells = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
            if any(g.value[c] for c in cells):
                continue
            if len({g.blocks[c] for c in cells}) == 2:
                out.append(cells)
    return out


def unique_rectangle(g: Grid) -> Step | None:
    """The first unique rectangle of type 1 or 2."""
    for cells in _rectangles(g):
        common = g.cand[cells[0]] & g.cand[cells[1]] & g.cand[cells[2]] & g.cand[cells[3]]
        for x, y in combinations(bits(common), 2):
            pair = (1 << x) | (1 << y)
            exact = [c for c in cells if g.cand[c] == pair]
            extra = [c for c in cells if g.cand[c] != pair]
            cands = [(c, d + 1) for c in cells for d in (x, y)]
            if len(exact) == 3:
                c = extra[0]
                el = [(c, x + 1), (c, y + 1)]
                return Step("unique rectangle (type 1)", eliminations=el, cells=list(cells),
                            candidates=cands)
            if len(exact) == 2 and len(extra) == 2:
                a, b = extra
                za, zb = g.cand[a] & ~pair, g.cand[b] & ~pair
                if za == zb and popcount(za) == 1 and g.sees(a, b):
                    z = bits(za)[0]
                    el = g.elims(g.peers[a] & g.peers[b], z, cells)
                    if el:
                        return Step("unique rectangle (type 2)", eliminations=el,
                                    cells=list(cells), candidates=[*cands, (a, z + 1), (b, z + 1)])
    return None
