"""Refused requests answered in the client's language: JSON for the API and the websocket,
a page for a person following a link (``/play/bad-id``, ``/arrange?set=x``, an unknown path).
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from solver.server.live import RequestError

TITLES = {400: "That link is not right", 403: "Not for this link", 404: "Not found",
          405: "Not allowed", 413: "Too large", 422: "That link is not right",
          429: "Too many games"}


def wants_page(request: Request) -> bool:
    """True for a person's page request (not the API, the docs, static files or sockets)."""
    path = request.url.path
    if path.startswith(("/api/", "/static/", "/ws/", "/openapi", "/docs", "/redoc")):
        return False
    return request.method in ("GET", "HEAD")


def error_page(status: int, message: str) -> HTMLResponse:
    """The error page: what went wrong in one line and the way back."""
    from solver.server.routes.pages import page  # local: start-up

    response = page("error.html.j2", status=status,
                    title=TITLES.get(status, "Something went wrong"), message=message)
    response.status_code = status
    return response


async def request_error(request: Request, exc: Exception) -> Response:
    """A refused request: ``{"detail", "rule"}`` with the error's status, or a page."""
    assert isinstance(exc, RequestError)
    if wants_page(request):
        return error_page(exc.status, exc.message)
    return JSONResponse({"detail": exc.message, "rule": exc.rule}, exc.status)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's errors (an unknown path, a wrong method): a page for a person."""
    assert isinstance(exc, StarletteHTTPException)
    if wants_page(request):
        detail = exc.detail if isinstance(exc.detail, str) else ""
        if exc.status_code == 404 and detail in ("", "Not Found"):
            detail = f"there is no page at {request.url.path}"
        return error_page(exc.status_code, detail)
    return JSONResponse({"detail": exc.detail}, exc.status_code, headers=exc.headers)


async def validation_error(request: Request, exc: Exception) -> Response:
    """A page's query parameters that do not validate (``/arrange?puzzle=x``): a page."""
    assert isinstance(exc, RequestValidationError)
    if wants_page(request):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x)[:60] for x in first.get("loc", ()) if x != "query")
        what = str(first.get("msg", "not valid"))[:200]
        return error_page(422, f"{where}: {what}" if where else what)
    from solver.server.guards import validation_error as api_validation_error  # local: start-up

    return await api_validation_error(request, exc)


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""
    app.add_exception_handler(RequestError, request_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
