"""The life-and-death prover for Dominions: can the opponent capture a group if its owner
never answers (the analogue of Go's pass-alive)?

Definitions (``docs/dominions.md``, "Life and death"): for a group G of colour X, the
attacker Y places pieces one after another while X passes after each (the end of the game by
two passes is not applied, and it does not matter who is to move). G is **pass-alive** when
no such sequence of legal placements reverses G; otherwise G is **killable** and a killing
sequence is the witness.

Two CP-SAT models decide it, and the rules engine judges every witness:

1. the fill relaxation (``life_fill``): the board at the moment of a capture, without the
   order; INFEASIBLE proves pass-alive (an eye, pieces that cannot fill every liberty cell
   together, or no liberty for any capturing group);
2. the sequence model (``life_model``): the placements in order with every rule at every
   step, on a region of vacant cells. A solution is a killing sequence, replayed by the
   engine before it is reported; INFEASIBLE over *every* vacant cell proves pass-alive.
   On a region smaller than the board INFEASIBLE proves nothing and the region grows.

Only CP-SAT's own INFEASIBLE counts as a proof; a budget that runs out gives ``unknown`` with
the budget.

Examples
--------
>>> from puzzles.dominions import Position
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [8]})
>>> pass_status(pos, pos.board.cell_index("c3")).status  # B's only piece would oscillate
'pass-alive'
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [9]})
>>> v = pass_status(pos, pos.board.cell_index("c3"))
>>> v.status, [pos.move_text(m) for m in v.sequence]
('killable', ['P9d4'])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzles.dominions import PASS, Move, Position
from puzzles.errors import EngineFaultError
from puzzles.grids import hex_distance
from solver.dominions.life_arena import Arena
from solver.dominions.life_fill import fill_capture
from solver.dominions.life_model import SequenceModel

EXACT_CELLS = 40  # the sequence model runs over every vacant cell when there are at most this many
RINGS = (1, 2, 3)  # otherwise over the vacant cells this close to the group's liberty cells

REASONS = {
    "eye": "a liberty at a cell for which the attacker holds no fitting piece",
    "pieces": "the attacker's pieces cannot fill every liberty cell together",
    "no-exit": "every filling of the last liberty leaves the capturing group without a "
               "liberty (oscillation)",
    "every-sequence": "no sequence of the attacker's placements over every vacant cell "
                      "captures it",
    "sequence": "the attacker captures with this sequence (the owner passing)",
    "region": "no killing sequence on the vacant cells near the group (not a proof: the "
              "board has more)",
}


@dataclass(frozen=True)
class PassVerdict:
    """The prover's answer for one group.

    ``status``: ``pass-alive`` (proved), ``killable`` (``sequence`` is the witness, replayed
    by the rules engine) or ``unknown`` (``budget`` seconds ran out). ``reason`` is a key of
    ``REASONS`` (or ``budget``); ``cells`` are the eye cells for reason ``eye``;
    ``region`` the number of vacant cells of the last sequence model.
    """

    status: str
    reason: str
    sequence: tuple[Move, ...] = ()
    cells: tuple[int, ...] = ()
    seconds: float = 0.0
    budget: float = 0.0
    region: int = 0
    models: list[str] = field(default_factory=list)

    def to_json(self, pos: Position) -> dict[str, Any]:
        """JSON-ready: status, reason (key and words), sequence as move texts, cells."""
        return {
            "status": self.status,
            "reason": self.reason,
            "why": REASONS.get(self.reason, f"the budget of {self.budget:g} s ran out"),
            "sequence": [pos.move_text(m) for m in self.sequence],
            "cells": sorted(pos.board.name(c) for c in self.cells),
            "seconds": round(self.seconds, 3),
            "budget": self.budget,
        }


def study_position(pos: Position, to_move: int) -> Position:
    """A copy of ``pos`` with ``to_move`` to move and no pass pending (the prover's view)."""
    p = pos.copy()
    p.passes = 0
    p.to_move = to_move
    return p


def replay_kill(pos: Position, cell: int, moves: Sequence[Move]) -> bool:
    """True when the attacker's ``moves`` (the owner passing) are legal for the rules engine
    and the last one reverses the group on ``cell``, no earlier one."""
    attacker = 1 - pos.owner[cell]
    p = study_position(pos, attacker)
    for k, move in enumerate(moves):
        if p.outcome(move).status != "legal":
            return False
        p.push(move)
        if p.owner[cell] == attacker:
            return k == len(moves) - 1
        p.push(PASS)
    return False


def _kill_plan(pos: Position, cell: int) -> list[tuple[tuple[int, ...], int]]:
    """(region, horizon) pairs to try for a killing sequence, cheapest first: the liberty
    cells alone, then rings of vacant cells around them; short horizons first."""
    vacant = tuple(c for c in range(len(pos.board)) if pos.piece[c] < 0)
    gid, table = pos.groups()
    libs = table[gid[cell]].liberties
    cells = pos.board.cells
    plan: list[tuple[tuple[int, ...], int]] = []
    for r in (0, *RINGS):
        near = tuple(c for c in vacant
                     if min(hex_distance(cells[c], cells[x]) for x in libs) <= r)
        for extra in (0, 2, 4):
            horizon = min(len(near), len(libs) + extra)
            if (near, horizon) not in plan:
                plan.append((near, horizon))
    return plan


def pass_status(pos: Position, cell: int, seconds: float = 1.0) -> PassVerdict:
    """Is the group on ``cell`` pass-alive? Within ``seconds`` of CP-SAT time in all."""
    start = time.perf_counter()
    models: list[str] = []

    def left() -> float:
        return seconds - (time.perf_counter() - start)

    def verdict(status: str, reason: str, moves: tuple[Move, ...] = (),
                cells: tuple[int, ...] = (), region: int = 0) -> PassVerdict:
        return PassVerdict(status, reason, moves, cells, time.perf_counter() - start,
                           seconds, region, models)

    fill = fill_capture(pos, cell, seconds=max(left(), 0.01))
    models.append(f"fill:{fill.status}")
    if fill.status == "infeasible":
        return verdict("pass-alive", fill.reason, cells=fill.cells)
    attacker = 1 - pos.owner[cell]
    vacant = tuple(c for c in range(len(pos.board)) if pos.piece[c] < 0)
    plan = _kill_plan(pos, cell)
    slice_ = seconds / (2 * len(plan))  # half the budget for the search, half for a proof
    for region, horizon in plan:
        if left() <= 0:
            return verdict("unknown", "budget", region=len(region))
        arena = Arena.build(pos, attacker, region)
        res = SequenceModel(arena, "capture", cell, horizon).run(min(slice_, left()))
        models.append(f"sequence[{len(region)}x{horizon}]:{res.status}")
        if res.status == "feasible":
            if not replay_kill(pos, cell, res.moves):
                raise EngineFaultError(
                    "the sequence model's killing sequence "
                    f"{' '.join(pos.move_text(m) for m in res.moves)} does not replay")
            return verdict("killable", "sequence", res.moves, region=len(region))
        if res.status == "infeasible" and len(region) == len(vacant) \
                and horizon == min(len(vacant), pos.hands[attacker].bit_count()):
            return verdict("pass-alive", "every-sequence", region=len(region))
    if len(vacant) > EXACT_CELLS or left() <= 0:
        return verdict("unknown", "region" if left() > 0 else "budget")
    res = SequenceModel(Arena.build(pos, attacker), "capture", cell).run(left())
    models.append(f"sequence[{len(vacant)}x{res.horizon}]:{res.status}")
    if res.status == "feasible":
        if not replay_kill(pos, cell, res.moves):
            raise EngineFaultError(
                "the sequence model's killing sequence "
                f"{' '.join(pos.move_text(m) for m in res.moves)} does not replay")
        return verdict("killable", "sequence", res.moves, region=len(vacant))
    if res.status == "infeasible":
        return verdict("pass-alive", "every-sequence", region=len(vacant))
    return verdict("unknown", "budget", region=len(vacant))
