"""Mutations that keep the piece set and the region and break only edges.

"Replace a piece" and "move a piece" are caught by the duplicate-piece and outside-the-region
checks before the edge rules run. Here two pieces swap cells (same set, same cells, same
region), so only the edge rules can catch the result. For compact arrangements a plain oracle
of this file lists the broken edges (its own neighbours from the raw deltas); a swap is valid
exactly when none is broken, and otherwise ``faults`` must name every broken edge, each once.
In transcendental arrangements and StarMaps a piece's beams are fixed by its cell (its
occupied neighbours / the pieces it sees), so every swap of two different pieces must be
rejected by an edge rule.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from puzzles.arrangements import Arrangement, faults
from puzzles.grids import Cell
from solver.arrange import ArrangementProblem, first

#: faults about the piece set or the region: a swap must never produce one of them
NOT_EDGE = ("not placed", "placed twice", "has no piece", "outside the region", "is empty",
            "not one of the pieces", "points")


def _swapped(arr: Arrangement, a: Cell, b: Cell) -> Arrangement:
    placements = dict(arr.placements)
    placements[a], placements[b] = placements[b], placements[a]
    return Arrangement(arr.set_name, arr.kind, placements, arr.region, arr.single_group,
                       arr.no_adjacent)


def _same_orientation_pairs(arr: Arrangement) -> list[tuple[Cell, Cell]]:
    grid = arr.piece_set.grid
    return [(a, b) for a, b in combinations(sorted(arr.placements), 2)
            if grid.orientation(a) == grid.orientation(b)]


def broken_edges(arr: Arrangement) -> set[frozenset[tuple[Cell, int]]]:
    """The oracle: edges, as their (cell, side) ends, whose two sides disagree, and border
    sides a beam crosses under the blank border rule, from the raw deltas."""
    grid = arr.piece_set.grid
    region = arr.region
    assert region is not None
    out: set[frozenset[tuple[Cell, int]]] = set()
    for c, p in arr.placements.items():
        for side, (dq, dr) in grid.deltas(c).items():
            raw = (c[0] + dq, c[1] + dr)
            n = raw if region.wrap is None else (
                raw[0] % region.wrap[0] if region.wrap[0] else raw[0],
                raw[1] % region.wrap[1] if region.wrap[1] else raw[1])
            if n not in region.cells:
                if p & side and region.border == "blank":
                    out.add(frozenset([(c, side)]))
                continue
            (facing,) = [s for s, d in grid.deltas(raw).items() if d == (-dq, -dr)]
            if bool(p & side) != bool(arr.placements[n] & facing):
                out.add(frozenset([(c, side), (n, facing)]))
    return out


COMPACT = [("square", "4x4", "blank"), ("square", "torus:4x4", "blank"),
           ("square", "4x4", "free"), ("triangle", "8x2", "blank"),
           ("triangle", "torus:4x4", "blank"), ("hexagon", "rhombus:8x8", "blank"),
           ("triangle2", "16x8", "blank"),
           pytest.param("square2", "16x16", "blank", marks=pytest.mark.slow)]
# hexagon2 (4096 pieces) has no compact solution found fast enough for a test


def _sample(pairs: list[tuple[Cell, Cell]], cells: int) -> list[tuple[Cell, Cell]]:
    """About 600 pairs spread over the list (150 for the second-order sets, each check of
    128-256 cells being slower)."""
    limit = 600 if cells <= 64 else 150
    return pairs[::max(1, len(pairs) // limit)]


@pytest.mark.parametrize(("set_name", "region", "border"), COMPACT)
def test_compact_swaps_are_judged_by_the_edges(set_name: str, region: str, border: str) -> None:
    arr = first(ArrangementProblem.create(set_name, "compact", region, border))
    assert not broken_edges(arr) and next(faults(arr), None) is None
    pairs = _sample(_same_orientation_pairs(arr), len(arr.placements))
    rejected = 0
    for a, b in pairs:
        mutated = _swapped(arr, a, b)
        broken = broken_edges(mutated)
        found = list(faults(mutated))
        assert (not found) == (not broken), (a, b, found, broken)
        assert not any(word in f for f in found for word in NOT_EDGE), found
        # every broken edge named, each once (from its beam side)
        assert len(found) == len(broken), (found, broken)
        for edge in broken:
            cells = {c for c, _ in edge}
            assert any(all(str(list(c)) in f for c in cells) for f in found), (edge, found)
        rejected += bool(broken)
    assert rejected > len(pairs) // 2  # most swaps are not solutions


TRANSCENDENTAL = [("square", False), ("square", True), ("triangle", False),
                  ("hexagon", True)]


@pytest.mark.parametrize(("set_name", "single_group"), TRANSCENDENTAL,
                         ids=[f"{s}-{g}" for s, g in TRANSCENDENTAL])
def test_transcendental_swaps_are_caught_by_edge_rules(set_name: str, single_group: bool
                                                       ) -> None:
    arr = first(ArrangementProblem.create(set_name, "transcendental",
                                          single_group=single_group))
    assert next(faults(arr), None) is None
    for a, b in _sample(_same_orientation_pairs(arr), len(arr.placements)):
        found = list(faults(_swapped(arr, a, b)))
        assert found, (a, b)
        assert not any(word in f for f in found for word in NOT_EDGE), found
        assert all(("beam" in f or "blank side" in f or "groups" in f) for f in found), found


def test_starmap_swaps_are_caught_by_the_lines_of_sight() -> None:
    arr = first(ArrangementProblem.create("square", "starmap", "8x8"))
    assert next(faults(arr), None) is None
    for a, b in _same_orientation_pairs(arr):
        found = list(faults(_swapped(arr, a, b)))
        assert found and all("looking" in f for f in found), (a, b, found)
