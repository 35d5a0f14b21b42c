"""Pictures of Dominimum / Dominomega layouts and tournament plots.

A half shows its value in binary: a central pip (1), a small circle (2) and a large circle (4),
concentric. Highlights tint sets of cells (groups); the drawing never asks why.

Examples
--------
>>> from puzzles.dominimum.layout import Layout, Placement
>>> lay = Layout([Placement(7, 0, ((0, 0), (1, 0)))])
>>> svg = layout_svg(lay, [Highlight(frozenset({(0, 0)}), "#d62728", "7")], title="t")
>>> svg.count("<circle") >= 3 and "<rect" in svg
True
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import drawsvg as draw

from puzzles.dominimum.layout import Cell, Layout
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

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")


@dataclass(frozen=True)
class Highlight:
    """Cells tinted in ``colour``; ``label`` goes into the legend."""

    cells: frozenset[Cell]
    colour: str
    label: str = ""


SYMBOL_COLOUR = "#1f3b73"
#: The legend of the binary symbols (always drawn under a layout).
SYMBOL_LEGEND = (LegendEntry("symbol1", SYMBOL_COLOUR, "pip = 1"),
                 LegendEntry("symbol2", SYMBOL_COLOUR, "small circle = 2"),
                 LegendEntry("symbol4", SYMBOL_COLOUR, "large circle = 4"))


def layout_svg(layout: Layout, highlights: Sequence[Highlight] = (), *, title: str = "",
               caption: str = "", cell: float = 36.0, marks: Mapping[Cell, str] | None = None,
               targets: Mapping[Cell, str] | None = None, coordinates: bool = True,
               legend: bool = True) -> str:
    """An SVG document of ``layout``: tiles, binary symbols, tinted groups, grid coordinates
    and a legend (the symbols, then every labelled highlight).

    ``coordinates=False`` and ``legend=False`` draw the tiles alone (a tile in a hand).

    Column numbers (x) run along the top, row numbers (y) down the left, as in ``4@(-2,-4)``.
    ``marks`` puts a short text in the corner of cells (e.g. ``"new"`` on a placement).
    ``targets`` draws empty cells (dashed) carrying their name as a ``data-cell`` attribute:
    the places a tile may go, for clickable layouts.
    """
    x0, y0, x1, y1 = layout.bounds()
    for tx, ty in targets or {}:
        x0, y0, x1, y1 = min(x0, tx), min(y0, ty), max(x1, tx), max(y1, ty)
    margin = 10.0
    axis = 16.0 if coordinates else 0.0  # space for the coordinates
    entries = [*SYMBOL_LEGEND,
               *(LegendEntry("fill", h.colour, h.label) for h in highlights if h.label)
               ] if legend else []
    board_w = (x1 - x0 + 1) * cell + axis
    longest = max([text_width(t, 14) for t in (title, caption) if t] + [legend_width(entries)])
    inner = max(board_w, min(longest, 340.0), legend_width(entries))
    title_lines = wrap_text(title, 14, inner) if title else []
    caption_lines = wrap_text(caption, 12, inner) if caption else []
    top = block_height(title_lines, 14) + (4.0 if title else 0.0)
    legend_h = legend_height(entries, inner) if entries else 0.0
    width = inner + 2 * margin
    grid_top = margin + top + axis
    grid_left = margin + (inner - board_w) / 2 + axis
    height = grid_top + (y1 - y0 + 1) * cell + 8 + legend_h + block_height(caption_lines, 12) \
        + margin
    d = draw.Drawing(width, height)
    d.append(draw.Rectangle(0, 0, width, height, fill="#ffffff"))

    def origin(c: Cell) -> tuple[float, float]:
        return (grid_left + (c[0] - x0) * cell, grid_top + (c[1] - y0) * cell)

    for e in text_block(title_lines, 14, width / 2, margin):
        d.append(e)
    for col in range(x0, x1 + 1) if coordinates else ():
        d.append(draw.Text(str(col), 10, grid_left + (col - x0 + 0.5) * cell, grid_top - 5,
                           text_anchor="middle", font_family=FONT, fill="#6b6455"))
    for row in range(y0, y1 + 1) if coordinates else ():
        d.append(draw.Text(str(row), 10, grid_left - 4,
                           grid_top + (row - y0 + 0.5) * cell + 3.5,
                           text_anchor="end", font_family=FONT, fill="#6b6455"))
    for c, name in (targets or {}).items():
        x, y = origin(c)
        d.append(draw.Rectangle(x + 2, y + 2, cell - 4, cell - 4, rx=3, fill="#eef3ea",
                                stroke="#9bb58f", stroke_width=1, stroke_dasharray="3,2",
                                data_cell=name))
    for p in layout.placements:
        (ax, ay), (bx, by) = origin(p.cells[0]), origin(p.cells[1])
        left, up = min(ax, bx), min(ay, by)
        w = cell * (2 if ay == by else 1)
        h = cell * (1 if ay == by else 2)
        d.append(draw.Rectangle(left + 1.5, up + 1.5, w - 3, h - 3, rx=4, fill="#fbf8f0",
                                stroke="#333333", stroke_width=1.6))
    for hl in highlights:
        for c in hl.cells:
            x, y = origin(c)
            d.append(draw.Rectangle(x + 3, y + 3, cell - 6, cell - 6, fill=hl.colour,
                                    fill_opacity=0.35, stroke="none"))
    for p in layout.placements:
        (ax, ay), (bx, by) = origin(p.cells[0]), origin(p.cells[1])
        if ay == by:
            xm = max(ax, bx)
            d.append(draw.Line(xm, ay + 6, xm, ay + cell - 6, stroke="#777777", stroke_width=1))
        else:
            ym = max(ay, by)
            d.append(draw.Line(ax + 6, ym, ax + cell - 6, ym, stroke="#777777", stroke_width=1))
        for c, v in zip(p.cells, p.values, strict=True):
            x, y = origin(c)
            cx, cy = x + cell / 2, y + cell / 2
            if v & 4:
                d.append(draw.Circle(cx, cy, cell * 0.36, fill="none", stroke=SYMBOL_COLOUR,
                                     stroke_width=2))
            if v & 2:
                d.append(draw.Circle(cx, cy, cell * 0.2, fill="none", stroke=SYMBOL_COLOUR,
                                     stroke_width=2))
            if v & 1:
                d.append(draw.Circle(cx, cy, cell * 0.075, fill=SYMBOL_COLOUR))
    for c, text in (marks or {}).items():
        x, y = origin(c)
        d.append(draw.Text(text, 9, x + 4, y + 10, fill="#b00020", font_family=FONT))
    yy = grid_top + (y1 - y0 + 1) * cell + 8
    for e in draw_legend(entries, margin, yy, inner):
        d.append(e)
    yy += legend_h
    for e in text_block(caption_lines, 12, width / 2, yy):
        d.append(e)
    return str(d.as_svg())


def score_plot(distributions: Mapping[str, Sequence[int]], *, title: str, xlabel: str,
               fmt: str = "svg", log: bool = False) -> bytes:
    """The cumulative distribution of each named score list (matplotlib); ``fmt`` svg or png."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for i, (name, values) in enumerate(distributions.items()):
        if not values:
            continue
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        xs = sorted(counts)
        acc, ys = 0, []
        for x in xs:
            acc += counts[x]
            ys.append(acc / len(values))
        ax.step(xs, ys, where="post", marker="o", ms=3, color=PALETTE[i % len(PALETTE)],
                label=f"{name} (n={len(values)})")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of scores <= x")
    if log:
        ax.set_xscale("log")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "solver"}):  # stable element ids
        fig.savefig(buf, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    plt.close(fig)
    return buf.getvalue()
