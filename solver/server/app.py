"""The ASGI application of ``solver serve``: pages, the HTTP API and the game websockets.

Build it with :func:`create_app`; ``uvicorn`` serves it. The routes live in routers of their
own (:mod:`solver.server.routes`). The OpenAPI document of the HTTP API is at
``/openapi.json`` (and browsable at ``/docs``).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.responses import Response

from solver.server.catalog import ROOMS
from solver.server.engines import DrawingPool, EnginePool
from solver.server.live import Manager
from solver.server.routes import (
    analysis,
    arrange,
    backslide,
    errors,
    games,
    pages,
    review,
    rules,
    sockets,
)
from solver.server.storage import Storage

STATIC = Path(__file__).with_name("static")
MAX_BODY = 64 * 1024


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
        if hasattr(app.state, "reviews"):
            await app.state.reviews.stop()
        await manager.stop()

    app = FastAPI(title="solver serve", version="1", lifespan=lifespan,
                  description="Play and study "
                              + ", ".join(r.game.title for r in ROOMS.values())
                              + ". Live games use the websocket /ws/{game_id}.")
    app.state.manager = manager
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    errors.install(app)  # JSON for the API, a page for a person's link
    for router in (games.router, review.router, games.pieces_router, arrange.router,
                   rules.router, backslide.router, analysis.router, pages.router, sockets.router):
        app.include_router(router)
    return app
