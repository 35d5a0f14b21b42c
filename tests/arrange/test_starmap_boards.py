"""Convex hexagon boards for section 3 of docs/results.md (the smallest board for a StarMap):
the hull, the triangles and slabs, and the lemma behind the lower bounds, by enumeration."""

from __future__ import annotations

import pytest

from puzzles.arrangements import Arrangement, verify
from puzzles.grids import grid
from puzzles.regions import Region
from solver.arrange import ArrangementProblem
from solver.arrange.starmap_boards import LINES, Hull, fewest_cells, hull, slab, tri, triangle
from solver.arrange.starmap_cnf import encode, line_clauses_apply, lines_needed


def _cells(q_hi: int, r_hi: int, s_lo: int, s_hi: int) -> int:
    """Cells of ``0 <= q <= q_hi, 0 <= r <= r_hi, s_lo <= q + r <= s_hi``, counted line by
    line (no triangle formula)."""
    return sum(max(0, min(q_hi, s) - max(0, s - r_hi) + 1) for s in range(s_lo, s_hi + 1))


def test_hull_is_the_tightest_convex_board() -> None:
    cells = {(2, 5), (7, 1), (4, 4)}
    h = hull(cells)
    assert h == Hull(2, 7, 1, 5, 7, 8)
    assert cells <= h.cells()
    assert hull(h.cells()) == h
    with pytest.raises(ValueError):
        hull([])


@pytest.mark.parametrize("n", [1, 2, 5, 32, 36])
def test_triangles_have_t_n_cells_and_n_lines_each_way(n: int) -> None:
    h = hull(triangle(n).cells)
    assert h.size == tri(n) and h.lines == (n, n, n) and h.up_side == n


@pytest.mark.parametrize("c, size", [(0, 528), (4, 636), (5, 658), (16, 768)])
def test_slabs(c: int, size: int) -> None:
    h = hull(slab(c).cells)
    assert h.size == size == fewest_cells(LINES + c)
    assert h.lines == (32, 32, 32) and h.up_side == 32 + c


def _tight_boards(widest: int) -> list[Hull]:
    """Every tight convex board with ``q_lo = r_lo = 0`` (a translation) and 32 to ``widest``
    lines along each axis."""
    out = []
    for q_hi in range(LINES - 1, widest):
        for r_hi in range(LINES - 1, widest):
            for s_lo in range(0, min(q_hi, r_hi) + 1):
                for s_hi in range(s_lo + LINES - 1, s_lo + widest):
                    # tight: every bound is met by a cell
                    if max(q_hi, r_hi) <= s_hi <= q_hi + r_hi:
                        out.append(Hull(0, q_hi, 0, r_hi, s_lo, s_hi))
    return out


def test_fewest_cells_is_the_least_board_of_each_up_side() -> None:
    """Every tight convex board with 32 or more lines along each axis and an up-side ``n``
    from 32 to 40 has at least ``fewest_cells(n)`` cells, and some board reaches it."""
    least: dict[int, int] = {}
    for h in _tight_boards(41):
        cells = _cells(h.q_hi, h.r_hi, h.s_lo, h.s_hi)
        least[h.up_side] = min(least.get(h.up_side, cells), cells)
    for n in range(32, 41):
        assert least[n] == fewest_cells(n), n
    assert [fewest_cells(n) for n in range(32, 38)] == [528, 558, 586, 612, 636, 658]
    assert [tri(n) for n in range(32, 37)] == [528, 561, 595, 630, 666]
    assert fewest_cells(63) == 528  # the down-triangle: fewest_cells is not monotone


def test_every_small_board_fits_a_small_triangle_up_to_a_half_turn() -> None:
    """Section 3's reduction. (1) A board with ``W`` lines along some axis has at least
    ``g(W) = sum(min(32, s + 1, 63 - s) for s < W)`` cells (the sliding-window argument of
    section 3; checked here up to 41 lines): g(37) = 673, so every board with fewer than 666
    cells has at most 36 lines per axis and is enumerated here. (2) Every such board with fewer
    than ``fewest_cells(n + 1)`` cells, for n = 32 ... 36, has ``min(up_side, down_side) <= n``:
    it fits in a translate of the triangle of side ``n``, after a half-turn when its down-side
    is the smaller (a half-turn maps StarMaps to StarMaps)."""

    def g(w: int) -> int:
        return sum(min(LINES, s + 1, 2 * LINES - 1 - s) for s in range(w))

    assert [g(w) for w in (32, 33, 36, 37)] == [528, 559, 646, 673]
    boards = _tight_boards(42)
    for h in boards:
        cells = _cells(h.q_hi, h.r_hi, h.s_lo, h.s_hi)
        assert cells >= g(max(h.lines)), h
        assert h.up_side + h.down_side == sum(h.lines) - 1
        side = min(h.up_side, h.down_side)
        for n in range(32, 37):
            if cells < fewest_cells(n + 1):
                assert side <= n, (h, cells)
    down = Hull(0, 31, 0, 31, 31, 62)
    assert down.up_side == 63 and down.down_side == 32 and down.size == 528
    assert {(31 - q, 31 - r) for q, r in down.cells()} == triangle(32).cells


def test_a_hull_of_tight_bounds_counts_like_the_line_by_line_sum() -> None:
    h = Hull(0, 33, 0, 35, 3, 36)
    assert h.size == _cells(33, 35, 3, 36) == len(h.cells())


def test_lines_needed_per_axis() -> None:
    tri33 = ArrangementProblem.create("hexagon", "starmap", triangle(33))
    assert sorted(lines_needed(tri33).values()) == [(32, 33)] * 3
    assert not line_clauses_apply(tri33)
    assert line_clauses_apply(ArrangementProblem.create("hexagon", "starmap", triangle(32)))
    with pytest.raises(Exception, match="lines along an axis"):
        encode(ArrangementProblem.create("hexagon", "starmap", triangle(31)), line_clauses=True)


def test_line_count_cardinality_on_a_larger_board_finds_a_starmap_meeting_8_lines() -> None:
    from pysat.solvers import Solver

    problem = ArrangementProblem.create("square", "starmap", "9x9")
    cnf = encode(problem, symmetry=True, line_clauses=True)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve()
        arr = problem.arrangement(cnf.placements(solver.get_model()))
    verify(arr)
    assert len({q for q, _ in arr.placements}) == 8 == len({r for _, r in arr.placements})


def test_a_starmap_moved_to_a_larger_convex_board_stays_a_starmap() -> None:
    """The fact the hull argument rests on, on the stored 658-cell StarMap."""
    from pathlib import Path

    from puzzles.arrangements import read_arrangement

    path = Path(__file__).resolve().parents[2] / "docs" / "results"
    arr = read_arrangement(path / "starmap-hexagon-smallest.json")
    h = hull(arr.placements)
    assert arr.region is not None and h.size == len(arr.region.cells)
    rhombus = Region(grid("hexagon"), Hull(0, 36, 0, 36, 0, 72).cells(), "rhombus")
    for region in (triangle(h.up_side), rhombus):
        assert set(arr.placements) <= region.cells and len(region.cells) > h.size
        verify(Arrangement(arr.set_name, "starmap", dict(arr.placements), region))


@pytest.mark.parametrize("bound", [10, 25, 40])
def test_the_hull_bound_accepts_exactly_the_occupied_sets_with_a_small_enough_hull(
        bound: int) -> None:
    """The clauses of ``max_hull`` alone (no StarMap rule), against :func:`hull` on random
    sets of occupied cells of the triangle of side 12."""
    import random

    from pysat.solvers import Solver

    from solver.arrange.starmap_cnf import StarMapCnf, _add_hull_bound

    problem = ArrangementProblem.create("hexagon", "starmap", triangle(12))
    assert problem.region is not None
    cells = problem.region.ordered_cells
    cnf = StarMapCnf(cells, list(range(1, len(cells) + 1)), {}, [], len(cells))
    _add_hull_bound(cnf, problem, bound)
    rng = random.Random(1)
    answers = set()
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        for _ in range(60):
            occupied = set(rng.sample(cells, rng.randint(1, 6)))
            assumptions = [v if c in occupied else -v for c, v in zip(cells, cnf.occ,
                                                                      strict=True)]
            expected = hull(occupied).size <= bound
            assert solver.solve(assumptions=assumptions) == expected, (occupied, bound)
            answers.add(expected)
    assert answers == {True, False}


def test_the_symmetries_of_a_triangle_and_the_half_turn_map_starmaps_to_starmaps() -> None:
    """Lemma 4 of section 3: a rotation or reflection of the board, pieces turned with it,
    maps a StarMap to a StarMap (so lex-leader breaking keeps an image of each), and so does
    the half-turn that maps the down-triangle onto the up-triangle."""
    from pathlib import Path

    from puzzles.arrangements import read_arrangement
    from puzzles.grids import cell_symmetries

    path = Path(__file__).resolve().parents[2] / "docs" / "results"
    arr = read_arrangement(path / "starmap-hexagon-smallest.json")
    board = triangle(36)
    on_board = Arrangement(arr.set_name, "starmap", dict(arr.placements), board)
    verify(on_board)
    syms = cell_symmetries(grid("hexagon"), board.cells)
    assert len(syms) == 6
    images = set()
    for sym in syms:
        placed = {sym.cells[c]: sym.beams(c, p) for c, p in on_board.placements.items()}
        verify(Arrangement(arr.set_name, "starmap", placed, board))
        images.add(frozenset(placed))
    assert len(images) == 6  # the 636-cell StarMap has no symmetry of its own
    # the half-turn (q, r) -> (-q, -r), every beam to the opposite side
    g = grid("hexagon")
    turned = {(-q, -r): sum(g.opposite((0, 0), d) for d in g.directions() if p & d)
              for (q, r), p in arr.placements.items()}
    h = hull(turned)
    verify(Arrangement(arr.set_name, "starmap", turned,
                       Region(grid("hexagon"), h.cells(), "turned")))
