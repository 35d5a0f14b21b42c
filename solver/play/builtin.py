"""The built-in players of every game, wrapped in the shared :class:`Player` interface.

Each wrapper gives the game's own player a :meth:`GameState.determinize` sample for the seat
to move (for Dominions, a perfect-information game, a plain copy), so no wrapped player can
look at hidden state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from puzzles.dominimum.state import DominimumState
from puzzles.dominions.state import DominionsState
from puzzles.game import GameState
from puzzles.numbridge.state import NumbridgeState
from solver.play.base import Player, PlayerOptions, RandomPlayer


class DominionsPlayer(Player):
    """Dominions ``greedy`` (one-ply evaluation) or ``search`` (alpha-beta in a node budget)."""

    def __init__(self, name: str, options: PlayerOptions) -> None:
        super().__init__(options)
        from solver.dominions.players import DEFAULT_BUDGET, GreedyPlayer, SearchPlayer

        self.name = name
        if name == "greedy":
            self.inner: Any = GreedyPlayer(options.seed)
        else:
            budget = options.max_nodes if options.max_nodes is not None else DEFAULT_BUDGET
            self.inner = SearchPlayer(options.seed, budget, seconds=options.move_time)

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        from solver.dominions.tracker import Tracker

        assert isinstance(state, DominionsState)
        return self.inner.choose(Tracker(state.position.copy()))


class DominimumPlayer(Player):
    """Dominimum/Dominomega ``greedy`` or ``lookahead`` (sampling the unseen tiles)."""

    def __init__(self, name: str, options: PlayerOptions) -> None:
        super().__init__(options)
        from solver.dominimum.players import make_player

        self.name = name
        self.inner = make_player(name, options.seed)

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominimumState)
        sample = state.determinize(state.to_move(), rng)
        assert isinstance(sample, DominimumState)
        return self.inner.choose(sample.g)


class NumbridgePlayer(Player):
    """Numbridge ``greedy`` (block evaluation) or ``search`` (best pair of moves)."""

    def __init__(self, name: str, options: PlayerOptions) -> None:
        super().__init__(options)
        from functools import partial

        from solver.numbridge.human import HUMAN_PLAYERS
        from solver.numbridge.players import PLAYER_FUNCS, EndgameStats, search_player

        self.name = name
        self.func = {**PLAYER_FUNCS, **HUMAN_PLAYERS}[name]
        self.endgame: EndgameStats | None = None
        if name == "search":
            self.endgame = EndgameStats()
            self.func = partial(search_player, stats=self.endgame)

    def stats(self) -> dict[str, int] | None:
        """``{"exact", "fallbacks"}``: empty-bag moves by the exact endgame solver, and those
        where it was too large (search only)."""
        return None if self.endgame is None else self.endgame.to_json()

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, NumbridgeState)
        sample = state.determinize(state.to_move(), rng)
        assert isinstance(sample, NumbridgeState)
        return self.func(sample.g, rng)


def _dominions(name: str) -> Callable[[PlayerOptions], Player]:
    return lambda options: DominionsPlayer(name, options)


def _dominimum(name: str) -> Callable[[PlayerOptions], Player]:
    return lambda options: DominimumPlayer(name, options)


def _expect(options: PlayerOptions) -> Player:
    from solver.dominimum.expect import ExpectPlayer

    return ExpectPlayer(options)


def _numbridge(name: str) -> Callable[[PlayerOptions], Player]:
    return lambda options: NumbridgePlayer(name, options)


def _numbridge_mcts_odds(options: PlayerOptions) -> Player:
    """MCTS with the contesting evaluation (``solver.numbridge.knowledge.OddsKnowledge``)."""
    from solver.numbridge.knowledge import OddsKnowledge
    from solver.play.mcts import MCTSPlayer

    return MCTSPlayer(options, OddsKnowledge())


#: (game, player name, factory) of every built-in player.
PLAYERS: list[tuple[str, str, Callable[[PlayerOptions], Player]]] = [
    *((g, "random", RandomPlayer) for g in ("dominions", "dominimum", "dominomega", "numbridge")),
    ("dominions", "greedy", _dominions("greedy")),
    ("dominions", "search", _dominions("search")),
    ("numbridge", "greedy", _numbridge("greedy")),
    ("numbridge", "search", _numbridge("search")),
    *(("numbridge", n, _numbridge(n)) for n in
      ("greedy-deduce", "search-deduce", "greedy-odds", "search-odds")),
    ("numbridge", "mcts-odds", _numbridge_mcts_odds),
    *((g, n, _dominimum(n)) for g in ("dominimum", "dominomega") for n in ("greedy", "lookahead")),
    ("dominimum", "expect", _expect),
]
