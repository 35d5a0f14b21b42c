"""Numbridge Domains as a :class:`puzzles.game.GameState` (hidden hands and bag, two seats).

Seat 0 is the first player (A, blue), seat 1 the second (B, red). Moves are
:class:`puzzles.numbridge.game.Move` values; their text is the record's action text
(``place e5 3``, ``claim c3 7``, ``pass``). Side actions (``offer``, ``accept``, ``resign``) are
played with :meth:`NumbridgeState.side`, by either seat, and clocks run on game time: a move
carries ``time`` (seconds since the start, see :meth:`NumbridgeState.timed`) and
:meth:`NumbridgeState.advance_clock` lets a missed limit fire with no move at all.

What a seat sees (:meth:`NumbridgeState.view`): the field, the closed cells and their owners,
its own hand, the size of the other hand and of the bag, the block scoreboard, the clocks, the
moves and events; candidates only when the room allows them. Never the other hand, the bag
order or the solution.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
>>> s = NumbridgeState.new(Field.make(sol[:72] + "0" * 9), sol, bag=[3, 4, 5, 2, 8, 6, 1, 7, 9])
>>> _ = s.apply_text("place a9 3"); s.to_move(), s.view(1)["hands"]
(1, [None, [8, 6, 1, 7]])
>>> s.undo().text(), s.to_move()
('place a9 3', 0)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError, ParseError
from puzzles.game import GameState, located
from puzzles.numbridge.field import CELLS, Field, cell_name, units
from puzzles.numbridge.game import PLAYER_LETTER, SIDE_KINDS, Game, Move, RoomSettings
from puzzles.numbridge.record import parse_action, read_record, replay, write_record


class NumbridgeState(GameState[Move]):
    """A Numbridge game with its starting bag, so that it can be undone and stored."""

    game = "numbridge"

    def __init__(self, game: Game, names: tuple[str, str] = ("A", "B")) -> None:
        self.g = game
        self.names = names
        self._sampled = False

    @classmethod
    def new(cls, f: Field, solution: str, settings: RoomSettings | None = None,
            bag_seed: int = 0, bag: list[int] | None = None) -> NumbridgeState:
        """A new game on field ``f`` (see :meth:`Game.new`)."""
        return cls(Game.new(f, solution, settings, bag_seed=bag_seed, bag=bag))

    # -- who and what -----------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return 2

    def to_move(self) -> int:
        return -1 if self.g.result is not None else self.g.mover - 1

    def legal_moves(self) -> Iterator[Move]:
        return self.g.legal_moves()

    def apply(self, move: Move) -> None:
        self.g.play(move)

    def side(self, seat: int, kind: str, time: float | None = None) -> None:
        """Seat ``seat`` offers or accepts a draw, or resigns (``kind``), at game ``time``."""
        if kind not in SIDE_KINDS or kind == "clock":
            raise InvalidMoveError(f"unknown side action {kind!r}: offer, accept or resign")
        self.g.play(Move(kind, player=seat + 1, time=time))

    @staticmethod
    def timed(move: Move, time: float) -> Move:
        """``move`` stamped with the game time (seconds since the start) it was made at."""
        return replace(move, time=time)

    def advance_clock(self, time: float) -> bool:
        """Let the clocks run to game ``time``; True when a limit fired (a recorded action)."""
        if self.g.result is not None or time <= self.g.turn_start:
            return False
        before = (self.g.mover, self.g.move_number, self.g.result)
        probe = self.g.copy()
        probe.keep_history = False
        probe.play(Move("clock", time=time))
        if (probe.mover, probe.move_number, probe.result) == before and not probe.events:
            return False
        self.g.play(Move("clock", time=time))
        return True

    def next_deadline(self) -> float | None:
        """The game time at which the mover's move limit or game time runs out (None: none)."""
        g, s = self.g, self.g.settings
        if g.result is not None:
            return None
        times = []
        if s.move_limit:
            times.append(g.turn_start + s.move_limit)
        if s.game_limit:
            times.append(g.turn_start + s.game_limit - g.used[g.mover])
        return min(times) if times else None

    def undo(self) -> Move:
        if self._sampled:
            raise InvalidInputError("a determinized state cannot be undone")
        if not self.g.history:
            raise InvalidInputError("no move to take back")
        moves = self.g.history[:-1]
        last = self.g.history[-1]
        g = Game.new(self.g.field, self.g.solution, self.g.settings, bag=self.g.initial_bag)
        for m in moves:
            g.play(m)
        self.g = g
        return last

    def clone(self) -> NumbridgeState:
        other = NumbridgeState(self.g.copy(), self.names)
        other.g.events = list(self.g.events)
        other._sampled = self._sampled
        return other

    # -- the end ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.g.result is not None

    def returns(self) -> list[float]:
        r = self.g.result
        if r is None or r.winner == 0:
            return [0.5, 0.5]
        return [1.0, 0.0] if r.winner == 1 else [0.0, 1.0]

    def result_text(self) -> str:
        return self.g.result.text() if self.g.result else ""

    # -- notation ---------------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        return move.text()

    def parse_move(self, text: str) -> Move:
        try:
            move = parse_action("1. " + text.strip(), 1)
        except InvalidInputError as exc:
            why = re.sub(r"^line 1 column [0-9]+: ", "", exc.message)
            raise InvalidMoveError(f"{text!r}: {why}") from None
        return replace(move, player=0)

    def history(self) -> list[Move]:
        return list(self.g.history)

    def record_text(self) -> str:
        return write_record(self.g, self.names)

    # -- information ------------------------------------------------------------------------
    def candidates(self) -> dict[str, list[int]]:
        """Digits still possible on each open cell from the closed cells alone (no solution)."""
        digits = self.g.digits
        out: dict[str, list[int]] = {}
        unit_list = units(self.g.field.blocks)
        of_cell: list[list[int]] = [[] for _ in range(CELLS)]
        for u in unit_list:
            for c in u:
                of_cell[c].append(id(u))
        seen: dict[int, set[int]] = {id(u): {digits[c] for c in u} for u in unit_list}
        for c in range(CELLS):
            if digits[c] == 0:
                used = set().union(*(seen[u] for u in of_cell[c]))
                out[cell_name(c)] = [d for d in range(1, 10) if d not in used]
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        g, s = self.g, self.g.settings
        a, b, undecided = g.scoreboard()
        blocks = []
        for bid, cells in sorted(g.blocks.items()):
            held_a, held_b = g.held[1][bid], g.held[2][bid]
            blocks.append({"block": bid, "cells": [cell_name(c) for c in cells],
                           "held": [held_a, held_b], "owner": g.block_owner(bid) - 1,
                           "open": sum(1 for c in cells if g.owner[c] == 0)})
        doc: dict[str, Any] = {
            "game": self.game,
            "seat": seat,
            "names": list(self.names),
            "givens": g.field.givens,
            "blocks": g.field.blocks,
            "digits": "".join(map(str, g.digits)),
            "owners": [o - 1 for o in g.owner],
            "hands": [list(g.hands[p]) if seat == p - 1 else None for p in (1, 2)],
            "hand_sizes": [len(g.hands[1]), len(g.hands[2])],
            "bag": len(g.bag),
            "scoreboard": {"blocks": [a, b], "undecided": undecided, "cells": list(g.cells_held())},
            "block_table": blocks,
            "to_move_seat": self.to_move(),
            "move_number": g.move_number,
            "one_more_in_pair": g.one_more_in_pair,
            "status": g.status_line(),
            "clock": {"move_limit": s.move_limit, "game_limit": s.game_limit,
                      "used": [g.used[1], g.used[2]], "turn_start": g.turn_start,
                      "deadline": self.next_deadline()},
            "draw_offer": g.draw_offer - 1,
            "settings": {k: getattr(s, k) for k in s.__dataclass_fields__},
            "moves": [(PLAYER_LETTER.get(m.player, "") + " " + m.text()).strip()
                      for m in g.history],
            "events": [{"move": e.move_number, "seat": e.player - 1, "kind": e.kind,
                        "text": e.text} for e in g.events],
            "over": g.result is not None,
            "result": None if g.result is None else {
                "winner": g.result.winner - 1, "reason": g.result.reason,
                "text": g.result.text(), "blocks": list(g.result.blocks),
                "cells": list(g.result.cells)},
        }
        if s.candidates:
            doc["candidates"] = self.candidates()
        return doc

    def determinize(self, seat: int, rng: random.Random) -> NumbridgeState:
        """Redraw the other hand and the bag order from the tiles ``seat`` has not seen."""
        g = self.g
        me, other = seat + 1, 2 - seat
        spent: Counter[int] = Counter()
        known: dict[int, Counter[int]] = {1: Counter(), 2: Counter()}
        for m in g.history:
            p = m.player
            if m.kind == "place":
                right = int(g.solution[m.cell]) == m.digit
                if right or g.settings.miss == "discard":
                    spent[m.digit] += 1
                    if known[p][m.digit]:
                        known[p][m.digit] -= 1
                else:
                    known[p][m.digit] = max(known[p][m.digit], 1)
            elif m.kind == "claim":
                for t in m.tiles:
                    spent[t] += 1
                    if known[p][t]:
                        known[p][t] -= 1
        pool = Counter(g.initial_bag) - spent - Counter(g.hands[me]) - known[other]
        tiles = sorted(pool.elements())
        rng.shuffle(tiles)
        sure = list(known[other].elements())
        need = len(g.hands[other]) - len(sure)
        if need < 0 or len(tiles) != need + len(g.bag):
            raise InvalidInputError("the tiles seen do not add up to the bag (a corrupt game)")
        sample = self.clone()
        sample.g.hands[other] = sure + tiles[:need]
        sample.g.bag = tiles[need:]
        sample._sampled = True
        return sample

    # -- persistence ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "record": self.record_text(), "names": list(self.names)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> NumbridgeState:
        if not isinstance(doc, dict) or doc.get("game") != cls.game \
                or not isinstance(doc.get("record"), str):
            raise ParseError("not a Numbridge state document", where="state")
        names = doc.get("names", ["A", "B"])
        if not (isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) for n in names)):
            raise ParseError("names must be two strings", where="state")
        try:
            game = replay(read_record(doc["record"]))
        except IllegalMoveError as exc:
            raise located(exc, "state record") from None
        return cls(game, (names[0], names[1]))
