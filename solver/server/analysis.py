"""Stored reviews: the computer's review of a finished game (``solver.play.review``, the numbers
of ``solver review``), computed once in the background with progress and kept in the
database, so that a view never recomputes it.

A review runs in the analysis worker (a :class:`~solver.server.workers.WorkerPool` at the
lowest priority), one game at a time, under a time limit; its progress (moves reviewed of
the total) and the rows of the moves already reviewed are kept in memory and written to the
database every few seconds (a page shows them while the review runs), and the finished
review (``Review.to_json()``) is stored with its parameters. A review the server stopped
during (a restart) reads as failed, with the rows it had stored. A game with hidden information
is reviewed only once it is over; a live game of perfect information may be reviewed too
(the stored review then covers the moves up to the time it was asked for).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any

from puzzles.game import GameDef
from solver.server.livegame import LiveGame, RequestError
from solver.server.storage import Storage
from solver.server.workers import WorkerError, WorkerPool, progress

log = logging.getLogger("solver.server")

#: Search iterations per move of a stored review (``solver review --nodes``), and the range
#: a client may ask for.
DEFAULT_NODES = 200
MIN_NODES, MAX_NODES = 20, 2000
#: Seconds one review may take before it is stopped (what it reviewed is kept).
REVIEW_SECONDS = 900.0


def default_nodes() -> int:
    """The iterations per move of a review the page starts (``SOLVER_REVIEW_NODES`` within
    ``MIN_NODES..MAX_NODES``, else :data:`DEFAULT_NODES`)."""
    text = os.environ.get("SOLVER_REVIEW_NODES", "")
    return min(MAX_NODES, max(MIN_NODES, int(text))) if text.isdigit() else DEFAULT_NODES


def thresholds(game: GameDef, review: dict[str, Any] | None = None
               ) -> dict[str, float | None]:
    """The loss thresholds a review is judged by: the review document's own, else the game's
    (``Knowledge.review_thresholds``), else :mod:`solver.play.review`'s constants (``None``
    where none is defined). The page defines none of its own."""
    if review is not None and isinstance(review.get("thresholds"), dict):
        return dict(review["thresholds"])
    known = getattr(game.knowledge(), "review_thresholds", None)
    if known is not None:
        return dict(zip(("inaccuracy", "mistake", "blunder"), known, strict=True))
    from solver.play import review as module  # local: start-up

    return {"inaccuracy": getattr(module, "INACCURACY", None),
            "mistake": getattr(module, "MISTAKE", None),
            "blunder": getattr(module, "BLUNDER", None)}


def review_job(game: GameDef, record: str, nodes: int, seed: int) -> dict[str, Any]:
    """The review of ``record`` (run in the analysis worker; after every move, the progress
    ``{"done": moves reviewed, "move": that move's row of the review document}``)."""
    from solver.play.review import review_text  # local: the search loads in the worker only

    done = [0]

    def step(move: Any) -> None:
        done[0] += 1
        progress({"done": done[0], "move": move.to_json()})

    review = review_text(game, record, max_nodes=nodes, seed=seed, step=step)
    doc: dict[str, Any] = review.to_json()
    return doc


class Analyses:
    """The reviews of one server: started on request, run one at a time, stored."""

    def __init__(self, storage: Storage, pool: WorkerPool,
                 seconds: float = REVIEW_SECONDS) -> None:
        self.storage = storage
        self.pool = pool
        self.seconds = seconds
        self.running: dict[str, dict[str, Any]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()

    async def status(self, g: LiveGame) -> dict[str, Any]:
        """``{"status": "none"|"queued"|"running"|"done"|"failed", "done", "total",
        "params", "moves", "review", "thresholds"}``: ``moves`` the rows of the moves
        reviewed so far (while it runs too), ``review`` the whole document once done."""
        now = await self._status(g)
        review = now["review"] if isinstance(now["review"], dict) else None
        return {**now, "thresholds": thresholds(g.room.game, review)}

    async def _status(self, g: LiveGame) -> dict[str, Any]:
        if g.id in self.running:
            entry = self.running[g.id]
            return {**entry, "moves": list(entry["moves"]), "review": None}
        stored = await asyncio.to_thread(self.storage.load_review, g.id)
        if stored is None:
            return {"status": "none", "done": 0, "total": g.seq, "params": None,
                    "moves": [], "review": None}
        status, doc = stored["status"], stored["doc"]
        if status in ("queued", "running"):  # stored by a server that stopped meanwhile
            status = "failed"
            doc = {**(doc or {}), "error": "the server stopped during the review"}
        moves = doc.get("moves", []) if isinstance(doc, dict) else []
        return {"status": status, "done": stored["done"], "total": stored["total"],
                "params": stored["params"], "moves": moves, "review": doc}

    async def start(self, g: LiveGame, nodes: int) -> dict[str, Any]:
        """Start the review of ``g`` unless it is stored or running; its status."""
        if g.status == "live" and not g.room.perfect_information:
            raise RequestError("a game with hidden information is reviewed once it is over",
                               status=403)
        now = await self.status(g)
        if now["status"] in ("queued", "running") or (
                now["status"] == "done" and now["params"] == self._params(g, nodes)):
            return now
        record = g.state.record_text()
        entry: dict[str, Any] = {"status": "queued", "done": 0,
                                 "total": len(g.state.history()),
                                 "params": self._params(g, nodes), "moves": []}
        self.running[g.id] = entry
        task = asyncio.create_task(self._run(g.id, g.room.game, record, entry))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return {**entry, "moves": [], "review": None, "thresholds": thresholds(g.room.game)}

    @staticmethod
    def _params(g: LiveGame, nodes: int) -> dict[str, Any]:
        return {"nodes": nodes, "seed": 1, "moves": len(g.state.history())}

    async def _run(self, game_id: str, game: GameDef, record: str,
                   entry: dict[str, Any]) -> None:
        last = [0.0]

        def moved(report: Any) -> None:
            entry["moves"].append(report["move"])
            entry.update(status="running", done=int(report["done"]))
            if time.monotonic() - last[0] > 2.0:  # keep the progress, not every step
                last[0] = time.monotonic()
                self._save_soon(game_id, entry, {"moves": list(entry["moves"])})

        try:
            doc = await self.pool.run(review_job, game, record, entry["params"]["nodes"], 1,
                                      timeout=self.seconds, on_progress=moved)
            entry.update(status="done", done=entry["total"])
            await asyncio.to_thread(self._save, game_id, entry, doc)
        except (WorkerError, Exception) as exc:
            if not self.pool.closed:
                log.warning("review of game %s failed: %s", game_id, exc)
                entry["status"] = "failed"
                await asyncio.to_thread(self._save, game_id, entry,
                                        {"error": str(exc), "moves": list(entry["moves"])})
        finally:
            self.running.pop(game_id, None)

    def _save_soon(self, game_id: str, entry: dict[str, Any], doc: Any) -> None:
        task = asyncio.ensure_future(asyncio.to_thread(self._save, game_id, dict(entry), doc))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _save(self, game_id: str, entry: dict[str, Any], doc: Any) -> None:
        self.storage.save_review(game_id, entry["status"], entry["done"], entry["total"],
                                 entry["params"], doc)
