"""Rooms: what the server shows and does per game beyond its :class:`puzzles.game.GameDef`.

The game object gives the name, title, seats, the settings schema (the room's form), new
deals, records and the computer players; a room adds only what is the server's own: drawing what
a seat sees with the pictures of ``reports/``, the side actions and buttons, the clock, cell
queries and the analysis layers of a finished game. No rule lives here: every move is checked
by the game's rules through its ``GameState``.

A room module ``solver/server/room_<game>.py`` lists its room classes in ``ROOMS``; the
catalog (:mod:`solver.server.catalog`) finds them and hands each its game object.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from puzzles.errors import InvalidInputError
from puzzles.game import GameDef, GameState
from solver.server.messages import GameInfo, RoomSetting


class Room(ABC):
    """The generic room: the game's description, its computer players and its moves."""

    #: The registry name of the game the room serves.
    game_name: ClassVar[str] = ""
    #: Whether a seat playing against the computer may take a move back.
    undo: ClassVar[bool] = True
    #: Whether a game may be continued from a record (``POST /api/import``).
    importable: ClassVar[bool] = False
    #: The analysis layers a finished game may show.
    layers: ClassVar[tuple[str, ...]] = ()
    #: Side actions the game's rules handle themselves (the club handles the others).
    own_actions: ClassVar[tuple[str, ...]] = ()
    #: Whether the game's rules keep their own clock (else the club's clock times the seats).
    own_clock: ClassVar[bool] = False

    def __init__(self, game: GameDef) -> None:
        self.game = game

    # ------------------------------------------------------------------ description
    @property
    def perfect_information(self) -> bool:
        """True when every seat may see everything (records and review while live)."""
        return self.game.perfect_information

    def info(self) -> GameInfo:
        """The game as the start page and ``/api/rooms`` describe it."""
        lo, hi = self.game.seat_range
        return GameInfo(game=self.game.name, title=self.game.title,
                        seats=list(range(lo, hi + 1)),
                        settings=[RoomSetting(**s.to_json()) for s in self.game.schema],
                        players=self.players(), default_player=self.default_player(),
                        own_clock=self.own_clock,
                        perfect_information=self.perfect_information)

    def players(self) -> list[str]:
        """The computer players of the game."""
        return self.game.player_names()

    def default_player(self) -> str:
        """The computer player chosen when a seat names none."""
        names = self.players()
        return self.game.default_player if self.game.default_player in names else names[0]

    def player_options(self, player: str, move_time: float) -> dict[str, Any]:
        """Options for ``GameDef.make_player``: the seat's time per move."""
        return {"move_time": move_time}

    def from_record(self, text: str) -> GameState[Any]:
        """A game continued from a record (rooms that allow it, see :attr:`importable`)."""
        if not self.importable:
            raise InvalidInputError(f"{self.game.name} games cannot be imported from a record")
        return self.game.state_from_record(text)

    # ------------------------------------------------------------------ the game
    def pieces(self) -> dict[str, Any]:
        """Pictures of the pieces the client draws hands with (``GET /api/GAME/pieces``);
        rooms without them refuse."""
        raise InvalidInputError(f"{self.game.name} has no piece pictures")

    def apply(self, state: GameState[Any], seat: int, text: str, t: float) -> list[str]:
        """Play ``text`` for the seat to move at game time ``t``; the action texts to store."""
        move = state.parse_move(text)
        state.apply(move)
        return [state.move_text(move)]

    def side_action(self, state: GameState[Any], seat: int, action: str,
                    t: float) -> list[str]:
        """Offer/accept a draw or resign; games without them refuse."""
        raise InvalidInputError(f"{self.game.name} has no {action!r} action", where=None)

    def actions(self, state: GameState[Any], seat: int | None) -> list[str]:
        """The buttons ``seat`` may press now (``pass``, ``offer``, ``accept``, ``resign``)."""
        return []

    # ------------------------------------------------------------------ clock
    def clock(self, state: GameState[Any], now: float) -> dict[str, Any] | None:
        """The clock display (``None``: the game has no clock)."""
        return None

    def deadline(self, state: GameState[Any]) -> float | None:
        """The game time of the next clock event, or None."""
        return None

    def advance_clock(self, state: GameState[Any], t: float) -> list[str]:
        """Apply the clock events up to game time ``t``; the action texts to store."""
        return []

    # ------------------------------------------------------------------ what is shown
    @abstractmethod
    def render(self, state: GameState[Any], seat: int | None,
               shared: dict[str, Any]) -> dict[str, Any]:
        """What ``seat`` sees: ``view`` (``GameState.view(seat)``, which the browser draws
        the board from, ``static/board/<game>.js``), hand, info and actions. No pictures:
        the SVG of ``reports/`` is for reports.

        ``shared`` memoizes the public parts (facts of an analysis) across the seats of one
        position."""

    def cell_info(self, state: GameState[Any], seat: int | None, cell: str) -> dict[str, Any]:
        """What may go on ``cell``."""
        raise InvalidInputError(f"{self.game.name}: no cell queries")

    @abstractmethod
    def layered_view(self, state: GameState[Any], ply: int, layers: set[str]) -> dict[str, Any]:
        """The position after ``ply`` actions: ``{"ply", "moves", "view", "marks", "info"}``
        with the chosen analysis layers as ``marks`` (cell names), which the browser draws."""
