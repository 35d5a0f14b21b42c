"""Find a StarMap with a SAT solver (CaDiCaL through python-sat), or write its CNF.

Settles questions 1 and 3 of issue 14 (see docs/results.md). The encoding is
``solver.arrange.starmap_cnf``; every arrangement found is checked by
``puzzles.arrangements.verify`` before it is written.

Usage::

    python3 -m scripts.starmap_sat --region hexagon:16/17 --no-adjacent --symmetry --lines \\
        --out docs/results/starmap-hexagon-no-adjacent.json
    python3 -m scripts.starmap_sat --slab 8 --symmetry --lines --time-limit 600
    python3 -m scripts.starmap_sat --region hexagon:16/17 --no-adjacent --cnf f.cnf
    python3 -m scripts.starmap_sat --triangle 36 --lines --symmetry --max-cells 657 \\
        --solver kissat404 --cpu-limit 1200

``--slab C``: the convex board ``0 <= q, r <= 31`` and ``C <= q + r <= C + 31`` (32 lines in
each axis; C = 0 is the 528-cell triangle, C = 16 the 768-cell ``hexagon:16/17``).
``--triangle N``: the board ``q, r >= 0``, ``q + r <= N - 1``; every convex board with 32 lines
or more each way and fewer than ``fewest_cells(N + 1)`` cells fits in it up to a half-turn (see
``solver.arrange.starmap_boards``). The StarMap found is written on its hull, the smallest
convex board holding it (a StarMap on a convex board depends on the occupied cells alone), and
verified there. ``--solver``: any python-sat solver name (``kissat404`` is the fastest here).
Exit codes: 0 found, 1 proven unsatisfiable, 3 time limit reached, 2 bad input.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from multiprocessing import Process, Queue
from pathlib import Path
from queue import Empty

from puzzles.arrangements import verify
from puzzles.errors import InvalidInputError
from puzzles.grids import grid
from puzzles.jsonstyle import dumps
from puzzles.regions import Region
from solver.arrange.problem import ArrangementProblem
from solver.arrange.starmap_boards import Hull, hull, slab, triangle
from solver.arrange.starmap_cnf import encode

__all__ = ["board_region", "main", "slab", "triangle"]


def board_region(h: Hull) -> Region:
    """The convex board ``h`` as a region, named ``convex:q_lo..q_hi,r_lo..r_hi,s_lo..s_hi``."""
    name = f"convex:{h.q_lo}..{h.q_hi},{h.r_lo}..{h.r_hi},{h.s_lo}..{h.s_hi}"
    return Region(grid("hexagon"), h.cells(), name)


def _solve_into(name: str, clauses: list[list[int]], out: Queue[list[int]]) -> None:
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=clauses) as solver:
        out.put(solver.get_model() if solver.solve() else [])


def _cpu_seconds(pid: int) -> float | None:
    """User plus system CPU seconds of a running process (Linux /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _solve(name: str, clauses: list[list[int]], limit: float | None,
           cpu_limit: float | None = None) -> tuple[list[int] | None, float]:
    """(the model as a list of literals, [] when unsatisfiable, None at a limit; the solver's
    CPU seconds).

    The solver runs in a child process, stopped at the wall-clock ``limit`` or when it has used
    ``cpu_limit`` CPU seconds (CaDiCaL cannot be interrupted through python-sat, and it holds
    the interpreter while it runs)."""
    results: Queue[list[int]] = Queue()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = Process(target=_solve_into, args=(name, clauses, results), daemon=True)
    child.start()
    t0 = time.monotonic()
    answer: list[int] | None = None
    try:
        while True:
            wait = 2.0 if limit is None else min(2.0, max(0.0, t0 + limit - time.monotonic()))
            try:
                answer = results.get(timeout=wait)
                break
            except Empty:
                pass
            if limit is not None and time.monotonic() - t0 >= limit:
                break
            used = _cpu_seconds(child.pid) if cpu_limit is not None and child.pid else None
            if used is not None and cpu_limit is not None and used >= cpu_limit:
                break
    finally:
        if answer is None:
            child.kill()
        child.join(5)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return answer, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default="hexagon")
    ap.add_argument("--region", help="a region name or file (default: --slab)")
    ap.add_argument("--slab", type=int, help="the convex board C <= q + r <= C + 31")
    ap.add_argument("--triangle", type=int, help="the board q, r >= 0, q + r <= N - 1")
    ap.add_argument("--no-adjacent", action="store_true")
    ap.add_argument("--symmetry", action="store_true", help="lex-leader symmetry breaking")
    ap.add_argument("--lines", action="store_true", help="every line holds a piece")
    ap.add_argument("--max-cells", type=int,
                    help="the hull of the StarMap (its smallest convex board) has at most N cells")
    ap.add_argument("--solver", default="cadical195", help="a python-sat solver name")
    ap.add_argument("--time-limit", type=float, default=None, help="wall-clock seconds")
    ap.add_argument("--cpu-limit", type=float, default=None,
                    help="CPU seconds of the solver (fair on a loaded machine)")
    ap.add_argument("--out", type=Path, help="write the StarMap found (arrangement JSON)")
    ap.add_argument("--cnf", type=Path, help="write the DIMACS CNF and stop")
    args = ap.parse_args(argv)
    try:
        region: Region | str
        if args.slab is not None:
            region = slab(args.slab)
        elif args.triangle is not None:
            region = triangle(args.triangle)
        elif args.region:
            region = args.region
        else:
            raise InvalidInputError("give --region, --slab or --triangle")
        problem = ArrangementProblem.create(args.set, "starmap", region,
                                            no_adjacent=args.no_adjacent)
        t0 = time.monotonic()
        cnf = encode(problem, symmetry=args.symmetry, line_clauses=args.lines,
                     max_hull=args.max_cells)
    except InvalidInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    assert problem.region is not None
    print(f"board {problem.region.name}: {len(problem.region.cells)} cells; "
          f"{cnf.variables} variables, {len(cnf.clauses)} clauses", flush=True)
    if args.cnf:
        args.cnf.write_text(cnf.dimacs(problem.describe()))
        return 0
    model, cpu = _solve(args.solver, cnf.clauses, args.time_limit, args.cpu_limit)
    took = f"{time.monotonic() - t0:.1f} s (solver CPU {cpu:.1f} s; load {os.getloadavg()[0]:.1f})"
    if model is None:
        print(f"UNKNOWN after {took} (limit)")
        return 3
    if not model:
        print(f"UNSAT in {took} ({args.solver})")
        return 1
    arr = problem.arrangement(cnf.placements(model))
    verify(arr)
    print(f"SAT in {took} ({args.solver}); verified")
    if problem.piece_set.grid.kind == "hexagon" and not problem.no_adjacent:
        h = hull(arr.placements)
        board = board_region(h)
        if board.cells != problem.region.cells and board.cells <= problem.region.cells:
            small = ArrangementProblem.create(args.set, "starmap", board)
            arr = small.arrangement(dict(arr.placements))
            verify(arr)
        print(f"hull {h.text()}: {h.size} cells, lines {list(h.lines)}; verified on it")
    if args.out:
        args.out.write_text(dumps(arr.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
