"""The game websocket ``/ws/{game_id}?token=...``: one JSON message per text frame."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from puzzles.errors import PuzzleError
from solver.server import messages as msg
from solver.server.live import Connection, LiveGame, Manager, RequestError
from solver.server.routes.common import manager_of

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def game_socket(ws: WebSocket, game_id: str, token: str = "") -> None:
    await ws.accept()
    manager = manager_of(ws)
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
            reply = await handle(manager, g, seat, text)
            if reply is not None:
                conn.post(reply)
    except WebSocketDisconnect:
        pass
    finally:
        await manager.disconnect(g, conn)


async def handle(manager: Manager, g: LiveGame, seat: int | None, text: str
                 ) -> dict[str, Any] | None:
    """Validate and carry out one client message; the reply to send, if any."""
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
        elif isinstance(m, msg.ComputerMessage):
            await manager.replace_computer(g, seat, m.seat, m.player, m.move_time)
    except RequestError as exc:
        return error(exc.message, exc.rule)
    except PuzzleError as exc:
        return error(exc.message, getattr(exc, "rule", ""))
    return None


def error(message: str, rule: str = "") -> dict[str, Any]:
    """An ``error`` message."""
    return {"type": "error", "message": message, "rule": rule}
