"""Dominimum and Dominomega as :class:`puzzles.game.GameDef` objects: 2-4 (Dominomega 2-3)
seats, the ``within_tile`` rule, JSON records that name their game.

The players, search knowledge and pictures are added by ``solver/dominimum/gamedef.py``.

Examples
--------
>>> g = DominimumDef()
>>> state = g.new_state({"within_tile": False}, seed=4, seats=3)
>>> state.num_seats, g.sniff(state.record_text()), DominomegaDef().sniff(state.record_text())
(3, 2, 0)
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from puzzles.documents import load_json
from puzzles.dominimum.game import Rules
from puzzles.dominimum.records import replay
from puzzles.dominimum.state import DominimumState, DominomegaState
from puzzles.errors import InvalidInputError
from puzzles.game import GameDef, GameState, Setting


class _DominimumFamily(GameDef):
    """What both games share: the deal, the tile rule, the record document."""

    schema = (Setting("within_tile", "A tile's two halves group together", "bool", True),)
    perfect_information = False
    state_class: ClassVar[type[DominimumState]]

    def deal(self, settings: dict[str, Any], seed: int, seats: int) -> GameState[Any]:
        return self.state_class.deal(seats, seed, Rules(within_tile=settings["within_tile"]))

    def sniff(self, text: str) -> int:
        """2 for a JSON document whose ``"game"`` is this game's name."""
        if not text.lstrip().startswith("{"):
            return 0
        return 2 if re.search(rf'"game"\s*:\s*"{self.name}"', text) else 0

    def read_record(self, text: str) -> tuple[GameState[Any], list[Any]]:
        full = replay(load_json(text, "record"))
        if not full.hands_known:
            raise InvalidInputError("record: the game's start needs the seed of the deal")
        moves = [m.placement for m in full.history]
        while full.history:
            full.undo()
        return self.state_class(full), moves


class DominimumDef(_DominimumFamily):
    """Dominimum: 2-4 seats, secret missions, lowest score wins."""

    name = "dominimum"
    title = "Dominimum"
    seat_range = (2, 4)
    state_class = DominimumState


class DominomegaDef(_DominimumFamily):
    """Dominomega: 2 or 3 seats, one symbol each, highest score wins."""

    name = "dominomega"
    title = "Dominomega"
    seat_range = (2, 3)
    state_class = DominomegaState
