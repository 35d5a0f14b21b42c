"""A contesting evaluation of Numbridge Domains: each block as a race, the game as a majority.

The block evaluation of ``solver.numbridge.players`` rewards building one's own blocks: a cell
in a block the opponent leads is worth no more than any other, and a block where he holds four
counts as nearly lost. Here a block is a race instead, scored the way Pascal and Fermat
divided the stakes of an unfinished game (the *problem of points*): a player who needs ``a``
more cells against an opponent who needs ``b``, each open cell going to either with even
chances, wins the block with probability

    P(a, b) = sum_{k < b} C(a - 1 + k, k) / 2^(a + k),

limited by the open cells (nobody can take more than are left: a player who cannot reach five
has lost the block unless the opponent cannot either). The game is won by a majority of the
blocks, so the position is worth the chance that at least five of the nine races are won,
with the races independent (a Poisson-binomial tail). A cell in a block where the opponent
leads 3-0 or 4-2 then has real value (it is the only way to keep that block from him, "with
one cell you take away your opponent's edge in a block"), and a fifth cell in a block already
far ahead has little; the evaluation weighs them against each other by what they do to the
chance of winning the game.

Examples
--------
>>> round(block_chance(0, 0, 9), 3), round(block_chance(4, 0, 5), 3), block_chance(0, 5, 4)
(0.5, 0.969, 0.0)
>>> round(majority_chance([0.5] * 9), 3), majority_chance([1.0] * 5 + [0.0] * 4)
(0.5, 1.0)
"""

from __future__ import annotations

from functools import cache
from math import comb

from puzzles.numbridge.game import MAJORITY, Game
from solver.numbridge.players import block_tallies

BLOCKS_TO_WIN = 5


@cache
def race(a: int, b: int) -> float:
    """The chance of getting ``a`` more cells before the opponent gets ``b`` (even odds each)."""
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    return sum(comb(a - 1 + k, k) / 2 ** (a + k) for k in range(b))


def block_chance(mine: int, theirs: int, free: int) -> float:
    """The chance that the player holding ``mine`` cells wins the block (``free`` cells open):
    1 or 0 once decided; a block nobody can win any more counts as half."""
    if mine >= MAJORITY:
        return 1.0
    if theirs >= MAJORITY:
        return 0.0
    a, b = MAJORITY - mine, MAJORITY - theirs
    if a > free and b > free:
        return 0.5
    if a > free:
        return 0.0
    if b > free:
        return 1.0
    return race(a, b)


def majority_chance(chances: list[float], need: int = BLOCKS_TO_WIN) -> float:
    """The chance that at least ``need`` of independent events with ``chances`` happen."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return sum(dist[need:])


def win_chance(g: Game, p: int) -> float:
    """The contesting evaluation: the chance that player ``p`` wins (1 or 0 at the end, a draw
    half)."""
    if g.result is not None:
        return 0.5 if g.result.winner == 0 else (1.0 if g.result.winner == p else 0.0)
    return majority_chance([block_chance(m, t, f) for m, t, f in block_tallies(g, p)])


def odds_evaluate(g: Game, p: int, threats: bool = False) -> float:
    """:func:`win_chance` on the scale of ``solver.numbridge.players.evaluate`` (a won game
    +100): 20 per unit of chance above one half. With ``threats`` (the opponent moves next,
    a pair) his blocks at four with an open cell count as his."""
    if g.result is not None:
        return 0.0 if g.result.winner == 0 else (100.0 if g.result.winner == p else -100.0)
    chances = []
    for m, t, f in block_tallies(g, p):
        c = block_chance(m, t, f)
        if threats and m < MAJORITY and t == MAJORITY - 1 and f >= 1:
            c = 0.0
        chances.append(c)
    return 20.0 * (majority_chance(chances) - 0.5)
