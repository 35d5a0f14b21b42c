"""Chains of alternating inference on candidates (cell, digit): X-chains (one digit), XY-chains
(strong links inside bivalue cells) and alternating inference chains (AIC, any links).

A chain starts and ends with a strong link (``a`` false forces ``b`` true), alternating with
weak links (``a`` true forces ``b`` false), so one of its two ends is true. Eliminations: a
candidate that sees both ends (same digit), the other candidates of a cell holding both ends,
or each end's digit in the other end's cell when the two cells see each other. A chain whose
ends are one candidate makes that candidate true (a discontinuous loop).
Chains are searched breadth first, so the shortest chain of a kind is reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, TypeVar

from solver.numbridge.techniques.colouring import strong_links
from solver.numbridge.techniques.grid import Grid, Step, bits, popcount

Node = tuple[int, int]  # (cell, digit 0-8)
N = TypeVar("N", bound=tuple[Any, ...])


class LinkGraph(Protocol[N]):
    """Strong links as a table and weak links on demand, between nodes of one kind."""

    strong: dict[N, list[N]]

    def weak_of(self, n: N) -> list[N]:
        """The nodes that are false when ``n`` is true."""
        ...


class Links:
    """The strong and weak links of a grid's candidates for one chain kind."""

    def __init__(self, g: Grid, kind: str, digit: int | None = None) -> None:
        self.g = g
        self.kind = kind
        self.strong: dict[Node, list[Node]] = {}
        self.weak: dict[Node, list[Node]] = {}
        digits = range(9) if digit is None else [digit]
        if kind != "xy":
            for d in digits:
                for a, bs in strong_links(g, d).items():
                    self.strong.setdefault((a, d), []).extend((b, d) for b in sorted(bs))
        if kind != "x":
            for c in g.empty():
                if popcount(g.cand[c]) == 2:
                    x, y = bits(g.cand[c])
                    self.strong.setdefault((c, x), []).append((c, y))
                    self.strong.setdefault((c, y), []).append((c, x))
        self.digits = set(digits)

    def weak_of(self, n: Node) -> list[Node]:
        hit = self.weak.get(n)
        if hit is not None:
            return hit
        c, d = n
        g = self.g
        out = [(p, d) for p in sorted(g.peers[c]) if g.has(p, d)]
        if self.kind == "aic":
            out += [(c, e) for e in bits(g.cand[c]) if e != d]
        if self.kind == "xy":
            out = [x for x in out if popcount(g.cand[x[0]]) == 2]
        self.weak[n] = out
        return out


def _eliminations(g: Grid, a: Node, b: Node) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    (c1, d1), (c2, d2) = a, b
    if a == b:
        return [(c1, d1 + 1)], []
    el: list[tuple[int, int]] = []
    if d1 == d2:
        el = [(c, d1 + 1) for c in g.peers[c1] & g.peers[c2] if g.has(c, d1)]
    elif c1 == c2:
        el = [(c1, e + 1) for e in bits(g.cand[c1]) if e not in (d1, d2)]
    elif g.sees(c1, c2):
        el = ([(c1, d2 + 1)] if g.has(c1, d2) else []) + ([(c2, d1 + 1)] if g.has(c2, d1) else [])
    return [], sorted(el)


def alternating_chains(links: LinkGraph[N], max_nodes: int) -> Iterator[list[N]]:
    """Chains (as node lists) breadth first over their length, every start node; the nodes
    are candidates here and candidates or groups in :mod:`.grouped`."""
    starts = sorted(links.strong)
    # frontier per start: list of (node, path) at the "on" end after a strong link
    frontiers: dict[N, list[tuple[N, tuple[N, ...]]]] = {
        s: [(t, (s, t)) for t in links.strong[s]] for s in starts}
    seen = {s: {s} | {t for t, _ in frontiers[s]} for s in starts}
    length = 2
    while length <= max_nodes:
        for s in starts:
            for _, path in frontiers[s]:
                yield list(path)
        length += 2
        if length > max_nodes:
            return
        nxt_all: dict[N, list[tuple[N, tuple[N, ...]]]] = {}
        for s in starts:
            nxt: list[tuple[N, tuple[N, ...]]] = []
            for node, path in frontiers[s]:
                for w in links.weak_of(node):
                    if w in path:
                        continue
                    for t in links.strong.get(w, ()):
                        if t in seen[s] and t != s:
                            continue
                        seen[s].add(t)
                        nxt.append((t, (*path, w, t)))
            nxt_all[s] = nxt
        frontiers = nxt_all


def _name(kind: str, path: list[Node]) -> str:
    if kind == "x":
        return "turbot fish" if len(path) == 4 else "X-chain"
    return "XY-chain" if kind == "xy" else "AIC"


def chain(g: Grid, kind: str, max_nodes: int = 16, min_nodes: int = 4) -> Step | None:
    """The shortest chain of ``kind`` (``x``, ``xy`` or ``aic``) that removes something."""
    if kind == "x":
        best: Step | None = None
        for d in range(9):
            step = _search(g, Links(g, "x", d), kind, max_nodes, min_nodes)
            if step is not None and (best is None or step.size < best.size):
                best = step
                if step.size == min_nodes:
                    break
        return best
    return _search(g, Links(g, kind), kind, max_nodes, min_nodes)


def _search(g: Grid, links: Links, kind: str, max_nodes: int, min_nodes: int) -> Step | None:
    for path in alternating_chains(links, max_nodes):
        if len(path) < min_nodes:
            continue
        if kind == "xy" and path[0][0] != path[1][0]:
            continue  # an XY-chain starts inside a bivalue cell
        place, el = _eliminations(g, path[0], path[-1])
        if kind == "xy" and path[0][1] != path[-1][1]:
            continue
        if place or el:
            cells = sorted({c for c, _ in path})
            return Step(_name(kind, path), placements=place, eliminations=el, cells=cells,
                        candidates=[(c, d + 1) for c, d in path], size=len(path),
                        chain=[(c, d + 1) for c, d in path])
    return None
