"""The exception hierarchy shared by every floor.

The command line maps each class to a one-line message and an exit code (the table is in
``docs/errors.md``): ``InvalidInputError`` (and its subclasses) -> 2, ``InfeasibleError`` -> 1,
``BudgetExhaustedError`` -> 3, ``EngineFaultError`` -> 70, ``SearchInterrupted`` -> 130 (143 when
the run was stopped by SIGTERM).
"""

from __future__ import annotations


class PuzzleError(Exception):
    """Base class of every error this project raises on purpose."""

    exit_code = 2

    def __init__(self, message: str, *, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class InvalidInputError(PuzzleError):
    """Input that cannot be read or does not describe a valid object (exit code 2)."""

    exit_code = 2


class ParseError(InvalidInputError):
    """A file or string that is malformed (syntax), with the place of the fault."""


class IllegalMoveError(InvalidInputError):
    """A well-formed move that the rules forbid; ``rule`` names the broken rule."""

    def __init__(self, message: str, *, rule: str = "", where: str | None = None) -> None:
        self.rule = rule
        super().__init__(message, where=where)


class InvalidMoveError(InvalidInputError):
    """A move that cannot be understood at all (bad syntax, unknown piece or cell)."""


class AmbiguousMoveError(InvalidInputError):
    """A move whose text matches more than one legal move."""


class InfeasibleError(PuzzleError):
    """The question has no answer: the search proved that no solution exists (exit code 1)."""

    exit_code = 1


class BudgetExhaustedError(PuzzleError):
    """A search used up its budget (``--max-nodes``, ``--node-limit``, depth) before an answer:
    not a proof that none exists (exit code 3)."""

    exit_code = 3


class SearchInterrupted(PuzzleError):  # noqa: N818 - reads better at call sites
    """A long run was stopped by the user; what was found so far has been kept (exit 130)."""

    exit_code = 130


class EngineFaultError(PuzzleError):
    """An engine reported an answer that its independent check rejects: a bug in the
    program, never a result and never the user's fault (exit code 70, EX_SOFTWARE)."""

    exit_code = 70


def quoted(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut to ``limit`` characters with an ellipsis (an error line stays one
    short line whatever the input held).

    >>> quoted("W[P63i9]")
    "'W[P63i9]'"
    >>> quoted("x" * 100, 5)
    "'xxxxx'… (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"
