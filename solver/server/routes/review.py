"""Review: a game's positions with the analysis layers."""

from __future__ import annotations

from fastapi import APIRouter, Request

from puzzles.errors import PuzzleError
from solver.server import messages as msg
from solver.server.livegame import RequestError
from solver.server.routes.common import manager_of

router = APIRouter(tags=["review"])


@router.get("/api/games/{game_id}/review/{ply}", response_model=msg.ReviewStep,
            responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
async def review_step(game_id: str, ply: int, request: Request, layers: str = ""
                      ) -> msg.ReviewStep:
    """The position after ``ply`` moves with the analysis overlay (``layers``: a comma
    list of groups, liberties, sections, eyes, oscillation, atari). Live games of perfect
    information may be studied too; games with hidden information once they are over."""
    g = await manager_of(request).get(game_id)
    if g.status == "live" and not g.room.perfect_information:
        raise RequestError("review opens when the game is over", status=403)
    if not 0 <= ply <= 10000:
        raise RequestError("ply out of range", status=404)
    chosen = {x for x in layers.split(",") if x}
    async with g.lock:
        try:
            out = g.room.review(g.state, ply, chosen)
        except PuzzleError as exc:
            raise RequestError(exc.message, status=404) from None
    return msg.ReviewStep(**out)
