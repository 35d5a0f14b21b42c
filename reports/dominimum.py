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

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")


@dataclass(frozen=True)
class Highlight:
    """Cells tinted in ``colour``; ``label`` goes into the legend."""

    cells: frozenset[Cell]
    colour: str
    label: str = ""


def layout_svg(layout: Layout, highlights: Sequence[Highlight] = (), *, title: str = "",
               caption: str = "", cell: float = 36.0, marks: Mapping[Cell, str] | None = None,
               targets: Mapping[Cell, str] | None = None) -> str:
    """An SVG document of ``layout``: tiles, binary symbols, tinted groups and a legend.

    ``marks`` puts a short text in the corner of cells (e.g. ``"new"`` on a placement).
    ``targets`` draws empty cells (dashed) carrying their name as a ``data-cell`` attribute:
    the places a tile may go, for clickable layouts.
    """
    x0, y0, x1, y1 = layout.bounds()
    for tx, ty in targets or {}:
        x0, y0, x1, y1 = min(x0, tx), min(y0, ty), max(x1, tx), max(y1, ty)
    margin = 10.0
    top = 22.0 if title else 0.0
    legend_rows = [h for h in highlights if h.label]
    bottom = (18.0 if caption else 0.0) + 16.0 * len(legend_rows)
    width = (x1 - x0 + 1) * cell + 2 * margin
    height = (y1 - y0 + 1) * cell + 2 * margin + top + bottom
    d = draw.Drawing(max(width, 160.0), height)
    d.append(draw.Rectangle(0, 0, max(width, 160.0), height, fill="#ffffff"))

    def origin(c: Cell) -> tuple[float, float]:
        return (margin + (c[0] - x0) * cell, margin + top + (c[1] - y0) * cell)

    if title:
        d.append(draw.Text(title, 14, width / 2, 16, text_anchor="middle",
                           font_family="DejaVu Sans, Arial, sans-serif"))
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
                d.append(draw.Circle(cx, cy, cell * 0.36, fill="none", stroke="#1f3b73",
                                     stroke_width=2))
            if v & 2:
                d.append(draw.Circle(cx, cy, cell * 0.2, fill="none", stroke="#1f3b73",
                                     stroke_width=2))
            if v & 1:
                d.append(draw.Circle(cx, cy, cell * 0.075, fill="#1f3b73"))
    for c, text in (marks or {}).items():
        x, y = origin(c)
        d.append(draw.Text(text, 9, x + 4, y + 10, fill="#b00020",
                           font_family="DejaVu Sans, Arial, sans-serif"))
    yy = margin + top + (y1 - y0 + 1) * cell + 14
    for hl in legend_rows:
        d.append(draw.Rectangle(margin, yy - 10, 12, 12, fill=hl.colour, fill_opacity=0.5))
        d.append(draw.Text(hl.label, 12, margin + 18, yy, font_family="DejaVu Sans, Arial"))
        yy += 16
    if caption:
        d.append(draw.Text(caption, 12, margin, yy + 2, font_family="DejaVu Sans, Arial"))
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
