"""Players: random, greedy (one-ply evaluation) and search (alpha-beta), all seeded.

A player answers ``choose(tracker) -> Move`` for the player to move of
``tracker.position``; it may push and pop moves but leaves the position as it found it.

Pass policy (project rule, all players but random): pass when no placement is legal, or when
the opponent has just passed and passing now wins.
"""

from __future__ import annotations

import random
from typing import Protocol

from puzzles.dominions import PASS, Move, Position
from solver.dominions.evaluation import evaluate, ordered_moves
from solver.dominions.search import SearchResult, search
from solver.dominions.tracker import Tracker

DEFAULT_BUDGET = 600


class Player(Protocol):
    """Anything that picks a move."""

    name: str

    def choose(self, t: Tracker) -> Move:
        """The move to play in ``t.position`` (which must not be over)."""
        ...


def pass_wins(pos: Position) -> bool:
    """True when the opponent just passed and a pass now would end the game with a win."""
    if pos.passes != 1:
        return False
    w, b = pos.score()
    return (w > b) if pos.to_move == 0 else (b > w)


class RandomPlayer:
    """Uniform among the legal placements; passes only when it has none."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, t: Tracker) -> Move:
        moves = t.position.legal_placements()
        if not moves:
            return PASS
        cell, piece, _, _ = self.rng.choice(moves)
        return Move(cell, piece)


class GreedyPlayer:
    """One-ply: evaluates the position after each of the ``width`` best-looking placements.

    Parameters
    ----------
    seed : int
        Breaks ties between equal evaluations.
    width : int
        How many placements (by the quick outcome score) get the full evaluation.
    """

    def __init__(self, seed: int = 0, width: int = 24) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.width = width

    def choose(self, t: Tracker) -> Move:
        pos = t.position
        if pass_wins(pos):
            return PASS
        me = pos.to_move
        best: list[Move] = []
        best_value = float("-inf")
        for _, m in ordered_moves(pos, self.width, rng=self.rng):
            t.push(m)
            v = evaluate(t, me)
            t.pop()
            if v > best_value + 1e-9:
                best, best_value = [m], v
            elif abs(v - best_value) <= 1e-9:
                best.append(m)
        return self.rng.choice(best) if best else PASS


class SearchPlayer:
    """Alpha-beta over the best-looking placements, iterative deepening within a node budget.

    Parameters
    ----------
    budget : int
        Nodes (positions entered) per move; default ``DEFAULT_BUDGET``.
    seed : int
        Breaks ties between equal root values.
    """

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET,
                 seconds: float | None = None, wall: float | None = None) -> None:
        self.name = "search"
        self.wall = wall
        self.rng = random.Random(seed)
        self.budget = budget
        self.seconds = seconds
        self.last: SearchResult | None = None

    def choose(self, t: Tracker) -> Move:
        if pass_wins(t.position):
            return PASS
        self.last = search(t, self.budget, seconds=self.seconds, rng=self.rng, wall=self.wall)
        return self.last.move
