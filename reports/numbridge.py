"""Pictures of Numbridge fields and positions: thick block borders, givens, closed cells in the
owners' colours, block outlines, candidates.

Examples
--------
>>> from puzzles.numbridge.field import REGULAR_BLOCKS
>>> svg = field_svg(REGULAR_BLOCKS, "1" + "0" * 80)
>>> svg.startswith("<?xml") and ">1</text>" in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import drawsvg as draw

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
from reports.svg import haloed_text

#: Owner colours (reference: first player blue, second red).
OWNER_FILL = {1: "#cfe0ff", 2: "#ffd3d3"}
OWNER_STROKE = {1: "#1f5fd1", 2: "#d62728"}


@dataclass(frozen=True)
class BlockOutline:
    """An outline along a block's border: colour, stroke width and its legend label."""

    colour: str
    width: float = 4.0
    label: str = ""


PLAYER_NAMES = {1: "A (first player)", 2: "B (second player)"}


def field_svg(
    blocks: str,
    digits: str,
    givens: str | None = None,
    owners: Sequence[int] | None = None,
    candidates: Sequence[int] | None = None,
    outlines: Mapping[int, BlockOutline] | None = None,
    title: str | None = None,
    cell: float = 40.0,
    *,
    legend: Sequence[LegendEntry] | None = None,
    coordinates: bool = True,
    cell_names: bool = False,
) -> str:
    """An SVG document of a 9x9 field.

    Parameters
    ----------
    blocks : str
        81 block ids; borders between different blocks are drawn thick.
    digits : str
        81 digits to show (``0`` blank).
    givens : str, optional
        81 chars; cells whose char is not ``0`` are givens and drawn bold black. Defaults to
        ``digits``.
    owners : sequence of 81 ints, optional
        0 nobody, 1 first player A (blue), 2 second player B (red): the cell fill.
    candidates : sequence of 81 bitmasks, optional
        Candidates (bit d-1 for digit d) drawn small in blank cells, inside the band that
        block outlines use and on a halo, so outlines never cover them.
    outlines : mapping block id -> BlockOutline
        Blocks outlined along their border (resolved blocks, decisive blocks).
    legend : sequence of LegendEntry, optional
        Drawn under the field. By default: the players' colours when ``owners`` is given, then
        each distinct labelled outline.
    coordinates : bool
        Column letters ``a``-``i`` above and row numbers ``1``-``9`` left (``e5`` is the centre).
    cell_names : bool
        Write each cell's name (``a1`` .. ``i9``) as a ``data-cell`` attribute on its square,
        drawn last so that clicks reach it (the server's pages).
    """
    givens = digits if givens is None else givens
    if legend is None:
        entries: list[LegendEntry] = []
        if owners is not None:
            entries += [LegendEntry("fill", OWNER_FILL[p], PLAYER_NAMES[p]) for p in (1, 2)]
        seen: set[tuple[str, float, str]] = set()
        for o in (outlines or {}).values():
            if o.label and (o.colour, o.width, o.label) not in seen:
                seen.add((o.colour, o.width, o.label))
                entries.append(LegendEntry("outline", o.colour, o.label, width=o.width))
        legend = entries
    m = 10.0
    axis = 16.0 if coordinates else 0.0
    size = 9 * cell
    board_w = size + axis
    inner = max(board_w, min(text_width(title or "", 14), 340.0), legend_width(legend))
    title_lines = wrap_text(title, 14, inner) if title else []
    top = block_height(title_lines, 14) + (4.0 if title else 0.0) + axis
    legend_h = legend_height(legend, inner) + (4.0 if legend else 0.0)
    width = inner + 2 * m
    height = size + 2 * m + top + legend_h
    left = -m - axis - (inner - board_w) / 2
    d = draw.Drawing(width, height, origin=(left, -m - top))
    d.append(draw.Rectangle(left, -m - top, width, height, fill="#ffffff"))
    for e in text_block(title_lines, 14, left + width / 2, -m - top + 2):
        d.append(e)
    if coordinates:
        for k in range(9):
            d.append(draw.Text("abcdefghi"[k], 11, (k + 0.5) * cell, -6, text_anchor="middle",
                               font_family=FONT, fill="#6b6455"))
            d.append(draw.Text(str(k + 1), 11, -7, (k + 0.5) * cell + 4, text_anchor="end",
                               font_family=FONT, fill="#6b6455"))
    fills = []
    for i in range(81):
        r, c = divmod(i, 9)
        fill = OWNER_FILL.get(owners[i], "#fbfaf6") if owners is not None else "#fbfaf6"
        fills.append(fill)
        d.append(draw.Rectangle(c * cell, r * cell, cell, cell, fill=fill, stroke="#bbbbbb",
                                stroke_width=1))
    # thick borders between blocks and around the field
    for i in range(81):
        r, c = divmod(i, 9)
        if c < 8 and blocks[i] != blocks[i + 1]:
            d.append(draw.Line((c + 1) * cell, r * cell, (c + 1) * cell, (r + 1) * cell,
                               stroke="#222222", stroke_width=3, stroke_linecap="square"))
        if r < 8 and blocks[i] != blocks[i + 9]:
            d.append(draw.Line(c * cell, (r + 1) * cell, (c + 1) * cell, (r + 1) * cell,
                               stroke="#222222", stroke_width=3, stroke_linecap="square"))
    d.append(draw.Rectangle(0, 0, size, size, fill="none", stroke="#222222", stroke_width=3))
    for b, style in (outlines or {}).items():
        _outline(d, blocks, str(b), style, cell)
    for i in range(81):
        r, c = divmod(i, 9)
        x, y = c * cell + cell / 2, r * cell + cell / 2
        ch = digits[i]
        if ch != "0":
            given = givens[i] != "0"
            colour = "#111111" if given else OWNER_STROKE.get(
                owners[i] if owners is not None else 0, "#444444")
            d.append(draw.Text(ch, cell * 0.55, x, y, text_anchor="middle",
                               dominant_baseline="central", font_family=FONT, fill=colour,
                               font_weight="bold" if given else "normal"))
        elif candidates is not None and candidates[i]:
            for k in range(9):
                if candidates[i] >> k & 1:
                    cx = c * cell + (0.24 + 0.26 * (k % 3)) * cell
                    cy = r * cell + (0.24 + 0.26 * (k // 3)) * cell
                    for e in haloed_text(str(k + 1), cell * 0.26, cx, cy, fill="#4a4a4a",
                                         halo=fills[i], font_family=FONT):
                        d.append(e)
    for e in draw_legend(legend, left + m, size + m, inner):
        d.append(e)
    if cell_names:
        for i in range(81):
            r, c = divmod(i, 9)
            d.append(draw.Rectangle(c * cell, r * cell, cell, cell, fill="#ffffff",
                                    fill_opacity=0, data_cell="abcdefghi"[c] + str(r + 1)))
    return str(d.as_svg())


def _outline(d: draw.Drawing, blocks: str, b: str, style: BlockOutline, cell: float) -> None:
    """Draw the border of block ``b``, inset by half the stroke so it stays inside the block."""
    k = style.width / 2 + 1.5
    for i in range(81):
        if blocks[i] != b:
            continue
        r, c = divmod(i, 9)
        x0, y0, x1, y1 = c * cell, r * cell, (c + 1) * cell, (r + 1) * cell
        up = r > 0 and blocks[i - 9] == b
        down = r < 8 and blocks[i + 9] == b
        left = c > 0 and blocks[i - 1] == b
        right = c < 8 and blocks[i + 1] == b
        ax0 = x0 if left else x0 + k
        ax1 = x1 if right else x1 - k
        ay0 = y0 if up else y0 + k
        ay1 = y1 if down else y1 - k
        kw = {"stroke": style.colour, "stroke_width": style.width, "stroke_linecap": "square"}
        if not up:
            d.append(draw.Line(ax0, y0 + k, ax1, y0 + k, **kw))
        if not down:
            d.append(draw.Line(ax0, y1 - k, ax1, y1 - k, **kw))
        if not left:
            d.append(draw.Line(x0 + k, ay0, x0 + k, ay1, **kw))
        if not right:
            d.append(draw.Line(x1 - k, ay0, x1 - k, ay1, **kw))


#: Colours of a solving step's picture: pattern cells, pattern candidates, eliminations,
#: placements.
STEP_CELL = "#fff3c4"
STEP_CANDIDATE = "#1f7a3a"
STEP_ELIMINATION = "#d62728"
STEP_PLACEMENT = "#1f5fd1"


def step_svg(
    blocks: str,
    digits: str,
    givens: str,
    candidates: Sequence[int],
    cells: Sequence[int] = (),
    pattern: Sequence[tuple[int, int]] = (),
    eliminations: Sequence[tuple[int, int]] = (),
    placements: Sequence[tuple[int, int]] = (),
    title: str | None = None,
    cell: float = 44.0,
) -> str:
    """An SVG of one solving step: the pencil marks before it, the pattern's cells tinted, its
    candidates ringed in green, eliminated candidates struck in red, placements in blue.

    Parameters
    ----------
    blocks, digits, givens : str
        81 block ids, the digits known before the step (``0`` blank), the givens.
    candidates : sequence of 81 bitmasks
        The candidates (bit d-1 for digit d) of every blank cell before the step.
    cells : cells of the pattern (tinted).
    pattern, eliminations, placements : (cell, digit 1-9) pairs.

    Examples
    --------
    >>> from puzzles.numbridge.field import REGULAR_BLOCKS
    >>> svg = step_svg(REGULAR_BLOCKS, "0" * 81, "0" * 81, [3] * 81, [0], [(0, 1)], [(1, 2)])
    >>> svg.count('stroke="#d62728"') >= 1 and "#fff3c4" in svg
    True
    """
    legend = [LegendEntry("fill", STEP_CELL, "pattern cells"),
              LegendEntry("ring", STEP_CANDIDATE, "pattern candidates"),
              LegendEntry("cross", STEP_ELIMINATION, "eliminated"),
              LegendEntry("text", STEP_PLACEMENT, "placed", extra="5")]
    m, axis, size = 10.0, 16.0, 9 * cell
    inner = max(size + axis, min(text_width(title or "", 14), 360.0), legend_width(legend))
    title_lines = wrap_text(title, 14, inner) if title else []
    top = block_height(title_lines, 14) + (4.0 if title else 0.0) + axis
    legend_h = legend_height(legend, inner) + 4.0
    width, height = inner + 2 * m, size + 2 * m + top + legend_h
    left = -m - axis - (inner - size - axis) / 2
    d = draw.Drawing(width, height, origin=(left, -m - top))
    d.append(draw.Rectangle(left, -m - top, width, height, fill="#ffffff"))
    for e in text_block(title_lines, 14, left + width / 2, -m - top + 2):
        d.append(e)
    for k in range(9):
        d.append(draw.Text("abcdefghi"[k], 11, (k + 0.5) * cell, -6, text_anchor="middle",
                           font_family=FONT, fill="#6b6455"))
        d.append(draw.Text(str(k + 1), 11, -7, (k + 0.5) * cell + 4, text_anchor="end",
                           font_family=FONT, fill="#6b6455"))
    tinted = set(cells)
    for i in range(81):
        r, c = divmod(i, 9)
        d.append(draw.Rectangle(c * cell, r * cell, cell, cell,
                                fill=STEP_CELL if i in tinted else "#fbfaf6", stroke="#bbbbbb",
                                stroke_width=1))
    for i in range(81):
        r, c = divmod(i, 9)
        if c < 8 and blocks[i] != blocks[i + 1]:
            d.append(draw.Line((c + 1) * cell, r * cell, (c + 1) * cell, (r + 1) * cell,
                               stroke="#222222", stroke_width=3, stroke_linecap="square"))
        if r < 8 and blocks[i] != blocks[i + 9]:
            d.append(draw.Line(c * cell, (r + 1) * cell, (c + 1) * cell, (r + 1) * cell,
                               stroke="#222222", stroke_width=3, stroke_linecap="square"))
    d.append(draw.Rectangle(0, 0, size, size, fill="none", stroke="#222222", stroke_width=3))
    ringed, struck, placed = set(pattern), set(eliminations), dict(placements)
    for i in range(81):
        r, c = divmod(i, 9)
        if digits[i] != "0":
            d.append(draw.Text(digits[i], cell * 0.55, c * cell + cell / 2, r * cell + cell / 2,
                               text_anchor="middle", dominant_baseline="central",
                               font_family=FONT, fill="#111111" if givens[i] != "0" else "#555555",
                               font_weight="bold" if givens[i] != "0" else "normal"))
            continue
        if i in placed:
            d.append(draw.Text(str(placed[i]), cell * 0.55, c * cell + cell / 2,
                               r * cell + cell / 2, text_anchor="middle",
                               dominant_baseline="central", font_family=FONT,
                               fill=STEP_PLACEMENT, font_weight="bold"))
            continue
        for k in range(9):
            if not candidates[i] >> k & 1:
                continue
            cx = c * cell + (0.22 + 0.28 * (k % 3)) * cell
            cy = r * cell + (0.22 + 0.28 * (k // 3)) * cell
            key = (i, k + 1)
            if key in ringed:
                d.append(draw.Circle(cx, cy, cell * 0.13, fill="#d9f2df", stroke=STEP_CANDIDATE,
                                     stroke_width=1.5))
            colour = STEP_ELIMINATION if key in struck else "#4a4a4a"
            d.append(draw.Text(str(k + 1), cell * 0.24, cx, cy, text_anchor="middle",
                               dominant_baseline="central", font_family=FONT, fill=colour,
                               font_weight="bold" if key in struck or key in ringed
                               else "normal"))
            if key in struck:
                s = cell * 0.11
                d.append(draw.Line(cx - s, cy - s, cx + s, cy + s, stroke=STEP_ELIMINATION,
                                   stroke_width=1.8))
                d.append(draw.Line(cx - s, cy + s, cx + s, cy - s, stroke=STEP_ELIMINATION,
                                   stroke_width=1.8))
    for e in draw_legend(legend, left + m, size + m, inner):
        d.append(e)
    return str(d.as_svg())
