"""Pictures and text of Dominions positions.

The board is drawn pointy-top with row ``a`` at the bottom; black pieces are dark with light
beams, white pieces light with dark beams. Analysis marks arrive as plain cell sets (groups to
outline, eyes, oscillation cells, the last move): the drawing never asks why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from puzzles.dominions import COLOUR_LETTERS, Position
from puzzles.grids import grid
from reports.geometry import centre
from reports.svg import Overlay, PieceDrawing, Style, board_svg

BLACK_FILL, BLACK_BEAM = "#2b2b2b", "#f2efe6"
WHITE_FILL, WHITE_BEAM = "#fbf8ef", "#2b2b2b"
STYLE = Style(cell_size=16.0, beam_width=2.6, margin=22.0)


@dataclass
class Marks:
    """Cell sets to mark on a board picture (cell indices of the position's board)."""

    groups: Sequence[tuple[int, Sequence[int]]] = ()  # (colour, cells) outlined
    eyes: dict[int, Sequence[int]] = field(default_factory=dict)  # colour -> eye cells
    oscillation: Sequence[int] = ()  # eyes by oscillation
    last: Sequence[int] = ()  # the last move's cell (and what it reversed)
    highlight: Sequence[int] = ()  # e.g. the answer of a puzzle
    labels: dict[int, str] = field(default_factory=dict)


def position_svg(pos: Position, marks: Marks | None = None, title: str | None = None,
                 caption: str | None = None, numbers: bool = False,
                 cell_names: bool = False) -> str:
    """The board of ``pos`` with its pieces and the given marks (``cell_names``: each cell
    carries its name as a ``data-cell`` attribute, for clickable boards)."""
    marks = marks or Marks()
    b = pos.board
    pieces = {}
    for i in pos.occupied:
        black = pos.owner[i] == 1
        pieces[b.cells[i]] = PieceDrawing(
            pos.piece[i], fill=BLACK_FILL if black else WHITE_FILL,
            beam_colour=BLACK_BEAM if black else WHITE_BEAM,
            label=str(pos.piece[i]) if numbers else None,
            label_colour="#ff9f1c" if black else "#1f77b4")
    overlays: list[Overlay] = []
    if marks.last:
        overlays.append(Overlay("fill", frozenset(b.cells[i] for i in marks.last),
                                colour="#ffbf00", opacity=0.55))
    if marks.highlight:
        overlays.append(Overlay("fill", frozenset(b.cells[i] for i in marks.highlight),
                                colour="#2ca02c", opacity=0.5))
    for colour, cells in marks.groups:
        overlays.append(Overlay("outline", frozenset(b.cells[i] for i in cells),
                                colour="#d62728" if colour == 1 else "#1f77b4", width=2.0))
    for colour, cells in marks.eyes.items():
        overlays.append(Overlay("marker", frozenset(b.cells[i] for i in cells),
                                colour="#111111" if colour == 1 else "#9aa5b1"))
    if marks.oscillation:
        overlays.append(Overlay("cross", frozenset(b.cells[i] for i in marks.oscillation),
                                colour="#9467bd", width=2.0))
    if marks.labels:
        overlays.append(Overlay("label", frozenset(b.cells[i] for i in marks.labels),
                                colour="#d62728",
                                labels={b.cells[i]: t for i, t in marks.labels.items()}))
    names = {b.cells[i]: b.names[i] for i in range(len(b))} if cell_names else None
    svg = board_svg(grid("hexagon"), b.cells, pieces, overlays, style=STYLE, title=title,
                    caption=caption, cell_names=names)
    return _with_coordinates(pos, svg)


def _with_coordinates(pos: Position, svg: str) -> str:
    """Row letters left of each row and numbers below each SE end of a number line."""
    b = pos.board
    g = grid("hexagon")
    size = STYLE.cell_size
    first_in_row: dict[str, int] = {}
    last_in_line: dict[str, int] = {}
    for i, name in enumerate(b.names):
        first_in_row.setdefault(name[0], i)
        last_in_line.setdefault(name[1:], i)  # names are sorted by letter: the lowest comes first
    marks = []
    for text, i, direction in ([(k, v, 4) for k, v in first_in_row.items()]
                               + [(k, v, 16) for k, v in last_in_line.items()]):
        x0, y0 = centre(g, b.cells[i], size)
        x1, y1 = centre(g, g.neighbour(b.cells[i], direction), size)
        x, y = x0 + 0.62 * (x1 - x0), y0 + 0.62 * (y1 - y0)
        marks.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="8" text-anchor="middle" '
                     f'dominant-baseline="central" fill="#8a8270" '
                     f'font-family="{STYLE.font_family}">{text}</text>')
    head, _, _ = svg.rpartition("</svg>")
    return head + "".join(marks) + "</svg>\n"


def position_text(pos: Position) -> str:
    """The board as rows of ``W63``/``B2``/``.`` from the top row down, row letters on the left."""
    b = pos.board
    size = 2 * b.base - 1
    lines = []
    for letter in range(size, 0, -1):
        row = [i for i in range(len(b)) if b.names[i][0] == "abcdefghijklmnopqrs"[letter - 1]]
        indent = abs(letter - b.base) * 2
        cells = []
        for i in row:
            cells.append(f"{COLOUR_LETTERS[pos.owner[i]]}{pos.piece[i]}".ljust(4)
                         if pos.piece[i] >= 0 else " .  ")
        lines.append(f"{'abcdefghijklmnopqrs'[letter - 1]:>2} " + " " * indent + "".join(cells))
    return "\n".join(line.rstrip() for line in lines)
