"""The arrangements page's API: pieces, the judged board, hints, solutions, puzzles.

Only the sets and regions the page offers are accepted (:data:`solver.server.arrange.OFFERED`,
named shapes: no file is ever opened), and each search runs in a search worker process
(:class:`solver.server.workers.WorkerPool`, at a lower priority) under a time limit
(:data:`SEARCH_SECONDS`, :data:`PUZZLE_SECONDS`, waiting for a free worker included) and a node
limit; a request whose client goes away is cancelled and its worker killed. A search that
reaches its limit is answered 422 (rule ``budget``: not a proof that none exists); when every
search worker is busy and the waiting line is full, the answer is 429 (rule ``busy``) at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, Request

from puzzles.errors import PuzzleError
from solver.server import arrange
from solver.server import messages as msg
from solver.server.livegame import RequestError
from solver.server.workers import BusyError, WorkerError, WorkerPool

#: Seconds a hint or a solution may take (the answer: 503 "budget" after that).
SEARCH_SECONDS = 15.0
#: Seconds a generated puzzle may take.
PUZZLE_SECONDS = 30.0

router = APIRouter(tags=["arrangements"], responses={
    code: {"model": msg.ErrorBody} for code in (400, 422, 429, 503)})


def search_pool(request: Request) -> WorkerPool:
    """The app's search workers."""
    pool: WorkerPool = request.app.state.searches
    return pool


def limit(request: Request, name: str) -> float:
    """The app's time limit ``name`` (``search`` or ``puzzle``) in seconds."""
    limits: dict[str, float] = getattr(request.app.state, "search_limits", {})
    return limits.get(name, SEARCH_SECONDS if name == "search" else PUZZLE_SECONDS)


async def arranged(fn: Any, body: Any) -> dict[str, Any]:
    """``fn(body)`` in a thread (no search: the board and its faults); a PuzzleError becomes
    a 400."""
    try:
        out: dict[str, Any] = await asyncio.to_thread(fn, body)
    except PuzzleError as exc:
        raise RequestError(exc.message, getattr(exc, "rule", "") or "") from None
    return out


async def searched(request: Request, fn: Any, body: Any, seconds: float) -> dict[str, Any]:
    """``fn(body)`` in a search worker within ``seconds``; cancelled (the worker killed) when
    the client goes away."""
    try:
        arrange.check_offered(body.set, body.region, body.kind)
    except PuzzleError as exc:
        raise RequestError(exc.message) from None
    job = asyncio.ensure_future(search_pool(request).run(fn, body, timeout=seconds))
    try:
        while not job.done():
            await asyncio.wait({job}, timeout=0.5)
            if not job.done() and await request.is_disconnected():
                job.cancel()
                raise RequestError("the client went away", "cancelled", status=499)
        out: dict[str, Any] = job.result()
    except BusyError as exc:
        raise RequestError(exc.message, "busy", status=429) from None
    except WorkerError as exc:
        if exc.timed_out:
            raise RequestError(f"no answer within the search's limit ({seconds:g} s); this "
                               "is not a proof that none exists", "budget", status=422) from None
        raise RequestError(f"the search failed: {exc.message}", "failed", status=503) from None
    except arrange.BudgetError as exc:
        raise RequestError(exc.message, "budget", status=422) from None
    except PuzzleError as exc:
        raise RequestError(exc.message, getattr(exc, "rule", "") or "") from None
    finally:
        if not job.done():
            job.cancel()
            with contextlib.suppress(BaseException):
                await job
    return out


@router.get("/api/arrange/offer")
async def arrange_offer(request: Request) -> dict[str, Any]:
    """The sets and regions the page offers (``sets``: compact arrangements; ``kinds``: kind
    -> set -> regions) and the searches' limits."""
    return {"sets": {s: list(r) for s, r in arrange.OFFERED["compact"].items()},
            "kinds": {k: {s: list(r) for s, r in v.items()} for k, v in arrange.OFFERED.items()},
            "default": arrange.DEFAULT_REGION, "search_seconds": limit(request, "search"),
            "puzzle_seconds": limit(request, "puzzle"), "search_nodes": arrange.SEARCH_NODES}


@router.get("/api/arrange/pieces/{set_name}")
async def arrange_pieces(set_name: str) -> dict[str, Any]:
    """A picture of every piece of a set, by number, and the regions offered for it."""
    if set_name not in arrange.DEFAULT_REGION:
        raise RequestError(f"unknown set {set_name[:20]!r}")
    return {"set": set_name, "region": arrange.DEFAULT_REGION[set_name],
            "regions": list(arrange.OFFERED["compact"][set_name]),
            "pieces": {str(k): v for k, v in arrange.pieces_svg(set_name).items()},
            "orientation": {str(k): v for k, v in arrange.orientations(set_name).items()}}


@router.post("/api/arrange/board")
async def arrange_board(body: arrange.Board) -> dict[str, Any]:
    """The board with the player's pieces, the verifier's faults and the pieces left."""
    return await arranged(arrange.board, body)


@router.post("/api/arrange/hint")
async def arrange_hint(body: arrange.Board, request: Request) -> dict[str, Any]:
    """One more piece of a solution that keeps every piece placed so far (an arrangement engine)."""
    return await searched(request, arrange.hint, body, limit(request, "search"))


@router.post("/api/arrange/solution")
async def arrange_solution(body: arrange.Board, request: Request) -> dict[str, Any]:
    """A whole solution keeping the fixed pieces."""
    return await searched(request, arrange.solution, body, limit(request, "search"))


@router.post("/api/arrange/completions")
async def arrange_completions(body: arrange.Board, request: Request) -> dict[str, Any]:
    """How many arrangements complete the fixed pieces (up to two): a puzzle made by hand has
    exactly one."""
    return await searched(request, arrange.completions, body, limit(request, "search"))


@router.post("/api/arrange/puzzle")
async def arrange_puzzle(body: arrange.PuzzleRequest, request: Request) -> dict[str, Any]:
    """A generated puzzle: fixed pieces with exactly one completion."""
    return await searched(request, arrange.puzzle, body, limit(request, "puzzle"))
