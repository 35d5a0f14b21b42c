"""The messages of the HTTP API and the websocket, as pydantic models (validated on arrival).

Client -> server on ``/ws/{game_id}?token=...`` (one JSON object per text frame, at most
:data:`MAX_MESSAGE_BYTES`):

- ``{"type": "move", "move": "W[P63i9]", "ply": 0}``: play a move for the socket's seat;
  ``ply`` is the number of moves the client has seen (a stale or repeated move is refused).
- ``{"type": "action", "action": "offer" | "accept" | "resign"}``: side actions (draw offer
  and accept, resign: in the games whose rooms have them).
- ``{"type": "undo"}``: take back the last own move (only in games against the computer).
- ``{"type": "cell", "cell": "i9"}``: what may go on a cell (e.g. each piece of the hand,
  legal or the rule that refuses it).
- ``{"type": "ping"}``.

Server -> client: ``moved`` (a short notice of an accepted action: ``ply``, ``seat``, ``move``,
sent before the new position), ``state`` (the seat's view, which the browser draws the board
from; clock, moves), ``cell`` (the answer to a cell query), ``error``
(``{"type": "error", "message": ..., "rule": ...}``), ``pong``.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, TypeAdapter

MAX_MESSAGE_BYTES = 4096
MAX_NAME = 40


def _text(value: str) -> str:
    """Refuse text that is not valid Unicode (a lone surrogate such as ``"\\ud800"``)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (no lone surrogates)") from None
    return value


def _plain(value: Any) -> Any:
    """Refuse settings values that are not plain JSON scalars of valid text."""
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("numbers must be finite")
    return value


#: Text of a message or body (valid Unicode).
Text = Annotated[str, AfterValidator(_text)]
#: A setting's value: a finite number, a bool or valid text.
SettingValue = Annotated[StrictInt | bool | Annotated[float, Field(allow_inf_nan=False)] | Text,
                         AfterValidator(_plain)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class MoveMessage(_Strict):
    """Play a move for this socket's seat."""

    type: Literal["move"]
    move: Annotated[Text, Field(min_length=1, max_length=200)]
    ply: Annotated[StrictInt, Field(ge=0, le=100000)]


class ActionMessage(_Strict):
    """A side action: offer, accept or decline a draw, resign, abort, ask for a rematch."""

    type: Literal["action"]
    action: Literal["offer", "accept", "decline", "resign", "abort", "rematch"]


class ComputerMessage(_Strict):
    """Give a computer seat to another computer player (e.g. after its player failed).
    ``"engine"``, the type's old name, is still accepted."""

    type: Literal["computer", "engine"]
    seat: Annotated[StrictInt, Field(ge=0, le=3)]
    player: Annotated[Text, Field(min_length=1, max_length=40)]
    move_time: Annotated[float, Field(ge=0.05, le=60.0)] = 1.0


class UndoMessage(_Strict):
    """Take back the last own move (games against the computer only)."""

    type: Literal["undo"]


class CellMessage(_Strict):
    """Ask what may be placed on a cell."""

    type: Literal["cell"]
    cell: Annotated[Text, Field(min_length=1, max_length=12)]


class PingMessage(_Strict):
    """Keep-alive."""

    type: Literal["ping"]


ClientMessage = Annotated[MoveMessage | ActionMessage | UndoMessage | CellMessage | PingMessage
                          | ComputerMessage, Field(discriminator="type")]
client_message: TypeAdapter[Any] = TypeAdapter(ClientMessage)


# ------------------------------------------------------------------------------ HTTP bodies
def seat_kind(kind: str) -> str:
    """A seat's kind in today's words: ``"engine"`` (the old name) is ``"computer"``."""
    return "computer" if kind == "engine" else kind


class SeatSpec(_Strict):
    """Who plays a seat: a person (who joins by the seat's link) or a computer player.
    ``"engine"``, the computer kind's old name, is read as ``"computer"``."""

    kind: Annotated[Literal["human", "computer", "engine"], AfterValidator(seat_kind)] = "human"
    name: Annotated[Text, Field(max_length=MAX_NAME)] = ""
    player: Annotated[Text, Field(max_length=40)] = ""
    move_time: Annotated[float, Field(ge=0.05, le=60.0)] = 1.0


class TimeControl(_Strict):
    """The clock: seconds per move and seconds per game for each seat (0: no limit)."""

    move: Annotated[float, Field(ge=0, le=3600)] = 45.0
    game: Annotated[float, Field(ge=0, le=86400)] = 1200.0


class CreateGame(_Strict):
    """A new game: the game, its room settings, one entry per seat, the clock and the deal's
    seed (only when one person plays: a game between people is dealt from a secret source)."""

    game: Annotated[Text, Field(max_length=32)]
    settings: Annotated[dict[Annotated[Text, Field(max_length=40)], SettingValue],
                        Field(max_length=32)] = Field(default_factory=dict)
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=4)]
    clock: TimeControl | None = None
    seed: Annotated[StrictInt, Field(ge=0, le=2**31 - 1)] | None = None


class ImportRecord(_Strict):
    """A game continued from a record (rooms that allow it, e.g. ``W[P63i9];B[...]``)."""

    game: Annotated[Text, Field(max_length=32)]
    record: Annotated[Text, Field(min_length=1, max_length=20000)]
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=2)]


class SeatLink(BaseModel):
    """One seat of a created game: its secret link and token (human seats only) and who
    plays it."""

    seat: int
    kind: str
    name: str
    link: str | None = None
    token: str | None = None


class Created(BaseModel):
    """The answer to a new game: its id, the seat links and the spectator link."""

    id: str
    seats: list[SeatLink]
    watch: str


class GameSummary(BaseModel):
    """A game in the list of games (public information only)."""

    id: str
    game: str
    status: str
    result: str
    moves: int
    seats: list[str]
    created: float
    watch: str
    review: str | None = None


class RoomSetting(BaseModel):
    """One room setting of a game: its name, kind, default and choices."""

    name: str
    label: str
    kind: Literal["int", "float", "bool", "choice"]
    default: Any
    choices: list[Any] | None = None
    min: float | None = None
    max: float | None = None


class GameInfo(BaseModel):
    """A game the server offers: its seat range, room settings and computer players."""

    game: str
    title: str
    seats: list[int]
    settings: list[RoomSetting]
    players: list[str]
    default_player: str = ""  # the player a computer seat gets when it names none
    own_clock: bool = False  # the rules keep their own clock (its limits are settings)
    perfect_information: bool = True


class ReviewStep(BaseModel):
    """One position of a game at move ``ply``: the public view the browser draws the board
    from, the analysis layers as marks (cell names) and the facts beside the board."""

    ply: int
    moves: int
    view: dict[str, Any]
    marks: dict[str, Any]
    info: dict[str, Any]


class ErrorBody(BaseModel):
    """An error answer."""

    detail: str


# ------------------------------------------------------------------------------ the club
class SeekBody(_Strict):
    """An open seek: a game for the lobby. ``me`` is the seeker's seat; the other people's
    seats are for whoever accepts; computer seats are played by the computer."""

    game: Annotated[Text, Field(max_length=32)]
    settings: Annotated[dict[Annotated[Text, Field(max_length=40)], SettingValue],
                        Field(max_length=32)] = Field(default_factory=dict)
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=4)]
    clock: TimeControl | None = None
    me: Annotated[StrictInt, Field(ge=0, le=3)] = 0
    name: Annotated[Text, Field(max_length=MAX_NAME)] = ""


class AcceptSeek(_Strict):
    """Take a seat of an open seek."""

    name: Annotated[Text, Field(max_length=MAX_NAME)] = ""


class SeekSeat(BaseModel):
    """The answer to a seek made or accepted: your seat, its secret token and, once the game
    has started, its link."""

    id: str
    seat: int
    token: str
    status: str
    game_id: str | None = None
    link: str | None = None


class SeatAction(_Strict):
    """A side action by the seat whose token is given (as the websocket's ``action``)."""

    token: Annotated[Text, Field(min_length=1, max_length=64)]
    action: Literal["offer", "accept", "decline", "resign", "abort", "rematch"]


class SeatMove(_Strict):
    """A move by the seat whose token is given (as the websocket's ``move``)."""

    token: Annotated[Text, Field(min_length=1, max_length=64)]
    move: Annotated[Text, Field(min_length=1, max_length=200)]
    ply: Annotated[StrictInt, Field(ge=0, le=100000)]


class SeatComputer(_Strict):
    """Give a computer seat to another computer player (asked by a person of the game)."""

    token: Annotated[Text, Field(min_length=1, max_length=64)]
    seat: Annotated[StrictInt, Field(ge=0, le=3)]
    player: Annotated[Text, Field(min_length=1, max_length=40)]
    move_time: Annotated[float, Field(ge=0.05, le=60.0)] = 1.0


class AnalysisRequest(_Strict):
    """Start a stored review: search iterations per move."""

    nodes: Annotated[StrictInt, Field(ge=20, le=2000)] = 200
