"""CP-SAT's status is honoured: only OPTIMAL/FEASIBLE/INFEASIBLE produce an answer.

A run stopped by a (deliberately tiny) time limit, or an invalid model, must be an error that
names the status, never "no solution: proven" (exit 1) or a partial count.
"""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from puzzles.errors import EngineFaultError, InfeasibleError
from solver.arrange import count, first, solutions
from solver.arrange.engines import cpsat
from solver.arrange.problem import ArrangementProblem
from tests.cli_helpers import run

SQUARE = ArrangementProblem.create("square", "compact", "4x4")


@pytest.fixture
def cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """CP-SAT stops almost at once: its status is UNKNOWN or (enumerating) FEASIBLE."""
    monkeypatch.setitem(cpsat.PARAMETERS, "max_time_in_seconds", 1e-9)


@pytest.fixture
def gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """CP-SAT returns UNKNOWN without a solution (as after a time limit or a memory limit)."""

    class GivesUp(cp_model.CpSolver):
        def solve(self, model: object, callback: object = None) -> object:  # type: ignore[override]
            return cp_model.UNKNOWN

    monkeypatch.setattr(cpsat, "_solver", lambda time_limit=None: GivesUp())


@pytest.fixture
def invalid_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every model gets a variable with an empty domain: CP-SAT says MODEL_INVALID."""
    build = cpsat.build_model

    def broken(m: cpsat.Model) -> None:
        build(m)
        m.model.add(m.model.new_int_var(5, 0, "empty") == 1)

    monkeypatch.setattr(cpsat, "build_model", broken)


def test_counts_and_first_solutions_work_normally() -> None:
    assert count(SQUARE, "cpsat") == 652
    assert sorted(first(SQUARE, "cpsat").placements.values()) == list(range(16))
    with pytest.raises(InfeasibleError):
        first(ArrangementProblem.create("square", "compact", "2x8"), "cpsat")


@pytest.mark.usefixtures("cut_short")
def test_cut_short_count_is_an_error() -> None:
    with pytest.raises(EngineFaultError, match=r"status (UNKNOWN|FEASIBLE)"):
        count(SQUARE, "cpsat")


@pytest.mark.usefixtures("cut_short")
def test_cut_short_enumeration_is_an_error() -> None:
    with pytest.raises(EngineFaultError, match=r"status (UNKNOWN|FEASIBLE)"):
        sum(1 for _ in solutions(SQUARE, engine="cpsat"))


@pytest.mark.usefixtures("gives_up")
def test_unknown_is_not_proven_infeasible() -> None:
    # 2x8 has no solution, but a search stopped at once has not proven it
    with pytest.raises(EngineFaultError, match="status UNKNOWN"):
        first(ArrangementProblem.create("square", "compact", "2x8"), "cpsat")
    with pytest.raises(EngineFaultError, match="status UNKNOWN"):
        count(SQUARE, "cpsat")


@pytest.mark.usefixtures("invalid_model")
def test_invalid_model_is_an_error_with_exit_70(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(EngineFaultError, match="MODEL_INVALID"):
        count(SQUARE, "cpsat")
    with pytest.raises(EngineFaultError, match="MODEL_INVALID"):
        first(SQUARE, "cpsat")
    code, _out, err = run(["arrange", "find", "compact", "--region", "4x4", "--engine", "cpsat"],
                          capsys)
    assert code == 70 and "MODEL_INVALID" in err and "Traceback" not in err
