"""The CNF encoding: its models are the arrangements; ApproxMC counts them side by side."""

from __future__ import annotations

import pytest
from cli_helpers import run

from solver.arrange import ArrangementProblem
from solver.arrange.cnf import approxmc_count, dimacs_text, encode

from .helpers import completion

pysat_solvers = pytest.importorskip("pysat.solvers")


def models(problem: ArrangementProblem) -> set[tuple[tuple[int, int], ...]]:
    """Every model projected on the placement variables (blocking clauses)."""
    cnf = encode(problem)
    sampling = set(cnf.sampling)
    found = set()
    with pysat_solvers.Minisat22(bootstrap_with=cnf.clauses) as sat:
        while sat.solve():
            chosen = [v for v in sat.get_model() if v > 0 and v in sampling]
            found.add(tuple(sorted(cnf.placement[v] for v in chosen)))
            sat.add_clause([-v for v in chosen])
    return found


def test_models_are_the_arrangements(square_problem, square_solutions) -> None:
    inst_cells = {c: i for i, c in enumerate(square_problem.region.ordered_cells)}
    expected = {tuple(sorted((inst_cells[c], p) for c, p in a.placements.items()))
                for a in square_solutions}
    assert models(square_problem) == expected
    assert len(models(completion(24))) == 2


def test_approxmc_side_by_side() -> None:
    pytest.importorskip("pyapproxmc")
    assert approxmc_count(completion(24)) == 2  # small counts are exact
    n = approxmc_count(ArrangementProblem.create("square", "compact", "4x4"))
    assert 652 / 1.8 <= n <= 652 * 1.8  # the (0.8, 0.2) guarantee


def test_dimacs_export(capsys: pytest.CaptureFixture[str]) -> None:
    text = dimacs_text(ArrangementProblem.create("square", "compact", "4x4"))
    header = [line for line in text.splitlines() if line.startswith("p cnf")]
    assert len(header) == 1 and text.splitlines()[1].startswith("c ind 1 2 3")
    code, out, _ = run(["arrange", "export", "compact", "--region", "4x4", "--format", "cnf"],
                       capsys)
    assert code == 0 and out == text


def models_on(cnf_clauses: list[list[int]], sampling: list[int]) -> int:
    """Distinct models projected on ``sampling`` (blocking clauses)."""
    keep = set(sampling)
    n = 0
    with pysat_solvers.Minisat22(bootstrap_with=cnf_clauses) as sat:
        while sat.solve():
            n += 1
            sat.add_clause([-v for v in sat.get_model() if abs(v) in keep])
    return n


@pytest.mark.parametrize(("problem", "count"), [
    (ArrangementProblem.create("square", "compact", "4x4"), 652),
    (ArrangementProblem.create("triangle", "compact", "8x2"), 64),
])
def test_edge_projection_counts_the_arrangements(problem, count) -> None:
    cnf = encode(problem, "edges")
    assert models_on(cnf.clauses, cnf.sampling) == count
    assert len(cnf.sampling) < len(encode(problem).sampling)


def test_edge_projection_with_fixed_pieces_and_free_border() -> None:
    cnf = encode(completion(24), "edges")
    assert len(cnf.sampling) == 161 and models_on(cnf.clauses, cnf.sampling) == 2
    from solver.arrange import count, first

    whole = ArrangementProblem.create("square", "compact", "4x4", border="free")
    sol = first(whole)
    fixed = dict(sorted(sol.placements.items())[:10])
    free = ArrangementProblem.create("square", "compact", "4x4", border="free", fixed=fixed)
    # a free border: the sides that may point out are sampled too
    cnf = encode(free, "edges")
    n = count(free)
    assert n > 1
    assert models_on(cnf.clauses, cnf.sampling) == n == models_on(
        encode(free).clauses, encode(free).sampling)
