"""Review: a game's positions with the analysis layers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from puzzles.errors import PuzzleError
from solver.server import messages as msg
from solver.server.analysis import Analyses, default_nodes
from solver.server.livegame import RequestError
from solver.server.routes.common import manager_of

router = APIRouter(tags=["review"])


@router.get("/api/games/{game_id}/review/{ply}", response_model=msg.ReviewStep,
            responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
async def review_step(game_id: str, ply: int, request: Request, layers: str = ""
                      ) -> msg.ReviewStep:
    """The position after ``ply`` moves with the analysis overlay (``layers``: a comma
    list of the room's layers, ``Room.layers``: for instance groups, a group's proved
    life-and-death status, liberties, eyes). Live games of perfect
    information may be studied too; games with hidden information once they are over."""
    g = await manager_of(request).get(game_id)
    if g.status == "live" and not g.room.perfect_information:
        raise RequestError("review opens when the game is over", status=403)
    if not 0 <= ply <= 10000:
        raise RequestError("ply out of range", status=404)
    chosen = {x for x in layers.split(",") if x}
    async with g.lock:
        try:
            out = g.room.layered_view(g.state, ply, chosen)
        except PuzzleError as exc:
            raise RequestError(exc.message, status=404) from None
    return msg.ReviewStep(**out)


def analyses_of(request: Request) -> Analyses:
    """The app's stored reviews."""
    found: Analyses = request.app.state.analyses
    return found


@router.post("/api/games/{game_id}/analysis", status_code=202,
             responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
async def start_analysis(game_id: str, request: Request,
                         body: msg.AnalysisRequest | None = None) -> dict[str, Any]:
    """Start the computer's review of the game in the background (once: a stored review with
    the same parameters is not computed again; without a body, ``SOLVER_REVIEW_NODES`` or 200
    iterations per move); the answer is its status, as ``GET``."""
    g = await manager_of(request).get(game_id)
    return await analyses_of(request).start(g, body.nodes if body else default_nodes())


@router.get("/api/games/{game_id}/analysis",
            responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
async def get_analysis(game_id: str, request: Request) -> dict[str, Any]:
    """The stored review: ``status`` (``none``, ``queued``, ``running``, ``done``,
    ``failed``), ``done`` of ``total`` moves, ``params`` and, once done, ``review`` (the
    JSON of ``solver review``: per move ``seat``, ``move``, ``best``, ``before``, ``after``,
    ``loss``; the biggest ``mistakes``) and the loss ``thresholds`` it is judged by."""
    g = await manager_of(request).get(game_id)
    if g.status == "live" and not g.room.perfect_information:
        raise RequestError("review opens when the game is over", status=403)
    return await analyses_of(request).status(g)
