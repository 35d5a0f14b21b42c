"""``solver sets``: the beam piece sets."""

from __future__ import annotations

from pathlib import Path

import click

from puzzles.beamsets import SET_GRIDS, SET_NAMES, piece_count, piece_set
from puzzles.grids import grid
from solver.cli.common import Output, output_options, svg_option, write_picture


@click.group()
def sets() -> None:
    """Piece sets: hexagon (64), square (16), triangle (16), square2, triangle2, hexagon2."""


@sets.command("show")
@click.argument("set_name", metavar="SET", type=click.Choice(SET_NAMES))
@svg_option("Also draw every piece into this SVG file.")
@output_options
def show(set_name: str, svg_path: Path | None, output: Output) -> None:
    """List every piece of SET: number, beam count, shape class (and hexagram).

    JSON: {"set": ..., "grid": ..., "pieces": [{"number": n, "beams": k, "class": ...,
    "directions": [...], "iching": {...}}]}.
    """
    from reports.beams import piece_set_svg, piece_set_text  # local: drawing: only when shown

    ps = piece_set(set_name)
    write_picture(svg_path, piece_set_svg(ps), output)
    output.emit(ps.to_json(), piece_set_text(ps))


@sets.command("list")
@output_options
def list_sets(output: Output) -> None:
    """The available sets with their grid and piece count."""
    rows = [{"set": n, "grid": grid(SET_GRIDS[n]).kind, "pieces": piece_count(n)}
            for n in SET_NAMES]
    text = "\n".join(f"{r['set']:<10} {r['grid']:<10} {r['pieces']:>5} pieces" for r in rows)
    output.emit({"sets": rows}, text)
