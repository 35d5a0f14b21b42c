"""Dominomega, all three symbols at 3^12: the relaxation without geometry (issue 14, q. 2).

Nodes are the 72 halves; the two halves of a tile are joined (the within-tile rule); any other
pair of halves of different tiles may be joined by a "contact", at most 3 per half (a cell has
4 sides, one faces its partner), and contacts join a black half to a white one (a tile covers
one cell of each checkerboard colour). For every symbol every group must have exactly three
halves: a member half has 1 or 2 member neighbours, and the ends of every member edge have
1 + 2 together. If this were infeasible no layout could exist; CP-SAT finds it feasible in
about a second, so the question is one of geometry, not of counting or parity.

Command: ``solver research dominomega-relaxation [--time-limit 60]``; prints the status and
the contacts chosen.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from ortools.sat.python import cp_model

TILES = [(a, b) for a in range(8) for b in range(a, 8)]


def relaxation(time_limit: float = 60.0) -> tuple[str, float, float, list[str]]:
    """(CP-SAT's status, wall seconds, CPU seconds, the contacts chosen as text lines)."""
    cpu0 = time.process_time()
    halves = [(t, i) for t in range(len(TILES)) for i in range(2)]
    value = {h: TILES[h[0]][h[1]] for h in halves}
    m = cp_model.CpModel()
    black: dict[tuple[int, int], Any] = {}
    for t in range(len(TILES)):
        b = m.new_bool_var(f"black{t}")
        black[t, 0], black[t, 1] = b, b.negated()
    contact = {}
    for u, w in itertools.combinations(halves, 2):
        if u[0] == w[0] or not value[u] & value[w]:
            continue  # halves sharing no symbol may touch freely: they change no group
        v = m.new_bool_var(f"c{u}{w}")
        m.add_bool_or([black[u].negated(), black[w].negated()]).only_enforce_if(v)
        m.add_bool_or([black[u], black[w]]).only_enforce_if(v)
        contact[u, w] = contact[w, u] = v
    for h in halves:
        m.add(sum(v for (a, _b), v in contact.items() if a == h) <= 3)
    for s in (1, 2, 4):
        members = [h for h in halves if value[h] & s]
        degree = {}
        for h in members:
            partner = (h[0], 1 - h[1])
            degree[h] = (1 if value[partner] & s else 0) + sum(
                contact[h, g] for g in members if (h, g) in contact)
            m.add(degree[h] >= 1)
            m.add(degree[h] <= 2)
        for h in members:
            partner = (h[0], 1 - h[1])
            if h < partner and value[partner] & s:
                m.add(degree[h] + degree[partner] == 3)
            for g in members:
                if h < g and (h, g) in contact:
                    m.add(degree[h] + degree[g] == 3).only_enforce_if(contact[h, g])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 1
    status = solver.solve(m)
    lines = []
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for (u, w), v in contact.items():
            if u < w and solver.value(v):
                lines.append(f"tile {TILES[u[0]]} half {value[u]} -- tile {TILES[w[0]]} half "
                             f"{value[w]}")
    return solver.status_name(status), solver.wall_time, time.process_time() - cpu0, lines
