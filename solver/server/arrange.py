"""The arrangements page's API: a board with placements judged by the verifier, hints and
solutions from the engines, generated puzzles with fixed pieces, and the completions of fixed
pieces placed by hand (a puzzle made by a person).

Stateless: the browser sends the set, the kind, the region, the fixed pieces and its
placements with every request; the server draws the board (``reports.beams.arrangement_svg``)
and answers with the faults that ``puzzles.arrangements.faults`` finds.

Only the named regions of :data:`OFFERED` are accepted (never a file or a client-chosen
shape): each is small enough that its searches answer while one waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from puzzles.arrangements import Arrangement, Fault, faults
from puzzles.beamsets import piece_set
from puzzles.errors import InfeasibleError, InvalidInputError, PuzzleError
from puzzles.regions import parse_region
from reports.beams import arrangement_svg
from reports.svg import PieceDrawing, Style, board_svg
from solver.arrange.api import first, solutions
from solver.arrange.problem import ArrangementProblem

#: Kind -> set -> the named regions the page offers (compact: the region to fill;
#: transcendental: the bounding region; starmap: the board), the first one the default; named
#: shapes only (the server opens no file), anything else refused before any work is done
#: (``solver arrange`` solves the others). Hexagon transcendental arrangements and hexagon or
#: larger square StarMaps search much longer than one waits on a page: not offered.
OFFERED: dict[str, dict[str, tuple[str, ...]]] = {
    "compact": {
        "square": ("4x4", "torus:4x4", "cylinder:4x4", "vcylinder:4x4", "2x8"),
        "triangle": ("4x4", "torus:4x4", "cylinder:4x4", "vcylinder:4x4", "2x8"),
        "hexagon": ("rhombus:8x8", "8x8", "torus:rhombus:8x8", "cylinder:rhombus:8x8",
                    "vcylinder:rhombus:8x8"),
    },
    "transcendental": {"square": ("5x5", "6x6"), "triangle": ("6x4", "8x4")},
    "starmap": {"square": ("8x8",)},
}
#: Faults of a board in progress that are no mistake yet (the player is not done): empty
#: cells, pieces not yet placed, a beam that meets an empty cell or (StarMap) nothing yet.
UNFINISHED = ("empty", "missing", "open-beam")
#: Of those, the beams still open.
OPEN = ("open-beam", "sight")
#: The default region of each set (compact arrangements).
DEFAULT_REGION = {name: regions[0] for name, regions in OFFERED["compact"].items()}
Kind = Literal["compact", "transcendental", "starmap"]
#: The budget of one hint or solution: nodes of the search (wall-clock limits are the
#: server's, see ``solver.server.routes.arrange``).
SEARCH_NODES = 20_000_000


class BudgetError(PuzzleError):
    """A search the server ran used up its budget without an answer (not a proof)."""

    rule = "budget"


class Placed(BaseModel):
    """A piece on a cell."""

    model_config = ConfigDict(extra="forbid")
    cell: Annotated[list[Annotated[StrictInt, Field(ge=-1000, le=1000)]],
                    Field(min_length=2, max_length=2)]
    piece: Annotated[StrictInt, Field(ge=0, le=4096)]


class Board(BaseModel):
    """An arrangement in progress: set, kind, region, fixed pieces and the player's pieces."""

    model_config = ConfigDict(extra="forbid")
    set: Annotated[str, Field(max_length=20)] = "square"
    kind: Kind = "compact"
    region: Annotated[str, Field(max_length=40)] = "4x4"
    border: Literal["blank", "free"] = "blank"
    fixed: Annotated[list[Placed], Field(max_length=400)] = Field(default_factory=list)
    placements: Annotated[list[Placed], Field(max_length=400)] = Field(default_factory=list)


class PuzzleRequest(BaseModel):
    """A generated puzzle on a set and region."""

    model_config = ConfigDict(extra="forbid")
    set: Annotated[str, Field(max_length=20)] = "square"
    kind: Kind = "compact"
    region: Annotated[str, Field(max_length=40)] = "4x4"
    border: Literal["blank", "free"] = "blank"
    seed: Annotated[StrictInt, Field(ge=0, le=2**31 - 1)] = 1


def unfinished(f: Fault) -> bool:
    """True for a fault that only says the board is not finished yet."""
    return f.kind in UNFINISHED or (f.kind == "sight" and f.message.endswith("meets nothing"))


def _cells(items: list[Placed]) -> dict[tuple[int, int], int]:
    return {(p.cell[0], p.cell[1]): p.piece for p in items}


def problem_of(b: Board | PuzzleRequest, fixed: dict[tuple[int, int], int] | None = None
               ) -> ArrangementProblem:
    """The arrangement problem (InvalidInputError on a set, kind or region the page does not
    offer, or a bad fixed piece)."""
    check_offered(b.set, b.region, b.kind)
    border = b.border if b.kind == "compact" else "blank"
    region = parse_region(b.region, piece_set(b.set).grid.kind, border, files=False)
    return ArrangementProblem.create(b.set, b.kind, region, border, fixed or {})


def check_offered(set_name: str, region: str, kind: str = "compact") -> None:
    """Refuse, before any work, a kind, set or region the page does not offer."""
    by_set = OFFERED.get(kind)
    if by_set is None:
        raise InvalidInputError(f"unknown kind {kind[:20]!r} (the page offers "
                                f"{', '.join(OFFERED)})")
    if set_name not in by_set:
        raise InvalidInputError(f"unknown set {set_name[:20]!r} for {kind} arrangements (the "
                                f"page offers {', '.join(by_set)})")
    if region.strip() not in by_set[set_name]:
        what = f"the {set_name} set" if kind == "compact" else f"{kind} {set_name} arrangements"
        raise InvalidInputError(f"region {region[:40]!r} is not offered for {what} "
                                f"(offered: {', '.join(by_set[set_name])}); "
                                "`solver arrange` solves other regions")


def orientations(set_name: str) -> dict[int, str]:
    """Each piece's orientation (``up``/``down`` on the triangle grid, ``any`` elsewhere)."""
    ps = piece_set(set_name)
    return {p.number: (p.orientation or "any") if ps.grid.oriented else "any" for p in ps.pieces}


def pieces_svg(set_name: str) -> dict[int, str]:
    """A small picture of every piece of the set (``reports``), by number."""
    ps = piece_set(set_name)
    out = {}
    size = 30.0 if ps.grid.oriented else 18.0  # a triangle fills less of its box
    for p in ps.pieces:
        cell = (0, 0)
        if p.orientation == "down":
            cell = (1, 0)
        out[p.number] = board_svg(ps.grid, [cell], {cell: PieceDrawing(p.beams,
                                                                       label=str(p.number))},
                                  style=Style(cell_size=size, beam_width=2.4, margin=3.0))
    return out


def board(b: Board) -> dict[str, Any]:
    """The drawn board, the verifier's faults (with the cells they name) and the pieces left.

    Raises InvalidInputError for a piece the set does not have, a cell off the region or a
    piece of the player's on a fixed (locked) cell."""
    fixed = _cells(b.fixed)
    problem = problem_of(b, fixed)
    placed = _placed(b, problem)
    region = problem.region
    assert region is not None
    arr = Arrangement(problem.set_name, problem.kind, placed, region)
    found = list(faults(arr, fixed))
    mismatches = [f for f in found if not unfinished(f)]
    marked = frozenset(f.cells[0] for f in mismatches if f.cells)
    left = [p.number for p in arr.piece_set.pieces if p.number not in placed.values()]
    return {"svg": arrangement_svg(arr, highlight=frozenset(fixed), cell_names=True,
                                   marked=marked),
            "faults": [f.message for f in found], "mismatches": [f.message for f in mismatches],
            "left": left,
            "cells": [list(c) for c in region.ordered_cells],
            "complete": not found, "fixed": [list(c) for c in fixed], "kind": problem.kind,
            "open": [f.message for f in found if f.kind in OPEN and f not in mismatches],
            "orientation": {f"{x},{y}": region.grid.orientation((x, y))
                            if region.grid.oriented else "any"
                            for x, y in region.ordered_cells}}


def _placed(b: Board, problem: ArrangementProblem) -> dict[tuple[int, int], int]:
    """The fixed pieces and the player's, checked: known pieces, on the region, none of the
    player's on a fixed cell."""
    fixed = _cells(b.fixed)
    mine = _cells(b.placements)
    region = problem.region
    assert region is not None
    for cell in mine:
        if cell in fixed:
            raise InvalidInputError(f"cell {list(cell)} holds a fixed piece of the puzzle; "
                                    "it is locked")
    placed = {**mine, **fixed}
    numbers = set(piece_set(problem.set_name).numbers())
    for cell, n in placed.items():
        if n not in numbers:
            raise InvalidInputError(f"set {problem.set_name!r} has no piece {n}")
        if cell not in region.cells:
            raise InvalidInputError(f"cell {list(cell)} lies outside the region {region.name!r}")
    return placed


def solve(b: Board, keep_placements: bool) -> dict[tuple[int, int], int]:
    """A solution keeping the fixed pieces (and the player's, when ``keep_placements``).

    Raises InfeasibleError when none exists."""
    fixed = _cells(b.fixed)
    if keep_placements:
        fixed = _placed(b, problem_of(b, fixed))
    return dict(first(problem_of(b, fixed), tick=_budget(SEARCH_NODES)).placements)


def _budget(nodes: int) -> Callable[[int, int], None]:
    """A progress callback that stops the search after ``nodes`` nodes."""

    def tick(_solutions: int, used: int) -> None:
        if used > nodes:
            raise BudgetError(f"the search used its budget ({nodes:,} nodes) without an "
                              "answer; this is not a proof that none exists")

    return tick


def hint(b: Board) -> dict[str, Any]:
    """One more piece of a solution that keeps everything placed so far, or why there is
    none."""
    try:
        sol = solve(b, True)
    except InfeasibleError:
        return {"hint": None, "message": "no arrangement completes these pieces: take some "
                                         "back (the mismatches are crossed)"}
    placed = {**_cells(b.placements), **_cells(b.fixed)}
    for cell, piece in sorted(sol.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if cell not in placed:
            return {"hint": {"cell": list(cell), "piece": piece},
                    "message": f"piece {piece} fits on {list(cell)}"}
    return {"hint": None, "message": "the arrangement is complete"}


def solution(b: Board) -> dict[str, Any]:
    """A whole solution with the fixed pieces (the player's own are ignored)."""
    sol = solve(b, False)
    return {"placements": [{"cell": list(c), "piece": n} for c, n in sol.items()]}


def puzzle(r: PuzzleRequest) -> dict[str, Any]:
    """A generated puzzle: the fixed pieces of a problem with exactly one completion."""
    from solver.arrange.puzzle import generate_puzzle  # local: start-up

    made = generate_puzzle(problem_of(r), r.seed)
    cells = sorted(made.clues, key=lambda c: (c[1], c[0]))
    return {"set": r.set, "kind": r.kind, "region": r.region, "border": r.border,
            "seed": r.seed,
            "fixed": [{"cell": list(c), "piece": made.clues[c]} for c in cells]}


def completions(b: Board) -> dict[str, Any]:
    """How many arrangements complete the fixed pieces (counted up to two): none, exactly one
    (the fixed pieces make a puzzle) or more (more pieces must be fixed)."""
    fixed = _cells(b.fixed)
    only_fixed = Board(set=b.set, kind=b.kind, region=b.region, border=b.border, fixed=b.fixed)
    _placed(only_fixed, problem_of(only_fixed))  # known pieces on the region
    try:
        problem = problem_of(b, fixed)
    except InvalidInputError as exc:  # the fixed pieces break a rule among themselves
        return {"completions": 0, "at_least": False, "differ": [],
                "message": f"no arrangement completes these fixed pieces: {exc.message}"}
    try:
        found = [dict(a.placements) for a in solutions(problem, limit=2,
                                                        tick=_budget(SEARCH_NODES))]
    except InfeasibleError as exc:  # proved before the search: e.g. two fixed pieces clash
        return {"completions": 0, "at_least": False, "differ": [],
                "message": f"no arrangement completes these fixed pieces: {exc.message}"}
    n = len(found)
    message = ("no arrangement completes these fixed pieces" if n == 0 else
               f"exactly one completion: {len(fixed)} fixed pieces make a puzzle" if n == 1 else
               "at least two completions: fix another piece (one where they differ is marked)")
    differ: list[list[int]] = []
    if n == 2:
        differ = [list(c) for c in sorted(found[0], key=lambda c: (c[1], c[0]))
                  if found[0].get(c) != found[1].get(c)][:1]
    return {"completions": n, "at_least": n == 2, "message": message, "differ": differ}
