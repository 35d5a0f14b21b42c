"""One error style for the whole command line: exit codes, one-line messages, signals.

Every error ends as one line on stderr, ``solver: error: WHAT`` (usage errors add
``(see 'solver X --help')``), and one of the documented exit codes (``docs/errors.md``); the
codes, the signals and :func:`run` live in ``solver.cli.exits`` (no click there, for the fast
path of ``solver.cli.fast``) and are named here too. Every float option refuses NaN and
infinity and every integer option refuses values beyond 64 bits (:func:`harden`), whoever
declared it.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from typing import Any

import click

from solver.cli.exits import (  # noqa: F401 - named here too (the error style's one place)
    EXIT_BAD_INPUT,
    EXIT_BUDGET,
    EXIT_ENGINE_FAULT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_SIGHUP,
    EXIT_SIGINT,
    EXIT_SIGTERM,
    Terminated,
    echo_error,
    install_signal_handlers,
    interrupt_code,
    run,
    usage_message,
)

INT64 = 2**63 - 1


_HARDENED: dict[type[click.ParamType], type[click.ParamType]] = {}


_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\Z")
_INTEGER = re.compile(r"[+-]?[0-9]+\Z")


def _finite_convert(base: type[click.ParamType]) -> Callable[..., Any]:
    def convert(self: click.ParamType, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _NUMBER.match(value.strip()):
            self.fail(f"{value[:30]!r} is not a decimal number (digits 0-9, e.g. 2.5)",
                      param, ctx)
        got = base.convert(self, value, param, ctx)
        if isinstance(got, float) and not math.isfinite(got):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return got

    return convert


def _bounded_convert(base: type[click.ParamType]) -> Callable[..., Any]:
    def convert(self: click.ParamType, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and (not _INTEGER.match(value.strip())
                                       or len(value.strip()) > 20):
            self.fail(f"{value[:30]!r} is not a whole number of at most 19 digits 0-9",
                      param, ctx)
        got = base.convert(self, value, param, ctx)
        if isinstance(got, int) and not -INT64 <= got <= INT64:
            self.fail(f"{got} is out of range (at most {INT64})", param, ctx)
        return got

    return convert


def hardened_type(kind: click.ParamType) -> click.ParamType:
    """The same parameter type (and range), refusing NaN/infinity (floats) or values beyond
    64 bits and non-ASCII digits (integers)."""
    base = type(kind)
    if base in _HARDENED.values():
        return kind
    if base not in _HARDENED:
        if issubclass(base, click.types.FloatParamType):
            convert = _finite_convert(base)
        elif issubclass(base, click.types.IntParamType):
            convert = _bounded_convert(base)
        else:
            return kind
        _HARDENED[base] = type(base.__name__, (base,), {"convert": convert})
    cls = _HARDENED[base]
    hard = cls.__new__(cls)
    hard.__dict__.update(kind.__dict__)
    return hard


#: Option names (click's parameter names) that name a file the command will write.
OUTPUT_FILES = frozenset({"out", "svg", "svg_path", "html", "html_path", "record",
                          "record_path_out", "records_path", "plot", "plot_path",
                          "answer_path"})
#: Option names that name a folder the command will write files into.
OUTPUT_FOLDERS = frozenset({"records_dir", "steps_dir"})


def _checked_target(callback: Callable[..., Any] | None, folder: bool) -> Callable[..., Any]:
    """An option callback refusing an unwritable target before the run starts."""

    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        # local: start-up
        from reports.output import check_folder, check_new_records, check_writable

        if value is not None and value != ():
            for v in value if isinstance(value, tuple | list) else (value,):
                if folder:
                    check_folder(v)
                    check_new_records(v)
                else:
                    check_writable(v)
        return callback(ctx, param, value) if callback is not None else value

    return check


_NAMED: dict[tuple[type[click.ParamType], bool], type[click.ParamType]] = {}


def _named_target(kind: click.ParamType, folder: bool) -> click.ParamType:
    """The same type, refusing the raw text of a target that is no name (``''``, which a
    path type turns into ``.``) and, for a file, a name ending in ``/`` (a folder)."""
    base = type(kind)
    key = (base, folder)
    if key not in _NAMED:
        def convert(self: click.ParamType, value: Any, param: click.Parameter | None,
                    ctx: click.Context | None) -> Any:
            if isinstance(value, str):
                if not value.strip():
                    self.fail(f"{value!r} is not a {'folder' if folder else 'file'} name",
                              param, ctx)
                if not folder and value.endswith(("/", os.sep)):
                    self.fail(f"{value[:80]!r} ends in '/': a folder, not a file name",
                              param, ctx)
            return base.convert(self, value, param, ctx)

        _NAMED[key] = type(base.__name__, (base,), {"convert": convert})
    cls = _NAMED[key]
    named = cls.__new__(cls)
    named.__dict__.update(kind.__dict__)
    return named


def harden(command: click.Command) -> click.Command:
    """Harden every parameter of ``command`` and its subcommands, once: floats refuse NaN
    and infinity, integers stay within 64 bits, output files and folders are checked for
    writability when the option is read (a run never ends on an unwritable target)."""
    if getattr(command, "_hardened", False):
        return command
    for param in command.params:
        param.type = hardened_type(param.type)
        if isinstance(param, click.Option) and param.name in OUTPUT_FILES | OUTPUT_FOLDERS:
            folder = param.name in OUTPUT_FOLDERS or (
                isinstance(param.type, click.Path) and not param.type.file_okay)
            param.type = _named_target(param.type, folder)
            param.callback = _checked_target(param.callback, folder)
    command._hardened = True  # type: ignore[attr-defined]
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            harden(sub)
    return command


def invoke(command: click.Command, argv: list[str]) -> Any:
    """Parse ``argv`` and run ``command`` without click's standalone handling (which prints
    a blank line on Ctrl-C and three lines per usage error)."""
    with command.make_context("solver", list(argv)) as ctx:
        return command.invoke(ctx)
