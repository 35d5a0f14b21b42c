"""A second, deliberately plain implementation of the rules, written from the reference text,
compared with the position's legal moves and move results on random positions."""

from __future__ import annotations

import random

import pytest

from puzzles.dominions import Move, Position
from puzzles.grids import HEX_DELTAS

OPP = {1: 8, 2: 16, 4: 32, 8: 1, 16: 2, 32: 4}
Board = dict[tuple[int, int], tuple[str, int]]  # cell -> (colour, piece)


def nbr(cell: tuple[int, int], d: int) -> tuple[int, int]:
    return (cell[0] + HEX_DELTAS[d][0], cell[1] + HEX_DELTAS[d][1])


def linked(board: Board, a: tuple[int, int], d: int) -> tuple[int, int] | None:
    b = nbr(a, d)
    if b in board and board[a][1] & d and board[b][1] & OPP[d]:
        return b
    return None


def group(board: Board, start: tuple[int, int]) -> set[tuple[int, int]]:
    colour = board[start][0]
    seen, todo = {start}, [start]
    while todo:
        a = todo.pop()
        for d in HEX_DELTAS:
            link = linked(board, a, d)
            if link is None:
                continue
            b = link
            if board[b][0] == colour and b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def complete(board: Board, start: tuple[int, int], me: str) -> bool:
    """True when no beam joins the group of ``start`` to a piece of the other colour."""
    for a in group(board, start):
        for d in HEX_DELTAS:
            b = linked(board, a, d)
            if b is not None and board[b][0] != me:
                return False
    return True


def liberties(board: Board, cells: set[tuple[int, int]], on: set[tuple[int, int]]) -> set:
    return {nbr(a, d) for a in cells for d in HEX_DELTAS
            if board[a][1] & d and nbr(a, d) in on and nbr(a, d) not in board}


def play(board: Board, on: set, cell: tuple[int, int], piece: int, me: str) -> Board | None:
    """The board after ``me`` places ``piece`` on ``cell``, or None if illegal."""
    if cell in board:
        return None
    for d in HEX_DELTAS:  # matching, border included
        b = nbr(cell, d)
        if b not in on:
            if piece & d:
                return None
        elif b in board and bool(piece & d) != bool(board[b][1] & OPP[d]):
            return None
    you = "B" if me == "W" else "W"
    if board:
        contact = any(nbr(cell, d) in board and board[nbr(cell, d)][0] == you
                      for d in HEX_DELTAS)
        if not contact:
            own = [nbr(cell, d) for d in HEX_DELTAS
                   if piece & d and nbr(cell, d) in board and board[nbr(cell, d)][0] == me]
            # extension: the joined own group makes up a complete section (no beam to the enemy)
            extends = any(complete(board, o, me) for o in own)
            if not extends:
                return None
    new = dict(board)
    new[cell] = (me, piece)
    captured = False
    for d in HEX_DELTAS:
        hit = linked(new, cell, d)
        if hit is not None and new[hit][0] == you:
            g = group(new, hit)
            if not liberties(new, g, on):
                for a in g:
                    new[a] = (me, new[a][1])
                captured = True
    mine = group(new, cell)
    if liberties(new, mine, on):
        return new
    if captured:
        return None  # the group formed by the capture is dead in either colour: oscillation
    for a in mine:
        new[a] = (you, new[a][1])
    if not liberties(new, group(new, cell), on):
        return None  # the suicide would oscillate
    return new


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
