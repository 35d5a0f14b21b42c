"""Naked and hidden subsets (pairs, triples, quads) in any unit."""

from __future__ import annotations

from itertools import combinations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount

NAMES = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(g: Grid, n: int) -> Step | None:
    """``n`` cells of a unit holding ``n`` candidates between them."""
    for u, cells in enumerate(g.units):
        empty = [c for c in cells if not g.value[c] and popcount(g.cand[c]) <= n]
        if len(empty) < n:
            continue
        for combo in combinations(empty, n):
            m = 0
            for c in combo:
                m |= g.cand[c]
            if popcount(m) != n:
                continue
            el = [(c, d + 1) for c in cells if c not in combo and not g.value[c]
                  for d in bits(g.cand[c] & m)]
            if el:
                return Step(f"naked {NAMES[n]}", eliminations=el, cells=list(combo),
                            candidates=[(c, d + 1) for c in combo for d in bits(g.cand[c])],
                            units=[u])
    return None


def hidden_subset(g: Grid, n: int) -> Step | None:
    """``n`` digits of a unit confined to ``n`` cells."""
    for u in range(27):
        places = {d: g.where(u, d) for d in range(9)}
        digits = [d for d, w in places.items() if 2 <= len(w) <= n]
        for combo in combinations(digits, n):
            cells = sorted(set().union(*(places[d] for d in combo)))
            if len(cells) != n:
                continue
            keep = sum(1 << d for d in combo)
            el = [(c, d + 1) for c in cells for d in bits(g.cand[c] & ~keep)]
            if el:
                return Step(f"hidden {NAMES[n]}", eliminations=el, cells=cells,
                            candidates=[(c, d + 1) for c in cells for d in combo
                                        if g.cand[c] >> d & 1], units=[u])
    return None
