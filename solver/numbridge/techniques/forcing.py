"""Forcing chains and trial: the last steps of the ladder.

A forcing chain assumes each candidate of a cell in turn (cells with few candidates first) and
follows singles from it. A candidate whose assumption breaks the grid is false (contradiction);
a placement or elimination that follows from every candidate of the cell is true (verity).
Trial places the digit that the search finds for the cell with the fewest candidates: it is
what a person does when nothing else works, and it is rated above everything else.
"""

from __future__ import annotations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount
from solver.numbridge.techniques.singles import hidden_single, naked_single

MAX_SINGLES = 40


def propagate(g: Grid, limit: int = MAX_SINGLES) -> bool:
    """Apply singles up to ``limit`` times; False when the grid breaks."""
    for _ in range(limit):
        if any(m == 0 for m in g.cand):
            return False
        step = naked_single(g) or hidden_single(g)
        if step is None:
            break
        g.apply(step)
    return not g.broken()


def forcing_chain(g: Grid, max_candidates: int = 3) -> Step | None:
    """The first contradiction or verity from the cells with the fewest candidates."""
    cells = sorted((c for c in g.empty() if popcount(g.cand[c]) <= max_candidates),
                   key=lambda c: (popcount(g.cand[c]), c))
    for c in cells:
        outcomes = []
        for d in bits(g.cand[c]):
            h = g.copy()
            h.place(c, d + 1)
            if not propagate(h):
                return Step("forcing chain (contradiction)", eliminations=[(c, d + 1)],
                            cells=[c], candidates=[(c, d + 1)])
            outcomes.append(h)
        placed = set.intersection(*({(x, v) for x, v in enumerate(h.value)
                                     if v and not g.value[x]} for h in outcomes))
        placed.discard((c, 0))
        if placed:
            x, v = min(placed)
            return Step("forcing chain (verity)", placements=[(x, v)], cells=[c, x],
                        candidates=[(c, d + 1) for d in bits(g.cand[c])])
        gone = [(x, d + 1) for x in g.empty() if x != c for d in bits(g.cand[x])
                if all(not h.cand[x] >> d & 1 for h in outcomes)]
        if gone:
            return Step("forcing chain (verity)", eliminations=gone, cells=[c],
                        candidates=[(c, d + 1) for d in bits(g.cand[c])])
    return None


def trial(g: Grid, solution: str) -> Step:
    """Place the solution's digit in the empty cell with the fewest candidates."""
    c = min(g.empty(), key=lambda x: (popcount(g.cand[x]), x))
    return Step("trial", placements=[(c, int(solution[c]))], cells=[c],
                candidates=[(c, int(solution[c]))])
