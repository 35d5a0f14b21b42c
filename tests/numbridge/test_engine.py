"""Our bitmask search against CP-SAT and python-constraint, judged by the plain verifier."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver.numbridge.difficulty
import solver.numbridge.engine
import solver.numbridge.generate
import solver.numbridge.models
from puzzles.errors import InvalidInputError
from puzzles.numbridge.field import Field, verify_solution
from solver.numbridge.engine import IDENTITY_ORDER, count, search, search_givens, solve
from solver.numbridge.generate import random_order
from solver.numbridge.models import constraint_count, cpsat_count, cpsat_solve

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
IRREGULAR = ("111122222111322242153334444155333444655377748655377888655997888666997778"
             "666999998")
IRREGULAR_SOLVED = ("123456789678912354514263897982537461347189625235871946869345172"
                    "751694238496728513")


@pytest.mark.parametrize("module", [solver.numbridge.engine, solver.numbridge.generate,
                                    solver.numbridge.models, solver.numbridge.difficulty])
def test_docstring_examples(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_hard_set_solved_unique_and_verified(hard: list[tuple[str, str]]) -> None:
    assert len(hard) == 20
    for givens, label in hard:
        f = Field.make(givens)
        r = solve(f)
        assert r.count == 1, label
        assert verify_solution(f, r.solution) == [], label
        assert cpsat_solve(f) == r.solution, label


def test_empty_field_counts_up_to_cap() -> None:
    f = Field.make("0" * 81)
    assert count(f, cap=5) == 5
    assert verify_solution(Field.make("0" * 81, IRREGULAR), IRREGULAR_SOLVED) == []
    rng = random.Random(1)
    r = search(Field.make("0" * 81, IRREGULAR), cap=3, order=random_order(rng))
    assert r.count == 3 and verify_solution(Field.make("0" * 81, IRREGULAR), r.solution) == []


def test_contradiction_has_no_solution() -> None:
    # row 1 needs a 9 at i1, but column i already holds 9 at i9
    f = Field.make("12345678" + "0" * 72 + "9")
    assert search(f, cap=2).count == 0
    assert cpsat_count(f)[0] == 0
    assert constraint_count(f)[0] == 0


def test_node_limit_gives_up() -> None:
    r = search(Field.make("0" * 81), cap=10**6, node_limit=50)
    assert r.count == -1 and r.nodes > 50


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(17, 40), st.booleans())
def test_three_engines_agree_on_counts(seed: int, keep: int, irregular: bool) -> None:
    """Random subsets of a solution: solution counts (capped at 3) agree across engines."""
    blocks = IRREGULAR if irregular else Field.make("0" * 81).blocks
    full = IRREGULAR_SOLVED if irregular else SOLVED
    rng = random.Random(seed)
    cells = rng.sample(range(81), keep)
    givens = "".join(full[i] if i in cells else "0" for i in range(81))
    f = Field.make(givens, blocks)
    ours = search(f, cap=3)
    theirs, sol = cpsat_count(f, cap=3)
    assert ours.count == theirs
    # locked candidates switched the other way change the work, never the answer
    other = search(f, cap=3, locked=not irregular, node_limit=200_000)
    assert other.count in (ours.count, -1)
    assert verify_solution(f, ours.solution) == []
    assert verify_solution(f, sol) == []
    if keep >= 30:  # python-constraint is slow on very open fields
        assert constraint_count(f, cap=3)[0] == ours.count


def test_locked_candidates_tame_empty_irregular_layouts() -> None:
    r = search(Field.make("0" * 81, IRREGULAR), cap=1)
    assert r.count == 1 and r.nodes < 1000
    assert verify_solution(Field.make("0" * 81, IRREGULAR), r.solution) == []
    plain = search(Field.make("0" * 81, IRREGULAR), cap=1, locked=False, node_limit=100_000)
    assert plain.count == -1  # without them the same search is lost in a heavy tail


def test_raw_givens_path_agrees_and_refuses_bad_characters(hard: list[tuple[str, str]]) -> None:
    for givens, label in hard:
        f = Field.make(givens)
        n, sol = search_givens(givens.replace("0", "."), cap=2)
        assert (n, sol) == (1, search(f, cap=2).solution), label
        assert verify_solution(f, sol) == [], label
        assert search_givens(givens, cap=1) == (1, sol), label
    assert search_givens("1" * 81) == (0, "")  # repeated givens: no solution, no error
    with pytest.raises(InvalidInputError, match="only digits"):
        search_givens("x" + "0" * 80)
    with pytest.raises(InvalidInputError, match="80 cells"):
        search_givens("0" * 80)


def test_the_tree_on_the_hard_set_stays_small(hard: list[tuple[str, str]]) -> None:
    """Nodes of the uniqueness proofs (cap 2) and first solutions (cap 1) of the hard-20: the
    default (locked candidates, the two-digit cell with the most unplaced peers) against
    singles only and the first cell with the fewest digits (the previous kernel: 2,768 and
    1,422). tdoku makes 392 and 267 guesses (two nodes each here). docs/numbridge.md cites
    these figures."""
    fields = [Field.make(g) for g, _ in hard]

    def nodes(**options: object) -> tuple[int, int]:
        return (sum(search(f, cap=2, **options).nodes for f in fields),  # type: ignore[arg-type]
                sum(search(f, cap=1, **options).nodes for f in fields))  # type: ignore[arg-type]

    assert nodes() == (513, 275)
    assert nodes(locked=False) == (1900, 966)
    assert nodes(order=IDENTITY_ORDER, locked=True) == (1345, 668)
    assert nodes(order=IDENTITY_ORDER, locked=False) == (2732, 1388)


def test_paused_runs_resume_to_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    f = Field.make("0" * 81, IRREGULAR)
    whole = search(f, cap=500)
    monkeypatch.setattr(solver.numbridge.engine, "SLICE_NODES", 7)
    sliced = search(f, cap=500)
    assert sliced == whole and whole.count == 500
    assert verify_solution(f, sliced.solution) == []
    budget = search(f, cap=500, node_limit=40)
    assert budget.count == -1 and budget.nodes == 41
