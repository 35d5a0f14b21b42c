"""Demo section: BackSlide parity classes and one optimal slide solution."""

from __future__ import annotations

from puzzles.backslide import format_position
from reports.backslide import position_svg, slide_sequence_svg
from reports.html import Figure, Section, Table
from solver.backslide import classes, scramble, solve, solved_positions


def sections(seed: int) -> list[Section]:
    """BackSlide: the parity classes and one optimal slide solution."""
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
