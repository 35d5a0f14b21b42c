"""The one game interface that Dominions, Dominimum/Dominomega and Numbridge implement.

Players, self-play, tournaments, the ladder, game review and the web server are written once
against :class:`GameState` (in the manner of OpenSpiel's ``State``), never per game.

Seats are numbered ``0 .. num_seats - 1`` in the order they move first. A move is a value of
the game's own move type; :meth:`GameState.move_text` and :meth:`GameState.parse_move` turn it
into the game's record notation and back, and that text is what crosses process and network
boundaries.

Hidden information: :meth:`GameState.view` is what one seat (or a spectator, ``seat=None``)
may see, and :meth:`GameState.determinize` redraws everything that seat cannot see. A player
that decides from ``determinize(seat, rng)`` and ``view(seat)`` alone can never use another
seat's hand, mission or the bag order.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

from puzzles.errors import IllegalMoveError, InvalidInputError

MoveT = TypeVar("MoveT")


class GameState(ABC, Generic[MoveT]):
    """A position of a game with its history: who moves, what is legal, what it is worth.

    Subclasses set :attr:`game` (the game's name, as in ``solver play GAME``) and implement
    the abstract methods. ``apply`` raises :class:`puzzles.errors.IllegalMoveError` naming the
    broken rule; ``parse_move`` raises :class:`puzzles.errors.InvalidMoveError` for text that
    is not a move at all.
    """

    game: ClassVar[str]

    # -- who and what ---------------------------------------------------------------------
    @property
    @abstractmethod
    def num_seats(self) -> int:
        """The number of seats (players) of this game."""

    @abstractmethod
    def to_move(self) -> int:
        """The seat to move, or ``-1`` when the game is over."""

    @abstractmethod
    def legal_moves(self) -> Iterator[MoveT]:
        """The legal moves of the seat to move, lazily; none when the game is over."""

    # -- changing the position --------------------------------------------------------------
    @abstractmethod
    def apply(self, move: MoveT) -> None:
        """Play ``move`` for the seat to move; raise ``IllegalMoveError`` naming the rule."""

    @abstractmethod
    def undo(self) -> MoveT:
        """Take back the last move and return it; raise ``InvalidInputError`` at the start."""

    @abstractmethod
    def clone(self) -> GameState[MoveT]:
        """An independent copy (history included)."""

    # -- the end ----------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool:
        """True when no seat can move any more."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat: 1 for a win, 0 for a loss, 0.5 for a draw (shared among tied
        seats in games of more than two), meaningful once :meth:`is_over`."""

    @abstractmethod
    def result_text(self) -> str:
        """A short human-readable result (``"W+3"``, ``"1-0"``, ``"draw"``) or ``""``."""

    # -- notation ---------------------------------------------------------------------------
    @abstractmethod
    def move_text(self, move: MoveT) -> str:
        """The move in the game's record notation."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """The move named by ``text`` in the position; ``InvalidMoveError`` when malformed."""

    @abstractmethod
    def history(self) -> list[MoveT]:
        """The moves played so far, first to last."""

    @abstractmethod
    def record_text(self) -> str:
        """The whole game in the game's record format (readable by its record parser)."""

    # -- information ------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready picture of the position as ``seat`` may see it (``None``: a spectator,
        public information only). It never holds what that seat cannot see."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> GameState[MoveT]:
        """A copy in which everything ``seat`` cannot see is redrawn at random, consistent
        with what it has seen. Games of perfect information return :meth:`clone`."""

    # -- persistence ------------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state (hidden parts included, for the server's storage): settings, seed
        and moves, enough for :meth:`from_json` to rebuild it exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls, doc: dict[str, Any]) -> GameState[MoveT]:
        """Rebuild a state written by :meth:`to_json`; ``InvalidInputError`` when malformed."""

    # -- helpers every game gets ------------------------------------------------------------
    def legal_move_list(self) -> list[MoveT]:
        """The legal moves as a list."""
        return list(self.legal_moves())

    def apply_text(self, text: str) -> MoveT:
        """Parse ``text``, play it and return the move."""
        move = self.parse_move(text)
        self.apply(move)
        return move


def located(exc: InvalidInputError, where: str) -> InvalidInputError:
    """The same error (class, message and broken rule) placed at ``where``."""
    if isinstance(exc, IllegalMoveError):
        return IllegalMoveError(exc.message, rule=exc.rule, where=where)
    return type(exc)(exc.message, where=where)


_REGISTRY: dict[str, type[GameState[Any]]] = {}


def register(cls: type[GameState[Any]]) -> type[GameState[Any]]:
    """Class decorator: make a game known by its :attr:`GameState.game` name."""
    _REGISTRY[cls.game] = cls
    return cls


def game_class(name: str) -> type[GameState[Any]]:
    """The state class of the game called ``name``; ``InvalidInputError`` if unknown."""
    _load_builtin_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise InvalidInputError(f"unknown game {name!r} (known: {known})") from None


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    _load_builtin_games()
    return sorted(_REGISTRY)


def _load_builtin_games() -> None:
    """Import the game packages so that their states register themselves."""
    import importlib

    for module in ("puzzles.dominions.state", "puzzles.dominimum.state",
                   "puzzles.numbridge.state"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a game whose adapter is not written yet
            if exc.name != module:
                raise
