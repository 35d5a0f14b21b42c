"""An independent judge of groups and scores: a plain flood fill over raw tile lists.

It reads placements as ``(value1, value2, (x1, y1), (x2, y2))`` tuples (or the JSON form) and
shares no code with ``puzzles.dominimum`` or ``solver.dominimum``.
"""

from __future__ import annotations

from typing import Any

Raw = list[tuple[int, int, tuple[int, int], tuple[int, int]]]


def raw_of(doc: dict[str, Any]) -> Raw:
    """Raw tiles of a layout JSON document."""
    return [(t["tile"][0], t["tile"][1], tuple(t["cells"][0]), tuple(t["cells"][1]))
            for t in doc["tiles"]]


def sizes(raw: Raw, wanted, within_tile: bool = True) -> list[int]:  # type: ignore[no-untyped-def]
    """Sizes of the groups of cells whose value satisfies ``wanted``, largest first."""
    value = {}
    owner = {}
    for i, (a, b, c1, c2) in enumerate(raw):
        value[c1], value[c2] = a, b
        owner[c1] = owner[c2] = i
    done = set()
    out = []
    for start in value:
        if start in done or not wanted(value[start]):
            continue
        done.add(start)
        todo = [start]
        n = 0
        while todo:
            x, y = todo.pop()
            n += 1
            for nb in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if (nb in value and nb not in done and wanted(value[nb])
                        and (within_tile or owner[nb] != owner[(x, y)])):
                    done.add(nb)
                    todo.append(nb)
        out.append(n)
    return sorted(out, reverse=True)


def dominimum_score(raw: Raw, a: int, b: int, within_tile: bool = True) -> int:
    sa = sizes(raw, lambda v: v == a, within_tile)
    sb = sizes(raw, lambda v: v == b, within_tile)
    return (sa[0] if sa else 0) * (sb[0] if sb else 0)


def dominomega_score(raw: Raw, symbol: int, within_tile: bool = True) -> int:
    result = 1
    for n in sizes(raw, lambda v: v & symbol != 0, within_tile):
        result *= n
    return result


def check_layout(raw: Raw) -> None:
    """Assert the layout rules: distinct tiles, adjacent cells, no overlap, connected."""
    tiles = [tuple(sorted((a, b))) for a, b, _, _ in raw]
    assert len(set(tiles)) == len(tiles), "repeated tile"
    assert all(0 <= v <= 7 for a, b, _, _ in raw for v in (a, b))
    cells = [c for _, _, c1, c2 in raw for c in (c1, c2)]
    assert len(set(cells)) == len(cells), "overlap"
    for _, _, (x1, y1), (x2, y2) in raw:
        assert abs(x1 - x2) + abs(y1 - y2) == 1, "cells not adjacent"
    if cells:
        cellset = set(cells)
        seen = {cells[0]}
        todo = [cells[0]]
        while todo:
            x, y = todo.pop()
            for nb in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if nb in cellset and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        assert seen == cellset, "not connected"
