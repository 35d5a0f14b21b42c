"""What a board picture shows, read from its SVG text: the same reader for the reports/ SVG
and for the board the browser drew (serialised from the DOM), so the two can be compared
element by element (cells and their fills, beams, hubs, tints, marks, labels, coordinates)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


def r2(v: float | str) -> float:
    """A coordinate rounded to 0.01 (and -0.0 read as 0.0)."""
    return round(float(v), 2) + 0.0


def points(d: str) -> tuple[tuple[float, float], ...]:
    """The points of a path ``M x,y L x,y ... [Z]``."""
    nums = [r2(x) for x in NUMBER.findall(d)]
    return tuple(zip(nums[::2], nums[1::2], strict=True))


def elements(svg_text: str) -> list[tuple[str, dict[str, str], str]]:
    """``(tag, attributes, text)`` of every element, namespaces dropped; the halo of a label
    (``reports.svg.haloed_text``: the glyphs stroked and filled in the background colour
    under the label, where the browser uses one text with ``paint-order``) is left out."""
    root = ET.fromstring(svg_text.encode() if svg_text.startswith("<?xml") else svg_text)
    out = []
    for e in root.iter():
        tag = e.tag.rsplit("}", 1)[-1]
        a = dict(e.attrib)
        if tag == "text" and a.get("stroke") and a.get("stroke") == a.get("fill"):
            continue  # a halo
        out.append((tag, a, (e.text or "").strip()))
    return out


def centroid(pts: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    return (r2(sum(p[0] for p in pts) / len(pts)), r2(sum(p[1] for p in pts) / len(pts)))


def beam_board(svg_text: str, beam_colours: set[str], label_colour: str = "#d62728",
               note_colour: str = "#6b6455") -> dict[str, Any]:
    """A board of beam pieces (Dominions, BackSlide, arrangements) as plain data."""
    cells: dict[str, tuple[str, tuple[tuple[float, float], ...]]] = {}
    beams: Counter[tuple[Any, ...]] = Counter()
    hubs: Counter[tuple[Any, ...]] = Counter()
    tints: Counter[tuple[Any, ...]] = Counter()
    outlines: Counter[tuple[Any, ...]] = Counter()
    markers: Counter[tuple[Any, ...]] = Counter()
    labels: Counter[tuple[Any, ...]] = Counter()
    notes: Counter[tuple[Any, ...]] = Counter()
    pieces: Counter[str] = Counter()
    for tag, a, text in elements(svg_text):
        if tag == "path" and "data-cell" in a:
            cells[a["data-cell"]] = (a.get("fill", ""), centroid(points(a["d"])))
        elif tag == "path" and a.get("fill-opacity") and a.get("stroke") == "none":
            tints[(centroid(points(a["d"])), a["fill"], a["fill-opacity"])] += 1
        elif tag == "path" and a.get("stroke-linecap") == "round" \
                and a.get("stroke") in beam_colours:
            beams[(*points(a["d"]), a["stroke"])] += 1
        elif tag == "path" and a.get("stroke-linecap") == "round":
            outlines[(frozenset(points(a["d"])), a["stroke"], a.get("stroke-width"))] += 1
        elif tag == "circle" and a.get("fill") in beam_colours:
            hubs[(r2(a["cx"]), r2(a["cy"]), a["fill"])] += 1
        elif tag == "circle" and a.get("fill") == "#ffffff":  # a ring (White's eye)
            markers[("ring", r2(a["cx"]), r2(a["cy"]), a.get("stroke"))] += 1
        elif tag == "path" and a.get("stroke") == "#ffffff":  # a diamond (Black's eye)
            markers[("diamond", *centroid(points(a["d"])), a.get("fill"))] += 1
        elif tag == "text" and a.get("fill") == label_colour:
            labels[(text, r2(a["x"]), r2(a["y"]))] += 1
        elif tag == "text" and a.get("fill") == note_colour:
            notes[(text, r2(a["x"]), r2(a["y"]))] += 1
    for fill, _ in cells.values():
        pieces[fill] += 1
    if cells:  # the legend of a reports/ picture lies below the board: left out
        bottom = max(c[1][1] for c in cells.values()) + 30
        hubs = Counter({k: v for k, v in hubs.items() if k[1] <= bottom})
        beams = Counter({k: v for k, v in beams.items() if k[0][1] <= bottom})
        outlines = Counter({k: v for k, v in outlines.items() if min(p[1] for p in k[0]) <= bottom})
        markers = Counter({k: v for k, v in markers.items() if k[2] <= bottom})
        tints = Counter({k: v for k, v in tints.items() if k[0][1] <= bottom})
        labels = Counter({k: v for k, v in labels.items() if k[2] <= bottom})
    return {"cells": cells, "beams": beams, "hubs": hubs, "tints": tints, "outlines": outlines,
            "markers": markers, "labels": labels, "notes": notes, "fills": pieces}


def crosses(svg_text: str, colour: str) -> Counter[tuple[Any, ...]]:
    """The two strokes of each cross of ``colour`` (eyes by oscillation)."""
    out: Counter[tuple[Any, ...]] = Counter()
    for tag, a, _ in elements(svg_text):
        if tag == "path" and a.get("stroke") == colour and "stroke-linecap" not in a:
            out[frozenset(points(a["d"]))] += 1
    return out


def field(svg_text: str) -> dict[str, Any]:
    """A Numbridge field as plain data: the fill of each cell's square, the thick block
    borders, the owners' outlines, the digits and candidates with their colours."""
    squares: dict[tuple[float, float], str] = {}
    borders: Counter[tuple[Any, ...]] = Counter()
    outlines: Counter[tuple[Any, ...]] = Counter()
    digits: Counter[tuple[Any, ...]] = Counter()
    small: Counter[tuple[Any, ...]] = Counter()
    names = set()
    for tag, a, text in elements(svg_text):
        if tag == "rect" and a.get("width") == a.get("height") and a.get("stroke") == "#bbbbbb":
            squares[(r2(a["x"]), r2(a["y"]))] = a["fill"]
        elif tag == "rect" and "data-cell" in a:
            names.add(a["data-cell"])
        elif tag == "path" and a.get("stroke") == "#222222":
            borders[frozenset(points(a["d"]))] += 1
        elif tag == "path" and a.get("stroke-linecap") == "square":
            outlines[(frozenset(points(a["d"])), a["stroke"], r2(a["stroke-width"]))] += 1
        elif tag == "text" and text.isdigit() and a.get("font-size") and \
                r2(a["font-size"]) == r2(40 * 0.55):
            digits[(text, r2(a["x"]), r2(a["y"]), a["fill"], a.get("font-weight"))] += 1
        elif tag == "text" and text.isdigit() and a.get("font-size") and \
                r2(a["font-size"]) == r2(40 * 0.26):
            small[(text, r2(a["x"]), r2(a["y"]))] += 1
    return {"squares": squares, "borders": borders, "outlines": outlines, "digits": digits,
            "candidates": small, "names": names}


def layout(svg_text: str) -> dict[str, Any]:
    """A Dominimum layout as plain data, relative to its first tile (the two pictures place
    the layout at different origins): tile rectangles, symbols, tinted cells."""
    tiles = []
    symbols = []
    tints = []
    for tag, a, _ in elements(svg_text):
        if tag == "rect" and a.get("rx") == "4":
            tiles.append((r2(a["x"]), r2(a["y"]), r2(a["width"]), r2(a["height"])))
        elif tag == "circle" and (a.get("stroke") == "#1f3b73" or a.get("fill") == "#1f3b73"):
            symbols.append((r2(a["cx"]), r2(a["cy"]), r2(a["r"])))
        elif tag == "rect" and a.get("fill-opacity") == "0.35":
            tints.append((r2(a["x"]), r2(a["y"]), a["fill"]))
    if not tiles:
        return {"tiles": Counter(), "symbols": Counter(), "tints": Counter()}
    ox, oy = tiles[0][0], tiles[0][1]
    return {"tiles": Counter((r2(x - ox), r2(y - oy), w, h) for x, y, w, h in tiles),
            "symbols": Counter((r2(x - ox), r2(y - oy), r) for x, y, r in symbols),
            "tints": Counter((r2(x - ox), r2(y - oy), f) for x, y, f in tints)}
