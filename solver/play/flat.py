"""Flat Monte-Carlo over common random deals, chosen by sequential halving (any game).

A player for games whose search is one level deep (every playout plays the game on by the
rollout policy): instead of UCB1 over independent samples, every root candidate is played
out on the *same* determinizations ("common random deals", a seed per deal that fixes the
hidden state and the rollout's random choices up to where the candidates differ), so two
candidates are compared on paired samples and the luck of the deal cancels out. The budget
is spent by sequential halving (Karnin, Koren and Somekh 2013): the ``width`` best
candidates of the game's root ordering get equal numbers of deals, the worse half (by the
mean over the deals all of them were played on) is dropped, and so on until one is left.
Ties keep the ordering's earlier candidate.

Budgets as for :class:`solver.play.mcts.MCTSPlayer`: ``max_nodes`` playouts per move
(reproducible), and/or ``move_time`` / ``PlayerOptions.deadline`` wall-clock seconds
(``time.monotonic``): with a time budget only, the number of playouts is estimated from the
first one, and the search stops at the deadline with the best candidate so far. The player
decides from determinizations drawn for its own seat only (hidden information stays hidden).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from puzzles.game import GameState, PlayerOptions
from solver.play.base import BasePlayer
from solver.play.mcts import DEFAULT_NODES, Knowledge


def widths(budget: int) -> int:
    """How many root candidates a budget of ``budget`` playouts considers: about a fifth of
    it (at least 2, at most 16), so each candidate gets a few deals in the first round."""
    return max(2, min(16, budget // 5))


class FlatPlayer(BasePlayer):
    """Flat Monte-Carlo with common random deals and sequential halving (module docstring).

    Parameters
    ----------
    options : PlayerOptions
        ``max_nodes`` playouts per move (default ``DEFAULT_NODES`` without a time budget),
        ``move_time`` seconds per move.
    knowledge : Knowledge
        The game's hooks: ``determinize``, ``root_order``, ``rollout_move``,
        ``rollout_depth`` (read after each determinization) and ``evaluate``.
    to_end : bool
        Play every playout to the end and score it by the game's returns (True), or stop
        after ``knowledge.rollout_depth`` moves and score by ``knowledge.evaluate``.
    """

    name = "flat"

    def __init__(self, options: PlayerOptions | None, knowledge: Knowledge,
                 to_end: bool = False, name: str = "flat") -> None:
        super().__init__(options)
        self.knowledge = knowledge
        self.to_end = to_end
        self.name = name
        #: playouts of the last move (for benchmarks)
        self.last_playouts = 0

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        kn = self.knowledge
        deadline = self.deadline()
        kn.deadline = deadline
        try:
            return self._choose(state, rng, deadline)
        finally:
            kn.deadline = None

    def _choose(self, state: GameState[Any], rng: random.Random,
                deadline: float | None) -> Any:
        kn = self.knowledge
        nodes = self.options.max_nodes
        if nodes is None and deadline is None:
            nodes = DEFAULT_NODES
        start = time.monotonic()
        moves = kn.root_order(state, rng)
        self.last_playouts = 0
        if not moves:
            return kn.fallback_move(state, rng)
        if len(moves) == 1 or (deadline is not None and time.monotonic() >= deadline):
            return moves[0]
        seeds: list[int] = []
        values: list[list[float]] = []
        me = state.to_move()
        first: float | None = None
        if nodes is None:  # a time budget only: estimate the playouts from the first one
            assert deadline is not None
            seeds.append(rng.randrange(2**62))
            t0 = time.monotonic()
            first = self._playout(state, moves[0], seeds[0], me, deadline)
            if first is None:
                return moves[0]
            per = max(1e-6, time.monotonic() - t0)
            nodes = max(2, int((deadline - start) / per))
            self.last_playouts = 1
        cands = moves[:min(len(moves), widths(nodes))]
        values = [[] for _ in cands]
        if first is not None:
            values[0].append(first)
        alive = list(range(len(cands)))
        rounds = max(1, math.ceil(math.log2(len(cands))))
        spent = self.last_playouts
        for r in range(rounds):
            per = max(1, (nodes - spent) // (len(alive) * (rounds - r)))
            target = min(len(values[i]) for i in alive) + per
            for d in range(target):
                while len(seeds) <= d:
                    seeds.append(rng.randrange(2**62))
                for i in alive:
                    if len(values[i]) > d:
                        continue
                    v = self._playout(state, cands[i], seeds[d], me, deadline)
                    if v is None:
                        return cands[self._best(alive, values)]
                    values[i].append(v)
                    spent += 1
                    self.last_playouts = spent
            if r < rounds - 1:
                keep = max(1, math.ceil(len(alive) / 2))
                alive = self._ranked(alive, values)[:keep]
        return cands[self._best(alive, values)]

    @staticmethod
    def _ranked(alive: list[int], values: list[list[float]]) -> list[int]:
        """``alive`` by the mean over the deals all of them were played on (best first;
        ties: the ordering's earlier candidate)."""
        m = min(len(values[i]) for i in alive)
        if m == 0:
            return list(alive)
        return sorted(alive, key=lambda i: (-sum(values[i][:m]) / m, i))

    def _best(self, alive: list[int], values: list[list[float]]) -> int:
        return self._ranked(alive, values)[0]

    def _playout(self, state: GameState[Any], move: Any, seed: int, me: int,
                 deadline: float | None) -> float | None:
        """The value for ``me`` of ``move`` on the deal of ``seed``; None past the deadline."""
        kn = self.knowledge
        r = random.Random(seed)
        s = kn.determinize(state, me, r)
        s.apply(move)
        limit = None if self.to_end else kn.rollout_depth
        depth = 0
        clock = time.monotonic
        while not s.is_over() and (limit is None or depth < limit):
            if deadline is not None and clock() >= deadline:
                return None
            s.apply(kn.rollout_move(s, r))
            depth += 1
        if s.is_over():
            return float(s.returns()[me])
        return float(kn.evaluate(s)[me])
