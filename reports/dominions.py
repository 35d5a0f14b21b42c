"""Pictures and text of Dominions positions.

The board is drawn pointy-top with row ``a`` at the bottom; black pieces are dark with light
beams, white pieces light with dark beams. Analysis marks arrive as plain cell sets (groups to
outline, eyes, oscillation cells, the last move): the drawing never asks why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from puzzles.dominions import COLOUR_LETTERS, Position
from puzzles.grids import grid
from reports.geometry import centre
from reports.legend import LegendEntry
from reports.svg import (
    Note,
    Overlay,
    PieceDrawing,
    Style,
    board_svg,
    piece_gallery_svg,
    stacked_svg,
)

BLACK_FILL, BLACK_BEAM, BLACK_STROKE = "#262626", "#f2efe6", "#111111"
WHITE_FILL, WHITE_BEAM, WHITE_STROKE = "#ffffff", "#2b2b2b", "#5a5a5a"
EMPTY_FILL, EMPTY_STROKE = "#e9e5db", "#d2cbbb"
GROUP_COLOUR = {0: "#1f77b4", 1: "#d62728"}
EYE_SHAPE = {0: ("ring", "#1f3b73", "White's eye"), 1: ("diamond", "#111111", "Black's eye")}
LAST_COLOUR, HIGHLIGHT_COLOUR, OSCILLATION_COLOUR = "#ffbf00", "#2ca02c", "#9467bd"
STYLE = Style(cell_size=19.0, beam_width=3.0, margin=10.0, empty_fill=EMPTY_FILL,
              cell_stroke=EMPTY_STROKE, label_scale=0.42)


@dataclass
class Marks:
    """Cell sets to mark on a board picture (cell indices of the position's board)."""

    groups: Sequence[tuple[int, Sequence[int]]] = ()  # (colour, cells) outlined
    eyes: dict[int, Sequence[int]] = field(default_factory=dict)  # colour -> eye cells
    oscillation: Sequence[int] = ()  # eyes by oscillation
    last: Sequence[int] = ()  # the last move's cell (and what it reversed)
    highlight: Sequence[int] = ()  # e.g. the answer of a puzzle
    labels: dict[int, str] = field(default_factory=dict)
    highlight_label: str = "highlighted cell"  # its legend entry
    labels_label: str = "label"  # the legend entry of ``labels``
    last_label: str = "last move"  # the legend entry of ``last``


def position_svg(pos: Position, marks: Marks | None = None, title: str | None = None,
                 caption: str | None = None, numbers: bool = False,
                 cell_names: bool = False) -> str:
    """The board of ``pos`` with its pieces, the given marks, coordinates and a legend.

    Pieces are drawn as pieces (a white or black body with its beams) on quiet empty cells;
    White's eyes are rings, Black's eyes diamonds (side by side on a cell that is both); rows
    are lettered on the left, number lines numbered at their lower end. ``numbers`` writes each
    piece's number in a beam-free corner of its cell. ``cell_names``: each cell carries its
    name as a ``data-cell`` attribute, for clickable boards.
    """
    marks = marks or Marks()
    b = pos.board
    pieces = {}
    colours_on_board = set()
    for i in pos.occupied:
        black = pos.owner[i] == 1
        colours_on_board.add(1 if black else 0)
        pieces[b.cells[i]] = PieceDrawing(
            pos.piece[i], fill=BLACK_FILL if black else WHITE_FILL,
            beam_colour=BLACK_BEAM if black else WHITE_BEAM,
            stroke=BLACK_STROKE if black else WHITE_STROKE,
            label=str(pos.piece[i]) if numbers else None,
            label_colour="#ffc46b" if black else "#1f3b73")
    overlays: list[Overlay] = []
    legend = [LegendEntry("piece", WHITE_FILL, "White piece", WHITE_BEAM),
              LegendEntry("piece", BLACK_FILL, "Black piece", BLACK_BEAM),
              LegendEntry("cell", EMPTY_FILL, "empty cell", EMPTY_STROKE)]
    if marks.last:
        overlays.append(Overlay("fill", frozenset(b.cells[i] for i in marks.last),
                                colour=LAST_COLOUR, opacity=0.55))
        legend.append(LegendEntry("fill", LAST_COLOUR, marks.last_label))
    if marks.highlight:
        overlays.append(Overlay("fill", frozenset(b.cells[i] for i in marks.highlight),
                                colour=HIGHLIGHT_COLOUR, opacity=0.5))
        legend.append(LegendEntry("fill", HIGHLIGHT_COLOUR, marks.highlight_label))
    outlined = set()
    for colour, cells in marks.groups:
        overlays.append(Overlay("outline", frozenset(b.cells[i] for i in cells),
                                colour=GROUP_COLOUR[1 if colour == 1 else 0], width=2.2))
        outlined.add(1 if colour == 1 else 0)
    for colour in sorted(outlined):
        legend.append(LegendEntry("outline", GROUP_COLOUR[colour],
                                  f"{'Black' if colour else 'White'} group", width=2.2))
    both = set(marks.eyes.get(0, ())) & set(marks.eyes.get(1, ()))
    for colour, cells in sorted(marks.eyes.items()):
        shape, fill, label = EYE_SHAPE[1 if colour == 1 else 0]
        alone = frozenset(b.cells[i] for i in cells if i not in both)
        shared = frozenset(b.cells[i] for i in cells if i in both)
        overlays.append(Overlay("marker", alone, colour=fill, shape=shape))
        if shared:
            overlays.append(Overlay("marker", shared, colour=fill, shape=shape,
                                    offset=(-0.3 if colour != 1 else 0.3, 0.0)))
        if cells:
            legend.append(LegendEntry(shape, fill, label))
    if marks.oscillation:
        overlays.append(Overlay("cross", frozenset(b.cells[i] for i in marks.oscillation),
                                colour=OSCILLATION_COLOUR, width=1.6))
        legend.append(LegendEntry("cross", OSCILLATION_COLOUR, "eye by oscillation"))
    if marks.labels:
        overlays.append(Overlay("label", frozenset(b.cells[i] for i in marks.labels),
                                colour="#d62728",
                                labels={b.cells[i]: t for i, t in marks.labels.items()}))
        legend.append(LegendEntry("text", "#d62728", marks.labels_label, "1"))
    names = {b.cells[i]: b.names[i] for i in range(len(b))} if cell_names else None
    return board_svg(grid("hexagon"), b.cells, pieces, overlays,
                     style=NUMBERED_STYLE if numbers else STYLE, title=title,
                     caption=caption, legend=legend, notes=coordinate_notes(pos),
                     cell_names=names)


def coordinate_notes(pos: Position) -> list[Note]:
    """Row letters left of each row, line numbers beyond the lower (SE) end of each line."""
    b = pos.board
    g = grid("hexagon")
    size = STYLE.cell_size
    first_in_row: dict[str, int] = {}
    last_in_line: dict[str, int] = {}
    for i, name in enumerate(b.names):
        first_in_row.setdefault(name[0], i)
        last_in_line.setdefault(name[1:], i)  # names are sorted by letter: the lowest comes first
    notes = []
    for text, i, direction in ([(k, v, 4) for k, v in first_in_row.items()]
                               + [(k, v, 16) for k, v in last_in_line.items()]):
        x0, y0 = centre(g, b.cells[i], size)
        x1, y1 = centre(g, g.neighbour(b.cells[i], direction), size)
        x, y = x0 + 0.88 * (x1 - x0), y0 + 0.88 * (y1 - y0)
        notes.append(Note(text, x, y, size=10.0))
    return notes


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


#: Small pieces with full-size numbers: two hands fit under a board on one page.
HAND_STYLE = Style(cell_size=11.0, beam_width=2.2, margin=6.0)
#: A numbered board: the numbers larger, for print (``numbers=True``).
NUMBERED_STYLE = replace(STYLE, label_scale=0.56)


def hands_svg(pos: Position) -> str:
    """Both hands of ``pos``, the player to move first, each piece with its number (a
    puzzle is solved from the board and the hands)."""
    parts = []
    for colour in (pos.to_move, 1 - pos.to_move):
        hand = pos.hand(colour)
        who = "White" if colour == 0 else "Black"
        title = (f"{who}'s hand ({len(hand)} pieces)"
                 + (", to move" if colour == pos.to_move else ""))
        parts.append(piece_gallery_svg(grid("hexagon"), [(p, p, None) for p in hand],
                                       per_row=13, style=HAND_STYLE, title=title))
    return stacked_svg(parts)
