"""A CP-SAT model of arrangements (OR-Tools).

Compact: a Boolean ``x[i, p]`` per cell and fitting piece; each cell holds one piece, each piece
stands on one cell, and across every edge the two facing sides agree (beam on one side exactly
when beam on the other). Transcendental inside a region: ``x[i, p]`` may all be 0 (an empty cell);
see ``build_model``. StarMaps use the lines-of-sight model of ``engines/starmap.py``.

Enumeration runs the solver in a thread that hands solutions through a bounded queue, so a
consumer that stops early stops the solver, and memory stays flat. Parameters are set in one
place (``PARAMETERS``): one worker and ``linearization_level=0`` were fastest here for
enumeration (CP-SAT cannot enumerate with several workers).

CP-SAT's status is honoured (``check_status``): a first solution needs OPTIMAL or FEASIBLE, a
count or a complete enumeration OPTIMAL (the search ran to its end; FEASIBLE then means it was
cut short), and only INFEASIBLE means "no solution". Any other end (UNKNOWN, MODEL_INVALID, a
cut-short enumeration) raises ``EngineFaultError`` naming the status, never an answer.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator

import numpy as np
from ortools.sat.python import cp_model

from puzzles.errors import EngineFaultError
from solver.arrange.engines.starmap import StarMapModel
from solver.arrange.instance import EdgeInstance

#: Solver parameters, in one place.
PARAMETERS: dict[str, object] = {"num_workers": 1, "linearization_level": 0}


class Model:
    """The CP-SAT model of one instance and its variables."""

    def __init__(self, inst: EdgeInstance) -> None:
        self.inst = inst
        self.x: dict[tuple[int, int], cp_model.IntVar] = {}
        self.starmap: StarMapModel | None = None
        if inst.problem.kind == "starmap":
            # lines of sight, no piece variables (see solver.arrange.engines.starmap)
            self.starmap = StarMapModel(inst)
            self.model = self.starmap.model
            return
        self.model = cp_model.CpModel()
        build_model(self)

    def row(self, solver: cp_model.CpSolverSolutionCallback | cp_model.CpSolver) -> np.ndarray:
        """The solution row (piece per cell index, -1 for empty) of the current solution."""
        if self.starmap is not None:
            return np.array(self.starmap.row(solver), dtype=np.int32)
        out = np.full(self.inst.n, -1, dtype=np.int32)
        for (i, p), var in self.x.items():
            if solver.boolean_value(var):
                out[i] = p
        return out


def build_model(m: Model) -> None:
    """Add variables and constraints for the instance's kind."""
    inst, model = m.inst, m.model
    kind = inst.problem.kind
    by_piece: dict[int, list[cp_model.IntVar]] = {}
    for i in range(inst.n):
        for p in inst.candidates(i):
            var = model.new_bool_var(f"x{i}_{p}")
            m.x[i, p] = var
            by_piece.setdefault(p, []).append(var)
    # every piece of the set stands on exactly one cell
    for p in inst.problem.piece_set.numbers():
        if p not in by_piece:  # the piece fits no cell: no solution
            model.add(model.new_constant(0) == 1)
            continue
        model.add_exactly_one(by_piece[p])
    cells = [[(p, m.x[i, p]) for p in inst.candidates(i)] for i in range(inst.n)]
    if kind == "compact":
        # every cell holds exactly one piece
        for row in cells:
            model.add_exactly_one(v for _, v in row)
        # facing sides agree across every edge
        for i, s, j, t in inst.edges():
            model.add(sum(v for p, v in cells[i] if p >> s & 1)
                      == sum(v for p, v in cells[j] if p >> t & 1))
        return
    occ = [sum(v for _, v in row) for row in cells]
    for row in cells:  # at most one piece per cell
        model.add_at_most_one(v for _, v in row)

    def beam(i: int, s: int) -> cp_model.LinearExprT:
        return sum(v for p, v in cells[i] if p >> s & 1)

    if kind == "transcendental":
        for i, s, j, t in inst.edges():
            # a beam meets a beam: the two facing sides carry beams together
            model.add(beam(i, s) == beam(j, t))
            # a blank side never faces a piece: two neighbours on board face beams
            model.add(beam(i, s) >= occ[i] + occ[j] - 1)
        if inst.problem.single_group:
            _single_group(m, cells, beam)
        return
    raise AssertionError("StarMaps are modelled by solver.arrange.engines.starmap")


def _single_group(m: Model, cells: list[list[tuple[int, cp_model.IntVar]]],
                  beam: Callable[[int, int], cp_model.LinearExprT]) -> None:
    """Connectivity by a flow: the cell of the all-beam piece sends one unit to every other
    non-blank piece, along beam connections only."""
    inst, model = m.inst, m.model
    full = (1 << inst.k) - 1
    n_beamed = sum(1 for p in inst.problem.piece_set.pieces if p.beams)
    root = [sum(v for p, v in cells[i] if p & full == full and p >> inst.k == 0)
            for i in range(inst.n)]
    beamed = [sum(v for p, v in cells[i] if p & full) for i in range(inst.n)]
    inflow: list[list[cp_model.IntVar]] = [[] for _ in range(inst.n)]
    outflow: list[list[cp_model.IntVar]] = [[] for _ in range(inst.n)]
    for i, s, j, _t in inst.edges():
        for a, b in ((i, j), (j, i)):
            f = model.new_int_var(0, n_beamed - 1, f"f{a}_{b}_{s}")
            model.add(f <= (n_beamed - 1) * beam(i, s))
            outflow[a].append(f)
            inflow[b].append(f)
    for i in range(inst.n):
        model.add(sum(inflow[i]) - sum(outflow[i]) == beamed[i] - n_beamed * root[i])


def _solver(time_limit: float | None = None) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.catch_sigint_signal = False  # Ctrl-C reaches Python (stop_search)
    for key, value in PARAMETERS.items():
        setattr(solver.parameters, key, value)
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    return solver


def _branches(solver: cp_model.CpSolver) -> int:
    """CP-SAT's branch count of its last solve (0 when it never answered)."""
    try:
        return int(solver.num_branches)
    except RuntimeError:  # no response: the solve did not run to a status
        return 0


#: The statuses that are an answer: for one solution, and for a complete enumeration.
FIRST_OK = (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
ALL_OK = (cp_model.OPTIMAL, cp_model.INFEASIBLE)


def check_status(status: object, complete: bool) -> None:
    """Raise EngineFaultError unless CP-SAT's ``status`` is an answer.

    Parameters
    ----------
    status : int
        What ``CpSolver.solve`` returned.
    complete : bool
        True for a count or a complete enumeration (only OPTIMAL or INFEASIBLE will do).
    """
    if status in (ALL_OK if complete else FIRST_OK):
        return
    names = {int(cp_model.OPTIMAL): "OPTIMAL", int(cp_model.FEASIBLE): "FEASIBLE",
             int(cp_model.INFEASIBLE): "INFEASIBLE", int(cp_model.MODEL_INVALID): "MODEL_INVALID",
             int(cp_model.UNKNOWN): "UNKNOWN"}
    name = names.get(int(status), str(status))  # type: ignore[call-overload]
    what = "a complete enumeration" if complete else "an answer"
    why = (" (the enumeration was cut short)" if status == cp_model.FEASIBLE
           else " (the model is invalid: a bug)" if status == cp_model.MODEL_INVALID
           else " (the search stopped before it decided)")
    raise EngineFaultError(f"CP-SAT ended with status {name}{why}, not {what}: no result")


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, m: Model, sink: queue.Queue[np.ndarray | None], stop: threading.Event,
                 ) -> None:
        super().__init__()
        self.m = m
        self.sink = sink
        self.stop = stop

    def on_solution_callback(self) -> None:
        row = self.m.row(self)
        while not self.stop.is_set():
            try:
                self.sink.put(row, timeout=0.1)
                return
            except queue.Full:
                continue
        self.stop_search()


def rows(inst: EdgeInstance, all_solutions: bool = True,
         stats: dict[str, int] | None = None) -> Iterator[np.ndarray]:
    """Every solution row (or, with ``all_solutions=False``, the first one), streamed from a
    solver thread so that the caller stays responsive to Ctrl-C and can stop early.
    ``stats["branches"]``: CP-SAT's branch count once the stream ends."""
    m = Model(inst)
    solver = _solver()
    solver.parameters.enumerate_all_solutions = all_solutions
    sink: queue.Queue[np.ndarray | None] = queue.Queue(maxsize=1024)
    stop = threading.Event()
    collector = _Collector(m, sink, stop)
    status: list[int] = []

    def run() -> None:
        try:
            status.append(int(solver.solve(m.model, collector)))
        finally:
            while True:
                try:
                    sink.put(None, timeout=0.1)
                    break
                except queue.Full:
                    if stop.is_set():
                        break

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ended = False  # the solver ended by itself (not stopped by this consumer)
    found = 0
    try:
        while True:
            try:
                item = sink.get(timeout=0.2)
            except queue.Empty:
                continue
            if item is None:
                ended = True
                break
            yield item
            found += 1
            if not all_solutions:
                break
    finally:
        stop.set()
        solver.stop_search()
        thread.join()
        if stats is not None:
            stats["branches"] = _branches(solver)
    if ended:
        # without a status (the solver raised) the answer is unknown too
        check_status(status[0] if status else cp_model.UNKNOWN,
                     complete=all_solutions or found == 0)


def count(inst: EdgeInstance, stats: dict[str, int] | None = None) -> int:
    """Number of solutions (enumerates them inside the solver); ``stats["branches"]``:
    CP-SAT's branch count."""

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1

    m = Model(inst)
    solver = _solver()
    solver.parameters.enumerate_all_solutions = True
    counter = Counter()
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(int(solver.solve(m.model, counter))),
                              daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.2)
    except BaseException:  # Ctrl-C: stop the solver, then let the interrupt through
        solver.stop_search()
        thread.join()
        raise
    if stats is not None:
        stats["branches"] = _branches(solver)
    check_status(status[0] if status else cp_model.UNKNOWN, complete=True)
    return counter.n
