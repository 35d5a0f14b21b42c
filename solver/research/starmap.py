"""StarMap board searches by SAT: a StarMap found (verified, written on its hull), a checked
certificate that none exists, or "unknown" at a limit.

The encoding is ``solver.arrange.starmap_cnf``; the boards are those of
``solver.arrange.starmap_boards`` (``slab:C``, ``triangle:N``) or any region. An UNSAT answer is
reported as "none exists" only when CaDiCaL wrote an LRAT proof and ``solver.proofs.lrat``
accepted it; a solver without proofs (kissat) that answers UNSAT gives "unknown".

Examples
--------
>>> spec = StarMapSpec("square", "8x8", symmetry=True, lines=True)
>>> run = search(spec, cpu_limit=60)
>>> run.status, run.arrangement is not None
('SAT', True)
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from puzzles.arrangements import Arrangement, verify
from puzzles.errors import InvalidInputError
from puzzles.grids import grid
from puzzles.regions import Region
from solver.arrange.problem import ArrangementProblem
from solver.arrange.starmap_boards import Hull, hull, slab, triangle
from solver.arrange.starmap_cnf import StarMapCnf, encode
from solver.proofs.cadical import PROOF_SOLVER, SAT, UNKNOWN, UNSAT, solve, solver_version

FOUND, NONE, OPEN = "SAT", "UNSAT", "UNKNOWN"


@dataclass(frozen=True)
class StarMapSpec:
    """One StarMap question: the set, the board (``slab:C``, ``triangle:N`` or a region name)
    and the encoding's options (see ``solver.arrange.starmap_cnf.encode``)."""

    set_name: str
    board: str
    no_adjacent: bool = False
    symmetry: bool = False
    lines: bool = False
    max_cells: int | None = None
    roles: bool = False

    def region(self) -> Region | str:
        """The board as a region (``slab:``/``triangle:``) or the region name itself."""
        kind, _, arg = self.board.partition(":")
        if kind in ("slab", "triangle"):
            try:
                n = int(arg)
            except ValueError:
                raise InvalidInputError(f"board {self.board!r}: {kind}:N with an integer N",
                                        where="--board") from None
            return slab(n) if kind == "slab" else triangle(n)
        return self.board

    def problem(self) -> ArrangementProblem:
        """The arrangement problem."""
        return ArrangementProblem.create(self.set_name, "starmap", self.region(),
                                         no_adjacent=self.no_adjacent)

    def encode(self) -> tuple[ArrangementProblem, StarMapCnf]:
        """The problem and its CNF."""
        problem = self.problem()
        return problem, encode(problem, symmetry=self.symmetry, line_clauses=self.lines,
                               max_hull=self.max_cells, roles=self.roles)

    def command(self) -> str:
        """The ``solver research starmap`` options that give this question."""
        parts = [f"--set {self.set_name}", f"--board {self.board}"]
        parts += [f"--{k}" for k in ("no-adjacent", "symmetry", "lines", "roles")
                  if getattr(self, k.replace("-", "_"))]
        if self.max_cells is not None:
            parts.append(f"--max-cells {self.max_cells}")
        return " ".join(parts)


@dataclass
class StarMapRun:
    """The answer: ``status`` SAT (``arrangement`` verified), UNSAT (``certificate``: the
    checked record) or UNKNOWN (``note`` says why), and the run's figures."""

    spec: StarMapSpec
    status: str
    solver: str
    variables: int
    clauses: int
    cpu: float
    wall: float
    load: tuple[float, float]
    arrangement: Arrangement | None = None
    hull: Hull | None = None
    certificate: dict[str, Any] | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """The run as JSON (no arrangement)."""
        return {
            "question": self.spec.command(),
            "encoding": {"builder": "solver.research.starmap:formula",
                         "args": asdict(self.spec)},
            "status": self.status, "solver": self.solver, "variables": self.variables,
            "clauses": self.clauses, "cpu_seconds": round(self.cpu, 1),
            "wall_seconds": round(self.wall, 1), "load": list(self.load),
            "hull": None if self.hull is None else self.hull.text(),
            "hull_cells": None if self.hull is None else self.hull.size, "note": self.note,
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), **self.extra,
        }

    def text(self) -> str:
        """One paragraph for people."""
        head = (f"{self.spec.command()}: {self.variables} variables, {self.clauses} clauses; "
                f"{self.status} ({self.solver}) after {self.cpu:.1f} s CPU, {self.wall:.1f} s "
                f"wall, load {self.load[0]:.1f}-{self.load[1]:.1f}")
        if self.hull is not None:
            head += f"; verified, hull {self.hull.text()} ({self.hull.size} cells)"
        if self.certificate is not None:
            c = self.certificate["checked"]
            head += (f"; LRAT proof of {self.certificate['proof_bytes']} bytes accepted "
                     f"({c['lemmas']} lemmas, {c['cpu_seconds']} s)")
        return head + (f"; {self.note}" if self.note else "")


def formula(**spec: Any) -> tuple[int, list[list[int]]]:
    """(variables, clauses) of the StarMap question with these :class:`StarMapSpec` fields
    (the builder named in certificate records)."""
    _problem, cnf = StarMapSpec(**spec).encode()
    return cnf.variables, cnf.clauses


def board_region(h: Hull) -> Region:
    """The convex board ``h`` as a region, named ``convex:q_lo..q_hi,r_lo..r_hi,s_lo..s_hi``."""
    name = f"convex:{h.q_lo}..{h.q_hi},{h.r_lo}..{h.r_hi},{h.s_lo}..{h.s_hi}"
    return Region(grid("hexagon"), h.cells(), name)


def on_hull(set_name: str, arr: Arrangement) -> tuple[Arrangement, Hull | None]:
    """A hexagon StarMap moved onto its hull (verified there), and the hull; other sets and
    no-adjacent StarMaps unchanged."""
    if arr.piece_set.grid.kind != "hexagon" or arr.no_adjacent or arr.region is None:
        return arr, None
    h = hull(arr.placements)
    board = board_region(h)
    if board.cells != arr.region.cells and board.cells <= arr.region.cells:
        small = ArrangementProblem.create(set_name, "starmap", board)
        arr = small.arrangement(dict(arr.placements))
        verify(arr)
    return arr, h


def search(spec: StarMapSpec, solver: str = PROOF_SOLVER, cpu_limit: float | None = None,
           wall_limit: float | None = None, certificate: Path | None = None,
           nice: int = 0, tick: Any = None, command: str = "") -> StarMapRun:
    """Solve the question (see the module docstring).

    ``certificate``: the stem of the certificate files written when the answer is UNSAT
    (``STEM.cnf.xz``, ``STEM.lrat.xz``, ``STEM.json``); without it the proof is checked and
    dropped. With ``solver`` other than CaDiCaL there is no proof, so UNSAT stays UNKNOWN.
    """
    from solver.proofs.certificate import CertificateError, write  # local: start-up
    from solver.proofs.dimacs import from_clauses  # local: start-up

    problem, cnf = spec.encode()
    load0 = os.getloadavg()[0]
    proof = None
    if solver == PROOF_SOLVER:
        proof = Path(tempfile.gettempdir()) / f"starmap-{os.getpid()}-{time.monotonic_ns()}.lrat"
    try:
        answer = solve(cnf.clauses, solver=solver, proof=proof, cpu_limit=cpu_limit,
                       wall_limit=wall_limit, nice=nice, tick=tick)
        load = (round(min(load0, answer.load), 1), round(max(load0, answer.load), 1))
        run = StarMapRun(spec, UNKNOWN, solver_version(solver), cnf.variables,
                         len(cnf.clauses), answer.cpu, answer.wall, load)
        if answer.status == SAT:
            assert answer.model is not None
            arr = problem.arrangement(cnf.placements(answer.model))
            verify(arr)
            run.arrangement, run.hull = on_hull(spec.set_name, arr)
            run.status = FOUND
        elif answer.status == UNSAT and answer.proof is None:
            run.note = f"{solver} answered UNSAT without a proof: not reported as none"
        elif answer.status == UNSAT:
            assert answer.proof is not None
            formula = from_clauses(cnf.variables, cnf.clauses)
            record = run.record() | {"status": NONE, "command": command}
            stem = certificate if certificate is not None else answer.proof.with_suffix("")
            try:
                run.certificate = write(stem, formula, answer.proof, record)
            except CertificateError as exc:  # never "none exists" without an accepted proof
                run.note = f"{solver} answered UNSAT but its proof was refused: {exc}"
                return run
            run.status = NONE
            if certificate is None:
                for suffix in (".cnf.xz", ".lrat.xz", ".json"):
                    stem.with_name(stem.name + suffix).unlink(missing_ok=True)
        else:
            run.note = answer.note
        return run
    finally:
        if proof is not None:
            proof.unlink(missing_ok=True)
