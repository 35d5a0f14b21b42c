"""Reading a book as a person does: the question's text and what its pictures draw.

``read_book(html)`` splits a book's HTML page into its printed puzzles; the helpers list the
drawn elements of an SVG picture (texts with their places, circles, rectangles, paths) so that
a test can rebuild a puzzle from the page alone and solve it again, never from the
generator's state.
"""

from __future__ import annotations

import html as html_lib
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
    return [ET.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", block, re.S)]


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
