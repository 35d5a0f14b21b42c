"""Grouped alternating inference chains: AICs whose nodes may be **groups**, the candidates of
one digit in the cells a block shares with a row or column (two or three cells, more on
irregular blocks).

A node ``(cells, d)`` is true when ``d`` is in one of its cells. A **strong** link joins two
disjoint nodes of one digit that together hold every candidate of the digit in a unit (one of
them is true), or the two candidates of a bivalue cell. A **weak** link joins two disjoint
nodes of one digit whose cells all see each other (at most one is true), or two candidates of
one cell. A chain starts and ends with a strong link, so one of its ends is true: a candidate
of the ends' digit seeing every cell of both ends goes; with single-cell ends the eliminations
are those of :mod:`solver.numbridge.techniques.chains`. Only chains with at least one group
are reported here (the others are plain AICs). Every unit is a row, column or block of the
layout, so groups follow irregular blocks.
"""

from __future__ import annotations

from solver.numbridge.techniques.chains import _eliminations, alternating_chains
from solver.numbridge.techniques.grid import Grid, Step, bits, popcount

GNode = tuple[tuple[int, ...], int]  # (cells in order, digit 0-8)


class GroupedLinks:
    """Strong and weak links between single-cell and group nodes."""

    def __init__(self, g: Grid) -> None:
        self.g = g
        self.strong: dict[GNode, list[GNode]] = {}
        self.weak: dict[GNode, list[GNode]] = {}
        self.groups: dict[int, list[tuple[int, ...]]] = {}  # digit -> groups
        # unit -> digit -> nodes inside the unit
        inside: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for d in range(9):
            found: set[tuple[int, ...]] = set()
            for b in range(18, 27):
                wb = set(g.where(b, d))
                for line in range(18):
                    cells = tuple(sorted(wb & g.unit_sets[line]))
                    if len(cells) >= 2 and cells not in found:
                        found.add(cells)
                        inside.setdefault((b, d), []).append(cells)
                        inside.setdefault((line, d), []).append(cells)
            self.groups[d] = sorted(found)
        for u in range(27):
            for d in range(9):
                w = g.where(u, d)
                if len(w) < 2:
                    continue
                wset = frozenset(w)
                nodes = [(c,) for c in w] + inside.get((u, d), [])
                for i, x in enumerate(nodes):
                    for y in nodes[i + 1:]:
                        if set(x) & set(y) or frozenset(x) | frozenset(y) != wset:
                            continue
                        self._add_strong((x, d), (y, d))
        for c in g.empty():
            if popcount(g.cand[c]) == 2:
                lo, hi = bits(g.cand[c])
                self._add_strong(((c,), lo), ((c,), hi))

    def _add_strong(self, a: GNode, b: GNode) -> None:
        if b not in self.strong.setdefault(a, []):
            self.strong[a].append(b)
        if a not in self.strong.setdefault(b, []):
            self.strong[b].append(a)

    def weak_of(self, n: GNode) -> list[GNode]:
        """The nodes that are false when ``n`` is true."""
        hit = self.weak.get(n)
        if hit is not None:
            return hit
        cells, d = n
        g = self.g
        seen = frozenset.intersection(*(g.peers[c] for c in cells)) - set(cells)
        out: list[GNode] = [((p,), d) for p in sorted(seen) if g.has(p, d)]
        out += [(grp, d) for grp in self.groups[d] if set(grp) <= seen]
        if len(cells) == 1:
            out += [(cells, e) for e in bits(g.cand[cells[0]]) if e != d]
        self.weak[n] = out
        return out


def _ends(g: Grid, a: GNode, b: GNode) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    (ca, da), (cb, db) = a, b
    if len(ca) == 1 and len(cb) == 1:
        return _eliminations(g, (ca[0], da), (cb[0], db))
    if da != db:
        return [], []
    seers = frozenset.intersection(*(g.peers[c] for c in (*ca, *cb))) - set(ca) - set(cb)
    return [], sorted((c, da + 1) for c in seers if g.has(c, da))


def grouped_aic(g: Grid, max_nodes: int = 10) -> Step | None:
    """The shortest grouped AIC (with at least one group node) that removes something."""
    links = GroupedLinks(g)
    if not any(links.groups.values()):
        return None
    for path in alternating_chains(links, max_nodes):
        if len(path) < 4 or all(len(cells) == 1 for cells, _ in path):
            continue
        place, el = _ends(g, path[0], path[-1])
        if place or el:
            cells = sorted({c for cs, _ in path for c in cs})
            return Step("grouped AIC", placements=place, eliminations=el, cells=cells,
                        candidates=sorted({(c, d + 1) for cs, d in path for c in cs}),
                        size=len(path), chain=[(cs[0], d + 1) for cs, d in path],
                        groups=[list(cs) for cs, _ in path])
    return None
