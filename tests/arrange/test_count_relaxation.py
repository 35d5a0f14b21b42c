"""Upper bounds on compact counts by exact counts of relaxations (issue 14, question 4).

Two implementations: ``count_relaxation`` (a frontier dynamic program over the cells with
class counts in the state) and ``count_axes`` (a product over the axes of small line
programs). They must agree where they compute the same relaxation, and both must agree with a
brute force over every labelling (written here, sharing no code) on square 2x8, and bound the
known exact counts from above.
"""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from puzzles.errors import InvalidInputError
from solver.arrange.count_axes import axes, axis_bound, pattern_bounds, rarest_pattern_bound
from solver.arrange.count_relaxation import (
    RelaxedCount,
    pieces_classing,
    projection_classing,
    side_classing,
    weight_classing,
)
from solver.arrange.layout import EdgeLayout
from solver.arrange.problem import ArrangementProblem
from solver.arrange.split import prefix_from_json

ROOT = Path(__file__).resolve().parents[2]
COMPLETIONS = ROOT / "tests" / "data" / "hexagon-completions"


def layout(set_name: str, region: str) -> EdgeLayout:
    return EdgeLayout.build(ArrangementProblem.create(set_name, "compact", region))


def completion(free: int) -> EdgeLayout:
    path = COMPLETIONS / f"rhombus8x8-free{free}.json"
    fixed = prefix_from_json(json.loads(path.read_text()), str(path))
    return EdgeLayout.build(
        ArrangementProblem.create("hexagon", "compact", "rhombus:8x8", fixed=fixed))


# --- a brute force over every labelling of square 2x8 (own geometry, no project code) -------

W, H = 2, 8  # region "2x8": 2 columns, 8 rows; sides 0 east, 1 north, 2 west, 3 south


def brute_patterns() -> np.ndarray:
    """The 16 cell patterns of every one of the 2^22 labellings (rows: cells)."""
    edges: list[tuple[tuple[int, int], int, tuple[int, int], int]] = []
    for y in range(H):
        for x in range(W):
            if x + 1 < W:
                edges.append(((x, y), 0, (x + 1, y), 2))
            if y + 1 < H:
                edges.append(((x, y), 3, (x, y + 1), 1))
    labels = np.arange(1 << len(edges), dtype=np.uint32)
    pats = np.zeros((W * H, len(labels)), dtype=np.uint8)
    for e, (a, sa, b, sb) in enumerate(edges):
        bit = ((labels >> e) & 1).astype(np.uint8)
        pats[a[1] * W + a[0]] |= bit << sa
        pats[b[1] * W + b[0]] |= bit << sb
    return pats


@pytest.fixture(scope="module")
def brute() -> np.ndarray:
    """How many cells show each of the 16 patterns, for every labelling (rows: patterns)."""
    pats = brute_patterns()
    return np.stack([np.add.reduce(pats == v, axis=0, dtype=np.uint8) for v in range(16)])


def brute_count(hist: np.ndarray, partitions: list[list[list[int]]]) -> int:
    """Labellings where, in every partition of the patterns into classes, each class holds
    as many cells as it has patterns."""
    ok = np.ones(hist.shape[1], dtype=bool)
    for classes in partitions:
        for cls in classes:
            ok &= np.add.reduce(hist[cls], axis=0, dtype=np.uint8) == len(cls)
    return int(ok.sum())


def test_brute_force_geometry_is_the_layouts() -> None:
    lay = layout("square", "2x8")
    for y in range(H):
        for x in range(W):
            i = y * W + x
            assert lay.cells[i] == (x, y)
            assert lay.nb[i][0] == (i + 1 if x + 1 < W else -1)
            assert lay.nb[i][3] == (i + W if y + 1 < H else -1)


@pytest.mark.parametrize("name", ["weight", "side0", "side1", "axes", "pair01", "pieces"])
def test_relaxed_counts_match_the_brute_force(brute: np.ndarray, name: str) -> None:
    lay = layout("square", "2x8")
    weight = [[p for p in range(16) if bin(p).count("1") == w] for w in range(5)]
    by_side = {j: [[p for p in range(16) if (p >> j) & 1 == v] for v in (0, 1)] for j in range(4)}
    by_axis = [[[p for p in range(16) if ((p >> a) & 1, (p >> b) & 1) == v]
                for v in ((0, 0), (0, 1), (1, 0), (1, 1))] for a, b in ((0, 2), (1, 3))]
    pair = [[p for p in range(16) if p & 3 == v] for v in range(4)]
    single = [[0], [15], [5], [p for p in range(16) if p not in (0, 15, 5)]]
    cases = {
        "weight": ([weight_classing(lay)], [weight]),
        "side0": ([side_classing(lay, 0)], [by_side[0]]),
        "side1": ([side_classing(lay, 1)], [by_side[1]]),
        "axes": ([projection_classing(lay, list(a)) for a in axes(lay)], by_axis),
        "pair01": ([projection_classing(lay, [0, 1])], [pair]),
        "pieces": ([pieces_classing(lay, [0, 15, 5])], [single]),
    }
    classings, classes = cases[name]
    assert RelaxedCount(lay, classings).count() == brute_count(brute, classes)
    if name == "axes":
        assert axis_bound(lay) == brute_count(brute, classes)


def test_no_classing_counts_every_labelling() -> None:
    for set_name, region, edges in (("square", "4x4", 24), ("triangle", "torus:8x2", 24),
                                    ("hexagon", "rhombus:8x8", 161)):
        rc = RelaxedCount(layout(set_name, region), [])
        assert rc.edges == edges
        assert rc.count() == 2 ** edges


@pytest.mark.parametrize("set_name,region,exact", [
    ("square", "4x4", 652), ("triangle", "torus:8x2", 6016), ("square", "torus:4x4", 203520)])
def test_every_side_as_a_class_is_the_exact_count(set_name: str, region: str,
                                                   exact: int) -> None:
    lay = layout(set_name, region)
    assert RelaxedCount(lay, [projection_classing(lay, list(range(lay.k)))]).count() == exact


def test_completions_exactly_and_bounded() -> None:
    lay = completion(24)
    assert RelaxedCount(lay, [projection_classing(lay, list(range(6)))]).count() == 2
    for free, exact in ((24, 2), (32, 99), (40, 573105)):
        lay = completion(free)
        assert axis_bound(lay) >= exact
        if free < 40:
            assert RelaxedCount(lay, [side_classing(lay, 0)]).count() >= exact


@pytest.mark.parametrize("set_name,region", [("square", "4x4"), ("square", "torus:4x4")])
def test_the_two_implementations_agree(set_name: str, region: str) -> None:
    lay = layout(set_name, region)
    per_axis = [projection_classing(lay, list(a)) for a in axes(lay)]
    assert RelaxedCount(lay, per_axis).count() == axis_bound(lay)


def test_stronger_relaxations_count_less() -> None:
    lay = layout("square", "4x4")
    counts = [RelaxedCount(lay, c).count() for c in (
        [], [side_classing(lay, 0)], [side_classing(lay, 0), side_classing(lay, 1)],
        [projection_classing(lay, [0, 1, 2])], [projection_classing(lay, [0, 1, 2, 3])])]
    assert counts == sorted(counts, reverse=True)
    assert counts[-1] == 652


def test_the_hexagon_rhombus_axis_bound() -> None:
    lay = layout("hexagon", "rhombus:8x8")
    u = axis_bound(lay)
    assert u == 923038588820000689735117507260566910429168
    assert 2.54e22 < u < 2 ** 161
    # the axis factors are the line counts: each is at most the labellings of that axis
    assert math.log2(u) < 161


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="axes"):
        axis_bound(layout("triangle", "torus:8x2"))
    lay = layout("hexagon", "rhombus:8x8")
    with pytest.raises(InvalidInputError, match="bits"):
        RelaxedCount(lay, [pieces_classing(lay, range(60))])


def test_subsets_of_single_pieces_only_tighten() -> None:
    lay = layout("square", "4x4")
    base = RelaxedCount(lay, []).count()
    for pieces in combinations([0, 5, 10, 15], 2):
        assert 652 <= RelaxedCount(lay, [pieces_classing(lay, pieces)]).count() < base


@pytest.fixture(scope="module")
def free24_solution() -> dict[tuple[int, int], int]:
    from solver.arrange import solutions

    lay = completion(24)
    sol = next(iter(solutions(lay.problem)))
    return {(int(c[0]), int(c[1])): int(p) for c, p in sol.placements.items()}


@pytest.mark.parametrize("free", [8, 16])
def test_the_two_implementations_agree_on_hexagon_completions(
        free24_solution: dict[tuple[int, int], int], free: int) -> None:
    # fix every row of a known solution but the first free / 8 ones
    fixed = {c: p for c, p in free24_solution.items() if c[1] >= free // 8}
    lay = EdgeLayout.build(
        ArrangementProblem.create("hexagon", "compact", "rhombus:8x8", fixed=fixed))
    per_axis = [projection_classing(lay, list(a)) for a in axes(lay)]
    loose = RelaxedCount(lay, per_axis, exclude_fixed=False).count()
    assert loose == axis_bound(lay) > 0
    assert 1 <= RelaxedCount(lay, per_axis).count() <= loose


@pytest.mark.parametrize("free,exact", [(8, None), (24, 2)])
def test_pattern_bounds_add_up_and_bound_the_count(
        free24_solution: dict[tuple[int, int], int], free: int, exact: int | None) -> None:
    if free == 24:
        lay = completion(24)
    else:
        fixed = {c: p for c, p in free24_solution.items() if c[1] >= free // 8}
        lay = EdgeLayout.build(
            ArrangementProblem.create("hexagon", "compact", "rhombus:8x8", fixed=fixed))
    bounds = pattern_bounds(lay)
    assert len(bounds) == free  # one per piece not fixed
    # sum_v E[n_v] = free cells over all 64 patterns; the fixed ones are left out here
    assert 0 < sum(bounds.values()) <= free * axis_bound(lay)
    _v, b = rarest_pattern_bound(lay)
    assert b == min(bounds.values()) <= axis_bound(lay)
    if exact is not None:
        assert b >= exact


def test_pattern_bounds_on_the_square_sets() -> None:
    for region, exact in (("4x4", 652), ("torus:4x4", 203520)):
        lay = layout("square", region)
        bounds = pattern_bounds(lay)
        assert sum(bounds.values()) == 16 * axis_bound(lay)
        assert min(bounds.values()) >= exact
