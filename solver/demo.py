"""The demo report: one HTML page with a section from every capability of the toolkit.

Each capability contributes a provider ``sections(seed: int) -> list[Section]`` listed in
``PROVIDERS``; a provider must finish in a few seconds.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from puzzles.beamsets import piece_set
from reports.beams import piece_set_svg
from reports.html import Figure, Section, render_page

#: "module:function" of every section provider, in page order.
PROVIDERS: list[str] = [
    "solver.demo:piece_set_sections",
    "solver.arrange.demo:sections",
    "solver.demo:backslide_sections",
    "solver.dominions.demo:sections",
    "solver.dominimum.demo:sections",
    "solver.numbridge.demo:sections",
    "solver.book.demo:sections",
]


def piece_set_sections(seed: int) -> list[Section]:
    """Pictures of the first-order piece sets."""
    figures = [Figure(piece_set_svg(piece_set(n)), f"the {n} set") for n in
               ("hexagon", "square", "triangle")]
    return [Section("Beam piece sets", [
        "Every pattern of beams exists exactly once and pieces never rotate. Hexagon numbers are "
        "sums of 2^k over the beams (1 NE, 2 NW, 4 W, 8 SW, 16 SE, 32 E).",
    ], figures)]


def backslide_sections(seed: int) -> list[Section]:
    """BackSlide: the parity classes and one optimal slide solution."""
    from puzzles.backslide import format_position
    from reports.backslide import position_svg, slide_sequence_svg
    from reports.html import Table
    from solver.backslide import classes, scramble, solve, solved_positions

    counts = classes()
    start = scramble(solved_positions()[seed % len(solved_positions())], 40, seed)
    result = solve(start)
    return [Section("BackSlide", [
        f"The square set has {sum(counts)} compact 4x4 solutions; as 15-puzzle positions (the "
        f"blank piece is the hole) they fall into two parity classes of {counts[0]} and "
        f"{counts[1]}, which sliding cannot cross.",
        f"A position 40 random slides from a solution (seed {seed}) is solved optimally by "
        f"IDA* in {result.length} slides ({result.nodes} search nodes): "
        f"{' '.join(map(str, result.slides))}.",
    ], [Figure(position_svg(start, "scrambled"), "start"),
        Figure(position_svg(result.goal, "solved"), f"after {result.length} slides"),
        Figure(slide_sequence_svg(start, result.slides), "every slide of the solution")],
        [Table(["class", "solutions"], [[0, counts[0]], [1, counts[1]]])],
        [format_position(start)])]


def build_demo(seed: int = 1, progress: Callable[[str], None] | None = None) -> str:
    """The HTML text of the demo report."""
    sections: list[Section] = []
    for spec in PROVIDERS:
        module_name, func_name = spec.split(":")
        if progress:
            progress(module_name)
        provider = getattr(importlib.import_module(module_name), func_name)
        sections.extend(provider(seed))
    return render_page("Solver toolkit demo", sections,
                       subtitle=f"Every picture below was computed just now (seed {seed}).")
