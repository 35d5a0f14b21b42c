"""Best placement of the tile in hand: every legal cell pair and orientation, scored.

``GroupIndex`` labels the groups of the current layout once (O(cells)); the effect of one
candidate placement on the largest group of every value and on the product of every symbol's
groups is then found in O(1) by merging the groups next to the two new cells.
``greedy_omega_choices`` (the Dominomega playouts' opponent model, called for every move of
every playout) keeps each symbol's groups and the frontier per thread and updates them by the
one tile placed since its last call on that layout, instead of labelling them again.

Dominimum objective (lower is better): ``own`` is the mover's score after the placement;
opponents' missions are unknown, so their scores are estimated by sampling missions from the
tiles the mover cannot see (the same samples for every candidate); ``margin`` = own score minus
the expected best (lowest) opponent score. Dominomega (higher is better): symbols are public,
so opponents' scores are exact; ``margin`` = log2(own) - log2(best opponent).

Examples
--------
>>> from puzzles.dominimum.layout import Layout, Placement
>>> lay = Layout([Placement(3, 3, ((0, 0), (1, 0)))])
>>> best = rank_dominimum(lay, (3, 5), mission=(3, 5), objective="own", samples=8, seed=1)
>>> best[0].own, best[-1].own, len(best)
(2, 3, 32)
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from puzzles.dominimum.layout import Cell, Layout, Placement, frontier_pairs, neighbours
from puzzles.dominimum.tiles import TILES, Tile, is_double, tile


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


@dataclass(frozen=True)
class Candidate:
    """One placement and its values (see the module docstring for their meaning)."""

    placement: Placement
    own: int
    opponents: float
    margin: float

    def to_json(self) -> dict[str, Any]:
        """``{"tile": [a, b], "cells": [...], "own": n, "opponents": x, "margin": x}``."""
        return {**self.placement.to_json(), "own": self.own,
                "opponents": round(self.opponents, 4), "margin": round(self.margin, 4)}


def sample_missions(pool: Iterable[Tile], opponents: int, samples: int, seed: int
                    ) -> list[list[Tile]]:
    """``samples`` draws of ``opponents`` different non-double mission tiles from ``pool``."""
    candidates = sorted(t for t in pool if not is_double(t))
    if opponents == 0 or not candidates:
        return []
    rng = random.Random(seed)
    k = min(opponents, len(candidates))
    return [rng.sample(candidates, k) for _ in range(samples)]


def rank_dominimum(layout: Layout, hand: tuple[int, int], mission: tuple[int, int],
                   opponents: int = 1, samples: int = 64, seed: int = 0,
                   within_tile: bool = True, objective: str = "margin",
                   hidden: Iterable[Tile] | None = None,
                   known_missions: list[Tile] | None = None) -> list[Candidate]:
    """Every legal placement of ``hand`` for the Dominimum player holding ``mission``, best first.

    Parameters
    ----------
    opponents : number of other players; their missions are sampled from ``hidden`` (default:
        every tile not placed, not ``mission`` and not ``hand``) unless ``known_missions``.
    objective : ``"margin"`` (own - expected best opponent, then own) or ``"own"`` (own score,
        then margin). Lower is better for both.

    Complexity: O(cells + candidates * samples * opponents).
    """
    index = GroupIndex(layout, within_tile)
    if known_missions is not None:
        draws = [list(known_missions)] if known_missions else []
    else:
        if hidden is None:
            used = layout.used | {tile(*mission), tile(*hand)}
            hidden = [t for t in TILES if t not in used]
        draws = sample_missions(hidden, opponents, samples, seed)
    a, b = mission
    out = []
    expected: dict[tuple[int, ...], float] = {}  # many placements leave the same largest groups
    for p in layout.legal_placements(hand):
        largest = index.largest_after(p)
        own = largest[a] * largest[b]
        vector = tuple(largest)
        best = expected.get(vector)
        if best is None:
            best = (sum(min(largest[x] * largest[y] for x, y in d) for d in draws) / len(draws)
                    if draws else 0.0)
            expected[vector] = best
        out.append(Candidate(p, own, best, own - best))
    key = ((lambda c: (c.margin, c.own)) if objective == "margin"
           else (lambda c: (c.own, c.margin)))
    out.sort(key=key)
    return out


def rank_dominomega(layout: Layout, hand: tuple[int, int], symbol: int,
                    rivals: tuple[int, ...], within_tile: bool = True,
                    objective: str = "margin") -> list[Candidate]:
    """Every legal placement of ``hand`` for the Dominomega player owning ``symbol``, best first.

    ``opponents`` of a candidate is the best rival score after it; ``margin`` is
    log2(own) - log2(best rival) (higher is better; the list is sorted best first).
    """
    index = GroupIndex(layout, within_tile)
    out = []
    for p in layout.legal_placements(hand):
        own = index.product_after(p, symbol)
        best = max((index.product_after(p, s) for s in rivals), default=1)
        margin = math.log2(max(own, 1)) - math.log2(max(best, 1))
        out.append(Candidate(p, own, float(best), margin))
    key = ((lambda c: (-c.margin, -c.own)) if objective == "margin"
           else (lambda c: (-c.own, -c.margin)))
    out.sort(key=key)
    return out


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


class _Groups:
    """One symbol's groups on a layout, kept up to date tile by tile (:meth:`add`): the size
    of every group, the empty cells next to it, and the groups next to every empty cell."""

    __slots__ = ("libs", "near", "next_label", "sizes", "symbol", "within_tile")

    def __init__(self, layout: Layout, symbol: int, within_tile: bool) -> None:
        value_at, tile_at = layout.value_at, layout.tile_at
        label: dict[Cell, int] = {}
        sizes: dict[int, int] = {}
        libs: dict[int, set[Cell]] = {}
        near: dict[Cell, set[int]] = {}
        for start, v in value_at.items():
            if not v & symbol or start in label:
                continue
            k = len(sizes)
            label[start] = k
            lib: set[Cell] = set()
            stack = [start]
            size = 0
            while stack:
                c = stack.pop()
                size += 1
                x, y = c
                for n in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1)):
                    w = value_at.get(n)
                    if w is None:
                        lib.add(n)
                        found = near.get(n)
                        if found is None:
                            near[n] = {k}
                        else:
                            found.add(k)
                    elif (w & symbol and n not in label
                          and (within_tile or tile_at[n] != tile_at[c])):
                        label[n] = k
                        stack.append(n)
            sizes[k] = size
            libs[k] = lib
        self.symbol, self.within_tile = symbol, within_tile
        self.sizes, self.libs, self.near = sizes, libs, near
        self.next_label = len(sizes)

    def add(self, p: Placement, value_at: dict[Cell, int]) -> None:
        """Update the groups for ``p``, just placed (``value_at``: the layout after it)."""
        symbol, near, libs, sizes = self.symbol, self.near, self.libs, self.sizes
        d1, d2 = p.cells
        n1, n2 = near.pop(d1, set()), near.pop(d2, set())
        for k in n1:
            libs[k].discard(d1)
        for k in n2:
            libs[k].discard(d2)
        m1, m2 = p.first & symbol, p.second & symbol
        if m1 and m2:
            joined = ([((d1, d2), n1 | n2)] if self.within_tile or n1 & n2
                      else [((d1,), n1), ((d2,), n2)])
        elif m1:
            joined = [((d1,), n1)]
        elif m2:
            joined = [((d2,), n2)]
        else:
            return
        for cells, olds in joined:
            new = self.next_label
            self.next_label += 1
            size = len(cells)
            lib: set[Cell] = set()
            for k in olds:
                size += sizes.pop(k)
                lib |= libs.pop(k)
            for c in lib:
                labels = near[c]
                labels -= olds
                labels.add(new)
            for x, y in cells:
                for n in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1)):
                    if n not in value_at:
                        lib.add(n)
                        found = near.get(n)
                        if found is None:
                            near[n] = {new}
                        else:
                            found.add(new)
            sizes[new] = size
            libs[new] = lib


class _Cache(threading.local):
    """What the last layout seen by this thread is made of, and the placements it was made
    for: every symbol's groups asked for, the frontier and the cell pairs. The next call on
    that layout one tile later (the next move of a playout) updates the groups and the
    frontier instead of making them again."""

    def __init__(self) -> None:
        self.placements: list[Placement] = []
        self.within_tile = True
        self.groups: dict[int, _Groups] = {}
        self.frontier: set[Cell] | None = None
        self.pairs: list[tuple[Cell, Cell]] | None = None


_CACHE = _Cache()


def _synced(layout: Layout, within_tile: bool) -> _Cache:
    """The cache, made to describe ``layout`` (updated when it saw the layout before its last
    tile, emptied when it saw another)."""
    cache, placements = _CACHE, layout.placements
    seen = len(cache.placements)
    grown = len(placements) - seen
    if (cache.within_tile == within_tile and grown in (0, 1) and (seen or not grown)
            and placements[:seen] == cache.placements):
        if grown:
            groups, frontier, last = cache.groups, cache.frontier, placements[-1]
            # not valid while updated (Ctrl-C)
            cache.placements, cache.groups, cache.frontier, cache.pairs = [], {}, None, None
            value_at = layout.value_at
            for g in groups.values():
                g.add(last, value_at)
            if frontier is not None:
                for x, y in last.cells:
                    frontier.discard((x, y))
                    for n in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1)):
                        if n not in value_at:
                            frontier.add(n)
            cache.placements, cache.groups, cache.frontier = list(placements), groups, frontier
    else:
        cache.placements, cache.within_tile = list(placements), within_tile
        cache.groups, cache.frontier, cache.pairs = {}, None, None
    return cache


def _groups(cache: _Cache, layout: Layout, symbol: int) -> _Groups:
    """``symbol``'s groups on ``layout``, which ``cache`` describes."""
    found = cache.groups.get(symbol)
    if found is None:
        found = cache.groups[symbol] = _Groups(layout, symbol, cache.within_tile)
    return found


def _cell_pairs(cache: _Cache, layout: Layout) -> list[tuple[Cell, Cell]]:
    """``layout.cell_pairs()`` (the same pairs in the same order), from the cached frontier."""
    if cache.pairs is not None:
        return cache.pairs
    value_at = layout.value_at
    if not value_at:
        pairs = list(layout.cell_pairs())
    else:
        frontier = cache.frontier
        if frontier is None:
            frontier = cache.frontier = layout.frontier()
        pairs = frontier_pairs(value_at, frontier)
    cache.pairs = pairs
    return pairs


class _Scores:
    """The Dominomega score of one symbol after covering one or two empty cells with it (the
    same values as :class:`_Products`), from the groups next to every empty cell."""

    __slots__ = ("_singles", "base", "near", "sizes", "within_tile")

    def __init__(self, groups: _Groups) -> None:
        self.sizes, self.near = groups.sizes, groups.near
        self.base = math.prod(self.sizes.values())
        self.within_tile = groups.within_tile
        self._singles: dict[Cell, int] | None = None

    @property
    def singles(self) -> dict[Cell, int]:
        """The score after covering one empty cell next to a group (made on first use)."""
        if self._singles is None:
            base, sizes = self.base, self.sizes
            singles: dict[Cell, int] = {}
            for cell, labels in self.near.items():
                result, size = base, 1
                for k in labels:
                    result //= sizes[k]
                    size += sizes[k]
                singles[cell] = result * size
            self._singles = singles
        return self._singles

    def both(self, c1: Cell, c2: Cell) -> int:
        """The score after covering both cells of a tile."""
        near = self.near
        n1, n2 = near.get(c1), near.get(c2)
        if n2 is None:
            if n1 is None:
                return self.base * 2 if self.within_tile else self.base
            if not self.within_tile:
                return self.singles[c1]
            labels: set[int] = n1
        elif n1 is None:
            if not self.within_tile:
                return self.singles[c2]
            labels = n2
        elif self.within_tile or n1 & n2:
            labels = n1 | n2
        else:  # two separate new groups: the first's score with the second's groups joined
            result, size = self.singles[c1], 1
            for k in n2:
                result //= self.sizes[k]
                size += self.sizes[k]
            return result * size
        result, size = self.base, 2
        for k in labels:
            result //= self.sizes[k]
            size += self.sizes[k]
        return result * size

    def both_all(self, pairs: Iterable[tuple[Cell, Cell]]) -> list[int]:
        """:meth:`both` of every pair (a pair next to no group scores without a call)."""
        near, both = self.near, self.both
        alone = self.base * 2 if self.within_tile else self.base
        return [alone if c1 not in near and c2 not in near else both(c1, c2)
                for c1, c2 in pairs]


def _rival_column(scores: _Scores, ra: int, rb: int,
                  candidates: list[tuple[tuple[Cell, Cell], bool]]) -> list[int]:
    """A rival's score after each candidate ``(pair, flipped)`` of the tile ``(a, b)``;
    ``ra`` / ``rb``: whether ``a`` / ``b`` show the rival's symbol."""
    if ra and rb:
        return scores.both_all(pair for pair, _ in candidates)
    base = scores.base
    if not ra and not rb:
        return [base] * len(candidates)
    get = scores.singles.get
    # the symbol's cell: the first unflipped when a shows it, the second flipped
    if ra:
        return [get(pair[1] if f else pair[0], base) for pair, f in candidates]
    return [get(pair[0] if f else pair[1], base) for pair, f in candidates]


def greedy_omega_choices(layout: Layout, hand: tuple[int, int], symbol: int,
                         rivals: tuple[int, ...], within_tile: bool = True
                         ) -> list[Placement]:
    """The placements the Dominomega ``greedy`` player chooses among (at random): the highest
    own product after the move, then the lowest best rival product (the highest margin of
    :func:`rank_dominomega`'s ``own`` objective), in the order of ``legal_placements``.

    Scores come from each symbol's groups labelled once and each empty cell's neighbouring
    groups looked up once; a placement is made only for the choices.
    """
    a, b = hand
    if tile(a, b) in layout.used:
        return []
    cache = _synced(layout, within_tile)
    pairs = _cell_pairs(cache, layout)
    # each candidate is (pair, flipped): flipped shows b on the pair's first cell
    flips = (False,) if a == b else (False, True)
    own = _Scores(_groups(cache, layout, symbol))
    ia, ib = a & symbol, b & symbol
    if ia and ib:
        values = own.both_all(pairs)
        top = max(values)
        best = [(pair, f) for pair, v in zip(pairs, values, strict=True) if v == top
                for f in flips]
    elif ia or ib:  # then a != b: two orientations, the symbol on one cell
        get, base = own.singles.get, own.base
        firsts = [get(c1, base) for c1, _ in pairs]
        seconds = [get(c2, base) for _, c2 in pairs]
        if ib:  # the symbol on the second cell unflipped, on the first flipped
            firsts, seconds = seconds, firsts
        # firsts: the scores unflipped, seconds: flipped
        top = max(max(firsts), max(seconds))
        best = []
        for pair, v1, v2 in zip(pairs, firsts, seconds, strict=True):
            if v1 == top:
                best.append((pair, False))
            if v2 == top:
                best.append((pair, True))
    else:
        best = [(pair, f) for pair in pairs for f in flips]
    if len(best) >= 2 and rivals:
        columns = [_rival_column(_Scores(_groups(cache, layout, s)), s & a, s & b, best)
                   for s in rivals]
        if len(columns) == 1:
            lows = columns[0]
        elif len(columns) == 2:
            lows = [x if x > y else y for x, y in zip(*columns, strict=True)]
        else:
            lows = [max(t) for t in zip(*columns, strict=True)]
        low = min(lows)
        best = [cand for cand, v in zip(best, lows, strict=True) if v == low]
    return [Placement(b, a, pair) if f else Placement(a, b, pair) for pair, f in best]
