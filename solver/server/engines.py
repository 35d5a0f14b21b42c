"""Engine seats think in worker processes, so the server keeps serving other games meanwhile.

A job crosses the process boundary as plain data: the game's name, its full state
(``GameState.to_json``; it stays inside the server), the player's name and options and a seed.
The worker rebuilds the state, asks the player and returns the move's text; the server then
checks and applies it like any other move.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import random
from typing import Any


def choose_move(game: str, state_doc: dict[str, Any], player: str, options: dict[str, Any],
                seed: int) -> str:
    """The text of the move ``player`` makes in the position ``state_doc`` (run in a worker)."""
    from puzzles.game import game_class
    from solver.play.registry import make_player

    state = game_class(game).from_json(state_doc)
    engine = make_player(game, player, seed=seed, **options)
    move = engine.choose(state, random.Random(seed))
    return state.move_text(move)


class EnginePool:
    """A pool of worker processes (or threads, ``kind="thread"``) for engine moves."""

    def __init__(self, workers: int | None = None, kind: str = "process") -> None:
        self.kind = kind
        self.workers = workers or max(1, min(2, os.cpu_count() or 1))
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.kind == "thread":
                self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, "engine")
            else:
                ctx = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=ctx)
        return self._pool

    async def choose(self, game: str, state_doc: dict[str, Any], player: str,
                     options: dict[str, Any], seed: int) -> str:
        """Ask a worker for the move; returns its text."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), choose_move, game, state_doc,
                                          player, options, seed)

    def close(self) -> None:
        """Stop the workers (running jobs are abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
