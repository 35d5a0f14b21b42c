"""The arrangements page's API: pieces, the judged board, hints, solutions, puzzles."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from puzzles.errors import PuzzleError
from solver.server import arrange
from solver.server import messages as msg
from solver.server.live import RequestError

router = APIRouter(tags=["arrangements"], responses={400: {"model": msg.ErrorBody}})


async def arranged(fn: Any, body: Any) -> dict[str, Any]:
    """``fn(body)`` in a thread; a PuzzleError becomes a 400."""
    try:
        out: dict[str, Any] = await asyncio.to_thread(fn, body)
    except PuzzleError as exc:
        raise RequestError(exc.message) from None
    return out


@router.get("/api/arrange/offered")
async def arrange_offered() -> dict[str, Any]:
    """The kinds, sets and named regions the page offers (the first region the default)."""
    return {"offered": {k: {s: list(r) for s, r in v.items()} for k, v in
                        arrange.OFFERED.items()}}


@router.get("/api/arrange/pieces/{set_name}")
async def arrange_pieces(set_name: str) -> dict[str, Any]:
    """A picture of every piece of a set, by number."""
    if set_name not in arrange.DEFAULT_REGION:
        raise RequestError(f"unknown set {set_name!r} (the page offers "
                           f"{', '.join(arrange.DEFAULT_REGION)})")
    return {"set": set_name, "region": arrange.DEFAULT_REGION[set_name],
            "pieces": {str(k): v for k, v in arrange.pieces_svg(set_name).items()},
            "orientation": {str(k): v for k, v in arrange.orientations(set_name).items()}}


@router.post("/api/arrange/board")
async def arrange_board(body: arrange.Board) -> dict[str, Any]:
    """The board with the player's pieces, the verifier's faults and the pieces left."""
    return await arranged(arrange.board, body)


@router.post("/api/arrange/hint")
async def arrange_hint(body: arrange.Board) -> dict[str, Any]:
    """One more piece of a solution that keeps every piece placed so far (the engines)."""
    return await arranged(arrange.hint, body)


@router.post("/api/arrange/solution")
async def arrange_solution(body: arrange.Board) -> dict[str, Any]:
    """A whole solution keeping the fixed pieces."""
    return await arranged(arrange.solution, body)


@router.post("/api/arrange/completions")
async def arrange_completions(body: arrange.Board) -> dict[str, Any]:
    """How many arrangements complete the fixed pieces (up to two): a puzzle made by hand has
    exactly one."""
    return await arranged(arrange.completions, body)


@router.post("/api/arrange/puzzle")
async def arrange_puzzle(body: arrange.PuzzleRequest) -> dict[str, Any]:
    """A generated puzzle: fixed pieces with exactly one completion."""
    return await arranged(arrange.puzzle, body)
