"""What keeps a hostile client from hurting the server: the body limit counted as the bytes
arrive, validation errors that never echo the input, and seat tokens kept out of the logs."""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The largest request body the server reads (bytes).
MAX_BODY = 64 * 1024


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413: by the declared Content-Length at
    once, and by counting the bytes as they arrive (chunked uploads declare none). The
    rejected body is never read further, kept or echoed."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and not (declared.isdigit() and len(declared) <= 18
                                         and int(declared) <= self.limit):
            await self._refuse(send)
            return
        seen = 0
        over = started = False

        async def counted() -> Message:
            nonlocal seen, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    over = True  # the app sees a client that went away and stops reading
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if over:
                return  # whatever the app answers to the cut body is not sent
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not over:
                raise
        if over and not started:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = f'{{"detail":"request body over {self.limit} bytes","rule":""}}'.encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """A request that breaks the schema: 422 with where and what, never the input itself
    (it may be huge, not encodable as JSON, or someone else's)."""
    assert isinstance(exc, RequestValidationError)
    errors: list[dict[str, Any]] = []
    for e in exc.errors()[:20]:
        loc = [x if isinstance(x, int) else str(x)[:60] for x in e.get("loc", ())]
        errors.append({"loc": loc, "msg": str(e.get("msg", "invalid"))[:200],
                       "type": str(e.get("type", "value_error"))})
    return JSONResponse({"detail": errors}, 422)


_TOKEN = re.compile(r"(token=)[^&\s\"]*")


def hide_tokens(text: str) -> str:
    """``text`` with every ``token=...`` value replaced by ``***``."""
    return _TOKEN.sub(r"\1***", text)


class TokenFilter(logging.Filter):
    """Keeps seat tokens out of the access log (they are in the seats' links)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(a) if isinstance(a, str) else a
                                for a in record.args)
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        return True


def install_log_filters() -> None:
    """Hide tokens in uvicorn's access and error logs (call before serving)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenFilter) for f in logger.filters):
            logger.addFilter(TokenFilter())
