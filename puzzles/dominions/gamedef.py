"""Dominions as a :class:`puzzles.game.GameDef`: two seats, the board base, ``W[P63i9]`` records.

The players, search knowledge and pictures are added by ``solver/dominions/gamedef.py``.

Examples
--------
>>> g = DominionsDef()
>>> g.settings({"base": 8})
{'base': 8}
>>> start, moves = g.read_record("W[P63i9];B[P55h8]")
>>> start.game, [start.move_text(m) for m in moves], g.sniff("W[P63i9]"), g.sniff("{}")
('dominions', ['P63i9', 'P55h8'], 2, 0)
"""

from __future__ import annotations

import re
from typing import Any

from puzzles.dominions.records import parse_record, replay_record
from puzzles.dominions.state import DominionsState
from puzzles.game import GameDef, GameState, Setting

#: The first token of a record: a board base or a move of either colour.
_SIGNATURE = re.compile(r"\s*(#[^\n]*\n\s*)*(BASE|W|B)\[", re.IGNORECASE)


class DominionsDef(GameDef):
    """Dominions: White (seat 0) moves first; perfect information."""

    name = "dominions"
    title = "Dominions"
    seat_range = (2, 2)
    schema = (Setting("base", "Board base", "choice", 9, (8, 9, 10)),)
    perfect_information = True
    state_class = DominionsState

    def deal(self, settings: dict[str, Any], seed: int, seats: int) -> GameState[Any]:
        return DominionsState(int(settings["base"]))

    def sniff(self, text: str) -> int:
        """2 for a record that starts with a move or ``BASE[n]``; 1 for other text that is
        not a JSON document (read as a Dominions record, its error names the bad token)."""
        if _SIGNATURE.match(text):
            return 2
        return 0 if text.lstrip().startswith("{") else 1

    def read_record(self, text: str) -> tuple[GameState[Any], list[Any]]:
        record = parse_record(text)
        played = replay_record(record)  # checks every move, naming the first illegal one
        return DominionsState(record.base), list(played.moves)
