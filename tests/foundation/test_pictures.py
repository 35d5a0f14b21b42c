"""The main pictures keep every text inside the canvas, label what they draw, and a puzzle
picture never shows its answer.

Text extents are estimated independently of ``reports.legend``: 0.6 em per character wide
(DejaVu Sans averages less), one em high, placed by ``text-anchor``; ``translate`` of enclosing
groups is followed. The browser test measures the same in Chromium on the demo page.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from puzzles.arrangements import Arrangement
from puzzles.backslide import parse_position
from puzzles.beamsets import piece_set
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominions import Position
from puzzles.numbridge.field import REGULAR_BLOCKS
from puzzles.regions import parse_region
from reports.backslide import position_svg as backslide_svg
from reports.backslide import slide_sequence_svg
from reports.beams import arrangement_svg, piece_set_svg
from reports.dominimum import Highlight, layout_svg
from reports.dominions import HIGHLIGHT_COLOUR, Marks
from reports.dominions import position_svg as dominions_svg
from reports.numbridge import BlockOutline, field_svg
from reports.svg import label_point, readable_style
from reports.text import tie_note, tied_ranks

SVG = "{http://www.w3.org/2000/svg}"
LONG = ("a title much longer than the picture is wide, as the command line writes for "
        "starmap square, region 8x8 (border blank), no two adjacent")


def text_boxes(svg: str) -> tuple[tuple[float, float, float, float],
                                  list[tuple[str, float, float, float, float]]]:
    """The viewBox and, for every <text>, (text, x0, y0, x1, y1) in root coordinates."""
    root = ET.fromstring(svg.split("?>", 1)[-1])
    vx, vy, vw, vh = (float(v) for v in root.attrib["viewBox"].split())
    vb = (vx, vy, vw, vh)
    boxes: list[tuple[str, float, float, float, float]] = []

    def walk(el: ET.Element, dx: float, dy: float) -> None:
        m = re.match(r"translate\(([-\d.]+)[, ]+([-\d.]+)\)", el.attrib.get("transform", ""))
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        if el.tag == SVG + "text":
            text = "".join(el.itertext())
            size = float(el.attrib.get("font-size", "16"))
            x, y = float(el.attrib["x"]) + dx, float(el.attrib["y"]) + dy
            w = 0.6 * size * len(text)
            anchor = el.attrib.get("text-anchor", "start")
            left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
            central = el.attrib.get("dominant-baseline") == "central"
            top = y - size / 2 if central else y - 0.8 * size
            boxes.append((text, left, top, left + w, top + size))
        for child in el:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return vb, boxes


def assert_text_inside(svg: str) -> None:
    (vx, vy, vw, vh), boxes = text_boxes(svg)
    assert boxes, "no text at all"
    for text, x0, y0, x1, y1 in boxes:
        assert x0 >= vx - 0.5 and x1 <= vx + vw + 0.5, f"{text!r} leaves the canvas sideways"
        assert y0 >= vy - 0.5 and y1 <= vy + vh + 0.5, f"{text!r} leaves the canvas vertically"


def _dominions_marks() -> tuple[Position, Marks]:
    pos = Position.setup({"i9": "W32", "i10": "B4", "h9": "B32"})
    return pos, Marks(groups=[(0, [pos.board.cell_index("i9")])],
                      eyes={0: [pos.board.cell_index("j9")], 1: [pos.board.cell_index("j9")]},
                      last=[pos.board.cell_index("h9")])


def _layout() -> Layout:
    return Layout([Placement(7, 0, ((0, 0), (1, 0))), Placement(3, 5, ((-1, -1), (-1, 0)))])


def _arrangement(kind: str, region: str, placements: dict[tuple[int, int], int]
                 ) -> Arrangement:
    set_name = "triangle" if kind == "triangle" else "square"
    return Arrangement(set_name, "compact", placements, parse_region(region, set_name))


PICTURES = {
    "hexagon set": lambda: piece_set_svg(piece_set("hexagon")),
    "square set": lambda: piece_set_svg(piece_set("square")),
    "triangle set": lambda: piece_set_svg(piece_set("triangle")),
    "square2 set": lambda: piece_set_svg(piece_set("square2")),
    "square arrangement, long title": lambda: arrangement_svg(
        _arrangement("square", "2x2", {(0, 0): 9, (1, 0): 12, (0, 1): 3, (1, 1): 6}),
        title=LONG, highlight=frozenset({(0, 0)})),
    "triangle arrangement, long title": lambda: arrangement_svg(
        _arrangement("triangle", "2x1", {(0, 0): 1, (1, 0): 12}), title=LONG),
    "backslide position": lambda: backslide_svg(
        parse_position("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ."), LONG, moved=15),
    "backslide sequence": lambda: slide_sequence_svg(
        parse_position("1 2 3 4 5 6 7 8 9 10 11 12 13 14 . 15"), [15, 11, 15]),
    "dominions position": lambda: dominions_svg(*_dominions_marks(), title=LONG, caption=LONG,
                                                numbers=True),
    "domino layout": lambda: layout_svg(_layout(), [Highlight(frozenset({(0, 0)}), "#d62728",
                                                              "largest group of 7: 1")],
                                        title=LONG, caption=LONG, marks={(0, 0): "new"}),
    "numbridge field": lambda: field_svg(REGULAR_BLOCKS, "1" + "0" * 80, title=LONG,
                                         owners=[1] + [0] * 80, candidates=[0] + [511] * 80,
                                         outlines={1: BlockOutline("#1f5fd1", 3.5, "won")}),
}


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_no_text_leaves_the_canvas(name: str) -> None:
    assert_text_inside(PICTURES[name]())


def test_long_titles_wrap() -> None:
    _, boxes = text_boxes(PICTURES["square arrangement, long title"]())
    title_lines = [t for t, *_ in boxes if t in LONG and len(t) > 3]
    assert len(title_lines) >= 2 and " ".join(title_lines) == LONG


def test_dominions_legend_and_eye_markers() -> None:
    svg = PICTURES["dominions position"]()
    for label in ("White piece", "Black piece", "empty cell", "last move", "White group",
                  "White's eye", "Black's eye"):
        assert f">{label}<" in svg, label
    # j9 is an eye of both: a ring (White) and a diamond (Black) side by side
    ring = re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="[\d.]+" fill="#ffffff"', svg)
    diamond = re.findall(r'<path d="M([-\d.]+),([-\d.]+) L', svg)
    from puzzles.grids import grid
    from reports.dominions import STYLE
    from reports.geometry import centre

    pos, _ = _dominions_marks()
    x, y = centre(grid("hexagon"), pos.board.cells[pos.board.cell_index("j9")], STYLE.cell_size)
    rings = {(round(float(a), 1), round(float(b), 1)) for a, b in ring}
    assert (round(x - 0.3 * STYLE.cell_size, 1), round(y, 1)) in rings
    tops = {(round(float(a), 1), round(float(b), 1)) for a, b in diamond}
    k = STYLE.cell_size * 0.18 * 1.3
    assert (round(x + 0.3 * STYLE.cell_size, 1), round(y - k, 1)) in tops


def test_coordinates_are_drawn() -> None:
    pos, marks = _dominions_marks()
    dom = dominions_svg(pos, marks)
    assert ">a<" in dom and ">q<" in dom and ">17<" in dom and ">1<" in dom
    field = field_svg(REGULAR_BLOCKS, "0" * 81)
    assert all(f">{c}<" in field for c in "abcdefghi123456789")
    lay = layout_svg(_layout())
    assert all(f">{v}<" in lay for v in ("-1", "0", "1"))
    assert ">pip = 1<" in lay and ">large circle = 4<" in lay


def test_puzzle_picture_without_answer() -> None:
    pos, _ = _dominions_marks()
    question = dominions_svg(pos, Marks())
    answer = dominions_svg(pos, Marks(highlight=[pos.board.cell_index("j9")],
                                      highlight_label="the answer"))
    assert HIGHLIGHT_COLOUR not in question and "answer" not in question
    assert HIGHLIGHT_COLOUR in answer and ">the answer<" in answer


@pytest.mark.parametrize("kind", ["hexagon", "square", "triangle"])
def test_piece_numbers_sit_between_beams(kind: str) -> None:
    """The label point is farther from every beam line than half the label's height."""
    import math

    from reports.geometry import beam_end, centre

    ps = piece_set(kind)
    g = ps.grid
    style = readable_style(g)
    for cell in ((0, 0), (1, 0)):
        lx, ly = label_point(g, cell, style.cell_size)
        cx, cy = centre(g, cell, style.cell_size)
        for d in g.directions(cell):
            ex, ey = beam_end(g, cell, d, style.cell_size)
            # distance from the label point to the segment centre -> beam end
            vx, vy = ex - cx, ey - cy
            t = max(0.0, min(1.0, ((lx - cx) * vx + (ly - cy) * vy) / (vx * vx + vy * vy)))
            dist = math.hypot(lx - cx - t * vx, ly - cy - t * vy)
            assert dist > style.cell_size * style.label_scale / 2, (kind, cell, d)


def test_ties_are_marked() -> None:
    assert tied_ranks([(3, -1.4), (3, -1.4), (4, 0.0)]) == ["1=", "1=", "3"]
    assert tie_note([1, 1, 2]).startswith("The first 2 placements tie")
    assert tie_note([1, 2]) == ""


def test_second_order_corner_beams_end_in_corners() -> None:
    """square2 numbers sides and corners alternately: NE (2) ends in the top-right corner."""
    from puzzles.grids import grid
    from reports.geometry import beam_end, corners

    g = grid("square2")
    poly = corners(g, (0, 0), 10.0)
    assert beam_end(g, (0, 0), 2, 10.0) == (5.0, -5.0) and (5.0, -5.0) in poly
    assert beam_end(g, (0, 0), 4, 10.0) == (0.0, -5.0)  # N: the top side's midpoint
    hexagon2 = grid("hexagon2")
    assert beam_end(hexagon2, (0, 0), 64, 10.0) in corners(hexagon2, (0, 0), 10.0)
