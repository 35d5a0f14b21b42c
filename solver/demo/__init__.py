"""The demo report: one HTML page with a section from every capability of the toolkit.

Every section is composed here, in this package, one module per capability (``sets``,
``arrangements``, ``backslide``, ``dominions``, ``dominimum``, ``numbridge``, ``books``), each
with ``sections(seed) -> list[Section]``; ``parts()`` lists them in page order and
``build_demo`` renders the page. A part must finish in a few seconds for any seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzles.errors import PuzzleError
from reports.html import Section, render_page


@dataclass(frozen=True)
class DemoPart:
    """One capability's sections of the demo report."""

    name: str
    sections: Callable[[int], list[Section]]


def parts() -> tuple[DemoPart, ...]:
    """The demo's parts in page order."""
    # imported here, not at the top: `solver demo --help` stays fast
    from solver.demo import (  # local: cycle
        arrangements,
        backslide,
        books,
        dominimum,
        dominions,
        numbridge,
        sets,
    )

    return (DemoPart("sets", sets.sections),
            DemoPart("arrangements", arrangements.sections),
            DemoPart("backslide", backslide.sections),
            DemoPart("dominions", dominions.sections),
            DemoPart("dominimum", dominimum.sections),
            DemoPart("numbridge", numbridge.sections),
            DemoPart("books", books.sections))


def part_sections(part: DemoPart, seed: int) -> list[Section]:
    """The sections of one part; an error names the part and the seed."""
    try:
        return part.sections(seed)
    except PuzzleError as exc:
        exc.args = (f"demo section {part.name} (seed {seed}): {exc}",)
        raise


def build_demo(seed: int = 1, progress: Callable[[str], None] | None = None) -> str:
    """The HTML text of the demo report."""
    sections: list[Section] = []
    for part in parts():
        if progress:
            progress(part.name)
        sections.extend(part_sections(part, seed))
    return render_page("Solver toolkit demo", sections,
                       subtitle=f"Every picture below was computed just now (seed {seed}).")
