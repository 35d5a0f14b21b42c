"""The ``solver`` command: one subcommand per job, ``--help`` on every level.

Errors become one line on stderr and an exit code (``solver.cli.errors``, ``docs/errors.md``):
2 for bad input (including unknown options), 1 when the question has no solution, 3 when a
budget ran out, 130 on Ctrl-C, 143 on SIGTERM. No traceback.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys

import click

from solver import __version__
from solver.cli.errors import harden, invoke, run

# name -> "module:attribute" of the click command; imported only when used.
SUBCOMMANDS = {
    "arrange": ("solver.cli.arrange:arrange",
                "Arrangements: find, enumerate, count, estimate, split, export, verify."),
    "book": ("solver.cli.book:book",
             "Puzzle books: graded, printable collections with the answers apart."),
    "demo": ("solver.cli.demo:demo", "Write an HTML report showing what the toolkit can do."),
    "dominimum": ("solver.cli.dominimum:dominimum",
                  "Dominimum: score, best placement, play, tournaments, extremes, puzzles."),
    "dominomega": ("solver.cli.dominimum:dominomega",
                   "Dominomega: score, best placement, play, tournaments, maximum."),
    "sets": ("solver.cli.sets:sets", "Piece sets: list pieces, classes and pictures."),
    "numbridge": ("solver.cli.numbridge:numbridge",
                  "Numbridge Domains: fields, solver, games, analysis, players."),
    "dominions": ("solver.cli.dominions:dominions",
                  "Dominions: replay, analyse, self-play, best move, puzzles."),
    "ladder": ("solver.cli.play:ladder",
               "Round robin of any game's players with Elo ratings and 95% intervals."),
    "review": ("solver.cli.review:review",
               "Review a game record: evaluation per move, best move, loss, mistakes."),
    "serve": ("solver.cli.serve:serve",
              "Serve the games in the browser: play, watch and review (Ctrl-C stops)."),
    "research": ("solver.cli.research:research",
                 "Research runs: StarMap boards, hexagon2, proofs and their checks."),
    "backslide": ("solver.cli.backslide:backslide",
                  "BackSlide: parity classes and optimal slide solutions."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use (fast ``--help``)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in SUBCOMMANDS:
            return None
        module_name, attr = SUBCOMMANDS[cmd_name][0].split(":")
        command = getattr(importlib.import_module(module_name), attr)
        assert isinstance(command, click.Command)
        return harden(command)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SUBCOMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="solver")
def cli() -> None:
    """Solve, count and analyse beam-set arrangements, Dominions, Dominimum and Numbridge."""


def main(argv: list[str] | None = None) -> None:
    """Run the command line and exit with its code (see ``solver.cli.errors``)."""
    # numpy's OpenBLAS starts a thread per core when numpy is imported (0.1 s of a whole
    # process on this busy machine); no command multiplies large matrices, so one will do
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if argv is None:  # the solver process itself: at its exit Python's last garbage collection
        # walks every object alive, a third of a kernel command's CPU for numba's alone; the
        # process is ending, so the objects are frozen out of it (files are closed by then)
        atexit.register(gc.freeze)
    run(lambda: invoke(cli, sys.argv[1:] if argv is None else argv), standalone=argv is None)
