"""Pictures and text of beam piece sets and their arrangements."""

from __future__ import annotations

from puzzles.arrangements import Arrangement
from puzzles.beamsets import PieceSet
from reports.legend import LegendEntry
from reports.svg import (
    DEFAULT_STYLE,
    Overlay,
    PieceDrawing,
    Style,
    board_svg,
    piece_gallery_svg,
    readable_style,
)
from reports.text import table


def piece_set_svg(ps: PieceSet, style: Style = DEFAULT_STYLE) -> str:
    """Every piece of a set, labelled with its number."""
    per_row = 8 if len(ps.pieces) <= 64 else 16
    items = [(p.number, p.beams, p.orientation) for p in ps.pieces]
    return piece_gallery_svg(ps.grid, items, per_row=per_row, style=style,
                             title=f"{ps.name} set: {len(ps.pieces)} pieces")


def piece_set_text(ps: PieceSet) -> str:
    """A table of the pieces: number, beams, class (and hexagram for hexagons)."""
    header = ["number", "beams", "class", "directions"]
    hexagrams = ps.pieces[0].hexagram is not None
    if hexagrams:
        header += ["king wen", "hexagram"]
    rows: list[list[object]] = []
    for p in ps.pieces:
        dirs = " ".join(ps.grid.direction_name((0, 0) if p.orientation != "down" else (1, 0), d)
                        for d in p.beam_list())
        row: list[object] = [p.number, p.beam_count, p.shape_class, dirs or "-"]
        if p.orientation:
            row[2] = f"{p.orientation} {p.shape_class}"
        hx = p.hexagram
        if hx is not None:
            row += [hx.king_wen, f"{hx.name} ({hx.pinyin})"]
        rows.append(row)
    return table(header, rows)


def arrangement_svg(
    arr: Arrangement,
    style: Style = DEFAULT_STYLE,
    highlight: frozenset[tuple[int, int]] = frozenset(),
    title: str | None = None,
    show_numbers: bool = True,
    cell_names: bool = False,
    marked: frozenset[tuple[int, int]] = frozenset(),
) -> str:
    """The arrangement on its region (empty region cells drawn pale); ``highlight`` outlines
    cells (for example the fixed pieces of a puzzle), ``marked`` crosses cells (for example
    the pieces a fault names); ``cell_names`` writes ``x,y`` as each cell's ``data-cell``
    attribute (clickable boards)."""
    ps = arr.piece_set
    beams = {p.number: p.beams for p in ps.pieces}
    pieces = {
        c: PieceDrawing(beams[n], label=str(n) if show_numbers else None)
        for c, n in arr.placements.items()
    }
    cells = list(arr.region.ordered_cells) if arr.region is not None else list(pieces)
    # each fixed piece outlined on its own (a set's outline would merge neighbouring cells)
    overlays = [Overlay("outline", frozenset({c}), colour="#d62728", width=3.0)
                for c in sorted(highlight)]
    legend = [LegendEntry("outline", "#d62728", "fixed piece", width=3.0)] if highlight else []
    if marked:
        overlays.append(Overlay("cross", marked, colour="#ff7f0e", width=2.5))
        legend.append(LegendEntry("cross", "#ff7f0e", "breaks a rule", width=2.5))
    names = {c: f"{c[0]},{c[1]}" for c in cells} if cell_names else None
    return board_svg(ps.grid, cells, pieces, overlays, style=readable_style(ps.grid, style),
                     title=title, legend=legend, cell_names=names)


def arrangement_text(arr: Arrangement) -> str:
    """Piece numbers laid out row by row (hexagon rows are indented half a cell per row)."""
    cells = list(arr.placements) + (list(arr.region.cells) if arr.region else [])
    if not cells:
        return "(empty)"
    qs = [c[0] for c in cells]
    rs = [c[1] for c in cells]
    width = max(len(str(n)) for n in arr.placements.values()) if arr.placements else 1
    hexagon = arr.piece_set.grid.cell_shape == "hexagon"
    lines = []
    r0 = min(rs)
    for r in range(min(rs), max(rs) + 1):
        parts = []
        for q in range(min(qs), max(qs) + 1):
            c = (q, r)
            if c in arr.placements:
                parts.append(str(arr.placements[c]).rjust(width))
            elif arr.region is not None and c in arr.region.cells:
                parts.append(".".rjust(width))
            else:
                parts.append(" " * width)
        indent = " " * ((width + 1) * (r - r0) // 2) if hexagon else ""
        lines.append((indent + " ".join(parts)).rstrip())
    return "\n".join(lines)
