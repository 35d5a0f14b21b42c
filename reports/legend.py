"""Text that fits: width estimates, wrapping, and legends of colours and markers for pictures.

Every picture sizes its canvas with :func:`text_width` so that no text leaves it: titles wrap
to the picture's width (or the canvas grows to a readable minimum), legends flow into rows.

Examples
--------
>>> wrap_text("a b c", 10, 20)
['a b', 'c']
>>> text_width("ab", 10) == 2 * 0.62 * 10
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reports.lazy import lazy_module

draw = lazy_module("drawsvg")  # drawn pictures only: a text command does not load it

FONT = "DejaVu Sans, Arial, sans-serif"
#: Average advance of a DejaVu Sans character in ems (digits 0.64, lower case ~0.56).
CHAR_EM = 0.62


def text_width(text: str, size: float) -> float:
    """A safe estimate of the drawn width of ``text`` at font size ``size`` (pixels)."""
    return len(text) * CHAR_EM * size


def wrap_text(text: str, size: float, width: float) -> list[str]:
    """Break ``text`` at spaces into lines no wider than ``width`` (a long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines or [""]


def text_block(lines: Sequence[str], size: float, cx: float, top: float, *,
               colour: str = "#222222", weight: str = "normal") -> list[Any]:
    """Centred text lines starting at ``top`` (the top of the first line), ``1.25 size`` apart."""
    return [draw.Text(line, size, cx, top + size * (0.95 + 1.25 * i), text_anchor="middle",
                      font_family=FONT, fill=colour, font_weight=weight)
            for i, line in enumerate(lines)]


def block_height(lines: Sequence[str], size: float) -> float:
    """The height :func:`text_block` needs for ``lines``."""
    return size * (0.3 + 1.25 * len(lines)) if lines else 0.0


@dataclass(frozen=True)
class LegendEntry:
    """One legend item: a swatch of ``kind`` in ``colour`` and its ``label``.

    ``kind``: ``fill`` (tinted square), ``outline`` (line), ``dot``, ``ring``, ``square``,
    ``diamond`` (markers), ``cross``, ``piece`` (a cell body with a beam; ``extra`` is the beam
    colour), ``cell`` (a plain cell, ``extra`` the stroke), ``text`` (``extra`` drawn as a
    glyph, e.g. ``"A"``), ``symbol1``/``symbol2``/``symbol4`` (the domino binary symbols).
    """

    kind: str
    colour: str
    label: str
    extra: str = ""
    width: float = 2.5


SWATCH = 14.0
LEGEND_FONT = 11.0
_ROW = 18.0
_GAP = 14.0


def _entry_width(e: LegendEntry) -> float:
    return SWATCH + 5 + text_width(e.label, LEGEND_FONT)


def legend_rows(entries: Sequence[LegendEntry], width: float) -> list[list[LegendEntry]]:
    """Entries flowed into rows no wider than ``width``."""
    rows: list[list[LegendEntry]] = []
    used = 0.0
    for e in entries:
        w = _entry_width(e)
        if rows and used + _GAP + w <= width:
            rows[-1].append(e)
            used += _GAP + w
        else:
            rows.append([e])
            used = w
    return rows


def legend_height(entries: Sequence[LegendEntry], width: float) -> float:
    """The height :func:`draw_legend` needs."""
    return _ROW * len(legend_rows(entries, width)) + (4.0 if entries else 0.0)


def legend_width(entries: Sequence[LegendEntry]) -> float:
    """The width of the widest single entry (a canvas must be at least this wide)."""
    return max((_entry_width(e) for e in entries), default=0.0)


def draw_legend(entries: Sequence[LegendEntry], x: float, y: float, width: float) -> list[Any]:
    """The legend's elements, rows from ``(x, y)`` (top-left) within ``width``."""
    out: list[Any] = []
    for r, row in enumerate(legend_rows(entries, width)):
        cx = x
        cy = y + 4 + r * _ROW + SWATCH / 2
        for e in row:
            out.extend(_swatch(e, cx, cy))
            out.append(draw.Text(e.label, LEGEND_FONT, cx + SWATCH + 5, cy + LEGEND_FONT * 0.36,
                                 font_family=FONT, fill="#222222"))
            cx += _entry_width(e) + _GAP
    return out


def _swatch(e: LegendEntry, x: float, cy: float) -> list[Any]:
    s = SWATCH
    mx = x + s / 2
    k = e.kind
    if k == "fill":
        return [draw.Rectangle(x, cy - s / 2, s, s, fill=e.colour, fill_opacity=0.6,
                               stroke="#999999", stroke_width=0.5)]
    if k == "cell":
        return [draw.Rectangle(x, cy - s / 2, s, s, fill=e.colour, stroke=e.extra or "#999999",
                               stroke_width=1)]
    if k == "piece":
        return [draw.Rectangle(x, cy - s / 2, s, s, fill=e.colour, stroke="#333333",
                               stroke_width=1.2),
                draw.Line(mx, cy, x + s, cy, stroke=e.extra, stroke_width=2.5),
                draw.Circle(mx, cy, 2.2, fill=e.extra)]
    if k == "outline":
        return [draw.Line(x, cy, x + s, cy, stroke=e.colour, stroke_width=e.width)]
    if k == "dot":
        return [draw.Circle(mx, cy, 4, fill=e.colour)]
    if k == "ring":
        return [draw.Circle(mx, cy, 4.5, fill="#ffffff", stroke=e.colour, stroke_width=2)]
    if k == "square":
        return [draw.Rectangle(mx - 4, cy - 4, 8, 8, fill=e.colour, stroke="#ffffff",
                               stroke_width=1)]
    if k == "diamond":
        return [draw.Lines(mx, cy - 5, mx + 5, cy, mx, cy + 5, mx - 5, cy, close=True,
                           fill=e.colour, stroke="#ffffff", stroke_width=1)]
    if k == "cross":
        q = s * 0.35
        return [draw.Line(mx - q, cy - q, mx + q, cy + q, stroke=e.colour, stroke_width=2),
                draw.Line(mx - q, cy + q, mx + q, cy - q, stroke=e.colour, stroke_width=2)]
    if k == "text":
        return [draw.Text(e.extra, LEGEND_FONT, mx, cy + LEGEND_FONT * 0.36, text_anchor="middle",
                          font_family=FONT, fill=e.colour, font_weight="bold")]
    if k.startswith("symbol"):
        v = int(k[6:])
        frame = draw.Rectangle(x, cy - s / 2, s, s, rx=2, fill="#fbf8f0", stroke="#333333",
                               stroke_width=1)
        mark = (draw.Circle(mx, cy, 1.6, fill=e.colour) if v == 1 else
                draw.Circle(mx, cy, 3.6 if v == 2 else 6.0, fill="none", stroke=e.colour,
                            stroke_width=1.4))
        return [frame, mark]
    raise ValueError(f"unknown legend kind {k!r}")
