"""The helpers of the one player interface (:class:`puzzles.game.Player`) and the random
player every game has.

A player answers ``choose(state, rng)`` with a legal move for the seat to move. It must decide
from what that seat may know: each game's players (``solver/<game>/players.py``) are handed a
:meth:`~puzzles.game.GameState.determinize` sample, never the true hidden state, so a player
cannot see another seat's hand, mission or the bag order. A game lists its players in
:meth:`puzzles.game.GameDef.players`; ``GameDef.make_player`` makes one.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameState, PlayerOptions


class BasePlayer(ABC):
    """A :class:`puzzles.game.Player` with its options, no counters and the usual
    description."""

    #: The player's name among its game's players (``greedy``, ``mcts``...).
    name: str = "player"

    def __init__(self, options: PlayerOptions | None = None) -> None:
        self.options = options or PlayerOptions()

    @abstractmethod
    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A legal move for ``state.to_move()``; ``state`` is left as it was found."""

    def deadline(self) -> float | None:
        """The ``time.monotonic()`` moment this move must be chosen by: the sooner of
        ``move_time`` from now and ``options.deadline`` (None: no time budget)."""
        moments = [t for t in (self.options.deadline,
                               None if self.options.move_time is None
                               else time.monotonic() + self.options.move_time)
                   if t is not None]
        return min(moments) if moments else None

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


class RandomPlayer(BasePlayer):
    """A uniformly random legal move (any game)."""

    name = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        moves = state.legal_move_list()
        if not moves:
            raise InvalidInputError("the game is over: there is no move to choose")
        return rng.choice(moves)
