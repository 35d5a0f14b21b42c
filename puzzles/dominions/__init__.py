"""Dominions on the 64-hexagon set: board, position and rules, game records."""

from puzzles.dominions.board import BLACK, COLOUR_LETTERS, WHITE, Board, board
from puzzles.dominions.position import PASS, Group, Move, Outcome, Position
from puzzles.dominions.records import (
    Record,
    parse_record,
    read_record,
    replay,
    replay_record,
    write_record,
)

__all__ = [
    "BLACK",
    "COLOUR_LETTERS",
    "PASS",
    "WHITE",
    "Board",
    "Group",
    "Move",
    "Outcome",
    "Position",
    "Record",
    "board",
    "parse_record",
    "read_record",
    "replay",
    "replay_record",
    "write_record",
]
