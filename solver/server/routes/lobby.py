"""The club's lobby: open seeks (made, listed, accepted, taken back), the live games to
watch, and the seats' actions over HTTP (moves, side actions, computer seats) for clients
without a websocket."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from solver.server import messages as msg
from solver.server.catalog import ROOMS
from solver.server.livegame import LiveGame, RequestError
from solver.server.routes.common import client_of, manager_of, summary
from solver.server.seeks import Seek, SeekBook

router = APIRouter(tags=["club"])
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": msg.ErrorBody} for code in (400, 403, 404, 409, 429)}


def book_of(request: Request) -> SeekBook:
    """The app's seeks (made on first use)."""
    book: SeekBook | None = getattr(request.app.state, "seeks", None)
    if book is None:
        m = manager_of(request)
        book = request.app.state.seeks = SeekBook(m.max_games_per_client, m.abandon_after)
    return book


def seat_answer(s: Seek, seat: int, token: str) -> msg.SeekSeat:
    """A seat of a seek: its token, and its link once the game exists."""
    link = f"/play/{s.game_id}?token={token}" if s.game_id else None
    return msg.SeekSeat(id=s.id, seat=seat, token=token,
                        status="started" if s.game_id else "open", game_id=s.game_id,
                        link=link)


@router.get("/api/lobby")
async def lobby(request: Request) -> dict[str, Any]:
    """The open seeks and the live games (to watch)."""
    m = manager_of(request)
    live = sorted((g for g in m.games.values() if g.status == "live"),
                  key=lambda g: -g.created)[:100]
    return {"seeks": [s.public() for s in book_of(request).open()],
            "live": [summary(g, request).model_dump() for g in live]}


@router.post("/api/seeks", response_model=msg.SeekSeat, status_code=201, responses=ERRORS)
async def make_seek(body: msg.SeekBody, request: Request) -> msg.SeekSeat:
    """Offer a game in the lobby. Keep the token: it is your seat's, and it takes the seek
    back (``DELETE``)."""
    if body.game not in ROOMS:
        raise RequestError(f"unknown game {body.game!r} (known: {', '.join(ROOMS)})")
    r = ROOMS[body.game]
    m = manager_of(request)
    clock = None if body.clock is None else body.clock.model_dump()
    m._settings(r, body.settings, clock)  # refuse bad settings now, not at the accept
    m._make_seats(r, [s.model_dump() for s in body.seats], {})
    s = book_of(request).add(r, body.settings, [x.model_dump() for x in body.seats], clock,
                             body.me, body.name.strip(), client_of(request))
    return seat_answer(s, s.seeker, s.tokens[s.seeker])


@router.get("/api/seeks", responses=ERRORS)
async def list_seeks(request: Request) -> list[dict[str, Any]]:
    """The open seeks, newest first."""
    return [s.public() for s in book_of(request).open()]


@router.get("/api/seeks/{seek_id}", responses=ERRORS)
async def get_seek(seek_id: str, request: Request, token: str = "") -> dict[str, Any]:
    """One seek; with a seat's token also that seat's link once the game has started."""
    s = book_of(request).get(seek_id)
    out = s.public()
    seat = s.seat_of(token)
    if seat is not None:
        out["you"] = seat_answer(s, seat, s.tokens[seat]).model_dump()
    return out


@router.post("/api/seeks/{seek_id}/accept", response_model=msg.SeekSeat, responses=ERRORS)
async def accept_seek(seek_id: str, body: msg.AcceptSeek, request: Request) -> msg.SeekSeat:
    """Take the next open seat; the game starts when every person's seat is taken."""
    book = book_of(request)
    s = book.get(seek_id)
    seat, token = book.take(s, body.name.strip())
    if not s.open_seats():
        try:
            g = await manager_of(request).create(s.room, s.settings, book.game_seats(s), None,
                                                 s.client, clock=s.clock, tokens=s.tokens)
        except RequestError:
            del s.names[seat], s.tokens[seat]
            raise
        s.game_id = g.id
    return seat_answer(s, seat, token)


@router.delete("/api/seeks/{seek_id}", status_code=204, responses=ERRORS)
async def cancel_seek(seek_id: str, request: Request, token: str = "") -> None:
    """Take your seek back (the seeker's token)."""
    book = book_of(request)
    book.cancel(book.get(seek_id), token)


async def seat_game(request: Request, game_id: str, token: str) -> tuple[LiveGame, int]:
    """The game and the seat of ``token`` (403 for a spectator's or a wrong token)."""
    g = await manager_of(request).get(game_id)
    seat = g.seat_of(token)
    if seat is None:
        raise RequestError("a seat's token is needed", status=403)
    await manager_of(request).join(g, seat)
    return g, seat


@router.post("/api/games/{game_id}/move", responses=ERRORS)
async def post_move(game_id: str, body: msg.SeatMove, request: Request) -> dict[str, Any]:
    """Play a move for the token's seat; the answer is the seat's new ``state``."""
    g, seat = await seat_game(request, game_id, body.token)
    await manager_of(request).play(g, seat, body.move, body.ply)
    return g.message(seat)


@router.post("/api/games/{game_id}/action", responses=ERRORS)
async def post_action(game_id: str, body: msg.SeatAction, request: Request) -> dict[str, Any]:
    """A side action (resign, abort, draw offer, rematch...) for the token's seat."""
    g, seat = await seat_game(request, game_id, body.token)
    await manager_of(request).action(g, seat, body.action)
    return g.message(seat)


@router.post("/api/games/{game_id}/computer", responses=ERRORS)
@router.post("/api/games/{game_id}/engine", responses=ERRORS, include_in_schema=False)
async def post_computer(game_id: str, body: msg.SeatComputer, request: Request
                        ) -> dict[str, Any]:
    """Give a computer seat to another computer player (e.g. after its player failed);
    ``/engine``, the old address, still answers."""
    g, seat = await seat_game(request, game_id, body.token)
    await manager_of(request).replace_computer(g, seat, body.seat, body.player, body.move_time)
    return g.message(seat)
