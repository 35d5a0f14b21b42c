"""The root ``solver`` group of the click command line (``solver.cli.main`` runs it).

Imported only when a command needs click: ``solver.cli.fast`` answers a few commands
(``--help``, ``sets list``, simple ``arrange count``) without it.
"""

from __future__ import annotations

import importlib

import click

from solver import __version__
from solver.cli import HELP, SUBCOMMANDS
from solver.cli.errors import harden


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


@click.group(cls=LazyGroup, help=HELP,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="solver")
def cli() -> None:
    """The root group; its help is :data:`solver.cli.HELP` (the fast path prints it too)."""
