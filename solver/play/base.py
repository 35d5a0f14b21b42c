"""The player interface shared by every game, and the registry of players by game and name.

A player answers ``choose(state, rng)`` with a legal move for the seat to move. It must decide
from what that seat may know: the wrappers below hand the game-specific players a
:meth:`~puzzles.game.GameState.determinize` sample, never the true hidden state, so a player
cannot see another seat's hand, mission or the bag order.

Examples
--------
>>> from puzzles.dominions.state import DominionsState
>>> import random
>>> p = make_player("dominions", "greedy", seed=1)
>>> s = DominionsState()
>>> s.apply(p.choose(s, random.Random(1)))
>>> len(s.history()), player_names("dominimum")
(1, ['greedy', 'lookahead', 'random'])
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameState, game_names


@dataclass
class PlayerOptions:
    """What every player may be given: its seed and its budgets per move.

    ``move_time`` is seconds of thinking per move, ``max_nodes`` a node budget per move (the
    reproducible budget: the same seed and node budget give the same moves on any machine).
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


PlayerFactory = Callable[[PlayerOptions], Player]
_PLAYERS: dict[str, dict[str, PlayerFactory]] = {}
_LOADED: list[bool] = []


def register_player(game: str, name: str, factory: PlayerFactory) -> None:
    """Make ``factory`` known as player ``name`` of ``game``."""
    _PLAYERS.setdefault(game, {})[name] = factory


def _load() -> None:
    """Import the modules that register the built-in players (once)."""
    if not _LOADED:
        _LOADED.append(True)
        import solver.play.builtin  # noqa: F401


def player_names(game: str) -> list[str]:
    """The players known for ``game``, sorted."""
    _load()
    return sorted(_PLAYERS.get(game, {}))


def make_player(game: str, name: str, *, seed: int = 1, move_time: float | None = None,
                max_nodes: int | None = None) -> Player:
    """The player ``name`` of ``game`` with its seed and budgets.

    Raises
    ------
    InvalidInputError
        For an unknown game or player name (the message lists the known ones).
    """
    _load()
    if game not in game_names():
        raise InvalidInputError(f"unknown game {game!r} (known: {', '.join(game_names())})")
    table = _PLAYERS.get(game, {})
    if name not in table:
        raise InvalidInputError(f"unknown player {name!r} for {game} "
                                f"(known: {', '.join(sorted(table))})")
    return table[name](PlayerOptions(seed, move_time, max_nodes))
