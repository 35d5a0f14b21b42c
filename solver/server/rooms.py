"""Rooms: what the server needs to know per game beyond :class:`puzzles.game.GameState`.

A room gives the game's room settings (with their choices), builds a new deal, draws what a
seat sees with the pictures of ``reports/`` and names the side actions and the clock. No rule
lives here: every move is checked by the game's rules engine through its ``GameState``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from puzzles.errors import InvalidInputError
from puzzles.game import GameState, game_class
from solver.server.messages import GameInfo, RoomSetting


class Room(ABC):
    """The generic room: settings, seats, engine players, moves through ``GameState``."""

    game: ClassVar[str] = ""
    title: ClassVar[str] = ""
    seat_range: ClassVar[tuple[int, int]] = (2, 2)
    undo: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = True
    layers: ClassVar[tuple[str, ...]] = ()
    settings: ClassVar[tuple[RoomSetting, ...]] = ()

    # ------------------------------------------------------------------ description
    def info(self) -> GameInfo:
        """The game as the start page and ``/api/rooms`` describe it."""
        lo, hi = self.seat_range
        return GameInfo(game=self.game, title=self.title, seats=list(range(lo, hi + 1)),
                        settings=list(self.settings), players=self.players())

    def state_class(self) -> type[GameState[Any]]:
        """The game's state class (from the registry of ``puzzles.game``)."""
        return game_class(self.game)

    def players(self) -> list[str]:
        """The engine players of the game (``solver.play``)."""
        from solver.play.registry import player_names

        return list(player_names(self.game))

    def default_player(self) -> str:
        """The engine player chosen when a seat names none."""
        names = self.players()
        return "greedy" if "greedy" in names else names[0]

    def player_options(self, player: str, move_time: float) -> dict[str, Any]:
        """Options for ``make_player``: the seat's time per move."""
        return {"move_time": move_time}

    def check_settings(self, given: dict[str, Any]) -> dict[str, Any]:
        """The room settings with defaults filled in; InvalidInputError on a bad value."""
        known = {s.name: s for s in self.settings}
        for name in given:
            if name not in known:
                raise InvalidInputError(f"unknown room setting {name!r} for {self.game} "
                                        f"(known: {', '.join(known) or 'none'})")
        out: dict[str, Any] = {}
        for s in self.settings:
            v = given.get(s.name, s.default)
            if s.kind == "bool":
                if not isinstance(v, bool):
                    raise InvalidInputError(f"room setting {s.name}: true or false")
            elif s.kind == "choice":
                if v not in (s.choices or []):
                    raise InvalidInputError(f"room setting {s.name}={v!r}: one of "
                                            f"{', '.join(map(str, s.choices or []))}")
            else:
                if isinstance(v, bool) or not isinstance(v, int | float):
                    raise InvalidInputError(f"room setting {s.name}: a number")
                if s.kind == "int" and v != int(v):
                    raise InvalidInputError(f"room setting {s.name}: a whole number")
                if (s.min is not None and v < s.min) or (s.max is not None and v > s.max):
                    raise InvalidInputError(f"room setting {s.name}={v}: must be "
                                            f"{s.min:g}-{s.max:g}")
                v = int(v) if s.kind == "int" else float(v)
            out[s.name] = v
        return out

    # ------------------------------------------------------------------ the game
    @abstractmethod
    def new_state(self, settings: dict[str, Any], seats: int, seed: int) -> GameState[Any]:
        """A new deal."""

    def from_record(self, text: str) -> GameState[Any]:
        """A game continued from a record (games that support it)."""
        raise InvalidInputError(f"{self.game} games cannot be imported from a record")

    def apply(self, state: GameState[Any], seat: int, text: str, t: float) -> list[str]:
        """Play ``text`` for the seat to move at game time ``t``; the action texts to store."""
        move = state.parse_move(text)
        state.apply(move)
        return [state.move_text(move)]

    def side_action(self, state: GameState[Any], seat: int, action: str,
                    t: float) -> list[str]:
        """Offer/accept a draw or resign; games without them refuse."""
        raise InvalidInputError(f"{self.game} has no {action!r} action", where=None)

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

    # ------------------------------------------------------------------ pictures
    @abstractmethod
    def render(self, state: GameState[Any], seat: int | None,
               shared: dict[str, Any]) -> dict[str, Any]:
        """What ``seat`` sees: the board (SVG from ``reports/``), hand, info and actions.

        ``shared`` memoizes the public parts (the board picture) across the seats of one
        position: drawing is the costly step of a broadcast."""

    def cell_info(self, state: GameState[Any], seat: int | None, cell: str) -> dict[str, Any]:
        """What may go on ``cell``."""
        raise InvalidInputError(f"{self.game}: no cell queries")

    @abstractmethod
    def review(self, state: GameState[Any], ply: int, layers: set[str]) -> dict[str, Any]:
        """The position after ``ply`` actions with the chosen analysis layers."""
