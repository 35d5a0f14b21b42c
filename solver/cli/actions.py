"""What ``solver sets list`` and ``solver arrange count`` do, without click.

The click commands (``solver.cli.sets``, ``solver.cli.arrange``) and the fast path
(``solver.cli.fast``) both call these, so the two give the same output by construction.
"""

from __future__ import annotations

from puzzles.errors import InvalidInputError, SearchInterrupted
from solver.cli.output import Output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from solver.arrange.engine import Distributed
    from solver.arrange.problem import ArrangementProblem


def list_sets(output: Output) -> None:
    """``solver sets list``: the available sets with their grid and piece count."""
    from puzzles.beamsets import SET_GRIDS, SET_NAMES, piece_count  # local: start-up
    from puzzles.grids import grid  # local: start-up

    rows = [{"set": n, "grid": grid(SET_GRIDS[n]).kind, "pieces": piece_count(n)}
            for n in SET_NAMES]
    text = "\n".join(f"{r['set']:<10} {r['grid']:<10} {r['pieces']:>5} pieces" for r in rows)
    output.emit({"sets": rows}, text)


class Progress:
    """A tqdm bar fed with (solutions, nodes) ticks."""

    def __init__(self, what: str, quiet: bool) -> None:
        from solver.progress import progress_bar  # local: start-up

        self.bar = progress_bar(what, quiet=quiet, unit=" sol")
        self.solutions = 0

    def __call__(self, solutions: int, nodes: int) -> None:
        self.bar.update(solutions - self.bar.n)
        self.bar.set_postfix_str(f"{nodes:,} nodes", refresh=False)
        self.solutions = solutions

    def close(self) -> None:
        self.bar.close()


def count(problem: ArrangementProblem, engine: str, up_to_symmetry: bool, jobs: int,
          depth: int | None, order: str, cluster: Distributed | None, verify_all: bool,
          output: Output) -> None:
    """``solver arrange count``: count the arrangements of ``problem`` and write the count."""
    from solver.arrange.engines import engine_named  # local: start-up
    from solver.arrange.run import count_arrangements, count_verified  # local: start-up

    counter = engine_named(engine, order)
    bar = Progress("counting", output.quiet)
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
