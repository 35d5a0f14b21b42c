"""The Dominimum and Dominomega game objects: the rules-level definitions of
:mod:`puzzles.dominimum.gamedef` with their players, the search knowledge of
:mod:`solver.dominimum.knowledge` and their pictures.

The game's modules are imported when first used (a command that only names the game stays
quick to start).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from puzzles.dominimum.gamedef import DominimumDef, DominomegaDef
from puzzles.dominimum.state import DominimumState
from puzzles.game import GameDef, GameState, PlayerFactory, PlayerOptions
from solver.play.base import BasePlayer
from solver.play.standard import standard_players


class DominimumPlayer(BasePlayer):
    """Dominimum/Dominomega ``greedy`` or ``lookahead`` behind the one player interface: the
    game's strategy is handed a sample of what the seat to move cannot see."""

    def __init__(self, name: str, options: PlayerOptions) -> None:
        super().__init__(options)
        from solver.dominimum.players import STRATEGIES  # local: the placement search loads here

        self.name = name
        self.inner = STRATEGIES[name](options.seed)

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominimumState)
        self.inner.deadline = self.deadline()
        sample = state.determinize(state.to_move(), rng)
        assert isinstance(sample, DominimumState)
        return self.inner.choose(sample.g)


def _strategy(name: str) -> PlayerFactory:
    return lambda options: DominimumPlayer(name, options)


def _expect(options: PlayerOptions) -> BasePlayer:
    from solver.dominimum.expect import ExpectPlayer  # local: the mission inference loads here

    return ExpectPlayer(options)


class _Family(GameDef):
    """The players, knowledge and pictures both games share."""

    default_player = "mcts"  # the strongest against greedy and expect (docs/players.md)

    def players(self) -> Mapping[str, PlayerFactory]:
        return {**standard_players(self), "greedy": _strategy("greedy"),
                "lookahead": _strategy("lookahead")}

    def knowledge(self) -> Any:
        # local: loads the placement search
        from solver.dominimum.knowledge import DominimumKnowledge

        return DominimumKnowledge()

    def picture(self, state: GameState[Any], title: str = "", moves: tuple[str, ...] = ()
                ) -> str:
        """The layout (``moves`` are not marked)."""
        from reports.dominimum import layout_svg  # local: drawing loads when asked for

        assert isinstance(state, DominimumState)
        return layout_svg(state.g.layout, title=title)


class Dominimum(_Family, DominimumDef):
    """Dominimum with ``random``, ``mcts``, ``greedy``, ``lookahead`` and ``expect``."""

    def players(self) -> Mapping[str, PlayerFactory]:
        return {**super().players(), "expect": _expect}

    def knowledge(self) -> Any:
        """The flat search over ``expect``'s placements with greedy opponents in the rollouts
        (:class:`solver.dominimum.knowledge.ExpectKnowledge`)."""
        from solver.dominimum.knowledge import ExpectKnowledge  # local: loads the placement search

        return ExpectKnowledge()


def _flat(to_end: bool, name: str) -> PlayerFactory:
    def make(options: PlayerOptions) -> BasePlayer:
        from solver.dominimum.knowledge import PlayoutKnowledge  # local: the placement search
        from solver.play.flat import FlatPlayer  # local: loads with the player

        return FlatPlayer(options, PlayoutKnowledge(), to_end=to_end, name=name)

    return make


class Dominomega(_Family, DominomegaDef):
    """Dominomega with ``random``, ``mcts``, ``greedy``, ``lookahead``, ``flat`` and
    ``flat-leaf``: the flat search over common random deals
    (:class:`solver.play.flat.FlatPlayer`) with greedy playouts to the end scored by the
    result, or to one placement before the end scored by the evaluation."""

    def players(self) -> Mapping[str, PlayerFactory]:
        return {**super().players(), "flat-leaf": _flat(False, "flat-leaf"),
                "flat": _flat(True, "flat")}

    def knowledge(self) -> Any:
        """The flat search with greedy playouts to the end
        (:class:`solver.dominimum.knowledge.PlayoutKnowledge`)."""
        from solver.dominimum.knowledge import PlayoutKnowledge  # local: loads the placement search

        return PlayoutKnowledge()


DOMINIMUM = Dominimum()
DOMINOMEGA = Dominomega()
