"""ALS-XZ: two almost locked sets (``n`` cells of a unit with ``n + 1`` candidates) sharing a
restricted common candidate X (every X of both sets sees every other); then any other common
candidate Z goes from cells seeing every Z of both sets."""

from __future__ import annotations

from itertools import combinations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount

MAX_CELLS = 4


def almost_locked_sets(g: Grid) -> list[tuple[frozenset[int], int]]:
    """(cells, candidate mask) of every ALS of up to ``MAX_CELLS`` cells."""
    out: dict[frozenset[int], int] = {}
    for u in range(27):
        empty = [c for c in g.units[u] if not g.value[c]]
        for n in range(1, min(MAX_CELLS, len(empty)) + 1):
            for combo in combinations(empty, n):
                m = 0
                for c in combo:
                    m |= g.cand[c]
                if popcount(m) == n + 1:
                    out[frozenset(combo)] = m
    return sorted(out.items(), key=lambda kv: (len(kv[0]), sorted(kv[0])))


def als_xz(g: Grid) -> Step | None:
    """The first ALS-XZ elimination (smaller sets first)."""
    sets = almost_locked_sets(g)
    for (a, ma), (b, mb) in combinations(sets, 2):
        if a & b:
            continue
        common = ma & mb
        if popcount(common) < 2:
            continue
        for x in bits(common):
            xs = [c for c in a | b if g.cand[c] >> x & 1]
            if not all(g.sees(p, q) for p, q in combinations(xs, 2)):
                continue
            for z in bits(common & ~(1 << x)):
                zs = [c for c in a | b if g.cand[c] >> z & 1]
                seers = set.intersection(*(set(g.peers[c]) for c in zs)) - a - b
                el = g.elims(seers, z)
                if el:
                    cells = sorted(a | b)
                    return Step("ALS-XZ", eliminations=el, cells=cells,
                                candidates=[(c, d + 1) for c in cells for d in bits(g.cand[c])],
                                size=len(cells))
    return None
