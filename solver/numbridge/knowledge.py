"""Numbridge knowledge for information-set Monte-Carlo search.

The evaluation (for each seat, a win estimate from the block balance) knows:

- **contested blocks, four against four**: one open cell decides the block; it goes to the
  seat that fills it first, so it counts for the seat to move (with a second move left in
  its pair it can take two such blocks), against it otherwise;
- **the 1-2-2 pair**: a seat that has both moves of a pair ahead can turn a block where it
  holds three with two open cells; the opponent's blocks at four (three) with one (two) open
  cells are threats when he moves next (``solver.numbridge.players.evaluate`` with threats);
- **what the opponent can still take**: a block the opponent cannot reach five in any more
  (his cells plus the open ones below five) is safe, and one that neither can reach is out of
  play (``block_value``).

Ordering and rollouts use the useful moves (correct placements, claims paid with a dead tile,
discards of dead tiles), correct placements and claims first; at the root the moves are ranked
by the greedy player's evaluation (on the first move of a pair its 12 best re-ranked by their
best second move, as the ``search`` player does), and progressive widening opens them in that
order. The
hidden hand and bag come from ``NumbridgeState.determinize``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from puzzles.game import GameState
from puzzles.numbridge.game import MAJORITY, Game
from puzzles.numbridge.state import NumbridgeState
from solver.numbridge.odds import odds_evaluate, win_chance
from solver.numbridge.players import (
    _after,
    block_tallies,
    block_value,
    evaluate,
    useful_moves,
)
from solver.numbridge.races import race_chance
from solver.play.mcts import Knowledge

SCALE = 1.2  # blocks for a win estimate of 70%


def block_balance(g: Game, p: int) -> float:
    """Blocks expected for player ``p`` (1 or 2) minus the opponent's (see the docstring)."""
    mover = g.mover
    pair_left = g.left_in_pair
    total = 0.0
    for mine, theirs, free in block_tallies(g, p):
        v = block_value(mine, theirs, free)
        if mine < MAJORITY and theirs < MAJORITY:
            if mine == theirs == MAJORITY - 1 and free >= 1:
                v = 0.6 if mover == p else -0.6  # four against four: first to fill wins
            elif mover == p and pair_left >= 2 and mine == MAJORITY - 2 and free >= 2 \
                    and theirs + free - 2 < MAJORITY:
                v += 0.25  # the pair can close it
            elif mover != p and theirs == MAJORITY - 1 and free >= 1:
                v = min(v, -0.7)  # his threat, he moves next
            elif mover != p and theirs == MAJORITY - 2 and free >= 2:
                v -= 0.2
        total += v
    return total


def win_estimate(g: Game) -> list[float]:
    """(first, second) win estimates of an unfinished game."""
    x = max(-30.0, min(30.0, block_balance(g, 1) / SCALE))
    p1 = 1.0 / (1.0 + math.exp(-x))
    return [p1, 1.0 - p1]


def ordered_useful(g: Game, rng: random.Random) -> list[Any]:
    """The useful moves, correct placements and claims first, ties at random."""
    moves = useful_moves(g)

    def key(m: Any) -> tuple[int, float]:
        good = m.kind == "claim" or (m.kind == "place" and int(g.solution[m.cell]) == m.digit)
        return (0 if good else 1, rng.random())

    return sorted(moves, key=key)


class NumbridgeKnowledge(Knowledge):
    """The hooks above for :class:`solver.play.mcts.MCTSPlayer`."""

    perfect_information = False
    rollout_depth = 6
    widen = (1.0, 0.5)
    exploration = 0.5
    #: from the measured noise of one evaluation (python3 -m benchmarks.review_noise)
    review_thresholds = (0.02, 0.04, 0.08)

    #: below the root, the useful moves by :meth:`score` after each (the opponent model: a
    #: greedy player of that evaluation) instead of correct moves first
    ranked_nodes = False

    def order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        assert isinstance(state, NumbridgeState)
        g = state.g
        if not self.ranked_nodes:
            return ordered_useful(g, rng)
        p = g.mover
        scored = [(self.score(_after(g, m), p), rng.random(), m) for m in useful_moves(g)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [m for _, _, m in scored]

    #: open the root in the order of the pair search (the 1-2-2 pair: a first move is worth
    #: its best second move from the hand that is left, the opponent's threats counted)
    #: instead of the one-move greedy evaluation
    pair_root = True
    #: how many first moves (best by the one-move evaluation) get the pair look-ahead
    pair_width = 12

    def score(self, g: Game, seat: int, threats: bool = False) -> float:
        """The one-move evaluation the root is ordered by (the greedy block evaluation)."""
        return evaluate(g, seat, threats=threats)

    def root_order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        """The root's useful moves by :meth:`score` after the move; with ``pair_root`` on the
        first move of a pair, the ``pair_width`` best of them by their best second move (the
        refill unknown: the hand that is left), as the ``search`` player ranks them."""
        assert isinstance(state, NumbridgeState)
        g = state.g
        p = g.mover
        moves = useful_moves(g)
        scored = [(self.score(_after(g, m), p), rng.random(), m)
                  for m in self.until_deadline(moves)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        if len(scored) < len(moves):  # out of time (a player's deadline): the rest unscored
            return [m for _, _, m in scored] + moves[len(scored):]
        if not self.pair_root or g.left_in_pair < 2:
            return [m for _, _, m in scored]
        head = []
        for s1, tie, m1 in self.until_deadline(scored[:self.pair_width]):
            h = _after(g, m1)
            if h.result is not None or h.mover != p:
                value = s1
            else:
                h.bag = []  # the refill is unknown: the hand that is left
                value = max((self.score(_after(h, m2), p, threats=True)
                             for m2 in useful_moves(h)), default=s1)
            head.append((value, tie, m1))
        head.sort(key=lambda t: (-t[0], t[1]))
        return [m for _, _, m in head] + [m for _, _, m in scored[len(head):]]

    def rollout_move(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, NumbridgeState)
        g = state.g
        moves = useful_moves(g)  # no ordering needed: a random good move, else any useful
        sol = g.solution
        good = [m for m in moves if m.kind == "claim"
                or (m.kind == "place" and int(sol[m.cell]) == m.digit)]
        return rng.choice(good or moves)

    def evaluate(self, state: GameState[Any]) -> list[float]:
        assert isinstance(state, NumbridgeState)
        return win_estimate(state.g)



class OddsKnowledge(NumbridgeKnowledge):
    """The same search with the contesting evaluation of ``solver.numbridge.odds``: a leaf is
    worth each seat's chance of winning a majority of the blocks, every block a race scored by
    the problem of points, and the root is ordered by that evaluation (player ``mcts-odds``)."""

    def score(self, g: Game, seat: int, threats: bool = False) -> float:
        """The root's one-move evaluation: :func:`solver.numbridge.odds.odds_evaluate`."""
        return odds_evaluate(g, seat, threats=threats)

    def evaluate(self, state: GameState[Any]) -> list[float]:
        assert isinstance(state, NumbridgeState)
        p1 = win_chance(state.g, 1)
        return [p1, 1.0 - p1]


class RacesKnowledge(NumbridgeKnowledge):
    """The search with the tile-aware evaluation of :mod:`solver.numbridge.races` (each open
    cell goes to whoever spends a tile of its digit on it): the root ordered by it (the pair
    look-ahead on a pair's first move) and every new leaf valued by it, without rollouts."""

    rollout_depth = 0

    def score(self, g: Game, seat: int, threats: bool = False) -> float:
        """The root's one-move evaluation: :func:`solver.numbridge.races.race_chance`."""
        return race_chance(g, seat)

    def evaluate(self, state: GameState[Any]) -> list[float]:
        assert isinstance(state, NumbridgeState)
        p1 = race_chance(state.g, 1)
        return [p1, 1.0 - p1]

