"""Groups of a layout: the domain's own scoring (plain breadth-first search).

A group is a maximal set of covered cells, connected through shared cell edges (never
diagonals), whose halves all show a value (Dominimum) or all contain a binary symbol
(Dominomega). Project rule ``within_tile`` (default True): the two halves of one tile are
adjacent cells like any other pair, so a double forms a group of two.

The search floor has its own networkx scorer (``solver.dominimum.analysis``); the tests check
both against a third, independent flood fill.

Examples
--------
>>> from puzzles.dominimum.layout import Layout, Placement
>>> lay = Layout([Placement(3, 3, ((0, 0), (1, 0))), Placement(3, 7, ((0, 1), (1, 1)))])
>>> largest_group(lay, lambda v: v == 3)
3
>>> mission_score(lay, (3, 7)), symbol_score(lay, 1)
(3, 4)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from math import prod

from puzzles.dominimum.layout import Cell, Layout, neighbours


def groups(layout: Layout, member: Callable[[int], bool], within_tile: bool = True
           ) -> list[list[Cell]]:
    """The groups of cells whose value satisfies ``member``, largest first.

    Complexity: O(covered cells).
    """
    value_at, tile_at = layout.value_at, layout.tile_at
    seen: set[Cell] = set()
    found: list[list[Cell]] = []
    for start in value_at:
        if start in seen or not member(value_at[start]):
            continue
        seen.add(start)
        group = [start]
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for n in neighbours(c):
                if n in seen or n not in value_at or not member(value_at[n]):
                    continue
                if not within_tile and tile_at[n] == tile_at[c]:
                    continue
                seen.add(n)
                group.append(n)
                queue.append(n)
        found.append(group)
    found.sort(key=len, reverse=True)
    return found


def largest_group(layout: Layout, member: Callable[[int], bool], within_tile: bool = True) -> int:
    """The size of the largest group (0 when no cell qualifies)."""
    sizes = [len(g) for g in groups(layout, member, within_tile)]
    return max(sizes, default=0)


def mission_score(layout: Layout, mission: tuple[int, int], within_tile: bool = True) -> int:
    """Dominimum: largest group of value a times largest group of value b."""
    a, b = mission
    return (largest_group(layout, lambda v: v == a, within_tile)
            * largest_group(layout, lambda v: v == b, within_tile))


def symbol_score(layout: Layout, symbol: int, within_tile: bool = True) -> int:
    """Dominomega: the product of the sizes of every group containing ``symbol`` (1 if none)."""
    return prod(len(g) for g in groups(layout, lambda v: bool(v & symbol), within_tile))
