"""Locked candidates: a digit confined to the overlap of two units (pointing: block to line;
claiming: line to block; on irregular blocks also between any two overlapping units)."""

from __future__ import annotations

from solver.numbridge.techniques.grid import Grid, Step


def locked_candidates(g: Grid) -> Step | None:
    """Pointing (from a block) before claiming (from a row or column)."""
    for kind, bases in (("pointing", range(18, 27)), ("claiming", range(18))):
        for a in bases:
            for d in range(9):
                where = g.where(a, d)
                if len(where) < 2:
                    continue
                common = set.intersection(*(set(g.cell_units[c]) for c in where)) - {a}
                for b in sorted(common):
                    el = g.elims(g.units[b], d, where)
                    if el:
                        return Step(f"locked candidates ({kind})", eliminations=el,
                                    cells=where, candidates=[(c, d + 1) for c in where],
                                    units=[a, b])
    return None
