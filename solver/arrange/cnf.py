"""A CNF encoding of compact problems, for model counters (ApproxMC) and SAT solvers.

Variables: ``x[i, p]`` (piece ``p`` on cell ``i``, one for every candidate of the cell) and
``b[i, j]`` (cell ``i`` shows a beam on side ``j``: ``b[i, j] <-> OR of x[i, p]`` over the
candidates with that beam). Clauses: every cell holds exactly one piece and every piece stands
on exactly one cell (cardinality encodings of python-sat, ``CardEnc``, sequential counter), and
every inner edge matches (``b[i, j] <-> b[o, back]``). Beams across a blank border are excluded
by the candidates. The solutions projected on the ``x`` variables (the *sampling set*) are the
compact arrangements one to one, so ApproxMC's projected count is the arrangement count.

``sampling="edges"`` projects on the sides instead: one ``b`` variable per inner edge (the two
sides of an edge are equal) and one per side that may point out of the region (free border).
A cell's piece is the pattern of its sides, so these variables determine the arrangement and
the projected count is again the arrangement count, over far fewer variables (hexagon
rhombus:8x8: 161 edges instead of 4096 placements), which makes ApproxMC's random XOR
constraints about 25 times shorter.

``dimacs_text`` writes the formula in DIMACS with a ``c ind ... 0`` line naming the sampling
set (the convention of ApproxMC, GANAK and sharpSAT-TD).

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> cnf = encode(ArrangementProblem.create("square", "compact", "4x4"))
>>> len(cnf.sampling), cnf.clauses[0][:3]
(144, [1, 2, 3])
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.errors import InvalidInputError
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem


@dataclass(frozen=True)
class Cnf:
    """Clauses over variables ``1..variables``; ``sampling``: the ``x`` variables;
    ``placement[v]``: the (cell index, piece) of sampling variable ``v``."""

    variables: int
    clauses: list[list[int]]
    sampling: list[int]
    placement: dict[int, tuple[int, int]]


#: Projections of ``encode``: on the placements ``x`` or on the sides of the edges.
SAMPLINGS = ("pieces", "edges")


def encode(problem: ArrangementProblem, sampling: str = "pieces") -> Cnf:
    """The CNF of a compact problem (see the module docstring).

    ``sampling``: ``pieces`` (the ``x`` variables, default) or ``edges`` (one side variable
    per inner edge and per side that may point out). ``placement`` always maps the ``x``
    variables.

    Raises InvalidInputError for other kinds or an unknown sampling.
    """
    from pysat.card import CardEnc, EncType

    if problem.kind != "compact":
        raise InvalidInputError("the CNF encoding covers compact arrangements")
    if sampling not in SAMPLINGS:
        raise InvalidInputError(f"unknown sampling {sampling!r}; expected pieces or edges")
    inst = EdgeInstance.build(problem)
    top = 0
    x: dict[tuple[int, int], int] = {}
    for i in range(inst.n):
        for p in inst.candidates(i):
            top += 1
            x[(i, p)] = top
    clauses: list[list[int]] = []

    def exactly_one(lits: list[int]) -> None:
        nonlocal top
        if not lits:
            clauses.append([])  # unsatisfiable: nothing can go here
            return
        enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
        clauses.extend(enc.clauses)
        top = max(top, enc.nv)

    for i in range(inst.n):
        exactly_one([v for (c, _p), v in x.items() if c == i])
    pieces = sorted({p for _c, p in x} | {int(p) for p in problem.piece_set.numbers()})
    for p in pieces:
        if any(int(f) == p for f in inst.fixed):
            continue  # a fixed piece is its cell's only candidate
        exactly_one([v for (_c, q), v in x.items() if q == p])
    beam: dict[tuple[int, int], int] = {}
    outward: list[int] = []
    for i in range(inst.n):
        for j in range(inst.k):
            if inst.nb[i, j] < 0 and not any(c == i and (p >> j) & 1 for (c, p) in x):
                continue  # a blank border side: no variable
            top += 1
            if inst.nb[i, j] < 0:
                outward.append(top)
            beam[(i, j)] = top
            with_beam = [v for (c, p), v in x.items() if c == i and (p >> j) & 1]
            without = [v for (c, p), v in x.items() if c == i and not (p >> j) & 1]
            clauses.extend([-v, top] for v in with_beam)
            clauses.extend([-v, -top] for v in without)
    for i, j, o, back in inst.edges():
        a, b = beam[(i, j)], beam[(o, back)]
        clauses.append([-a, b])
        clauses.append([a, -b])
    if sampling == "edges":
        chosen = sorted([beam[(i, j)] for i, j, _o, _b in inst.edges()] + outward)
    else:
        chosen = sorted(x.values())
    return Cnf(top, clauses, chosen, {v: key for key, v in x.items()})


def dimacs_text(problem: ArrangementProblem, sampling: str = "pieces") -> str:
    """The DIMACS text of ``encode(problem, sampling)`` with a ``c ind`` sampling-set line."""
    cnf = encode(problem, sampling)
    lines = [f"c compact {problem.describe()}",
             "c ind " + " ".join(map(str, cnf.sampling)) + " 0",
             f"p cnf {cnf.variables} {len(cnf.clauses)}"]
    lines.extend(" ".join(map(str, c)) + " 0" for c in cnf.clauses)
    return "\n".join(lines) + "\n"


def approxmc_count(problem: ArrangementProblem, epsilon: float = 0.8, delta: float = 0.2,
                   seed: int = 1, sampling: str = "pieces") -> int:
    """ApproxMC's (epsilon, delta) estimate of the count: within a factor ``1 + epsilon`` of
    the truth with probability at least ``1 - delta`` (exact when the count is small).
    ``sampling``: the projection (``pieces`` or ``edges``, see ``encode``)."""
    import pyapproxmc

    cnf = encode(problem, sampling)
    counter = pyapproxmc.Counter(seed=seed, epsilon=epsilon, delta=delta)
    for clause in cnf.clauses:
        counter.add_clause(clause)
    cells, hashes = counter.count(cnf.sampling)
    return int(cells) * 2 ** int(hashes)
