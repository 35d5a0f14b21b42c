"""The Dominomega greedy choices as computed before they were made fast (commit ab0b364 of
solver/dominimum/placement.py, trimmed to what ``greedy_omega_choices`` uses): the oracle that
the fast code must equal list for list, and the "before" side of
``benchmarks/omega_greedy.py``. Not used by the players."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from puzzles.dominimum.layout import Cell, Layout, Placement, neighbours
from puzzles.dominimum.tiles import tile


class _Partition:
    """Groups of the cells whose value satisfies a predicate: label per cell, size per label."""

    __slots__ = ("label", "member", "sizes")

    def __init__(self, layout: Layout, member: Callable[[int], bool], within_tile: bool) -> None:
        self.member = member
        self.label: dict[Cell, int] = {}
        self.sizes: list[int] = []
        value_at, tile_at = layout.value_at, layout.tile_at
        for start, v in value_at.items():
            if start in self.label or not member(v):
                continue
            k = len(self.sizes)
            self.label[start] = k
            stack = [start]
            size = 0
            while stack:
                c = stack.pop()
                size += 1
                for n in neighbours(c):
                    if n in self.label or n not in value_at or not member(value_at[n]):
                        continue
                    if not within_tile and tile_at[n] == tile_at[c]:
                        continue
                    self.label[n] = k
                    stack.append(n)
            self.sizes.append(size)

    def merged(self, cells: list[Cell], linked: bool) -> list[tuple[int, set[int]]]:
        """The new groups made by covering ``cells`` (all members): ``(size, old labels)``.

        ``linked`` says whether two new cells join each other (halves of one tile).
        """
        found: list[tuple[int, set[int]]] = []
        for c in cells:
            labels = {self.label[n] for n in neighbours(c) if n in self.label}
            found.append((1, labels))
        if len(found) == 2 and (linked or found[0][1] & found[1][1]):
            found = [(2, found[0][1] | found[1][1])]
        return [(extra + sum(self.sizes[k] for k in labels), labels)
                for extra, labels in found]


class GroupIndex:
    """Groups of every value and symbol of a layout, for O(1) evaluation of placements."""

    def __init__(self, layout: Layout, within_tile: bool = True) -> None:
        self.layout = layout
        self.within_tile = within_tile
        self._values: dict[int, _Partition] = {}
        self._symbols: dict[int, _Partition] = {}
        self._largest: list[int] | None = None
        self._products: dict[int, int] = {}

    def value_partition(self, value: int) -> _Partition:
        """The groups of ``value`` (computed on first use)."""
        part = self._values.get(value)
        if part is None:
            part = _Partition(self.layout, lambda v: v == value, self.within_tile)
            self._values[value] = part
        return part

    def symbol_partition(self, symbol: int) -> _Partition:
        """The groups of ``symbol`` (computed on first use)."""
        part = self._symbols.get(symbol)
        if part is None:
            part = _Partition(self.layout, lambda v: bool(v & symbol), self.within_tile)
            self._symbols[symbol] = part
            self._products[symbol] = math.prod(part.sizes)
        return part

    @property
    def largest(self) -> list[int]:
        """The size of the largest group of every value 0-7."""
        if self._largest is None:
            self._largest = [max(self.value_partition(v).sizes, default=0) for v in range(8)]
        return self._largest

    def largest_of(self, value: int) -> int:
        """The size of the largest group of ``value``."""
        return max(self.value_partition(value).sizes, default=0)

    def group_after(self, p: Placement, value: int) -> int:
        """The size of the largest group of ``value`` after placing ``p``."""
        best = self.largest_of(value)
        cells = [c for c, w in zip(p.cells, p.values, strict=True) if w == value]
        if cells:
            for size, _ in self.value_partition(value).merged(cells, self.within_tile):
                best = max(best, size)
        return best

    def largest_after(self, p: Placement) -> list[int]:
        """The size of the largest group of every value 0-7 after placing ``p``."""
        out = list(self.largest)
        for v in set(p.values):
            out[v] = self.group_after(p, v)
        return out

    def product_after_nothing(self, symbol: int) -> int:
        """The Dominomega score of ``symbol`` on the layout as it is."""
        self.symbol_partition(symbol)
        return self._products[symbol]

    def product_after(self, p: Placement, symbol: int) -> int:
        """The Dominomega score of ``symbol`` after placing ``p``."""
        cells = [c for c, w in zip(p.cells, p.values, strict=True) if w & symbol]
        part = self.symbol_partition(symbol)
        result = self._products[symbol]
        if not cells:
            return result
        for size, labels in part.merged(cells, self.within_tile):
            for k in labels:
                result //= part.sizes[k]
            result *= size
        return result


class _Products:
    """The Dominomega score of one symbol after any placement, from the groups next to each
    empty cell (looked up once per cell): the same values as ``GroupIndex.product_after``."""

    __slots__ = ("_near", "base", "label", "sizes", "symbol", "within_tile")

    def __init__(self, index: GroupIndex, symbol: int) -> None:
        part = index.symbol_partition(symbol)
        self.symbol = symbol
        self.base = index.product_after_nothing(symbol)
        self.label, self.sizes = part.label, part.sizes
        self.within_tile = index.within_tile
        self._near: dict[Cell, frozenset[int]] = {}

    def near(self, cell: Cell) -> frozenset[int]:
        """The labels of the groups next to ``cell``."""
        found = self._near.get(cell)
        if found is None:
            label = self.label
            found = frozenset(label[n] for n in neighbours(cell) if n in label)
            self._near[cell] = found
        return found

    def _joined(self, result: int, labels: Iterable[int], extra: int) -> int:
        size = extra
        for k in labels:
            result //= self.sizes[k]
            size += self.sizes[k]
        return result * size

    def after(self, p: Placement) -> int:
        """The score of the symbol after placing ``p``."""
        symbol = self.symbol
        cells = [c for c, w in zip(p.cells, p.values, strict=True) if w & symbol]
        if not cells:
            return self.base
        if len(cells) == 1:
            return self._joined(self.base, self.near(cells[0]), 1)
        n1, n2 = self.near(cells[0]), self.near(cells[1])
        if self.within_tile or n1 & n2:
            return self._joined(self.base, n1 | n2, 2)
        return self._joined(self._joined(self.base, n1, 1), n2, 1)


def reference_choices(layout: Layout, hand: tuple[int, int], symbol: int,
                      rivals: tuple[int, ...], within_tile: bool = True) -> list[Placement]:
    """``greedy_omega_choices`` as it was."""
    index = GroupIndex(layout, within_tile)
    own = _Products(index, symbol)
    best: list[Placement] = []
    top = -1
    for p in reference_placements(layout, hand):
        v = own.after(p)
        if v > top:
            top, best = v, [p]
        elif v == top:
            best.append(p)
    if len(best) < 2 or not rivals:
        return best
    others = [_Products(index, s) for s in rivals]
    scored = [(max(o.after(p) for o in others), p) for p in best]
    low = min(v for v, _ in scored)
    return [p for v, p in scored if v == low]


def reference_cell_pairs(layout: Layout) -> list[tuple[Cell, Cell]]:
    """``Layout.cell_pairs`` as it was: sorted frontier, each cell's empty neighbours."""
    value_at = layout.value_at
    if not value_at:
        return [((0, 0), (1, 0)), ((0, 0), (0, 1))]
    frontier = {n for c in value_at for n in neighbours(c) if n not in value_at}
    seen: set[tuple[Cell, Cell]] = set()
    out = []
    for c in sorted(frontier):
        for n in neighbours(c):
            if n in value_at:
                continue
            pair = (c, n) if c < n else (n, c)
            if pair not in seen:
                seen.add(pair)
                out.append(pair)
    return out


def reference_placements(layout: Layout, values: tuple[int, int]) -> list[Placement]:
    """``Layout.legal_placements`` as it was."""
    a, b = values
    if tile(a, b) in layout.used:
        return []
    out = []
    for c1, c2 in reference_cell_pairs(layout):
        out.append(Placement(a, b, (c1, c2)))
        if a != b:
            out.append(Placement(b, a, (c1, c2)))
    return out
