"""The player interface shared by every game (the registry by name is
:mod:`solver.play.registry`).

A player answers ``choose(state, rng)`` with a legal move for the seat to move. It must decide
from what that seat may know: the wrappers below hand the game-specific players a
:meth:`~puzzles.game.GameState.determinize` sample, never the true hidden state, so a player
cannot see another seat's hand, mission or the bag order.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameState


@dataclass
class PlayerOptions:
    """What every player may be given: its seed and its budgets per move.

    ``move_time`` is seconds of thinking per move, counted in CPU seconds of the thinking
    thread (``time.thread_time``), so a move gets the same work on a loaded machine as on a
    quiet one; ``max_nodes`` a node budget per move (the reproducible budget: the same seed
    and node budget give the same moves on any machine).
    """

    seed: int = 1
    move_time: float | None = None
    max_nodes: int | None = None


class Player(ABC):
    """Picks a move for the seat to move of a :class:`GameState`."""

    #: The player's name in the registry (``greedy``, ``mcts``...).
    name: str = "player"

    def __init__(self, options: PlayerOptions | None = None) -> None:
        self.options = options or PlayerOptions()

    @abstractmethod
    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A legal move for ``state.to_move()``; ``state`` is left as it was found."""

    def stats(self) -> dict[str, int] | None:
        """Counters the player keeps over a game (e.g. endgame solver moves), or None."""
        return None

    def describe(self) -> str:
        """The name with its budgets, for tables and records (``search(nodes=600)``)."""
        parts = []
        if self.options.max_nodes is not None:
            parts.append(f"nodes={self.options.max_nodes}")
        if self.options.move_time is not None:
            parts.append(f"time={self.options.move_time:g}s")
        return f"{self.name}({', '.join(parts)})" if parts else self.name


class RandomPlayer(Player):
    """A uniformly random legal move (any game)."""

    name = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        moves = state.legal_move_list()
        if not moves:
            raise InvalidInputError("the game is over: there is no move to choose")
        return rng.choice(moves)
