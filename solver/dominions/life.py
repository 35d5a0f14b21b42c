"""The life-and-death prover for Dominions: can the opponent capture a group if its owner
never answers (the analogue of Go's pass-alive)?

Definitions (``docs/dominions.md``, "Life and death"): for a group G of colour X, the
attacker Y places pieces one after another while X passes after each (the end of the game by
two passes is not applied, and it does not matter who is to move). G is **pass-alive** when
no such sequence of legal placements reverses G; otherwise G is **killable** and a killing
sequence is the witness.

Two CP-SAT models decide it, and the rules (``Position``) judge every witness:

1. the fill relaxation (``life_fill``): the board at the moment of a capture, without the
   order; INFEASIBLE proves pass-alive (an eye, pieces that cannot fill every liberty cell
   together, or no liberty for any capturing group); then a quick engine search for a
   witness (``life_greedy``);
2. the sequence model (``life_model``): the placements in order with every rule at every
   step, on a region of vacant cells. A solution is a killing sequence, replayed by the
   engine before it is reported; INFEASIBLE over *every* vacant cell proves pass-alive.
   On a region smaller than the board INFEASIBLE proves nothing and the region grows.

Only CP-SAT's own INFEASIBLE counts as a proof; a budget that runs out gives ``unknown`` with
the budget. Positions are those of legal play (every group has a liberty).

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
from dataclasses import dataclass
from typing import Any

from puzzles.dominions import PASS, Move, Position
from puzzles.errors import EngineFaultError
from puzzles.grids import hex_distance
from solver.dominions.life_arena import Arena
from solver.dominions.life_fill import fill_capture, fill_cell
from solver.dominions.life_greedy import greedy_kill
from solver.dominions.life_model import SequenceModel
from solver.dominions.life_solve import SolveResult

EXACT_CELLS = 40  # the sequence model runs over every vacant cell when there are at most this many
RINGS = (1, 2)  # otherwise over the vacant cells this close to the group's liberty cells
MODEL_CELLS = 40  # ... while they are at most this many

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
    "budget": "the budget ran out",
    "unfillable": "no sequence of the attacker's placements ever fills the cell legally",
    "filled": "the attacker fills the cell legally with this sequence (the other side "
              "passing)",
}


@dataclass(frozen=True)
class Verdict:
    """The prover's answer to one question.

    For a group (goal ``capture``) ``status`` is ``pass-alive`` (proved), ``killable``
    (``sequence`` is the witness, replayed by the rules (`Position`)) or ``unknown``; for a cell
    (goal ``fill``) it is ``unfillable`` (proved: the attacker never fills it while the
    other side passes), ``fillable`` (witness ``sequence``) or ``unknown``. ``unknown``
    means the ``budget`` of deterministic CP-SAT seconds ran out, or there was no witness
    near the target on a board too large for a proof. ``reason`` is a key of ``REASONS``;
    ``cells`` are the eye cells for reason ``eye``; ``region`` the vacant cells of the last
    sequence model; ``seconds`` the CPU time spent; ``models`` what was run, in order.
    """

    status: str
    reason: str
    sequence: tuple[Move, ...] = ()
    cells: tuple[int, ...] = ()
    seconds: float = 0.0
    budget: float = 0.0
    region: int = 0
    models: tuple[str, ...] = ()

    @property
    def decided(self) -> bool:
        """True unless the status is ``unknown``."""
        return self.status != "unknown"

    def to_json(self, pos: Position) -> dict[str, Any]:
        """JSON-ready: status, reason (key and words), sequence as move texts, cells."""
        return {
            "status": self.status,
            "reason": self.reason,
            "why": REASONS[self.reason],
            "sequence": [pos.move_text(m) for m in self.sequence],
            "cells": sorted((pos.board.name(c) for c in self.cells), key=_name_key),
            "budget": self.budget,
        }


def _name_key(name: str) -> tuple[str, int]:
    return (name[0], int(name[1:]))


def study_position(pos: Position, to_move: int) -> Position:
    """A copy of ``pos`` with ``to_move`` to move and no pass pending (the prover's view)."""
    p = pos.copy()
    p.passes = 0
    p.to_move = to_move
    return p


def replay_witness(pos: Position, goal: str, cell: int, attacker: int,
                   moves: Sequence[Move]) -> bool:
    """True when the attacker's ``moves`` (the other side passing) are legal for the rules
    engine and the last one, and no earlier one, reverses the group on ``cell`` (goal
    ``capture``) or is placed on the vacant ``cell`` (goal ``fill``)."""
    p = study_position(pos, attacker)
    for k, move in enumerate(moves):
        if p.outcome(move).status != "legal":
            return False
        p.push(move)
        reached = p.owner[cell] == attacker if goal == "capture" else move.cell == cell
        if reached:
            return k == len(moves) - 1
        p.push(PASS)
    return False


def replay_kill(pos: Position, cell: int, moves: Sequence[Move]) -> bool:
    """``replay_witness`` for the capture of the group on ``cell``."""
    return replay_witness(pos, "capture", cell, 1 - pos.owner[cell], moves)


def _targets(pos: Position, goal: str, cell: int) -> frozenset[int]:
    """The cells the attacker must fill: the group's liberty cells, or the cell."""
    if goal == "fill":
        return frozenset((cell,))
    gid, table = pos.groups()
    return table[gid[cell]].liberties


def _plan(pos: Position, targets: frozenset[int]) -> list[tuple[tuple[int, ...], int]]:
    """(region, horizon) pairs to try for a witness, cheapest first: the target cells alone,
    then the rings of vacant cells around them (at most ``MODEL_CELLS`` cells), each ring
    allowing two more placements."""
    vacant = tuple(c for c in range(len(pos.board)) if pos.piece[c] < 0)
    cells = pos.board.cells
    plan: list[tuple[tuple[int, ...], int]] = []
    for r in (0, *RINGS):
        near = tuple(c for c in vacant
                     if min(hex_distance(cells[c], cells[x]) for x in targets) <= r)
        if plan and len(near) > MODEL_CELLS:
            break
        horizon = min(len(near), len(targets) + 2 * r)
        if (near, horizon) not in plan:
            plan.append((near, horizon))
    return plan


class _Budget:
    """Deterministic CP-SAT seconds left, shared by the calls of one question."""

    def __init__(self, seconds: float) -> None:
        self.total = seconds
        self.used = 0.0
        self.start = time.process_time()

    def left(self) -> float:
        return self.total - self.used

    def charge(self, res: SolveResult | None) -> None:
        if res is not None:
            self.used += res.deterministic


OUTCOMES = {"capture": ("pass-alive", "killable", "sequence", "every-sequence"),
            "fill": ("unfillable", "fillable", "filled", "unfillable")}


def prove(pos: Position, goal: str, cell: int, attacker: int,
          seconds: float = 1.0) -> Verdict:
    """Can ``attacker`` (the other side passing) capture the group on ``cell`` (``goal``
    ``capture``) or legally fill the vacant ``cell`` (``fill``)? ``seconds``: the budget
    in CP-SAT's deterministic time over all calls (reproducible; about seconds of one
    core)."""
    budget = _Budget(seconds)
    models: list[str] = []
    safe, doomed, witness, exhausted = OUTCOMES[goal]

    def verdict(status: str, reason: str, moves: Sequence[Move] = (),
                cells: tuple[int, ...] = (), region: int = 0) -> Verdict:
        if moves and not replay_witness(pos, goal, cell, attacker, moves):
            raise EngineFaultError(
                f"the {goal} witness {' '.join(pos.move_text(m) for m in moves)} "
                "does not replay")
        return Verdict(status, reason, tuple(moves), cells, time.process_time() - budget.start,
                       seconds, region, tuple(models))

    fill = (fill_capture(pos, cell, attacker, seconds=seconds) if goal == "capture"
            else fill_cell(pos, cell, attacker, seconds=seconds))
    budget.charge(fill.solve)
    models.append(f"fill:{fill.status}")
    if fill.status == "infeasible":
        return verdict(safe, fill.reason if goal == "capture" else "unfillable",
                       cells=fill.cells)
    if goal == "capture":
        quick = greedy_kill(pos, cell)
        models.append(f"greedy:{'found' if quick else 'none'}")
        if quick:
            return verdict(doomed, witness, quick)
    vacant = tuple(c for c in range(len(pos.board)) if pos.piece[c] < 0)
    full = min(len(vacant), pos.hands[attacker].bit_count())
    plan = _plan(pos, _targets(pos, goal, cell))
    if len(vacant) <= EXACT_CELLS and plan[-1] != (vacant, full):
        plan.append((vacant, full))
    share = seconds / (2 * max(len(plan) - 1, 1))  # half for the search, the rest for the end
    for k, (region, horizon) in enumerate(plan):
        if budget.left() <= 0:
            return verdict("unknown", "budget", region=len(region))
        last = k == len(plan) - 1
        arena = Arena.build(pos, attacker, region)
        res = SequenceModel(arena, goal, cell, horizon).run(
            budget.left() if last else min(share, budget.left()))
        budget.charge(res.solve)
        models.append(f"sequence[{len(region)}x{horizon}]:{res.status}")
        if res.status == "feasible":
            return verdict(doomed, witness, res.moves, region=len(region))
        if res.status == "infeasible" and len(region) == len(vacant) and horizon == full:
            return verdict(safe, exhausted, region=len(region))
    exact = len(vacant) <= EXACT_CELLS and budget.left() > 0
    return verdict("unknown", "budget" if exact or budget.left() <= 0 else "region")


def pass_status(pos: Position, cell: int, seconds: float = 1.0) -> Verdict:
    """Is the group on ``cell`` pass-alive (see the module docstring)?"""
    return prove(pos, "capture", cell, 1 - pos.owner[cell], seconds)


def fill_status(pos: Position, cell: int, attacker: int, seconds: float = 1.0) -> Verdict:
    """Can ``attacker`` ever legally fill the vacant ``cell`` while the other side passes?"""
    return prove(pos, "fill", cell, attacker, seconds)
