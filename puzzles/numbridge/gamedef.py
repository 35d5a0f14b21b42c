"""Numbridge Domains as a :class:`puzzles.game.GameDef`: two seats, the room settings of the
seed (field, tiles, clock, project rules), ``[Givens "..."]`` records.

A new game needs a generated field, which is the solver's work: the solver side
(``solver/numbridge/gamedef.py``) fills in :meth:`NumbridgeDef.make_field` and adds the
players, search knowledge and pictures.

Examples
--------
>>> g = NumbridgeDef()
>>> s = g.settings({"givens": 28})
>>> s["givens"], s["move_limit"], g.untimed(s)["move_limit"]
(28, 45.0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameDef, GameState, Setting
from puzzles.numbridge.field import Field
from puzzles.numbridge.game import CLAIM_TILE_RULES, DIFFICULTIES, TILE_RULES, RoomSettings
from puzzles.numbridge.record import read_record, replay, start_game
from puzzles.numbridge.state import NumbridgeState

_DEFAULT = RoomSettings()
#: The actions of a record that are not turns of the game (the review skips them).
SIDE_ACTIONS = ("offer", "accept", "resign", "clock")


class NumbridgeDef(GameDef):
    """Numbridge Domains: seat 0 is A (blue, moves first), seat 1 is B (red)."""

    name = "numbridge"
    title = "Numbridge Domains"
    seat_range = (2, 2)
    perfect_information = False
    state_class = NumbridgeState
    schema = (
        Setting("givens", "Givens", "int", 30, min=22, max=34),
        Setting("blocks", "Blocks", "choice", "regular", ("regular", "irregular")),
        Setting("claim_cost", "Tiles to claim a given", "int", 1, min=0, max=4),
        Setting("hand_size", "Tiles in a hand", "int", 4, min=1, max=9),
        Setting("candidates", "Candidate highlighting allowed", "bool", True),
        Setting("move_limit", "Seconds per move (0: none)", "float", 45.0, min=0, max=3600,
                clock=True),
        Setting("game_limit", "Seconds per game and player (0: none)", "float", 1200.0,
                min=0, max=36000, clock=True),
        Setting("miss", "A wrong tile", "choice", _DEFAULT.miss, ("discard", "return")),
        Setting("pass_rule", "Passing", "choice", _DEFAULT.pass_rule, ("no-move", "any")),
        Setting("flag", "Game time runs out", "choice", _DEFAULT.flag, ("lose", "timeout")),
        Setting("exhaustion", "Nobody can move, blocks level", "choice", _DEFAULT.exhaustion,
                ("cells", "draw")),
        Setting("tiles", "Tiles in the bag", "choice", _DEFAULT.tiles, tuple(TILE_RULES)),
        Setting("claim_tile", "A claim spends", "choice", _DEFAULT.claim_tile,
                tuple(CLAIM_TILE_RULES)),
        Setting("difficulty", "Field difficulty", "choice", _DEFAULT.difficulty,
                tuple(DIFFICULTIES)),
    )

    def room_settings(self, settings: dict[str, Any]) -> RoomSettings:
        """The rules engine's settings (checked)."""
        rs = RoomSettings(**settings)
        rs.check()
        return rs

    def settings(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        out = super().settings(given)
        self.room_settings(out)
        return out

    def make_field(self, settings: RoomSettings, seed: int) -> tuple[Field, str]:
        """A field with exactly one solution for ``settings`` and the solution (the solver
        side's generator)."""
        raise InvalidInputError("a new Numbridge game needs a field generator (the solver "
                                "side of the game)")

    def deal(self, settings: dict[str, Any], seed: int, seats: int) -> GameState[Any]:
        """A generated field and a bag shuffled by ``seed``."""
        rs = self.room_settings(settings)
        field, solution = self.make_field(rs, seed)
        return NumbridgeState.new(field, solution, rs, bag_seed=seed)

    def sniff(self, text: str) -> int:
        """2 for a record with a ``[Givens "..."]`` tag."""
        return 2 if "[Givens" in text else 0

    def read_record(self, text: str) -> tuple[GameState[Any], list[Any]]:
        """The start and the turns (side actions and clock events left out)."""
        rec = read_record(text)
        replay(rec)  # every move and the [Result] tag checked, as `numbridge analyse` does
        turns = [m for m in rec.moves if m.kind not in SIDE_ACTIONS]
        return NumbridgeState(start_game(rec)), turns
