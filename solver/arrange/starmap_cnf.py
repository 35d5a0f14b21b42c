"""A CNF encoding of StarMaps, for SAT solvers that write proofs (CaDiCaL's DRAT).

A StarMap is fixed by the set of occupied cells alone: a piece's beam in a direction says that
another piece stands somewhere along that ray. Variables:

- ``occ[i]``: a piece stands on board cell ``i``;
- ``seen[i, d]``: looking from cell ``i`` in direction ``d`` meets a piece (a chain along each
  line: ``seen[i, d] <-> occ[j] or seen[j, d]`` for the next cell ``j``; false at the edge);
- ``y[i, p]``: piece ``p`` stands on cell ``i`` (``y -> occ`` and, per direction, ``y -> seen``
  or ``y -> not seen`` as ``p`` has a beam or a blank there; ``occ[i] -> OR_p y[i, p]``).

Every piece stands on exactly one cell (at least one, and at most one by a sequential counter);
so exactly as many cells are occupied as the set has pieces. Options: no two pieces on
neighbouring cells; lex-leader symmetry breaking over the board's symmetries
(``occ <=lex occ o sigma`` for every symmetry ``sigma`` that maps the board onto itself: a
symmetric image of a StarMap is a StarMap, so the formula stays satisfiable exactly when the
problem is); the redundant constraint "exactly as many lines of each axis hold a piece as a
StarMap meets" (on a board with exactly that many lines: every line holds a piece; see
``lines_needed``); the role counts (``role_counts``: per axis, as many cells of each line role,
and as many lines holding one piece or several, as the piece set implies). Every addition is
implied by the rules (docs/results.md, section 3, with its tests), so it loses no StarMap.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> cnf = encode(ArrangementProblem.create("square", "starmap", "8x8"))
>>> cnf.variables > 64, len(cnf.occ)
(True, 64)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzles.errors import InvalidInputError
from puzzles.grids import Cell, cell_symmetries
from solver.arrange.problem import ArrangementProblem


@dataclass
class StarMapCnf:
    """The clauses, the ``occ`` variable of every board cell and the ``y`` variables."""

    cells: tuple[Cell, ...]
    occ: list[int]
    y: dict[tuple[int, int], int]
    clauses: list[list[int]] = field(default_factory=list)
    variables: int = 0
    seen: dict[tuple[int, int], int | None] = field(default_factory=dict)

    def new(self) -> int:
        """A fresh variable."""
        self.variables += 1
        return self.variables

    def placements(self, model: list[int] | set[int]) -> dict[Cell, int]:
        """Cell -> piece of a satisfying assignment (the true literals)."""
        true = set(model)
        return {self.cells[i]: p for (i, p), v in self.y.items() if v in true}

    def dimacs(self, comment: str = "") -> str:
        """The formula in DIMACS text."""
        lines = [f"c {comment}"] if comment else []
        lines.append(f"p cnf {self.variables} {len(self.clauses)}")
        lines.extend(" ".join(map(str, c)) + " 0" for c in self.clauses)
        return "\n".join(lines) + "\n"


def _lines(problem: ArrangementProblem) -> list[tuple[int, list[int]]]:
    """Every maximal line of board cells along every axis: (the axis's smaller direction, the
    cell indices)."""
    assert problem.region is not None
    grid = problem.piece_set.grid
    cells = problem.region.ordered_cells
    index = {c: i for i, c in enumerate(cells)}
    out = []
    for d in grid.directions():
        o = grid.opposite(cells[0], d)
        if d > o:
            continue
        for c in cells:
            if grid.neighbour(c, o) in index:
                continue
            line = [index[c]]
            nxt = grid.neighbour(c, d)
            while nxt in index:
                line.append(index[nxt])
                nxt = grid.neighbour(nxt, d)
            out.append((d, line))
    return out


def lines_needed(problem: ArrangementProblem) -> dict[int, tuple[int, int]]:
    """Per axis (its smaller direction): (the lines a StarMap meets, the lines of the board).

    Along an axis, the pieces blank on both sides of it stand alone on their lines and the
    pieces with a beam on exactly one side end the lines holding several pieces, so a StarMap
    meets exactly ``both_blank + one_side / 2`` lines of that axis.
    """
    ps = problem.piece_set
    grid = ps.grid
    per_axis: dict[int, int] = {}
    for d, _line in _lines(problem):
        per_axis[d] = per_axis.get(d, 0) + 1
    out = {}
    for d, n_lines in per_axis.items():
        o = grid.opposite((0, 0), d)
        both_blank = sum(1 for p in ps.pieces if not p.beams & (d | o))
        one_side = sum(1 for p in ps.pieces if bool(p.beams & d) != bool(p.beams & o))
        out[d] = (both_blank + one_side // 2, n_lines)
    return out


def line_clauses_apply(problem: ArrangementProblem) -> bool:
    """True when every line of the board must hold a piece: the board has exactly as many
    lines in every axis as a StarMap meets (see :func:`lines_needed`)."""
    return all(need == have for need, have in lines_needed(problem).values())


def encode(problem: ArrangementProblem, symmetry: bool = False,
           line_clauses: bool = False, max_hull: int | None = None,
           roles: bool = False) -> StarMapCnf:
    """The CNF of a StarMap problem (see the module docstring).

    Parameters
    ----------
    problem : ArrangementProblem
        A StarMap problem (board, ``no_adjacent``, fixed pieces).
    symmetry : bool
        Add lex-leader clauses for every symmetry of the board (no fixed pieces allowed).
    line_clauses : bool
        Add "exactly as many lines of each axis hold a piece as a StarMap meets": on a board
        with exactly that many lines, one clause per line ("every line holds a piece"); on a
        board with more, a variable per line and a cardinality constraint per axis.
    max_hull : int, optional
        Hexagon boards: the hull of the occupied cells (the smallest convex board holding them,
        ``solver.arrange.starmap_boards.hull``) has at most this many cells.
    roles : bool
        Add the role counts (:func:`role_counts`): per axis, exactly as many cells show each
        line role as the set has pieces with it, and exactly as many lines hold a single piece
        (or several) as there are pieces alone on their line (or line ends of one side).

    Raises
    ------
    InvalidInputError
        For another kind, or an option that does not apply (symmetry with fixed pieces, line
        clauses on a board with fewer lines than a StarMap meets).
    """
    from pysat.card import CardEnc, EncType

    if problem.kind != "starmap" or problem.region is None:
        raise InvalidInputError("the StarMap CNF needs a StarMap problem with a board")
    grid = problem.piece_set.grid
    cells = problem.region.ordered_cells
    index = {c: i for i, c in enumerate(cells)}
    n = len(cells)
    cnf = StarMapCnf(cells, list(range(1, n + 1)), {}, [], n)
    directions = grid.directions()
    seen = cnf.seen

    def seen_var(i: int, d: int) -> int | None:
        if (i, d) in seen:
            return seen[i, d]
        # walk to the end of the ray first (iteratively), then define the chain backwards
        ray = []
        cell = cells[i]
        while (nxt := grid.neighbour(cell, d)) in index:
            ray.append(index[nxt])
            cell = nxt
        chain = [i, *ray]
        seen[chain[-1], d] = None
        for a, b in zip(reversed(chain[:-1]), reversed(chain[1:]), strict=True):
            if (a, d) in seen:
                continue
            s = cnf.new()
            after = seen[b, d]
            occ_b = cnf.occ[b]
            if after is None:
                cnf.clauses += [[-s, occ_b], [s, -occ_b]]
            else:
                cnf.clauses += [[-s, occ_b, after], [s, -occ_b], [s, -after]]
            seen[a, d] = s
        return seen[i, d]

    pieces = [p.beams for p in problem.piece_set.pieces]
    by_piece: dict[int, list[int]] = {p: [] for p in pieces}
    for i in range(n):
        rays = {d: seen_var(i, d) for d in directions}
        options = []
        for p in pieces:
            if any(p & d and rays[d] is None for d in directions):
                continue  # a beam pointing off the board meets nothing
            v = cnf.new()
            cnf.y[i, p] = v
            cnf.clauses.append([-v, cnf.occ[i]])
            for d in directions:
                s = rays[d]
                if s is not None:
                    cnf.clauses.append([-v, s] if p & d else [-v, -s])
            options.append(v)
            by_piece[p].append(v)
        cnf.clauses.append([-cnf.occ[i], *options])
    for lits in by_piece.values():
        if not lits:
            cnf.clauses.append([])
            continue
        cnf.clauses.append(list(lits))
        enc = CardEnc.atmost(lits=lits, bound=1, top_id=cnf.variables, encoding=EncType.seqcounter)
        cnf.clauses.extend(enc.clauses)
        cnf.variables = max(cnf.variables, enc.nv)
    for cell, p in problem.fixed:
        cnf.clauses.append([cnf.y[index[cell], p]])
    if problem.no_adjacent:
        for i, c in enumerate(cells):
            for d in directions:
                j = index.get(grid.neighbour(c, d))
                if j is not None and i < j:
                    cnf.clauses.append([-cnf.occ[i], -cnf.occ[j]])
    if line_clauses:
        _add_line_clauses(cnf, problem)
    if roles:
        _add_role_counts(cnf, problem)
    if max_hull is not None:
        _add_hull_bound(cnf, problem, max_hull)
    if symmetry:
        if problem.fixed:
            raise InvalidInputError("symmetry breaking needs a problem without fixed pieces")
        for sym in cell_symmetries(grid, problem.region.cells)[1:]:
            image = [cnf.occ[index[sym.cells[c]]] for c in cells]
            _lex_leq(cnf, cnf.occ, image)
    return cnf


def _add_line_clauses(cnf: StarMapCnf, problem: ArrangementProblem) -> None:
    """The line-count constraints of :func:`encode` (``line_clauses``)."""
    from pysat.card import CardEnc, EncType

    assert problem.region is not None
    needed = lines_needed(problem)
    for need, have in needed.values():
        if have < need:
            raise InvalidInputError(
                f"board {problem.region.name!r} has {have} lines along an axis; a StarMap "
                f"meets {need}")
    by_axis: dict[int, list[int]] = {}
    for d, line in _lines(problem):
        lits = [cnf.occ[i] for i in line]
        need, have = needed[d]
        if need == have:
            cnf.clauses.append(lits)
            continue
        u = cnf.new()  # u <-> the line holds a piece
        cnf.clauses.append([-u, *lits])
        cnf.clauses.extend([[u, -x] for x in lits])
        by_axis.setdefault(d, []).append(u)
    for d, us in by_axis.items():
        enc = CardEnc.equals(lits=us, bound=needed[d][0], top_id=cnf.variables,
                             encoding=EncType.seqcounter)
        cnf.clauses.extend(enc.clauses)
        cnf.variables = max(cnf.variables, enc.nv)


ROLES = ("alone", "end", "inside")
"""Line roles of a piece along an axis (its smaller direction ``d``, opposite ``o``): blank on
both sides (alone on its line), a beam towards ``d`` only (the end of its line on the ``o``
side), beams both ways (inside its line). The fourth, a beam towards ``o`` only, is the other
end."""


def role_counts(problem: ArrangementProblem) -> dict[int, dict[str, int]]:
    """Per axis (its smaller direction): the number of pieces of the set with each role."""
    grid = problem.piece_set.grid
    out: dict[int, dict[str, int]] = {}
    for d in grid.directions():
        o = grid.opposite((0, 0), d)
        if d > o:
            continue
        roles = {"alone": 0, "end": 0, "inside": 0}
        for p in problem.piece_set.pieces:
            to_d, to_o = bool(p.beams & d), bool(p.beams & o)
            if not to_d and not to_o:
                roles["alone"] += 1
            elif to_d and not to_o:
                roles["end"] += 1
            elif to_d and to_o:
                roles["inside"] += 1
        out[d] = roles
    return out


def _add_role_counts(cnf: StarMapCnf, problem: ArrangementProblem) -> None:
    """The role constraints of :func:`encode` (``roles``).

    They hold in every StarMap: the piece on a cell shows, along each axis, the role its seen
    values give (``y -> seen`` clauses), every piece stands once, so each role is shown by as
    many cells as the set has pieces with it; a line holding a single piece holds one piece
    alone on it, a line holding several holds exactly one end of each side; so the lines with
    one piece number the ``alone`` pieces and those with several the ``end`` pieces.
    """
    from pysat.card import CardEnc, EncType

    grid = problem.piece_set.grid
    counts = role_counts(problem)
    by_line: dict[int, list[list[int]]] = {}
    for d, line in _lines(problem):
        by_line.setdefault(d, []).append(line)

    def both(a: int | None, b: int | None, occ: int, want: tuple[bool, bool]) -> int:
        """A variable equal to occ and (seen_d, seen_o) == want."""
        v = cnf.new()
        body = [occ]
        for s, w in zip((a, b), want, strict=True):
            if s is None:
                if w:  # a beam towards the edge meets nothing: never
                    cnf.clauses.append([-v])
                    return v
                continue
            body.append(s if w else -s)
        cnf.clauses.extend([[-v, x] for x in body])
        cnf.clauses.append([v, *[-x for x in body]])
        return v

    def exactly(lits: list[int], k: int) -> None:
        enc = CardEnc.equals(lits=lits, bound=k, top_id=cnf.variables,
                             encoding=EncType.seqcounter)
        cnf.clauses.extend(enc.clauses)
        cnf.variables = max(cnf.variables, enc.nv)

    for d, lines in by_line.items():
        o = grid.opposite((0, 0), d)
        role_vars: dict[str, list[int]] = {r: [] for r in ROLES}
        line_of: dict[str, list[int]] = {"alone": [], "end": []}
        for line in lines:
            per: dict[str, list[int]] = {r: [] for r in ROLES}
            for i in line:
                sd, so = cnf.seen[i, d], cnf.seen[i, o]
                occ = cnf.occ[i]
                per["alone"].append(both(sd, so, occ, (False, False)))
                per["end"].append(both(sd, so, occ, (True, False)))
                per["inside"].append(both(sd, so, occ, (True, True)))
            for r in ROLES:
                role_vars[r].extend(per[r])
            for r in ("alone", "end"):
                u = cnf.new()  # the line holds a piece of role r
                cnf.clauses.append([-u, *per[r]])
                cnf.clauses.extend([[u, -x] for x in per[r]])
                line_of[r].append(u)
            cnf.clauses.append([-line_of["alone"][-1], -line_of["end"][-1]])
        for r in ROLES:
            exactly(role_vars[r], counts[d][r])
        exactly(line_of["alone"], counts[d]["alone"])
        exactly(line_of["end"], counts[d]["end"])


def _add_hull_bound(cnf: StarMapCnf, problem: ArrangementProblem, bound: int) -> None:
    """At most ``bound`` cells of the board lie in the hull of the occupied cells.

    Per axis and line ``j`` two variables: some occupied line at ``<= j`` (``lo``), at ``>= j``
    (``hi``); a board cell whose three lines all have both is in the hull (``h``). Only the
    implications towards true are needed under an upper bound on the number of true ``h``.
    """
    from pysat.card import CardEnc, EncType

    assert problem.region is not None
    if problem.piece_set.grid.kind != "hexagon":
        raise InvalidInputError("the hull bound is defined for hexagon boards")
    cells = cnf.cells
    coords = [lambda c: c[0], lambda c: c[1], lambda c: c[0] + c[1]]
    between: list[dict[int, tuple[int, int]]] = []
    for coord in coords:
        values = sorted({coord(c) for c in cells})
        on: dict[int, list[int]] = {v: [] for v in values}
        for i, c in enumerate(cells):
            on[coord(c)].append(cnf.occ[i])
        lo = {v: cnf.new() for v in values}
        hi = {v: cnf.new() for v in values}
        for k, v in enumerate(values):
            cnf.clauses.extend([[lo[v], -x] for x in on[v]] + [[hi[v], -x] for x in on[v]])
            if k:
                cnf.clauses.append([lo[v], -lo[values[k - 1]]])
                cnf.clauses.append([hi[values[k - 1]], -hi[v]])
        between.append({v: (lo[v], hi[v]) for v in values})
    outside = []
    for c in cells:
        h = cnf.new()
        body = [-x for axis, coord in zip(between, coords, strict=True) for x in axis[coord(c)]]
        cnf.clauses.append([*body, h])
        outside.append(-h)
    need = len(cells) - bound
    if need > 0:
        enc = CardEnc.atleast(lits=outside, bound=need, top_id=cnf.variables,
                              encoding=EncType.seqcounter)
        cnf.clauses.extend(enc.clauses)
        cnf.variables = max(cnf.variables, enc.nv)


def _lex_leq(cnf: StarMapCnf, a: list[int], b: list[int]) -> None:
    """Clauses for ``a <=lex b`` (first position most significant, true > false)."""
    eq_prev: int | None = None  # "a and b agree on every earlier position"
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        # while equal so far: x <= y, i.e. not (x and not y)
        cnf.clauses.append(([-eq_prev] if eq_prev else []) + [-x, y])
        e = cnf.new()
        # e -> eq_prev and (x == y)
        if eq_prev:
            cnf.clauses.append([-e, eq_prev])
        cnf.clauses += [[-e, -x, y], [-e, x, -y]]
        # eq_prev and x == y -> e
        pre = [-eq_prev] if eq_prev else []
        cnf.clauses += [[*pre, x, y, e], [*pre, -x, -y, e]]
        eq_prev = e
