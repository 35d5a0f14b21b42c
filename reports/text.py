"""Plain-text renderings for terminals: aligned tables and key/value blocks.

Examples
--------
>>> print(table(["a", "bb"], [[1, 2], [10, 20]]))
a   bb
--  --
1   2
10  20
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Columns aligned to the widest cell, a dashed rule under the header."""
    cells = [[str(h) for h in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells if i < len(r)) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(cells[0], widths, strict=False)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for r in cells[1:]:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip())
    return "\n".join(lines)


def key_values(pairs: Sequence[tuple[str, object]]) -> str:
    """``key: value`` lines with the values aligned."""
    width = max((len(k) for k, _ in pairs), default=0)
    return "\n".join(f"{k + ':':<{width + 1}} {v}" for k, v in pairs)


def tied_ranks(keys: Sequence[object]) -> list[str]:
    """Competition ranks of sorted ``keys``, ties marked with ``=``.

    Examples
    --------
    >>> tied_ranks([1, 1, 2, 3, 3])
    ['1=', '1=', '3', '4=', '4=']
    """
    out: list[str] = []
    for i, k in enumerate(keys):
        first = i
        while first > 0 and keys[first - 1] == k:
            first -= 1
        tied = (i > 0 and keys[i - 1] == k) or (i + 1 < len(keys) and keys[i + 1] == k)
        out.append(f"{first + 1}{'=' if tied else ''}")
    return out


def tie_note(keys: Sequence[object], what: str = "placements") -> str:
    """A sentence saying how many of the best ``keys`` tie ('' when the best is alone).

    Examples
    --------
    >>> tie_note([2, 2, 2, 5])
    'The first 3 placements tie (ranks marked =): any of them is best.'
    """
    n = sum(1 for k in keys if keys and k == keys[0])
    if n < 2:
        return ""
    return f"The first {n} {what} tie (ranks marked =): any of them is best."


def rows_text(cells: Iterable[tuple[int, int]], pieces: Mapping[tuple[int, int], int],
              given: Collection[tuple[int, int]] = ()) -> str:
    """An arrangement row by row as a reader sees it on its picture (top row first, left to
    right): a piece's number, ``(n)`` for a given piece, ``.`` for an empty cell.

    >>> rows_text([(0, 0), (1, 0), (0, 1), (1, 1)], {(0, 0): 3, (1, 0): 5, (1, 1): 0},
    ...           given={(1, 0)})
    'row 1: 3 (5) / row 2: . 0'
    """
    by_row: dict[int, list[tuple[int, int]]] = {}
    for c in cells:
        by_row.setdefault(c[1], []).append(c)
    out = []
    for k, r in enumerate(sorted(by_row), 1):
        shown = [("." if c not in pieces else f"({pieces[c]})" if c in given
                  else str(pieces[c])) for c in sorted(by_row[r])]
        out.append(f"row {k}: " + " ".join(shown))
    return " / ".join(out)
