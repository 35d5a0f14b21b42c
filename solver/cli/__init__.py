"""The ``solver`` command: one subcommand per job, ``--help`` on every level.

Errors become one line on stderr and an exit code (``solver.cli.exits``, ``docs/errors.md``):
2 for bad input (including unknown options), 1 when the question has no solution, 3 when a
budget ran out, 130 on Ctrl-C, 143 on SIGTERM. No traceback.

This module does not import click: ``solver --help``, ``solver sets list`` and simple forms of
``solver arrange count`` are answered by ``solver.cli.fast`` with the same output as the click
command line (``solver.cli.root``), which runs everything else.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys

#: The root group's help text.
HELP = "Solve, count and analyse beam-set arrangements, Dominions, Dominimum and Numbridge."

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


def main(argv: list[str] | None = None, *, fast: bool = True) -> None:
    """Run the command line and exit with its code (see ``solver.cli.exits``).

    ``fast``: answer the commands ``solver.cli.fast`` knows without importing click (the
    same output); False runs the click command line for every command (the tests compare).
    """
    # numpy's OpenBLAS starts a thread per core when numpy is imported (0.1 s of a whole
    # process on this busy machine); no command multiplies large matrices, so one will do
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if argv is None:  # the solver process itself: at its exit Python's last garbage collection
        # walks every object alive, a third of a kernel command's CPU for numba's alone; the
        # process is ending, so the objects are frozen out of it (files are closed by then)
        atexit.register(gc.freeze)
    args = sys.argv[1:] if argv is None else list(argv)
    from solver.cli.exits import run  # local: start-up

    if fast:
        from solver.cli.fast import fast_command  # local: start-up

        command = fast_command(args)
        if command is not None:
            run(command, standalone=argv is None)
    from solver.cli.errors import invoke  # local: start-up
    from solver.cli.root import cli  # local: start-up

    run(lambda: invoke(cli, args), standalone=argv is None)


def __getattr__(name: str) -> object:
    """``solver.cli.cli``: the root click group (imported on first use)."""
    if name in ("cli", "LazyGroup"):
        from solver.cli import root  # local: start-up

        return getattr(root, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
