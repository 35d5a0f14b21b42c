"""Dominomega maxima on a fixed domino frame (CP-SAT): tiles are assigned to given slots.

The rectangle model (``models.dominomega_maximum``) lets CP-SAT choose where every domino lies;
for all three symbols at once it found nothing in 8 x 9 within 1500 s. This model fixes the
*geometry* instead and lets CP-SAT choose only which tile (and which way round) goes into each
slot of a frame. A frame is a list of domino slots (two edge-adjacent cells each); ``required``
slots must hold a tile, the others may stay empty. With required slots forming a connected
spine and every optional slot touching the spine, every assignment is a connected layout.

The comb frame ``comb:M`` (``comb_frame``): a spine of M horizontal dominoes in row 2
(cells x = 0 .. 2M-1), and under and over every spine cell an optional vertical domino
(rows 0-1 and 3-4), so 36 - M of the 4M teeth hold tiles. ``comb:14`` holds a layout in which
pip, small circle and large circle all score 3^12 = 531441.

Groups of exactly three, for any cell graph: a member cell has 1 or 2 member neighbours, and
the two ends of every edge between member cells have 1 + 2 member neighbours together (so
every group is a path of three: an end, the middle, an end). Implied: 24 member edges per
symbol. The within-tile project rule holds: the two halves of a tile are neighbours.

Complexity: 36 x 2 x slots Booleans; ``comb:14`` solves in about a minute on one worker.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ortools.sat.python import cp_model

from puzzles.dominimum.layout import Cell, Layout
from puzzles.dominimum.tiles import TILES
from puzzles.errors import EngineFaultError, InvalidInputError
from solver.dominimum.analysis import omega_report
from solver.dominimum.models import STATUS, ModelResult, _solve

Slot = tuple[Cell, Cell]


def comb_frame(spine: int) -> tuple[list[Slot], list[Slot]]:
    """The comb frame: (required spine slots, optional teeth slots).

    Parameters
    ----------
    spine : int
        Horizontal dominoes in the spine, 9 to 36 (the teeth hold the other 36 - spine tiles;
        there are 4 * spine of them).

    Examples
    --------
    >>> req, opt = comb_frame(14)
    >>> len(req), len(opt), req[0], opt[0]
    (14, 56, ((0, 2), (1, 2)), ((0, 1), (0, 0)))
    """
    if not 9 <= spine <= 36:
        raise InvalidInputError(f"comb:{spine}: the spine holds 9 to 36 tiles")
    required = [((2 * j, 2), (2 * j + 1, 2)) for j in range(spine)]
    optional: list[Slot] = []
    for x in range(2 * spine):
        optional.append(((x, 1), (x, 0)))
        optional.append(((x, 3), (x, 4)))
    return required, optional


def parse_frame(text: str) -> tuple[list[Slot], list[Slot]]:
    """``"comb:14"`` -> the comb frame with a spine of 14 tiles."""
    kind, _, arg = text.partition(":")
    if kind != "comb" or not re.fullmatch(r"[0-9]{1,4}", arg):  # ASCII digits: int() takes ²
        raise InvalidInputError(f"--frame {text[:40]!r}: write comb:M, e.g. comb:14")
    return comb_frame(int(arg))


def dominomega_on_frame(symbols: tuple[int, ...], required: list[Slot], optional: list[Slot],
                        time_limit: float = 300.0, workers: int = 1, seed: int = 0,
                        name: str = "frame") -> ModelResult:
    """A layout of all 36 tiles on the frame where every symbol in ``symbols`` scores 3^12.

    ``value`` is the lowest score of the listed symbols on the layout found, re-computed by
    the networkx scorer; the status is OPTIMAL only when it reaches 3^12. INFEASIBLE says no
    assignment of tiles to this frame works (not that no layout exists).

    Raises
    ------
    InvalidInputError
        For an unknown symbol or a frame with too few slots or overlapping slots.
    EngineFaultError
        When the layout found is not a connected layout of the 36 tiles on the frame, or
        scores below 3^12 although the model said every group has three cells.
    """
    for s in symbols:
        if s not in (1, 2, 4):
            raise InvalidInputError(f"unknown symbol {s}: 1 pip, 2 small circle, 4 large circle")
    slots = [*required, *optional]
    cells = [c for slot in slots for c in slot]
    if len(set(cells)) != len(cells):
        raise InvalidInputError("the frame's slots overlap")
    if len(required) > 36 or len(slots) < 36:
        raise InvalidInputError(f"the frame has {len(required)} required and {len(slots)} "
                                "slots in all: it must hold exactly 36 tiles")
    cellset = set(cells)
    m = cp_model.CpModel()
    x: dict[tuple[int, int, int], cp_model.IntVar] = {}
    for t, (a, b) in enumerate(TILES):
        for k in range(len(slots)):
            for o in ((0, 1) if a != b else (0,)):
                x[t, k, o] = m.new_bool_var(f"x{t}_{k}_{o}")
    for t in range(len(TILES)):
        m.add_exactly_one([v for (tt, _k, _o), v in x.items() if tt == t])
    at_value: dict[Cell, dict[int, list[cp_model.IntVar]]] = {
        c: {v: [] for v in range(8)} for c in cells}
    by_slot: dict[int, list[cp_model.IntVar]] = {k: [] for k in range(len(slots))}
    for (t, k, o), v in x.items():
        first, second = TILES[t] if o == 0 else TILES[t][::-1]
        at_value[slots[k][0]][first].append(v)
        at_value[slots[k][1]][second].append(v)
        by_slot[k].append(v)
    for k in range(len(slots)):
        if k < len(required):
            m.add_exactly_one(by_slot[k])
        else:
            m.add_at_most_one(by_slot[k])
    around = {c: [n for n in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1),
                              (c[0], c[1] - 1)) if n in cellset] for c in cells}
    edges = [(c, n) for c in cells for n in around[c] if c < n]
    for s in symbols:
        member: dict[Cell, Any] = {}
        for c in cells:
            mb = m.new_bool_var(f"m{s}_{c}")
            m.add(mb == sum(v for val in range(8) if val & s for v in at_value[c][val]))
            member[c] = mb
        both: dict[tuple[Cell, Cell], Any] = {}
        for c, n in edges:
            eb = m.new_bool_var(f"b{s}_{c}_{n}")
            m.add_bool_and([member[c], member[n]]).only_enforce_if(eb)
            m.add_bool_or([member[c].negated(), member[n].negated()]).only_enforce_if(
                eb.negated())
            both[c, n] = both[n, c] = eb
        degree: dict[Cell, Any] = {}
        for c in cells:
            d = m.new_int_var(0, 4, f"d{s}_{c}")
            m.add(d == sum(both[c, n] for n in around[c]))
            m.add(d >= 1).only_enforce_if(member[c])
            m.add(d <= 2).only_enforce_if(member[c])
            degree[c] = d
        for c, n in edges:
            m.add(degree[c] + degree[n] == 3).only_enforce_if(both[c, n])
        m.add(sum(both[e] for e in edges) == 24)
    solver, status = _solve(m, time_limit, workers, seed)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    region = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    names = "+".join(str(s) for s in symbols)
    result = ModelResult(f"maximum Dominomega score of symbol(s) {names} on the frame {name}",
                         STATUS.get(int(status), str(status)), region, 36,
                         seconds=solver.wall_time,
                         details={"symbols": list(symbols), "frame": name,
                                  "upper_bound": 3**12,
                                  "bound_reason": "the largest product of positive integers "
                                  "summing to 36 (the halves of a symbol) is 3^12"})
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        tiles: list[dict[str, Any]] = []
        for (t, k, o), v in x.items():
            if solver.value(v):
                first, second = TILES[t] if o == 0 else TILES[t][::-1]
                tiles.append({"tile": [first, second],
                              "cells": [list(slots[k][0]), list(slots[k][1])]})
        layout = _checked(tiles, cellset)
        result.layout = layout
        result.bound = float(3**12)
        scores = omega_report(layout, symbols).scores
        result.details["layout_scores"] = {str(k): v for k, v in scores.items()}
        result.value = min(scores[s] for s in symbols)
        if result.value != 3**12:
            raise EngineFaultError(f"frame model fault: every group should have 3 cells, but "
                                   f"the independent re-score is {result.value}")
        result.status = "OPTIMAL"
    elif status == cp_model.INFEASIBLE:
        result.details["note"] = (f"no assignment of the tiles to the frame {name} gives "
                                  "every listed symbol 3^12")
    return result


def _checked(tiles: list[dict[str, Any]], cellset: set[Cell]) -> Layout:
    """The layout of the model's assignment, once it is a connected layout of the 36 tiles."""
    try:
        layout = Layout.from_json({"tiles": tiles})
    except Exception as exc:  # any refusal of the layout is an engine fault here
        raise EngineFaultError(f"frame model returned an impossible layout: {exc}") from None
    placed = Counter(p.tile for p in layout.placements)
    if placed != Counter(TILES):
        raise EngineFaultError("frame model returned a layout without every tile once")
    if not set(layout.value_at) <= cellset:
        raise EngineFaultError("frame model returned a cell outside the frame")
    return layout
