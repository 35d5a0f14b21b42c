"""``solver research``: the searches and checks behind ``docs/results.md``.

Every figure of ``docs/results.md`` is printed by one of these commands (or by ``solver arrange
estimate|bound``); ``scripts/`` keeps thin wrappers only. Exit codes as everywhere: 0 found or
accepted, 1 proven none (a checked certificate) or a proof refused, 3 a limit reached, 2 bad
input.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from puzzles.errors import BudgetExhaustedError, InvalidInputError
from puzzles.jsonstyle import dumps
from solver.cli.common import Output, output_options


@click.group("research")
def research() -> None:
    """Research runs: StarMap boards, the hexagon2 search, proofs and their checks."""


def _board(slab: int | None, triangle: int | None, board: str | None) -> str:
    given = [b for b in (f"slab:{slab}" if slab is not None else None,
                         f"triangle:{triangle}" if triangle is not None else None, board) if b]
    if len(given) != 1:
        raise click.UsageError("give one of --board, --slab and --triangle")
    return given[0]


@research.command("starmap")
@click.option("--set", "set_name", default="hexagon", show_default=True, help="The piece set.")
@click.option("--board", help="A region name or file, or slab:C / triangle:N.")
@click.option("--slab", type=int, help="The board 0 <= q, r <= 31, C <= q + r <= C + 31.")
@click.option("--triangle", type=int, help="The board q, r >= 0, q + r <= N - 1.")
@click.option("--no-adjacent", is_flag=True, help="No two pieces on neighbouring cells.")
@click.option("--symmetry", is_flag=True, help="Lex-leader symmetry breaking (sound: see "
              "docs/results.md, section 3).")
@click.option("--lines", is_flag=True, help="Exactly as many lines of each axis hold a piece "
              "as a StarMap meets.")
@click.option("--roles", is_flag=True, help="Per axis, as many cells of each line role and "
              "as many lines with one piece or several as the set implies.")
@click.option("--max-cells", type=click.IntRange(1), help="The hull of the StarMap has at "
              "most this many cells (hexagon boards).")
@click.option("--solver", "solver_name", default="cadical195", show_default=True,
              help="A python-sat solver; only cadical195 writes proofs (UNSAT from another "
                   "one is reported as unknown).")
@click.option("--cpu-limit", type=click.FloatRange(0, min_open=True),
              help="CPU seconds of the solver.")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True),
              help="Wall-clock seconds of the solver.")
@click.option("--nice", type=click.IntRange(0, 19), default=0, show_default=True,
              help="Run the solver at this niceness.")
@click.option("--certificate", type=click.Path(dir_okay=False, path_type=Path),
              help="Stem of the certificate written when none exists (STEM.cnf.xz, "
                   "STEM.lrat.xz, STEM.json).")
@click.option("--record", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the run's record (JSON: command, CPU, load, solver) here.")
@click.option("--cnf", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the DIMACS CNF and stop.")
@output_options
def starmap_cmd(set_name: str, board: str | None, slab: int | None, triangle: int | None,
                no_adjacent: bool, symmetry: bool, lines: bool, roles: bool,
                max_cells: int | None,
                solver_name: str, cpu_limit: float | None, time_limit: float | None,
                nice: int, certificate: Path | None, record: Path | None, cnf: Path | None,
                output: Output) -> int:
    """Find a StarMap on a board by SAT, or prove with a checked LRAT certificate that none
    exists.

    The StarMap found is verified and written (--out, the arrangement document) on its hull,
    the smallest convex board holding it. Exit 0 found, 1 none exists (certificate accepted by
    the checker), 3 a limit reached or an unproven UNSAT.
    """
    import sys

    from solver.research.starmap import FOUND, NONE, StarMapSpec, search

    spec = StarMapSpec(set_name, _board(slab, triangle, board), no_adjacent, symmetry, lines,
                       max_cells, roles)
    if cnf is not None:
        problem, formula = spec.encode()
        cnf.write_text(formula.dimacs(problem.describe()))
        output.note(f"wrote {cnf}: {formula.variables} variables, {len(formula.clauses)} "
                    "clauses")
        return 0
    command = "solver research " + " ".join(sys.argv[sys.argv.index("starmap"):]) \
        if "starmap" in sys.argv else f"solver research starmap {spec.command()}"
    run = search(spec, solver=solver_name, cpu_limit=cpu_limit, wall_limit=time_limit,
                 certificate=certificate, nice=nice, command=command,
                 tick=lambda cpu: output.note(f"  solver CPU {cpu:.0f} s"))
    if record is not None:
        record.write_text(dumps(run.record() | {"command": command}))
    if run.status == FOUND:
        assert run.arrangement is not None
        output.emit(run.arrangement.to_json(), dumps(run.arrangement.to_json()))
        output.note(run.text())
        return 0
    click.echo(run.text(), err=output.out is not None)
    if run.status == NONE:
        return 1
    raise BudgetExhaustedError(f"no answer: {run.note or 'limit reached'}")


@research.command("check")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--proof", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Check this binary LRAT proof against RECORD read as a DIMACS CNF.")
@output_options
def check_cmd(record: Path, proof: Path | None, output: Output) -> int:
    """Re-check a stored certificate (STEM.json), or a CNF and an LRAT proof (--proof).

    The checker (solver.proofs.lrat) shares no code with the encoders or the solver. Exit 0
    when the proof is accepted, 1 when it is refused.
    """
    from solver.proofs.certificate import CertificateError, read_formula, recheck
    from solver.proofs.dimacs import DimacsError
    from solver.proofs.lrat import check_file

    try:
        report = check_file(read_formula(record), proof) if proof else recheck(record)
    except (CertificateError, DimacsError, json.JSONDecodeError, KeyError) as exc:
        raise InvalidInputError(str(exc), where=str(record)) from None
    output.emit({"proved": report.proved, "lemmas": report.lemmas, "hints": report.hints,
                 "deletions": report.deletions, "reason": report.reason,
                 "step": report.step_id}, f"{record.name}: {report.text()}")
    return 0 if report.proved else 1
