"""``solver serve``: the web server where people play and study the games in a browser."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Generator
from types import FrameType
from typing import Any

import click

from puzzles.errors import InvalidInputError
from solver.cli.vocabulary import alias


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
@click.option("--computer-workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes for computer seats.")
@alias("--engine-workers", "computer_workers")
@click.option("--draw-workers", default=2, show_default=True, type=click.IntRange(0, 64),
              help="Worker processes that draw the boards (0: a thread of the server).")
@click.option("--search-workers", default=1, show_default=True, type=click.IntRange(1, 16),
              help="Worker processes for the arrangements page's searches.")
@click.option("--abandon-after", default=900.0, show_default=True,
              type=click.FloatRange(10, 7 * 86400),
              help="Seconds without any action after which a live game is abandoned.")
@click.option("--forwarded-allow-ips", default=None, metavar="IPS",
              help="Trust X-Forwarded-For/-Proto only from these proxy addresses "
                   "(comma-separated; default: trust no forwarding header).")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]),
              help="How much the server logs on stderr (seat tokens are never logged).")
def serve(host: str, port: int, database: str | None, max_games_per_client: int,
          computer_workers: int, draw_workers: int,
          search_workers: int, abandon_after: float, forwarded_allow_ips: str | None,
          log_level: str) -> None:
    """Serve the games on http://HOST:PORT until Ctrl-C.

    Create a game on the start page, take a seat, and give the other seats to the computer or to
    friends (each seat has its own secret link). Every accepted move is stored in the database
    before anyone sees it; a restarted server continues every game. Ctrl-C stops it (exit 0),
    SIGTERM too (exit 143).
    """
    import socket

    from solver.server.app import create_app  # local: start-up
    from solver.server.computers import ComputerPool, DrawingPool  # local: start-up
    from solver.server.guards import install_log_filters  # local: start-up
    from solver.server.storage import Storage, database_url, safe_url  # local: start-up
    from solver.server.workers import WorkerPool  # local: start-up

    store = Storage.open(database)
    drawing = (DrawingPool(draw_workers) if draw_workers else DrawingPool(kind="thread"))
    app = create_app(storage=store, computers=ComputerPool(computer_workers),
                     max_games_per_client=max_games_per_client, drawing=drawing,
                     searches=WorkerPool(search_workers, nice=10, max_waiting=4,
                                         name="search"),
                     abandon_after=abandon_after)
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        raise InvalidInputError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    actual = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = database_url(database)
    click.echo(f"solver serve: http://{shown}:{actual}/  (database {safe_url(url)}; "
               "Ctrl-C stops)", err=False)
    install_log_filters()
    server = _Server(_config(app, log_level, forwarded_allow_ips))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    click.echo("solver serve: stopped")
    if server.stop_signal == signal.SIGTERM:
        sys.exit(143)  # the command line's code for SIGTERM (128 + 15)


def _config(app: Any, log_level: str, forwarded: str | None) -> Any:
    """uvicorn's settings: forwarding headers trusted only from ``forwarded`` (none by
    default), a bounded graceful shutdown."""
    import uvicorn

    return uvicorn.Config(app, log_level=log_level, ws_max_size=65536, lifespan="on",
                          proxy_headers=forwarded is not None,
                          forwarded_allow_ips=forwarded or "", timeout_graceful_shutdown=3,
                          server_header=False)


def _server_class() -> Any:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server that remembers the signal that stopped it instead of raising it
        again after the shutdown (so that ``solver serve`` can say it stopped and exit with
        its documented code); a second signal stops at once."""

        stop_signal: int | None = None

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if self.stop_signal is not None:
                self.force_exit = True
            self.stop_signal = sig
            self.should_exit = True

        @contextlib.contextmanager
        def capture_signals(self) -> Generator[None, None, None]:
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            handled = (signal.SIGINT, signal.SIGTERM)
            before = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
            try:
                yield
            finally:
                for sig, handler in before.items():
                    signal.signal(sig, handler)

    return Server


def _Server(config: Any) -> Any:  # noqa: N802 (a class made on first use: uvicorn loads late)
    return _server_class()(config)
