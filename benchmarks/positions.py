"""Seeded positions for the review measurements: self-play and the regression files.

``selfplay_positions(game, count, seed)`` plays seeded games of the game's ``greedy`` player
(three seats for a game of three or more) and keeps one position per game at a seeded move
number between a tenth and nine tenths of a typical game; ``regression_positions(game)`` are
the positions of ``tests/data/regress-<game>.txt``. Positions that are over are skipped.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from puzzles.game import GameDef, GameState
from solver.play.match import new_game
from solver.play.regress import parse_cases

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
#: A typical game's length in moves (for the choice of the move number).
LENGTH = {"dominions": 110, "numbridge": 60, "dominimum": 30, "dominomega": 30}


def seats_of(game: GameDef) -> int:
    """Three seats when the game allows them, else its default."""
    lo, hi = game.seat_range
    return 3 if lo <= 3 <= hi else game.default_seats


def selfplay_positions(game: GameDef, count: int, seed: int = 1) -> list[GameState[Any]]:
    """``count`` positions of seeded greedy self-play (one per game, see the docstring)."""
    out: list[GameState[Any]] = []
    length = LENGTH.get(game.name, 40)
    k = 0
    while len(out) < count:
        rng = random.Random(seed * 7919 + k)
        state = new_game(game, seed * 7919 + k, seats=seats_of(game))
        players = [game.make_player("greedy", seed=seed * 7919 + k + i)
                   for i in range(state.num_seats)]
        stop = rng.randrange(length // 10, 9 * length // 10)
        for _ in range(stop):
            if state.is_over():
                break
            state.apply(players[state.to_move()].choose(state, rng))
        if not state.is_over():
            out.append(state)
        k += 1
    return out


def regression_positions(game: GameDef) -> list[GameState[Any]]:
    """The positions of the game's regression file (none when it has no file)."""
    path = DATA / f"regress-{game.name}.txt"
    if not path.exists():
        return []
    states = [game.state_from_record(c.record) for c in parse_cases(path.read_text())]
    return [s for s in states if not s.is_over()]
