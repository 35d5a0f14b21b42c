"""The players every game has: ``random`` and ``mcts`` (with the game's search knowledge).

A game's :meth:`~puzzles.game.GameDef.players` starts from these::

    def players(self):
        return {**standard_players(self), "greedy": GreedyPlayer}
"""

from __future__ import annotations

from puzzles.game import GameDef, PlayerFactory, PlayerOptions
from solver.play.base import BasePlayer, RandomPlayer
from solver.play.mcts import MCTSPlayer


def standard_players(game: GameDef) -> dict[str, PlayerFactory]:
    """``{"random": ..., "mcts": ...}``; the search player asks ``game.knowledge()``."""

    def mcts(options: PlayerOptions) -> BasePlayer:
        return MCTSPlayer(options, game.knowledge())

    return {"random": RandomPlayer, "mcts": mcts}
