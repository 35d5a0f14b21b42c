"""The server's database: games, their seats and every accepted move (SQLAlchemy Core).

One schema for SQLite (the default, a file in the user's data directory) and PostgreSQL (a
club server, ``postgresql://user:password@host/db``). The schema carries a version number in
``schema_version`` and upgrades itself when an older database is opened.

A game row holds the game's name, its room settings, the seats (who plays them and each seat's
secret token), the full state (``GameState.to_json``, hidden parts included: only the server
reads it), the clock document and the status. A move row holds its number, the seat, the text
and the server time it was accepted. :meth:`Storage.record_move` writes the move row and the
new state in ONE transaction; the server broadcasts a move only after it returns.

Examples
--------
>>> s = Storage.open(":memory:")
>>> s.create_game(GameRow("g1", "nim", {}, [], {"moves": []}, {}, "live", "", 0.0, 0.0))
>>> s.load_game("g1").game
'nim'
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from puzzles.errors import InvalidInputError

SCHEMA_VERSION = 3

metadata = sa.MetaData()

schema_version = sa.Table(
    "schema_version", metadata,
    sa.Column("version", sa.Integer, nullable=False),
)

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("clock", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("result", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("client", sa.String(64), nullable=False, server_default=""),  # added in v2
)

moves = sa.Table(
    "moves", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

reviews = sa.Table(  # added in v3: the stored reviews of finished games
    "reviews", metadata,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("done", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("params", sa.Text, nullable=False),
    sa.Column("doc", sa.Text, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

#: version -> SQL statements that bring a database of version-1 up to it.
UPGRADES: dict[int, list[str]] = {
    2: ["ALTER TABLE games ADD COLUMN client VARCHAR(64) NOT NULL DEFAULT ''"],
    3: ["CREATE TABLE IF NOT EXISTS reviews (game_id VARCHAR(32) NOT NULL PRIMARY KEY, "
        "status VARCHAR(16) NOT NULL, done INTEGER NOT NULL, total INTEGER NOT NULL, "
        "params TEXT NOT NULL, doc TEXT NOT NULL, updated FLOAT NOT NULL)"],
}


@dataclass
class GameRow:
    """One stored game (JSON columns decoded)."""

    id: str
    game: str
    settings: dict[str, Any]
    seats: list[dict[str, Any]]
    state: dict[str, Any]
    clock: dict[str, Any]
    status: str
    result: str
    created: float
    updated: float
    client: str = ""
    moves: list[MoveRow] = field(default_factory=list)


@dataclass(frozen=True)
class MoveRow:
    """One accepted move."""

    ply: int
    seat: int
    text: str
    at: float


#: The URL schemes ``--database`` takes (SQLite, and PostgreSQL through psycopg).
SCHEMES = ("sqlite", "postgresql", "postgres", "postgresql+psycopg")


def database_url(spec: str | Path | None) -> str:
    """The SQLAlchemy URL of ``--database`` (a path, ``:memory:`` or a PostgreSQL URL).

    ``None`` is the default file ``games.sqlite3`` in the user's data directory.

    Raises
    ------
    InvalidInputError
        For a URL of another scheme (``mysql://...``: its driver is not installed).
    """
    if spec is None:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("beamsolver"))
        folder.mkdir(parents=True, exist_ok=True)
        spec = folder / "games.sqlite3"
    text = str(spec)
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if "://" in text:
        scheme = text.split("://", 1)[0]
        if scheme not in SCHEMES:
            raise InvalidInputError(
                f"--database: the URL scheme {scheme[:40]!r} is not supported; give a SQLite "
                "path, sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB")
        return text
    if text == ":memory:":
        return "sqlite://"
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def safe_url(url: str) -> str:
    """The database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        user = creds.split(":", 1)[0]
        return f"{scheme}://{user}:***@{host}" if ":" in creds else f"{scheme}://{user}@{host}"
    return url


def _without_password(text: str, url: str) -> str:
    """``text`` with the password of ``url`` (if any) replaced by ``***``."""
    if "@" in url and "://" in url:
        creds = url.split("://", 1)[1].rsplit("@", 1)[0]
        if ":" in creds:
            password = creds.split(":", 1)[1]
            if password:
                text = text.replace(password, "***")
    return text


class Storage:
    """The games database. Thread-safe: every method opens its own connection/transaction."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self._lock = threading.Lock()

    @classmethod
    def open(cls, spec: str | Path | None = None) -> Storage:
        """Open (and create or upgrade) the database named by ``spec``.

        Raises
        ------
        InvalidInputError
            When the database cannot be opened, or is newer than this program.
        """
        url = database_url(spec)
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if url == "sqlite://":
                kwargs["poolclass"] = sa.pool.StaticPool
        try:
            engine = sa.create_engine(url, **kwargs)
            if url.startswith("sqlite"):
                sa.event.listen(engine, "connect", _sqlite_pragmas)
            store = cls(engine)
            store.migrate()
        except sa.exc.SQLAlchemyError as exc:
            shown = safe_url(str(spec)) if "://" in str(spec) else str(spec)
            first = str(exc).splitlines()[0] if str(exc) else ""
            raise InvalidInputError(f"database {shown}: {exc.__class__.__name__}: "
                                    f"{_without_password(first, str(spec))}") from None
        return store

    # ---------------------------------------------------------------------- schema
    def version(self) -> int:
        """The schema version of the open database (0 when empty)."""
        with self.engine.connect() as conn:
            if not sa.inspect(conn).has_table("schema_version"):
                return 0
            v = conn.execute(sa.select(schema_version.c.version)).scalar()
            return int(v or 0)

    def migrate(self) -> None:
        """Create the tables, or upgrade an older schema step by step to SCHEMA_VERSION."""
        current = self.version()
        if current > SCHEMA_VERSION:
            raise InvalidInputError(f"the database has schema version {current}; this program "
                                    f"knows up to {SCHEMA_VERSION}: upgrade beamsolver")
        with self.engine.begin() as conn:
            if current == 0:
                has_games = sa.inspect(conn).has_table("games")
                metadata.create_all(conn)
                if not has_games:
                    conn.execute(schema_version.insert().values(version=SCHEMA_VERSION))
                    return
                conn.execute(schema_version.insert().values(version=1))
                current = 1
            for v in range(current + 1, SCHEMA_VERSION + 1):
                for stmt in UPGRADES.get(v, []):
                    conn.execute(sa.text(stmt))
                conn.execute(schema_version.update().values(version=v))

    # ---------------------------------------------------------------------- writes
    def create_game(self, row: GameRow) -> None:
        """Store a new game (and any moves it starts with) in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(games.insert().values(
                id=row.id, game=row.game, settings=_dump(row.settings), seats=_dump(row.seats),
                state=_dump(row.state), clock=_dump(row.clock), status=row.status,
                result=row.result, created=row.created, updated=row.updated, client=row.client))
            if row.moves:
                conn.execute(moves.insert(), [
                    {"game_id": row.id, "ply": m.ply, "seat": m.seat, "text": m.text,
                     "at": m.at} for m in row.moves])

    def record_move(self, game_id: str, move: MoveRow, state: dict[str, Any],
                    clock: dict[str, Any], status: str, result: str) -> None:
        """Store one accepted move and the state after it, in one transaction.

        Raises
        ------
        sqlalchemy.exc.IntegrityError
            When a move with that number is already stored (a move is never applied twice).
        """
        with self.engine.begin() as conn:
            conn.execute(moves.insert().values(game_id=game_id, ply=move.ply, seat=move.seat,
                                               text=move.text, at=move.at))
            conn.execute(games.update().where(games.c.id == game_id).values(
                state=_dump(state), clock=_dump(clock), status=status, result=result,
                updated=time.time()))

    def undo_moves(self, game_id: str, from_ply: int, state: dict[str, Any],
                   clock: dict[str, Any], status: str) -> None:
        """Delete the moves numbered ``from_ply`` and later and store the state, atomically."""
        with self.engine.begin() as conn:
            conn.execute(moves.delete().where(moves.c.game_id == game_id,
                                              moves.c.ply >= from_ply))
            conn.execute(games.update().where(games.c.id == game_id).values(
                state=_dump(state), clock=_dump(clock), status=status, result="",
                updated=time.time()))

    def update_game(self, game_id: str, *, state: dict[str, Any] | None = None,
                    clock: dict[str, Any] | None = None, status: str | None = None,
                    result: str | None = None, seats: list[dict[str, Any]] | None = None
                    ) -> None:
        """Change some columns of a game (e.g. the clock after a timeout without a move)."""
        values: dict[str, Any] = {"updated": time.time()}
        if seats is not None:
            values["seats"] = _dump(seats)
        if state is not None:
            values["state"] = _dump(state)
        if clock is not None:
            values["clock"] = _dump(clock)
        if status is not None:
            values["status"] = status
        if result is not None:
            values["result"] = result
        with self.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id).values(**values))

    def save_review(self, game_id: str, status: str, done: int, total: int,
                    params: dict[str, Any], doc: dict[str, Any] | None) -> None:
        """Store (or replace) the review of a game and how far it got."""
        values = {"status": status, "done": done, "total": total, "params": _dump(params),
                  "doc": _dump(doc), "updated": time.time()}
        with self.engine.begin() as conn:
            found = conn.execute(sa.select(reviews.c.game_id)
                                 .where(reviews.c.game_id == game_id)).first()
            if found is None:
                conn.execute(reviews.insert().values(game_id=game_id, **values))
            else:
                conn.execute(reviews.update().where(reviews.c.game_id == game_id)
                             .values(**values))

    def load_review(self, game_id: str) -> dict[str, Any] | None:
        """``{"status", "done", "total", "params", "doc"}`` of a stored review, or None."""
        with self.engine.connect() as conn:
            r = conn.execute(reviews.select().where(reviews.c.game_id == game_id)
                             ).mappings().first()
        if r is None:
            return None
        return {"status": r["status"], "done": r["done"], "total": r["total"],
                "params": json.loads(r["params"]), "doc": json.loads(r["doc"])}

    # ---------------------------------------------------------------------- reads
    def load_game(self, game_id: str) -> GameRow | None:
        """The game with its moves, or None."""
        with self.engine.connect() as conn:
            r = conn.execute(games.select().where(games.c.id == game_id)).mappings().first()
            if r is None:
                return None
            ms = conn.execute(moves.select().where(moves.c.game_id == game_id)
                              .order_by(moves.c.ply)).mappings().all()
        row = _row(r)
        row.moves = [MoveRow(m["ply"], m["seat"], m["text"], m["at"]) for m in ms]
        return row

    def list_games(self, status: str | None = None, limit: int = 200) -> list[GameRow]:
        """The newest games first (without their moves)."""
        q = games.select().order_by(games.c.created.desc()).limit(limit)
        if status is not None:
            q = q.where(games.c.status == status)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(q).mappings().all()]

    def count_moves(self, game_id: str) -> int:
        """How many moves of the game are stored."""
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(moves)
                                    .where(moves.c.game_id == game_id)).scalar() or 0)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()


def _row(r: Any) -> GameRow:
    return GameRow(r["id"], r["game"], json.loads(r["settings"]), json.loads(r["seats"]),
                   json.loads(r["state"]), json.loads(r["clock"]), r["status"], r["result"],
                   r["created"], r["updated"], r["client"])


def _dump(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"), sort_keys=True)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()
