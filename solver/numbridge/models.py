"""Two independent models of a field, used to cross-check our own search: CP-SAT and
python-constraint.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> f = Field.from_text("." * 81)
>>> cpsat_count(f, cap=2)[0]
2
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from puzzles.numbridge.field import CELLS, Field, units
from solver.interrupts import solve_interruptibly


class _Collector(cp_model.CpSolverSolutionCallback):
    """Records solutions and stops the search at the cap."""

    def __init__(self, x: list[list[cp_model.IntVar]], cap: int) -> None:
        super().__init__()
        self.x = x
        self.cap = cap
        self.solutions: list[str] = []

    def on_solution_callback(self) -> None:
        self.solutions.append("".join(
            str(next(d + 1 for d in range(9) if self.value(self.x[c][d]))) for c in range(CELLS)))
        if len(self.solutions) >= self.cap:
            self.stop_search()


def cpsat_model(field: Field) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """The CP-SAT model: a Boolean ``x[c][d]`` per cell and digit (d = digit - 1)."""
    m = cp_model.CpModel()
    x = [[m.new_bool_var(f"x{c}_{d + 1}") for d in range(9)] for c in range(CELLS)]
    for c in range(CELLS):
        # each cell holds exactly one digit
        m.add_exactly_one(x[c])
        # givens are fixed
        if field.givens[c] != "0":
            m.add(x[c][int(field.givens[c]) - 1] == 1)
    for unit in units(field.blocks):
        # each row, column and block holds each digit exactly once
        for d in range(9):
            m.add_exactly_one(x[c][d] for c in unit)
    return m, x


def cpsat_count(field: Field, cap: int = 2, workers: int = 1) -> tuple[int, str]:
    """Count solutions with CP-SAT up to ``cap``; returns (count, first solution or "")."""
    m, x = cpsat_model(field)
    solver = cp_model.CpSolver()
    # parameters in one place: exact enumeration needs one worker and no presolve rewriting
    solver.parameters.num_workers = workers
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.linearization_level = 0
    cb = _Collector(x, cap)
    solve_interruptibly(solver, m, cb)
    return len(cb.solutions), cb.solutions[0] if cb.solutions else ""


def cpsat_solve(field: Field) -> str:
    """One solution with CP-SAT (no uniqueness proof), "" when there is none."""
    m, x = cpsat_model(field)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solve_interruptibly(solver, m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ""
    return "".join(str(next(d + 1 for d in range(9) if solver.value(x[c][d])))
                   for c in range(CELLS))


def constraint_count(field: Field, cap: int = 2) -> tuple[int, str]:
    """Count solutions with python-constraint up to ``cap``; (count, first solution or "")."""
    from constraint import AllDifferentConstraint, Problem

    p = Problem()
    for c in range(CELLS):
        g = int(field.givens[c])
        p.addVariable(c, [g] if g else list(range(1, 10)))
    for unit in units(field.blocks):
        p.addConstraint(AllDifferentConstraint(), unit)
    found: list[str] = []
    for sol in p.getSolutionIter():
        found.append("".join(str(sol[c]) for c in range(CELLS)))
        if len(found) >= cap:
            break
    return len(found), found[0] if found else ""


def cpsat_int_solve(field: Field) -> str:
    """One solution with a second CP-SAT model: an integer per cell and AllDifferent per unit."""
    m = cp_model.CpModel()
    x = [m.new_int_var(1, 9, f"x{c}") for c in range(CELLS)]
    for c in range(CELLS):
        if field.givens[c] != "0":
            m.add(x[c] == int(field.givens[c]))  # givens are fixed
    for unit in units(field.blocks):
        m.add_all_different([x[c] for c in unit])  # rows, columns, blocks
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solve_interruptibly(solver, m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ""
    return "".join(str(solver.value(v)) for v in x)
