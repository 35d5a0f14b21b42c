"""The ASGI application of ``solver serve``: pages, the HTTP API and the game websockets.

Build it with :func:`create_app`; ``uvicorn`` serves it. The OpenAPI document of the HTTP API
is at ``/openapi.json`` (and browsable at ``/docs``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, PackageLoader, select_autoescape
from pydantic import ValidationError
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.responses import Response

from puzzles.errors import PuzzleError
from solver.server import arrange
from solver.server import messages as msg
from solver.server.catalog import ROOMS, room
from solver.server.engines import DrawingPool, EnginePool
from solver.server.live import Connection, LiveGame, Manager, RequestError
from solver.server.storage import Storage

log = logging.getLogger("solver.server")
STATIC = Path(__file__).with_name("static")
MAX_BODY = 64 * 1024

templates = Environment(loader=PackageLoader("solver.server", "templates"),
                        autoescape=select_autoescape(["html", "j2"]))


class BodyLimit(BaseHTTPMiddleware):
    """Refuse request bodies larger than :data:`MAX_BODY` (413)."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        size = request.headers.get("content-length")
        if size is not None and not (size.isascii() and size.isdigit() and len(size) <= 18
                                     and int(size) <= MAX_BODY):
            return JSONResponse({"detail": f"request body over {MAX_BODY} bytes"}, 413)
        return await call_next(request)


def create_app(database: str | Path | None = None, *, storage: Storage | None = None,
               engines: EnginePool | None = None, max_games_per_client: int = 20,
               drawing: DrawingPool | None = None) -> FastAPI:
    """The application, storing games in ``database`` (see :func:`storage.database_url`)."""
    store = storage or Storage.open(database)
    manager = Manager(store, engines, max_games_per_client, drawing)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        yield
        await manager.stop()

    app = FastAPI(title="solver serve", version="1", lifespan=lifespan,
                  description="Play and study "
                              + ", ".join(r.game.title for r in ROOMS.values())
                              + ". Live games use the websocket /ws/{game_id}.")
    app.state.manager = manager
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(RequestError)
    async def request_error(_request: Request, exc: RequestError) -> JSONResponse:
        return JSONResponse({"detail": exc.message, "rule": exc.rule}, exc.status)

    def base_url(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    def summary(g: LiveGame, request: Request) -> msg.GameSummary:
        base = base_url(request)
        return msg.GameSummary(
            id=g.id, game=g.room.game.name, status=g.status, result=g.result, moves=g.seq,
            seats=[s.name for s in g.seats], created=g.created, watch=f"{base}/watch/{g.id}",
            review=f"{base}/review/{g.id}" if g.status != "live" else None)

    def created(g: LiveGame, request: Request) -> msg.Created:
        base = base_url(request)
        return msg.Created(id=g.id, watch=f"{base}/watch/{g.id}", seats=[
            msg.SeatLink(seat=i, kind=s.kind, name=s.name,
                         link=f"{base}/play/{g.id}?token={s.token}" if s.token else None)
            for i, s in enumerate(g.seats)])

    # ------------------------------------------------------------------ API
    @app.get("/api/rooms", response_model=list[msg.GameInfo], tags=["games"])
    async def rooms() -> list[msg.GameInfo]:
        """The games this server offers, with their seats, room settings and engine players."""
        return [r.info() for r in ROOMS.values()]

    @app.get("/api/games", response_model=list[msg.GameSummary], tags=["games"])
    async def list_games(request: Request,
                         status: str | None = Query(None, pattern="^(live|over)$")
                         ) -> list[msg.GameSummary]:
        """The newest games (public information only)."""
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

    @app.post("/api/games", response_model=msg.Created, status_code=201, tags=["games"],
              responses={400: {"model": msg.ErrorBody}, 429: {"model": msg.ErrorBody}})
    async def create_game(body: msg.CreateGame, request: Request) -> msg.Created:
        """Create a game. The answer holds one secret link per human seat and the spectator
        link; give each link only to the person who plays that seat."""
        if body.game not in ROOMS:
            raise RequestError(f"unknown game {body.game!r} (known: {', '.join(ROOMS)})")
        client = request.client.host if request.client else ""
        g = await manager.create(ROOMS[body.game], body.settings,
                                 [s.model_dump() for s in body.seats], body.seed, client)
        return created(g, request)

    @app.post("/api/import", response_model=msg.Created, status_code=201, tags=["games"],
              responses={400: {"model": msg.ErrorBody}})
    async def import_record(body: msg.ImportRecord, request: Request) -> msg.Created:
        """Continue a game from a record (games of perfect information, e.g.
        ``W[P63i9];B[P55h8];...``)."""
        try:
            r = room(body.game)
            state = r.from_record(body.record)
        except PuzzleError as exc:
            raise RequestError(f"record: {exc.message}") from None
        client = request.client.host if request.client else ""
        g = await manager.create(r, {}, [s.model_dump() for s in body.seats], 0,
                                 client, state=state)
        return created(g, request)

    @app.get("/api/games/{game_id}", response_model=msg.GameSummary, tags=["games"],
             responses={404: {"model": msg.ErrorBody}})
    async def get_game(game_id: str, request: Request) -> msg.GameSummary:
        """One game (public information only)."""
        return summary(await manager.get(game_id), request)

    @app.get("/api/games/{game_id}/state", tags=["games"],
             responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
    async def get_state(game_id: str, token: str | None = None) -> dict[str, Any]:
        """The ``state`` message of a seat (with its token) or of a spectator."""
        g = await manager.get(game_id)
        return g.message(g.seat_of(token))

    @app.get("/api/games/{game_id}/record", response_class=PlainTextResponse, tags=["games"],
             responses={403: {"model": msg.ErrorBody}, 404: {"model": msg.ErrorBody}})
    async def get_record(game_id: str) -> str:
        """The game's record. Games with hidden information give it only when over."""
        g = await manager.get(game_id)
        if g.status == "live" and not g.room.perfect_information:
            raise RequestError("the record of a game with hidden information is given at its "
                               "end", status=403)
        return g.state.record_text()

    @app.get("/api/games/{game_id}/review/{ply}", response_model=msg.ReviewStep,
             tags=["review"], responses={403: {"model": msg.ErrorBody},
                                         404: {"model": msg.ErrorBody}})
    async def review_step(game_id: str, ply: int, layers: str = "") -> msg.ReviewStep:
        """The position after ``ply`` moves with the analysis overlay (``layers``: a comma
        list of groups, liberties, sections, eyes, oscillation, atari). Live games of perfect
        information may be studied too; games with hidden information once they are over."""
        g = await manager.get(game_id)
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

    @app.get("/api/{game}/pieces", tags=["games"], responses={404: {"model": msg.ErrorBody}})
    async def game_pieces(game: str) -> dict[str, Any]:
        """Pictures of the game's pieces the hands are drawn with, for rooms that have them
        (each piece in both colours)."""
        try:
            return room(game).pieces()
        except PuzzleError as exc:
            raise RequestError(exc.message, status=404) from None

    # ------------------------------------------------------------------ arrangements
    async def arranged(fn: Any, body: Any) -> dict[str, Any]:
        try:
            out: dict[str, Any] = await asyncio.to_thread(fn, body)
        except PuzzleError as exc:
            raise RequestError(exc.message) from None
        return out

    @app.get("/api/arrange/pieces/{set_name}", tags=["arrangements"],
             responses={400: {"model": msg.ErrorBody}})
    async def arrange_pieces(set_name: str) -> dict[str, Any]:
        """A picture of every piece of a set, by number."""
        if set_name not in arrange.DEFAULT_REGION:
            raise RequestError(f"unknown set {set_name!r}")
        return {"set": set_name, "region": arrange.DEFAULT_REGION[set_name],
                "pieces": {str(k): v for k, v in arrange.pieces_svg(set_name).items()},
                "orientation": {str(k): v for k, v in arrange.orientations(set_name).items()}}

    @app.post("/api/arrange/board", tags=["arrangements"],
              responses={400: {"model": msg.ErrorBody}})
    async def arrange_board(body: arrange.Board) -> dict[str, Any]:
        """The board with the player's pieces, the verifier's faults and the pieces left."""
        return await arranged(arrange.board, body)

    @app.post("/api/arrange/hint", tags=["arrangements"],
              responses={400: {"model": msg.ErrorBody}})
    async def arrange_hint(body: arrange.Board) -> dict[str, Any]:
        """One more piece of a solution that keeps every piece placed so far (the engines)."""
        return await arranged(arrange.hint, body)

    @app.post("/api/arrange/solution", tags=["arrangements"],
              responses={400: {"model": msg.ErrorBody}})
    async def arrange_solution(body: arrange.Board) -> dict[str, Any]:
        """A whole solution keeping the fixed pieces."""
        return await arranged(arrange.solution, body)

    @app.post("/api/arrange/puzzle", tags=["arrangements"],
              responses={400: {"model": msg.ErrorBody}})
    async def arrange_puzzle(body: arrange.PuzzleRequest) -> dict[str, Any]:
        """A generated puzzle: fixed pieces with exactly one completion."""
        return await arranged(arrange.puzzle, body)

    # ------------------------------------------------------------------ pages
    def page(name: str, **context: Any) -> HTMLResponse:
        return HTMLResponse(templates.get_template(name).render(**context))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def start_page(request: Request) -> HTMLResponse:
        rows = await list_games(request, None)
        return page("index.html.j2", rooms=[r.info() for r in ROOMS.values()], games=rows)

    @app.get("/arrange", response_class=HTMLResponse, include_in_schema=False)
    async def arrange_page(set_name: str = Query("square", alias="set", max_length=20),
                           region: str | None = Query(None, max_length=40),
                           puzzle: int | None = None) -> HTMLResponse:
        """The page; ``?set=triangle&puzzle=SEED`` opens that set's generated puzzle."""
        if set_name not in arrange.DEFAULT_REGION:
            raise RequestError(f"unknown set {set_name!r} (the page offers "
                               f"{', '.join(arrange.DEFAULT_REGION)})")
        if puzzle is not None and not 0 <= puzzle < 2**31:
            raise RequestError(f"puzzle seed {puzzle} out of range 0..{2**31 - 1}")
        return page("arrange.html.j2", sets=list(arrange.DEFAULT_REGION),
                    regions=arrange.DEFAULT_REGION, chosen=set_name,
                    region=region or arrange.DEFAULT_REGION[set_name], puzzle=puzzle)

    @app.get("/new/{game}", response_class=HTMLResponse, include_in_schema=False)
    async def new_page(game: str) -> HTMLResponse:
        if game not in ROOMS:
            raise HTTPException(404, f"no game {game!r}")
        info = ROOMS[game].info()
        return page("new.html.j2", info=info, info_json=json.dumps(info.model_dump()),
                    importable=ROOMS[game].importable)

    @app.get("/play/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(game_id: str, token: str = "") -> HTMLResponse:
        g = await manager.get(game_id)
        seat = g.seat_of(token)
        return page("play.html.j2", g=g, seat=seat, token=token, mode="play")

    @app.get("/watch/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(game_id: str) -> HTMLResponse:
        g = await manager.get(game_id)
        return page("play.html.j2", g=g, seat=None, token="", mode="watch")

    @app.get("/review/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def review_page(game_id: str) -> HTMLResponse:
        g = await manager.get(game_id)
        return page("review.html.j2", g=g, layers=g.room.layers)

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/{game_id}")
    async def game_socket(ws: WebSocket, game_id: str, token: str = "") -> None:
        await ws.accept()
        try:
            g = await manager.get(game_id)
            seat = g.seat_of(token)
        except RequestError as exc:
            await ws.send_json({"type": "error", "message": exc.message, "rule": ""})
            await ws.close(code=4403 if exc.status == 403 else 4404)
            return
        conn = Connection(seat, ws.send_json)
        await manager.connect(g, conn)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    conn.post(error("send JSON text frames, not binary ones"))
                    continue
                reply = await handle(g, seat, text)
                if reply is not None:
                    conn.post(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await manager.disconnect(g, conn)

    async def handle(g: LiveGame, seat: int | None, text: str) -> dict[str, Any] | None:
        if len(text.encode()) > msg.MAX_MESSAGE_BYTES:
            return error(f"message over {msg.MAX_MESSAGE_BYTES} bytes")
        try:
            m = msg.client_message.validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first.get("loc", ()))
            return error(f"bad message: {first.get('msg', 'invalid')}"
                         + (f" at {where}" if where else ""))
        try:
            if isinstance(m, msg.PingMessage):
                return {"type": "pong"}
            if isinstance(m, msg.CellMessage):
                return {"type": "cell", **manager.cell_info(g, seat, m.cell)}
            if seat is None:
                return error("spectators cannot play: open your seat's link")
            if isinstance(m, msg.MoveMessage):
                await manager.play(g, seat, m.move, m.ply)
            elif isinstance(m, msg.ActionMessage):
                await manager.action(g, seat, m.action)
            elif isinstance(m, msg.UndoMessage):
                await manager.undo(g, seat)
        except RequestError as exc:
            return error(exc.message, exc.rule)
        except PuzzleError as exc:
            return error(exc.message, getattr(exc, "rule", ""))
        return None

    def error(message: str, rule: str = "") -> dict[str, Any]:
        return {"type": "error", "message": message, "rule": rule}

    return app
