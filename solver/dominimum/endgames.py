"""Endgame puzzles: the last tile of a game, with a unique best placement proven exhaustively.

A seeded game is played by greedy players until one tile remains. The puzzle: the player to
move knows every mission (Dominimum) or symbol (Dominomega); where should the last tile go?
Best = the widest final margin over the best opponent: Dominimum, lowest own score minus the
lowest opponent score (then the lowest own score); Dominomega, highest own score divided by
the highest opponent score (then the highest own score). Every legal placement (cell pair and
orientation) is scored on the finished layout with the networkx scorer; the position is a
puzzle only when exactly one placement reaches the best (margin, own) value.

Examples
--------
>>> p = next(generate("dominimum", players=2, seed=42, tries=1))
>>> p.best_count, p.placements > 10
(1, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominimum.tiles import Tile
from solver.dominimum.analysis import mission_report, omega_report
from solver.dominimum.placement import GroupIndex
from solver.dominimum.players import GreedyPlayer


@dataclass(frozen=True)
class Puzzle:
    """A final-move position and its proven answer."""

    kind: str
    players: int
    seed: int
    to_move: int
    tile: Tile
    missions: list[Tile]
    layout: Layout
    answer: Placement
    best: tuple[int, int]
    runner_up: tuple[int, int] | None
    placements: int
    best_count: int
    values: dict[tuple[int, int], int]

    def to_json(self) -> dict[str, Any]:
        """The puzzle document (see docs/dominimum.md)."""
        return {"game": self.kind, "players": self.players, "seed": self.seed,
                "to_move": self.to_move, "tile": list(self.tile),
                "missions": [list(m) for m in self.missions],
                "layout": self.layout.to_json(),
                "answer": {**self.answer.to_json(), "score": self.best[0],
                           "best_opponent": self.best[1]},
                "runner_up": list(self.runner_up) if self.runner_up else None,
                "placements": self.placements, "best_count": self.best_count,
                "distribution": [[own, other, n] for (own, other), n
                                 in sorted(self.values.items())]}


def quick_scores(game: Game, player: int) -> dict[Placement, tuple[int, int]]:
    """``final_scores`` by the incremental evaluator (O(1) per placement), for screening."""
    index = GroupIndex(game.layout, game.rules.within_tile)
    hand = game.hands[player]
    assert hand is not None
    out = {}
    for p in game.layout.legal_placements(hand):
        if game.kind == "dominimum":
            scores = [index.group_after(p, a) * index.group_after(p, b)
                      for a, b in game.missions]
            best_other = min(s for q, s in enumerate(scores) if q != player)
        else:
            scores = [index.product_after(p, s) for s in game.symbols]
            best_other = max(s for q, s in enumerate(scores) if q != player)
        out[p] = (scores[player], best_other)
    return out


def final_scores(game: Game, player: int) -> dict[Placement, tuple[int, int]]:
    """(own, best opponent) final scores after each legal placement of the last tile,
    each scored on the finished layout by the networkx scorer."""
    out = {}
    hand = game.hands[player]
    assert hand is not None
    for p in list(game.layout.legal_placements(hand)):
        game.layout.place(p)
        if game.kind == "dominimum":
            scores = [mission_report(game.layout, m, game.rules.within_tile).score
                      for m in game.missions]
            best_other = min(s for q, s in enumerate(scores) if q != player)
        else:
            rep = omega_report(game.layout, game.symbols, game.rules.within_tile).scores
            scores = [rep[s] for s in game.symbols]
            best_other = max(s for q, s in enumerate(scores) if q != player)
        out[p] = (scores[player], best_other)
        game.layout.undo()
    return out


def _key(kind: str, own: int, other: int) -> tuple[Fraction, int]:
    """Sort key, best first."""
    if kind == "dominimum":
        return (Fraction(own - other), own)
    return (-Fraction(own, max(other, 1)), -own)


def solve_position(game: Game, quick: bool = False
                   ) -> tuple[Placement, tuple[int, int], tuple[int, int] | None,
                              int, dict[tuple[int, int], int]]:
    """Best placement of the last tile with its (own, best opponent) scores, the runner-up
    scores, how many placements share the best key, and the count per (own, opponent).

    ``quick`` scores with the incremental evaluator instead of networkx.
    """
    player = game.to_move
    scores = quick_scores(game, player) if quick else final_scores(game, player)
    ordered = sorted(scores.items(), key=lambda kv: (_key(game.kind, *kv[1]), str(kv[0])))
    best_place, best = ordered[0]
    best_key = _key(game.kind, *best)
    count = sum(1 for v in scores.values() if _key(game.kind, *v) == best_key)
    runner = next((v for _, v in ordered if _key(game.kind, *v) != best_key), None)
    return best_place, best, runner, count, dict(Counter(scores.values()))


def generate(kind: str = "dominimum", players: int = 2, seed: int = 1,
             tries: int = 200) -> Iterator[Puzzle]:
    """Puzzles from games seeded ``seed``, ``seed + 1``, ...; at most ``tries`` games."""
    for s in range(seed, seed + tries):
        game = Game.deal(kind, players, s)
        seats = [GreedyPlayer(s * 8 + i) for i in range(players)]
        while len(game.history) < game.total_tiles - 1:
            game.play(seats[game.to_move].choose(game))
        if solve_position(game, quick=True)[3] != 1:
            continue
        # confirmed by full re-scoring of every placement with networkx
        answer, best, runner_up, count, values = solve_position(game)
        if count != 1:
            continue
        hand = game.hands[game.to_move]
        assert hand is not None
        yield Puzzle(kind, players, s, game.to_move, hand, list(game.missions),
                     game.layout.copy(), answer, best, runner_up, len(
                         list(game.layout.legal_placements(hand))), count, values)
