"""SAT solvers in a child process with CPU and wall-clock limits; CaDiCaL writing LRAT proofs.

``solve(clauses, variables, solver="cadical195", proof=path)`` runs python-sat's CaDiCaL 1.9.5
with its options ``lrat=1`` and ``binary=1`` set before the proof file is attached, so that an
unsatisfiable answer comes with a binary LRAT proof in ``path`` (original clauses are numbered
1..m in the order given). Any other python-sat solver name runs without a proof (kissat404 is
the fastest here on StarMap boards but writes no proof through python-sat).

The solver runs in a child process: CaDiCaL cannot be interrupted through python-sat and holds
the interpreter while it runs, so a limit is enforced by killing the child (its CPU time read
from /proc). Ctrl-C and SIGTERM kill the child too. The answer is not trusted here: models are
checked by the caller's verifier, proofs by ``solver.proofs.lrat``.
"""

from __future__ import annotations

import os
import resource
import time
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from queue import Empty
from typing import Any

#: python-sat's CaDiCaL build (the one that writes LRAT; pysolvers.cadical195_*).
PROOF_SOLVER = "cadical195"
PROOF_SOLVER_VERSION = "CaDiCaL 1.9.5 (python-sat cadical195)"

SAT, UNSAT, UNKNOWN = "SAT", "UNSAT", "UNKNOWN"


@dataclass(frozen=True)
class SolverRun:
    """A solver's answer: ``status`` SAT, UNSAT or UNKNOWN (a limit), the model (true and false
    literals) when SAT, the child's CPU seconds, wall seconds, the load at the end, and the
    proof file when one was written."""

    status: str
    model: list[int] | None
    cpu: float
    wall: float
    load: float
    solver: str
    proof: Path | None = None
    note: str = ""


def solver_version(name: str) -> str:
    """A readable name and version of a python-sat solver."""
    import pysat

    known = {"cadical195": "CaDiCaL 1.9.5", "cadical153": "CaDiCaL 1.5.3",
             "kissat404": "Kissat 4.0.4", "glucose4": "Glucose 4.1", "glucose42": "Glucose 4.2.1"}
    return f"{known.get(name, name)} (python-sat {pysat.__version__} {name})"


def _child(name: str, clauses: list[list[int]], proof: str | None, out: Any) -> None:
    """Solve in the child; put (status, model) on the queue."""
    if proof is None:
        from pysat.solvers import Solver

        with Solver(name=name, bootstrap_with=clauses) as s:
            sat = s.solve()
            out.put((SAT, s.get_model()) if sat else (UNSAT, None))
        return
    import pysolvers

    s = pysolvers.cadical195_new()
    pysolvers.cadical195_set(s, "lrat", 1)
    pysolvers.cadical195_set(s, "binary", 1)
    with open(proof, "w+b") as fh:
        fp = pysolvers.cadical195_tracepr(s, fh)
        for c in clauses:
            pysolvers.cadical195_add_cl(s, c)
        sat = pysolvers.cadical195_solve(s, [], 0)
        model = pysolvers.cadical195_model(s) if sat else None
        pysolvers.flushpr(fp)
        pysolvers.cadical195_del(s, fh)
    out.put((SAT, model) if sat else (UNSAT, None))


def _cpu_seconds(pid: int) -> float | None:
    """User plus system CPU seconds of a running process (Linux /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def solve(clauses: list[list[int]], solver: str = PROOF_SOLVER, proof: Path | None = None,
          cpu_limit: float | None = None, wall_limit: float | None = None,
          nice: int = 0, tick: Any = None) -> SolverRun:
    """Solve the clauses in a child process (see the module docstring).

    Parameters
    ----------
    clauses : list of clauses
    solver : str
        A python-sat solver name; with ``proof`` it must be ``cadical195``.
    proof : Path, optional
        Write a binary LRAT proof here (removed again when the answer is not UNSAT).
    cpu_limit, wall_limit : float, optional
        Stop the child after this many CPU (its own) or wall-clock seconds: UNKNOWN.
    nice : int
        Added to the child's niceness.
    tick : callable, optional
        Called every few seconds with the child's CPU seconds so far.
    """
    if proof is not None and solver != PROOF_SOLVER:
        raise ValueError(f"proofs are written by {PROOF_SOLVER} only, not {solver}")
    ctx = get_context("fork")
    results = ctx.Queue()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = ctx.Process(target=_child, args=(solver, clauses, str(proof) if proof else None,
                                              results), daemon=True)
    t0 = time.monotonic()
    child.start()
    if nice and child.pid:
        os.setpriority(os.PRIO_PROCESS, child.pid, os.getpriority(os.PRIO_PROCESS, 0) + nice)
    answer: tuple[str, list[int] | None] | None = None
    last = 0.0
    try:
        while True:
            wait = 2.0
            if wall_limit is not None:
                wait = min(wait, max(0.0, t0 + wall_limit - time.monotonic()))
            try:
                answer = results.get(timeout=wait)
                break
            except Empty:
                pass
            if not child.is_alive():
                break
            if wall_limit is not None and time.monotonic() - t0 >= wall_limit:
                break
            used = _cpu_seconds(child.pid) if child.pid else None
            if used is not None:
                if tick is not None and used - last >= 10:
                    tick(used)
                    last = used
                if cpu_limit is not None and used >= cpu_limit:
                    break
    finally:
        if answer is None:
            child.kill()
        child.join(10)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    wall = time.monotonic() - t0
    status, model = answer if answer is not None else (UNKNOWN, None)
    note = ""
    if answer is None:
        note = ("the limit was reached" if child.exitcode in (None, -9) else
                f"the solver process ended without an answer (exit code {child.exitcode})")
    if proof is not None and status != UNSAT:
        proof.unlink(missing_ok=True)
    return SolverRun(status, model, cpu, wall, os.getloadavg()[0], solver,
                     proof if status == UNSAT else None, note)
