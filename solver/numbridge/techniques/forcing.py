"""Forcing chains, forcing nets and trial: the last steps of the technique order.

A forcing chain assumes each candidate of a cell in turn (cells with few candidates first) and
follows singles from it. A candidate whose assumption breaks the grid is false (contradiction);
a placement or elimination that follows from every candidate of the cell is true (verity).
Trial places the digit that the search finds for the cell with the fewest candidates: it is
what a person does when nothing else works, and it is rated above everything else.

A forcing net reasons the same way with a wider net: its premises are the candidates of a cell
with up to three, or the places of a digit in a unit (up to three), and each is followed by
singles *and* locked candidates (a conclusion may then rest on several earlier ones). A premise
that breaks the grid is false; a conclusion common to every premise of the set is true.
"""

from __future__ import annotations

from solver.numbridge.techniques.grid import Grid, Step, bits, popcount

MAX_SINGLES = 40


def _single(g: Grid) -> tuple[int, int] | None:
    """A naked single, else a hidden single, as (cell, digit 1-9); (-1, 0) when a cell has no
    candidate or a unit lost a digit; None when there is no single."""
    for c in range(81):
        if not g.value[c]:
            m = g.cand[c]
            if m == 0:
                return -1, 0
            if m & (m - 1) == 0:
                return c, m.bit_length()
    for cells in g.units:
        once = twice = placed = 0
        for c in cells:
            m = g.cand[c]
            if g.value[c]:
                placed |= m
            else:
                twice |= once & m
                once |= m
        if (once | placed) != 511:
            return -1, 0
        hidden = once & ~twice
        if hidden:
            bit = hidden & -hidden
            d = bit.bit_length() - 1
            return next(c for c in cells if not g.value[c] and g.cand[c] >> d & 1), d + 1
    return None


def propagate(g: Grid, limit: int = MAX_SINGLES) -> bool:
    """Apply singles up to ``limit`` times; False when the grid breaks."""
    for _ in range(limit):
        hit = _single(g)
        if hit is None:
            break
        if hit[0] < 0:
            return False
        g.place(*hit)
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


def _overlaps(g: Grid) -> tuple[list[int], list[tuple[int, int, int, int]]]:
    """The units' cells as bit masks, and (unit a, unit b, cells of a, cells of b) for every
    two overlapping units (cached on the grid's static tables)."""
    cached = getattr(g, "_overlaps", None)
    if cached is None:
        masks = [sum(1 << c for c in cells) for cells in g.units]
        pairs = [(a, b, masks[a], masks[b]) for a in range(27) for b in range(27)
                 if a != b and masks[a] & masks[b]]
        cached = (masks, pairs)
        g._overlaps = cached  # type: ignore[attr-defined]
    return cached


def _locked_all(g: Grid) -> bool:
    """Every locked-candidates elimination of the grid at once; True when one was made."""
    _, pairs = _overlaps(g)
    by_digit = [0] * 9
    for c in range(81):
        if not g.value[c]:
            m = g.cand[c]
            while m:
                low = m & -m
                by_digit[low.bit_length() - 1] |= 1 << c
                m ^= low
    changed = False
    for d in range(9):
        dm = by_digit[d]
        if not dm:
            continue
        for _a, _b, ma, mb in pairs:
            wa = dm & ma
            if wa and not wa & ~mb:
                gone = dm & mb & ~ma
                if gone:
                    changed = True
                    dm &= ~gone
                    while gone:
                        low = gone & -gone
                        g.cand[low.bit_length() - 1] &= ~(1 << d)
                        gone ^= low
    return changed


def propagate_net(g: Grid, limit: int = 3 * MAX_SINGLES) -> bool:
    """Apply singles and, when none is left, locked candidates up to ``limit`` steps; False
    when the grid breaks."""
    for _ in range(limit):
        hit = _single(g)
        if hit is not None:
            if hit[0] < 0:
                return False
            g.place(*hit)
            continue
        if not _locked_all(g):
            break
    return not g.broken()


def _premise_sets(g: Grid, max_size: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """(kind, premises as (cell, digit 0-8)): cells, then unit places, smallest first."""
    out: list[tuple[str, list[tuple[int, int]]]] = []
    for c in g.empty():
        n = popcount(g.cand[c])
        if 2 <= n <= max_size:
            out.append(("cell", [(c, d) for d in bits(g.cand[c])]))
    for u in range(27):
        for d in range(9):
            w = g.where(u, d)
            if 2 <= len(w) <= max_size:
                out.append(("unit", [(c, d) for c in w]))
    out.sort(key=lambda kp: (len(kp[1]), kp[0] != "cell", kp[1]))
    return out


def forcing_net(g: Grid, max_size: int = 3) -> Step | None:
    """The first contradiction or verity of a forcing net (see the module docstring)."""
    after: dict[tuple[int, int], Grid | None] = {}  # premise -> its grid, None if broken
    for _kind, premises in _premise_sets(g, max_size):
        outcomes = []
        for c, d in premises:
            if (c, d) not in after:
                h = g.copy()
                h.place(c, d + 1)
                after[(c, d)] = h if propagate_net(h) else None
            h2 = after[(c, d)]
            if h2 is None:
                return Step("forcing net (contradiction)", eliminations=[(c, d + 1)],
                            cells=[c], candidates=[(c, d + 1)])
            outcomes.append(h2)
        cells = sorted({c for c, _ in premises})
        cands = [(c, d + 1) for c, d in premises]
        placed = set.intersection(*({(x, v) for x, v in enumerate(h.value)
                                     if v and not g.value[x]} for h in outcomes))
        if placed:
            x, v = min(placed)
            return Step("forcing net (verity)", placements=[(x, v)], cells=sorted({*cells, x}),
                        candidates=cands)
        gone = [(x, d + 1) for x in g.empty() for d in bits(g.cand[x])
                if (x, d) not in premises and all(not h.cand[x] >> d & 1 for h in outcomes)]
        if gone:
            return Step("forcing net (verity)", eliminations=gone, cells=cells,
                        candidates=cands)
    return None


def trial(g: Grid, solution: str) -> Step:
    """Place the solution's digit in the empty cell with the fewest candidates."""
    c = min(g.empty(), key=lambda x: (popcount(g.cand[x]), x))
    return Step("trial", placements=[(c, int(solution[c]))], cells=[c],
                candidates=[(c, int(solution[c]))])
