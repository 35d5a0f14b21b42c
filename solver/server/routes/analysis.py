"""The engine's review of a game for the review page: what ``solver review`` computes
(:func:`solver.play.review.review_state`, its JSON unchanged), run in the background.

``POST /api/games/{id}/analysis`` starts it (a finished game, or a live game of perfect
information); ``GET`` answers its progress and, once done, the review. One review runs at a
time, in a process of its own (cancelled when the server stops), with a node budget per
position and a time limit for the whole game; a review that reaches the limit keeps the
moves reviewed so far (``interrupted``).

The reviews are kept in the server's memory (a restart forgets them). **Interim**: the
stored review of the club (computed once, kept in the database) replaces this module with
the same JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import queue
import time
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request

from puzzles.game import GameDef
from solver.server import messages as msg
from solver.server.live import LiveGame, RequestError
from solver.server.routes.common import manager_of

router = APIRouter(tags=["review"], responses={403: {"model": msg.ErrorBody},
                                               404: {"model": msg.ErrorBody}})

#: The budget of ``solver review`` (nodes per position; the environment variable
#: ``SOLVER_REVIEW_NODES`` sets another, 10-5000) and a limit for the whole game.
MAX_NODES = 200
MAX_SECONDS = 600.0


def review_nodes() -> int:
    """The node budget per position of a review."""
    text = os.environ.get("SOLVER_REVIEW_NODES", "")
    return min(5000, max(10, int(text))) if text.isdigit() else MAX_NODES


@dataclass
class Job:
    """One game's review: its progress, the moves reviewed so far, the final JSON."""

    game_id: str
    total: int
    status: str = "running"  # running, done, failed
    moves: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str = ""
    max_nodes: int = MAX_NODES
    started: float = field(default_factory=time.time)
    process: Any = None


class Reviews:
    """The reviews of one server: the jobs by game, one running at a time."""

    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}
        self.running = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()

    async def stop(self) -> None:
        """Stop every running review (the server is stopping)."""
        for job in self.jobs.values():
            if job.process is not None and job.process.is_alive():
                job.process.terminate()
        for task in list(self.tasks):
            task.cancel()


def reviews_of(request: Request) -> Reviews:
    """The :class:`Reviews` of the app serving ``request`` (made on first use)."""
    state = request.app.state
    if not hasattr(state, "reviews"):
        state.reviews = Reviews()
    reviews: Reviews = state.reviews
    return reviews


def thresholds(game: GameDef, result: dict[str, Any] | None = None
               ) -> dict[str, float | None]:
    """The loss thresholds a review is judged by: the review document's own, else the game's
    (``Knowledge.review_thresholds``), else the review module's constants (``None`` where
    none is defined). The page never defines its own."""
    if result is not None and isinstance(result.get("thresholds"), dict):
        return dict(result["thresholds"])
    known = getattr(game.knowledge(), "review_thresholds", None)
    if known is not None:
        return dict(zip(("inaccuracy", "mistake", "blunder"), known, strict=True))
    from solver.play import review

    return {"inaccuracy": getattr(review, "INACCURACY", None),
            "mistake": getattr(review, "MISTAKE", None),
            "blunder": getattr(review, "BLUNDER", None)}


def _review_job(game: GameDef, record: str, max_nodes: int, out: Any) -> None:
    """In the worker process: review ``record``, posting each move and then the whole JSON."""
    from solver.play.review import review_text

    try:
        r = review_text(game, record, max_nodes=max_nodes,
                        step=lambda m: out.put(("move", m.to_json())))
        out.put(("done", r.to_json()))
    except Exception as exc:  # reported to the page, never a traceback
        out.put(("failed", f"{type(exc).__name__}: {exc}"))


async def _run(reviews: Reviews, job: Job, game: GameDef, record: str) -> None:
    async with reviews.running:
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        proc = ctx.Process(target=_review_job, args=(game, record, job.max_nodes, out),
                           daemon=True)
        job.process = proc
        job.started = time.time()
        proc.start()
        try:
            while job.status == "running":
                try:
                    kind, value = out.get_nowait()
                except queue.Empty:
                    if not proc.is_alive() and out.empty():
                        job.status, job.error = "failed", "the review process stopped"
                        break
                    if time.time() - job.started > MAX_SECONDS:
                        job.status = "done"
                        job.result = _partial(job, game, interrupted=True)
                        break
                    await asyncio.sleep(0.25)
                    continue
                if kind == "move":
                    job.moves.append(value)
                elif kind == "done":
                    job.status, job.result = "done", value
                else:
                    job.status, job.error = "failed", str(value)
        finally:
            if proc.is_alive():
                proc.terminate()
            await asyncio.to_thread(proc.join, 5)
            with contextlib.suppress(Exception):
                out.close()


def _partial(job: Job, game: GameDef, interrupted: bool) -> dict[str, Any]:
    """The review document of the moves reviewed before the time limit (``interrupted``)."""
    return {"game": game.name, "seats": max((m["seat"] for m in job.moves), default=0) + 1,
            "moves": list(job.moves), "interrupted": interrupted,
            "reviewed": len(job.moves), "total": job.total}


def _answer(g: LiveGame, job: Job | None) -> dict[str, Any]:
    base = {"game": g.room.game.name,
            "thresholds": thresholds(g.room.game, job.result if job else None),
            "max_nodes": job.max_nodes if job else review_nodes(),
            "max_seconds": MAX_SECONDS, "stored": False}
    if job is None:
        return {**base, "status": "none", "reviewed": 0, "total": len(g.state.history())}
    return {**base, "status": job.status, "reviewed": len(job.moves), "total": job.total,
            "moves": job.moves if job.result is None else job.result["moves"],
            "review": job.result, "error": job.error}


def _reviewable(g: LiveGame) -> None:
    if g.status == "live" and not g.room.perfect_information:
        raise RequestError("the review of a game with hidden information opens when the game "
                           "is over", status=403)


@router.get("/api/games/{game_id}/analysis")
async def get_analysis(game_id: str, request: Request) -> dict[str, Any]:
    """The engine review of the game: ``status`` none, running (with ``reviewed`` of
    ``total`` moves and the ``moves`` so far) or done (``review``: the JSON of ``solver
    review``), and the loss ``thresholds`` it is judged by."""
    g = await manager_of(request).get(game_id)
    _reviewable(g)
    return _answer(g, reviews_of(request).jobs.get(game_id))


@router.post("/api/games/{game_id}/analysis", status_code=202,
             responses={429: {"model": msg.ErrorBody}})
async def start_analysis(game_id: str, request: Request) -> dict[str, Any]:
    """Start the engine review (``MAX_NODES`` nodes per position, at most ``MAX_SECONDS``
    for the game); answered at once, the page asks ``GET`` for the progress."""
    g = await manager_of(request).get(game_id)
    _reviewable(g)
    reviews = reviews_of(request)
    job = reviews.jobs.get(game_id)
    total = len(g.state.history())
    if job is not None and (job.status == "running" or (job.status == "done"
                                                        and job.total == total)):
        return _answer(g, job)
    if any(j.status == "running" for j in reviews.jobs.values()):
        raise RequestError("another game's review is running; ask again when it is done",
                           status=429)
    if len(reviews.jobs) > 200:  # the oldest reviews are forgotten
        for old in list(reviews.jobs)[:100]:
            del reviews.jobs[old]
    job = Job(game_id, total, max_nodes=review_nodes())
    reviews.jobs[game_id] = job
    task = asyncio.create_task(_run(reviews, job, g.room.game, g.state.record_text()))
    reviews.tasks.add(task)
    task.add_done_callback(reviews.tasks.discard)
    return _answer(g, job)
