"""A second, deliberately plain implementation of the rules, written from the reference text,
compared with the position's legal moves and move results on random positions."""

from __future__ import annotations

import random

import pytest

from puzzles.dominions import Move, Position
from tests.dominions.plain_rules import Board, play


def as_board(pos: Position) -> Board:
    return {pos.board.cells[i]: ("WB"[pos.owner[i]], pos.piece[i]) for i in pos.occupied}


# (base, seed, every, plies): a full comparison on every ``every``-th position of one random
# game (its first ``plies`` moves; 0 = the whole game); every = 1: every position compared
GAMES = [(8, 0, 9, 0), (8, 1, 9, 0), (8, 2, 9, 0), (9, 0, 9, 0), (9, 1, 9, 0),
         (8, 3, 1, 24), (9, 2, 1, 24),
         pytest.param(8, 3, 1, 0, marks=pytest.mark.slow),
         pytest.param(9, 3, 1, 0, marks=pytest.mark.slow),
         pytest.param(10, 0, 3, 0, marks=pytest.mark.slow)]


@pytest.mark.parametrize(("base", "seed", "every", "plies"), GAMES)
def test_legal_moves_and_results_match_the_plain_rules(base: int, seed: int, every: int,
                                                       plies: int) -> None:
    rng = random.Random(seed)
    pos = Position(base)
    on = set(pos.board.cells)
    checked = 0
    while not pos.is_over() and (plies == 0 or len(pos.moves) < plies):
        board = as_board(pos)
        me = "WB"[pos.to_move]
        hand = pos.hand(pos.to_move)
        if len(pos.moves) % every == 0:  # full comparison
            plain = {(pos.board.index[c], p) for c in on for p in hand
                     if play(board, on, c, p, me) is not None}
            engine = {(m.cell, m.piece) for m in pos.legal_moves() if not m.is_pass}
            assert engine == plain
            checked += 1
        moves = list(pos.legal_moves())
        move = rng.choice(moves[:-1]) if len(moves) > 1 else moves[-1]
        if not move.is_pass:
            expected = play(board, on, pos.board.cells[move.cell], move.piece, me)
            pos.push(move)
            assert as_board(pos) == expected
        else:
            pos.push(move)
    assert checked >= 8
    if every == 1:
        assert checked == len(pos.moves)  # every position of the game


def test_engine_refuses_what_the_plain_rules_refuse() -> None:
    pos = Position(8)
    pos.push(pos.parse_move("P1h8"))
    board, on = as_board(pos), set(pos.board.cells)
    for cell in on:
        for p in (8, 9, 24, 63):
            ok = play(board, on, cell, p, "B") is not None
            assert pos.is_legal(Move(pos.board.index[cell], p)) == ok
