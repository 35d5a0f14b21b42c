"""Small study positions for the life-and-death checks: seeded random games on the base-3
(19 cells) and base-4 (37 cells) boards, often with both hands cut down to a few random
pieces (endgames, where eyes, shortages of pieces and oscillation decide).

Position ``k`` is the same on every run and machine.
"""

from __future__ import annotations

import random

from puzzles.dominions import Position


def study_position(k: int) -> Position:
    """The ``k``-th study position."""
    rng = random.Random(k)
    base = rng.choice((3, 3, 4))
    pos = Position(base)
    for _ in range(rng.randint(4, len(pos.board) - 2)):
        moves = [m for m in pos.legal_moves() if not m.is_pass]
        if not moves:
            break
        pos.push(rng.choice(moves))
    if rng.random() < 0.7:
        for colour in (0, 1):
            hand = pos.hand(colour)
            keep = rng.sample(hand, min(len(hand), rng.randint(1, 12)))
            pos.hands[colour] = sum(1 << p for p in keep)
    return pos


def group_cells(pos: Position) -> list[int]:
    """One cell of each group (its smallest), in board order."""
    _, table = pos.groups()
    return sorted(min(g.cells) for g in table.values())
