"""Basic fish (X-wing, swordfish, jellyfish): a digit whose places in ``n`` base units lie in
``n`` cover units; the digit goes from the rest of the cover units. Bases and covers are rows
and columns, and on any layout also blocks against rows or columns (fish over any units).
"""

from __future__ import annotations

from itertools import combinations

from solver.numbridge.techniques.grid import Grid, Step

NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
ROWS, COLS, BLOCKS = range(9), range(9, 18), range(18, 27)


def fish(g: Grid, n: int) -> Step | None:
    """The first fish of size ``n`` (rows/columns first, then with blocks)."""
    for bases, covers in ((ROWS, COLS), (COLS, ROWS), (BLOCKS, ROWS), (BLOCKS, COLS),
                          (ROWS, BLOCKS), (COLS, BLOCKS)):
        for d in range(9):
            places = {u: g.where(u, d) for u in bases}
            cand = [u for u, w in places.items() if 2 <= len(w)]
            for combo in combinations(cand, n):
                cells = [c for u in combo for c in places[u]]
                if len(set(cells)) != len(cells):
                    continue  # base units must not overlap in candidates
                cover = sorted({u for c in cells for u in g.cell_units[c] if u in covers})
                if len(cover) != n:
                    continue
                el = g.elims({c for u in cover for c in g.units[u]}, d, cells)
                if el:
                    name = NAMES[n] if bases is not BLOCKS and covers is not BLOCKS \
                        else f"{NAMES[n]} (with blocks)"
                    return Step(name, eliminations=el, cells=sorted(cells),
                                candidates=[(c, d + 1) for c in sorted(cells)],
                                units=list(combo) + cover)
    return None
