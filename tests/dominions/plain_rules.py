"""A second, deliberately plain implementation of the Dominions rules, written from the
reference text and sharing no code with the engine (``puzzles.dominions``): used to compare
the engine's legal moves and move results, and to replay the solved-board proofs."""

from __future__ import annotations

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
