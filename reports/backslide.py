"""Pictures of BackSlide positions: the square pieces on a 4x4 board with the hole."""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.grids import grid
from reports.html import Figure
from reports.svg import DEFAULT_STYLE, Overlay, PieceDrawing, Style, board_svg


def position_svg(position: Sequence[int], title: str | None = None,
                 moved: int | None = None, style: Style = DEFAULT_STYLE) -> str:
    """A 4x4 position; the hole is drawn empty and ``moved`` (a piece) is outlined."""
    cells = [(i % 4, i // 4) for i in range(16)]
    pieces = {c: PieceDrawing(v, label=str(v)) for c, v in zip(cells, position, strict=True) if v}
    overlays = []
    if moved:
        at = cells[list(position).index(moved)]
        overlays.append(Overlay("outline", frozenset({at}), colour="#d62728"))
    return board_svg(grid("square"), cells, pieces, overlays, style=style, title=title)


def slide_sequence_svg(start: Sequence[int], slides: Sequence[int]) -> str:
    """The start and the end position of a slide sequence, side by side in one SVG."""
    board = list(start)
    for piece in slides:
        h, p = board.index(0), board.index(piece)
        board[h], board[p] = piece, 0
    left = position_svg(start, "start")
    right = position_svg(board, f"after {len(slides)} slides")
    return _side_by_side([left, right])


def _side_by_side(svgs: Sequence[str]) -> str:
    """Nest several SVG documents in one, left to right."""
    import re

    parts = []
    x = 0.0
    height = 0.0
    for svg in svgs:
        m = re.search(r'width="([\d.]+)" height="([\d.]+)"', svg)
        w, h = (float(m.group(1)), float(m.group(2))) if m else (200.0, 200.0)
        body = svg[svg.index("<svg"):].replace("<svg ", f'<svg x="{x:.1f}" y="0" ', 1)
        parts.append(body)
        x += w + 16
        height = max(height, h)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{x:.1f}" height="{height:.1f}">'
            + "".join(parts) + "</svg>")


def position_figures(positions: Sequence[tuple[Sequence[int], str]]) -> list[Figure]:
    """HTML figures of several positions with captions."""
    return [Figure(position_svg(p), caption) for p, caption in positions]
