"""A Numbridge evaluation that knows the tiles: each open cell goes to whoever spends a tile of
its digit on it.

The bag holds one tile for every cell (nine of each digit), and a cell of digit ``d`` (empty,
or a given nobody has claimed) can only be taken with a tile ``d``. So the open cells of one
digit are shared out by that digit's remaining tiles: with ``k`` open cells of digit ``d``,
``h1`` and ``h2`` tiles ``d`` in the two hands and ``b`` in the bag (drawn about evenly), a cell
of digit ``d`` goes to player 1 with probability ``min(1, (h1 + b / 2) / k)`` and to player 2
with ``min(1, (h2 + b / 2) / k)`` (scaled down when their sum exceeds 1; a cell whose tiles
were all spent stays open). The player to move holds the initiative on the cells it can take
now: ``TEMPO`` of the other side's share of those goes to it. A block is won by the first to
five of its nine cells; its chance is the probability that the player's cells plus the open
cells it gets reach five (the open cells independent, a small dynamic programme), and the game
is worth the chance of a majority of the blocks (``solver.numbridge.odds.majority_chance``).

The hands are read from the position it is given: the search evaluates determinizations (the
opponent's hand redrawn from what the mover has not seen), never the true hidden hand.

Examples
--------
>>> round(block_race(4, 0, [0.5, 0.5, 0.5]), 3), block_race(5, 0, []), block_race(0, 5, [1.0])
(0.875, 1.0, 0.0)
"""

from __future__ import annotations

from collections import Counter

from puzzles.numbridge.field import CELLS
from puzzles.numbridge.game import MAJORITY, Game
from solver.numbridge.odds import majority_chance

#: The share of the other side's chance on a cell the mover can take now that the mover gets.
TEMPO = 0.3


def cell_chances(g: Game, p: int) -> list[float | None]:
    """Per cell, the chance that player ``p`` takes it (None: taken already)."""
    open_by_digit: Counter[int] = Counter()
    digit_of = [0] * CELLS
    for c in range(CELLS):
        if g.owner[c] == 0 and (g.digits[c] == 0 or g.given[c]):
            d = int(g.solution[c])
            digit_of[c] = d
            open_by_digit[d] += 1
    q = 3 - p
    mine, theirs, bag = Counter(g.hands[p]), Counter(g.hands[q]), Counter(g.bag)
    mover = g.mover
    out: list[float | None] = [None] * CELLS
    for c in range(CELLS):
        d = digit_of[c]
        if not d:
            continue
        k = open_by_digit[d]
        a = min(1.0, (mine[d] + bag[d] / 2) / k)
        b = min(1.0, (theirs[d] + bag[d] / 2) / k)
        if a + b > 1.0:
            a, b = a / (a + b), b / (a + b)
        if mover == p and mine[d]:
            a, b = a + TEMPO * b, b * (1 - TEMPO)
        elif mover == q and theirs[d]:
            a, b = a * (1 - TEMPO), b + TEMPO * a
        out[c] = a
    return out


def block_race(mine: int, theirs: int, chances: list[float]) -> float:
    """The chance that a player holding ``mine`` cells of a block (the opponent ``theirs``)
    reaches five, each open cell ``i`` becoming its own with ``chances[i]``."""
    if mine >= MAJORITY:
        return 1.0
    if theirs >= MAJORITY:
        return 0.0
    dist = [1.0]  # cells gained so far
    for x in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, w in enumerate(dist):
            nxt[k] += w * (1 - x)
            nxt[k + 1] += w * x
        dist = nxt
    return sum(dist[MAJORITY - mine:])


def race_chance(g: Game, p: int) -> float:
    """Player ``p``'s chance to win: 1 or 0 at the end (a draw half), else the chance of a
    majority of the block races (see the module docstring)."""
    if g.result is not None:
        return 0.5 if g.result.winner == 0 else (1.0 if g.result.winner == p else 0.0)
    chance = cell_chances(g, p)
    blocks = []
    for cells in g.blocks.values():
        mine = sum(1 for c in cells if g.owner[c] == p)
        theirs = sum(1 for c in cells if g.owner[c] == 3 - p)
        blocks.append(block_race(mine, theirs, [x for c in cells
                                                if (x := chance[c]) is not None]))
    return majority_chance(blocks)
