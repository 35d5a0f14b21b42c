"""Simple colouring: the conjugate pairs (strong links) of one digit coloured in two colours.
Trap: a cell seeing both colours loses the digit. Wrap: a colour with two cells in one unit is
false everywhere."""

from __future__ import annotations

from solver.numbridge.techniques.grid import Grid, Step


def strong_links(g: Grid, d: int) -> dict[int, set[int]]:
    """Cell -> cells joined to it by a conjugate pair of digit ``d`` in some unit."""
    out: dict[int, set[int]] = {}
    for u in range(27):
        w = g.where(u, d)
        if len(w) == 2:
            out.setdefault(w[0], set()).add(w[1])
            out.setdefault(w[1], set()).add(w[0])
    return out


def simple_colouring(g: Grid) -> Step | None:
    """The first trap or wrap over the colour clusters of any digit."""
    for d in range(9):
        links = strong_links(g, d)
        seen: set[int] = set()
        for start in sorted(links):
            if start in seen:
                continue
            colour = {start: 0}
            todo = [start]
            while todo:
                x = todo.pop()
                for y in links[x]:
                    if y not in colour:
                        colour[y] = 1 - colour[x]
                        todo.append(y)
            seen |= set(colour)
            if len(colour) < 4:
                continue
            groups = [[c for c, k in colour.items() if k == side] for side in (0, 1)]
            pattern = sorted(colour)
            cands = [(c, d + 1) for c in pattern]
            for side in (0, 1):  # wrap
                cells = groups[side]
                if any(g.sees(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]):
                    return Step("simple colouring (wrap)", eliminations=[(c, d + 1) for c in cells],
                                cells=pattern, candidates=cands, size=len(colour))
            el = [(c, d + 1) for c in g.empty() if c not in colour and g.has(c, d)
                  and any(g.sees(c, a) for a in groups[0])
                  and any(g.sees(c, b) for b in groups[1])]
            if el:
                return Step("simple colouring (trap)", eliminations=el, cells=pattern,
                            candidates=cands, size=len(colour))
    return None
