"""The pieces of the two-stage hexagon2 search (docs/results.md, question 6)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.arrangements import verify
from solver.arrange.api import first
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem
from solver.research import hexagon2_two_stage as ts
from solver.research.hexagon2 import problem


@pytest.fixture(scope="module")
def big() -> EdgeInstance:
    """The hexagon2 compact problem on rhombus:64x64."""
    return EdgeInstance.build(problem())


def test_exact_sides_on_the_first_order_set_is_a_compact_arrangement() -> None:
    inst = EdgeInstance.build(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"))
    pat = ts.exact_sides(inst, seed=3)
    assert pat is not None
    assert sorted(pat.tolist()) == list(range(64))
    verify(inst.problem.arrangement({c: int(pat[i]) for i, c in enumerate(inst.cells)}))


def test_exact_sides_on_hexagon2_puts_each_side_pattern_on_64_cells(big: EdgeInstance) -> None:
    sides = ts.exact_sides(big, seed=1)
    assert sides is not None
    assert (np.bincount(sides, minlength=64) == 64).all()
    for a, s, b, t in big.edges():  # the side lines agree, none leaves the region
        if s < 6:
            assert (sides[a] >> s & 1) == (sides[b] >> t & 1)
    assert not (sides & (big.blank_mask.astype(np.int64) & 63)).any()
    assert ts.hall_failures(sides, ts.allowed_corners(big)) == []


def test_periodic_blocks_fail_halls_condition_at_the_four_block_corners(
        big: EdgeInstance) -> None:
    """One 8x8 arrangement in every block: the side patterns of the block's corners have 8
    cells on two borders of the region each, so they cannot take all 64 corner patterns."""
    base = first(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")).placements
    sides = np.array([base[(q % 8, r % 8)] for q, r in big.cells])
    corners = {base[c] for c in ((0, 0), (7, 0), (0, 7), (7, 7))}
    assert set(ts.hall_failures(sides, ts.allowed_corners(big))) == corners


def test_allowed_corners_at_the_region_corner(big: EdgeInstance) -> None:
    # (63, 63): only the corner line towards (62, 62) stays inside (WNW*, bit 1)
    i = big.index[(63, 63)]
    assert np.flatnonzero(ts.allowed_corners(big)[i]).tolist() == [0, 2]


def test_coset_split_partitions_each_class_by_coset(big: EdgeInstance) -> None:
    """Block sides (seed 2 passes Hall's check) split; annealed sides, whose few-beam classes
    crowd the border, do not (seed 2 of ``exact_sides``, 300 tries per class)."""
    coset = ts.cosets(big)
    allowed = ts.allowed_corners(big)
    crowded = ts.exact_sides(big, seed=2)
    assert crowded is not None
    assert ts.coset_split(crowded, coset, allowed, seed=1, tries=300) is None
    sides = ts.block_sides(big, seed=2)
    assert (np.bincount(sides, minlength=64) == 64).all()
    assert ts.hall_failures(sides, allowed) == []
    split = ts.coset_split(sides, coset, allowed, seed=1)
    assert split is not None
    for c in range(64):
        parts = [split[c, t] for t in range(3)]
        assert sorted(g for p in parts for g in p) == list(range(64))
        for t, p in enumerate(parts):
            assert len(p) == int(((sides == c) & (coset == t)).sum())
            assert {ts.corner_turned(g) for g in p} == set(p)


def test_corner_lines_stay_in_their_coset(big: EdgeInstance) -> None:
    coset = ts.cosets(big)
    for a, s, b, _ in big.edges():
        assert (coset[a] == coset[b]) == (s >= 6)
    assert [ts.corner_turned(1 << j) for j in range(6)] == [8, 16, 32, 1, 2, 4]


def test_a_random_coset_split_can_be_infeasible_and_its_core_names_the_class(
        big: EdgeInstance) -> None:
    """Block seed 3, split seed 3: coset 0 is unsatisfiable because of class 24 alone
    (CaDiCaL on the strong model, a selector per class; about 2 s)."""
    from pysat.solvers import Solver

    sides = ts.block_sides(big, seed=3)
    coset = ts.cosets(big)
    split = ts.coset_split(sides, coset, ts.allowed_corners(big), seed=3)
    assert split is not None
    members = np.flatnonzero(coset == 0)
    sel: dict[int, int] = {}
    clauses, _ = ts._choice_clauses(big, sides, members,
                                    {c: split[c, 0] for c in range(64)}, True, sel)
    with Solver(name="cadical195", bootstrap_with=clauses) as sat:
        assert not sat.solve(assumptions=list(sel.values()))
        core = set(sat.get_core() or [])
        assert [c for c, v in sel.items() if v in core] == [24]
        others = [v for c, v in sel.items() if c != 24]
        assert sat.solve(assumptions=others[:8])  # a few classes alone are satisfiable
