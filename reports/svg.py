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

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from puzzles.grids import Cell, Grid
from reports.geometry import beam_end, centre, corners, side_directions, side_edge
from reports.lazy import lazy_module
from reports.legend import (
    FONT,
    LegendEntry,
    block_height,
    draw_legend,
    legend_height,
    legend_width,
    text_block,
    text_width,
    wrap_text,
)

draw = lazy_module("drawsvg")  # drawn pictures only: a text command does not load it


@dataclass(frozen=True)
class Style:
    """Colours and sizes of a picture (all configurable).

    ``label_place`` is ``free`` (piece labels sit inside the cell in a gap that no beam of the
    grid can cross) or ``below`` (under the cell, ``label_offset`` cell sizes below its lowest
    point: galleries).
    """

    cell_size: float = 28.0
    empty_fill: str = "#f4f1ea"
    cell_stroke: str = "#b9b2a3"
    piece_fill: str = "#fffdf7"
    beam_colour: str = "#1f3b73"
    beam_width: float = 4.0
    label_colour: str = "#222222"
    background: str = "#ffffff"
    margin: float = 8.0
    font_family: str = FONT
    label_offset: float = 0.3
    label_halo: str = "#ffffff"
    label_place: str = "free"
    label_scale: float = 0.3  # label font size in cell sizes
    title_size: float = 14.0
    min_width: float = 0.0  # the canvas is at least this wide (titles wrap within it)


DEFAULT_STYLE = Style()

#: Cell sizes that make each cell shape readable at 100% zoom (hexagon size is the radius).
READABLE_SIZE = {"hexagon": 28.0, "square": 46.0, "triangle": 52.0}


@dataclass(frozen=True)
class PieceDrawing:
    """What stands on a cell: a beam bitmask and optional colours, outline and label."""

    beams: int
    fill: str | None = None
    beam_colour: str | None = None
    label: str | None = None
    label_colour: str | None = None
    stroke: str | None = None  # the piece body's outline (default: the cell stroke)


@dataclass(frozen=True)
class Overlay:
    """A generic mark on a set of cells.

    ``kind`` is ``fill`` (tint the cells), ``outline`` (draw the outer boundary of the set),
    ``marker`` (a ``shape`` -- dot, ring, square, diamond -- in each cell, moved by ``offset``
    cell sizes), ``cross`` (an X in each cell) or ``label`` (text per cell from ``labels``).
    """

    kind: str
    cells: frozenset[Cell]
    colour: str = "#d62728"
    width: float = 3.0
    opacity: float = 0.35
    labels: Mapping[Cell, str] = field(default_factory=dict)
    title: str = ""
    shape: str = "dot"
    offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Note:
    """Free text at a screen point of the board (same coordinates as :func:`centre`)."""

    text: str
    x: float
    y: float
    size: float = 10.0
    colour: str = "#6b6455"
    anchor: str = "middle"


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


def _note_box(n: Note) -> tuple[float, float, float, float]:
    w = text_width(n.text, n.size)
    left = n.x - w / 2 if n.anchor == "middle" else n.x - w if n.anchor == "end" else n.x
    return (left, n.y - n.size * 0.6, left + w, n.y + n.size * 0.6)


def label_point(grid: Grid, cell: Cell, size: float) -> tuple[float, float]:
    """A point inside ``cell`` that no beam of the grid can cross (for the piece's number).

    The widest gap between the grid's beam directions is chosen (the one nearest straight
    down on a tie); the point lies about half way from the centre to the cell's boundary.
    """
    x, y = centre(grid, cell, size)
    angles = sorted(math.atan2(ey - y, ex - x)
                    for ex, ey in (beam_end(grid, cell, d, size) for d in grid.directions(cell)))
    best_key: tuple[float, float] | None = None
    mid = math.pi / 2
    for i, a in enumerate(angles):
        b = angles[(i + 1) % len(angles)] + (2 * math.pi if i == len(angles) - 1 else 0.0)
        gap, m = b - a, (a + b) / 2
        down = abs(math.remainder(m - math.pi / 2, 2 * math.pi))
        key = (round(gap, 6), -round(down, 6))
        if best_key is None or key > best_key:
            best_key, mid = key, m
    reach = _ray_to_boundary(corners(grid, cell, size), (x, y), mid)
    k = {"hexagon": 0.58, "square": 0.56}.get(grid.cell_shape, 0.42)
    return (x + k * reach * math.cos(mid), y + k * reach * math.sin(mid))


def _ray_to_boundary(poly: Sequence[tuple[float, float]], origin: tuple[float, float],
                     angle: float) -> float:
    """Distance from ``origin`` along ``angle`` to the polygon's boundary."""
    ox, oy = origin
    dx, dy = math.cos(angle), math.sin(angle)
    best = math.inf
    for i in range(len(poly)):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
        ex, ey = bx - ax, by - ay
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((ax - ox) * ey - (ay - oy) * ex) / den
        u = ((ax - ox) * dy - (ay - oy) * dx) / den
        if t > 1e-9 and -1e-9 <= u <= 1 + 1e-9:
            best = min(best, t)
    return best if best < math.inf else 0.0


def _label_points(grid: Grid, pieces: Mapping[Cell, PieceDrawing],
                  style: Style) -> dict[Cell, tuple[float, float]]:
    size = style.cell_size
    out = {}
    for c, pd in pieces.items():
        if not pd.label:
            continue
        if style.label_place == "below":
            poly = corners(grid, c, size)
            x = centre(grid, c, size)[0]
            out[c] = (x, max(p[1] for p in poly) + size * style.label_offset)
        else:
            out[c] = label_point(grid, c, size)
    return out


def board_svg(
    grid: Grid,
    cells: Iterable[Cell],
    pieces: Mapping[Cell, PieceDrawing] | None = None,
    overlays: Sequence[Overlay] = (),
    style: Style = DEFAULT_STYLE,
    title: str | None = None,
    caption: str | None = None,
    *,
    legend: Sequence[LegendEntry] = (),
    notes: Sequence[Note] = (),
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
    title, caption : str, optional
        Text above and below; each wraps to the picture's width (the canvas is at least
        ``style.min_width`` or about 300 px wide when there is text, so no line is cut off).
    legend : sequence of LegendEntry
        Drawn under the board, flowing into rows.
    notes : sequence of Note
        Free text around the board (coordinates); the canvas grows to hold them.
    cell_names : mapping Cell -> str, optional
        Names written as ``data-cell`` attributes on the cell shapes (the server's pages
        attach clicks to them).
    """
    elements, (x0, y0, x1, y1) = board_elements(grid, cells, pieces, overlays, style, notes,
                                                 cell_names)
    m = style.margin
    board_w = x1 - x0
    want = max(board_w, style.min_width - 2 * m)
    texts = [t for t in (title, caption) if t]
    if texts or legend:
        longest = max([text_width(t, style.title_size) for t in texts] + [legend_width(legend)])
        want = max(want, min(longest, 300.0), legend_width(legend))
    inner = want
    title_lines = wrap_text(title, style.title_size, inner) if title else []
    caption_lines = wrap_text(caption, 12.0, inner) if caption else []
    top_extra = block_height(title_lines, style.title_size) + (4.0 if title else 0.0)
    legend_h = legend_height(legend, inner) if legend else 0.0
    bottom_extra = legend_h + (block_height(caption_lines, 12.0) if caption else 0.0)
    width = inner + 2 * m
    height = y1 - y0 + 2 * m + top_extra + bottom_extra
    left = x0 - m - (inner - board_w) / 2
    top = y0 - m - top_extra
    d = draw.Drawing(width, height, origin=(left, top))
    d.append(draw.Rectangle(left, top, width, height, fill=style.background))
    cx = left + width / 2
    for e in text_block(title_lines, style.title_size, cx, top + 2, colour=style.label_colour):
        d.append(e)
    for e in elements:
        d.append(e)
    yy = y1 + m
    for e in draw_legend(legend, left + m, yy, inner):
        d.append(e)
    yy += legend_h
    for e in text_block(caption_lines, 12.0, cx, yy, colour=style.label_colour):
        d.append(e)
    return str(d.as_svg())


def board_elements(
    grid: Grid,
    cells: Iterable[Cell],
    pieces: Mapping[Cell, PieceDrawing] | None = None,
    overlays: Sequence[Overlay] = (),
    style: Style = DEFAULT_STYLE,
    notes: Sequence[Note] = (),
    cell_names: Mapping[Cell, str] | None = None,
) -> tuple[list[Any], tuple[float, float, float, float]]:
    """The drawing elements of a board and their bounding box ``(x0, y0, x1, y1)``.

    Used by :func:`board_svg` and by pictures that put several boards on one canvas.
    """
    pieces = pieces or {}
    all_cells = list(dict.fromkeys([*cells, *pieces]))
    for ov in overlays:
        for c in ov.cells:
            if c not in pieces and c not in all_cells:
                all_cells.append(c)
    size = style.cell_size
    x0, y0, x1, y1 = _bounds(grid, all_cells, size)
    label_at = _label_points(grid, pieces, style)
    label_size = size * style.label_scale
    for c, (lx, ly) in label_at.items():
        w = text_width(pieces[c].label or "", label_size) / 2
        x0, x1 = min(x0, lx - w), max(x1, lx + w)
        y0, y1 = min(y0, ly - label_size * 0.6), max(y1, ly + label_size * 0.6)
    for n in notes:
        a, b, c2, d2 = _note_box(n)
        x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c2), max(y1, d2)
    out: list[Any] = []
    for c in all_cells:
        pd = pieces.get(c)
        fill = (pd.fill or style.piece_fill) if pd else style.empty_fill
        stroke = (pd.stroke or style.cell_stroke) if pd else style.cell_stroke
        extra = {"data_cell": cell_names[c]} if cell_names and c in cell_names else {}
        out.append(draw.Lines(*_flat(corners(grid, c, size)), close=True, fill=fill,
                              stroke=stroke, stroke_width=1.4 if pd and pd.stroke else 1,
                              **extra))
    for ov in overlays:
        if ov.kind == "fill":
            for c in ov.cells:
                out.append(draw.Lines(*_flat(corners(grid, c, size)), close=True,
                                      fill=ov.colour, fill_opacity=ov.opacity, stroke="none"))
    for c, pd in pieces.items():
        _draw_beams(out, grid, c, pd, style)
    for ov in overlays:
        if ov.kind == "outline":
            _draw_outline(out, grid, ov, size)
        elif ov.kind == "marker":
            for c in ov.cells:
                x, y = centre(grid, c, size)
                out.extend(_marker(ov.shape, x + ov.offset[0] * size, y + ov.offset[1] * size,
                                   size * 0.18, ov.colour))
        elif ov.kind == "cross":
            for c in ov.cells:
                x, y = centre(grid, c, size)
                k = size * 0.22
                for sx in (-1, 1):
                    out.append(draw.Line(x - k, y - sx * k, x + k, y + sx * k, stroke=ov.colour,
                                         stroke_width=ov.width))
        elif ov.kind == "label":
            for c in ov.cells:
                text = ov.labels.get(c, "")
                if text:
                    x, y = centre(grid, c, size)
                    out.append(draw.Text(text, size * 0.42, x, y, text_anchor="middle",
                                         dominant_baseline="central", fill=ov.colour,
                                         font_family=style.font_family))
    for c, (lx, ly) in label_at.items():
        pd = pieces[c]
        out.extend(haloed_text(pd.label or "", label_size, lx, ly,
                               fill=pd.label_colour or style.label_colour,
                               halo=pd.fill or style.label_halo,
                               font_family=style.font_family))
    for n in notes:
        out.append(draw.Text(n.text, n.size, n.x, n.y, text_anchor=n.anchor,
                             dominant_baseline="central", fill=n.colour,
                             font_family=style.font_family))
    return out, (x0, y0, x1, y1)


def haloed_text(text: str, size: float, x: float, y: float, *, fill: str, halo: str,
                halo_width: float = 2.5, **attrs: Any) -> list[Any]:
    """A label readable over lines: the halo (the glyphs stroked in the background colour)
    and the glyphs on top, as two elements, so that every SVG renderer draws them in that
    order (``paint-order`` is ignored by WeasyPrint and ImageMagick)."""
    common = {"text_anchor": "middle", "dominant_baseline": "central", **attrs}
    return [draw.Text(text, size, x, y, fill=halo, stroke=halo, stroke_width=halo_width,
                      stroke_linejoin="round", **common),
            draw.Text(text, size, x, y, fill=fill, **common)]


def _marker(shape: str, x: float, y: float, r: float, colour: str) -> list[Any]:
    if shape == "ring":
        return [draw.Circle(x, y, r, fill="#ffffff", stroke=colour, stroke_width=r * 0.55)]
    if shape == "square":
        return [draw.Rectangle(x - r, y - r, 2 * r, 2 * r, fill=colour, stroke="#ffffff",
                               stroke_width=1)]
    if shape == "diamond":
        k = r * 1.3
        return [draw.Lines(x, y - k, x + k, y, x, y + k, x - k, y, close=True, fill=colour,
                           stroke="#ffffff", stroke_width=1)]
    return [draw.Circle(x, y, r, fill=colour, stroke="none")]


def _flat(points: Sequence[tuple[float, float]]) -> list[float]:
    return [v for p in points for v in p]


def _draw_beams(out: list[Any], grid: Grid, cell: Cell, pd: PieceDrawing, style: Style) -> None:
    size = style.cell_size
    x, y = centre(grid, cell, size)
    colour = pd.beam_colour or style.beam_colour
    for direction in grid.directions(cell):
        if pd.beams & direction:
            ex, ey = beam_end(grid, cell, direction, size)
            out.append(draw.Line(x, y, ex, ey, stroke=colour, stroke_width=style.beam_width,
                                 stroke_linecap="round"))
    if pd.beams:
        out.append(draw.Circle(x, y, style.beam_width * 0.9, fill=colour))


def _draw_outline(out: list[Any], grid: Grid, ov: Overlay, size: float) -> None:
    """Draw each side of a cell in the set whose neighbour is outside the set."""
    for c in ov.cells:
        for direction in side_directions(grid, c):
            if grid.neighbour(c, direction) not in ov.cells:
                (ax, ay), (bx, by) = side_edge(grid, c, direction, size)
                out.append(draw.Line(ax, ay, bx, by, stroke=ov.colour, stroke_width=ov.width,
                                     stroke_linecap="round"))


def readable_style(grid: Grid, style: Style = DEFAULT_STYLE) -> Style:
    """``style`` with the cell size of :data:`READABLE_SIZE` when it still has the default."""
    if style.cell_size != DEFAULT_STYLE.cell_size:
        return style
    size = READABLE_SIZE.get(grid.cell_shape, style.cell_size)
    scale = {"hexagon": 0.34, "square": 0.3, "triangle": 0.25}.get(grid.cell_shape, 0.3)
    return replace(style, cell_size=size, label_scale=scale)


def piece_gallery_svg(
    grid: Grid,
    items: Sequence[tuple[int, int, str | None]],
    per_row: int = 8,
    style: Style = DEFAULT_STYLE,
    title: str | None = None,
) -> str:
    """All pieces of a set in rows: ``items`` are (number, beams, orientation).

    Each piece is drawn on a cell of its orientation with its number directly under it.
    """
    pieces: dict[Cell, PieceDrawing] = {}
    shape = grid.cell_shape
    base = readable_style(grid, style)
    # small pieces under full-size numbers need a third hexagon row for the numbers
    apart = 2 if base.cell_size >= 20.0 else 3
    for i, (number, beams, orientation) in enumerate(items):
        row, col = divmod(i, per_row)
        if shape == "hexagon":
            cell = (col * 2 - row * apart // 2, row * apart)  # spaced: pieces do not touch
        elif shape == "square":
            cell = (col * 2, row * 2)
        else:
            want_up = orientation != "down"
            q, r = col * 4, row * 3  # a free row under every row holds the numbers
            if ((q + r) % 2 == 0) != want_up:
                q += 1
            cell = (q, r)
        pieces[cell] = PieceDrawing(beams, label=str(number))
    if shape == "square":
        base = replace(base, cell_size=40.0)
    if shape == "triangle":
        base = replace(base, cell_size=44.0)
    gallery_style = replace(base, label_place="below", label_offset=13.0 / base.cell_size,
                            label_scale=12.0 / base.cell_size)
    return board_svg(grid, [], pieces, style=gallery_style, title=title)


_ROOT = re.compile(r'<svg\b[^>]*?\swidth="([\d.e]+)"[^>]*?\sheight="([\d.e]+)"')


def stacked_svg(parts: Sequence[str], gap: float = 8.0) -> str:
    """Several SVG documents one above the other in one picture (nested ``<svg>`` elements,
    left-aligned), e.g. both hands of a board game."""
    inner, y, width = [], 0.0, 0.0
    for part in parts:
        text = part[part.index("?>") + 2:].strip() if part.startswith("<?xml") else part
        size = _ROOT.search(text)
        if size is None:
            raise ValueError("stacked_svg: a part without width and height")
        w, h = float(size.group(1)), float(size.group(2))
        inner.append(text.replace("<svg", f'<svg x="0" y="{y:g}"', 1))
        y, width = y + h + gap, max(width, w)
    height = max(0.0, y - gap)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}">' + "".join(inner) + "</svg>")
