"""SVG pictures of cells, pieces with beams and boards, with generic overlays.

Callers pass cells, what stands on them and overlays (fill, outline, marker, label); the drawing
code never asks why a cell is highlighted.

Examples
--------
>>> from puzzles.grids import grid
>>> svg = board_svg(grid("square"), [(0, 0), (1, 0)], {(0, 0): PieceDrawing(1)})
>>> svg.startswith("<?xml") and "<path" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import drawsvg as draw

from puzzles.grids import Cell, Grid
from reports.geometry import beam_end, centre, corners, side_directions, side_edge


@dataclass(frozen=True)
class Style:
    """Colours and sizes of a picture (all configurable)."""

    cell_size: float = 28.0
    empty_fill: str = "#f4f1ea"
    cell_stroke: str = "#b9b2a3"
    piece_fill: str = "#fffdf7"
    beam_colour: str = "#1f3b73"
    beam_width: float = 4.0
    label_colour: str = "#222222"
    background: str = "#ffffff"
    margin: float = 8.0
    font_family: str = "DejaVu Sans, Arial, sans-serif"
    label_offset: float = 0.3  # piece labels sit this many cell sizes below the centre
    label_halo: str = "#ffffff"


DEFAULT_STYLE = Style()


@dataclass(frozen=True)
class PieceDrawing:
    """What stands on a cell: a beam bitmask and optional colours and label."""

    beams: int
    fill: str | None = None
    beam_colour: str | None = None
    label: str | None = None
    label_colour: str | None = None


@dataclass(frozen=True)
class Overlay:
    """A generic mark on a set of cells.

    ``kind`` is ``fill`` (tint the cells), ``outline`` (draw the outer boundary of the set),
    ``marker`` (a dot in each cell), ``cross`` (an X in each cell) or ``label`` (text per cell
    from ``labels``).
    """

    kind: str
    cells: frozenset[Cell]
    colour: str = "#d62728"
    width: float = 3.0
    opacity: float = 0.35
    labels: Mapping[Cell, str] = field(default_factory=dict)
    title: str = ""


def overlay(kind: str, cells: Iterable[Cell], **kwargs: object) -> Overlay:
    """Convenience constructor: ``overlay("outline", group, colour="red")``."""
    return Overlay(kind, frozenset(cells), **kwargs)  # type: ignore[arg-type]


def _bounds(grid: Grid, cells: Iterable[Cell], size: float) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for c in cells:
        for x, y in corners(grid, c, size):
            xs.append(x)
            ys.append(y)
    if not xs:
        return (0.0, 0.0, size, size)
    return (min(xs), min(ys), max(xs), max(ys))


def board_svg(
    grid: Grid,
    cells: Iterable[Cell],
    pieces: Mapping[Cell, PieceDrawing] | None = None,
    overlays: Sequence[Overlay] = (),
    style: Style = DEFAULT_STYLE,
    title: str | None = None,
    caption: str | None = None,
    cell_names: Mapping[Cell, str] | None = None,
) -> str:
    """An SVG document of ``cells`` with the given pieces and overlays.

    Parameters
    ----------
    grid : Grid
        The grid kind (decides the cell shape).
    cells : iterable of Cell
        Every cell to draw (board cells); cells of ``pieces`` are added if missing.
    pieces : mapping Cell -> PieceDrawing
        What stands on the cells.
    overlays : sequence of Overlay
        Marks drawn on top, in order.
    cell_names : mapping Cell -> str, optional
        Names written as ``data-cell`` attributes on the cell shapes (the server's pages
        attach clicks to them).
    """
    pieces = pieces or {}
    all_cells = list(dict.fromkeys([*cells, *pieces]))
    for ov in overlays:
        for c in ov.cells:
            if c not in pieces and c not in all_cells:
                all_cells.append(c)
    size = style.cell_size
    x0, y0, x1, y1 = _bounds(grid, all_cells, size)
    m = style.margin
    top_extra = 20.0 if title else 0.0
    bottom_extra = 18.0 if caption else 0.0
    if style.label_offset > 0.5 and any(pd.label for pd in pieces.values()):
        bottom_extra += size * (style.label_offset - 0.4)
    width, height = x1 - x0 + 2 * m, y1 - y0 + 2 * m + top_extra + bottom_extra
    d = draw.Drawing(width, height, origin=(x0 - m, y0 - m - top_extra))
    d.append(draw.Rectangle(x0 - m, y0 - m - top_extra, width, height, fill=style.background))
    if title:
        d.append(
            draw.Text(title, 14, (x0 + x1) / 2, y0 - m - top_extra + 14, text_anchor="middle",
                      font_family=style.font_family, fill=style.label_colour)
        )
    for c in all_cells:
        pd = pieces.get(c)
        fill = (pd.fill or style.piece_fill) if pd else style.empty_fill
        extra = {"data_cell": cell_names[c]} if cell_names and c in cell_names else {}
        d.append(draw.Lines(*_flat(corners(grid, c, size)), close=True, fill=fill,
                            stroke=style.cell_stroke, stroke_width=1, **extra))
    for ov in overlays:
        if ov.kind == "fill":
            for c in ov.cells:
                d.append(draw.Lines(*_flat(corners(grid, c, size)), close=True, fill=ov.colour,
                                    fill_opacity=ov.opacity, stroke="none"))
    for c, pd in pieces.items():
        _draw_beams(d, grid, c, pd, style)
    for ov in overlays:
        if ov.kind == "outline":
            _draw_outline(d, grid, ov, size)
        elif ov.kind == "marker":
            for c in ov.cells:
                x, y = centre(grid, c, size)
                d.append(draw.Circle(x, y, size * 0.18, fill=ov.colour, stroke="none"))
        elif ov.kind == "cross":
            for c in ov.cells:
                x, y = centre(grid, c, size)
                k = size * 0.22
                for sx in (-1, 1):
                    d.append(draw.Line(x - k, y - sx * k, x + k, y + sx * k, stroke=ov.colour,
                                       stroke_width=ov.width))
        elif ov.kind == "label":
            for c in ov.cells:
                text = ov.labels.get(c, "")
                if text:
                    x, y = centre(grid, c, size)
                    d.append(draw.Text(text, size * 0.42, x, y, text_anchor="middle",
                                       dominant_baseline="central", fill=ov.colour,
                                       font_family=style.font_family))
    for c, pd in pieces.items():
        if pd.label:
            x, y = centre(grid, c, size)
            d.append(draw.Text(pd.label, size * 0.36, x, y + size * style.label_offset,
                               text_anchor="middle", dominant_baseline="central",
                               stroke=style.label_halo, stroke_width=2.5, paint_order="stroke",
                               fill=pd.label_colour or style.label_colour,
                               font_family=style.font_family))
    if caption:
        d.append(draw.Text(caption, 12, (x0 + x1) / 2, y1 + m + 12, text_anchor="middle",
                           font_family=style.font_family, fill=style.label_colour))
    return str(d.as_svg())


def _flat(points: Sequence[tuple[float, float]]) -> list[float]:
    return [v for p in points for v in p]


def _draw_beams(d: draw.Drawing, grid: Grid, cell: Cell, pd: PieceDrawing, style: Style) -> None:
    size = style.cell_size
    x, y = centre(grid, cell, size)
    colour = pd.beam_colour or style.beam_colour
    for direction in grid.directions(cell):
        if pd.beams & direction:
            ex, ey = beam_end(grid, cell, direction, size)
            d.append(draw.Line(x, y, ex, ey, stroke=colour, stroke_width=style.beam_width,
                               stroke_linecap="round"))
    if pd.beams:
        d.append(draw.Circle(x, y, style.beam_width * 0.9, fill=colour))


def _draw_outline(d: draw.Drawing, grid: Grid, ov: Overlay, size: float) -> None:
    """Draw each side of a cell in the set whose neighbour is outside the set."""
    for c in ov.cells:
        for direction in side_directions(grid, c):
            if grid.neighbour(c, direction) not in ov.cells:
                (ax, ay), (bx, by) = side_edge(grid, c, direction, size)
                d.append(draw.Line(ax, ay, bx, by, stroke=ov.colour, stroke_width=ov.width,
                                   stroke_linecap="round"))


def piece_gallery_svg(
    grid: Grid,
    items: Sequence[tuple[int, int, str | None]],
    per_row: int = 8,
    style: Style = DEFAULT_STYLE,
    title: str | None = None,
) -> str:
    """All pieces of a set in rows: ``items`` are (number, beams, orientation).

    Each piece is drawn on a cell of its orientation, labelled with its number.
    """
    pieces: dict[Cell, PieceDrawing] = {}
    shape = grid.cell_shape
    for i, (number, beams, orientation) in enumerate(items):
        row, col = divmod(i, per_row)
        if shape == "hexagon":
            cell = (col * 2 - row, row * 2)  # spaced out so pieces do not touch
        elif shape == "square":
            cell = (col * 2, row * 2)
        else:
            want_up = orientation != "down"
            q, r = col * 4, row * 2
            if ((q + r) % 2 == 0) != want_up:
                q += 1
            cell = (q, r)
        pieces[cell] = PieceDrawing(beams, label=str(number))
    from dataclasses import replace

    gallery_style = replace(style, label_offset=1.3 if shape != "triangle" else 1.1)
    return board_svg(grid, [], pieces, style=gallery_style, title=title)
