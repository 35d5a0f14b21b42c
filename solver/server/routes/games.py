"""The games' HTTP API: the rooms, the list of games, new games, imports, one game's summary,
state and record, and the rooms' piece pictures."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse

from puzzles.errors import PuzzleError
from solver.server import messages as msg
from solver.server.catalog import ROOMS, room
from solver.server.livegame import RequestError
from solver.server.routes.common import base_url, client_of, created, manager_of, summary

router = APIRouter(tags=["games"])


@router.get("/api/rooms", response_model=list[msg.GameInfo])
async def rooms() -> list[msg.GameInfo]:
    """The games this server offers, with their seats, room settings and computer players."""
    return [r.info() for r in ROOMS.values()]


@router.get("/api/games", response_model=list[msg.GameSummary])
async def list_games(request: Request,
                     status: str | None = Query(None, pattern="^(live|over)$")
                     ) -> list[msg.GameSummary]:
    """The newest games (public information only)."""
    manager = manager_of(request)
    store = manager.storage
    rows = await manager._run(store.list_games, status, 200)
    out = []
    for r in rows:
        g = manager.games.get(r.id)
        if g is not None:
            out.append(summary(g, request))
        else:
            out.append(msg.GameSummary(
                id=r.id, game=r.game, status=r.status, result=r.result,
                moves=await manager._run(store.count_moves, r.id),
                seats=[s["name"] for s in r.seats], created=r.created,
                watch=f"{base_url(request)}/watch/{r.id}",
                review=f"{base_url(request)}/review/{r.id}" if r.status != "live" else None))
    return out


@router.post("/api/games", response_model=msg.Created, status_code=201,
             responses={400: {"model": msg.ErrorBody}, 429: {"model": msg.ErrorBody}})
async def create_game(body: msg.CreateGame, request: Request) -> msg.Created:
    """Create a game. The answer holds one secret link per human seat and the spectator
    link; give each link only to the person who plays that seat."""
    if body.game not in ROOMS:
        raise RequestError(f"unknown game {body.game!r} (known: {', '.join(ROOMS)})")
    clock = None if body.clock is None else body.clock.model_dump()
    g = await manager_of(request).create(ROOMS[body.game], body.settings,
                                         [s.model_dump() for s in body.seats], body.seed,
                                         client_of(request), clock=clock)
    return created(g, request)


@router.post("/api/import", response_model=msg.Created, status_code=201,
             responses={400: {"model": msg.ErrorBody}})
async def import_record(body: msg.ImportRecord, request: Request) -> msg.Created:
    """Continue a game from a record (games of perfect information, e.g.
    ``W[P63i9];B[P55h8];...``)."""
    try:
        r = room(body.game)
        state = r.from_record(body.record)
    except PuzzleError as exc:
        raise RequestError(f"record: {exc.message}") from None
    g = await manager_of(request).create(r, {}, [s.model_dump() for s in body.seats], 0,
                                         client_of(request), state=state)
    return created(g, request)


@router.get("/api/games/{game_id}", response_model=msg.GameSummary,
            responses={404: {"model": msg.ErrorBody}})
async def get_game(game_id: str, request: Request) -> msg.GameSummary:
    """One game (public information only)."""
    return summary(await manager_of(request).get(game_id), request)


@router.get("/api/games/{game_id}/state",
            responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
async def get_state(game_id: str, request: Request, token: str | None = None
                    ) -> dict[str, Any]:
    """The ``state`` message of a seat (with its token: the seat has then joined) or of a
    spectator."""
    g = await manager_of(request).get(game_id)
    seat = g.seat_of(token)
    if seat is not None:
        await manager_of(request).join(g, seat)
    return g.message(seat)


@router.get("/api/games/{game_id}/record", response_class=PlainTextResponse,
            responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
async def get_record(game_id: str, request: Request) -> str:
    """The game's record. Games with hidden information give it only when over."""
    g = await manager_of(request).get(game_id)
    if g.status == "live" and not g.room.perfect_information:
        raise RequestError("the record of a game with hidden information is given at its "
                           "end", status=403)
    return g.state.record_text()


pieces_router = APIRouter(tags=["games"])


@pieces_router.get("/api/{game}/pieces", responses={404: {"model": msg.ErrorBody}})
async def game_pieces(game: str) -> dict[str, Any]:
    """Pictures of the game's pieces the hands are drawn with, for rooms that have them
    (each piece in both colours)."""
    try:
        return room(game).pieces()
    except PuzzleError as exc:
        raise RequestError(exc.message, status=404) from None
