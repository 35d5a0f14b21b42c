"""Random legal games for the tests (seeded)."""

from __future__ import annotations

import random

from puzzles.dominions import Move, Position


def random_game(seed: int, plies: int | None = None, pass_rate: float = 0.0) -> Position:
    """Play uniformly random legal placements (pass only when forced, or at ``pass_rate``)."""
    rng = random.Random(seed)
    pos = Position()
    while not pos.is_over() and (plies is None or len(pos.moves) < plies):
        moves = list(pos.legal_moves())
        placements = moves[:-1]
        if placements and rng.random() >= pass_rate:
            pos.push(rng.choice(placements))
        else:
            pos.push(moves[-1])
    return pos


def random_move(pos: Position, rng: random.Random) -> Move:
    moves = list(pos.legal_moves())
    return rng.choice(moves[:-1]) if len(moves) > 1 else moves[-1]
