"""Endgame solver with full information: who wins with best play from a position, and the line.

Both hands and the bag order are known. The search is a plain minimax with alpha-beta over the
moves that can matter: correct placements, claims (one given per block, each distinct
tile: givens of one block are interchangeable), one discard (miss) per
distinct tile, and the forced pass; a transposition table keyed by the position. Clocks, draw
offers and resignation are left out. Values are from A's point of view: +1 A wins, 0 draw,
-1 B wins.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> from puzzles.numbridge.game import Game, RoomSettings
>>> sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
>>> s = RoomSettings(tiles="empty", claim_tile="any", hand_size=1)
>>> g = Game.new(Field.make(sol[:78] + "000"), sol, s, bag=[1, 9, 7])
>>> r = solve_endgame(g)
>>> r.value, [m.text() for m in r.line]
(1, ['place g9 1', 'place i9 9', 'pass', 'place h9 7'])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from puzzles.errors import BudgetExhaustedError
from puzzles.numbridge.field import CELLS
from puzzles.numbridge.game import Game, Move, RoomSettings

#: Positions between two looks at the clock (a position costs some microseconds).
CLOCK_EVERY = 32


class EndgameTooLargeError(BudgetExhaustedError):
    """The exact search needed more positions than its node limit (or its deadline) allows."""


@dataclass
class EndgameResult:
    """The value with best play (+1 A wins, 0 draw, -1 B wins), a best line, nodes searched."""

    value: int
    line: list[Move]
    nodes: int

    @property
    def winner(self) -> str:
        """``A``, ``B`` or ``draw``."""
        return {1: "A", -1: "B", 0: "draw"}[self.value]


def endgame_moves(g: Game) -> list[Move]:
    """The moves that can matter, best-first: placements, claims, discards, pass."""
    p = g.mover
    hand = sorted(set(g.hands[p]))
    moves: list[Move] = []
    empty = g.empty_cells()
    by_digit: dict[int, list[int]] = {}
    for c in empty:
        by_digit.setdefault(int(g.solution[c]), []).append(c)
    for d in hand:
        for c in by_digit.get(d, ()):
            moves.append(Move("place", c, d))
    cost = g.settings.claim_cost
    if g.settings.claim_tile == "digit":
        seen: set[tuple[int, int]] = set()
        for c in g.unclaimed_givens():
            # givens of one digit in one block are interchangeable
            key = (g.block_of[c], g.digits[c])
            if key in seen:
                continue
            seen.add(key)
            moves += [Move("claim", c, tiles=t) for t in g.claim_payments(c)]
    elif len(g.hands[p]) >= cost:
        if cost == 1:
            pays: list[tuple[int, ...]] = [(d,) for d in hand]
        else:
            pays = sorted({m.tiles for m in g.legal_moves() if m.kind == "claim"})
        seen_blocks: set[int] = set()
        for c in g.unclaimed_givens():
            # claims of two givens in the same block lead to equivalent positions
            if g.block_of[c] in seen_blocks:
                continue
            seen_blocks.add(g.block_of[c])
            for t in pays:
                moves.append(Move("claim", c, tiles=t))
    for d in hand:
        wrong = next((c for k, cs in by_digit.items() if k != d for c in cs), None)
        if wrong is not None:
            moves.append(Move("place", wrong, d))
    if not moves:
        moves.append(Move("pass"))
    return moves


#: What a transposition-table entry says of a position's value v: exactly v, at most v, at
#: least v.
EXACT, UPPER, LOWER = 0, -1, 1


def bound_kind(best: int, alpha: int, beta: int) -> int:
    """What an alpha-beta search of the window (``alpha``, ``beta``) that returned ``best``
    proves: a fail low (``best <= alpha``) bounds the value from above, a fail high (``best >=
    beta``) from below, anything between is exact."""
    if best <= alpha:
        return UPPER
    if best >= beta:
        return LOWER
    return EXACT


def settles(value: int, kind: int, alpha: int, beta: int) -> bool:
    """Whether a stored ``value`` of ``kind`` answers a search of the window (``alpha``,
    ``beta``) without searching: exact, an upper bound at or below alpha, or a lower bound at
    or above beta."""
    return (kind == EXACT or (kind == UPPER and value <= alpha)
            or (kind == LOWER and value >= beta))


def _key(g: Game) -> tuple[object, ...]:
    return (tuple(g.owner), tuple(g.digits), tuple(sorted(g.hands[1])),
            tuple(sorted(g.hands[2])), tuple(g.bag), g.mover, g.left_in_pair)


def _value(g: Game) -> int:
    assert g.result is not None
    return {0: 0, 1: 1, 2: -1}[g.result.winner]


def solve_endgame(g: Game, node_limit: int = 200_000, deadline: float | None = None
                  ) -> EndgameResult:
    """Solve the position ``g`` with full information (by ``deadline``, a ``time.monotonic()``
    moment, when one is given: the players' clock).

    Raises
    ------
    EndgameTooLargeError
        (a BudgetExhaustedError, exit 3) When the search needs more than ``node_limit`` positions
        (the position is too large for an exact answer) or is still running at ``deadline``.
    """
    if g.result is not None:
        return EndgameResult(_value(g), [], 0)
    root = g.copy()
    root.settings = _no_clock(root)
    root.history = []
    root.keep_history = False
    table: dict[tuple[object, ...], tuple[int, int, int]] = {}  # key -> (value, kind, move)
    nodes = 0
    size = f"{len(root.empty_cells())} empty cells, bag {len(root.bag)}"  # the position asked

    def search(pos: Game, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise EndgameTooLargeError(f"endgame too large: more than {node_limit} positions "
                                       f"({size}); --max-nodes raises the budget")
        if deadline is not None and nodes % CLOCK_EVERY == 0 and time.monotonic() >= deadline:
            raise EndgameTooLargeError(f"endgame not solved in time ({nodes} positions, {size})")
        if pos.result is not None:
            return _value(pos)
        key = _key(pos)
        hit = table.get(key)
        if hit is not None:
            v, kind, _ = hit
            if settles(v, kind, alpha, beta):
                return v
        maximise = pos.mover == 1
        best = -2 if maximise else 2
        best_i = 0
        a0, b0 = alpha, beta
        for i, m in enumerate(endgame_moves(pos)):
            child = pos.copy()
            child.play(m)
            v = search(child, alpha, beta)
            if (maximise and v > best) or (not maximise and v < best):
                best, best_i = v, i
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        table[key] = (best, bound_kind(best, a0, b0), best_i)
        return best

    value = search(root, -1, 1)
    line: list[Move] = []
    pos = root
    while pos.result is None and len(line) < CELLS * 2:
        v = search(pos, -1, 1)  # re-search cheaply through the table to follow the line
        moves = endgame_moves(pos)
        chosen = None
        for m in moves:
            child = pos.copy()
            child.play(m)
            if search(child, -1, 1) == v:
                chosen, pos = m, child
                break
        if chosen is None:  # pragma: no cover - the table and the search agree
            break
        line.append(chosen)
    return EndgameResult(value, line, nodes)


def _no_clock(g: Game) -> RoomSettings:
    return replace(g.settings, move_limit=0, game_limit=0)
