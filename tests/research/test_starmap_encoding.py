"""The StarMap CNF checked against the rules: every model decodes to a StarMap that
``verify()`` accepts, the model count equals the kernel's count, and the two additions of
section 3 (lex-leader symmetry breaking, the line counts) keep exactly what the proofs of
docs/results.md say they keep.

Models are enumerated with blocking clauses over the placement variables (every StarMap sets
exactly one per piece, so two models with the same true placements are the same StarMap).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pysat.solvers import Solver

from puzzles.arrangements import Arrangement, read_arrangement, verify
from puzzles.grids import cell_symmetries
from solver.arrange import ArrangementProblem, count
from solver.arrange.starmap_cnf import encode, role_counts

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results"

# a square StarMap on 8x8 (found by the CNF, verified): its first 8 and 10 placements fixed
SQUARE = {(0, 0): 9, (5, 0): 13, (7, 0): 12, (1, 1): 8, (6, 2): 11}


def _square_starmap() -> Arrangement:
    problem = ArrangementProblem.create("square", "starmap", "8x8")
    cnf = encode(problem, symmetry=True, line_clauses=True)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        assert s.solve()
        arr = problem.arrangement(cnf.placements(s.get_model()))
    verify(arr)
    return arr


@pytest.fixture(scope="module")
def square_starmap() -> Arrangement:
    return _square_starmap()


def _models(problem: ArrangementProblem, limit: int = 100_000, **options: bool) -> list[
        dict[tuple[int, int], int]]:
    """Every StarMap of the problem by the CNF, each decoded and verified."""
    cnf = encode(problem, **options)
    ys = list(cnf.y.values())
    out = []
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        while s.solve():
            model = s.get_model()
            placements = cnf.placements(model)
            verify(problem.arrangement(placements), problem.fixed_map)
            out.append(placements)
            true = set(model)
            s.add_clause([-v for v in ys if v in true])
            assert len(out) <= limit
    return out


@pytest.mark.parametrize(("fixed", "expected"), [(8, 2400), (10, 12), (12, 2)])
def test_cnf_models_are_verified_starmaps_as_many_as_the_kernel_counts(
        square_starmap: Arrangement, fixed: int, expected: int) -> None:
    fix = dict(sorted(square_starmap.placements.items())[:fixed])
    problem = ArrangementProblem.create("square", "starmap", "8x8", fixed=fix)
    kernel = count(problem)
    models = _models(problem)
    assert len(models) == kernel
    assert len({tuple(sorted(m.items())) for m in models}) == kernel
    if square_starmap.placements == _square_starmap().placements:  # CaDiCaL deterministic
        assert kernel == expected


@pytest.mark.parametrize("option", ["line_clauses", "roles"])
def test_the_line_clauses_and_the_role_counts_keep_every_starmap(
        square_starmap: Arrangement, option: str) -> None:
    """8x8 has exactly the 8 lines per axis a square StarMap meets: "every line holds a piece"
    is implied, so it changes no count; nor do the role counts."""
    fix = dict(sorted(square_starmap.placements.items())[:9])
    problem = ArrangementProblem.create("square", "starmap", "8x8", fixed=fix)
    plain = {tuple(sorted(m.items())) for m in _models(problem)}
    more = {tuple(sorted(m.items())) for m in _models(problem, **{option: True})}
    assert plain == more and len(plain) > 10


def test_the_line_count_keeps_every_starmap_on_a_larger_board(
        square_starmap: Arrangement) -> None:
    """On 9x9 (9 lines per axis, a StarMap meets 8) the cardinality version."""
    fix = dict(sorted(square_starmap.placements.items())[:11])
    problem = ArrangementProblem.create("square", "starmap", "9x9", fixed=fix)
    plain = {tuple(sorted(m.items())) for m in _models(problem)}
    lines = {tuple(sorted(m.items())) for m in _models(problem, line_clauses=True)}
    both = {tuple(sorted(m.items())) for m in _models(problem, line_clauses=True, roles=True)}
    assert plain == lines == both and len(plain) == count(problem) > 0


def test_role_counts_of_the_sets_and_a_board_too_narrow_for_them() -> None:
    hexagon = ArrangementProblem.create("hexagon", "starmap", "hexagon:16/17")
    assert set(map(tuple, (sorted(r.items()) for r in role_counts(hexagon).values()))) == {
        (("alone", 16), ("end", 16), ("inside", 16))}
    square = ArrangementProblem.create("square", "starmap", "7x9")
    assert list(role_counts(square).values()) == [{"alone": 4, "end": 4, "inside": 4}] * 2
    # 7 rows cannot hold 4 lines of one piece and 4 of several: refuted at once with the roles
    cnf = encode(square, roles=True)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        assert not s.solve()


def _occ_vector(cells: list[tuple[int, int]], occupied: set[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(int(c in occupied) for c in cells)


def test_lex_leader_keeps_exactly_the_least_image_of_every_orbit(
        square_starmap: Arrangement) -> None:
    """Soundness of the symmetry breaking: for every StarMap S of the 2400 of the test above,
    the symmetry clauses with the occupied cells of an image sigma(S) fixed are satisfiable
    exactly when that image's occupancy vector is the least of the orbit; so every orbit keeps
    at least one member (the least), and nothing else is assumed."""
    problem = ArrangementProblem.create("square", "starmap", "8x8")
    cnf = encode(problem, symmetry=True)
    cells = list(cnf.cells)
    syms = cell_symmetries(problem.piece_set.grid, problem.region.cells)  # type: ignore[union-attr]
    assert len(syms) == 8
    fix = dict(sorted(square_starmap.placements.items())[:8])
    orbits_checked = 0
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        for placements in _models(ArrangementProblem.create("square", "starmap", "8x8",
                                                            fixed=fix))[::40]:
            occupied = set(placements)
            images = {_occ_vector(cells, {sym.cells[c] for c in occupied}) for sym in syms}
            least = min(images)  # the first cell most significant, true > false
            for vec in images:
                units = [v if x else -v for v, x in zip(cnf.occ, vec, strict=True)]
                assert s.solve(assumptions=units) == (vec == least), vec
            orbits_checked += 1
    assert orbits_checked == 60


def test_the_stored_hexagon_starmap_is_a_model_of_the_cnf_with_every_option() -> None:
    """The 636-cell StarMap, its placements assumed: the CNF with the line clauses is
    satisfiable (they are implied), and with symmetry breaking its least image is."""
    arr = read_arrangement(RESULTS / "starmap-hexagon-smallest.json")
    problem = ArrangementProblem.create("hexagon", "starmap", arr.region)
    cnf = encode(problem, line_clauses=True, roles=True)
    units = [cnf.y[cnf.cells.index(c), p] for c, p in arr.placements.items()]
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        assert s.solve(assumptions=units)
        wrong = dict(arr.placements)
        a, b = sorted(wrong)[:2]
        wrong[a], wrong[b] = wrong[b], wrong[a]
        bad = [cnf.y[cnf.cells.index(c), p] for c, p in wrong.items()
               if (cnf.cells.index(c), p) in cnf.y]
        assert len(bad) < 64 or not s.solve(assumptions=bad)


@pytest.mark.parametrize(("fixed", "expected"),
                         [(48, 19), pytest.param(44, 205, marks=pytest.mark.slow)])
def test_hexagon_cnf_models_match_the_kernel_count_on_the_636_cell_board(
        fixed: int, expected: int) -> None:
    """The stored 636-cell StarMap with its first placements fixed (in cell order): the CNF's
    models, each verified, are exactly as many as the kernel counts."""
    arr = read_arrangement(RESULTS / "starmap-hexagon-smallest.json")
    fix = dict(sorted(arr.placements.items())[:fixed])
    problem = ArrangementProblem.create("hexagon", "starmap", arr.region, fixed=fix)
    kernel = count(problem)
    assert kernel == expected
    assert len(_models(problem)) == kernel
    assert len(_models(problem, line_clauses=True, roles=True)) == kernel
