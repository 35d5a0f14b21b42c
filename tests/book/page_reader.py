"""Reading a book as a person does: the question's text and what its pictures draw.

``read_book(html)`` splits a book's HTML page into its printed puzzles; the helpers list the
drawn elements of an SVG picture (texts with their places, circles, rectangles, paths) so that
a test can rebuild a puzzle from the page alone and solve it again, never from the
generator's state.
"""

from __future__ import annotations

import html as html_lib
import itertools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Printed:
    """One puzzle as the page prints it."""

    number: int
    question: str
    board: ET.Element
    pieces: ET.Element | None
    answer_board: ET.Element
    answer_text: str
    level: str


def _svgs(block: str) -> list[ET.Element]:
    """The outermost pictures of a block (a picture may nest others)."""
    out, depth, start = [], 0, 0
    for m in re.finditer(r"<svg\b|</svg>", block):
        if m.group() == "</svg>":
            depth -= 1
            if depth == 0:
                out.append(ET.fromstring(block[start:m.end()]))
        else:
            if depth == 0:
                start = m.start()
            depth += 1
    return out


def read_book(page: str) -> list[Printed]:
    """Every puzzle of a book page, with its answer."""
    puzzles = re.findall(r'<div class="puzzle" id="puzzle-(\d+)">(.*?)</div>\n</div>\n', page,
                         re.S)
    answers = {n: b for n, b in re.findall(
        r'<div class="answer[^"]*" id="answer-(\d+)">(.*?<p class="proof">.*?</p>)', page, re.S)}
    out = []
    for number, block in puzzles:
        question = html_lib.unescape(re.search(r"<p>(.*?)</p>", block, re.S).group(1))
        level = re.search(r'<span class="meta">(\w+) ', block).group(1)
        board, *rest = _svgs(block)
        answer = answers[number]
        text = html_lib.unescape(re.search(r'<p class="answer-text">(.*?)</p>', answer,
                                           re.S).group(1))
        out.append(Printed(int(number), question, board, rest[0] if rest else None,
                           _svgs(answer)[0], text, level))
    return out


def texts(svg: ET.Element) -> list[tuple[float, float, str, dict[str, str]]]:
    """Every text drawn: (x, y, text, attributes); a label split for print (a halo drawn
    under the glyphs) counts once."""
    seen: set[tuple[float, float, str]] = set()
    out = []
    for t in svg.iter(f"{SVG}text"):
        body = "".join(t.itertext())
        key = (float(t.get("x", 0)), float(t.get("y", 0)), body)
        if key in seen:
            continue
        seen.add(key)
        out.append((*key, dict(t.attrib)))
    return out


def circles(svg: ET.Element) -> list[tuple[float, float, float, dict[str, str]]]:
    """Every circle: (cx, cy, r, attributes)."""
    return [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)),
             dict(c.attrib)) for c in svg.iter(f"{SVG}circle")]


def rects(svg: ET.Element) -> list[tuple[float, float, float, float, dict[str, str]]]:
    """Every rectangle: (x, y, width, height, attributes)."""
    return [(float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)),
             float(r.get("height", 0)), dict(r.attrib)) for r in svg.iter(f"{SVG}rect")]


def paths(svg: ET.Element) -> list[tuple[list[tuple[float, float]], bool, dict[str, str]]]:
    """Every path as its points, whether it is closed (a cell), and its attributes."""
    out = []
    for p in svg.iter(f"{SVG}path"):
        d = p.get("d", "")
        points = [(float(x), float(y)) for x, y in
                  re.findall(r"(-?[0-9.]+(?:e-?[0-9]+)?)[ ,](-?[0-9.]+(?:e-?[0-9]+)?)", d)]
        out.append((points, d.strip().endswith(("Z", "z")), dict(p.attrib)))
    return out


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def read_board(svg: ET.Element, grid_kind: str, region_cells: frozenset[tuple[int, int]],
               given_fill: str = "#fffdf7") -> dict[tuple[int, int], int]:
    """The pieces a board picture shows on ``region_cells``: each drawn cell polygon is
    matched to a cell of the region by its centre; a piece is read from its beams (strokes
    from the centre towards a side) and must agree with the number printed in its cell."""
    from puzzles.grids import Grid
    from reports.geometry import centre

    grid = Grid(grid_kind)
    polygons = [(pts, a) for pts, closed, a in paths(svg) if closed and len(pts) in (3, 4, 6)]
    side = min(((pts[0][0] - pts[1][0]) ** 2 + (pts[0][1] - pts[1][1]) ** 2) ** 0.5
               for pts, _ in polygons)
    cells = sorted(region_cells, key=lambda c: (centre(grid, c, side)[1],
                                                centre(grid, c, side)[0]))
    drawn = sorted(polygons, key=lambda pa: (round(sum(y for _, y in pa[0]) / len(pa[0]), 3),
                                             round(sum(x for x, _ in pa[0]) / len(pa[0]), 3)))
    assert len(drawn) == len(cells), (len(drawn), len(cells))
    cx0, cy0 = centre(grid, cells[0], side)
    px0 = sum(x for x, _ in drawn[0][0]) / len(drawn[0][0])
    py0 = sum(y for _, y in drawn[0][0]) / len(drawn[0][0])
    dx, dy = px0 - cx0, py0 - cy0
    at: dict[tuple[int, int], tuple[list[tuple[float, float]], dict[str, str]]] = {}
    for pts, attrs in polygons:
        mx, my = sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)
        cell = min(cells, key=lambda c: (centre(grid, c, side)[0] + dx - mx) ** 2
                   + (centre(grid, c, side)[1] + dy - my) ** 2)
        sx, sy = centre(grid, cell, side)
        assert abs(sx + dx - mx) + abs(sy + dy - my) < side / 10, "a cell off the grid"
        at[cell] = (pts, attrs)
    beams = [pts for pts, closed, a in paths(svg) if not closed and len(pts) == 2]
    labels = texts(svg)
    pieces = {}
    for cell, (pts, attrs) in at.items():
        if attrs.get("fill") != given_fill:
            continue
        sx, sy = centre(grid, cell, side)
        mx, my = sx + dx, sy + dy
        number = 0
        for (bx, by), (ex, ey) in beams:
            if abs(bx - mx) + abs(by - my) > 0.5:
                continue
            vectors = {d: (centre(grid, grid.neighbour(cell, d), side)[0] - sx,
                           centre(grid, grid.neighbour(cell, d), side)[1] - sy)
                       for d in grid.directions(cell)}
            d = max(vectors, key=lambda k: ((ex - bx) * vectors[k][0] + (ey - by) * vectors[k][1])
                    / (vectors[k][0] ** 2 + vectors[k][1] ** 2) ** 0.5)
            number |= d
        printed = [int(t) for x, y, t, _ in labels if t.isdigit() and _inside((x, y), pts)]
        assert printed, f"cell {cell}: a piece without its number"
        base = 8 if grid_kind == "triangle" and (cell[0] + cell[1]) % 2 else 0  # down: + 8
        assert printed[0] == base + number, f"cell {cell}: printed {printed[0]}, beams {number}"
        pieces[cell] = printed[0]
    return pieces


def read_answer_text(text: str, cells: frozenset[tuple[int, int]]
                     ) -> tuple[dict[tuple[int, int], int], set[tuple[int, int]]]:
    """``row 1: 9 13 (5) 4 / row 2: ...`` (rows top first, left to right, as the picture
    shows them): every piece placed, and the cells whose piece was given (in parentheses)."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for c in cells:
        rows.setdefault(c[1], []).append(c)
    pieces, given = {}, set()
    printed = text.split(" / ")
    assert len(printed) == len(rows), (len(printed), len(rows))
    for line, r in zip(printed, sorted(rows), strict=True):
        words = line.split(": ", 1)[1].split()
        assert len(words) == len(rows[r]), line
        for word, cell in zip(words, sorted(rows[r]), strict=True):
            if word == ".":
                continue
            if word.startswith("("):
                given.add(cell)
            pieces[cell] = int(word.strip("()"))
    return pieces, given


def read_field(svg: ET.Element) -> tuple[str, str]:
    """(givens, blocks) of a printed Numbridge field, 81 characters each in reading order:
    the digits drawn in the cells and the blocks bounded by the thick lines."""
    squares = [r for r in rects(svg) if r[4].get("stroke") == "#bbbbbb"]
    assert len(squares) == 81, len(squares)
    side = squares[0][2]
    x0, y0 = min(r[0] for r in squares), min(r[1] for r in squares)
    givens = ["0"] * 81
    for x, y, t, a in texts(svg):
        col, row = int((x - x0) // side), int((y - y0) // side)
        if t.isdigit() and len(t) == 1 and 0 <= col < 9 and 0 <= row < 9 \
                and float(a.get("font-size", 0)) > 12:
            givens[row * 9 + col] = t
    walls: set[tuple[int, int, int, int]] = set()  # unit segments (x1, y1, x2, y2), grid units
    for pts, closed, a in paths(svg):
        if closed or a.get("stroke") != "#222222":
            continue
        for (ax, ay), (bx, by) in itertools.pairwise(pts):
            ga, gb = (round((ax - x0) / side), round((ay - y0) / side)), \
                (round((bx - x0) / side), round((by - y0) / side))
            steps = max(abs(gb[0] - ga[0]), abs(gb[1] - ga[1]))
            for k in range(steps):
                sx = ga[0] + (gb[0] - ga[0]) * k // steps
                sy = ga[1] + (gb[1] - ga[1]) * k // steps
                ex = ga[0] + (gb[0] - ga[0]) * (k + 1) // steps
                ey = ga[1] + (gb[1] - ga[1]) * (k + 1) // steps
                walls.add((min(sx, ex), min(sy, ey), max(sx, ex), max(sy, ey)))
    block = [0] * 81
    count = 0
    for start in range(81):
        if block[start]:
            continue
        count += 1
        block[start] = count
        todo = [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, 9)
            for dr, dc, wall in ((0, 1, (c + 1, r, c + 1, r + 1)), (1, 0, (c, r + 1, c + 1, r + 1)),
                                 (0, -1, (c, r, c, r + 1)), (-1, 0, (c, r, c + 1, r))):
                rr, cc = r + dr, c + dc
                if 0 <= rr < 9 and 0 <= cc < 9 and not block[rr * 9 + cc] and wall not in walls:
                    block[rr * 9 + cc] = count
                    todo.append(rr * 9 + cc)
    return "".join(givens), "".join(map(str, block))
