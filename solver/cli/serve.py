"""``solver serve``: the web server where people play and study the games in a browser."""

from __future__ import annotations

import click

from puzzles.errors import InvalidInputError


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 opens it to the network: use a reverse proxy).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="TCP port.")
@click.option("--database", default=None, metavar="PATH|URL",
              help="SQLite file, or postgresql://user:password@host/db "
                   "[default: games.sqlite3 in the user's data directory].")
@click.option("--max-games-per-client", default=20, show_default=True,
              type=click.IntRange(1, 10000), help="Live games one client address may create.")
@click.option("--engine-workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes for engine seats.")
@click.option("--draw-workers", default=2, show_default=True, type=click.IntRange(0, 64),
              help="Worker processes that draw the boards (0: a thread of the server).")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]),
              help="How much the server logs on stderr.")
def serve(host: str, port: int, database: str | None, max_games_per_client: int,
          engine_workers: int, draw_workers: int, log_level: str) -> None:
    """Serve the games on http://HOST:PORT until Ctrl-C.

    Create a game on the start page, take a seat, and give the other seats to the engine or to
    friends (each seat has its own secret link). Every accepted move is stored in the database
    before anyone sees it; a restarted server continues every game.
    """
    import socket

    import uvicorn

    from solver.server.app import create_app
    from solver.server.engines import DrawingPool, EnginePool
    from solver.server.storage import Storage, database_url

    store = Storage.open(database)
    drawing = (DrawingPool(draw_workers) if draw_workers else DrawingPool(kind="thread"))
    app = create_app(storage=store, engines=EnginePool(engine_workers),
                     max_games_per_client=max_games_per_client, drawing=drawing)
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        raise InvalidInputError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    actual = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = database_url(database)
    click.echo(f"solver serve: http://{shown}:{actual}/  (database {_safe(url)}; Ctrl-C stops)",
               err=False)
    config = uvicorn.Config(app, log_level=log_level, ws_max_size=65536, lifespan="on")
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    click.echo("solver serve: stopped")


def _safe(url: str) -> str:
    """The database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        user = creds.split(":", 1)[0]
        return f"{scheme}://{user}:***@{host}"
    return url
