"""Dominimum and Dominomega as :class:`puzzles.game.GameState` (hidden hands and missions).

Seats are numbered in turn order (seat 0 places first). A move is a
:class:`puzzles.dominimum.Placement`; its text is ``3@(0,0) 5@(1,0)`` (value ``3`` on cell
``(0, 0)``, value ``5`` on ``(1, 0)``).

What a seat sees (:meth:`DominimumState.view`): the layout, its own mission tile and hand,
how many tiles the supply holds, every seat's final placement turn; never another seat's
mission or hand, nor the supply order. At the end every mission is revealed for the scores.

Examples
--------
>>> s = DominimumState.deal(3, seed=1)
>>> m = next(s.legal_moves())
>>> s.parse_move(s.move_text(m)) == m
True
>>> s.apply(m); s.to_move()
1
>>> "missions" in s.view(1) and s.view(1)["missions"][0] is None
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any, ClassVar

from puzzles.dominimum.game import Game, Rules
from puzzles.dominimum.groups import groups
from puzzles.dominimum.layout import Placement
from puzzles.dominimum.records import record_of, replay
from puzzles.errors import InvalidInputError, InvalidMoveError, ParseError
from puzzles.game import GameState

_MOVE = re.compile(r"^\s*([0-7])@\((-?[0-9]{1,4}),(-?[0-9]{1,4})\)\s+"
                   r"([0-7])@\((-?[0-9]{1,4}),(-?[0-9]{1,4})\)\s*$")


class DominimumState(GameState[Placement]):
    """A dealt Dominimum game (2-4 seats; lowest score wins)."""

    game: ClassVar[str] = "dominimum"

    def __init__(self, game: Game) -> None:
        if game.kind != self.game:
            raise InvalidInputError(f"a {game.kind} game is not a {self.game} state")
        if not game.hands_known:
            raise InvalidInputError("a state needs a dealt game (a seed), not an open record")
        self.g = game

    @classmethod
    def deal(cls, players: int, seed: int, rules: Rules | None = None) -> DominimumState:
        """A new game dealt with ``seed`` (the same seed gives the same deal)."""
        return cls(Game.deal(cls.game, players, seed, rules))

    @property
    def num_seats(self) -> int:
        return self.g.players

    def to_move(self) -> int:
        return -1 if self.g.is_terminal() else self.g.to_move

    def legal_moves(self) -> Iterator[Placement]:
        return self.g.legal_moves()

    def apply(self, move: Placement) -> None:
        self.g.play(move)

    def undo(self) -> Placement:
        if not self.g.history:
            raise InvalidInputError("no move to take back")
        return self.g.undo().placement

    def clone(self) -> DominimumState:
        return type(self)(self.g.clone())

    def is_over(self) -> bool:
        return self.g.is_terminal()

    def returns(self) -> list[float]:
        winner = self.g.result()["winner"]
        return [1.0 if seat == winner else 0.0 for seat in range(self.g.players)]

    def result_text(self) -> str:
        if not self.g.is_terminal():
            return ""
        res = self.g.result()
        return f"seat {res['winner'] + 1} wins ({', '.join(map(str, res['scores']))})"

    def move_text(self, move: Placement) -> str:
        return str(move)

    def parse_move(self, text: str) -> Placement:
        m = _MOVE.match(text)
        if not m:
            raise InvalidMoveError(f"{text!r} is not a placement like '3@(0,0) 5@(1,0)'")
        a, x1, y1, b, x2, y2 = (int(v) for v in m.groups())
        return Placement(a, b, ((x1, y1), (x2, y2)))

    def history(self) -> list[Placement]:
        return [m.placement for m in self.g.history]

    def record_text(self) -> str:
        from puzzles.jsonstyle import dumps  # local: start-up

        return dumps(record_of(self.g)).rstrip("\n")

    def _member(self, seat: int) -> list[list[tuple[int, int]]]:
        """The largest group of each value (or symbol) that scores for ``seat``."""
        lay, within = self.g.layout, self.g.rules.within_tile
        if self.g.kind == "dominimum":
            wanted = list(dict.fromkeys(self.g.missions[seat]))
            best = []
            for a in wanted:
                found = groups(lay, a.__eq__, within)
                if found:
                    best.append(found[0])
            return best
        symbol = self.g.symbols[seat]
        return groups(lay, lambda v: bool(v & symbol), within)

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.g
        over = g.is_terminal()
        seats = range(g.players)
        doc: dict[str, Any] = {
            "game": self.game,
            "seat": seat,
            "players": g.players,
            "to_move_seat": self.to_move(),
            "over": over,
            "layout": g.layout.to_json(),
            "supply": len(g.supply),
            "moves": [str(m.placement) for m in g.history],
            "hands": [_tile_list(g.hands[q]) if seat == q else None for q in seats],
            "holding": [g.hands[q] is not None for q in seats],
        }
        if g.kind == "dominimum":
            doc["missions"] = [list(g.missions[q]) if over or q == seat else None
                               for q in seats]
            doc["scores"] = [g.score(q) if over or q == seat else None for q in seats]
        else:
            doc["symbols"] = list(g.symbols)
            doc["scores"] = g.scores()
        if over:
            res = g.result()
            doc["ranking"] = res["ranking"]
            doc["winner"] = res["winner"]
            doc["largest"] = [[[list(c) for c in group] for group in self._member(q)]
                              for q in seats]
        return doc

    def determinize(self, seat: int, rng: random.Random) -> DominimumState:
        return type(self)(self.g.determinize(seat, rng))

    def to_json(self) -> dict[str, Any]:
        return record_of(self.g)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> DominimumState:
        if not isinstance(doc, dict) or doc.get("game") != cls.game:
            raise ParseError(f"not a {cls.game} state document", where="state")
        if doc.get("seed") is None:
            raise ParseError("a state document needs the seed of its deal", where="state")
        return cls(replay(doc))


class DominomegaState(DominimumState):
    """A dealt Dominomega game (2 or 3 seats; highest score wins; no missions)."""

    game = "dominomega"


def _tile_list(t: tuple[int, int] | None) -> list[int] | None:
    return None if t is None else list(t)
