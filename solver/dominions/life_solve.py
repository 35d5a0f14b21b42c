"""One CP-SAT call with a time budget, its status honoured: a solution is ``feasible``,
``infeasible`` only when CP-SAT proved it, ``unknown`` when the budget ran out.

Examples
--------
>>> from ortools.sat.python import cp_model
>>> m = cp_model.CpModel(); x = m.new_bool_var("x"); _ = m.add(x == 2)
>>> solve(m, 1.0).status
'infeasible'
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from puzzles.errors import EngineFaultError


@dataclass(frozen=True)
class SolveResult:
    """The honoured status and what the call cost (CP-SAT's own counters)."""

    status: str  # feasible | infeasible | unknown
    seconds: float  # wall time of the call
    deterministic: float  # CP-SAT's deterministic time (machine independent)
    branches: int
    budget: float  # the deterministic time limit given
    solver: cp_model.CpSolver | None = None


def solve(model: cp_model.CpModel, seconds: float, workers: int = 1,
          seed: int = 1, wall: float | None = None) -> SolveResult:
    """Solve ``model`` within ``seconds`` of CP-SAT's deterministic time (the same work on
    any machine and under any load: with one worker, the default, the answer is
    reproducible); ``wall`` adds a wall-clock limit (then the answer may depend on the
    machine)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = max(seconds, 0.001)
    if wall is not None:
        solver.parameters.max_time_in_seconds = max(wall, 0.001)
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    code = solver.solve(model)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        status = "feasible"
    elif code == cp_model.INFEASIBLE:
        status = "infeasible"
    elif code == cp_model.UNKNOWN:
        status = "unknown"
    else:
        raise EngineFaultError(f"CP-SAT rejected a life-and-death model: "
                            f"{solver.status_name(code)} {model.validate()}")
    return SolveResult(status, solver.wall_time, solver.deterministic_time,
                       solver.num_branches, seconds, solver)
