"""The independent check of the life-and-death prover: an exhaustive search over every
sequence of the attacker's placements (the owner passing after each), using nothing but the
rules (``puzzles.dominions``). It shares no code with ``solver.dominions.life*``.

A position repeats only through its board (the attacker's hand is his starting hand minus
the pieces he placed, and those are on the board), so boards already searched are skipped.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzles.dominions import PASS, Move, Position


class BudgetOut(Exception):  # noqa: N818 - a budget, not a failure
    """The search visited more boards than allowed."""


def attacker_start(pos: Position, attacker: int) -> Position:
    """A copy of ``pos`` with the attacker to move and no pass pending."""
    start = pos.copy()
    start.passes = 0
    start.to_move = attacker
    return start


def kill_sequence(pos: Position, cell: int, limit: int = 2_000_000) -> list[Move] | None:
    """A sequence of the attacker's placements (the owner passing) that reverses the group on
    ``cell``, or None when every sequence was tried; raises BudgetOut after ``limit``
    boards."""
    attacker = 1 - pos.owner[cell]
    return search(pos, attacker, lambda p, move: p.owner[cell] == attacker, limit)


def fill_sequence(pos: Position, cell: int, attacker: int,
                  limit: int = 2_000_000) -> list[Move] | None:
    """A sequence of ``attacker``'s placements (the other side passing) that ends with a
    legal placement on the vacant ``cell``, or None when none exists."""
    return search(pos, attacker, lambda p, move: move.cell == cell, limit)


def search(pos: Position, attacker: int, goal: Callable[[Position, Move], bool],
           limit: int) -> list[Move] | None:
    """Depth-first over every sequence of ``attacker``'s legal placements, the other side
    passing after each, until ``goal(position after the move, move)``."""
    p = attacker_start(pos, attacker)
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    line: list[Move] = []

    def dfs() -> bool:
        for move in list(p.legal_moves()):
            if move.is_pass:
                continue
            p.push(move)
            line.append(move)
            if goal(p, move):
                return True
            key = (tuple(p.piece), tuple(p.owner))
            if key not in seen:
                seen.add(key)
                if len(seen) > limit:
                    raise BudgetOut(f"more than {limit} boards")
                p.push(PASS)
                if dfs():
                    return True
                p.pop()
            line.pop()
            p.pop()
        return False

    return list(line) if dfs() else None


def alive_with_answers(pos: Position, cell: int, limit: int = 200_000) -> bool:
    """True when every legal placement of the attacker has an answer of the owner (any
    legal placement, or the pass) that keeps the group and after which no sequence of the
    attacker's placements reverses it (every answer tried)."""
    owner = pos.owner[cell]
    attacker = 1 - owner
    p = attacker_start(pos, attacker)
    for a in [m for m in p.legal_moves() if not m.is_pass]:
        p.push(a)
        if p.owner[cell] == attacker:
            return False
        answered = False
        for b in list(p.legal_moves()):
            p.push(b)
            if p.owner[cell] == owner and kill_sequence(p, cell, limit) is None:
                answered = True
            p.pop()
            if answered:
                break
        p.pop()
        if not answered:
            return False
    return True
