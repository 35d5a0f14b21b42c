"""Engine seats think, and positions are drawn, in worker processes: the server keeps serving
other games meanwhile and uses every core.

A job crosses the process boundary as plain data: the game object (pickled by reference to its
class), its full state (``GameState.to_json``; it stays inside the server), the player's name
and options and a seed. The worker rebuilds the state, asks the player and returns the move's
text; the server then checks and applies it like any other move.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import random
from typing import Any

from puzzles.game import GameDef
from solver.server.rooms import Room


def choose_move(game: GameDef, state_doc: dict[str, Any], player: str, options: dict[str, Any],
                seed: int) -> str:
    """The text of the move ``player`` makes in the position ``state_doc`` (run in a worker)."""
    state = game.state_from_json(state_doc)
    engine = game.make_player(player, seed=seed, **options)
    move = engine.choose(state, random.Random(seed))
    return state.move_text(move)


class _WorkerPool:
    """A lazily started pool of worker processes (or threads, ``kind="thread"``)."""

    #: How many threads a ``kind="thread"`` pool gets (None: ``workers``), and their name.
    thread_workers: int | None = None
    thread_name = "worker"

    def __init__(self, workers: int | None = None, kind: str = "process") -> None:
        self.kind = kind
        self.workers = workers or max(1, min(2, os.cpu_count() or 1))
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.kind == "thread":
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    self.thread_workers or self.workers, self.thread_name)
            else:
                ctx = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=ctx)
        return self._pool

    def close(self) -> None:
        """Stop the workers (running jobs are abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class EnginePool(_WorkerPool):
    """A pool of worker processes (or threads, ``kind="thread"``) for engine moves."""

    thread_name = "engine"

    async def choose(self, game: GameDef, state_doc: dict[str, Any], player: str,
                     options: dict[str, Any], seed: int) -> str:
        """Ask a worker for the move; returns its text."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), choose_move, game, state_doc,
                                          player, options, seed)

def draw_position(room: Room, state_doc: dict[str, Any], seats: list[int | None]
                  ) -> list[dict[str, Any]]:
    """The room's rendering of the position for each of ``seats`` (run in a worker): the
    public pictures are drawn once and shared by the seats."""
    state = room.game.state_from_json(state_doc)
    shared: dict[str, Any] = {}
    return [room.render(state, seat, shared) for seat in seats]


class DrawingPool(_WorkerPool):
    """Workers that draw positions (processes by default; ``kind="thread"``: one thread)."""

    thread_workers = 1
    thread_name = "draw"

    async def draw(self, room: Room, state_doc: dict[str, Any], seats: list[int | None]
                   ) -> list[dict[str, Any]]:
        """Draw the position for ``seats`` in a worker."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), draw_position, room, state_doc,
                                          seats)
