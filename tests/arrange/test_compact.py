"""Compact arrangements: published counts, engines agree, fixed pieces, infeasible problems."""

from __future__ import annotations

import pytest

from puzzles.arrangements import is_valid
from puzzles.errors import InfeasibleError, InvalidInputError
from solver.arrange import ArrangementProblem, count, first, solutions

from .helpers import key


def test_square_4x4_has_652_compact_solutions(square_problem, square_solutions) -> None:
    assert count(square_problem) == 652
    sols = square_solutions
    assert len(sols) == 652
    assert len({key(a) for a in sols}) == 652
    assert all(is_valid(a) for a in sols)


@pytest.mark.parametrize("region", ["4x4", "2x8", "torus:4x4"])
def test_kernel_and_cpsat_give_the_same_solution_sets(region: str) -> None:
    p = ArrangementProblem.create("square", "compact", region)
    if region == "torus:4x4":
        p = p.with_fixed({(0, 0): 15, (1, 1): 0, (2, 2): 5})
    kernel = {key(a) for a in solutions(p, engine="kernel")}
    cpsat = {key(a) for a in solutions(p, engine="cpsat")}
    assert kernel == cpsat
    assert count(p, "kernel") == count(p, "cpsat") == len(kernel)


def test_constraint_engine_agrees_on_4x4() -> None:
    p = ArrangementProblem.create("square", "compact", "4x4").with_fixed({(1, 1): 15})
    kernel = {key(a) for a in solutions(p, engine="kernel")}
    constraint = {key(a) for a in solutions(p, engine="constraint")}
    assert kernel == constraint and len(kernel) > 0


def test_2x8_square_is_infeasible() -> None:
    # a 2x8 strip has only 8 vertical and 14 horizontal inner edges: too few for 8 N beams
    p = ArrangementProblem.create("square", "compact", "2x8")
    assert count(p) == 0
    with pytest.raises(InfeasibleError):
        first(p)


def test_fixed_pieces_are_respected() -> None:
    p = ArrangementProblem.create("square", "compact", "4x4", fixed={(0, 0): 9, (3, 3): 6})
    sols = list(solutions(p))
    assert sols and all(a.placements[(0, 0)] == 9 and a.placements[(3, 3)] == 6 for a in sols)
    everything = [a for a in solutions(ArrangementProblem.create("square", "compact", "4x4"))
                  if a.placements[(0, 0)] == 9 and a.placements[(3, 3)] == 6]
    assert len(sols) == len(everything)


def test_bad_problems_are_rejected_with_clear_errors() -> None:
    with pytest.raises(InvalidInputError, match="needs a region of 16 cells"):
        ArrangementProblem.create("square", "compact", "3x3")
    with pytest.raises(InvalidInputError, match="no such piece"):
        ArrangementProblem.create("square", "compact", "4x4", fixed={(0, 0): 16})
    with pytest.raises(InvalidInputError, match="outside the region"):
        ArrangementProblem.create("square", "compact", "4x4", fixed={(5, 0): 1})
    with pytest.raises(InvalidInputError, match="twice"):
        ArrangementProblem.create("square", "compact", "4x4", fixed={(0, 0): 9, (1, 0): 9})


def test_fixed_pieces_that_clash_are_infeasible() -> None:
    p = ArrangementProblem.create("square", "compact", "4x4", fixed={(0, 0): 9, (1, 0): 8})
    with pytest.raises(InfeasibleError, match="do not match"):
        first(p)


def test_hexagon_rhombus_8x8_compact_solution_is_found_and_valid() -> None:
    arr = first(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"))
    assert sorted(arr.placements.values()) == list(range(64))
    assert is_valid(arr)


def test_triangle_and_second_order_sets() -> None:
    tri = first(ArrangementProblem.create("triangle", "compact", "8x2"))
    assert is_valid(tri) and len(tri.placements) == 16


def test_engines_agree_on_a_hexagon_completion() -> None:
    """Fix 52 of the 64 cells of a rhombus solution: the three engines list the same rest."""
    p = ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")
    base = first(p)
    cells = sorted(base.placements, key=lambda c: (c[1], c[0]))
    keep = {c: base.placements[c] for c in cells[:40] + cells[52:]}
    sub = p.with_fixed(keep)
    sets = {e: {key(a) for a in solutions(sub, engine=e)} for e in ("kernel", "cpsat",
                                                                     "constraint")}
    assert key(base) in sets["kernel"]
    assert sets["kernel"] == sets["cpsat"] == sets["constraint"]
    assert count(sub, "kernel") == count(sub, "cpsat") == len(sets["kernel"])


def test_triangle_engines_agree() -> None:
    p = ArrangementProblem.create("triangle", "compact", "8x2")
    kernel = {key(a) for a in solutions(p, engine="kernel")}
    assert kernel == {key(a) for a in solutions(p, engine="cpsat")}
    assert kernel == {key(a) for a in solutions(p, engine="constraint")}
    assert len(kernel) == count(p) == 64


def test_torus_and_free_border_counts_match_cpsat_on_subproblems() -> None:
    for region, border in (("torus:4x4", "blank"), ("4x4", "free")):
        p = ArrangementProblem.create("square", "compact", region, border,
                                      fixed={(0, 0): 15, (1, 0): 5, (2, 2): 10})
        assert count(p, "kernel") == count(p, "cpsat") > 0


@pytest.mark.slow
def test_torus_and_free_border_full_counts_match_xcover() -> None:
    """Full counts, cross-checked with xcover on our DLX export (about a minute)."""
    from xcover import covers

    from solver.arrange.export import dlx_text, parse_xcc

    for region, border, expected in (("torus:4x4", "blank", 203520), ("4x4", "free", 2765440)):
        p = ArrangementProblem.create("square", "compact", region, border)
        assert count(p, "kernel") == expected
        primary, secondary, options = parse_xcc(dlx_text(p))
        assert sum(1 for _ in covers(options, primary=primary, secondary=secondary,
                                     colored=True)) == expected
