"""The fast path: a few commands answered without importing click (``import click`` alone
costs more CPU than the interpreter's start).

``solver`` and ``solver --help`` (``-h``), ``solver sets list`` and ``solver arrange count
KIND`` with ``--set``, ``--region``, ``--border``, ``--up-to-symmetry``, ``--json`` and
``--quiet`` (``-q``) are parsed here; :func:`fast_command` returns None for anything else (any
other option, a repeated or missing value, a value click would refuse or read differently),
and the click command line runs it. Both paths call the same code for the work
(``solver.cli.actions``) and end through ``solver.cli.exits``; the help page is laid out as
click lays it out (``tests/foundation/test_fast_cli.py`` compares the two byte for byte).
"""

from __future__ import annotations

import os
import sys

from solver.cli import HELP, SUBCOMMANDS
from solver.cli.exits import echo, plain_stream

TYPE_CHECKING = False  # typing's own costs a few milliseconds of this module's start
if TYPE_CHECKING:
    from collections.abc import Callable

    from solver.cli.output import Output

#: The root group's options as click's help lists them.
ROOT_OPTIONS = [("--version", "Show the version and exit."),
                ("-h, --help", "Show this message and exit.")]


def fast_command(args: list[str]) -> Callable[[], None] | None:
    """The command ``args`` asks for, when the fast path knows it; else None."""
    if not (plain_stream(sys.stdout) and plain_stream(sys.stderr)):
        return None
    if args in ([], ["--help"], ["-h"]):
        return lambda: echo(root_help())
    if args[:2] == ["sets", "list"]:
        flags = _flags(args[2:], {})
        if flags is None or "" in flags:  # sets list takes no argument
            return None
        from solver.cli.output import Output  # local: start-up

        output = Output(json=flags.get("json") is True, quiet=flags.get("quiet") is True)
        return lambda: _list_sets(output)
    if args[:2] == ["arrange", "count"]:
        return _count(args[2:])
    return None


def _list_sets(output: Output) -> None:
    from solver.cli.actions import list_sets  # local: start-up

    list_sets(output)


#: Flags every fast command takes: option -> name.
_FLAGS = {"--json": "json", "--quiet": "quiet", "-q": "quiet"}


def _flags(args: list[str], valued: dict[str, str],
           extra_flags: dict[str, str] | None = None) -> dict[str, str | bool] | None:
    """Options of ``args``: flags (``--json``, ``--quiet``, ``-q`` and ``extra_flags``) ->
    True, options of ``valued`` (``--x V`` or ``--x=V``, each at most once) -> V, and at most
    one argument under ``""``; None for anything else."""
    flags = {**_FLAGS, **(extra_flags or {})}
    got: dict[str, str | bool] = {}
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg in flags:
            got[flags[arg]] = True
            continue
        name, eq, value = arg.partition("=")
        if name in valued and arg.startswith("--"):
            if not eq:
                if not rest:
                    return None
                value = rest.pop(0)
            key = valued[name]
            if key in got or value.startswith("-"):
                return None
            got[key] = value
            continue
        if arg.startswith("-") or "" in got:
            return None
        got[""] = arg
    return got


def _count(args: list[str]) -> Callable[[], None] | None:
    """``arrange count KIND`` with the problem's simple options, or None."""
    from puzzles.arrangements import KINDS  # local: start-up
    from puzzles.beamsets import SET_NAMES  # local: start-up
    from puzzles.regions import BORDER_RULES  # local: start-up

    got = _flags(args, {"--set": "set", "--region": "region", "--border": "border"},
                 {"--up-to-symmetry": "symmetry"})
    if got is None:
        return None
    kind, set_name = got.get(""), got.get("set", "square")
    border, region = got.get("border", "blank"), got.get("region")
    if kind not in KINDS or set_name not in SET_NAMES or border not in BORDER_RULES:
        return None
    assert isinstance(kind, str) and isinstance(set_name, str) and isinstance(border, str)
    assert region is None or isinstance(region, str)
    from solver.cli.output import Output  # local: start-up

    output = Output(json=got.get("json") is True, quiet=got.get("quiet") is True)
    symmetry = got.get("symmetry") is True

    def count() -> None:
        from solver.arrange.problem import ArrangementProblem  # local: start-up
        from solver.cli.actions import count as count_arrangements  # local: start-up

        problem = ArrangementProblem.create(set_name, kind, region, border, {}, False, False)
        count_arrangements(problem, "auto", symmetry, 1, None, "auto", None, False, output)

    return count


def help_width() -> int:
    """The width of click's help pages: the terminal's columns (``shutil.get_terminal_size``:
    ``COLUMNS`` first, 80 without a terminal) less 2, within 50-78."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return max(min(columns, 80) - 2, 50)


def _wrap(text: str, width: int, indent: str = "", subsequent: str | None = None) -> str:
    """One paragraph filled as click's ``wrap_text`` fills it (text without style codes)."""
    from textwrap import TextWrapper

    return TextWrapper(width, initial_indent=indent,
                       subsequent_indent=indent if subsequent is None else subsequent,
                       replace_whitespace=False).fill(text.expandtabs())


def _definitions(rows: list[tuple[str, str]], width: int, indent: int = 2) -> str:
    """Rows laid out as click's ``HelpFormatter.write_dl`` lays them out."""
    first_col = min(max(len(term) for term, _ in rows), 30) + 2
    out = []
    for term, text in rows:
        head = " " * indent + term
        if len(term) <= first_col - 2:
            head += " " * (first_col - len(term))
        else:
            head += "\n" + " " * (first_col + indent)
        lines = _wrap(text, max(width - first_col - 2, 10)).splitlines()
        out.append(head + lines[0] + "\n")
        out.extend(" " * (first_col + indent) + line + "\n" for line in lines[1:])
    return "".join(out)


def root_help() -> str:
    """``solver --help`` as click prints it (without the last newline)."""
    width = help_width()
    prefix = "Usage: solver "
    page = [_wrap("[OPTIONS] COMMAND [ARGS]...", width, prefix, " " * len(prefix)), "\n",
            "\n", _wrap(HELP, width, "  "), "\n",
            "\nOptions:\n", _definitions(ROOT_OPTIONS, width),
            "\nCommands:\n",
            _definitions([(name, SUBCOMMANDS[name][1]) for name in sorted(SUBCOMMANDS)], width)]
    return "".join(page).rstrip("\n")
