"""The rooms the server offers, by game name."""

from __future__ import annotations

from puzzles.errors import InvalidInputError
from solver.server.room_dominimum import DominimumRoom, DominomegaRoom
from solver.server.room_dominions import DominionsRoom
from solver.server.room_numbridge import NumbridgeRoom
from solver.server.rooms import Room

ROOMS: dict[str, Room] = {r.game: r for r in (NumbridgeRoom(), DominionsRoom(),
                                                DominimumRoom(), DominomegaRoom())}


def room(game: str) -> Room:
    """The room of ``game``; InvalidInputError when the server does not offer it."""
    try:
        return ROOMS[game]
    except KeyError:
        raise InvalidInputError(f"unknown game {game!r} (known: {', '.join(ROOMS)})") from None
