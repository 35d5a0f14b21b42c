"""Symmetry (orbits), Knuth's estimate, subproblems and the DLX export."""

from __future__ import annotations

import pytest

from puzzles.arrangements import Arrangement, is_valid
from puzzles.grids import cell_symmetries
from solver.arrange import ArrangementProblem, count
from solver.arrange.estimate import estimate
from solver.arrange.export import dlx_text, parse_xcc
from solver.arrange.run import count_arrangements, enumerate_arrangements
from solver.arrange.split import (
    count_parallel,
    count_subproblem,
    prefix_from_json,
    prefix_to_json,
    prefixes,
)

from .helpers import key


def turned(arr: Arrangement, sym) -> Arrangement:  # a plain re-implementation for the test
    placements = {}
    for cell, piece in arr.placements.items():
        beams = sum(sym.directions[cell][d] for d in sym.directions[cell] if piece & d)
        placements[sym.cells[cell]] = beams
    return Arrangement(arr.set_name, arr.kind, placements, arr.region)


def test_square_orbits_by_brute_force(square_problem, square_solutions) -> None:
    syms = cell_symmetries(square_problem.piece_set.grid, square_problem.region.cells)
    assert len(syms) == 8
    all_keys = {key(a) for a in square_solutions}
    orbits = set()
    for arr in square_solutions:
        images = [turned(arr, s) for s in syms]
        assert all(is_valid(img) and key(img) in all_keys for img in images)
        orbits.add(min(key(img) for img in images))
    assert count_arrangements(square_problem, up_to_symmetry=True) == (652, len(orbits))
    assert len(orbits) == 82
    reps = list(enumerate_arrangements(square_problem, up_to_symmetry=True))
    assert len(reps) == 82
    assert {min(key(turned(a, s)) for s in syms) for a in reps} == orbits


def test_hexagon_rhombus_has_four_symmetries_and_hexagon_twelve() -> None:
    from puzzles.regions import parse_region

    g = ArrangementProblem.create("hexagon", "compact", "rhombus:8x8").piece_set.grid
    assert len(cell_symmetries(g, parse_region("rhombus:8x8", "hexagon").cells)) == 4
    assert len(cell_symmetries(g, parse_region("hexagon:5", "hexagon").cells)) == 12
    assert len(cell_symmetries(g, parse_region("8x8", "hexagon").cells)) == 2


def test_estimate_is_close_and_reproducible(square_problem) -> None:
    a = estimate(square_problem, probes=3000, seed=7, method="knuth")
    b = estimate(square_problem, probes=3000, seed=7, method="knuth")
    assert a == b
    assert abs(a.solutions - 652) < 4 * a.solutions_error + 20
    from solver.arrange.engines.kernel import KernelSearch
    from solver.arrange.instance import EdgeInstance

    search = KernelSearch(EdgeInstance.build(square_problem))
    search.count()
    assert abs(a.nodes - (search.nodes + 1)) < 4 * a.nodes_error + 200


@pytest.mark.parametrize("depth", [0, 1, 3, 5])
def test_subproblems_partition_the_solutions(square_problem, depth: int) -> None:
    subs = prefixes(square_problem, depth)
    assert subs == prefixes(square_problem, depth)  # deterministic
    assert sum(count_subproblem(square_problem, s) for s in subs) == 652
    replayed = [prefix_from_json(prefix_to_json(s)) for s in subs]
    assert replayed == subs


def test_parallel_count_and_enumeration_match_sequential(square_problem) -> None:
    p = ArrangementProblem.create("square", "compact", "torus:4x4", fixed={(0, 0): 15})
    assert count_parallel(p, 2) == count(p)
    par = [key(a) for a in enumerate_arrangements(square_problem, jobs=2, order="static")]
    seq = [key(a) for a in enumerate_arrangements(square_problem, order="static")]
    assert par == seq
    mrv = [key(a) for a in enumerate_arrangements(square_problem, jobs=2, order="mrv")]
    assert sorted(mrv) == sorted(seq) and len(set(mrv)) == 652


def naive_xcc_count(primary: list[str], options: list[list[str]]) -> int:
    """Count exact covers with colours by plain recursion (shares nothing with our engines)."""
    parsed = [[tuple(item.split(":", 1)) if ":" in item else (item, None) for item in option]
              for option in options]
    by_item: dict[str, list[int]] = {item: [] for item in primary}
    for index, option in enumerate(parsed):
        for item, _ in option:
            if item in by_item:
                by_item[item].append(index)

    def fits(index: int, covered: set[str], colours: dict[str, str]) -> bool:
        for item, colour in parsed[index]:
            if colour is None and item in covered:
                return False
            if colour is not None and colours.get(item, colour) != colour:
                return False
        return True

    def search(covered: set[str], colours: dict[str, str]) -> int:
        open_items = [item for item in primary if item not in covered]
        if not open_items:
            return 1
        item = min(open_items,
                   key=lambda i: sum(fits(o, covered, colours) for o in by_item[i]))
        total = 0
        for index in by_item[item]:
            if fits(index, covered, colours):
                new_cover = covered | {i for i, c in parsed[index] if c is None}
                new_colours = {**colours, **{i: c for i, c in parsed[index] if c is not None}}
                total += search(new_cover, new_colours)
        return total

    return search(set(), {})


def test_dlx_export_counts_agree_with_a_plain_xcc_counter(square_problem) -> None:
    for problem, expected in ((square_problem, 652),
                              (ArrangementProblem.create("triangle", "compact", "8x2"), 64)):
        primary, _secondary, options = parse_xcc(dlx_text(problem))
        assert len(primary) == 2 * len(problem.piece_set.pieces)
        assert naive_xcc_count(primary, options) == expected == count(problem)


def test_dlx_export_counts_agree_with_xcover(square_problem) -> None:
    from xcover import covers  # the peer, in the test extra: this runs in CI

    primary, secondary, options = parse_xcc(dlx_text(square_problem))
    n = sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=True))
    assert n == 652


def test_free_shape_orbits_agree_with_burnside() -> None:
    from solver.arrange import solutions
    from solver.arrange.symmetry import FreeSymmetry

    p = ArrangementProblem.create("square", "transcendental", single_group=True)
    free = FreeSymmetry(p.piece_set.grid)
    sols = [a.placements for a in solutions(p)]
    keys = {free.key(s) for s in sols}
    assert len(keys) == len(sols) == 4804  # distinct up to translation of each group
    fixed_points = sum(free.key(free.image(s, g)) == free.key(s)
                       for s in sols for g in range(len(free)))
    reps = sum(free.is_representative(s) for s in sols)
    assert fixed_points == reps * len(free) and reps == 604
    for s in sols[:50]:  # images are solutions too
        assert free.key(free.image(s, 3)) in keys
