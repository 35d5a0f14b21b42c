"""The settled questions of issue 14 (docs/results.md): the stored objects, re-verified, and
the searches that found them (slow: ``python3 -m pytest -m slow tests/arrange/test_settled.py``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from itertools import combinations
from pathlib import Path

import pytest
from pysat.solvers import Solver

from puzzles.arrangements import Arrangement, faults, read_arrangement, verify
from puzzles.grids import Cell
from solver.arrange import ArrangementProblem
from solver.arrange.engines.dual import EXHAUSTED, FOUND, DualSearch
from solver.arrange.instance import EdgeInstance
from solver.arrange.starmap_cnf import StarMapCnf, _lex_leq, encode, line_clauses_apply


def messages(arr: Arrangement, fixed: Mapping[Cell, int] | None = None) -> list[str]:
    """The verifier's fault sentences."""
    return [f.message for f in faults(arr, fixed)]

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results"


def _lines_per_axis(arr: Arrangement) -> dict[tuple[int, int], int]:
    """Number of maximal board lines along each axis, from the raw deltas."""
    assert arr.region is not None
    cells = arr.region.cells
    out = {}
    for delta in ((1, 0), (0, 1), (1, -1)):
        starts = [c for c in cells if (c[0] - delta[0], c[1] - delta[1]) not in cells]
        out[delta] = len(starts)
    return out


def test_no_adjacent_hexagon_starmap_is_valid() -> None:
    arr = read_arrangement(RESULTS / "starmap-hexagon-no-adjacent.json")
    verify(arr)
    assert arr.no_adjacent and arr.set_name == "hexagon" and arr.kind == "starmap"
    assert arr.region is not None and len(arr.region.cells) == 768
    assert sorted(arr.placements.values()) == list(range(64))
    # no two pieces on neighbouring cells, checked here with the raw deltas
    deltas = arr.piece_set.grid.deltas()
    for (q, r) in arr.placements:
        assert all((q + dq, r + dr) not in arr.placements for dq, dr in deltas.values())


def test_smallest_board_starmap_is_valid_on_its_hull() -> None:
    arr = read_arrangement(RESULTS / "starmap-hexagon-smallest.json")
    verify(arr)
    assert arr.region is not None
    cells = arr.region.cells
    assert len(cells) == 636  # the figure of docs/results.md, section 3
    # convex: the cells are all of q, r in [0, 31] with q + r in [4, 35]
    assert cells == {(q, r) for q in range(32) for r in range(32) if 4 <= q + r <= 35}
    # the board is the hull of the pieces: every bound is met by a piece
    qs = {q for q, _ in arr.placements}
    rs = {r for _, r in arr.placements}
    ss = {q + r for q, r in arr.placements}
    assert (min(qs), max(qs), min(rs), max(rs), min(ss), max(ss)) == (0, 31, 0, 31, 4, 35)
    # a StarMap meets exactly 32 lines of each axis
    assert len(qs) == len(rs) == len(ss) == 32
    assert set(_lines_per_axis(arr).values()) == {32}


@pytest.mark.parametrize("name", ["starmap-hexagon-no-adjacent.json",
                                  "starmap-hexagon-smallest.json"])
def test_swapping_two_pieces_of_a_stored_starmap_breaks_a_line_of_sight(name: str) -> None:
    arr = read_arrangement(RESULTS / name)
    cells = sorted(arr.placements)
    for a, b in list(combinations(cells, 2))[::7]:
        placements = dict(arr.placements)
        placements[a], placements[b] = placements[b], placements[a]
        mutated = Arrangement(arr.set_name, arr.kind, placements, arr.region,
                              no_adjacent=arr.no_adjacent)
        found = messages(mutated)
        assert found and all("looking" in f for f in found), (a, b, found)


def test_the_cnf_finds_a_square_starmap_that_verifies() -> None:
    problem = ArrangementProblem.create("square", "starmap", "8x8")
    cnf = encode(problem, symmetry=True, line_clauses=True)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        assert s.solve()
        verify(problem.arrangement(cnf.placements(s.get_model())))


def test_the_cnf_refuses_a_piece_in_the_blank_pieces_line_of_sight() -> None:
    # the blank sees nothing, so nothing may stand east of it on its row
    cnf = encode(ArrangementProblem.create("square", "starmap", "8x8",
                                           fixed={(0, 0): 0, (5, 0): 4}))
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        assert not s.solve()


def test_line_clauses_apply_only_to_boards_with_exactly_the_lines_needed() -> None:
    assert line_clauses_apply(ArrangementProblem.create("hexagon", "starmap", "hexagon:16/17"))
    assert line_clauses_apply(ArrangementProblem.create("square", "starmap", "8x8"))
    assert not line_clauses_apply(ArrangementProblem.create("square", "starmap", "9x9"))
    assert not line_clauses_apply(ArrangementProblem.create("hexagon", "starmap", "hexagon:17"))


@pytest.mark.parametrize("width", [1, 2, 3])
def test_lex_leq_clauses_accept_exactly_the_ordered_pairs(width: int) -> None:
    for a_bits in range(1 << width):
        for b_bits in range(1 << width):
            cnf = StarMapCnf((), [], {}, [], 2 * width)
            a = list(range(1, width + 1))
            b = list(range(width + 1, 2 * width + 1))
            _lex_leq(cnf, a, b)
            units = [[v if a_bits >> (width - 1 - i) & 1 else -v] for i, v in enumerate(a)]
            units += [[v if b_bits >> (width - 1 - i) & 1 else -v] for i, v in enumerate(b)]
            with Solver(name="cadical195", bootstrap_with=cnf.clauses + units) as s:
                assert s.solve() == (a_bits <= b_bits), (width, a_bits, b_bits)


def test_dual_search_enumerates_the_652_compact_4x4_solutions() -> None:
    inst = EdgeInstance.build(ArrangementProblem.create("square", "compact", "4x4"))
    search = DualSearch(inst)
    rows = set()
    while (status := search.run(1 << 20)) == FOUND:
        arr = inst.problem.arrangement(inst.placements(search.value))
        verify(arr)
        rows.add(tuple(search.value))
    assert status == EXHAUSTED and len(rows) == 652


def test_dual_search_finds_a_hexagon_rhombus_arrangement_and_honours_fixed_pieces() -> None:
    problem = ArrangementProblem.create("hexagon", "compact", "rhombus:8x8",
                                        fixed={(3, 3): 63, (0, 0): 16})
    inst = EdgeInstance.build(problem)
    search = DualSearch(inst)
    assert search.run(1 << 20) == FOUND
    verify(problem.arrangement(inst.placements(search.value)), problem.fixed_map)


def _script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solver", "research", "starmap",
                           *["--board" if a == "--region" else a for a in args]],
                          capture_output=True, text=True, cwd=ROOT, timeout=3600)


@pytest.mark.slow
def test_search_no_adjacent_hexagon_starmap(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    run = _script("--region", "hexagon:16/17", "--no-adjacent", "--symmetry", "--lines",
                  "--out", str(out))
    assert run.returncode == 0, run.stderr
    arr = read_arrangement(out)
    verify(arr)
    assert arr.no_adjacent


@pytest.mark.slow
def test_search_starmap_on_the_678_cell_board(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    run = _script("--slab", "6", "--symmetry", "--lines", "--out", str(out))
    assert run.returncode == 0, run.stderr
    verify(read_arrangement(out))


@pytest.mark.slow
def test_search_starmap_on_the_636_cell_board(tmp_path: Path) -> None:
    """kissat on the slab C = 4 (about 10 min here at load 2-6)."""
    out = tmp_path / "s.json"
    run = _script("--slab", "4", "--symmetry", "--lines", "--solver", "kissat404",
                  "--out", str(out))
    assert run.returncode == 0, run.stderr
    arr = read_arrangement(out)
    verify(arr)
    assert arr.region is not None and len(arr.region.cells) == 636


def test_no_convex_board_with_32_lines_each_way_has_fewer_than_528_cells() -> None:
    """Section 3's lower bound, by enumeration over every convex board (``0 <= q < W1``,
    ``0 <= r < W2``, ``e <= q + r < e + W3``) with widths from 32 to 40."""
    best = None
    for w1 in range(32, 41):
        for w2 in range(32, 41):
            for w3 in range(32, 41):
                for e in range(0, w1 + w2 - w3):
                    lengths = [min(w1, w2, s + 1, w1 + w2 - 1 - s) for s in range(e, e + w3)]
                    q_lo, q_hi = max(0, e - w2 + 1), min(w1 - 1, e + w3 - 1)
                    r_lo, r_hi = max(0, e - w1 + 1), min(w2 - 1, e + w3 - 1)
                    if min(lengths) < 1 or q_hi - q_lo < 31 or r_hi - r_lo < 31:
                        continue
                    cells = sum(lengths)
                    best = cells if best is None else min(best, cells)
    assert best == 528
    triangle = {(q, r) for q in range(32) for r in range(32) if q + r <= 31}
    assert len(triangle) == 528
