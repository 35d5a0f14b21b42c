"""Searches for a compact arrangement of the second-order hexagon set (question 6 of issue 14).

The command line is ``solver research hexagon2 MODE`` (``solver.cli.research``).

4096 pieces with 6 sides and 6 corners on ``rhombus:64x64``. None of these found one (see
docs/results.md, section 6); they reproduce the partial results:

- ``mrv``: the kernel's most-constrained-cell search (count tables extended to 12 sides) or,
  with ``--dual``, the dual search of ``engines/dual.py``; prints how many cells it filled.
- ``anneal``: simulated annealing on the edges. Every edge (side or corner) carries a beam or
  not, so every cell's pattern is a piece and every rule but "each piece once" holds by
  construction; the annealing lowers the number of duplicated patterns.
- ``blocks``: the sides tiled by 8x8 blocks each holding a compact first-order arrangement
  (``--layout periodic``: one arrangement everywhere; ``checker``: it and its 180-degree turn
  alternating), the corners solved by CaDiCaL: for every side pattern, its 64 cells must show
  all 64 corner patterns. UNSATISFIABLE; the script also names the side patterns that have no
  perfect matching to corner patterns at all (Hall's condition, scipy).
- ``twostage``: sides first, each side pattern on exactly 64 cells (``--sides anneal``: annealing
  on the side edges; ``blocks``: a random compact first-order arrangement in each 8x8 block),
  Hall's check, then the corners by SAT with a time limit, on the whole region
  (``--split none``) or one coset at a time (``--split cosets``, after choosing which corner
  patterns each class takes in which coset); see ``solver.research.hexagon2_two_stage``.

Usage::

    solver research hexagon2 mrv --nodes 200000
    solver research hexagon2 anneal --steps 4e7 --rounds 8 --seed 1
    solver research hexagon2 blocks --layout periodic
    solver research hexagon2 twostage --sides blocks --split cosets --seconds 100

Each ``run_*`` returns 0 when an arrangement was found (written to ``out``, verified), 1
otherwise.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from puzzles.arrangements import verify
from puzzles.jsonstyle import dumps
from solver.arrange.api import first
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem
from solver.research import hexagon2_two_stage as ts
from solver.research.hexagon2_two_stage import anneal_counts

REGION = "rhombus:64x64"


def problem() -> ArrangementProblem:
    """The compact hexagon2 problem on the 64x64 rhombus."""
    return ArrangementProblem.create("hexagon2", "compact", REGION)


def found(inst: EdgeInstance, pattern: np.ndarray, out: Path | None) -> int:
    """Verify and write an arrangement; exit code 0."""
    arr = inst.problem.arrangement({inst.cells[i]: int(pattern[i]) for i in range(inst.n)})
    verify(arr)
    print("found and verified")
    if out:
        out.write_text(dumps(arr.to_json()))
    return 0


def run_mrv(nodes: int, dual: bool, out: Path | None) -> int:
    """The kernel's (or the dual) most-constrained search with a node budget."""
    inst = EdgeInstance.build(problem())
    t0 = time.monotonic()
    if dual:
        from solver.arrange.engines.dual import FOUND, DualSearch  # local: start-up

        search = DualSearch(inst)
        best = 0
        for _ in range(max(1, nodes // 5000)):
            status = search.run(5000)
            best = max(best, search.filled)
            if status == FOUND:
                return found(inst, search.value, out)
        print(f"dual: most cells filled {best} of {inst.n}, {search.nodes} placements, "
              f"{time.monotonic() - t0:.0f} s")
        return 1
    from solver.arrange.engines.kernel import BUDGET, KernelSearch  # local: start-up

    ks = KernelSearch(inst, dynamic=True)
    buf = np.empty((1, inst.n), dtype=np.int32)
    best = 0
    for _ in range(max(1, nodes // 5000)):
        status = ks.step(buf, 5000)
        best = max(best, int(ks.state[0]))
        if status != BUDGET:
            if ks.solutions_found:
                return found(inst, buf[0], out)
            break
    print(f"kernel: most cells filled {best} of {inst.n}, {ks.nodes} placements, "
          f"{time.monotonic() - t0:.0f} s")
    return 1


def run_anneal(steps: int, rounds: int, seed: int, t0: float, t1: float,
               out: Path | None) -> int:
    """Anneal from random edges; each round restarts the temperature."""
    inst = EdgeInstance.build(problem())
    rng = np.random.default_rng(seed)
    pat = np.zeros(inst.n, np.int64)
    for a, s, b, t in inst.edges():
        if rng.integers(2):
            pat[a] ^= 1 << s
            pat[b] ^= 1 << t
    cnt = np.bincount(pat, minlength=1 << inst.k).astype(np.int64)
    nb, back = inst.nb.astype(np.int64), inst.back.astype(np.int64)
    start = time.monotonic()
    dup = -1
    for r in range(rounds):
        dup = int(anneal_counts(nb, back, pat, cnt, 1, seed * 1000 + r, steps, t0, t1, inst.k))
        print(f"round {r}: {dup} duplicated patterns, {time.monotonic() - start:.0f} s",
              flush=True)
        if dup == 0:
            return found(inst, pat, out)
    return 1


def run_blocks(layout: str, solver_name: str, out: Path | None) -> int:
    """Sides from 8x8 blocks, corners by SAT (see the module docstring)."""
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Solver
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import maximum_bipartite_matching

    base = first(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")).placements

    def turned(p: int) -> int:  # the piece turned by 180 degrees
        return sum(1 << ((k + 3) % 6) for k in range(6) if p >> k & 1)

    def side(c: tuple[int, int]) -> int:
        bq, br, x, y = c[0] // 8, c[1] // 8, c[0] % 8, c[1] % 8
        if layout == "checker" and (bq + br) % 2:
            return turned(base[(7 - x, 7 - y)])
        return base[(x, y)]

    t0 = time.monotonic()
    inst = EdgeInstance.build(problem())
    n = inst.n
    cls = np.array([side(c) for c in inst.cells])
    forced = [int(inst.blank_mask[i]) >> 6 for i in range(n)]
    allowed = np.array([[g & forced[i] == 0 for g in range(64)] for i in range(n)])
    hall = []
    for c in range(64):
        members = np.flatnonzero(cls == c)
        match = maximum_bipartite_matching(csr_matrix(allowed[members].astype(np.int8)),
                                           perm_type="column")
        if (match < 0).any():
            hall.append(c)
    print(f"side patterns whose cells cannot take all 64 corner patterns (Hall): {hall}")
    top = 0
    x: dict[tuple[int, int], int] = {}
    for i in range(n):
        for g in range(64):
            if allowed[i, g]:
                top += 1
                x[i, g] = top
    clauses: list[list[int]] = []

    def exactly_one(lits: list[int]) -> None:
        nonlocal top
        enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
        clauses.extend(enc.clauses)
        top = max(top, enc.nv)

    for i in range(n):
        exactly_one([x[i, g] for g in range(64) if (i, g) in x])
    for c in range(64):
        members = np.flatnonzero(cls == c)
        for g in range(64):
            exactly_one([x[int(i), g] for i in members if (int(i), g) in x])
    edge: dict[tuple[int, int], int] = {}
    for a, s, b, t in inst.edges():
        if s >= 6:
            top += 1
            edge[a, s] = edge[b, t] = top
    for (i, s), v in edge.items():
        for g in range(64):
            if (i, g) in x:
                clauses.append([-x[i, g], v] if g >> (s - 6) & 1 else [-x[i, g], -v])
    print(f"{top} variables, {len(clauses)} clauses", flush=True)
    with Solver(name=solver_name, bootstrap_with=clauses) as sat:
        ok = sat.solve()
        print(f"{'SAT' if ok else 'UNSAT'} in {time.monotonic() - t0:.0f} s ({solver_name})")
        if not ok:
            return 1
        true = {v for v in sat.get_model() if v > 0}
    corner = {i: g for (i, g), v in x.items() if v in true}
    return found(inst, np.array([int(cls[i]) | corner[i] << 6 for i in range(n)]), out)


def run_two_stage(sides_kind: str, split: str, solver_name: str, seconds: float, strong: bool,
                  seed: int, out: Path | None, repair: bool = False) -> int:
    """Sides with exact counts, Hall's check, corners by SAT (see ``hexagon2_two_stage``)."""
    t0 = time.monotonic()
    inst = EdgeInstance.build(problem())
    allowed = ts.allowed_corners(inst)
    for attempt in range(seed, seed + 10):  # a new side labelling while Hall's check fails
        sides = (ts.block_sides(inst, attempt) if sides_kind == "blocks"
                 else ts.exact_sides(inst, attempt))
        if sides is None:
            print(ts.timed("sides: no labelling with exact counts", t0))
            return 1
        assert (np.bincount(sides, minlength=64) == inst.n // 64).all()
        hall = ts.hall_failures(sides, allowed)
        print(ts.timed(f"sides ({sides_kind}, seed {attempt}): each pattern on "
                       f"{inst.n // 64} cells; classes failing Hall's condition: {hall}", t0),
              flush=True)
        if not hall:
            break
    else:
        return 1
    corner = np.zeros(inst.n, np.int64)
    if split == "none":
        parts = [ts.corner_clauses(inst, sides, strong)]
    else:
        coset = ts.cosets(inst)
        chosen = ts.coset_split(sides, coset, allowed, seed)
        if chosen is None:
            print(ts.timed("cosets: no split meets Hall's condition", t0))
            return 1
        if repair:
            found_corners = ts.repair_cosets(inst, sides, chosen, allowed, seed)
            if found_corners is None:
                print(ts.timed("cosets: not solved", t0))
                return 1
            return found(inst, sides | found_corners << 6, out)
        parts = [ts.coset_clauses(inst, sides, coset, t, chosen, strong) for t in range(3)]
    for k, (clauses, ev) in enumerate(parts):
        top = max(abs(v) for c in clauses for v in c)
        print(ts.timed(f"part {k}: {top} variables, {len(clauses)} clauses", t0), flush=True)
        model = ts.solve(clauses, solver_name, seconds)
        status = "SAT" if model else ("UNSAT" if model is False else "UNKNOWN")
        print(ts.timed(f"part {k}: {status} ({solver_name}, limit {seconds:.0f} s)", t0),
              flush=True)
        if not model:
            return 1
        assert isinstance(model, set)
        corner |= ts.corners_of(ev, model, inst.n)
    return found(inst, sides | corner << 6, out)


def coset_formula(seed: int, coset: int, classes: list[int]) -> tuple[int, list[list[int]]]:
    """The strong coset model of the block sides of ``seed`` under the coset split of
    ``seed``, with only the class constraints of ``classes`` asserted (a selector per class,
    the chosen ones as unit clauses): (variables, clauses). Unsatisfiable means no corner
    labelling of that coset gives those classes the corner patterns the split chose."""
    inst = EdgeInstance.build(problem())
    sides = ts.block_sides(inst, seed)
    cos = ts.cosets(inst)
    split = ts.coset_split(sides, cos, ts.allowed_corners(inst), seed)
    if split is None:
        raise ValueError(f"seed {seed}: no coset split meets Hall's condition")
    members = np.flatnonzero(cos == coset)
    selectors: dict[int, int] = {}
    clauses, _ = ts._choice_clauses(inst, sides, members,
                                    {c: split[c, coset] for c in range(64)}, True, selectors)
    clauses = clauses + [[selectors[c]] for c in classes]
    return max(abs(v) for c in clauses for v in c), clauses


def coset_certificate(seed: int, coset: int, classes: list[int], stem: Path,
                      cpu_limit: float | None = None, command: str = "") -> dict[str, object]:
    """Prove :func:`coset_formula` unsatisfiable with CaDiCaL and a checked LRAT proof;
    returns the certificate record (written as ``stem.json`` beside the CNF and the proof).

    Raises
    ------
    RuntimeError
        When the formula is satisfiable or the limit stopped the solver (nothing written).
    """
    import os
    import tempfile

    from solver.proofs.cadical import UNSAT, solve, solver_version  # local: start-up
    from solver.proofs.certificate import write  # local: start-up
    from solver.proofs.dimacs import from_clauses  # local: start-up

    load0 = os.getloadavg()[0]
    variables, clauses = coset_formula(seed, coset, classes)
    proof = Path(tempfile.gettempdir()) / f"coset-{os.getpid()}.lrat"
    try:
        run = solve(clauses, proof=proof, cpu_limit=cpu_limit)
        if run.status != UNSAT or run.proof is None:
            raise RuntimeError(f"coset {coset} of seed {seed}: {run.status}, no certificate")
        record = {
            "question": f"hexagon2 on rhombus:64x64, block sides of seed {seed}, coset split of "
                        f"seed {seed}: coset {coset} cannot give classes {classes} their "
                        "chosen corner patterns",
            "encoding": {"builder": "solver.research.hexagon2:coset_formula",
                         "args": {"seed": seed, "coset": coset, "classes": classes}},
            "status": "UNSAT", "solver": solver_version("cadical195"),
            "cpu_seconds": round(run.cpu, 1), "wall_seconds": round(run.wall, 1),
            "load": [round(load0, 1), round(run.load, 1)], "command": command,
        }
        return write(stem, from_clauses(variables, clauses), proof, record)
    finally:
        proof.unlink(missing_ok=True)
