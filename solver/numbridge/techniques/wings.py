"""Wings: XY-wing, XYZ-wing and W-wing."""

from __future__ import annotations

from itertools import combinations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount


def _common_peers(g: Grid, cells: list[int]) -> set[int]:
    out = set(g.peers[cells[0]])
    for c in cells[1:]:
        out &= g.peers[c]
    return out - set(cells)


def xy_wing(g: Grid) -> Step | None:
    """Pivot XY sees pincers XZ and YZ: Z goes from cells seeing both pincers."""
    bival = [c for c in g.empty() if popcount(g.cand[c]) == 2]
    for p in bival:
        mp = g.cand[p]
        wings = [c for c in bival if c in g.peers[p] and popcount(g.cand[c] & mp) == 1]
        for a, b in combinations(wings, 2):
            ma, mb = g.cand[a], g.cand[b]
            if ma & mb & mp or (ma & mp) == (mb & mp):
                continue
            z = ma & mb & ~mp
            if popcount(z) != 1:
                continue
            d = bits(z)[0]
            el = g.elims(_common_peers(g, [a, b]), d, [p])
            if el:
                return Step("XY-wing", eliminations=el, cells=[p, a, b],
                            candidates=[(c, x + 1) for c in (p, a, b) for x in bits(g.cand[c])])
    return None


def xyz_wing(g: Grid) -> Step | None:
    """Pivot XYZ sees XZ and YZ: Z goes from cells seeing all three."""
    for p in g.empty():
        mp = g.cand[p]
        if popcount(mp) != 3:
            continue
        wings = [c for c in g.peers[p] if not g.value[c] and popcount(g.cand[c]) == 2
                 and g.cand[c] & ~mp == 0]
        for a, b in combinations(wings, 2):
            ma, mb = g.cand[a], g.cand[b]
            if ma == mb or ma | mb != mp:
                continue
            d = bits(ma & mb)[0]
            el = g.elims(_common_peers(g, [p, a, b]), d)
            if el:
                return Step("XYZ-wing", eliminations=el, cells=[p, a, b],
                            candidates=[(c, x + 1) for c in (p, a, b) for x in bits(g.cand[c])])
    return None


def w_wing(g: Grid) -> Step | None:
    """Two XY cells joined by a strong link on X: Y goes from cells seeing both."""
    bival = [c for c in g.empty() if popcount(g.cand[c]) == 2]
    for a, b in combinations(bival, 2):
        m = g.cand[a]
        if g.cand[b] != m or g.sees(a, b):
            continue
        for x in bits(m):
            y = bits(m & ~(1 << x))[0]
            for u in range(27):
                w = g.where(u, x)
                if len(w) != 2 or a in w or b in w:
                    continue
                e, f = w
                if (g.sees(e, a) and g.sees(f, b)) or (g.sees(e, b) and g.sees(f, a)):
                    el = g.elims(_common_peers(g, [a, b]), y)
                    if el:
                        return Step("W-wing", eliminations=el, cells=[a, b, e, f],
                                    candidates=[(a, x + 1), (a, y + 1), (b, x + 1),
                                                (b, y + 1), (e, x + 1), (f, x + 1)],
                                    units=[u])
    return None
