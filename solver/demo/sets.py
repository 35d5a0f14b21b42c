"""Demo section: pictures of the first-order piece sets."""

from __future__ import annotations

from puzzles.beamsets import piece_set
from reports.beams import piece_set_svg
from reports.html import Figure, Section


def sections(seed: int) -> list[Section]:
    """Pictures of the first-order piece sets."""
    figures = [Figure(piece_set_svg(piece_set(n)), f"the {n} set") for n in
               ("hexagon", "square", "triangle")]
    return [Section("Beam piece sets", [
        "Every pattern of beams exists exactly once and pieces never rotate. Hexagon numbers are "
        "sums of 2^k over the beams (1 NE, 2 NW, 4 W, 8 SW, 16 SE, 32 E).",
    ], figures)]
