"""The reference computation of groups, liberties and sections on networkx graphs.

The *beam graph* has a node per piece and an edge per beam-to-beam connection (both pieces
carry a beam on the shared side), whatever the colours. Its connected components are the
sections of the beam structure; the components of its same-colour edges are the groups.
This module shares no code with the rules' own group computation (``Position``), so tests
can compare the two.

Examples
--------
>>> from puzzles.dominions import replay
>>> pos = replay("W[P63i9];B[P55h8]")
>>> [(g.colour, len(g.cells), len(g.liberties)) for g in groups(pos)]
[(1, 1, 4), (0, 1, 5)]
>>> len(sections(pos))
1
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from puzzles.dominions import Position
from puzzles.grids import HEX_DELTAS

_OPPOSITE = {1: 8, 2: 16, 4: 32, 8: 1, 16: 2, 32: 4}


@dataclass(frozen=True)
class GroupView:
    """A group: its colour (0 White, 1 Black), cells, liberty cells and liberty beams.

    ``liberties`` are the distinct vacant cells its beams point at; ``beams`` are the liberties
    as the seed counts them, one per beam that borders on a vacant cell: ``(cell, direction)``
    pairs of a member cell and the direction bit (1..32) of its beam. Two beams of the group
    into one vacant cell are two liberties.
    """

    colour: int
    cells: frozenset[int]
    liberties: frozenset[int]
    beams: frozenset[tuple[int, int]] = frozenset()


def beam_graph(pos: Position) -> nx.Graph:
    """Pieces as nodes (``colour``, ``piece`` attributes), beam connections as edges.

    Complexity: O(pieces), six sides per piece.
    """
    b = pos.board
    g = nx.Graph()
    for i in pos.occupied:
        g.add_node(i, colour=pos.owner[i], piece=pos.piece[i])
    for i in pos.occupied:
        q, r = b.cells[i]
        for d, (dq, dr) in HEX_DELTAS.items():
            if not pos.piece[i] & d:
                continue
            j = b.index.get((q + dq, r + dr))
            if j is not None and pos.piece[j] >= 0 and pos.piece[j] & _OPPOSITE[d]:
                g.add_edge(i, j)
    return g


def beams_to_vacant(pos: Position, cell: int) -> list[tuple[int, int]]:
    """``(direction, vacant cell)`` for each beam of the piece on ``cell`` that borders on a
    vacant cell."""
    b = pos.board
    q, r = b.cells[cell]
    out = []
    for d, (dq, dr) in HEX_DELTAS.items():
        if pos.piece[cell] & d:
            j = b.index.get((q + dq, r + dr))
            if j is not None and pos.piece[j] < 0:
                out.append((d, j))
    return out


def groups(pos: Position, graph: nx.Graph | None = None) -> list[GroupView]:
    """Groups with their liberties, ordered by their smallest cell."""
    g = beam_graph(pos) if graph is None else graph
    same = nx.Graph()
    same.add_nodes_from(g.nodes)
    same.add_edges_from((u, v) for u, v in g.edges if g.nodes[u]["colour"] == g.nodes[v]["colour"])
    out = []
    for comp in nx.connected_components(same):
        libs: set[int] = set()
        beams: set[tuple[int, int]] = set()
        for c in comp:
            for d, j in beams_to_vacant(pos, c):
                libs.add(j)
                beams.add((c, d))
        colour = g.nodes[next(iter(comp))]["colour"]
        out.append(GroupView(colour, frozenset(comp), frozenset(libs), frozenset(beams)))
    return sorted(out, key=lambda gv: min(gv.cells))


def sections(pos: Position, graph: nx.Graph | None = None) -> list[frozenset[int]]:
    """The sections of the beam structure (connected parts), ordered by smallest cell."""
    g = beam_graph(pos) if graph is None else graph
    return sorted((frozenset(c) for c in nx.connected_components(g)), key=min)


def canonical(views: list[GroupView]) -> set[tuple[int, frozenset[int], frozenset[int]]]:
    """Groups as comparable tuples (colour, cells, liberties)."""
    return {(v.colour, v.cells, v.liberties) for v in views}
