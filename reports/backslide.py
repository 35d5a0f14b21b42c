"""Pictures of BackSlide positions: the square pieces on a 4x4 board with the hole, and slide
sequences as a strip of small numbered boards with the list of slides."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import drawsvg as draw

from puzzles.grids import grid
from reports.legend import FONT, LegendEntry, draw_legend, legend_height, text_width
from reports.svg import (
    DEFAULT_STYLE,
    Overlay,
    PieceDrawing,
    Style,
    board_elements,
    board_svg,
    readable_style,
)

MOVED_COLOUR = "#d62728"


def _board(position: Sequence[int], moved: int | None
           ) -> tuple[list[tuple[int, int]], dict[tuple[int, int], PieceDrawing], list[Overlay]]:
    cells = [(i % 4, i // 4) for i in range(16)]
    pieces = {c: PieceDrawing(v, label=str(v)) for c, v in zip(cells, position, strict=True) if v}
    overlays = []
    if moved:
        at = cells[list(position).index(moved)]
        overlays.append(Overlay("outline", frozenset({at}), colour=MOVED_COLOUR))
    return cells, pieces, overlays


def position_svg(position: Sequence[int], title: str | None = None,
                 moved: int | None = None, style: Style = DEFAULT_STYLE) -> str:
    """A 4x4 position; the hole is drawn empty and ``moved`` (a piece) is outlined.

    Each piece's number sits in the lower-right quarter of its cell, where no beam runs.
    """
    cells, pieces, overlays = _board(position, moved)
    legend = [LegendEntry("outline", MOVED_COLOUR, "piece just slid")] if moved else []
    return board_svg(grid("square"), cells, pieces, overlays,
                     style=readable_style(grid("square"), style), title=title, legend=legend)


def slide_text(start: Sequence[int], slides: Sequence[int]) -> list[str]:
    """``"3. 14 left"``: each slide's number, the piece and the way it moves."""
    board = list(start)
    out = []
    for k, piece in enumerate(slides, 1):
        h, p = board.index(0), board.index(piece)
        dq, dr = h % 4 - p % 4, h // 4 - p // 4
        way = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}.get(
            (dq, dr), "jumps")
        out.append(f"{k}. {piece} {way}")
        board[h], board[p] = piece, 0
    return out


def slide_sequence_svg(start: Sequence[int], slides: Sequence[int], per_row: int = 8) -> str:
    """The whole slide sequence: a strip of small boards (the start, then the position after
    each slide with the slid piece outlined), then the numbered list of slides."""
    g = grid("square")
    style = replace(DEFAULT_STYLE, cell_size=30.0, label_scale=0.31, beam_width=3.0, margin=0)
    board = list(start)
    frames: list[tuple[str, list[int], int | None]] = [("start", list(board), None)]
    steps = slide_text(start, slides)
    for k, piece in enumerate(slides):
        h, p = board.index(0), board.index(piece)
        board[h], board[p] = piece, 0
        frames.append((steps[k], list(board), piece))
    gap, head = 14.0, 16.0
    elements: list[Any] = []
    frame_w = frame_h = 0.0
    placed: list[tuple[float, float, list[Any], tuple[float, float, float, float], str]] = []
    for i, (label, pos, moved) in enumerate(frames):
        els, box = board_elements(g, *_board(pos, moved), style=style)
        frame_w = max(frame_w, box[2] - box[0])
        frame_h = max(frame_h, box[3] - box[1])
        placed.append((i % per_row, i // per_row, els, box, label))
    cols = min(per_row, len(frames))
    m = 10.0
    width = m * 2 + cols * frame_w + (cols - 1) * gap
    title = f"{len(slides)} slides from the start to a solved position"
    y = m + 18.0
    elements.append(draw.Text(title, 14, width / 2, m + 12, text_anchor="middle",
                              font_family=FONT, fill="#222222"))
    rows = (len(frames) + per_row - 1) // per_row
    for col, row, els, box, label in placed:
        ox = m + col * (frame_w + gap)
        oy = y + row * (frame_h + head + gap)
        elements.append(draw.Text(label, 11, ox + frame_w / 2, oy + 11, text_anchor="middle",
                                  font_family=FONT, fill="#222222"))
        group = draw.Group(transform=f"translate({ox - box[0]:.2f},{oy + head - box[1]:.2f})")
        for e in els:
            group.append(e)
        elements.append(group)
    y += rows * (frame_h + head + gap)
    # the numbered list, in columns
    col_w = max([text_width(s, 12) for s in steps] + [60.0]) + 16
    per_line = max(1, int((width - 2 * m) // col_w))
    lines = [steps[i:i + per_line] for i in range(0, len(steps), per_line)]
    elements.append(draw.Text("slides (piece moved into the hole):" if steps else
                              "already solved: no slide", 12, m, y + 10, font_family=FONT,
                              fill="#222222", font_weight="bold"))
    y += 18
    for line in lines:
        for j, s in enumerate(line):
            elements.append(draw.Text(s, 12, m + j * col_w, y + 12, font_family=FONT,
                                      fill="#222222"))
        y += 16
    legend = [LegendEntry("outline", MOVED_COLOUR, "piece just slid")]
    elements.extend(draw_legend(legend, m, y + 2, width - 2 * m))
    y += legend_height(legend, width - 2 * m) + m
    d = draw.Drawing(width, y)
    d.append(draw.Rectangle(0, 0, width, y, fill="#ffffff"))
    for e in elements:
        d.append(e)
    return str(d.as_svg())
