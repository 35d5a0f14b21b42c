"""What the routers share: the manager of the running app, links and game summaries."""

from __future__ import annotations

from fastapi import Request
from starlette.requests import HTTPConnection

from solver.server import messages as msg
from solver.server.live import LiveGame, Manager


def manager_of(conn: HTTPConnection) -> Manager:
    """The :class:`Manager` of the app serving ``conn`` (a request or a websocket)."""
    manager: Manager = conn.app.state.manager
    return manager


def base_url(request: Request) -> str:
    """The server's address as the client reached it (links are built from it)."""
    return str(request.base_url).rstrip("/")


def client_of(request: Request) -> str:
    """The client's address (the per-client limit of live games counts it)."""
    return request.client.host if request.client else ""


def summary(g: LiveGame, request: Request) -> msg.GameSummary:
    """A live or loaded game as the list of games shows it (public information only)."""
    base = base_url(request)
    return msg.GameSummary(
        id=g.id, game=g.room.game.name, status=g.status, result=g.result, moves=g.seq,
        seats=[s.name for s in g.seats], created=g.created, watch=f"{base}/watch/{g.id}",
        review=f"{base}/review/{g.id}" if g.status != "live" else None)


def created(g: LiveGame, request: Request) -> msg.Created:
    """The answer to a new game: the secret seat links and the spectator link."""
    base = base_url(request)
    return msg.Created(id=g.id, watch=f"{base}/watch/{g.id}", seats=[
        msg.SeatLink(seat=i, kind=s.kind, name=s.name,
                     link=f"{base}/play/{g.id}?token={s.token}" if s.token else None,
                     token=s.token or None)
        for i, s in enumerate(g.seats)])
