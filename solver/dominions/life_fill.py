"""The fill relaxation: a CP-SAT model of the board at the moment a group is captured (or a
cell is filled), without the order of the moves. Its infeasibility proves that the attacker
can never do it while the owner passes.

Why it is a relaxation (``docs/dominions.md``, "Life and death"): while only the attacker
places, every piece placed is his, taken from his hand once, and fits the sides fixed now
(constraints only grow); two filled neighbours match; a captured group has no liberty, so
every cell its beams point at is filled; the group that the capture forms has a liberty, a
beam of a piece of its section into a vacant cell. The board at that moment satisfies every
constraint below, so "no assignment" means "no such moment".

Variables: for each modelled vacant cell one Boolean per fitting attacker piece (at most one
is chosen: the cell is filled), beams as sums of those, matching between filled neighbours,
each attacker piece used at most once, and an exit path: a chain of beam links from the
target's section (or the filled cell) to a beam into a cell left vacant, with ranks that
forbid cycles. Vacant cells outside the modelled region are free: any beam into them may be
a liberty. Only the cells that must be filled need modelling (the others may stay vacant).

Examples
--------
>>> from puzzles.dominions import Position
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [8]})
>>> r = fill_capture(pos, pos.board.cell_index("c3"))  # B's one piece, P8 at d4, oscillates
>>> r.status, r.reason
('infeasible', 'no-exit')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from puzzles.dominions import Position
from solver.dominions.life_arena import Arena
from solver.dominions.life_solve import SolveResult, solve


@dataclass(frozen=True)
class FillResult:
    """``status``: ``infeasible`` (proved: it can never happen), ``feasible`` (the
    relaxation allows it: no conclusion) or ``unknown`` (the budget ran out); ``reason`` says
    why it is infeasible (``eye``, ``pieces``, ``no-exit``)."""

    status: str
    reason: str = ""
    cells: tuple[int, ...] = ()  # the eye cells (reason eye)
    solve: SolveResult | None = None


class FillModel:
    """The model for one target: ``goal`` ``capture`` (the group on ``cell``) or ``fill``
    (the vacant ``cell``); ``exit`` adds the exit path (off: only pieces and matching)."""

    def __init__(self, arena: Arena, goal: str, cell: int, exit_path: bool = True) -> None:
        self.arena = arena
        self.model = cp_model.CpModel()
        m = self.model
        pos = arena.pos
        self.x: dict[tuple[int, int], cp_model.IntVar] = {}
        self.filled: dict[int, cp_model.IntVar] = {}
        for c in arena.region:
            for p in arena.candidates[c]:
                self.x[c, p] = m.new_bool_var(f"x{c}_{p}")
            f = m.new_bool_var(f"f{c}")
            m.add(sum(self.x[c, p] for p in arena.candidates[c]) == f)
            self.filled[c] = f
        for p in range(1, 64):
            used = [self.x[c, p] for c in arena.region if (c, p) in self.x]
            if len(used) > 1:
                m.add_at_most_one(used)
        for c in arena.region:
            for k in range(3):  # each pair of region neighbours once: sides 0-2 of c
                kind, d = arena.side(c, k)
                if kind != "region":
                    continue
                bc, bd = self.beam(c, k), self.beam(d, (k + 3) % 6)
                m.add(bc + self.filled[d] <= bd + 1)
                m.add(bd + self.filled[c] <= bc + 1)
        if goal == "capture":
            atom = arena.atoms[arena.group_atom(cell)]
            self.must = tuple(sorted(atom.beam_cells))
            source: tuple[str, int] = ("section", _section_of(arena, arena.group_atom(cell)))
        else:
            self.must = (cell,)
            source = ("cell", cell)
        for c in self.must:
            m.add(self.filled[c] == 1)
        if exit_path:
            self._exit_path(source, pos)

    def beam(self, c: int, k: int) -> cp_model.LinearExpr:
        """1 when the piece chosen for ``c`` has a beam on side ``k`` (0 when unfilled)."""
        return cp_model.LinearExpr.sum([self.x[c, p] for p in self.arena.candidates[c]
                                        if p >> k & 1])

    def _exit_path(self, source: tuple[str, int], pos: Position) -> None:
        arena, m = self.arena, self.model
        nodes: list[tuple[str, int]] = [("section", s) for s in range(len(arena.sections))]
        nodes += [("cell", c) for c in arena.region]
        index = {n: i for i, n in enumerate(nodes)}
        reach = [m.new_bool_var(f"reach{i}") for i in range(len(nodes))]
        rank = [m.new_int_var(0, len(nodes), f"rank{i}") for i in range(len(nodes))]
        incoming: list[list[cp_model.IntVar]] = [[] for _ in nodes]
        exits: list[cp_model.IntVar] = []

        def edge(u: int, v: int, active: list[cp_model.LinearExprT]) -> None:
            for a, b in ((u, v), (v, u)):
                use = m.new_bool_var("")
                m.add_implication(use, reach[a])
                for lit in active:
                    m.add(lit >= 1).only_enforce_if(use)
                m.add(rank[a] < rank[b]).only_enforce_if(use)
                incoming[b].append(use)

        def exit_if(node: int, conditions: list[cp_model.LinearExprT]) -> None:
            e = m.new_bool_var("")
            m.add_implication(e, reach[node])
            for lit in conditions:
                m.add(lit >= 1).only_enforce_if(e)
            exits.append(e)

        region = set(arena.region)
        for s, atoms in enumerate(arena.sections):
            beam_cells = set().union(*(arena.atoms[a].beam_cells for a in atoms))
            node = index["section", s]
            if beam_cells - region:
                exit_if(node, [])
            for c in sorted(beam_cells & region):
                edge(node, index["cell", c], [self.filled[c]])
                exit_if(node, [1 - self.filled[c]])
        for c in arena.region:
            node = index["cell", c]
            for k in range(6):
                kind, d = arena.side(c, k)
                if kind == "outside":
                    exit_if(node, [self.filled[c], self.beam(c, k)])
                elif kind == "region":
                    exit_if(node, [self.filled[c], self.beam(c, k), 1 - self.filled[d]])
                    if k < 3:
                        link = m.new_bool_var("")
                        m.add(link <= self.filled[c])
                        m.add(link <= self.filled[d])
                        m.add(link <= self.beam(c, k))
                        edge(node, index["cell", d], [link])
        src = index[source]
        m.add(reach[src] == 1)
        m.add(rank[src] == 0)
        for i in range(len(nodes)):
            if i == src:
                continue
            if incoming[i]:
                m.add_bool_or(incoming[i]).only_enforce_if(reach[i])
            else:
                m.add(reach[i] == 0)
        if exits:
            m.add_bool_or(exits)
        else:
            m.add(reach[src] == 0)  # no exit anywhere: infeasible


def _section_of(arena: Arena, atom: int) -> int:
    return next(s for s, atoms in enumerate(arena.sections) if atom in atoms)


def fill_capture(pos: Position, cell: int, attacker: int | None = None,
                 region: Iterable[int] | None = None, seconds: float = 5.0) -> FillResult:
    """Can the attacker (default: the other colour) ever capture the group on ``cell`` while
    its owner passes? ``infeasible`` proves he cannot. The region defaults to the group's
    liberty cells: other cells may stay vacant, so modelling them adds nothing."""
    y = 1 - pos.owner[cell] if attacker is None else attacker
    gid, table = pos.groups()
    libs = set(table[gid[cell]].liberties)
    arena = Arena.build(pos, y, libs if region is None else set(region) | libs)
    return _decide(arena, "capture", cell, seconds)


def fill_cell(pos: Position, cell: int, attacker: int, region: Iterable[int] | None = None,
              seconds: float = 5.0) -> FillResult:
    """Can ``attacker`` ever legally fill the vacant ``cell`` while the other side passes?
    ``infeasible`` proves he cannot (the region defaults to the cell alone)."""
    arena = Arena.build(pos, attacker, {cell} if region is None else set(region) | {cell})
    return _decide(arena, "fill", cell, seconds)


def _decide(arena: Arena, goal: str, cell: int, seconds: float) -> FillResult:
    model = FillModel(arena, goal, cell)
    eyes = tuple(c for c in model.must if not arena.candidates[c])
    if eyes:
        return FillResult("infeasible", "eye", eyes)
    res = solve(model.model, seconds)
    if res.status == "infeasible":
        plain = solve(FillModel(arena, goal, cell, exit_path=False).model, seconds)
        reason = "pieces" if plain.status == "infeasible" else "no-exit"
        return FillResult("infeasible", reason, model.must, res)
    return FillResult(res.status, "", (), res)
