"""The registry of games: one line per game, each game found by its name once, at the edge
(the command line, the server's stored games, regression files).

Everything behind the edge is handed the :class:`puzzles.game.GameDef` object itself. Entries
are ``"module:attribute"`` paths imported on first use, so listing the names costs nothing.

Examples
--------
>>> game_names()
['dominimum', 'dominions', 'dominomega', 'numbridge']
>>> get_game("dominions").title
'Dominions'
"""

from __future__ import annotations

import importlib

from puzzles.errors import InvalidInputError, ParseError
from puzzles.game import GameDef

#: The games of the project: name -> where its game object lives (or the object itself).
_ENTRIES: dict[str, str | GameDef] = {
    "dominimum": "solver.dominimum.gamedef:DOMINIMUM",
    "dominions": "solver.dominions.gamedef:DOMINIONS",
    "dominomega": "solver.dominimum.gamedef:DOMINOMEGA",
    "numbridge": "solver.numbridge.gamedef:NUMBRIDGE",
}


def register_game(game: GameDef | str, name: str | None = None) -> None:
    """Make a game known: a game object, or the ``"module:attribute"`` path of one (then
    ``name`` is required)."""
    if isinstance(game, GameDef):
        _ENTRIES[name or game.name] = game
    elif name is None:
        raise ValueError("register_game: a path needs the game's name")
    else:
        _ENTRIES[name] = game


def unregister_game(name: str) -> None:
    """Forget the game ``name`` (tests that register a game of their own)."""
    _ENTRIES.pop(name, None)


def game_names() -> list[str]:
    """The names of every known game, sorted."""
    return sorted(_ENTRIES)


def get_game(name: str) -> GameDef:
    """The game called ``name``; InvalidInputError (listing the known games) if unknown."""
    entry = _ENTRIES.get(name)
    if entry is None:
        raise InvalidInputError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    if isinstance(entry, str):
        module, _, attribute = entry.partition(":")
        game = getattr(importlib.import_module(module), attribute)
        if not isinstance(game, GameDef) or game.name != name:
            raise TypeError(f"{entry} is not the game object of {name!r}")
        _ENTRIES[name] = entry = game
    return entry


def all_games() -> list[GameDef]:
    """Every known game, by name."""
    return [get_game(name) for name in game_names()]


def record_game(text: str) -> GameDef:
    """The game whose record ``text`` is (the surest :meth:`GameDef.sniff`; the first name
    among equals); ParseError when no game reads it."""
    best, found = 0, None
    for game in all_games():
        sure = game.sniff(text)
        if sure > best:
            best, found = sure, game
    if found is None:
        raise ParseError(f"record: not a record of any known game ({', '.join(game_names())})")
    return found
