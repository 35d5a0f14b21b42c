"""The one game interface: :class:`GameDef` (a game) beside :class:`GameState` (a position).

Players, self-play, tournaments, the ladder, game review and the web server are written once
against these two classes (in the manner of OpenSpiel's ``Game`` and ``State``), never per
game: they are handed a :class:`GameDef` object, never a game's name. A game's name is looked
up once, at the edge (the command line, a stored server game), in the registry of
:mod:`solver.games`.

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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from puzzles.errors import IllegalMoveError, InvalidInputError

MoveT = TypeVar("MoveT")


class GameState(ABC, Generic[MoveT]):
    """A position of a game with its history: who moves, what is legal, what it is worth.

    Subclasses set :attr:`game` (the name of their :class:`GameDef`) and implement
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


# ---------------------------------------------------------------------------------- settings
@dataclass(frozen=True)
class Setting:
    """One setting of a game (a board size, a rule variant, a clock limit): its name, the
    label a form shows, its kind (``int``, ``float``, ``bool`` or ``choice``), its default
    and its allowed values. ``clock`` marks a clock limit (0 is no limit): matches of computer
    players play without a clock."""

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    clock: bool = False

    def check(self, value: Any) -> Any:
        """``value`` as this setting holds it; InvalidInputError naming the setting."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidInputError(f"setting {self.name}: true or false")
            return value
        if self.kind == "choice":
            if value not in (self.choices or ()):
                raise InvalidInputError(f"setting {self.name}={value!r}: one of "
                                        f"{', '.join(map(str, self.choices or ()))}")
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidInputError(f"setting {self.name}: a number")
        if self.kind == "int" and value != int(value):
            raise InvalidInputError(f"setting {self.name}: a whole number")
        if (self.min is not None and value < self.min) or \
                (self.max is not None and value > self.max):
            raise InvalidInputError(f"setting {self.name}={value}: must be "
                                    f"{self.min:g}-{self.max:g}")
        return int(value) if self.kind == "int" else float(value)

    def to_json(self) -> dict[str, Any]:
        """``{"name", "label", "kind", "default", "choices", "min", "max"}`` (a form's field)."""
        return {"name": self.name, "label": self.label, "kind": self.kind,
                "default": self.default,
                "choices": None if self.choices is None else list(self.choices),
                "min": self.min, "max": self.max}


# ----------------------------------------------------------------------------------- players
@dataclass
class PlayerOptions:
    """What every player may be given: its seed and its budgets per move.

    ``move_time`` is wall-clock seconds of thinking per move (``time.monotonic``: what a
    player waits at the server or the command line; on a loaded machine a move gets less
    work); ``max_nodes`` a node budget per move (the reproducible budget: the same seed and
    node budget give the same moves on any machine). ``deadline`` is a wall-clock moment (a
    ``time.monotonic()`` value) by which the move must be chosen (the server's computer seats,
    whose turn may begin before the player starts): a time-budgeted player stops at the first
    of the two with its best move so far.
    """

    seed: int = 1
    move_time: float | None = None
    max_nodes: int | None = None
    deadline: float | None = None


class Player(Protocol):
    """The one player interface of every game: a legal move for the seat to move.

    A player must decide from what that seat may know (a :meth:`GameState.determinize`
    sample and :meth:`GameState.view`), never from another seat's hand, mission or the bag.
    ``solver.play.base.BasePlayer`` implements the helpers.
    """

    name: str

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        """A legal move for ``state.to_move()``; ``state`` is left as it was found."""

    def stats(self) -> dict[str, int] | None:
        """Counters the player keeps over a game (e.g. endgame solver moves), or None."""

    def describe(self) -> str:
        """The name with its budgets, for tables and records (``search(nodes=600)``)."""


#: Makes a player from its options (the entries of :meth:`GameDef.players`).
PlayerFactory = Callable[[PlayerOptions], Player]


# ------------------------------------------------------------------------------------- games
class GameDef(ABC):
    """A game: its name, seats and settings, how to deal a new state, how to read and write
    its records, and (from its ``solver/<game>/gamedef.py`` side) its players, its search
    knowledge and its pictures.

    The rules-level part of each game is a subclass in ``puzzles/<game>/gamedef.py``; the
    solver-level part subclasses that in ``solver/<game>/gamedef.py`` and overrides the
    hooks :meth:`players`, :meth:`knowledge` and :meth:`picture` (this floor may not import
    the floors above it). One object per game lives in the registry of :mod:`solver.games`.
    """

    #: The game's name (``solver ladder NAME``, stored games, record documents).
    name: ClassVar[str]
    #: The name people read (``Nine Men's Morris``).
    title: ClassVar[str]
    #: The smallest and largest number of seats.
    seat_range: ClassVar[tuple[int, int]] = (2, 2)
    #: The settings of a new game (one schema for the command line, matches and the server).
    schema: ClassVar[tuple[Setting, ...]] = ()
    #: True when no seat ever has information another lacks.
    perfect_information: ClassVar[bool] = True
    #: The class of the game's positions.
    state_class: ClassVar[type[GameState[Any]]]
    #: True when :meth:`picture` marks the moves it is given (the cells of a played and a
    #: best move).
    highlights_moves: ClassVar[bool] = False
    #: The computer player a seat gets when it names none (the server's seats and the new-game
    #: form): the strongest one measured in ``docs/players.md``; empty for the first of
    #: :meth:`player_names`.
    default_player: ClassVar[str] = ""

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    # -- seats and settings -------------------------------------------------------------
    @property
    def default_seats(self) -> int:
        """The seats of a game when none are asked for (the fewest)."""
        return self.seat_range[0]

    def seats(self, requested: int | None = None) -> int:
        """The seats of a new game: ``requested`` checked against :attr:`seat_range` (a game
        of one seat count always has that count); the default when None."""
        lo, hi = self.seat_range
        if requested is None or lo == hi:
            return self.default_seats if requested is None else lo
        if not lo <= requested <= hi:
            raise InvalidInputError(f"{self.name} is for {lo}-{hi} seats, not {requested}")
        return requested

    def settings(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The settings with defaults filled in; InvalidInputError naming an unknown or bad
        setting. Every setting of :attr:`schema` is in the answer, in schema order."""
        given = dict(given or {})
        known = {s.name: s for s in self.schema}
        for name in given:
            if name not in known:
                raise InvalidInputError(f"unknown setting {name!r} for {self.name} "
                                        f"(known: {', '.join(known) or 'none'})")
        return {s.name: s.check(given.get(s.name, s.default)) for s in self.schema}

    def untimed(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """``settings`` with every clock limit off (matches of computer players play without a
        clock)."""
        clocks = {s.name for s in self.schema if s.clock}
        return {k: 0 if k in clocks else v for k, v in settings.items()}

    # -- states ---------------------------------------------------------------------------
    def new_state(self, settings: Mapping[str, Any] | None, seed: int | random.Random,
                  seats: int | None = None) -> GameState[Any]:
        """A new game with ``settings`` (checked, defaults filled in) for ``seats`` seats,
        its deal drawn from ``seed`` (or from a seed drawn from a ``random.Random``)."""
        if isinstance(seed, random.Random):
            seed = seed.randrange(2**31)
        return self.deal(self.settings(settings), seed, self.seats(seats))

    @abstractmethod
    def deal(self, settings: dict[str, Any], seed: int, seats: int) -> GameState[Any]:
        """A new game from checked settings (see :meth:`new_state`)."""

    def state_from_json(self, doc: dict[str, Any]) -> GameState[Any]:
        """A state written by :meth:`GameState.to_json`."""
        return self.state_class.from_json(doc)

    # -- records --------------------------------------------------------------------------
    def sniff(self, text: str) -> int:
        """How surely ``text`` is a record of this game: 2 surely (its format's signature),
        1 perhaps (a format without a signature reads what nobody else claims), 0 not."""
        return 0

    @abstractmethod
    def read_record(self, text: str) -> tuple[GameState[Any], list[Any]]:
        """The starting state of a record and the moves it plays (checked: ``ParseError``
        or ``IllegalMoveError`` name the first bad one)."""

    def write_record(self, state: GameState[Any]) -> str:
        """The record of ``state`` (readable by :meth:`read_record`)."""
        return state.record_text()

    def state_from_record(self, text: str) -> GameState[Any]:
        """The position at the end of a record."""
        state, moves = self.read_record(text)
        for move in moves:
            state.apply(move)
        return state

    # -- players, search knowledge, pictures (the solver side's hooks) ----------------------
    def players(self) -> Mapping[str, PlayerFactory]:
        """The game's players by name (the solver side of the game fills this in)."""
        return {}

    def player_names(self) -> list[str]:
        """The names of the game's players, sorted."""
        return sorted(self.players())

    def check_players(self, names: list[str]) -> None:
        """InvalidInputError naming the first name that is not a player of this game."""
        known = self.player_names()
        for name in names:
            if name not in known:
                raise InvalidInputError(f"unknown player {name!r} for {self.name} "
                                        f"(known: {', '.join(known)})")

    def make_player(self, name: str, *, seed: int = 1, move_time: float | None = None,
                    max_nodes: int | None = None, deadline: float | None = None) -> Player:
        """The player ``name`` with its seed and budgets per move (``deadline``: see
        :class:`PlayerOptions`); InvalidInputError (listing the known players) for an unknown
        name."""
        self.check_players([name])
        return self.players()[name](PlayerOptions(seed, move_time, max_nodes, deadline))

    def knowledge(self) -> Any:
        """What the game tells the Monte-Carlo tree search (a ``solver.play.mcts.Knowledge``),
        or None for the search's game-free defaults."""
        return None

    def picture(self, state: GameState[Any], title: str = "", moves: tuple[str, ...] = ()
                ) -> str:
        """An SVG picture of ``state`` (``moves``: move texts to mark, when the game's pictures
        can, see :attr:`highlights_moves`)."""
        raise InvalidInputError(f"{self.title} has no pictures")
