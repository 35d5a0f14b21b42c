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
from solver.cli.vocabulary import alias


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

    from solver.research.starmap import FOUND, NONE, StarMapSpec, search  # local: start-up

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
    from solver.proofs.certificate import CertificateError, read_formula, recheck  # local: start-up
    from solver.proofs.dimacs import DimacsError  # local: start-up
    from solver.proofs.lrat import check_file  # local: start-up

    try:
        report = check_file(read_formula(record), proof) if proof else recheck(record)
    except (CertificateError, DimacsError, json.JSONDecodeError, KeyError) as exc:
        raise InvalidInputError(str(exc), where=str(record)) from None
    output.emit({"proved": report.proved, "lemmas": report.lemmas, "hints": report.hints,
                 "deletions": report.deletions, "reason": report.reason,
                 "step": report.step_id}, f"{record.name}: {report.text()}")
    return 0 if report.proved else 1


@research.group("hexagon2")
def hexagon2() -> None:
    """The search for a compact arrangement of the second-order hexagon set on rhombus:64x64
    (docs/results.md, question 6). Exit 0 when one is found (verified, --out), 1 otherwise."""


def _h2_out(func):  # type: ignore[no-untyped-def]
    return click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
                        help="Write the arrangement found here.")(func)


@hexagon2.command("mrv")
@click.option("--nodes", type=click.IntRange(1), default=200_000, show_default=True,
              help="Placements.")
@click.option("--dual", is_flag=True, help="The dual search (cells and pieces).")
@_h2_out
def h2_mrv(nodes: int, dual: bool, out: Path | None) -> int:
    """The most-constrained-cell search with a node budget; prints the cells filled."""
    from solver.research.hexagon2 import run_mrv  # local: start-up

    return run_mrv(nodes, dual, out)


@hexagon2.command("anneal")
@click.option("--steps", type=float, default=4e7, show_default=True, help="Flips a round.")
@click.option("--rounds", type=click.IntRange(1), default=8, show_default=True,
              help="Rounds, each restarting the temperature.")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option("--t0", type=float, default=0.25, show_default=True, help="First temperature.")
@click.option("--t1", type=float, default=0.03, show_default=True, help="Last temperature.")
@_h2_out
def h2_anneal(steps: float, rounds: int, seed: int, t0: float, t1: float,
              out: Path | None) -> int:
    """Annealing on the edges, lowering the number of duplicated patterns."""
    from solver.research.hexagon2 import run_anneal  # local: start-up

    return run_anneal(int(steps), rounds, seed, t0, t1, out)


@hexagon2.command("blocks")
@click.option("--layout", type=click.Choice(["periodic", "checker"]), default="periodic",
              show_default=True, help="periodic: one 8x8 arrangement in every block; "
              "checker: it and its half turn alternating.")
@click.option("--solver", "solver_name", default="cadical195", show_default=True,
              help="A python-sat solver for the corners.")
@_h2_out
def h2_blocks(layout: str, solver_name: str, out: Path | None) -> int:
    """Sides from 8x8 blocks, corners by SAT; prints the classes failing Hall's condition."""
    from solver.research.hexagon2 import run_blocks  # local: start-up

    return run_blocks(layout, solver_name, out)


@hexagon2.command("twostage")
@click.option("--sides", "sides_kind", type=click.Choice(["anneal", "blocks"]),
              default="blocks", show_default=True,
              help="Side labelling: annealing, or a random 8x8 arrangement per block.")
@click.option("--split", type=click.Choice(["none", "cosets"]), default="cosets",
              show_default=True, help="Corners on the whole region, or one coset at a time.")
@click.option("--solver", "solver_name", default="glucose4", show_default=True,
              help="A python-sat solver for the corners.")
@click.option("--time-limit", "seconds", type=float, default=100.0, show_default=True,
              help="Seconds of each SAT call (CaDiCaL and Kissat ignore it).")
@alias("--seconds", "seconds", new="--time-limit")
@click.option("--strong", is_flag=True, help="The reverse links and pairwise at-most-one.")
@click.option("--repair", is_flag=True, help="With --split cosets: re-split the classes of "
              "each unsatisfiable core (no time limit: run it under timeout).")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@_h2_out
def h2_twostage(sides_kind: str, split: str, solver_name: str, seconds: float, strong: bool,
                repair: bool, seed: int, out: Path | None) -> int:
    """Sides with exact counts, Hall's check, then the corners by SAT."""
    from solver.research.hexagon2 import run_two_stage  # local: start-up

    return run_two_stage(sides_kind, split, solver_name, seconds, strong, seed, out, repair)


@hexagon2.command("certify")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The block sides and the coset split of this seed.")
@click.option("--coset", type=click.IntRange(0, 2), default=0, show_default=True,
              help="The coset (q - r) mod 3 whose corners are solved.")
@click.option("--classes", default="24", show_default=True,
              help="Comma-separated side patterns whose class constraints are asserted.")
@click.option("--certificate", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Stem of the certificate files.")
@click.option("--cpu-limit", type=click.FloatRange(0, min_open=True), default=600.0,
              show_default=True, help="CPU seconds of the solver.")
def h2_certify(seed: int, coset: int, classes: str, certificate: Path,
               cpu_limit: float) -> int:
    """A checked LRAT certificate that a coset split is infeasible: no corner labelling of the
    coset gives the classes the corner patterns the split chose."""
    import sys

    from solver.research.hexagon2 import coset_certificate  # local: start-up

    wanted = [int(c) for c in classes.split(",") if c]
    try:
        doc = coset_certificate(seed, coset, wanted, certificate, cpu_limit,
                                "solver " + " ".join(sys.argv[1:]))
    except RuntimeError as exc:
        raise BudgetExhaustedError(str(exc)) from None
    c = doc["checked"]
    assert isinstance(c, dict)
    click.echo(f"UNSAT: {doc['question']}; {doc['variables']} variables, {doc['clauses']} "
               f"clauses; LRAT proof of {doc['proof_bytes']} bytes accepted ({c['lemmas']} "
               f"lemmas); solver {doc['cpu_seconds']} s CPU")
    return 1


@research.command("dominomega-relaxation")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=60.0,
              show_default=True, help="CP-SAT's seconds.")
def dominomega_relaxation_cmd(time_limit: float) -> None:
    """Dominomega at 3^12 for all three symbols without geometry (question 2): feasible, so
    no counting or parity argument forbids the layout."""
    from solver.research.dominomega_relaxation import relaxation  # local: start-up

    status, wall, cpu, lines = relaxation(time_limit)
    click.echo(f"{status} in {wall:.1f} s ({cpu:.1f} s CPU)")
    for line in lines:
        click.echo(line)


@research.command("compare")
@click.option("--problems", default="free24,free32,square4x4", show_default=True,
              help="Comma-separated names (solver.research.counts).")
@click.option("--batches", type=click.IntRange(1), default=10, show_default=True,
              help="Independent batches of the estimator (the Markov lower bound).")
@click.option("--probes", type=click.IntRange(1), default=1000, show_default=True,
              help="Probes per batch.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Batch b uses seed + b.")
@click.option("--tail", type=click.IntRange(0), default=None,
              help="The exact tail (default: chosen by a pilot).")
@click.option("--approxmc-limit", type=float, default=300.0, show_default=True,
              help="Seconds per ApproxMC run.")
@click.option("--samplings", default="edges,pieces", show_default=True,
              help="ApproxMC projections (empty: none).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the rows (JSON lines) here.")
def compare_cmd(problems: str, batches: int, probes: int, seed: int, tail: int | None,
                approxmc_limit: float, samplings: str, out: Path | None) -> None:
    """Compact counts side by side: the tail estimator in batches (Markov lower bound) and
    ApproxMC on the CNF (question 4). One JSON line per problem."""
    from solver.research.counts import compare_row  # local: start-up

    lines: list[str] = []
    for name in problems.split(","):
        row = compare_row(name, batches, probes, seed, tail,
                          [s for s in samplings.split(",") if s], approxmc_limit)
        lines.append(json.dumps(row))
        click.echo(lines[-1])
        if out is not None:
            out.write_text("\n".join(lines) + "\n")


@research.command("bounds")
@click.option("--problems", default="square4x4,triangle-torus8x2,free24", show_default=True,
              help="Comma-separated names (solver.research.counts).")
@click.option("--method", "methods", multiple=True,
              help="axes, pattern or dp:SPEC (repeatable; default axes and dp:weight).")
@click.option("--max-states", type=click.IntRange(1), default=None,
              help="dp methods: give up past this many states.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the rows (JSON lines) here.")
def bounds_cmd(problems: str, methods: tuple[str, ...], max_states: int | None,
               out: Path | None) -> None:
    """Guaranteed upper bounds on compact counts by exact counts of relaxations, one JSON line
    per problem and method (question 4; one problem: `solver arrange bound compact`)."""
    from solver.research.counts import bound_row  # local: start-up

    lines: list[str] = []
    for name in problems.split(","):
        for method in methods or ("axes", "dp:weight"):
            lines.append(json.dumps(bound_row(name, method, max_states)))
            click.echo(lines[-1])
            if out is not None:
                out.write_text("\n".join(lines) + "\n")


@research.command("small-counts")
@output_options
def small_counts_cmd(output: Output) -> int:
    """Exact compact counts of every small region the engines reach, each by two engines
    (question 4's table). Exit 70 if two engines disagree."""
    from solver.research.counts import small_count_rows  # local: start-up

    rows = small_count_rows(tick=lambda r: output.note(f"{r['set']} {r['region']}: "
                                                        f"{r['count']}"))
    lines = ["| set | region | count | engines | CPU s |", "|---|---|---:|---|---:|"]
    for r in rows:
        engines = [k for k in ("kernel", "frontier", "cnf", "cpsat") if k in r]
        cpu = sum(r[f"{e}_cpu_seconds"] for e in engines)
        lines.append(f"| {r['set']} | {r['region']} | {r['count']:,} | "
                     f"{' = '.join(engines) if r['agree'] else 'DISAGREE'} | {cpu:.1f} |")
    output.emit(rows, "\n".join(lines))
    return 0 if all(r["agree"] for r in rows) else 70
