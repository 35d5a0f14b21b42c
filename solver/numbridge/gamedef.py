"""The Numbridge game object: the rules-level :class:`~puzzles.numbridge.gamedef.NumbridgeDef`
with its field generator, its players, the search knowledge of
:mod:`solver.numbridge.knowledge` and its pictures.

The game's modules are imported when first used (a command that only names the game stays
quick to start).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

from puzzles.game import GameState, PlayerFactory, PlayerOptions
from puzzles.numbridge.field import Field
from puzzles.numbridge.game import RoomSettings
from puzzles.numbridge.gamedef import NumbridgeDef
from puzzles.numbridge.state import NumbridgeState
from solver.play.base import BasePlayer
from solver.play.mcts import MCTSPlayer
from solver.play.standard import standard_players

#: Seconds a new game may spend looking for a field of its difficulty setting.
LEVEL_TIME_LIMIT = 60.0


class NumbridgePlayer(BasePlayer):
    """Numbridge ``greedy`` (block evaluation), ``search`` (best pair of moves) and the
    deducing players of :mod:`solver.numbridge.human` behind the one player interface: the
    game's player function is handed a sample of what the seat to move cannot see, and the
    move's wall-clock deadline (``move_time``, the server's ``deadline``): the searches stop
    there with their best move so far."""

    def __init__(self, name: str, options: PlayerOptions) -> None:
        super().__init__(options)
        from solver.numbridge.human import HUMAN_PLAYERS  # local: the players load with the first

        # local: likewise
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
        deadline = self.deadline()  # the clock runs from here: the sample is part of the move
        sample = state.determinize(state.to_move(), rng)
        assert isinstance(sample, NumbridgeState)
        return self.func(sample.g, rng, deadline=deadline)


def _player(name: str) -> PlayerFactory:
    return lambda options: NumbridgePlayer(name, options)


def _mcts_races(options: PlayerOptions) -> BasePlayer:
    """MCTS with the tile-aware evaluation (``solver.numbridge.knowledge.RacesKnowledge``)."""
    from solver.numbridge.knowledge import RacesKnowledge  # local: loads the search knowledge

    return MCTSPlayer(options, RacesKnowledge())


def _mcts_odds(options: PlayerOptions) -> BasePlayer:
    """MCTS with the contesting evaluation (``solver.numbridge.knowledge.OddsKnowledge``)."""
    from solver.numbridge.knowledge import OddsKnowledge  # local: loads the search knowledge

    return MCTSPlayer(options, OddsKnowledge())


class Numbridge(NumbridgeDef):
    """Numbridge with its generated fields and players ``random``, ``mcts``, ``greedy``,
    ``search``, the deducing players and ``mcts-odds``."""

    default_player = "greedy-odds"  # the best heuristic; no MCTS beats it yet (docs/players.md)

    def make_field(self, settings: RoomSettings, seed: int) -> tuple[Field, str]:
        """A unique field (of the ``difficulty`` setting's level, when it names one)."""
        if settings.difficulty != "any":
            # local: loads HoDoKu's rating
            from solver.numbridge.by_difficulty import generate_level

            level = generate_level(settings.difficulty, settings.givens, settings.blocks,
                                   seed=seed, time_limit=LEVEL_TIME_LIMIT).generated
            return level.field, level.solution
        from solver.numbridge.generate import generate  # local: loads the field generator

        made = generate(settings.givens, settings.blocks, seed=seed)
        return made.field, made.solution

    def players(self) -> Mapping[str, PlayerFactory]:
        names = ("greedy", "search", "greedy-deduce", "search-deduce", "greedy-odds",
                 "search-odds")
        return {**standard_players(self), **{n: _player(n) for n in names},
                "mcts-odds": _mcts_odds, "mcts-races": _mcts_races}

    def knowledge(self) -> Any:
        # local: loads the search knowledge
        from solver.numbridge.knowledge import NumbridgeKnowledge

        return NumbridgeKnowledge()

    def picture(self, state: GameState[Any], title: str = "", moves: tuple[str, ...] = ()
                ) -> str:
        """The field with owners and resolved blocks (``moves`` are not marked)."""
        from solver.numbridge.pictures import position_svg  # local: drawing loads when asked for

        assert isinstance(state, NumbridgeState)
        return position_svg(state.g, title=title)


NUMBRIDGE = Numbridge()
