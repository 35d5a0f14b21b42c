"""The HTML pages: start, new game, play, watch, review and the arrangements page."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.responses import Response

from puzzles.errors import PuzzleError
from solver.server import arrange
from solver.server.catalog import ROOMS
from solver.server.livegame import RequestError
from solver.server.routes.common import manager_of
from solver.server.routes.games import list_games

templates = Environment(loader=PackageLoader("solver.server", "templates"),
                        autoescape=select_autoescape(["html", "j2"]))

router = APIRouter(include_in_schema=False)


def page(name: str, **context: Any) -> HTMLResponse:
    """The template ``name`` rendered with ``context``."""
    return HTMLResponse(templates.get_template(name).render(**context))


@router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(status_code=204)


@router.get("/", response_class=HTMLResponse)
async def start_page(request: Request) -> HTMLResponse:
    rows = await list_games(request, None)
    return page("index.html.j2", rooms=[r.info() for r in ROOMS.values()], games=rows)


@router.get("/arrange", response_class=HTMLResponse)
async def arrange_page(set_name: str = Query("square", alias="set", max_length=20),
                       kind: str = Query("compact", max_length=20),
                       region: str | None = Query(None, max_length=40),
                       puzzle: int | None = None,
                       fixed: str = Query("", max_length=2000)) -> HTMLResponse:
    """The page; ``?set=triangle&puzzle=SEED`` opens that set's generated puzzle,
    ``?kind=starmap&fixed=0,0:5;3,2:9`` a puzzle of fixed pieces placed by hand."""
    if kind not in arrange.OFFERED:
        raise RequestError(f"unknown kind {kind!r} (the page offers "
                           f"{', '.join(arrange.OFFERED)})")
    if set_name not in arrange.OFFERED[kind]:
        raise RequestError(f"unknown set {set_name!r} (the page offers "
                           f"{', '.join(arrange.OFFERED[kind])} for {kind} arrangements)")
    chosen_region = region or arrange.OFFERED[kind][set_name][0]
    try:
        arrange.check_offered(set_name, chosen_region, kind)
    except PuzzleError as exc:
        raise RequestError(exc.message) from None
    if puzzle is not None and not 0 <= puzzle < 2**31:
        raise RequestError(f"puzzle seed {puzzle} out of range 0..{2**31 - 1}")
    if fixed and not re.fullmatch(r"(-?\d{1,3},-?\d{1,3}:\d{1,4})(;-?\d{1,3},-?\d{1,3}:\d{1,4})*",
                                  fixed):
        raise RequestError("fixed pieces are written x,y:piece;x,y:piece (e.g. 0,0:5;1,0:3)")
    return page("arrange.html.j2", sets=list(arrange.OFFERED[kind]), kinds=list(arrange.OFFERED),
                kind=kind, chosen=set_name, region=chosen_region, puzzle=puzzle, fixed=fixed,
                offered=json.dumps(arrange.OFFERED))


@router.get("/new/{game}", response_class=HTMLResponse)
async def new_page(game: str) -> HTMLResponse:
    if game not in ROOMS:
        raise HTTPException(404, f"no game {game!r}")
    info = ROOMS[game].info()
    return page("new.html.j2", info=info, info_json=json.dumps(info.model_dump()),
                importable=ROOMS[game].importable)


@router.get("/play/{game_id}", response_class=HTMLResponse)
async def play_page(game_id: str, request: Request, token: str = "") -> HTMLResponse:
    g = await manager_of(request).get(game_id)
    seat = g.seat_of(token)
    return page("play.html.j2", g=g, seat=seat, token=token, mode="play")


@router.get("/watch/{game_id}", response_class=HTMLResponse)
async def watch_page(game_id: str, request: Request) -> HTMLResponse:
    g = await manager_of(request).get(game_id)
    return page("play.html.j2", g=g, seat=None, token="", mode="watch")


@router.get("/review/{game_id}", response_class=HTMLResponse)
async def review_page(game_id: str, request: Request) -> HTMLResponse:
    g = await manager_of(request).get(game_id)
    return page("review.html.j2", g=g, layers=g.room.layers)
