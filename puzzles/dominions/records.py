"""Game records: ``W[P63i9];B[P55h8];W[];...``.

A move is the colour, then in brackets ``P``, the piece number and the cell; a pass is ``W[]``
(``W[pass]`` is read too). Moves are separated by ``;`` and any white space; ``#`` starts a
comment that runs to the end of the line. Every error names the line and column (from 1, in
characters) of the offending token. Project rule: an optional first token ``BASE[8]``
(or 9, 10; the small study boards 2-7 too) names the board; base 9 is the default and is not
written.

Examples
--------
>>> pos = replay("W[P63i9];B[P55h8]")
>>> pos.to_json()["position"]
{'h8': 'B55', 'i9': 'W63'}
>>> write_record(pos)
'W[P63i9];B[P55h8]'
>>> replay("W[P63i9];B[P54h8]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzles.errors.IllegalMoveError: line 1 column 10: move 2 B[P54h8]: mismatch on side 1 ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from puzzles.dominions.board import COLOUR_LETTERS, STUDY_BASES
from puzzles.dominions.position import Move, Position
from puzzles.errors import (
    IllegalMoveError,
    InvalidInputError,
    InvalidMoveError,
    ParseError,
    quoted,
)

_TOKEN = re.compile(r"^([A-Za-z]+)\[([^\]]*)\]$")
_WORD = re.compile(r"[^;\s]+")


@dataclass(frozen=True)
class RecordMove:
    """One move of a record as written: its number (from 1), colour letter and move text, and
    where its token starts in the record text (line and column from 1; 0 when unknown)."""

    number: int
    colour: str
    text: str
    line: int = 0
    column: int = 0

    @property
    def token(self) -> str:
        """The move as it appears in the record (``B[P55h8]``)."""
        return f"{self.colour}[{self.text}]"

    @property
    def where(self) -> str:
        """``line 1 column 10: move 2 B[P55h8]`` (without the place when it is unknown)."""
        place = f"line {self.line} column {self.column}: " if self.line else ""
        return f"{place}move {self.number} {self.token}"


@dataclass(frozen=True)
class Record:
    """A parsed record: the board base and the moves, not yet checked against the rules."""

    base: int
    moves: tuple[RecordMove, ...]


def parse_record(text: str) -> Record:
    """Split a record into moves; raises ParseError naming the bad token, its move number and
    its line and column."""
    base = 9
    moves: list[RecordMove] = []
    first = True
    for lineno, raw in enumerate(text.split("\n"), start=1):
        for word in _WORD.finditer(raw.split("#", 1)[0]):
            tok, col = word.group(), word.start() + 1
            place = f"line {lineno} column {col}"
            m = _TOKEN.match(tok)
            if not m:
                raise ParseError(f"{quoted(tok)} is not a move like W[P63i9] or W[]",
                                 where=f"{place}: move {len(moves) + 1}")
            tag, inner = m.group(1).upper(), m.group(2).strip()
            if tag == "BASE":
                if not first or inner not in [str(b) for b in STUDY_BASES]:
                    raise ParseError(f"{quoted(tok)}: BASE[n] may only come first, with n = "
                                     "2-10 (8, 9 or 10 for play)", where=place)
                base = int(inner)
                first = False
                continue
            first = False
            if tag not in ("W", "B"):
                raise ParseError(f"{quoted(tok)}: colour must be W or B",
                                 where=f"{place}: move {len(moves) + 1}")
            moves.append(RecordMove(len(moves) + 1, tag, inner, lineno, col))
    if first:
        raise ParseError("empty record: no BASE[n] tag and no move (W[P63i9];B[P55h8];...)")
    return Record(base, tuple(moves))


def replay_record(record: Record, upto: int | None = None) -> Position:
    """Play the first ``upto`` moves (all by default) of ``record`` from the empty board.

    Raises IllegalMoveError / InvalidMoveError with
    ``where="line L column C: move N B[P55h8]"`` (the place of the move's token in the text, when
    the record was parsed from text) and the broken
    rule (``wrong-player``, ``off-board``, ``occupied``, ``piece-played``, ``mismatch``,
    ``no-contact``, ``oscillation``, ``game-over``).
    """
    pos = Position(record.base)
    if upto is not None and not 0 <= upto <= len(record.moves):
        raise InvalidInputError(f"--move {upto} is out of range: the record has "
                                f"{len(record.moves)} moves")
    for rm in record.moves[: upto if upto is not None else len(record.moves)]:
        where = rm.where
        if COLOUR_LETTERS[pos.to_move] != rm.colour and not pos.is_over():
            turn = COLOUR_LETTERS[pos.to_move]
            raise IllegalMoveError(f"it is {turn}'s turn", rule="wrong-player", where=where)
        try:
            move = pos.parse_move(rm.text)
        except InvalidMoveError as exc:
            rule = "off-board" if "off the" in exc.message else "syntax"
            if rule == "off-board":
                raise IllegalMoveError(exc.message, rule=rule, where=where) from exc
            raise InvalidMoveError(exc.message, where=where) from exc
        try:
            pos.push(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(exc.message, rule=exc.rule, where=where) from exc
    return pos


def replay(text: str, upto: int | None = None) -> Position:
    """Parse and replay a record text (see ``replay_record``)."""
    return replay_record(parse_record(text), upto)


def read_record(path: Path | str) -> Record:
    """Read a record file; raises InvalidInputError when it cannot be read."""
    from puzzles.documents import read_text  # local: start-up

    text = read_text(path, "record file")
    try:
        return parse_record(text)
    except ParseError as exc:
        raise ParseError(exc.message, where=f"{path}: {exc.where}" if exc.where else str(path)) \
            from exc


def format_moves(moves: list[Move] | tuple[Move, ...], first: int, pos: Position) -> str:
    """Moves as record tokens, colours alternating from ``first``."""
    out = []
    c = first
    for m in moves:
        text = "" if m.is_pass else pos.move_text(m)
        out.append(f"{COLOUR_LETTERS[c]}[{text}]")
        c = 1 - c
    return ";".join(out)


def write_record(pos: Position) -> str:
    """The record of every move played in ``pos`` (``BASE[n];`` first unless base 9; always
    for a game without moves, since an empty text is no record)."""
    head = "" if pos.base == 9 and pos.moves else f"BASE[{pos.base}];"
    return head + format_moves(pos.moves, 0, pos)
