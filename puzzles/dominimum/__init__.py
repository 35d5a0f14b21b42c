"""Dominimum and Dominomega on the double-seven binary-coding domino set: tiles, layouts,
groups, games and records."""

from puzzles.dominimum.game import GAMES, Game, Move, Rules, omega_symbols
from puzzles.dominimum.groups import groups, largest_group, mission_score, symbol_score
from puzzles.dominimum.layout import Cell, Layout, Placement, adjacent, neighbours
from puzzles.dominimum.records import read_record, record_of, replay
from puzzles.dominimum.tiles import (
    SYMBOL_NAMES,
    SYMBOLS,
    TILES,
    Tile,
    is_double,
    parse_tile,
    symbols_of,
    tile,
    tile_name,
)

__all__ = [
    "GAMES", "SYMBOLS", "SYMBOL_NAMES", "TILES", "Cell", "Game", "Layout", "Move", "Placement",
    "Rules", "Tile", "adjacent", "groups", "is_double", "largest_group", "mission_score",
    "neighbours", "omega_symbols", "parse_tile", "read_record", "record_of", "replay",
    "symbol_score", "symbols_of", "tile", "tile_name",
]
