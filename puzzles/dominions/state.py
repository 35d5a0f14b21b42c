"""Dominions as a :class:`puzzles.game.GameState` (perfect information, two seats).

Seat 0 is White, seat 1 is Black. Moves are :class:`puzzles.dominions.Move` values; their text
is the record notation (``P63i9``, ``pass``).

Examples
--------
>>> s = DominionsState()
>>> s.apply_text("P63i9")
Move(cell=108, piece=63)
>>> s.to_move(), s.move_text(s.history()[-1]), s.record_text()
(1, 'P63i9', 'W[P63i9]')
>>> DominionsState.from_json(s.to_json()).record_text()
'W[P63i9]'
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from puzzles.dominions.board import COLOUR_LETTERS
from puzzles.dominions.position import Move, Position
from puzzles.dominions.records import parse_record, replay_record, write_record
from puzzles.errors import InvalidInputError, ParseError
from puzzles.game import GameState, located


class DominionsState(GameState[Move]):
    """A Dominions game from the empty board (or from a diagram), with its history."""

    game = "dominions"

    def __init__(self, base: int = 9, position: Position | None = None) -> None:
        self.position = position if position is not None else Position(base)
        #: The diagram the game started from (``Position.setup`` arguments), or None.
        self.setup: dict[str, Any] | None = None

    @classmethod
    def from_setup(cls, pieces: dict[str, str], to_move: str = "W", base: int = 9,
                   hands: dict[str, list[int]] | None = None) -> DominionsState:
        """A game that starts from a diagram (see :meth:`Position.setup`)."""
        state = cls(base, Position.setup(pieces, to_move, base, hands))
        state.setup = {"pieces": dict(pieces), "to_move": to_move,
                       "hands": {k: list(v) for k, v in hands.items()} if hands else None}
        return state

    @property
    def num_seats(self) -> int:
        return 2

    def to_move(self) -> int:
        return -1 if self.position.is_over() else self.position.to_move

    def legal_moves(self) -> Iterator[Move]:
        return self.position.legal_moves()

    def apply(self, move: Move) -> None:
        self.position.push(move)

    def undo(self) -> Move:
        if not self.position.moves:
            raise InvalidInputError("no move to take back")
        return self.position.pop()

    def clone(self) -> DominionsState:
        other = DominionsState(self.position.base, self.position.copy())
        other.setup = self.setup
        return other

    def is_over(self) -> bool:
        return self.position.is_over()

    def returns(self) -> list[float]:
        w, b = self.position.score()
        if w == b:
            return [0.5, 0.5]
        return [1.0, 0.0] if w > b else [0.0, 1.0]

    def result_text(self) -> str:
        return self.position.result() if self.position.is_over() else ""

    def move_text(self, move: Move) -> str:
        return self.position.move_text(move)

    def parse_move(self, text: str) -> Move:
        return self.position.parse_move(text)

    def history(self) -> list[Move]:
        return list(self.position.moves)

    def record_text(self) -> str:
        if self.setup is None:
            return write_record(self.position)
        first = COLOUR_LETTERS.index(self.setup["to_move"])
        tokens = []
        for k, move in enumerate(self.position.moves):
            colour = COLOUR_LETTERS[(first + k) % 2]
            tokens.append(f"{colour}[{'' if move.is_pass else self.position.move_text(move)}]")
        return ";".join(tokens)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public in Dominions: the same view for every seat and spectator."""
        pos = self.position
        name = pos.board.name
        doc: dict[str, Any] = dict(pos.to_json())
        last = pos.last_outcome()
        doc.update({
            "game": self.game,
            "base": pos.base,
            "seat": seat,
            "to_move_seat": self.to_move(),
            "passes": pos.passes,
            "over": pos.is_over(),
            "result": self.result_text(),
            "moves": [pos.move_text(m) for m in pos.moves],
            "last": None if last is None else {
                "move": pos.move_text(last[0]), "colour": COLOUR_LETTERS[last[2]],
                "cell": None if last[0].is_pass else name(last[0].cell),
                "flipped": [name(i) for i in last[1]],
                "suicide": not last[0].is_pass and last[0].cell in last[1],
            },
        })
        return doc

    def determinize(self, seat: int, rng: random.Random) -> DominionsState:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "base": self.position.base, "setup": self.setup,
                "moves": [self.position.move_text(m) for m in self.position.moves]}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> DominionsState:
        if not isinstance(doc, dict) or doc.get("game") != cls.game:
            raise ParseError("not a Dominions state document", where="state")
        base = doc.get("base", 9)
        moves = doc.get("moves", [])
        if base not in (8, 9, 10) or not isinstance(moves, list) \
                or not all(isinstance(m, str) for m in moves):
            raise ParseError("a Dominions state needs base 8-10 and a list of move texts",
                             where="state")
        setup = doc.get("setup")
        if setup is not None:
            if not isinstance(setup, dict) or not isinstance(setup.get("pieces"), dict):
                raise ParseError("setup must be {'pieces': {...}, 'to_move': 'W'}", where="state")
            state = cls.from_setup(setup["pieces"], setup.get("to_move", "W"), base,
                                   setup.get("hands"))
        else:
            state = cls(base)
        for k, text in enumerate(moves, start=1):
            try:
                state.apply_text(text)
            except InvalidInputError as exc:
                raise located(exc, f"state move {k} {text}") from None
        return state

    @classmethod
    def from_record(cls, text: str) -> DominionsState:
        """A game replayed from a record text (``W[P63i9];B[P55h8]``)."""
        return cls(position=replay_record(parse_record(text)))
