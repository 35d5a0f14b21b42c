"""Independent helpers for the tests: beam graphs built straight from the direction deltas."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from puzzles.arrangements import Arrangement
from solver.arrange.problem import ArrangementProblem
from solver.arrange.split import prefix_from_json


def beam_graph(arr: Arrangement) -> nx.MultiGraph:
    """Pieces as nodes, one edge per beam that meets a beam (wrap-around honoured)."""
    grid = arr.piece_set.grid
    beams = {p.number: p.beams for p in arr.piece_set.pieces}
    wrap = arr.region.wrap if arr.region is not None else None
    g = nx.MultiGraph()
    g.add_nodes_from(arr.placements)
    for cell, piece in arr.placements.items():
        for d, (dq, dr) in grid.deltas(cell).items():
            if not beams[piece] & d:
                continue
            other = (cell[0] + dq, cell[1] + dr)
            if wrap:
                other = (other[0] % wrap[0] if wrap[0] else other[0],
                         other[1] % wrap[1] if wrap[1] else other[1])
            if other not in arr.placements:
                continue
            back = next(e for e, v in grid.deltas((cell[0] + dq, cell[1] + dr)).items()
                        if v == (-dq, -dr))
            if beams[arr.placements[other]] & back and (cell, d) < (other, back):
                g.add_edge(cell, other)
    return g


def loops_and_groups(arr: Arrangement) -> tuple[int, int, int]:
    """(independent cycles, connections, groups); cycles from networkx's cycle basis."""
    g = beam_graph(arr)
    simple = nx.Graph(g)
    parallel = g.number_of_edges() - simple.number_of_edges()  # 2-cycles on tiny tori
    loops = len(nx.cycle_basis(simple)) + parallel
    return loops, g.number_of_edges(), nx.number_connected_components(g)


def key(arr: Arrangement) -> tuple[tuple[tuple[int, int], int], ...]:
    """A solution as a hashable value."""
    return tuple(sorted(arr.placements.items()))


COMPLETIONS = Path(__file__).resolve().parents[1] / "data" / "hexagon-completions"


def completion(free: int) -> ArrangementProblem:
    """The hexagon rhombus:8x8 completion with ``free`` free cells (the shared data set)."""
    path = COMPLETIONS / f"rhombus8x8-free{free}.json"
    fixed = prefix_from_json(json.loads(path.read_text()), str(path))
    return ArrangementProblem.create("hexagon", "compact", "rhombus:8x8", fixed=fixed)
