"""Game records: a JSON document that replays exactly.

::

    {"format": "dominimum-record/1", "game": "dominimum", "players": 3, "seed": 7,
     "rules": {"within_tile": true}, "missions": [[1, 2], [0, 5], [3, 6]],
     "strategies": ["greedy", "random", "lookahead"],
     "moves": [{"player": 0, "tile": [4, 1], "cells": [[0, 0], [1, 0]]}, ...],
     "result": {"scores": [12, 20, 9], "ranking": [2, 0, 1], "winner": 2}}

With a ``seed`` the deal is rebuilt and every move must use the tile in the mover's hand; with
``"seed": null`` (a game played at a table) hands are unknown and only the layout rules, the turn
order and the missions are checked. ``missions`` is empty for Dominomega. ``strategies`` and
``result`` are optional; a stored result must match the replay.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from puzzles.documents import read_json, source_name, validate
from puzzles.dominimum.game import Game, Rules
from puzzles.dominimum.layout import Placement
from puzzles.dominimum.tiles import Tile, tile, tile_name
from puzzles.errors import InvalidInputError, ParseError

FORMAT = "dominimum-record/1"


def record_of(game: Game, strategies: list[str] | None = None) -> dict[str, Any]:
    """The record document of ``game`` (finished or not)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": game.kind,
        "players": game.players,
        "seed": game.seed,
        "rules": game.rules.to_json(),
        "missions": [list(m) for m in game.missions],
    }
    if strategies is not None:
        doc["strategies"] = list(strategies)
    doc["moves"] = [{"player": m.player, **m.placement.to_json()} for m in game.history]
    if game.is_terminal():
        doc["result"] = game.result()
    return doc


def _int(doc: dict[str, Any], key: str, where: str = "record") -> int:
    value = doc.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"{key!r} must be an integer, got {value!r}", where=where)
    return value


def replay(doc: Any, where: str = "record") -> Game:
    """Rebuild the game of a record, checking every move.

    Raises
    ------
    ParseError
        When the document is malformed.
    IllegalMoveError
        When a move breaks a rule (names the move number and the tile).
    InvalidInputError
        When the missions or the stored result disagree with the replay.
    """
    from puzzles.schemas import DominimumRecordDoc  # local: start-up

    validate(doc, DominimumRecordDoc, where)
    if doc.get("format", FORMAT) != FORMAT:
        raise ParseError(f"unknown record format {doc.get('format')!r}", where=where)
    kind = doc.get("game")
    if kind not in ("dominimum", "dominomega"):
        raise ParseError(f"'game' must be dominimum or dominomega, got {kind!r}", where=where)
    players = _int(doc, "players", where)
    rules = Rules.from_json(doc.get("rules"))
    raw_missions = doc.get("missions", [])
    if not isinstance(raw_missions, list):
        raise ParseError("'missions' must be a list of [a, b] pairs", where=where)
    missions: list[Tile] = []
    for i, m in enumerate(raw_missions):
        if not isinstance(m, list) or len(m) != 2:
            raise ParseError(f"missions[{i}] must be [a, b]", where=where)
        missions.append(tile(m[0], m[1]))
    seed = doc.get("seed")
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ParseError(f"'seed' must be an integer or null, got {seed!r}", where=where)
        game = Game.deal(kind, players, seed, rules)
        if missions and missions != game.missions:
            raise InvalidInputError(
                f"missions {[tile_name(m) for m in missions]} differ from the deal of seed "
                f"{seed} ({[tile_name(m) for m in game.missions]})", where=where)
    else:
        game = Game.open(kind, players, missions if kind == "dominimum" else [], rules)
    moves = doc.get("moves")
    if not isinstance(moves, list):
        raise ParseError("'moves' must be a list", where=where)
    for i, m in enumerate(moves):
        at = f"{where}: move {i + 1}"
        placement = Placement.from_json(m, where=at)
        if not isinstance(m.get("player"), int) or m["player"] != game.to_move:
            raise InvalidInputError(f"'player' {m.get('player')!r} moves out of turn ('player' "
                                    f"{game.to_move}, seat {game.to_move + 1}, is to move)",
                                    where=at)
        try:
            game.play(placement)
        except InvalidInputError as exc:
            raise type(exc)(exc.message, where=f"{at}, {exc.where}") from None
    stored = doc.get("result")
    if stored is not None and game.is_terminal() and stored["scores"] != game.scores():
        raise InvalidInputError(f"stored scores {stored.get('scores')} differ from the replay "
                                f"{game.scores()}", where=where)
    return game


def read_record(path: Path | str) -> Game:
    """Read and replay a record file."""
    return replay(read_json(path, "record file"), source_name(path))
