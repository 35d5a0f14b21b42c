"""The facts behind the two-stage hexagon2 method (docs/results.md, question 6), as lemmas.

Lemma 6.1: a hexagon2 piece is a pair (side pattern, corner pattern) of 6-bit masks, every pair
once, and side lines meet only side lines: an arrangement is a side labelling and a corner
labelling whose 4096 pairs are all different.
Lemma 6.2: a corner neighbour has the same ``(q - r) mod 3``, a side neighbour never; the
linear map ``L(q, r) = (2q + r, r - q)`` sends side direction k to corner direction k.
Lemma 6.3 (Hall): given the sides, the 64 cells of a side pattern need 64 different corner
patterns, each allowed on its cell (no corner line leaving the region); so a set S of them
whose allowed patterns number fewer than |S| proves that no corner labelling exists.
"""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.beamsets import piece_set
from puzzles.grids import grid
from solver.arrange.api import first
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem
from solver.research import hexagon2_two_stage as ts
from solver.research.hexagon2 import problem


@pytest.fixture(scope="module")
def big() -> EdgeInstance:
    return EdgeInstance.build(problem())


def test_lemma_1_pieces_are_all_pairs_and_side_lines_meet_side_lines(big: EdgeInstance) -> None:
    pieces = sorted(p.beams for p in piece_set("hexagon2").pieces)
    assert pieces == list(range(4096))  # bits 0-5 the sides, 6-11 the corners: every pair once
    g = grid("hexagon2")
    deltas = g.deltas()
    for k in range(6):  # opposite directions stay in their half
        side, corner = 1 << k, 1 << (k + 6)
        assert g.opposite((0, 0), side) < 64 and g.opposite((0, 0), corner) >= 64
        assert deltas[side] != deltas[corner]
    for _a, s, _b, t in big.edges():
        assert (s < 6) == (t < 6)


def test_lemma_2_corner_lines_stay_in_a_coset_and_l_maps_sides_to_corners() -> None:
    deltas = grid("hexagon2").deltas()
    for k in range(6):
        sq, sr = deltas[1 << k]
        cq, cr = deltas[1 << (k + 6)]
        assert (sq - sr) % 3 != 0
        assert (cq - cr) % 3 == 0
        assert (2 * sq + sr, sr - sq) == (cq, cr)
    # L is one-to-one onto the coset lattice {(q, r): q = r mod 3}: determinant 3
    assert 2 * 1 - 1 * (-1) == 3


def _hall_witness(cells: np.ndarray, allowed: np.ndarray) -> tuple[list[int], set[int]] | None:
    """A set S of the class's cells whose allowed corner patterns number fewer than |S|,
    found among the cells allowing 8 patterns or fewer (the border cells), by trying every
    union of the cells grouped by their allowed sets."""
    groups: dict[frozenset[int], list[int]] = {}
    for i in cells:
        pats = frozenset(np.flatnonzero(allowed[i]).tolist())
        if len(pats) <= 8:
            groups.setdefault(pats, []).append(int(i))
    keys = list(groups)
    for mask in range(1, 1 << len(keys)):
        chosen = [keys[j] for j in range(len(keys)) if mask >> j & 1]
        s = [i for k in chosen for i in groups[k]]
        union = set().union(*chosen)
        if len(union) < len(s):
            return s, set(union)
    return None


def test_lemma_3_the_periodic_blocks_have_a_hall_witness_at_each_block_corner(
        big: EdgeInstance) -> None:
    """The certificate for the periodic block layout: for each of the four side patterns at a
    block's corners, a set of its cells on two borders with fewer allowed corner patterns than
    cells, found and counted here without a matching algorithm."""
    base = first(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")).placements
    sides = np.array([base[(q % 8, r % 8)] for q, r in big.cells])
    allowed = ts.allowed_corners(big)
    corners = {base[c] for c in ((0, 0), (7, 0), (0, 7), (7, 7))}
    for c in range(64):
        witness = _hall_witness(np.flatnonzero(sides == c), allowed)
        assert (witness is not None) == (c in corners), c
        if witness is not None:
            s, union = witness
            assert len(union) < len(s) <= 16
            for i in s:  # every pattern a cell of S may take is in the union
                assert set(np.flatnonzero(allowed[i]).tolist()) <= union
    assert set(ts.hall_failures(sides, allowed)) == corners
