"""The Dominions game object: the rules-level :class:`~puzzles.dominions.gamedef.DominionsDef`
with its players, the search knowledge of :mod:`solver.dominions.knowledge` and its pictures.

The game's modules are imported when first used (a command that only names the game stays
quick to start).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from puzzles.dominions.gamedef import DominionsDef
from puzzles.dominions.state import DominionsState
from puzzles.game import GameState, PlayerFactory, PlayerOptions
from solver.play.base import BasePlayer
from solver.play.standard import standard_players


class DominionsPlayer(BasePlayer):
    """Dominions ``greedy`` (one-ply evaluation) or ``search`` (alpha-beta in a node budget)
    behind the one player interface (a perfect-information game: the state itself)."""

    def __init__(self, name: str, options: PlayerOptions) -> None:
        super().__init__(options)
        from solver.dominions.players import (  # local: the search loads with its first player
            DEFAULT_BUDGET,
            GreedyPlayer,
            SearchPlayer,
        )

        self.name = name
        if name == "greedy":
            self.inner: Any = GreedyPlayer(options.seed)
        else:
            budget = options.max_nodes if options.max_nodes is not None else DEFAULT_BUDGET
            self.inner = SearchPlayer(options.seed, budget, seconds=options.move_time,
                                      wall=options.deadline)

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        from solver.dominions.tracker import Tracker  # local: loaded with the search, see above

        assert isinstance(state, DominionsState)
        return self.inner.choose(Tracker(state.position.copy()))


def _dominions(name: str) -> PlayerFactory:
    return lambda options: DominionsPlayer(name, options)


class Dominions(DominionsDef):
    """Dominions with its players ``random``, ``mcts``, ``greedy`` and ``search``."""

    highlights_moves = True
    default_player = "mcts"  # 96.7% against search (docs/players.md)

    def players(self) -> Mapping[str, PlayerFactory]:
        return {**standard_players(self), "greedy": _dominions("greedy"),
                "search": _dominions("search")}

    def knowledge(self) -> Any:
        from solver.dominions.knowledge import DominionsKnowledge  # local: loads the search

        return DominionsKnowledge()

    def picture(self, state: GameState[Any], title: str = "", moves: tuple[str, ...] = ()
                ) -> str:
        """The board with the cells of ``moves`` highlighted."""
        from reports.dominions import Marks, position_svg  # local: drawing loads when asked for

        assert isinstance(state, DominionsState)
        cells = [m.cell for m in (state.parse_move(t) for t in moves) if not m.is_pass]
        return position_svg(state.position, Marks(highlight=cells), title=title)


DOMINIONS = Dominions()
