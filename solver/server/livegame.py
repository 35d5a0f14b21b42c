"""A game held by the server (:class:`LiveGame`), its seats and sockets, and the club's rules
around every game.

The game's rules live in its :class:`puzzles.game.GameState`; what the server adds is kept
here: who plays each seat (with the seats' secret tokens), who has joined, the club's clock
(rooms whose rules have none), how the game ended (:mod:`solver.server.outcome`), draw offers,
computer-seat trouble, the rematch, and the ``state`` message each seat receives.

The club's rules:
- **Abort**: any person may abort a game before every seat has made a move; the game ends
  with no result.
- **Resign**: a person resigns for their seat; in a game of two the other seat wins, of three
  or four the others share the win.
- **Draw offer**: in a game where every seat is a person (a computer never agrees), a seat
  offers and every other seat accepts; any move, or a "decline", withdraws it. Numbridge's
  rules have their own offer, accept and resign (``Room.own_actions``).
- **Rematch**: once a game is over each person may ask for one; when every person has, a new
  game starts with the same settings and the seats turned by one, and each seat's message
  carries its own new link.
- **Abandonment**: a live game in which nothing happened for ``abandon_after`` seconds (no
  move, no join, no side action) ends as abandoned, with no result; it no longer counts
  against anybody's limit of live games.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.game import GameState
from solver.server.clock import Clock
from solver.server.messages import seat_kind
from solver.server.outcome import result_line
from solver.server.rooms import Room
from solver.server.storage import GameRow, MoveRow


class RequestError(Exception):
    """A request or message the server refuses; ``rule`` names the game rule when one did."""

    def __init__(self, message: str, rule: str = "", status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.status = status


@dataclass
class Seat:
    """Who plays one seat: ``kind`` is ``"human"`` or ``"computer"`` (a stored ``"engine"``,
    the old name, is read as ``"computer"``). Human seats have a secret ``token`` (in the
    seat's link)."""

    kind: str
    name: str
    player: str = ""
    move_time: float = 1.0
    token: str = ""

    def __post_init__(self) -> None:
        self.kind = seat_kind(self.kind)

    def to_json(self) -> dict[str, Any]:
        """The stored form (with the token: storage is server-side only)."""
        return {"kind": self.kind, "name": self.name, "player": self.player,
                "move_time": self.move_time, "token": self.token}

    def public(self) -> dict[str, Any]:
        """What everybody may know about the seat."""
        out: dict[str, Any] = {"kind": self.kind, "name": self.name, "player": self.player}
        if self.kind == "computer":
            out["move_time"] = self.move_time
        return out


def same_token(a: str, b: str) -> bool:
    """Constant-time comparison of two tokens (any text: compared as UTF-8 bytes)."""
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


class Connection:
    """One websocket of a game: its seat (None for a spectator) and an outgoing queue."""

    def __init__(self, seat: int | None, send: Callable[[dict[str, Any]], Any]) -> None:
        self.seat = seat
        self._send = send
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=256)
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the writer task that sends queued messages in order."""
        self.task = asyncio.create_task(self._writer())

    async def _writer(self) -> None:
        while True:
            msg = await self.queue.get()
            if msg is None:
                return
            try:
                await self._send(msg)
            except Exception:  # the socket went away: the reader side cleans up
                return

    def post(self, msg: dict[str, Any] | None) -> None:
        """Queue a message (a client that stops reading loses its oldest messages)."""
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(msg)

    async def close(self) -> None:
        """Stop the writer."""
        self.post(None)
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, 2)


@dataclass
class LiveGame:
    """A game held by the server."""

    id: str
    room: Room
    state: GameState[Any]
    seats: list[Seat]
    settings: dict[str, Any]
    started: float | None
    status: str = "live"
    result: str = ""
    moves: list[MoveRow] = field(default_factory=list)
    client: str = ""
    created: float = 0.0
    joined: set[int] = field(default_factory=set)
    undos: int = 0  # takebacks so far: a client accepts an older position only after one
    clock: Clock | None = None  # the club's clock (None: the rules keep their own, or none)
    outcome: dict[str, Any] | None = None
    offers: set[int] = field(default_factory=set)  # seats offering a draw (club draw offers)
    seed: int | None = None  # the deal's seed, shown only when the one person chose it
    last: float = 0.0  # server time of the last action (the abandonment rule)
    rematch: dict[str, Any] = field(default_factory=dict)  # {"wanted": [...], "id": ...}
    trouble: dict[int, str] = field(default_factory=dict)  # computer seats that failed
    rev: int = 0  # revision: grows with every change the pages must show
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    timer: asyncio.Task[None] | None = None
    thinking: asyncio.Task[None] | None = None  # a computer seat's move being searched
    _cache: dict[tuple[int, int | None], dict[str, Any]] = field(default_factory=dict)
    _shared: dict[str, Any] = field(default_factory=dict)
    drawing: int = -1  # the revision whose pictures are being drawn for the sockets

    @property
    def seq(self) -> int:
        """The number of stored actions (moves, side actions, clock events)."""
        return len(self.moves)

    @property
    def names(self) -> list[str]:
        """The seats' names."""
        return [s.name for s in self.seats]

    def humans(self) -> set[int]:
        """The seats people play."""
        return {i for i, s in enumerate(self.seats) if s.kind == "human"}

    def now(self) -> float:
        """Seconds of game time since the game started (server clock); 0 until every human
        seat has opened its link once (the clock starts then)."""
        return 0.0 if self.started is None else time.time() - self.started

    def waiting(self) -> list[int]:
        """The people's seats whose link was not opened yet (nobody moves before they are)."""
        return sorted(self.humans() - self.joined) if self.started is None else []

    def movers(self) -> set[int]:
        """The seats that have made a move."""
        return {m.seat for m in self.moves if m.seat >= 0}

    def clock_doc(self) -> dict[str, Any]:
        """The stored clock document: start, joined seats, takebacks and the club's state."""
        return {"started": self.started, "joined": sorted(self.joined), "undos": self.undos,
                "club": None if self.clock is None else self.clock.to_json(),
                "outcome": self.outcome, "offers": sorted(self.offers), "seed": self.seed,
                "last": self.last, "rematch": self.rematch}

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token`` (None: a spectator)."""
        if not token:
            return None
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.token and same_token(s.token, token):
                return i
        raise RequestError("unknown seat token for this game", status=403)

    def against_computer(self) -> bool:
        """True when exactly one seat is a person."""
        return len(self.humans()) == 1

    def can_undo(self) -> bool:
        """Takebacks: one person against computers in a game of perfect information only (in
        a game with hidden information a takeback would let the person see the same draw and
        the computers' same replies again)."""
        return self.room.undo and self.room.perfect_information and self.against_computer()

    def clock_view(self) -> dict[str, Any] | None:
        """The clock display of the room's rules, or of the club's clock."""
        running = self.started is not None and self.status == "live"
        if self.clock is not None:
            return self.clock.view(self.now(), running)
        view = self.room.clock(self.state, self.now())
        if view is not None:
            view["running"] = running
        return view

    def message(self, seat: int | None, drawn: dict[str, Any] | None = None
                ) -> dict[str, Any]:
        """The ``state`` message for ``seat``, cached per revision; ``drawn`` is the room's
        rendering when it was made elsewhere (the drawing workers)."""
        key = (self.rev, seat)
        msg = self._cache.get(key)
        if msg is None:
            if len(self._cache) > 64:
                self._cache.clear()
            if drawn is None:
                drawn = self.room.render(self.state, seat, self._shared_for(self.seq))
            msg = {
                "type": "state", "id": self.id, "game": self.room.game.name, "seat": seat,
                "ply": self.seq, "rev": self.rev, "undos": self.undos, "status": self.status,
                "result": self.result, "outcome": self.outcome,
                "to_move": self.state.to_move(),
                "seats": [s.public() for s in self.seats],
                "moves": [m.text for m in self.moves],
                "settings": self.settings,
                "undo": self.can_undo(),
                "waiting": self.waiting(),
                **drawn,
                **seat_extras(self, seat, drawn),
            }
            self._cache[key] = msg
        return {**msg, "clock": self.clock_view()}

    def snapshot(self) -> LiveGame:
        """A copy of the game as it stands (the state cloned) for drawing it elsewhere."""
        return dataclasses.replace(self, state=self.state.clone(), moves=list(self.moves),
                                   seats=list(self.seats), joined=set(self.joined),
                                   offers=set(self.offers), trouble=dict(self.trouble),
                                   conns=set(), timer=None, thinking=None, _cache={},
                                   _shared={})

    def _shared_for(self, seq: int) -> dict[str, Any]:
        """The memo of the public pictures of position ``seq`` (kept for the newest only)."""
        if self._shared.get("seq") != seq:
            self._shared = {"seq": seq}
        return self._shared

    def end(self, outcome: dict[str, Any]) -> None:
        """The game is over: its outcome and the line that names the winners."""
        self.status, self.outcome = "over", outcome
        self.result = result_line(outcome, self.names)
        if self.clock is not None:
            self.clock.turn(self.now(), -1)
        self.offers.clear()

    def row(self) -> GameRow:
        """The stored form of the game (without moves)."""
        return GameRow(self.id, self.room.game.name, self.settings,
                       [s.to_json() for s in self.seats], self.state_doc(),
                       self.clock_doc(), self.status, self.result, self.created,
                       time.time(), self.client)

    def state_doc(self) -> dict[str, Any]:
        """The full state for storage (hidden parts included)."""
        return self.state.to_json()


#: Seconds without any action after which a live game is abandoned (``--abandon-after``).
ABANDON_AFTER = 900.0


def can_abort(g: LiveGame) -> bool:
    """True while some seat has not made a move yet."""
    return g.status == "live" and len(g.movers()) < len(g.seats)


def draw_possible(g: LiveGame) -> bool:
    """A club draw offer: two or more seats, all played by people."""
    return len(g.seats) >= 2 and len(g.humans()) == len(g.seats)


def actions(g: LiveGame, seat: int | None) -> list[str]:
    """The club's buttons for ``seat`` (beside the room's own)."""
    if seat is None or seat not in g.humans():
        return []
    if g.status != "live":
        return [] if g.rematch.get("id") or seat in g.rematch.get("wanted", []) else ["rematch"]
    out = []
    if can_abort(g):
        out.append("abort")
    if g.waiting():
        return out
    own = g.room.own_actions
    if "resign" not in own and len(g.seats) >= 2:
        out.append("resign")
    if "offer" not in own and draw_possible(g):
        if g.offers - {seat} and seat not in g.offers:
            out += ["accept", "decline"]
        elif seat not in g.offers:
            out.append("offer")
    return out


def seat_extras(g: LiveGame, seat: int | None, drawn: dict[str, Any]) -> dict[str, Any]:
    """What the club adds to a seat's ``state`` message."""
    own = [a for a in drawn.get("actions", []) if g.status == "live"]
    out: dict[str, Any] = {
        "actions": [*own, *(a for a in actions(g, seat) if a not in own)],
        "offers": sorted(g.offers),
        "trouble": [{"seat": s, "message": m} for s, m in sorted(g.trouble.items())],
        "rematch": {"wanted": sorted(g.rematch.get("wanted", [])),
                    "id": g.rematch.get("id")},
        "seed": g.seed,
    }
    if g.status != "live" and g.result:
        out["status_line"] = f"game over: {g.result}"
    token = g.rematch.get("tokens", {}).get(str(seat)) if seat is not None else None
    if token:
        out["rematch"]["link"] = f"/play/{g.rematch['id']}?token={token}"
    return out
