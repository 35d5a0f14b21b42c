"""Options and output shared by every subcommand: ``--json``, ``--out``, ``--quiet``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from reports.output import write_atomic
from solver.cli.output import Output

F = TypeVar("F", bound=Callable[..., Any])


def output_options(func: F) -> F:
    """Add ``--json``, ``--out FILE`` and ``--quiet`` and pass them as ``output: Output``."""

    @click.option("--json", "as_json", is_flag=True, help="Print a stable JSON document.")
    @click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
                  help="Write the result to FILE atomically instead of stdout.")
    @click.option("--quiet", "-q", is_flag=True, help="No progress bar and no remarks on stderr.")
    @functools.wraps(func)  # keeps the name, the help text and options declared so far
    def wrapper(*args: Any, as_json: bool, out: Path | None, quiet: bool, **kwargs: Any) -> Any:
        return func(*args, output=Output(as_json, out, quiet), **kwargs)

    return wrapper  # type: ignore[return-value]


def svg_option(help_text: str) -> Callable[[F], F]:
    """``--svg FILE`` passed as ``svg_path`` (an SVG picture, written atomically)."""
    return click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
                        help=help_text)


def html_option(help_text: str) -> Callable[[F], F]:
    """``--html FILE`` passed as ``html_path`` (an HTML page, written atomically)."""
    return click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path),
                        help=help_text)


def write_picture(path: Path | None, content: str, output: Output, what: str = "picture") -> None:
    """Write an SVG or HTML file atomically when a path was given."""
    if path is not None:
        write_atomic(path, content)
        output.note(f"wrote {what} {path}")
