"""The games database on SQLite and PostgreSQL: one transaction per move, no move stored twice,
undo, listing, and a schema that upgrades itself.

PostgreSQL runs when SOLVER_TEST_POSTGRES names a database (``.ci/run`` starts one and sets
it); without it the PostgreSQL half is skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from puzzles.errors import InvalidInputError
from solver.server.storage import (
    SCHEMA_VERSION,
    GameRow,
    MoveRow,
    Storage,
    database_url,
    metadata,
)

POSTGRES = os.environ.get("SOLVER_TEST_POSTGRES")


def _wipe(url: str) -> None:
    engine = sa.create_engine(database_url(url))
    with engine.begin() as conn:
        metadata.drop_all(conn)
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def spec(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database spec for each backend (a fresh SQLite file; a wiped PostgreSQL db)."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite3")
        return
    if not POSTGRES:
        pytest.skip("SOLVER_TEST_POSTGRES is not set (.ci/run sets it)")
    _wipe(POSTGRES)
    yield POSTGRES
    _wipe(POSTGRES)


def row(game_id: str = "g1") -> GameRow:
    return GameRow(game_id, "dominions", {"base": 9}, [{"kind": "human", "name": "Ann",
                                                       "token": "secret"}],
                   {"game": "dominions", "moves": []}, {"started": None}, "live", "", 1.0, 1.0,
                   "127.0.0.1")


def test_create_load_and_moves(spec: str) -> None:
    s = Storage.open(spec)
    assert s.version() == SCHEMA_VERSION
    s.create_game(row())
    s.record_move("g1", MoveRow(0, 0, "W[P63i9]", 10.0), {"game": "dominions",
                                                          "moves": ["P63i9"]},
                  {"started": 5.0}, "live", "")
    s.record_move("g1", MoveRow(1, 1, "B[P55h8]", 11.0), {"game": "dominions",
                                                          "moves": ["P63i9", "P55h8"]},
                  {"started": 5.0}, "over", "W+2")
    g = s.load_game("g1")
    assert g is not None
    assert [m.text for m in g.moves] == ["W[P63i9]", "B[P55h8]"]
    assert g.state["moves"] == ["P63i9", "P55h8"]
    assert (g.status, g.result, g.clock, g.client) == ("over", "W+2", {"started": 5.0},
                                                       "127.0.0.1")
    assert g.seats[0]["token"] == "secret"
    assert s.count_moves("g1") == 2
    assert [r.id for r in s.list_games("over")] == ["g1"]
    assert s.list_games("live") == []
    assert s.load_game("nope") is None
    s.close()


def test_a_move_number_is_stored_once_and_the_failed_transaction_changes_nothing(spec: str
                                                                                 ) -> None:
    s = Storage.open(spec)
    s.create_game(row())
    s.record_move("g1", MoveRow(0, 0, "W[P63i9]", 10.0), {"n": 1}, {}, "live", "")
    with pytest.raises(sa.exc.IntegrityError):
        s.record_move("g1", MoveRow(0, 0, "W[P1a1]", 12.0), {"n": 2}, {}, "over", "x")
    g = s.load_game("g1")
    assert g is not None
    assert [m.text for m in g.moves] == ["W[P63i9]"]
    assert (g.state, g.status) == ({"n": 1}, "live")  # the state update was rolled back
    s.close()


def test_undo_deletes_the_later_moves(spec: str) -> None:
    s = Storage.open(spec)
    s.create_game(row())
    for k in range(4):
        s.record_move("g1", MoveRow(k, k % 2, f"m{k}", float(k)), {"n": k + 1}, {}, "live", "")
    s.undo_moves("g1", 2, {"n": 2}, {}, "live")
    g = s.load_game("g1")
    assert g is not None
    assert [m.text for m in g.moves] == ["m0", "m1"] and g.state == {"n": 2}
    s.close()


def test_an_old_schema_upgrades_itself(spec: str) -> None:
    url = database_url(spec)
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # the version-1 schema: no client column
        conn.execute(sa.text("CREATE TABLE schema_version (version INTEGER NOT NULL)"))
        conn.execute(sa.text("INSERT INTO schema_version VALUES (1)"))
        conn.execute(sa.text(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(32) NOT NULL, "
            "settings TEXT NOT NULL, seats TEXT NOT NULL, state TEXT NOT NULL, "
            "clock TEXT NOT NULL, status VARCHAR(16) NOT NULL, result TEXT NOT NULL, "
            "created FLOAT NOT NULL, updated FLOAT NOT NULL)"))
        conn.execute(sa.text(
            "CREATE TABLE moves (game_id VARCHAR(32) NOT NULL REFERENCES games(id), "
            "ply INTEGER NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL, "
            "at FLOAT NOT NULL, PRIMARY KEY (game_id, ply))"))
        conn.execute(sa.text(
            "INSERT INTO games VALUES ('old', 'dominions', '{}', '[]', '{}', '{}', 'live', '', "
            "1.0, 1.0)"))
    engine.dispose()
    s = Storage.open(spec)
    assert s.version() == SCHEMA_VERSION == 3
    g = s.load_game("old")
    assert g is not None and g.client == "" and g.game == "dominions"
    s.record_move("old", MoveRow(0, 0, "W[P63i9]", 3.0), {}, {}, "live", "")
    assert s.count_moves("old") == 1
    s.save_review("old", "running", 1, 9, {"nodes": 50}, None)  # the table of version 3
    s.save_review("old", "done", 9, 9, {"nodes": 50}, {"moves": []})
    assert s.load_review("old") == {"status": "done", "done": 9, "total": 9,
                                    "params": {"nodes": 50}, "doc": {"moves": []}}
    s.close()


def test_a_newer_schema_is_refused(spec: str) -> None:
    s = Storage.open(spec)
    with s.engine.begin() as conn:
        conn.execute(sa.text("UPDATE schema_version SET version = 99"))
    s.close()
    with pytest.raises(InvalidInputError, match="schema version 99"):
        Storage.open(spec)


def test_database_urls(tmp_path: Path) -> None:
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url(":memory:") == "sqlite://"
    assert database_url(tmp_path / "x.db") == f"sqlite:///{tmp_path / 'x.db'}"


def test_an_unreachable_database_is_one_clear_error() -> None:
    with pytest.raises(InvalidInputError, match="database"):
        Storage.open("postgresql://nobody:x@127.0.0.1:1/none")
