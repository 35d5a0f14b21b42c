"""``solver arrange``: find, enumerate, count, estimate, split, export and verify arrangements.

Start-up matters here (a count of a small region takes milliseconds): pictures (``reports.beams``,
``reports.html``/Jinja2) and the engines (numba, OR-Tools) are imported by the commands that use
them, not at module level.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from puzzles.arrangements import KINDS, Arrangement, faults, read_arrangement
from puzzles.beamsets import SET_NAMES
from puzzles.documents import is_ascii_int, parse_int, read_json, source_name, validate
from puzzles.errors import InvalidInputError, ParseError, SearchInterrupted
from puzzles.grids import Cell
from puzzles.regions import BORDER_RULES, MAX_COORDINATE
from reports.output import JsonLinesWriter, OutputError, check_writable
from solver.arrange.engines import ENGINES, engine_named
from solver.arrange.orders import ORDERS
from solver.arrange.problem import ArrangementProblem
from solver.cli.arrange_research import estimate_transcendental
from solver.cli.common import Output, output_options, write_picture
from solver.progress import progress_bar

if TYPE_CHECKING:
    from solver.arrange.engine import Engine
    from solver.arrange.run import Distributed

F = TypeVar("F", bound=Callable[..., Any])


def parse_fix(texts: tuple[str, ...]) -> dict[Cell, int]:
    """``q,r=n`` strings -> {cell: piece}; raises InvalidInputError naming the bad one."""
    out: dict[Cell, int] = {}
    for text in texts:
        where, _, piece = text.partition("=")
        q, _, r = where.partition(",")
        if not (is_ascii_int(q) and is_ascii_int(r) and is_ascii_int(piece)):
            raise InvalidInputError(f"--fix {text!r}: expected q,r=piece (e.g. 0,0=9)")
        cell = (parse_int(q, -MAX_COORDINATE, MAX_COORDINATE, f"--fix {text!r}: q"),
                parse_int(r, -MAX_COORDINATE, MAX_COORDINATE, f"--fix {text!r}: r"))
        out[cell] = parse_int(piece, 0, 1 << 20, f"--fix {text!r}: piece")
    return out


def read_fixed(path: Path) -> dict[Cell, int]:
    """Fixed pieces from a JSON file: an arrangement document, ``{"fixed": [...]}`` (a split
    subproblem) or a plain list of ``{"cell": [q, r], "piece": n}``
    (``docs/schemas/fixed.schema.json``, ``fixed-list.schema.json``)."""
    from puzzles.schemas import FixedDoc, FixedListDoc  # local: start-up

    where = source_name(path)
    data = read_json(path, "fixed-pieces file")
    if isinstance(data, dict):
        doc = validate(data, FixedDoc, where)
        items = doc.fixed if doc.fixed is not None else doc.placements
        if items is None:
            raise ParseError('expected {"fixed": [...]}, an arrangement or a list of '
                             '{"cell": [q, r], "piece": n}', where=where)
    else:
        items = validate(data, FixedListDoc, where).root
    out: dict[Cell, int] = {}
    for i, item in enumerate(items):
        cell = (item.cell[0], item.cell[1])
        if cell in out:
            raise ParseError(f"entry #{i + 1}: cell {list(cell)} is fixed twice", where=where)
        out[cell] = item.piece
    return out


_PROBLEM_OPTIONS: list[Callable[[Any], Any]] = [
    click.option("--set", "set_name", type=click.Choice(SET_NAMES), default="square",
    show_default=True, help="The piece set."),
    click.option("--region", "region", metavar="R",
    help="Region or board: 4x4, 2x8, rhombus:8x8, hexagon:5, torus:4x4, a file."),
    click.option("--border", type=click.Choice(BORDER_RULES), default="blank",
    show_default=True, help="blank: no beam may leave the region; free: beams may."),
    click.option("--fix", "fix", multiple=True, metavar="Q,R=N",
    help="Fix piece N on cell (Q, R); repeatable."),
    click.option("--fixed", "fixed_file", type=click.Path(dir_okay=False, path_type=Path),
    help="Fixed pieces from a JSON file (arrangement or subproblem)."),
    click.option("--single-group", is_flag=True,
    help="Transcendental: all non-blank pieces in one connected group."),
    click.option("--no-adjacent", is_flag=True, help="StarMap: no two pieces adjacent."),
]


def problem_options_of(kinds: Sequence[str]) -> Callable[[F], F]:
    """KIND (one of ``kinds``) and the options that describe the problem; passes ``problem``."""
    return lambda func: _with_problem_options(func, kinds)


def problem_options(func: F) -> F:
    """KIND (any kind) and the options that describe the problem; passes ``problem``."""
    return _with_problem_options(func, KINDS)


def _with_problem_options(func: F, kinds: Sequence[str]) -> F:
    def wrapper(*args: Any, kind: str, set_name: str, region: str | None, border: str,
                fix: tuple[str, ...], fixed_file: Path | None, single_group: bool,
                no_adjacent: bool, **kwargs: Any) -> Any:
        fixed = read_fixed(fixed_file) if fixed_file else {}
        fixed.update(parse_fix(fix))
        problem = ArrangementProblem.create(set_name, kind, region, border, fixed,
                                            single_group, no_adjacent)
        return func(*args, problem=problem, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    # keep the options declared below this decorator, then add the problem options
    decorated: Any = wrapper
    decorated.__click_params__ = list(getattr(func, "__click_params__", []))
    for option in reversed([click.argument("kind", type=click.Choice(kinds)),
                            *_PROBLEM_OPTIONS]):
        decorated = option(decorated)
    return decorated


engine_option = click.option("--engine", type=click.Choice(ENGINES), default="auto",
                             show_default=True,
                             help="kernel (our numba search), frontier (counts by dynamic "
                                  "programming: square and triangle sets), cpsat, constraint, "
                                  "starmap (CP-SAT lines of sight), grow (transcendental on "
                                  "the open plane) or dual (cells and pieces).")
jobs_option = click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1,
                           show_default=True, help="Processes (split into subproblems).")
depth_option = click.option("--depth", type=click.IntRange(0, 64), default=None,
                            help="Split depth for --jobs (default: 32 subproblems per job).")
order_option = click.option("--order", type=click.Choice(ORDERS), default="auto",
                            show_default=True,
                            help="Kernel cell order: auto (chosen by probing the problem), static "
                                 "or mrv (most constrained cell first).")
def cluster_options(func: F) -> F:
    """``--scheduler ADDRESS`` and ``--checkpoint FILE``, passed as ``cluster`` (None when
    neither is given: the run stays in this process or its ``--jobs`` pool)."""

    @click.option("--scheduler", metavar="ADDRESS", default=None,
                  help="Run the subproblems on this Dask scheduler (tcp://host:8786).")
    @click.option("--checkpoint", type=click.Path(dir_okay=False, path_type=Path),
                  default=None,
                  help="Keep finished subproblems in this SQLite file; a rerun skips them "
                       "(runs on Dask: --scheduler, or a local cluster of --jobs workers).")
    @functools.wraps(func)
    def wrapper(*args: Any, scheduler: str | None, checkpoint: Path | None,
                **kwargs: Any) -> Any:
        from solver.arrange.run import Distributed  # local: start-up

        cluster = None
        if scheduler is not None or checkpoint is not None:
            check_cluster_options(scheduler, checkpoint)
            cluster = Distributed(scheduler, checkpoint)
        return func(*args, cluster=cluster, **kwargs)

    return wrapper  # type: ignore[return-value]


#: A Dask scheduler address: [PROTOCOL://]HOST:PORT.
_ADDRESS = re.compile(r"(?:(?:tcp|tls|ucx|ws|wss)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):"
                      r"([0-9]{1,5})")


def check_cluster_options(scheduler: str | None, checkpoint: Path | None) -> None:
    """Refuse, before any work, a scheduler address that is not [PROTOCOL://]HOST:PORT and a
    checkpoint that is not an SQLite database (or cannot be created)."""
    if scheduler is not None:
        m = _ADDRESS.fullmatch(scheduler)
        if m is None or not 0 < int(m.group(2)) < 65536:
            raise click.BadParameter(f"{scheduler[:60]!r} is not a scheduler address "
                                     "(tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786)",
                                     param_hint="--scheduler")
    if checkpoint is None:
        return
    if checkpoint.exists():
        try:
            with checkpoint.open("rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            raise click.BadParameter(f"{checkpoint}: {(exc.strerror or str(exc)).lower()}",
                                     param_hint="--checkpoint") from None
        if head and head != b"SQLite format 3\x00":
            raise click.BadParameter(f"{checkpoint}: not an SQLite database (a checkpoint of "
                                     "an earlier run, or a new file)", param_hint="--checkpoint")
    try:
        check_writable(checkpoint)
    except OutputError as exc:
        raise click.BadParameter(str(exc), param_hint="--checkpoint") from None


symmetry_option = click.option("--up-to-symmetry", is_flag=True,
                               help="One arrangement per orbit of the region's rotations and "
                                    "reflections.")


def _pictures(arr: Arrangement, problem: ArrangementProblem, svg: Path | None,
              html: Path | None, output: Output) -> None:
    if svg is None and html is None:
        return
    from reports.beams import arrangement_svg  # local: start-up
    from reports.pages import arrangement_page  # local: start-up

    fixed = frozenset(problem.fixed_map)
    picture = arrangement_svg(arr, highlight=fixed, title=problem.describe())
    write_picture(svg, picture, output, "SVG")
    if html is not None:
        write_picture(html, arrangement_page(arr, problem.describe(), fixed, picture), output,
                      "HTML")


class _Progress:
    """A tqdm bar fed with (solutions, nodes) ticks."""

    def __init__(self, what: str, quiet: bool) -> None:
        self.bar = progress_bar(what, quiet=quiet, unit=" sol")
        self.solutions = 0

    def __call__(self, solutions: int, nodes: int) -> None:
        self.bar.update(solutions - self.bar.n)
        self.bar.set_postfix_str(f"{nodes:,} nodes", refresh=False)
        self.solutions = solutions

    def close(self) -> None:
        self.bar.close()


class _ArrangeGroup(click.Group):
    """The ``arrange`` group; ``puzzles`` (pictures, generation) is imported when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), "puzzles"])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in ("puzzles", "puzzle"):
            from solver.cli.arrange_puzzle import puzzle  # local: start-up
            from solver.cli.vocabulary import hidden_alias  # local: start-up

            return puzzle if cmd_name == "puzzles" else hidden_alias(puzzle, "puzzle",
                                                                      "arrange")
        return super().get_command(ctx, cmd_name)


@click.group(cls=_ArrangeGroup)
def arrange() -> None:
    """Compact, transcendental and StarMap arrangements of the beam piece sets.

    Examples: solver arrange find compact --set hexagon --region rhombus:8x8;
    solver arrange count compact --region 4x4 --up-to-symmetry.
    """


verify_option = click.option(
    "--verify", "verify_all", is_flag=True,
    help="Expensive checks too: every solution through verify() (enumerate), the count "
         "re-derived from verified solutions (count).")


@arrange.command("find")
@problem_options
@engine_option
@click.option("--svg", "svg", type=click.Path(dir_okay=False, path_type=Path),
              help="Draw the arrangement into this SVG file.")
@click.option("--html", "html", type=click.Path(dir_okay=False, path_type=Path),
              help="Write an HTML page with the arrangement.")
@output_options
def find(problem: ArrangementProblem, engine: str, svg: Path | None, html: Path | None,
         output: Output) -> None:
    """Find one arrangement (exit 1 when the search proves there is none).

    JSON: {"set", "kind", "region", "border", "directions", "placements": [{"cell": [q, r],
    "piece": n}, ...], ...}.
    """
    searcher = engine_named(engine)
    bar = _Progress("searching", output.quiet)
    try:
        arr = searcher.first(problem, tick=bar)
    except KeyboardInterrupt as exc:
        raise SearchInterrupted("interrupted before a solution was found") from exc
    finally:
        bar.close()
    _pictures(arr, problem, svg, html, output)
    from reports.beams import arrangement_text  # local: start-up

    output.emit(arr.to_json(), f"{problem.describe()}:\n{arrangement_text(arr)}")


@arrange.command("enumerate")
@problem_options
@engine_option
@click.option("--limit", type=click.IntRange(1), default=None, help="Stop after N.")
@symmetry_option
@jobs_option
@depth_option
@order_option
@cluster_options
@click.option("--count", "count_only", is_flag=True,
              help="Only count them (the same as `solver arrange count`).")
@click.option("--estimate", "estimate_only", is_flag=True,
              help="Knuth's estimate instead (the same as `solver arrange estimate`).")
@verify_option
@output_options
def enumerate_cmd(problem: ArrangementProblem, engine: str, limit: int | None,
                  up_to_symmetry: bool, jobs: int, depth: int | None, order: str,
                  cluster: Distributed | None, count_only: bool, estimate_only: bool,
                  verify_all: bool,
                  output: Output) -> None:
    """Stream arrangements: text blocks, or JSON lines with --json or --out FILE.

    With --out the lines go to FILE (renamed into place at the end, and also when stopped with
    Ctrl-C: every solution found so far is kept). --count and --estimate hand the same problem
    to the `count` and `estimate` commands.
    """
    from solver.arrange.run import enumerate_arrangements  # local: start-up

    if count_only or estimate_only:
        ctx = click.get_current_context()
        if count_only and estimate_only:
            raise click.UsageError("choose one of --count and --estimate")
        target = count_cmd if count_only else estimate_cmd
        names = {param.name for param in target.params}
        ctx.invoke(target, **{k: v for k, v in ctx.params.items() if k in names})
        return

    bar = _Progress("enumerating", output.quiet)
    as_lines = output.json or output.out is not None
    stream = enumerate_arrangements(problem, engine_named(engine, order), limit, up_to_symmetry,
                                    jobs, depth, bar, verify_all=verify_all, cluster=cluster)
    writer: JsonLinesWriter | _TextWriter
    if as_lines:
        stdout = None if output.out is not None else sys.stdout
        writer = JsonLinesWriter(output.out, stdout=stdout)
    else:
        writer = _TextWriter()
    try:
        with writer:
            for arr in stream:
                writer.write(arr.to_json() if as_lines else arr)
    except KeyboardInterrupt as exc:
        kept = f"; kept in {output.out}" if output.out else ""
        # the writer's count: what was written, not what the search had found
        raise SearchInterrupted(f"interrupted after {writer.count} arrangement(s){kept}"
                                ) from exc
    finally:
        bar.close()
    found = writer.count
    what = "distinct arrangement(s) up to symmetry" if up_to_symmetry else "arrangement(s)"
    output.note(f"{found} {what}" + (f" (limit {limit})" if limit and found >= limit else "")
                + (f"; wrote {output.out}" if output.out else ""))


class _TextWriter:
    """Writes arrangements as numbered text blocks on stdout."""

    def __init__(self) -> None:
        self.count = 0

    def write(self, arr: object) -> None:
        from reports.beams import arrangement_text  # local: start-up

        assert isinstance(arr, Arrangement)
        self.count += 1
        click.echo(f"#{self.count}\n{arrangement_text(arr)}\n")

    def __enter__(self) -> _TextWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


@arrange.command("count")
@problem_options
@engine_option
@symmetry_option
@jobs_option
@depth_option
@order_option
@cluster_options
@verify_option
@output_options
def count_cmd(problem: ArrangementProblem, engine: str, up_to_symmetry: bool, jobs: int,
              depth: int | None, order: str, cluster: Distributed | None, verify_all: bool,
              output: Output) -> None:
    """Count arrangements (exactly; see `estimate` when that is out of reach).

    The count itself is not checked at run time; --verify enumerates every solution again,
    judges each with verify() and fails (exit 70) unless there are as many.
    JSON: {"count": n, "distinct": m} (distinct: orbits under the region's symmetries, null
    without --up-to-symmetry).
    """
    from solver.arrange.run import count_arrangements, count_verified  # local: start-up

    counter: Engine = engine_named(engine, order)
    bar = _Progress("counting", output.quiet)
    try:
        if cluster is not None and (up_to_symmetry or verify_all):
            raise InvalidInputError(
                "--scheduler/--checkpoint count without --up-to-symmetry and --verify")
        if cluster is not None:
            total, distinct = count_arrangements(problem, counter, up_to_symmetry, jobs, depth,
                                                 bar, cluster=cluster)
        elif verify_all:
            total, distinct = count_verified(problem, counter, up_to_symmetry, jobs, depth, bar)
        else:
            total, distinct = count_arrangements(problem, counter, up_to_symmetry, jobs, depth,
                                                 bar)
    except KeyboardInterrupt as exc:
        raise SearchInterrupted(
            f"interrupted: at least {bar.solutions} arrangement(s) (count incomplete)") from exc
    finally:
        bar.close()
    text = f"{total} {problem.describe()} arrangement(s)"
    if total == 0:
        text += ": infeasible (the search is complete)"
    if distinct is not None:
        text += f", {distinct} up to rotation and reflection"
    output.emit({"count": total, "distinct": distinct}, text)


@arrange.command("estimate")
@problem_options_of(("compact", "transcendental"))
@click.option("--probes", type=click.IntRange(1), default=1000, show_default=True,
              help="Random probes.")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option("--method", type=click.Choice(["tail", "knuth"]), default="tail",
              show_default=True,
              help="tail: most-constrained probes that count the last cells exactly; knuth: "
                   "Knuth's plain probes in the static order.")
@click.option("--tail", type=click.IntRange(0), default=None,
              help="tail method: count exactly once this many cells are empty (default: "
                   "chosen by a pilot); transcendental: beamed pieces left (default 22).")
@click.option("--batches", type=click.IntRange(2), default=10, show_default=True,
              help="Transcendental: independent batches (the Markov lower bound).")
@output_options
def estimate_cmd(problem: ArrangementProblem, probes: int, seed: int, method: str,
                 tail: int | None, batches: int, output: Output) -> None:
    """Estimate the solution count (and the search tree) by random probes, with a 95% interval.

    JSON: {"probes", "seed", "method", "tail", "hits", "nodes", "nodes_error", "solutions",
    "solutions_error", "low", "high", "note"} (errors are standard errors of the mean; hits:
    probes that reached a solution; without hits there is no estimate and solutions, low and
    high are null). Transcendental (open plane): growth probes in --batches batches, --probes
    in all, with the Markov lower bound (JSON: the documents of docs/results/).
    """
    from solver.arrange.estimate import estimate  # local: start-up

    if problem.kind == "transcendental":  # growth probes on the open plane, in batches
        return estimate_transcendental(problem, probes, seed, tail, batches, output)
    if problem.region is None:
        raise InvalidInputError("estimate of a compact arrangement needs --region")
    bar = progress_bar("probing", total=probes, quiet=output.quiet, unit=" probes")
    try:
        est = estimate(problem, probes, seed, tick=lambda n: bar.update(n - bar.n),
                       method=method, tail=tail)
    except KeyboardInterrupt as exc:
        raise SearchInterrupted("interrupted while probing") from exc
    finally:
        bar.close()
    output.emit(est.to_json(), f"{problem.describe()}: {est.text()}")


@arrange.command("split")
@problem_options
@click.option("--depth", type=click.IntRange(0, 64), default=None,
              help="Fill this many cells per prefix (default: 32 subproblems per job).")
@jobs_option
@output_options
def split_cmd(problem: ArrangementProblem, depth: int | None, jobs: int, output: Output) -> None:
    """List the independent subproblems (fixed prefixes of the search) as JSON lines.

    Each line: {"index": i, "of": total, "fixed": [{"cell": [q, r], "piece": n}, ...]}. Solve
    one with `count ... --fixed LINE_FILE`; the counts add up to the whole count.
    """
    from solver.arrange.split import auto_depth, prefix_to_json, prefixes  # local: start-up

    if problem.kind != "compact":
        raise InvalidInputError("split supports compact arrangements")
    subs = prefixes(problem, auto_depth(problem, jobs) if depth is None else depth)
    docs = [{"index": i, "of": len(subs), "fixed": prefix_to_json({**problem.fixed_map, **s})}
            for i, s in enumerate(subs)]
    if output.out is not None:
        with JsonLinesWriter(output.out) as writer:
            for doc in docs:
                writer.write(doc)
        output.note(f"{len(docs)} subproblems; wrote {output.out}")
        return
    if output.json:
        writer = JsonLinesWriter(None, stdout=sys.stdout)
        for doc in docs:
            writer.write(doc)
        return
    for i, sub in enumerate(subs):
        cells = {**problem.fixed_map, **sub}
        click.echo(f"{i}: " + " ".join(f"{c[0]},{c[1]}={p}" for c, p in cells.items()))


@arrange.command("export")
@problem_options
@click.option("--format", "fmt", type=click.Choice(["dlx", "cnf"]), default="dlx",
              show_default=True,
              help="dlx: Knuth's exact cover with colours text (DLX2, SSXCC); cnf: DIMACS with "
                   "a 'c ind' sampling set (ApproxMC, GANAK).")
@output_options
def export_cmd(problem: ArrangementProblem, fmt: str, output: Output) -> None:
    """Write the instance for external solvers (compact arrangements).

    JSON: {"format": "dlx" or "cnf", "text": ...}.
    """
    if fmt == "cnf":
        from solver.arrange.cnf import dimacs_text  # local: start-up

        text = dimacs_text(problem)
    else:
        from solver.arrange.export import dlx_text  # local: start-up

        text = dlx_text(problem)
    output.emit({"format": fmt, "text": text}, text)


@arrange.command("verify")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--fix", "fix", multiple=True, metavar="Q,R=N",
              help="Also require piece N on cell (Q, R).")
@output_options
@click.pass_context
def verify_cmd(ctx: click.Context, file: Path, fix: tuple[str, ...], output: Output) -> None:
    """Check an arrangement JSON file; name the first fault (exit 1 when it breaks a rule).

    JSON: {"valid": bool, "fault": str or null, "kind", "set"}.
    """
    arr = read_arrangement(file)
    fault = next(faults(arr, parse_fix(fix)), None)
    doc = {"valid": fault is None, "fault": fault.message if fault else None, "kind": arr.kind,
           "set": arr.set_name}
    where = f" on {arr.region.name}" if arr.region else ""
    text = (f"valid {arr.kind} {arr.set_name} arrangement{where}" if fault is None
            else f"invalid: {fault}")
    output.emit(doc, text)
    if fault is not None:
        ctx.exit(1)


# the count bounds of docs/results.md (a light module: the work is imported when it runs)
from solver.cli.arrange_research import bound_cmd  # noqa: E402

arrange.add_command(bound_cmd)
