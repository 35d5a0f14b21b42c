"""How a ``solver`` process ends: exit codes, signals, the one error line (no click here).

This module does not import click, so the fast path of the command line
(``solver.cli.fast``) ends a process exactly as the click command line does: every
exception becomes one line on stderr, ``solver: error: WHAT``, and one of the documented
exit codes (``docs/errors.md``):

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
its results on Ctrl-C keeps them on SIGTERM too. Click's own exceptions (usage errors, ``--help``
and ``--version``'s exit) are handled when click is loaded: only then can they be raised.
"""

from __future__ import annotations

import io
import os
import signal
import sys

from puzzles.errors import PuzzleError, SearchInterrupted

TYPE_CHECKING = False  # typing's own import costs a few milliseconds of a fast command
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType
    from typing import Any, NoReturn

    import click

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_BUDGET = 3
EXIT_ENGINE_FAULT = 70
EXIT_OUTPUT = 74
EXIT_SIGHUP = 129
EXIT_SIGINT = 130
EXIT_SIGTERM = 143


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


def plain_stream(stream: object) -> bool:
    """True for a text stream that ``click.echo`` writes to as it is: it has an encoding
    other than ASCII and an error handler, and is not a Jupyter kernel's (click rewraps or
    leaves styles on those). :func:`echo` equals ``click.echo`` on such streams."""
    encoding = getattr(stream, "encoding", None)
    if not encoding or getattr(stream, "errors", None) is None:
        return False
    if type(stream).__module__.startswith("ipykernel."):
        return False
    import codecs

    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return False


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except Exception:
        return False


def echo(message: str, err: bool = False, nl: bool = True) -> None:
    """Write ``message`` (and a newline) to stdout or stderr and flush, as ``click.echo``
    does: ANSI style codes are removed unless the stream is a terminal. ``click.echo`` itself
    once click is loaded (the click command line); this equivalent before (the fast path,
    which runs only on :func:`plain_stream` streams)."""
    click = sys.modules.get("click")
    if click is not None:
        click.echo(message, err=err, nl=nl)
        return
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    out = message + "\n" if nl else message
    if not out:
        stream.flush()
        return
    if "\x1b" in out and not _isatty(stream):
        import re

        out = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", out)
    stream.write(out)
    stream.flush()


def _cut_long_words(line: str) -> str:
    """Cut a run of 200 or more characters without a space (a 63 MB token)."""
    if len(line) < 200:
        return line
    import re

    def cut(match: re.Match[str]) -> str:
        word = match.group()
        return f"{word[:60]}… ({len(word)} characters)"

    return re.sub(r"\S{200,}", cut, line)


def echo_error(message: str) -> None:
    """The one error line on stderr (``solver: error: ...``), of bounded length."""
    line = _cut_long_words(" ".join(str(message).split()))  # one line, whatever it held
    import contextlib

    with contextlib.suppress(OSError):  # stderr closed: nothing more to say
        echo(f"solver: error: {line}", err=True)


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


def _click_code(exc: BaseException) -> int | None:
    """The exit code of one of click's exceptions (after its message), None for others."""
    click = sys.modules.get("click")
    if click is None:  # not loaded: none of its exceptions can have been raised
        return None
    if isinstance(exc, click.exceptions.Exit):
        return int(exc.exit_code)
    if isinstance(exc, click.exceptions.Abort):
        echo_error("interrupted")
        return interrupt_code()
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):  # a bare group: show its help
        click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
        return EXIT_OK
    if isinstance(exc, click.UsageError):
        echo_error(usage_message(exc))
        return EXIT_BAD_INPUT
    if isinstance(exc, click.ClickException):
        echo_error(exc.format_message())
        return EXIT_BAD_INPUT
    return None


def exit_code_of(exc: BaseException) -> int | None:
    """Write the error line of ``exc`` and return the exit code; None for an exception that
    is no error of the command (``SystemExit``, ``GeneratorExit``): it goes on."""
    code = _click_code(exc)
    if code is not None:
        return code
    if isinstance(exc, SearchInterrupted):
        echo_error(str(exc))
        return interrupt_code()
    if isinstance(exc, PuzzleError):
        echo_error(str(exc))
        return exc.exit_code
    if isinstance(exc, KeyboardInterrupt):
        names = {int(signal.SIGTERM): " (SIGTERM)", int(signal.SIGHUP): " (SIGHUP)"}
        echo_error("interrupted" + names.get(received or 0, ""))
        return interrupt_code()
    if isinstance(exc, BrokenPipeError):
        _quiet_stdout()
        return EXIT_OK
    if isinstance(exc, OSError):
        _quiet_stdout()
        echo_error(f"cannot write the output: {(exc.strerror or str(exc)).lower()}")
        return EXIT_OUTPUT
    if isinstance(exc, RecursionError):
        echo_error("internal error: input nested too deeply for the search")
        return EXIT_ENGINE_FAULT
    if isinstance(exc, MemoryError):
        echo_error("out of memory (the problem is too large for this machine)")
        return EXIT_ENGINE_FAULT
    if isinstance(exc, Exception):  # an internal error: one line, never a traceback
        if os.environ.get("SOLVER_DEBUG"):
            import traceback

            traceback.print_exc()
        echo_error(f"internal error: {type(exc).__name__}: {exc} (run with SOLVER_DEBUG=1 "
                   "for the traceback; please report it)")
        return EXIT_ENGINE_FAULT
    return None


def run(command: Callable[[], Any], standalone: bool = False) -> NoReturn:
    """Run ``command`` (click's main in non-standalone mode, or a fast-path command) and exit
    with the right code.

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
    except BaseException as exc:
        got = exit_code_of(exc)
        if got is None:
            raise
        code = got
    if code in (EXIT_SIGHUP, EXIT_SIGINT, EXIT_SIGTERM) and standalone and _standalone():
        # A native search stopped mid-way (CP-SAT) can leave C++ threads that abort the
        # interpreter's shutdown ("terminate called without an active exception"): everything
        # is written and flushed by now, so leave at once with the documented code.
        import contextlib

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
