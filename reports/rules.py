"""The pictures of the rules pages (``docs/rules/``), drawn from domain objects only.

``python3 -m reports.rules docs/rules/pictures`` writes every picture; a test draws them again
and compares. The examples are fixed data checked by the domain's own rules when drawn (an
arrangement by ``puzzles.arrangements.verify``, a Dominions position by replaying its record,
a Dominimum layout by ``Layout.place``), so a picture can never show a position the rules
forbid.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from puzzles.arrangements import Arrangement, faults, verify
from puzzles.backslide import slide
from puzzles.beamsets import piece_set
from puzzles.dominimum.groups import groups
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominions import Position, replay
from puzzles.regions import parse_region
from reports.backslide import position_svg as backslide_svg
from reports.beams import arrangement_svg, piece_set_svg
from reports.dominimum import PALETTE, Highlight, layout_svg
from reports.dominions import Marks, hands_svg
from reports.dominions import position_svg as dominions_svg
from reports.numbridge import field_svg
from reports.output import write_atomic

#: A compact 4x4 solution of the square set (row by row).
COMPACT_4X4 = (9, 13, 12, 8, 11, 7, 15, 14, 10, 1, 6, 2, 3, 5, 4, 0)
#: A transcendental arrangement of the square set, every beamed piece in one group.
TRANSCENDENTAL = {(4, -3): 8, (0, -2): 9, (1, -2): 5, (2, -2): 12, (4, -2): 10, (0, -1): 2,
                  (2, -1): 11, (3, -1): 13, (4, -1): 6, (1, 0): 1, (2, 0): 15, (3, 0): 14,
                  (6, 0): 0, (2, 1): 3, (3, 1): 7, (4, 1): 4}
#: A StarMap of the square set on 8x8, no two pieces adjacent.
STARMAP = {(1, 0): 9, (5, 0): 13, (7, 0): 12, (3, 1): 8, (1, 2): 11, (5, 2): 15, (7, 2): 14,
           (0, 3): 1, (3, 3): 7, (6, 3): 4, (5, 4): 10, (2, 5): 0, (5, 6): 2, (1, 7): 3,
           (4, 7): 5, (7, 7): 6}
#: The slides that scramble the compact solution for the BackSlide picture.
SCRAMBLE = (2, 6, 1, 10, 3, 5, 4, 2, 6)
#: A Dominions position (seeded self-play) where White to move has one capture: piece 40 on f10.
DOMINIONS = ("W[P31d2];B[P48e2];W[P61e3];B[P59d3];W[P63c3];B[P29b2];W[P14e4];B[P7c4];"
             "W[P47d5];B[P16f5];W[P60d4];B[P57e6];W[P19e5];B[P41c5];W[P35c2];B[P32d1];"
             "W[P55e7];B[P44g5];W[P30d6];B[P51g4];W[P24f7];B[P30h4];W[P46c6];B[P61c7];"
             "W[P25b4];B[P10h5];W[P62b7];B[P21b8];W[P59d8];B[P38c8];W[P45b6];B[P36h3];"
             "W[P44c9];B[P3g8];W[P2a8];B[P60h2];W[P54i6];B[P56j6];W[P39k6];B[P28j5];"
             "W[P15g7];B[P34a4];W[P37a5];B[P6f2];W[P27h8];B[P40k5];W[P41j4];B[P53i4];"
             "W[P42h9];B[P11e9];W[P50h6];B[P39i3];W[P57e10];B[P18i8];W[P48j8];B[P26l7];"
             "W[P53m8];B[P31e8];W[P56m7];B[P55j9];W[P22k7];B[P27f4];W[P26i9];B[P13f11];"
             "W[P43g12];B[P4e11]")
DOMINIONS_ANSWER = "P40f10"
#: A small Dominimum layout: (first value, second value, first cell, second cell).
LAYOUT = ((3, 3, (0, 0), (1, 0)), (3, 5, (2, 0), (3, 0)), (5, 5, (3, 1), (3, 2)),
          (1, 5, (2, 1), (2, 2)), (3, 6, (0, 1), (1, 1)), (0, 2, (0, 2), (1, 2)),
          (4, 5, (2, 3), (3, 3)), (0, 1, (0, 3), (1, 3)))
#: A Numbridge field (the well-known first example of Wikipedia's sudoku article) and its
#: solution.
GIVENS = ("530070000600195000098000060800060003400803001700020006060000280000419005"
          "000080079")
SOLUTION = ("534678912672195348198342567859761423426853791713924856961537284287419635"
            "345286179")


def _arrangement(kind: str, placements: dict[tuple[int, int], int], region: str | None,
                 single_group: bool = False, no_adjacent: bool = False) -> Arrangement:
    arr = Arrangement("square", kind, placements,
                      parse_region(region, "square") if region else None,
                      single_group=single_group, no_adjacent=no_adjacent)
    verify(arr)
    return arr


def beam_sets() -> dict[str, str]:
    """The three first-order sets, and two neighbours that match and two that do not."""
    pair = parse_region("2x1", "square")
    match = Arrangement("square", "compact", {(0, 0): 1, (1, 0): 4}, pair, pieces=(1, 4))
    clash = Arrangement("square", "compact", {(0, 0): 1, (1, 0): 8}, pair, pieces=(1, 8))
    assert not list(faults(match)) and list(faults(clash))
    return {"hexagon-set": piece_set_svg(piece_set("hexagon")),
            "square-set": piece_set_svg(piece_set("square")),
            "triangle-set": piece_set_svg(piece_set("triangle")),
            "match": arrangement_svg(match, title="they match: beam meets beam"),
            "no-match": arrangement_svg(clash, title="no match: beam meets blank")}


def arrangements() -> dict[str, str]:
    """A compact, a transcendental and a StarMap arrangement of the square set."""
    compact = {(i % 4, i // 4): p for i, p in enumerate(COMPACT_4X4)}
    return {"compact-4x4": arrangement_svg(_arrangement("compact", compact, "4x4")),
            "transcendental": arrangement_svg(_arrangement("transcendental", TRANSCENDENTAL,
                                                           None, single_group=True)),
            "starmap-8x8": arrangement_svg(_arrangement("starmap", STARMAP, "8x8",
                                                        no_adjacent=True))}


def backslide() -> dict[str, str]:
    """A scrambled position and the solved one it came from."""
    solved = tuple(COMPACT_4X4)
    position = solved
    for piece in SCRAMBLE:
        position = slide(position, piece)
    return {"backslide-scrambled": backslide_svg(position, "scrambled by 9 slides"),
            "backslide-solved": backslide_svg(solved, "solved: every line meets a line")}


def dominions() -> dict[str, str]:
    """A capture: the position, both hands, and the board after the one capturing move."""
    pos: Position = replay(DOMINIONS)
    move = pos.parse_move(DOMINIONS_ANSWER)
    after = pos.copy()
    after.push(move)
    turned = sorted(i for i in pos.occupied if after.owner[i] != pos.owner[i])
    return {"dominions-position": dominions_svg(pos, numbers=True,
                                                title="White to move: one move captures"),
            "dominions-hands": hands_svg(pos),
            "dominions-capture": dominions_svg(
                after, Marks(highlight=[move.cell], highlight_label="the piece placed",
                             last=turned, last_label="the Black pieces it reversed"),
                numbers=True, title=f"W[{DOMINIONS_ANSWER}]: the capture")}


def _layout() -> Layout:
    layout = Layout()
    for a, b, c1, c2 in LAYOUT:
        layout.place(Placement(a, b, (c1, c2)))
    return layout


def dominoes() -> dict[str, str]:
    """A Dominimum mission scored, and a Dominomega symbol's groups."""
    layout = _layout()
    three = max(groups(layout, lambda v: v == 3), key=len)
    five = max(groups(layout, lambda v: v == 5), key=len)
    # the symbol in most groups shows the product best
    symbol = max((1, 2, 4), key=lambda s: len(groups(layout, lambda v: bool(v & s))))
    name = {1: "pip", 2: "small circle", 4: "large circle"}[symbol]
    pips = groups(layout, lambda v: bool(v & symbol))
    return {"dominimum-mission": layout_svg(layout, [
        Highlight(frozenset(three), PALETTE[0], f"largest group of 3: {len(three)}"),
        Highlight(frozenset(five), PALETTE[1], f"largest group of 5: {len(five)}")],
        title=f"mission 3-5 scores {len(three)} x {len(five)} = {len(three) * len(five)}"),
        "dominomega-symbol": layout_svg(layout, [
            Highlight(frozenset(g), PALETTE[i % len(PALETTE)], f"{name} group of {len(g)}")
            for i, g in enumerate(sorted(pips, key=lambda g: (-len(g), sorted(g))))],
            title=f"{name}: " + " x ".join(str(len(g)) for g in sorted(pips, key=len,
                                                                    reverse=True))
            + f" = {_product(len(g) for g in pips)}")}


def _product(values: object) -> int:
    out = 1
    for v in values:  # type: ignore[attr-defined]
        out *= v
    return out


def numbridge() -> dict[str, str]:
    """A field with its givens, and the same field with a few cells taken by each player."""
    blocks = "".join(str(3 * (r // 3) + c // 3 + 1) for r in range(9) for c in range(9))
    owners = [0] * 81
    taken = {1: (0, 1, 11, 12, 19, 20, 30), 2: (3, 5, 14, 22, 23, 40)}
    digits = list(GIVENS)
    for player, cells in taken.items():
        for c in cells:
            owners[c] = player
            digits[c] = SOLUTION[c]
    return {"numbridge-field": field_svg(blocks, GIVENS, title="a field: 30 givens"),
            "numbridge-taken": field_svg(blocks, "".join(digits), GIVENS, owners=owners,
                                         title="A (blue) and B (red) have taken cells")}


#: Every picture, by the page that shows it.
PICTURES: dict[str, Callable[[], dict[str, str]]] = {
    "beam-sets": beam_sets, "arrangements": arrangements, "backslide": backslide,
    "dominions": dominions, "dominoes": dominoes, "numbridge": numbridge}


def draw_all() -> dict[str, str]:
    """File name -> SVG text of every picture."""
    out: dict[str, str] = {}
    for make in PICTURES.values():
        for name, svg in make().items():
            out[f"{name}.svg"] = svg if svg.endswith("\n") else svg + "\n"
    return out


def main(argv: list[str] | None = None) -> None:
    """Write every picture into the folder given (default ``docs/rules/pictures``)."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/rules/pictures")
    folder.mkdir(parents=True, exist_ok=True)
    pictures = draw_all()
    for name, svg in pictures.items():
        write_atomic(folder / name, svg)
    print(f"wrote {len(pictures)} pictures into {folder}")


if __name__ == "__main__":
    main()
