"""Alive with answers: the owner answers every placement of the attacker; can the attacker
still capture the group? A search over the prover where the tree is small.

Definition (``docs/dominions.md``, "Life and death"): the attacker Y moves first. The group
G of X is **alive with answers** when for every legal placement of Y there is an answer of X
(a legal placement, or a pass) that does not reverse G and after which G is pass-alive
(proved by ``solver.dominions.life``). It is **captured at once** when a placement of Y
reverses it at once. Otherwise the search reports what it could not answer, within its
budget: never a proof of death.

The search is exhaustive over Y's placements. Most need no prover call: when an X move ``b``
makes G pass-alive in the position (X to move), it also answers every Y placement ``a``
that commutes with it (both orders are legal and give the same board and hands), because
pass-alive is closed under Y's placements: the position after ``a`` and ``b`` is then the
pass-alive one after ``b`` with one more Y placement. The others are answered explicitly,
X's candidate answers being the placements on and next to G's liberty cells and next to
``a``, then the pass.

Examples
--------
>>> from puzzles.dominions import Position
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [9]})
>>> answer_status(pos, pos.board.cell_index("c3")).status  # W has no piece to answer
'captured-at-once'
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from puzzles.dominions import PASS, Move, Position
from puzzles.grids import hex_distance
from solver.dominions.life import Verdict, pass_status, study_position

STRONG_TRIES = 24  # X moves tried for "pass-alive now" before the attacks
STRONG_KEPT = 4  # ... and at most this many kept to answer commuting attacks


@dataclass(frozen=True)
class AnswerVerdict:
    """``status``: ``alive-with-answers`` (proved: every Y placement answered), ``captured-
    at-once`` (``move`` reverses G at once), ``not-proved`` (no answer found to ``move``
    among the candidates) or ``unknown`` (the budget ran out after ``checked`` of
    ``placements`` Y placements). ``answers`` maps each Y placement answered explicitly to
    its answer; ``covered`` counts those answered by a commuting move."""

    status: str
    move: Move | None = None
    checked: int = 0
    placements: int = 0
    covered: int = 0
    answers: tuple[tuple[Move, Move], ...] = ()
    calls: int = 0
    seconds: float = 0.0
    budget: int = 0  # prover calls allowed

    def to_json(self, pos: Position) -> dict[str, Any]:
        """JSON-ready: status, the move concerned, counts, the explicit answers."""
        return {
            "status": self.status,
            "move": pos.move_text(self.move) if self.move is not None else None,
            "attacker_placements": self.placements,
            "checked": self.checked,
            "answered_by_commuting": self.covered,
            "answers": {pos.move_text(a): pos.move_text(b) for a, b in self.answers},
            "prover_calls": self.calls,
            "budget_calls": self.budget,
        }


def _state(p: Position) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]:
    return tuple(p.piece), tuple(p.owner), (p.hands[0], p.hands[1])


def _near(pos: Position, cells: set[int], r: int) -> list[int]:
    geo = pos.board.cells
    return [c for c in range(len(pos.board)) if pos.piece[c] < 0
            and any(hex_distance(geo[c], geo[x]) <= r for x in cells)]


def _answers(p: Position, cell: int, extra: set[int]) -> Iterator[Move]:
    """X's candidate answers in ``p`` (X to move): placements on and next to the liberty
    cells of G and next to ``extra``, most liberties first; then the pass."""
    gid, table = p.groups()
    libs = set(table[gid[cell]].liberties)
    cells = _near(p, libs, 1) + [c for c in _near(p, extra, 1) if c not in libs]
    options = sorted(p.iter_placements(p.to_move, cells=sorted(set(cells))),
                     key=lambda o: (-o[2], o[0], o[1]))
    for c, piece, _, _ in options:
        yield Move(c, piece)
    yield PASS


def answer_status(pos: Position, cell: int, calls: int = 100, leaf: float = 0.2,
                  seconds: float | None = None) -> AnswerVerdict:
    """Is the group on ``cell`` alive with answers (see the module docstring)? The budget:
    at most ``calls`` prover calls of ``leaf`` deterministic seconds each (reproducible);
    ``seconds`` adds a CPU-time limit (then the answer may depend on the machine)."""
    start = time.process_time()
    x = pos.owner[cell]
    y = 1 - x
    used = [0]

    def out_of_budget() -> bool:
        return used[0] >= calls or (seconds is not None
                                    and time.process_time() - start > seconds)

    def alive(p: Position) -> bool:
        """G pass-alive in ``p`` (Y to move), by one prover call."""
        used[0] += 1
        v: Verdict = pass_status(p, cell, leaf)
        return v.status == "pass-alive"

    def verdict(status: str, move: Move | None = None, checked: int = 0, total: int = 0,
                covered: int = 0, answers: tuple[tuple[Move, Move], ...] = ()
                ) -> AnswerVerdict:
        return AnswerVerdict(status, move, checked, total, covered, answers, used[0],
                             time.process_time() - start, calls)

    py = study_position(pos, y)
    attacks = [Move(c, piece) for c, piece, _, _ in py.iter_placements(y)]
    for a in attacks:  # a capture at once ends the question
        py.push(a)
        taken = py.owner[cell] == y
        py.pop()
        if taken:
            return verdict("captured-at-once", a, 0, len(attacks))
    # X moves that make G pass-alive now: they answer every commuting attack
    px = study_position(pos, x)
    strong: list[Move] = []
    for k, b in enumerate(_answers(px, cell, set())):
        if b.is_pass or out_of_budget() or k >= STRONG_TRIES or len(strong) >= STRONG_KEPT:
            break
        px.push(b)
        if px.owner[cell] == x and alive(px):
            strong.append(b)
        px.pop()
    covered = 0
    explicit: list[tuple[Move, Move]] = []
    for k, a in enumerate(attacks):
        if any(_commutes(pos, x, y, a, b) for b in strong):
            covered += 1
            continue
        py.push(a)
        found = None
        for b in _answers(py, cell, {a.cell}):
            if out_of_budget():
                py.pop()
                return verdict("unknown", a, k, len(attacks), covered, tuple(explicit))
            py.push(b)
            if py.owner[cell] == x and alive(py):
                found = b
            py.pop()
            if found is not None:
                break
        py.pop()
        if found is None:
            return verdict("not-proved", a, k, len(attacks), covered, tuple(explicit))
        explicit.append((a, found))
    return verdict("alive-with-answers", None, len(attacks), len(attacks), covered,
                   tuple(explicit))


def _commutes(pos: Position, x: int, y: int, a: Move, b: Move) -> bool:
    """True when Y's ``a`` then X's ``b``, and ``b`` then ``a``, are both legal and give the
    same board and hands."""
    if a.cell == b.cell:
        return False
    first = study_position(pos, y)
    if first.outcome(a).status != "legal":
        return False
    first.push(a)
    if first.outcome(b).status != "legal":
        return False
    first.push(b)
    second = study_position(pos, x)
    second.push(b)
    if second.outcome(a).status != "legal":
        return False
    second.push(a)
    return _state(first) == _state(second)
