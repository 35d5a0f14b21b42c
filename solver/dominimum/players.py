"""Strategies: random, greedy and a lookahead player that samples the hidden tiles.

A player is called with the game (full information is *not* used: every strategy only reads
the layout, its own mission or symbol, its own hand and public facts) and returns a placement.

- ``random``: a uniformly random legal placement.
- ``greedy``: the best placement by its own score after the move (Dominimum: lowest own score,
  ties by the sampled opponent margin; Dominomega: highest own product, ties by margin).
- ``lookahead``: takes the ``width`` best placements by own score, and for each plays
  ``rollouts`` games to the end from a determinization (hidden missions, hands and supply
  redrawn from the unseen tiles), every seat playing the best own score among ``tries`` random
  placements; picks the best mean final margin over the best opponent, then the most wins,
  then the greedy order. Given a wall-clock ``deadline`` (``time.monotonic``), it stops there:
  the best of the candidates whose rollouts are all played (the greedy choice if none is).

Every random choice comes from the player's own ``random.Random(seed)``.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Placement
from solver.dominimum.placement import Candidate, GroupIndex, rank_dominimum, rank_dominomega


@dataclass
class Player(ABC):
    """Base class: ``choose(game)`` returns the placement of the seat to move."""

    seed: int = 0
    rng: random.Random = field(init=False)
    name: str = "player"
    #: a ``time.monotonic()`` moment to choose by (the players that search stop there)
    deadline: float | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @abstractmethod
    def choose(self, game: Game) -> Placement:
        """The placement this player makes for the seat to move."""


@dataclass
class RandomPlayer(Player):
    """A uniformly random legal placement."""

    name: str = "random"

    def choose(self, game: Game) -> Placement:
        moves = list(game.legal_moves())
        return moves[self.rng.randrange(len(moves))]


def ranked(game: Game, player: int, samples: int, seed: int, objective: str
           ) -> list[Candidate]:
    """The candidates of the seat to move, best first, seen from ``player``'s information."""
    hand = game.hands[player]
    assert hand is not None
    if game.kind == "dominimum":
        return rank_dominimum(game.layout, hand, game.missions[player],
                              opponents=game.players - 1, samples=samples, seed=seed,
                              within_tile=game.rules.within_tile, objective=objective,
                              hidden=[t for t in game.unseen(player)])
    symbol = game.symbols[player]
    rivals = tuple(s for s in game.symbols if s != symbol)
    return rank_dominomega(game.layout, hand, symbol, rivals, game.rules.within_tile, objective)


@dataclass
class GreedyPlayer(Player):
    """The placement with the best own score after the move (ties: the sampled margin)."""

    name: str = "greedy"
    samples: int = 16

    def choose(self, game: Game) -> Placement:
        cands = ranked(game, game.to_move, self.samples, self.rng.randrange(2**31), "own")
        best = cands[0]
        ties = [c for c in cands if (c.own, c.margin) == (best.own, best.margin)]
        return ties[self.rng.randrange(len(ties))].placement


def _quick_move(game: Game, rng: random.Random, tries: int = 10) -> Placement:
    """Rollout policy: the best own score among ``tries`` random legal placements."""
    player = game.to_move
    hand = game.hands[player]
    assert hand is not None
    pairs = list(game.layout.cell_pairs())
    index = GroupIndex(game.layout, game.rules.within_tile)
    best: tuple[float, Placement] | None = None
    a, b = hand
    for _ in range(tries):
        c1, c2 = pairs[rng.randrange(len(pairs))]
        p = Placement(a, b, (c1, c2)) if rng.random() < 0.5 else Placement(b, a, (c1, c2))
        if game.kind == "dominimum":
            m1, m2 = game.missions[player]
            value: float = index.group_after(p, m1) * index.group_after(p, m2)
        else:
            value = -index.product_after(p, game.symbols[player])
        if best is None or value < best[0]:
            best = (value, p)
    assert best is not None
    return best[1]


@dataclass
class LookaheadPlayer(Player):
    """Monte-Carlo lookahead over sampled hidden information (see the module docstring)."""

    width: int = 4
    rollouts: int = 4
    tries: int = 20
    name: str = "lookahead"

    def choose(self, game: Game) -> Placement:
        me = game.to_move
        cands = ranked(game, me, 16, self.rng.randrange(2**31), "own")[: self.width]
        if len(cands) == 1:
            return cands[0].placement
        sign = 1 if game.kind == "dominimum" else -1
        best_key: tuple[float, int, int] | None = None
        choice = cands[0].placement
        deadline, clock = self.deadline, time.monotonic
        for rank, cand in enumerate(cands):
            wins = 0
            total = 0.0
            for _ in range(self.rollouts):
                g = game.determinize(me, self.rng)
                g.play(cand.placement)
                while not g.is_terminal():
                    if deadline is not None and clock() >= deadline:
                        return choice  # out of time: this candidate is not compared
                    g.play(_quick_move(g, self.rng, self.tries))
                result = g.result()
                scores = result["scores"]
                others = [x for q, x in enumerate(scores) if q != me]
                best_other = min(others) if sign == 1 else max(others)
                total += sign * (scores[me] - best_other)
                wins += result["winner"] == me
            key = (total, -wins, rank)
            if best_key is None or key < best_key:
                best_key, choice = key, cand.placement
        return choice


#: The strategies by name, each made from its seed (``solver.dominimum.gamedef`` puts them
#: behind the one player interface).
STRATEGIES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "lookahead": LookaheadPlayer}
