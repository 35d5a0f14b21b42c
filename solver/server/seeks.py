"""Open seeks of the lobby: a person offers a game (game, settings, seats, time control) and
anyone may accept a seat; when every person's seat is taken, the game starts.

Each person's seat gets its secret token when the seek is made (the seeker's) or accepted, so
the seat's link is known at once and works as soon as the game exists. Seeks live in the
server's memory (a restart forgets the open ones, never a started game), expire with the
abandonment time, and count against the client's limit of live games.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from solver.server.livegame import RequestError, same_token
from solver.server.rooms import Room

#: Open seeks the whole server keeps at most.
MAX_SEEKS = 200


@dataclass
class Seek:
    """One open seek."""

    id: str
    room: Room
    settings: dict[str, Any]
    seats: list[dict[str, Any]]
    clock: dict[str, float] | None
    client: str
    created: float
    names: dict[int, str] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)
    game_id: str | None = None
    seeker: int = 0

    def open_seats(self) -> list[int]:
        """The people's seats nobody took yet."""
        return [i for i, s in enumerate(self.seats)
                if s.get("kind", "human") == "human" and i not in self.names]

    def seat_of(self, token: str) -> int | None:
        """The seat of ``token`` in this seek, or None."""
        for i, t in self.tokens.items():
            if token and same_token(t, token):
                return i
        return None

    def public(self) -> dict[str, Any]:
        """What the lobby shows (no tokens)."""
        return {"id": self.id, "game": self.room.game.name, "title": self.room.game.title,
                "settings": self.settings, "clock": self.clock, "created": self.created,
                "seats": [{"kind": s.get("kind", "human"), "name": self.names.get(i),
                           "player": s.get("player", "")} for i, s in enumerate(self.seats)],
                "open": len(self.open_seats()),
                "status": "started" if self.game_id else "open", "game_id": self.game_id}


class SeekBook:
    """The open seeks of one server."""

    def __init__(self, max_per_client: int, expire_after: float) -> None:
        self.seeks: dict[str, Seek] = {}
        self.max_per_client = max_per_client
        self.expire_after = expire_after

    def expire(self, now: float | None = None) -> None:
        """Forget seeks older than the abandonment time (started ones a while later)."""
        now = time.time() if now is None else now
        for k, s in list(self.seeks.items()):
            if now - s.created > self.expire_after * (4 if s.game_id else 1):
                del self.seeks[k]

    def open(self) -> list[Seek]:
        """The seeks with an open seat, newest first."""
        self.expire()
        return sorted((s for s in self.seeks.values() if not s.game_id),
                      key=lambda s: -s.created)

    def add(self, r: Room, settings: dict[str, Any], seats: list[dict[str, Any]],
            clock: dict[str, float] | None, me: int, name: str, client: str) -> Seek:
        """A new seek; ``me`` is the seeker's seat (a person's)."""
        self.expire()
        mine = sum(1 for s in self.seeks.values() if s.client == client and not s.game_id)
        if client and mine >= self.max_per_client:
            raise RequestError(f"too many open seeks from this client ({mine})", status=429)
        if len(self.seeks) >= MAX_SEEKS:
            raise RequestError("the lobby is full; try again later", status=429)
        if not 0 <= me < len(seats) or seats[me].get("kind", "human") != "human":
            raise RequestError(f"seat {me + 1} is not a person's seat: choose yours among "
                               "the people's seats")
        if sum(1 for s in seats if s.get("kind", "human") == "human") < 2:
            raise RequestError("a seek needs a seat for someone else (for a game against "
                               "the computer, create it directly)")
        s = Seek(secrets.token_urlsafe(9), r, settings, seats, clock, client, time.time(),
                 seeker=me)
        s.names[me] = name or f"Player {me + 1}"
        s.tokens[me] = secrets.token_urlsafe(18)
        self.seeks[s.id] = s
        return s

    def get(self, seek_id: str) -> Seek:
        """The seek ``seek_id`` (404 when unknown or expired)."""
        self.expire()
        s = self.seeks.get(seek_id)
        if s is None:
            raise RequestError("no such seek (taken back, expired or never made)", status=404)
        return s

    def take(self, s: Seek, name: str) -> tuple[int, str]:
        """Give the next open seat of ``s`` to ``name``: the seat and its token."""
        free = s.open_seats()
        if s.game_id or not free:
            raise RequestError("every seat of this seek is taken", "taken", status=409)
        seat = free[0]
        s.names[seat] = name or f"Player {seat + 1}"
        s.tokens[seat] = secrets.token_urlsafe(18)
        return seat, s.tokens[seat]

    def cancel(self, s: Seek, token: str) -> None:
        """The seeker takes the seek back (before it started)."""
        if s.game_id:
            raise RequestError("the game has started", "taken", status=409)
        if not same_token(s.tokens[s.seeker], token):
            raise RequestError("only the seeker may take the seek back", status=403)
        del self.seeks[s.id]

    def game_seats(self, s: Seek) -> list[dict[str, Any]]:
        """The seats of the game the seek becomes (with the people's names)."""
        return [{**spec, "name": s.names.get(i, spec.get("name", ""))}
                for i, spec in enumerate(s.seats)]
