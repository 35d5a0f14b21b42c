"""The CP-SAT model of StarMaps by lines of sight (OR-Tools).

No piece variables at all: a Boolean ``occ[i]`` per board cell says whether a piece stands
there, and ``seen[i, d]`` (a chain along each line: the next cell is occupied or sees further)
says whether looking from cell ``i`` in direction ``d`` meets a piece. On an occupied cell the
beam in ``d`` is exactly ``occ[i] and seen[i, d]``, so the piece on each cell follows from where
the pieces stand; one ``AllDifferent`` over the cells' piece numbers (empty cells get distinct
filler values) makes every piece of the set appear once.

Redundant constraints (implied, added for propagation): in every direction as many beams as the
set has; for every axis, the number of lines holding a piece equals the number of pieces that
look along that axis in at most one way (a line's last piece, or a piece alone on its line).

This model finds a hexagon StarMap on the 768-cell board ``hexagon:16/17`` in about 20 s, where
the model with one Boolean per cell and piece found none in 300 s.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.arrange.instance import EdgeInstance


class StarMapModel:
    """Variables and constraints of one StarMap instance."""

    def __init__(self, inst: EdgeInstance) -> None:
        self.inst = inst
        self.model = cp_model.CpModel()
        problem = inst.problem
        grid = problem.piece_set.grid
        model = self.model
        cells = inst.cells
        index = inst.index
        n = len(cells)
        self.occ = [model.new_bool_var(f"occ{i}") for i in range(n)]
        pieces = problem.piece_set.pieces
        directions = grid.directions(cells[0])
        seen: dict[tuple[int, int], cp_model.IntVar | int] = {}

        def nxt(i: int, d: int) -> int | None:
            other = grid.neighbour(cells[i], d)
            return index.get(other)

        # seen[i, d]: the next cell in direction d is occupied or sees a piece further on
        for d in directions:
            distance = {i: self._distance_to_edge(i, d) for i in range(n)}
            order = sorted(range(n), key=distance.__getitem__)
            for i in order:
                j = nxt(i, d)
                if j is None:
                    seen[i, d] = 0
                    continue
                var = model.new_bool_var(f"seen{i}_{d}")
                model.add_max_equality(var, [self.occ[j], seen[j, d]])
                seen[i, d] = var
        # beam[i, d] = occ[i] and seen[i, d]
        self.beams: list[list[tuple[cp_model.IntVar | int, int]]] = []
        for i in range(n):
            row: list[tuple[cp_model.IntVar | int, int]] = []
            for d in directions:
                s = seen[i, d]
                if isinstance(s, int):
                    row.append((0, d))
                    continue
                b = model.new_bool_var(f"beam{i}_{d}")
                model.add_multiplication_equality(b, [self.occ[i], s])
                row.append((b, d))
            self.beams.append(row)
        # every piece once: distinct piece numbers, distinct fillers on empty cells
        space = 1 << len(directions)
        exprs = []
        for i in range(n):
            filler = space + i
            number = sum(b * d for b, d in self.beams[i] if not isinstance(b, int))
            exprs.append(number + filler - filler * self.occ[i])
        model.add_all_different(exprs)
        model.add(sum(self.occ) == len(pieces))
        # redundant: in each direction as many beams as the set carries
        for d in directions:
            model.add(sum(row[k][0] for row in self.beams
                          for k in range(len(row)) if row[k][1] == d) ==
                      sum(1 for p in pieces if p.beams & d))
        # redundant: lines holding a piece = pieces without a beam one way along the axis
        for d in directions:
            o = grid.opposite(cells[0], d)
            if d > o:
                continue
            starts = [i for i in range(n) if index.get(grid.neighbour(cells[i], o)) is None]
            used = []
            for s0 in starts:
                line = [s0]
                while (j := nxt(line[-1], d)) is not None:
                    line.append(j)
                u = model.new_bool_var("")
                model.add_max_equality(u, [self.occ[i] for i in line])
                used.append(u)
            model.add(sum(used) == sum(1 for p in pieces if not p.beams & d))
        # fixed pieces
        for i in range(n):
            p = int(inst.fixed[i])
            if p >= 0:
                model.add(self.occ[i] == 1)
                for bit, d in self.beams[i]:
                    model.add(bit == (1 if p & d else 0))
        if problem.no_adjacent:
            for i in range(n):
                for d in directions:
                    j = nxt(i, d)
                    if j is not None and i < j:
                        model.add(self.occ[i] + self.occ[j] <= 1)

    def _distance_to_edge(self, i: int, d: int) -> int:
        """Steps from cell ``i`` to the region's edge in direction ``d`` (chain order)."""
        grid = self.inst.problem.piece_set.grid
        index = self.inst.index
        steps = 0
        cell = self.inst.cells[i]
        while (cell := grid.neighbour(cell, d)) in index:
            steps += 1
        return steps

    def row(self, solver: cp_model.CpSolverSolutionCallback | cp_model.CpSolver) -> list[int]:
        """Piece number per cell index, -1 for an empty cell."""
        out = []
        for i, occ in enumerate(self.occ):
            if not solver.boolean_value(occ):
                out.append(-1)
                continue
            out.append(sum(d for b, d in self.beams[i]
                           if not isinstance(b, int) and solver.boolean_value(b)))
        return out
