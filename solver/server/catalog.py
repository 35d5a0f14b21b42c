"""The rooms the server offers, by game name: every ``solver/server/room_*.py`` module lists
its room classes in ``ROOMS``, and each room is handed its game object from the registry of
:mod:`solver.games` (adding a game's room is adding its module)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from puzzles.errors import InvalidInputError
from solver.games import get_game
from solver.server.rooms import Room


def _rooms() -> dict[str, Room]:
    """One room per game that has a room module, in the order of the games' names."""
    found: dict[str, Room] = {}
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if info.name.startswith("room_"):
            module = importlib.import_module(f"solver.server.{info.name}")
            for cls in module.ROOMS:
                found[cls.game_name] = cls(get_game(cls.game_name))
    return dict(sorted(found.items()))


ROOMS: dict[str, Room] = _rooms()


def add_room(r: Room) -> None:
    """Offer one more room (a test's own game)."""
    ROOMS[r.game.name] = r


def room(game: str) -> Room:
    """The room of ``game``; InvalidInputError when the server does not offer it."""
    try:
        return ROOMS[game]
    except KeyError:
        raise InvalidInputError(f"unknown game {game!r} (known: {', '.join(ROOMS)})") from None
