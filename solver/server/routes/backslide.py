"""BackSlide in the browser (the applet's game): the square set's fifteen pieces in a 4x4
sliding puzzle; slide pieces into the hole until every beam meets a beam.

Stateless like the arrangements page: the browser holds the position and counts the slides;
the server deals a seeded scramble, judges a position with the verifier
(``puzzles.arrangements.faults``) and, on request, gives the fewest slides left (IDA*,
``solver.backslide.solve``) within a node and a time limit, or says that the limit ran out.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from puzzles.errors import BudgetExhaustedError, InfeasibleError, PuzzleError
from solver.server import messages as msg
from solver.server.live import RequestError

router = APIRouter(tags=["backslide"], responses={400: {"model": msg.ErrorBody}})

#: Limits of one optimal-slides search (IDA* runs about 2 million nodes a second here).
MAX_NODES = 4_000_000
MAX_SECONDS = 2.0
#: Scrambles offered: random slides away from a solved position.
MAX_SCRAMBLE = 200
_search = asyncio.Semaphore(1)


class Deal(BaseModel):
    """A seeded scramble: ``slides`` random slides away from a solved position."""

    model_config = ConfigDict(extra="forbid")
    seed: Annotated[int, Field(ge=0, le=2**31 - 1, strict=True)] = 1
    slides: Annotated[int, Field(ge=0, le=MAX_SCRAMBLE, strict=True)] = 40


class Position(BaseModel):
    """A BackSlide position: 16 cells row by row, piece numbers 1-15 and the hole 0."""

    model_config = ConfigDict(extra="forbid")
    position: Annotated[list[Annotated[int, Field(ge=0, le=15, strict=True)]],
                        Field(min_length=16, max_length=16)]


def _position(body: Position) -> tuple[int, ...]:
    cells = tuple(body.position)
    if sorted(cells) != list(range(16)):
        raise RequestError("a position holds each piece 1-15 once and one hole (0)")
    return cells


def judge(position: tuple[int, ...]) -> dict[str, Any]:
    """The verifier's verdict on a position: solved when every beam meets a beam and none
    points off the board; the faults otherwise, and the pieces that may slide."""
    from puzzles.arrangements import Arrangement, faults  # local: start-up
    from puzzles.backslide import parity_class, slidable  # local: start-up
    from puzzles.regions import parse_region  # local: start-up

    arr = Arrangement("square", "compact",
                      {(i % 4, i // 4): v for i, v in enumerate(position)},
                      parse_region("4x4", "square"))  # a fixed name, never the client's
    found = list(faults(arr))
    return {"position": list(position), "solved": not found,
            "faults": [f.message for f in found[:6]],
            "fault_count": len(found), "slidable": slidable(position),
            "parity_class": parity_class(position)}


def deal(d: Deal) -> dict[str, Any]:
    """A scrambled position: a solved position chosen by the seed, then ``slides`` slides."""
    import random

    from solver.backslide import scramble, solved_positions  # local: start-up

    solved = solved_positions()
    start = solved[random.Random(d.seed).randrange(len(solved))]
    return {"seed": d.seed, "slides": d.slides, **judge(scramble(start, d.slides, d.seed))}


def optimal(position: tuple[int, ...]) -> dict[str, Any]:
    """The fewest slides left (IDA*, replayed by the independent checker), or why not."""
    from solver.backslide import check_solution, solve  # local: start-up

    limits = {"max_nodes": MAX_NODES, "max_seconds": MAX_SECONDS}
    try:
        sol = check_solution(solve(position, max_nodes=MAX_NODES, max_seconds=MAX_SECONDS))
    except BudgetExhaustedError as exc:
        return {"answered": False, "message": f"not answered within the limit: {exc.message}",
                "limits": limits}
    except InfeasibleError as exc:  # no solved position in this parity class
        return {"answered": False, "message": exc.message, "limits": limits}
    return {"answered": True, "remaining": sol.length, "slides": list(sol.slides),
            "nodes": sol.nodes, "limits": limits,
            "message": "solved already" if sol.length == 0 else
            f"{sol.length} slides at the fewest (first: piece {sol.slides[0]})"}


async def _run(fn: Any, *args: Any) -> dict[str, Any]:
    try:
        out: dict[str, Any] = await asyncio.to_thread(fn, *args)
    except PuzzleError as exc:
        raise RequestError(exc.message) from None
    return out


@router.post("/api/backslide/deal")
async def backslide_deal(body: Deal) -> dict[str, Any]:
    """A seeded scramble (the same seed and slides give the same position)."""
    return await _run(deal, body)


@router.post("/api/backslide/check")
async def backslide_check(body: Position) -> dict[str, Any]:
    """Whether a position is solved (the verifier's faults otherwise)."""
    return judge(_position(body))


@router.post("/api/backslide/optimal", responses={429: {"model": msg.ErrorBody}})
async def backslide_optimal(body: Position) -> dict[str, Any]:
    """The fewest slides left to a solved position of its parity class, searched within
    ``MAX_NODES`` nodes and ``MAX_SECONDS`` seconds (``answered: false`` when the limit
    runs out). One search at a time: a second request meanwhile is refused (429)."""
    position = _position(body)
    if _search.locked():
        raise RequestError("another optimal-slides search is running; ask again in a moment",
                           status=429)
    async with _search:
        return await _run(optimal, position)


@router.get("/backslide", response_class=HTMLResponse, include_in_schema=False)
async def backslide_page(seed: int = Query(1, ge=0, le=2**31 - 1),
                         slides: int = Query(40, ge=0, le=MAX_SCRAMBLE)) -> HTMLResponse:
    """The page; ``?seed=S&slides=N`` deals that scramble."""
    from solver.server.routes.pages import page  # local: start-up

    return page("backslide.html.j2", seed=seed, slides=slides, max_slides=MAX_SCRAMBLE)
