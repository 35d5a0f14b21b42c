"""Groups and scores of a layout as connected components of networkx graphs.

The graph of a value (or symbol) has a node for every covered cell showing that value (or
containing that symbol) and an edge between edge-adjacent such cells; with the project rule
``within_tile=False`` the edge between the two halves of one tile is left out.

Examples
--------
>>> from puzzles.dominimum.layout import Layout, Placement
>>> lay = Layout([Placement(3, 3, ((0, 0), (1, 0))), Placement(3, 7, ((0, 1), (1, 1)))])
>>> mission_report(lay, (3, 7)).to_json()
{'groups': {'3': 3, '7': 1}, 'score': 3}
>>> omega_report(lay).scores
{1: 4, 2: 4, 4: 1}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import prod
from typing import Any

import networkx as nx

from puzzles.dominimum.layout import Cell, Layout
from puzzles.dominimum.tiles import SYMBOLS, tile_name
from puzzles.errors import InvalidInputError


def group_graph(layout: Layout, member: Callable[[int], bool], within_tile: bool = True
                ) -> nx.Graph:
    """The graph of covered cells whose value satisfies ``member``, edges between neighbours."""
    g = nx.Graph()
    cells = [c for c, v in layout.value_at.items() if member(v)]
    g.add_nodes_from(cells)
    for x, y in cells:
        for n in ((x + 1, y), (x, y + 1)):
            if n in g and (within_tile or layout.tile_at[n] != layout.tile_at[(x, y)]):
                g.add_edge((x, y), n)
    return g


def components(layout: Layout, member: Callable[[int], bool], within_tile: bool = True
               ) -> list[set[Cell]]:
    """The groups (connected components), largest first; ties by smallest cell."""
    comps = [set(c) for c in nx.connected_components(group_graph(layout, member, within_tile))]
    comps.sort(key=lambda s: (-len(s), min(s)))
    return comps


def value_groups(layout: Layout, value: int, within_tile: bool = True) -> list[set[Cell]]:
    """Groups of halves showing ``value``."""
    return components(layout, lambda v: v == value, within_tile)


def symbol_groups(layout: Layout, symbol: int, within_tile: bool = True) -> list[set[Cell]]:
    """Groups of halves containing the binary ``symbol`` (a 7 belongs to all three)."""
    return components(layout, lambda v: bool(v & symbol), within_tile)


@dataclass(frozen=True)
class MissionReport:
    """Dominimum score of one mission: the largest group of each value and their product."""

    mission: tuple[int, int]
    largest: dict[int, set[Cell]]

    @property
    def sizes(self) -> dict[int, int]:
        """Size of the largest group of each mission value."""
        return {v: len(self.largest[v]) for v in self.mission}

    @property
    def score(self) -> int:
        """The product of the two sizes."""
        return prod(self.sizes.values())

    def to_json(self) -> dict[str, Any]:
        """``{"groups": {"A": size, "B": size}, "score": n}`` keyed by value."""
        return {"groups": {str(v): n for v, n in self.sizes.items()}, "score": self.score}


def check_mission(mission: tuple[int, int]) -> tuple[int, int]:
    """Raise ``InvalidInputError`` unless the mission is two different values 0-7."""
    a, b = mission
    if not (0 <= a <= 7 and 0 <= b <= 7):
        raise InvalidInputError(f"mission {tile_name(mission)}: values must be 0-7")
    if a == b:
        raise InvalidInputError(f"mission {tile_name(mission)} is a double; missions are two "
                                "different values")
    return (a, b)


def mission_report(layout: Layout, mission: tuple[int, int], within_tile: bool = True
                   ) -> MissionReport:
    """The Dominimum score of ``mission`` on ``layout`` (a missing value counts 0)."""
    mission = check_mission(mission)
    largest = {}
    for v in mission:
        groups = value_groups(layout, v, within_tile)
        largest[v] = groups[0] if groups else set()
    return MissionReport(mission, largest)


@dataclass(frozen=True)
class OmegaReport:
    """Dominomega groups of each symbol and the score (product of the group sizes)."""

    groups: dict[int, list[set[Cell]]]

    @property
    def scores(self) -> dict[int, int]:
        """Score of each symbol: the product of its group sizes (1 when it has none)."""
        return {s: prod(len(g) for g in gs) for s, gs in self.groups.items()}

    def to_json(self) -> dict[str, Any]:
        """``{"scores": {"1": n, "2": n, "4": n}, "groups": {"1": [sizes...], ...}}``."""
        return {"scores": {str(s): n for s, n in self.scores.items()},
                "groups": {str(s): [len(g) for g in gs] for s, gs in self.groups.items()}}


def omega_report(layout: Layout, symbols: tuple[int, ...] = SYMBOLS, within_tile: bool = True
                 ) -> OmegaReport:
    """The Dominomega groups and scores of every symbol in ``symbols``."""
    return OmegaReport({s: symbol_groups(layout, s, within_tile) for s in symbols})


def all_mission_scores(layout: Layout, within_tile: bool = True) -> dict[tuple[int, int], int]:
    """The score of every possible mission (a < b) on ``layout``."""
    largest = {v: (len(g[0]) if (g := value_groups(layout, v, within_tile)) else 0)
               for v in range(8)}
    return {(a, b): largest[a] * largest[b] for a in range(8) for b in range(a + 1, 8)}
