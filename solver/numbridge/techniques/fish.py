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
        first_cover = covers[0]
        for d in range(9):
            # base unit -> its candidate cells and the cover units they lie in (a bitmask)
            base: list[tuple[int, list[int], int]] = []
            for u in bases:
                w = g.where(u, d)
                if len(w) < 2:
                    continue
                m = 0
                for c in w:
                    for v in g.cell_units[c]:
                        if first_cover <= v < first_cover + 9:
                            m |= 1 << (v - first_cover)
                if bin(m).count("1") <= n:
                    base.append((u, w, m))
            for combo in combinations(base, n):
                m = 0
                for _, _, bm in combo:
                    m |= bm
                if bin(m).count("1") != n:
                    continue
                cells = [c for _, w, _ in combo for c in w]
                if len(set(cells)) != len(cells):
                    continue  # base units must not overlap in candidates
                cover = [first_cover + k for k in range(9) if m >> k & 1]
                el = g.elims({c for u in cover for c in g.units[u]}, d, cells)
                if el:
                    name = NAMES[n] if bases is not BLOCKS and covers is not BLOCKS \
                        else f"{NAMES[n]} (with blocks)"
                    return Step(name, eliminations=el, cells=sorted(cells),
                                candidates=[(c, d + 1) for c in sorted(cells)],
                                units=[u for u, _, _ in combo] + cover)
    return None
