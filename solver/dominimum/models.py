"""CP-SAT models for extremal questions, on a bounded rectangle of the grid.

Every model tiles a W x H rectangle with the tiles of the question (``_tiling``): a Boolean per
domino position and oriented tile *class*, where tiles that play the same part are one class
(for a Dominimum mission (a, b): the value a, the value b, or "other"), each class used as often
as the set holds it, every cell covered at most once, and the covered cells connected (a
single-commodity flow from one root cell), so every layout found can be played tile by tile.

- ``dominimum_extreme(a, b, "min"|"max")``: the lowest / highest score any complete layout of
  the tiles on the table (all tiles but the mission tile and ``others``) can reach in the region.
  max: choose a connected set of a-cells and one of b-cells (flow from a root inside each),
  maximise the product of their sizes (the largest groups are at least as big, and equal at the
  optimum). min: give every a-cell (and b-cell) one of k labels, equal labels on adjacent cells,
  at most L cells per label (so every group has at most L cells), minimise La * Lb.
  An implied constraint adds: a placed double of a or b makes a group of at least 2 cells.
- ``dominomega_maximum(symbols)``: all 36 tiles in 8 x 9; every group of each symbol in
  ``symbols`` has exactly 3 cells (no tetromino of symbol cells; every symbol cell has a
  symbol neighbour and a cell with one such neighbour leans on a cell with two; implied:
  exactly 24 adjacent pairs of symbol cells, as groups of at most 3 cells are trees and
  36 - 24 = 12 groups of 3). 3^12 = 531441 is the largest product of positive integers
  summing to 36, so a layout found is optimal.

Solver parameters are set in one place (``_solve``); the status is reported honestly
(OPTIMAL, FEASIBLE when the time limit stopped the proof, INFEASIBLE, UNKNOWN).

Every layout a model returns is checked before it is reported (``_checked_layout``): the tiles
asked for, each once, edge-connected, inside the region. The value reported is the layout's
score re-computed by the networkx scorer (``solver.dominimum.analysis``, no code shared with
the models). ``dominimum_extreme`` compares it with CP-SAT's objective: equal when OPTIMAL,
between the objective and the proven bound when FEASIBLE; anything else raises
``EngineFaultError`` (exit 70). ``dominomega_maximum`` is OPTIMAL only when the re-scored
value reaches the proven bound 3^12.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from puzzles.dominimum.layout import Cell, Layout, Placement
from puzzles.dominimum.tiles import TILES, Tile, tile_name
from puzzles.errors import EngineFaultError, IllegalMoveError, InvalidInputError
from solver.dominimum.analysis import mission_report, omega_report

STATUS: dict[int, str] = {int(cp_model.OPTIMAL): "OPTIMAL", int(cp_model.FEASIBLE): "FEASIBLE",
                          int(cp_model.INFEASIBLE): "INFEASIBLE",
                          int(cp_model.UNKNOWN): "UNKNOWN",
                          int(cp_model.MODEL_INVALID): "MODEL_INVALID"}


def parse_region(text: str) -> tuple[int, int]:
    """``"8x9"`` -> (8, 9) (width, height)."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise InvalidInputError(f"region {text!r}: write WIDTHxHEIGHT, e.g. 8x9") from None
    if w < 1 or h < 1 or w * h > 400:
        raise InvalidInputError(f"region {text!r}: 1 to 400 cells")
    return w, h


@dataclass
class ModelResult:
    """The answer of a model: status, objective, bound, layout and what was asked."""

    question: str
    status: str
    region: tuple[int, int]
    tiles: int
    value: int | None = None
    bound: float | None = None
    layout: Layout | None = None
    seconds: float = 0.0
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def proven(self) -> bool:
        """True when the value is proven optimal within the region."""
        return self.status == "OPTIMAL"

    def to_json(self) -> dict[str, Any]:
        """``{"question", "status", "proven", "region", "tiles", "value", "bound",
        "seconds", "details", "layout"}``."""
        return {"question": self.question, "status": self.status, "proven": self.proven,
                "region": f"{self.region[0]}x{self.region[1]}", "tiles": self.tiles,
                "value": self.value, "bound": self.bound, "seconds": round(self.seconds, 3),
                "details": self.details,
                "layout": self.layout.to_json() if self.layout else None}


class _Tiling:
    """Tiles of given classes on a W x H rectangle (see the module docstring)."""

    def __init__(self, model: cp_model.CpModel, width: int, height: int,
                 tiles: list[Tile], classify: Callable[[int], int], connected: bool = True
                 ) -> None:
        self.model = model
        self.cells: list[Cell] = [(x, y) for y in range(height) for x in range(width)]
        cellset = set(self.cells)
        self.positions: list[tuple[Cell, Cell]] = [
            (c, n) for c in self.cells for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1))
            if n in cellset]
        self.tiles = tiles
        self.classify = classify
        classes = Counter(tuple(sorted((classify(a), classify(b)))) for a, b in tiles)
        self.class_counts = classes
        oriented = sorted({(p, q) for p, q in classes} | {(q, p) for p, q in classes})
        self.x: dict[tuple[int, tuple[int, int]], cp_model.IntVar] = {}
        for i, _ in enumerate(self.positions):
            for o in oriented:
                self.x[i, o] = model.new_bool_var(f"x{i}_{o}")
        # Each class of tile is used exactly as often as the set holds it.
        for (p, q), count in classes.items():
            terms = [v for (i, o), v in self.x.items() if o in ((p, q), (q, p))]
            model.add(sum(terms) == count)
        # Each cell is covered at most once; cls_at[c][k] says class k shows on c.
        kinds = sorted({k for o in oriented for k in o})
        self.cls_at: dict[Cell, dict[int, Any]] = {c: {k: [] for k in kinds} for c in self.cells}
        cover: dict[Cell, list[Any]] = {c: [] for c in self.cells}
        for (i, (p, q)), v in self.x.items():
            c1, c2 = self.positions[i]
            self.cls_at[c1][p].append(v)
            self.cls_at[c2][q].append(v)
            cover[c1].append(v)
            cover[c2].append(v)
        self.covered: dict[Cell, Any] = {}
        for c in self.cells:
            model.add_at_most_one(cover[c])
            self.covered[c] = sum(cover[c])
        self.neighbour_pairs = [(c, n) for c in self.cells
                                for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1)) if n in cellset]
        # Connectivity. With at most 2 empty cells in a rectangle of at least 3 x 3 it holds
        # by itself: the only 2-cell cuts of a grid are the two neighbours of a corner, and a
        # covered corner cell shares its tile with one of them.
        holes = len(self.cells) - 2 * len(tiles)
        if connected and (holes > 2 or min(width, height) < 3) and holes > 0:
            self.connect({c: self.covered[c] for c in self.cells}, 2 * len(tiles), "all")

    def is_class(self, c: Cell, kinds: set[int]) -> Any:
        """Linear expression: 1 when a class in ``kinds`` shows on ``c``."""
        return sum(v for k in kinds for v in self.cls_at[c].get(k, []))

    def connect(self, member: dict[Cell, Any], total: Any, name: str) -> None:
        """The cells with ``member`` = 1 form one connected set of ``total`` cells (flow)."""
        m = self.model
        big = len(self.cells)
        root = {c: m.new_bool_var(f"root_{name}{c}") for c in self.cells}
        m.add(sum(root.values()) == 1)
        for c in self.cells:
            m.add(root[c] <= member[c])
        flow = {}
        for c, n in self.neighbour_pairs:
            for u, w in ((c, n), (n, c)):
                f = m.new_int_var(0, big, f"f_{name}{u}{w}")
                m.add(f <= big * member[u])
                m.add(f <= big * member[w])
                flow[u, w] = f
        for c in self.cells:
            inflow = sum(f for (u, w), f in flow.items() if w == c)
            outflow = sum(f for (u, w), f in flow.items() if u == c)
            # the root sends total - 1 units, every other member keeps one
            rootflow = m.new_int_var(0, big, f"rf_{name}{c}")
            m.add(rootflow == total).only_enforce_if(root[c])
            m.add(rootflow == 0).only_enforce_if(root[c].negated())
            m.add(inflow - outflow + rootflow == member[c])

    def bounded_groups(self, member: dict[Cell, Any], labels: int, limit: Any, name: str
                       ) -> None:
        """Every group of member cells has at most ``limit`` cells (labels, see docstring)."""
        m = self.model
        lab = {(c, k): m.new_bool_var(f"lab_{name}{c}_{k}") for c in self.cells
               for k in range(labels)}
        for c in self.cells:
            m.add(sum(lab[c, k] for k in range(labels)) == member[c])
        for c, n in self.neighbour_pairs:
            for k in range(labels):
                m.add(lab[c, k] - lab[n, k] <= 1 - member[n])
                m.add(lab[n, k] - lab[c, k] <= 1 - member[c])
        for k in range(labels):
            m.add(sum(lab[c, k] for c in self.cells) <= limit)

    def small_groups(self, member: dict[Cell, Any]) -> None:
        """Every group of member cells has at most 3 cells: no tetromino is all members
        (a connected set of 4 or more cells contains a connected set of exactly 4)."""
        cellset = set(self.cells)
        for shape in tetrominoes():
            for x0, y0 in self.cells:
                cells = [(x0 + dx, y0 + dy) for dx, dy in shape]
                if all(c in cellset for c in cells):
                    self.model.add(sum(member[c] for c in cells) <= 3)

    def groups_of_three(self, member: dict[Cell, Any], name: str) -> None:
        """With ``small_groups``: every group has exactly 3 cells.

        Local form: a member cell has a member neighbour, and a member cell with exactly one
        member neighbour is the end of a path whose middle cell has two. Global form (implied,
        helps the search): groups of at most 3 cells are trees, so 36 member cells in 12
        groups of 3 have exactly 24 adjacent member pairs.
        """
        m = self.model
        cellset = set(self.cells)
        both: dict[tuple[Cell, Cell], Any] = {}
        for c, n in self.neighbour_pairs:
            b = m.new_bool_var(f"both_{name}{c}{n}")
            m.add(b <= member[c])
            m.add(b <= member[n])
            m.add(b >= member[c] + member[n] - 1)
            both[c, n] = both[n, c] = b
        around = {c: [n for n in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1),
                                  (c[0], c[1] - 1)) if n in cellset] for c in self.cells}
        degree = {c: sum(both[c, n] for n in around[c]) for c in self.cells}
        for c in self.cells:
            is_member = m.new_bool_var(f"m_{name}{c}")
            m.add(member[c] == is_member)
            m.add(degree[c] >= 1).only_enforce_if(is_member)
            end = m.new_bool_var(f"end_{name}{c}")
            m.add(degree[c] == 1).only_enforce_if(end)
            m.add(degree[c] != 1).only_enforce_if(end.negated())
            for n in around[c]:
                m.add(degree[n] == 2).only_enforce_if([end, both[c, n]])
        m.add(sum(both[c, n] for c, n in self.neighbour_pairs) == 24)

    def layout(self, solver: cp_model.CpSolver) -> Layout:
        """Concrete tiles for the classes chosen (tiles of one class are interchangeable)."""
        pools: dict[tuple[int, int], list[Tile]] = {}
        for t in self.tiles:
            k1, k2 = sorted((self.classify(t[0]), self.classify(t[1])))
            pools.setdefault((k1, k2), []).append(t)
        placements = []
        for (i, (p, q)), v in sorted(self.x.items()):
            if solver.value(v):
                t = pools[(min(p, q), max(p, q))].pop()
                a, b = t if self.classify(t[0]) == p and self.classify(t[1]) == q else t[::-1]
                placements.append(Placement(a, b, self.positions[i]))
        return Layout.from_json({"tiles": [pl.to_json() for pl in placements]})


def tetrominoes() -> list[tuple[Cell, ...]]:
    """The 19 fixed tetrominoes, each normalised to start at (0, 0) in its minimal corner."""
    shapes: set[tuple[Cell, ...]] = {((0, 0),)}
    for _ in range(3):
        grown = set()
        for shape in shapes:
            for x, y in shape:
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n not in shape:
                        cells = [*shape, n]
                        mx = min(c[0] for c in cells)
                        my = min(c[1] for c in cells)
                        grown.add(tuple(sorted((c[0] - mx, c[1] - my) for c in cells)))
        shapes = grown
    return sorted(shapes)


def _solve(model: cp_model.CpModel, time_limit: float, workers: int, seed: int
           ) -> tuple[cp_model.CpSolver, int]:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    from solver.interrupts import solve_interruptibly  # local: start-up

    return solver, solve_interruptibly(solver, model)


def table_tiles(mission: Tile, others: list[Tile]) -> list[Tile]:
    """The tiles on the table at the end: all but the mission tile and ``others``."""
    gone = {mission, *others}
    return [t for t in TILES if t not in gone]


def _checked_layout(tiling: _Tiling, solver: cp_model.CpSolver, region: tuple[int, int]
                    ) -> Layout:
    """The layout of the solver's solution once it is a real layout of the tiles asked for.

    Raises
    ------
    EngineFaultError
        When a tile is missing, repeated or extra, the tiles are not edge-connected (the
        layout could not be played) or a cell lies outside the region.
    """
    try:
        layout = tiling.layout(solver)
    except (IllegalMoveError, KeyError, IndexError) as exc:
        raise EngineFaultError(f"model returned an impossible layout: {exc}") from None
    placed = Counter(p.tile for p in layout.placements)
    if placed != Counter(tuple(sorted(t)) for t in tiling.tiles):
        raise EngineFaultError("model returned a layout whose tiles are not the tiles asked for")
    width, height = region
    outside = [c for c in layout.value_at if not (0 <= c[0] < width and 0 <= c[1] < height)]
    if outside:
        raise EngineFaultError(f"model returned a cell {list(outside[0])} outside the region")
    return layout


def _check_objective(sense: str, status: str, objective: int, bound: float, score: int
                     ) -> None:
    """Raise EngineFaultError when the re-scored layout contradicts CP-SAT's answer.

    The objective is a bound on the true score of the layout found (max: the chosen connected
    sets are no larger than the largest groups; min: the label limits are no smaller), so the
    score lies between the objective and the proven bound, and equals the objective when the
    status is OPTIMAL.
    """
    low, high = (objective, bound) if sense == "max" else (bound, objective)
    wrong = score != objective if status == "OPTIMAL" else not low - 1e-6 <= score <= high + 1e-6
    if wrong:
        raise EngineFaultError(
            f"model fault: CP-SAT reports {status} {sense} {objective} (bound {bound:g}) but "
            f"the independent re-score of its layout is {score}")


def dominimum_extreme(mission: tuple[int, int], sense: str, region: tuple[int, int] = (8, 9),
                      others: list[Tile] | None = None, time_limit: float = 30.0,
                      workers: int = 2, seed: int = 0,
                      tiling_class: type[_Tiling] | None = None) -> ModelResult:
    """The lowest (``sense="min"``) or highest (``"max"``) Dominimum score of ``mission``.

    ``value`` is the score of the layout found, re-computed by the networkx scorer; it is
    compared with CP-SAT's objective (``details["objective"]``). ``tiling_class`` replaces the
    model's tiling (tests inject a broken one to see the fault caught).

    Raises
    ------
    InvalidInputError
        For a bad mission, other missions or region.
    EngineFaultError
        When the layout or its re-scored value contradicts CP-SAT's answer (a model bug).
    """
    a, b = mission
    if a == b:
        raise InvalidInputError("a mission is two different values")
    mtile = (min(a, b), max(a, b))
    for t in others or []:
        if t[0] == t[1] or t == mtile:
            raise InvalidInputError(f"other mission {tile_name(t)}: missions are mixed tiles "
                                    "other than yours")
    if len(set(others or [])) != len(others or []):
        raise InvalidInputError("two other missions are the same tile")
    tiles = table_tiles(mtile, list(others or []))
    width, height = region
    if 2 * len(tiles) > width * height:
        raise InvalidInputError(f"{len(tiles)} tiles need {2 * len(tiles)} cells; region "
                                f"{width}x{height} has {width * height}")
    model = cp_model.CpModel()
    tiling = (tiling_class or _Tiling)(model, width, height, tiles,
                                       lambda v: 0 if v == a else 1 if v == b else 2)
    na = sum(1 for t in tiles for v in t if v == a)
    nb = sum(1 for t in tiles for v in t if v == b)
    is_a = {c: tiling.is_class(c, {0}) for c in tiling.cells}
    is_b = {c: tiling.is_class(c, {1}) for c in tiling.cells}
    score = model.new_int_var(0, 64 * 64, "score")
    ga = model.new_int_var(1 if na else 0, max(na, 1), "largest_a")
    gb = model.new_int_var(1 if nb else 0, max(nb, 1), "largest_b")
    model.add_multiplication_equality(score, [ga, gb])
    if sense == "max":
        for name, is_v, g in (("a", is_a, ga), ("b", is_b, gb)):
            chosen = {c: model.new_bool_var(f"in_{name}{c}") for c in tiling.cells}
            for c in tiling.cells:
                model.add(chosen[c] <= is_v[c])
            model.add(sum(chosen.values()) == g)
            tiling.connect(chosen, g, name)
        model.maximize(score)
    elif sense == "min":
        tiling.bounded_groups(is_a, max(na, 1), ga, "a")
        tiling.bounded_groups(is_b, max(nb, 1), gb, "b")
        # Implied constraint (project rule within_tile): the two halves of a placed double
        # are adjacent cells of one group, so that group has at least 2 cells.
        for cls_, g in ((0, ga), (1, gb)):
            doubles = [v for (i, o), v in tiling.x.items() if o == (cls_, cls_)]
            if doubles:
                model.add(g >= 2 * sum(doubles))
        model.minimize(score)
    else:
        raise InvalidInputError(f"sense must be min or max, not {sense!r}")
    solver, status = _solve(model, time_limit, workers, seed)
    result = ModelResult(f"{sense} Dominimum score of mission {tile_name(mtile)}",
                         STATUS.get(int(status), str(status)), region, len(tiles),
                         seconds=solver.wall_time,
                         details={"mission": [a, b], "removed": [list(mtile)]
                                  + [list(t) for t in others or []],
                                  "halves": {str(a): na, str(b): nb}})
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        objective = round(solver.objective_value)
        result.bound = solver.best_objective_bound
        result.layout = _checked_layout(tiling, solver, region)
        # the layout re-scored by the networkx scorer (shares no code with the model)
        rescored = mission_report(result.layout, (a, b)).score
        _check_objective(sense, result.status, objective, result.bound, rescored)
        result.value = rescored
        result.details["objective"] = objective
        result.details["layout_score"] = rescored
    return result


def dominomega_maximum(symbols: tuple[int, ...] = (1,), region: tuple[int, int] = (8, 9),
                       time_limit: float = 60.0, workers: int = 2, seed: int = 0,
                       tiling_class: type[_Tiling] | None = None) -> ModelResult:
    """A layout of all 36 tiles where every symbol in ``symbols`` scores 3^12 = 531441.

    ``value`` is the lowest score, re-computed by the networkx scorer, of the listed symbols
    on the layout found; the status is OPTIMAL only when it reaches the proven bound 3^12,
    FEASIBLE (with a note) when a layout was found below it. ``tiling_class`` replaces the
    model's tiling (tests inject a broken one).

    Raises
    ------
    InvalidInputError
        For an unknown symbol or a region smaller than 72 cells.
    EngineFaultError
        When the layout found is not a connected layout of the 36 tiles inside the region.
    """
    width, height = region
    if width * height < 72:
        raise InvalidInputError(f"36 tiles need 72 cells; region {width}x{height} is too small")
    for s in symbols:
        if s not in (1, 2, 4):
            raise InvalidInputError(f"unknown symbol {s}: 1 pip, 2 small circle, 4 large circle")
    model = cp_model.CpModel()
    make = tiling_class or _Tiling
    if len(symbols) == 1:
        s0 = symbols[0]
        tiling = make(model, width, height, list(TILES), lambda v: 1 if v & s0 else 0)
        member_classes = {s0: {1}}
    else:
        tiling = make(model, width, height, list(TILES), lambda v: v)
        member_classes = {s: {v for v in range(8) if v & s} for s in symbols}
    for s, kinds in member_classes.items():
        member = {c: tiling.is_class(c, kinds) for c in tiling.cells}
        tiling.small_groups(member)
        tiling.groups_of_three(member, f"s{s}")
    solver, status = _solve(model, time_limit, workers, seed)
    names = "+".join(str(s) for s in symbols)
    result = ModelResult(f"maximum Dominomega score of symbol(s) {names}",
                         STATUS.get(int(status), str(status)), region, 36, seconds=solver.wall_time,
                         details={"symbols": list(symbols), "upper_bound": 3**12,
                                  "bound_reason": "the largest product of positive integers "
                                  "summing to 36 (the halves of a symbol) is 3^12"})
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        result.bound = float(3**12)
        result.layout = _checked_layout(tiling, solver, region)
        # the layout re-scored by the networkx scorer (shares no code with the model)
        scores = omega_report(result.layout, symbols).scores
        result.details["layout_scores"] = {str(k): v for k, v in scores.items()}
        result.value = min(scores[s] for s in symbols)
        # a feasibility model: OPTIMAL only when the layout found reaches the proven bound
        if result.value == 3**12:
            result.status = "OPTIMAL"
        else:
            result.status = "FEASIBLE"
            result.details["note"] = (f"the layout found scores {result.value}, below the "
                                      f"bound 3^12 = {3**12}: the model's groups of three "
                                      "did not hold")
    elif status == cp_model.INFEASIBLE:
        result.details["note"] = "no layout in the region gives every listed symbol 3^12"
    return result
