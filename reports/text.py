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
