"""Export an instance in Knuth's exact-cover-with-colours (XCC) text format.

The format of DLX2/SSXCC: lines starting with ``|`` are comments; the first other line lists
the primary items, then ``|``, then the secondary items; every further line is one option, a
list of items where a secondary item may carry a colour (``item:colour``). Here the primary
items are the cells ``c<i>`` and the pieces ``p<n>``; the secondary items are the inner edges
``e<i>s<k>`` (cell ``i``, side ``2^k``, named from the smaller (cell, side) pair), coloured
``1`` for beam and ``0`` for blank. Option ``c<i> p<n> e..:b ...`` puts piece ``n`` on cell
``i``. Comment lines give the coordinates of every cell.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> text = dlx_text(ArrangementProblem.create("square", "compact", "4x4"))
>>> [line for line in text.splitlines() if not line.startswith("|")][1]
'c0 p0 e0s0:0 e0s3:0'
"""

from __future__ import annotations

from puzzles.errors import InvalidInputError
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem


def dlx_text(problem: ArrangementProblem) -> str:
    """The XCC text of a compact problem (see the module docstring).

    Raises InvalidInputError for other kinds: "every beam meets a beam" needs a neighbour to be
    present, which colours alone cannot express.
    """
    if problem.kind != "compact":
        raise InvalidInputError("export --format dlx supports compact arrangements only")
    inst = EdgeInstance.build(problem)

    def edge(i: int, s: int) -> str:
        j, t = int(inst.nb[i, s]), int(inst.back[i, s])
        a, b = min((i, s), (j, t))
        return f"e{a}s{b}"

    lines = [f"| {problem.describe()}: {inst.n} cells, {len(problem.piece_set.pieces)} pieces",
             "| cells: " + " ".join(f"c{i}={c[0]},{c[1]}" for i, c in enumerate(inst.cells)),
             "| colours: 1 beam, 0 blank; option = cell, piece, its sides on inner edges"]
    primary = [f"c{i}" for i in range(inst.n)] + [f"p{n}" for n in problem.piece_set.numbers()]
    secondary = [f"e{i}s{s}" for i, s, _, _ in inst.edges()]
    lines.append(" ".join(primary) + " | " + " ".join(secondary))
    for i in range(inst.n):
        for p in inst.candidates(i):
            items = [f"c{i}", f"p{p}"]
            for s in range(inst.k):
                if inst.nb[i, s] >= 0:
                    items.append(f"{edge(i, s)}:{p >> s & 1}")
            lines.append(" ".join(items))
    return "\n".join(lines) + "\n"


def parse_xcc(text: str) -> tuple[list[str], list[str], list[list[str]]]:
    """Primary items, secondary items and options of an XCC text (for cross-checks)."""
    body = [line for line in text.splitlines() if line.strip() and not line.startswith("|")]
    if not body:
        raise InvalidInputError("empty XCC text")
    head, _, tail = body[0].partition("|")
    return head.split(), tail.split(), [line.split() for line in body[1:]]
