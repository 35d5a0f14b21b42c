"""One error style for the whole command line: exit codes, one-line messages, signals.

Every error ends as one line on stderr, ``solver: error: WHAT`` (usage errors add
``(see 'solver X --help')``), and one of the documented exit codes (``docs/errors.md``):

====  =====================================================================
0     done
1     no solution: the search is complete and proved there is none
2     bad input: a malformed file, an unknown option or value, an illegal move, a target
      that may not be written
3     budget used up (``--max-nodes``, ``--node-limit``): no answer, but no proof either
70    engine fault: an answer the independent verifier rejects, or an internal error
74    output failed while writing (disk full, standard output closed)
129   stopped by SIGHUP (the terminal closed); the same guarantees as Ctrl-C
130   stopped by Ctrl-C (SIGINT); every result found so far was written
143   stopped by SIGTERM; the same guarantees as Ctrl-C
====  =====================================================================

SIGTERM is turned into :class:`Terminated`, a ``KeyboardInterrupt``, so every place that keeps
its results on Ctrl-C keeps them on SIGTERM too. Every float option refuses NaN and infinity
and every integer option refuses values beyond 64 bits (:func:`harden`), whoever declared it.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import re
import signal
import sys
import traceback
from collections.abc import Callable
from types import FrameType
from typing import Any, NoReturn

import click

from puzzles.errors import PuzzleError, SearchInterrupted

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_BUDGET = 3
EXIT_ENGINE_FAULT = 70
EXIT_OUTPUT = 74
EXIT_SIGHUP = 129
EXIT_SIGINT = 130
EXIT_SIGTERM = 143

INT64 = 2**63 - 1


class Terminated(KeyboardInterrupt):
    """Raised in the main thread when the process receives SIGTERM."""


#: The last stopping signal received (SIGINT or SIGTERM), None before any.
received: int | None = None


def _on_signal(signum: int, frame: FrameType | None) -> None:
    global received
    received = signum
    if signum in (signal.SIGTERM, signal.SIGHUP):
        raise Terminated()
    raise KeyboardInterrupt()


def install_signal_handlers() -> None:
    """SIGINT -> KeyboardInterrupt; SIGTERM and SIGHUP (the terminal closed) -> Terminated
    (main thread only): each stops the run cleanly, keeping what was found."""
    global received
    received = None
    try:
        signal.signal(signal.SIGINT, _on_signal)
        signal.signal(signal.SIGTERM, _on_signal)
        signal.signal(signal.SIGHUP, _on_signal)
    except ValueError:  # pragma: no cover - not the main thread (embedded use)
        pass


def interrupt_code() -> int:
    """130 after Ctrl-C, 143 after SIGTERM, 129 after SIGHUP."""
    if received == signal.SIGHUP:
        return EXIT_SIGHUP
    return EXIT_SIGTERM if received == signal.SIGTERM else EXIT_SIGINT


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


#: A run of this many characters without a space in an error line is cut (a 63 MB token).
_LONG_WORD = re.compile(r"\S{200,}")


def _cut(match: re.Match[str]) -> str:
    word = match.group()
    return f"{word[:60]}… ({len(word)} characters)"


def echo_error(message: str) -> None:
    """The one error line on stderr (``solver: error: ...``), of bounded length."""
    line = _LONG_WORD.sub(_cut, " ".join(str(message).split()))  # one line, whatever it held
    with contextlib.suppress(OSError):  # stderr closed: nothing more to say
        click.echo(f"solver: error: {line}", err=True)


def usage_message(exc: click.UsageError) -> str:
    """A click usage error as one line, pointing at the command's --help."""
    path = exc.ctx.command_path if exc.ctx is not None else "solver"
    return f"{exc.format_message()} (see '{path} --help')"


def _quiet_stdout() -> None:
    """After stdout failed (closed pipe, full disk), stop the interpreter flushing it again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover
        pass


def invoke(command: click.Command, argv: list[str]) -> Any:
    """Parse ``argv`` and run ``command`` without click's standalone handling (which prints
    a blank line on Ctrl-C and three lines per usage error)."""
    with command.make_context("solver", list(argv)) as ctx:
        return command.invoke(ctx)


class _WholeWrites(io.RawIOBase):
    """Standard output that writes every byte or raises: a short write (a full disk, ``ulimit
    -f``) is retried, so the error surfaces (exit 74) instead of a silently cut document
    (Python's buffered writer reports a short count that its text layer ignores)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += os.write(self.fd, view[done:])
        return done


def _whole_stdout() -> None:
    """Put standard output on :class:`_WholeWrites` (the ``solver`` process only)."""
    try:
        fd = sys.stdout.fileno()
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError):  # closed or not a file: leave it
        return
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_WholeWrites(fd)),
                                  encoding=sys.stdout.encoding, errors=sys.stdout.errors,
                                  line_buffering=bool(sys.stdout.line_buffering))


def run(command: Callable[[], Any], standalone: bool = False) -> NoReturn:
    """Run ``command`` (click's main in non-standalone mode) and exit with the right code.

    Every exception becomes one line on stderr; ``SOLVER_DEBUG=1`` shows the traceback of an
    internal error too. ``standalone``: this process is the ``solver`` command itself (not a
    caller such as a test), so an interrupted run may leave with ``os._exit``.
    """
    install_signal_handlers()
    if standalone and _standalone():
        _whole_stdout()
    code: int
    try:
        result = command()
        sys.stdout.flush()
        code = result if isinstance(result, int) else EXIT_OK
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.Abort:
        echo_error("interrupted")
        code = interrupt_code()
    except click.exceptions.NoArgsIsHelpError as exc:  # a bare group: show its help
        click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
        code = EXIT_OK
    except click.UsageError as exc:
        echo_error(usage_message(exc))
        code = EXIT_BAD_INPUT
    except click.ClickException as exc:
        echo_error(exc.format_message())
        code = EXIT_BAD_INPUT
    except SearchInterrupted as exc:
        echo_error(str(exc))
        code = interrupt_code()
    except PuzzleError as exc:
        echo_error(str(exc))
        code = exc.exit_code
    except KeyboardInterrupt:
        names = {int(signal.SIGTERM): " (SIGTERM)", int(signal.SIGHUP): " (SIGHUP)"}
        echo_error("interrupted" + names.get(received or 0, ""))
        code = interrupt_code()
    except BrokenPipeError:
        _quiet_stdout()
        code = EXIT_OK
    except OSError as exc:
        _quiet_stdout()
        echo_error(f"cannot write the output: {(exc.strerror or str(exc)).lower()}")
        code = EXIT_OUTPUT
    except RecursionError:
        echo_error("internal error: input nested too deeply for the search")
        code = EXIT_ENGINE_FAULT
    except MemoryError:
        echo_error("out of memory (the problem is too large for this machine)")
        code = EXIT_ENGINE_FAULT
    except Exception as exc:  # an internal error: one line, never a traceback
        if os.environ.get("SOLVER_DEBUG"):
            traceback.print_exc()
        echo_error(f"internal error: {type(exc).__name__}: {exc} (run with SOLVER_DEBUG=1 "
                   "for the traceback; please report it)")
        code = EXIT_ENGINE_FAULT
    if code in (EXIT_SIGHUP, EXIT_SIGINT, EXIT_SIGTERM) and standalone and _standalone():
        # A native search stopped mid-way (CP-SAT) can leave C++ threads that abort the
        # interpreter's shutdown ("terminate called without an active exception"): everything
        # is written and flushed by now, so leave at once with the documented code.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)


def _standalone() -> bool:
    """True when this process is the ``solver`` command (``solver ...`` or ``python -m
    solver``), not another program (pytest, a script) calling ``main``."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    if spec is not None:
        return spec.name in ("solver", "solver.__main__")
    return os.path.basename(sys.argv[0]) == "solver"
