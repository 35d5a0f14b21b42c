"""Fast random playouts for Monte-Carlo search: sample a cell and a piece, check, play.

A uniformly random legal placement needs every legal placement (hundreds of ``cell_info``
calls); a playout only needs *some* legal placement, so ``rollout_move`` samples a frontier
cell with a fitting held piece and checks that one placement with the rules (``Position``)
(``Position.outcome``), falling back to the full list after a few refusals.

Examples
--------
>>> import random
>>> from puzzles.dominions import Position
>>> pos = Position()
>>> n = playout(pos, random.Random(1))
>>> pos.is_over(), n == len(pos.moves)
(True, True)
"""

from __future__ import annotations

import random

from puzzles.dominions import PASS, Move, Position
from puzzles.dominions.board import fitting_mask, mask_pieces

TRIES = 6


def rollout_move(pos: Position, rng: random.Random, tries: int = TRIES) -> Move:
    """A random legal move of the player to move (the pass only when nothing else is legal,
    or when the opponent has just passed and passing wins)."""
    c = pos.to_move
    if pos.passes == 1:
        w, b = pos.score()
        if (w > b) if c == 0 else (b > w):
            return PASS
    hand = pos.hands[c]
    piece, occ_n, mbs, mbls = pos.piece, pos.occupied_neighbours, pos.must_beam, pos.must_blank
    empty = not pos.occupied
    cells = [i for i in range(len(piece))
             if piece[i] < 0 and (empty or occ_n[i]) and fitting_mask(mbs[i], mbls[i]) & hand]
    for _ in range(min(tries, len(cells))):
        cell = rng.choice(cells)
        pieces = mask_pieces(fitting_mask(mbs[cell], mbls[cell]) & hand)
        move = Move(cell, rng.choice(pieces))
        if pos.outcome(move).status == "legal":
            return move
    legal = pos.legal_placements(cells=cells)
    if not legal:
        return PASS
    cell, p, _, _ = rng.choice(legal)
    return Move(cell, p)


def playout(pos: Position, rng: random.Random, max_moves: int | None = None) -> int:
    """Play random moves on ``pos`` to the end (or ``max_moves``); returns the moves played.

    The moves stay on ``pos`` (pop them to undo).
    """
    n = 0
    while not pos.is_over() and (max_moves is None or n < max_moves):
        move = rollout_move(pos, rng)
        pos._apply(move, pos.check(move))
        n += 1
    return n
