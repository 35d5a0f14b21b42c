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

from collections.abc import Sequence


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
