"""The ASGI application of ``solver serve``: pages, the HTTP API and the game websockets.

Build it with :func:`create_app`; ``uvicorn`` serves it. The routes live in routers of their
own (:mod:`solver.server.routes`); :mod:`solver.server.guards` keeps hostile clients in check.
The OpenAPI document of the HTTP API is at ``/openapi.json`` (and browsable at ``/docs``).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from solver.server.analysis import Analyses
from solver.server.catalog import ROOMS
from solver.server.computers import ComputerPool, DrawingPool
from solver.server.guards import MAX_BODY, BodyLimit
from solver.server.live import Manager
from solver.server.livegame import ABANDON_AFTER
from solver.server.routes import (
    arrange,
    backslide,
    errors,
    games,
    lobby,
    pages,
    review,
    rules,
    sockets,
)
from solver.server.storage import Storage
from solver.server.workers import WorkerPool

STATIC = Path(__file__).with_name("static")
__all__ = ["MAX_BODY", "create_app"]


def create_app(database: str | Path | None = None, *, storage: Storage | None = None,
               computers: ComputerPool | None = None, max_games_per_client: int = 20,
               drawing: DrawingPool | None = None, searches: WorkerPool | None = None,
               abandon_after: float = ABANDON_AFTER,
               search_limits: dict[str, float] | None = None) -> FastAPI:
    """The application, storing games in ``database`` (see :func:`storage.database_url`).

    ``searches`` runs the arrangements page's searches (default: one worker process at a
    lower priority, at most four requests waiting); ``search_limits`` their time limits in
    seconds (``{"search": ..., "puzzle": ...}``, default
    :data:`solver.server.routes.arrange.SEARCH_SECONDS` and ``PUZZLE_SECONDS``)."""
    store = storage or Storage.open(database)
    manager = Manager(store, computers, max_games_per_client, drawing, abandon_after)
    search_pool = searches or WorkerPool(1, nice=10, max_waiting=4, name="search")
    review_pool = WorkerPool(1, nice=15, name="analysis")
    manager.extra_pools.extend([search_pool, review_pool])

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
    app.state.searches = search_pool
    app.state.search_limits = dict(search_limits or {})
    app.state.analyses = Analyses(store, review_pool)
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    errors.install(app)  # JSON for the API (guards.validation_error), a page for a person's link
    for router in (games.router, lobby.router, review.router, games.pieces_router,
                   arrange.router, rules.router, backslide.router,
                   pages.router, sockets.router):
        app.include_router(router)
    return app
