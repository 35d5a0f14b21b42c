"""Computer seats think, and positions are drawn, in worker processes
(:class:`solver.server.workers.WorkerPool`): the server keeps serving other games meanwhile,
uses every core, and can stop a job that runs late.

A job crosses the process boundary as plain data: the game object (pickled by reference to its
class), its full state (``GameState.to_json``; it stays inside the server), the player's name
and options and a seed. The worker rebuilds the state, asks the player and returns the move's
text; the server then checks and applies it like any other move.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from puzzles.game import GameDef
from solver.server.rooms import Room
from solver.server.workers import WorkerPool


def choose_move(game: GameDef, state_doc: dict[str, Any], player: str, options: dict[str, Any],
                seed: int) -> str:
    """The text of the move ``player`` makes in the position ``state_doc`` (run in a worker).

    ``options["move_time"]`` is the seat's WALL-CLOCK time per move; ``options["deadline"]``
    the ``time.monotonic()`` moment (the machine's clock, the same in every process) when the
    seat's turn ends: the server sets it when the turn begins, so time spent waiting for a free
    worker counts. Time-budgeted players (``mcts`` and the games' searches) stop there with
    their best move so far."""
    start = time.monotonic()
    state = game.state_from_json(state_doc)
    opts = dict(options)
    move_time = opts.pop("move_time", None)
    deadline = opts.pop("deadline", None)
    if deadline is None and move_time is not None:
        deadline = start + move_time
    computer = game.make_player(player, seed=seed, move_time=move_time, deadline=deadline,
                                **opts)
    move = computer.choose(state, random.Random(seed))
    return state.move_text(move)


def warm_up(games: list[GameDef]) -> None:
    """Load each game's players in this worker (the first move of a game then costs no imports)."""
    for game in games:
        for name in game.player_names():
            game.make_player(name, seed=1)


def warm_drawing(rooms: list[Room]) -> None:
    """Load the drawing code of each room in this worker (the first board then draws fast)."""
    import random as _random

    for r in rooms:
        try:
            state = r.game.new_state({}, _random.Random(1), r.game.seat_range[0])
        except Exception:  # a game whose deal is slow or needs more: it loads when used
            continue
        r.render(state, None, {})


def _default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


class ComputerPool(WorkerPool):
    """The worker processes (or threads, ``kind="thread"``) for computer seats' moves."""

    def __init__(self, workers: int | None = None, kind: str = "process") -> None:
        super().__init__(workers or _default_workers(), kind, nice=0, name="computer")

    async def choose(self, game: GameDef, state_doc: dict[str, Any], player: str,
                     options: dict[str, Any], seed: int, timeout: float | None = None) -> str:
        """Ask a worker for the move; returns its text (WorkerError when it fails or is
        later than ``timeout``)."""
        text: str = await self.run(choose_move, game, state_doc, player, options, seed,
                                   timeout=timeout, count_wait=False)
        return text


def draw_position(room: Room, state_doc: dict[str, Any], seats: list[int | None]
                  ) -> list[dict[str, Any]]:
    """The room's rendering of the position for each of ``seats`` (run in a worker): the
    public pictures are drawn once and shared by the seats."""
    state = room.game.state_from_json(state_doc)
    shared: dict[str, Any] = {}
    return [room.render(state, seat, shared) for seat in seats]


class DrawingPool(WorkerPool):
    """Workers that draw positions (processes by default; ``kind="thread"``: one thread)."""

    def __init__(self, workers: int | None = None, kind: str = "process") -> None:
        super().__init__(1 if kind == "thread" else workers or _default_workers(), kind,
                         name="draw")

    async def draw(self, room: Room, state_doc: dict[str, Any], seats: list[int | None]
                   ) -> list[dict[str, Any]]:
        """Draw the position for ``seats`` in a worker."""
        drawn: list[dict[str, Any]] = await self.run(draw_position, room, state_doc, seats,
                                                     timeout=60)
        return drawn
