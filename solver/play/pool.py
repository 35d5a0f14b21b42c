"""Long matches and ladders: games played on Dask and kept in a SQLite checkpoint.

A game of a match is fully described by its :class:`~solver.play.match.GameSpec` (players,
deal, seeds, budgets, settings), so games are independent pieces of work. :class:`GamePool`
is a :class:`~solver.play.match.GameRunner` that

- reads back every game its *checkpoint* already holds (a rerun of a killed run plays only the
  missing games; a stored game is used only when its spec is the one asked for, and a file
  whose game ``n`` was another game is refused),
- sends the others to a Dask cluster (a running scheduler, or a local cluster of ``jobs``
  processes; with neither, and ``jobs`` 1, they are played in this process one by one), and
- stores each finished game at once (one commit per game, so SIGKILL loses only the games in
  flight).

With node budgets the games are the same wherever they are played; with ``--move-time`` a
move gets what its worker's share of the machine allows.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameDef
from solver.play.match import GameResult, GameSpec, play_spec

#: The fields of a stored game (every :class:`GameResult` field).
_FIELDS = ("number", "lineup", "returns", "result", "record", "moves", "seconds",
           "deal_seed", "scores", "think", "stats")


def result_to_doc(r: GameResult) -> dict[str, Any]:
    """Every field of a game result, as JSON."""
    return {f: getattr(r, f) for f in _FIELDS}


def result_from_doc(doc: dict[str, Any]) -> GameResult:
    """A game result written by :func:`result_to_doc`."""
    fields: dict[str, Any] = {f: doc.get(f) for f in _FIELDS}
    return GameResult(**fields)


class GameCheckpoint:
    """Finished games in a SQLite file: ``games(number, game, spec, doc)``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.db = sqlite3.connect(str(path))
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("CREATE TABLE IF NOT EXISTS games (number INTEGER PRIMARY KEY, "
                            "game TEXT NOT NULL, spec TEXT NOT NULL, doc TEXT NOT NULL)")
            self.db.commit()
        except sqlite3.DatabaseError as exc:
            raise InvalidInputError(f"checkpoint {path}: not a ladder checkpoint ({exc})"
                                    ) from exc

    @staticmethod
    def spec_text(spec: GameSpec) -> str:
        """The spec as stored (sorted JSON)."""
        return json.dumps(spec.to_json(), sort_keys=True)

    def done(self, game: GameDef, specs: list[GameSpec]) -> dict[int, GameResult]:
        """The stored results of ``specs``; InvalidInputError when the file holds another
        game under one of their numbers."""
        rows = {n: (g, s, d) for n, g, s, d in
                self.db.execute("SELECT number, game, spec, doc FROM games").fetchall()}
        out: dict[int, GameResult] = {}
        for spec in specs:
            row = rows.get(spec.number)
            if row is None:
                continue
            if row[0] != game.name or row[1] != self.spec_text(spec):
                raise InvalidInputError(
                    f"checkpoint {self.path} belongs to another run (its game {spec.number} "
                    "has other players, seeds, budgets or settings); use a new file")
            out[spec.number] = result_from_doc(json.loads(row[2]))
        return out

    def store(self, game: GameDef, spec: GameSpec, result: GameResult) -> None:
        """Keep one finished game (a second copy of the same number is ignored)."""
        self.db.execute("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?)",
                        (spec.number, game.name, self.spec_text(spec),
                         json.dumps(result_to_doc(result))))
        self.db.commit()

    def close(self) -> None:
        """Close the file."""
        self.db.close()


class GamePool:
    """Plays the games of a match on Dask and/or keeps them in a checkpoint (module
    docstring)."""

    def __init__(self, scheduler: str | None = None, jobs: int = 1,
                 checkpoint: Path | None = None) -> None:
        self.scheduler = scheduler
        self.jobs = jobs
        self.checkpoint = checkpoint

    def results(self, game: GameDef, specs: list[GameSpec]) -> Iterator[GameResult]:
        store = GameCheckpoint(self.checkpoint) if self.checkpoint is not None else None
        try:
            done = store.done(game, specs) if store is not None else {}
            yield from sorted(done.values(), key=lambda r: r.number)
            todo = [s for s in specs if s.number not in done]
            if not todo:
                return
            if self.scheduler is None and self.jobs <= 1:
                for spec in todo:
                    result = play_spec(game, spec)
                    if store is not None:
                        store.store(game, spec, result)
                    yield result
                return
            yield from self._on_dask(game, todo, store)
        finally:
            if store is not None:
                store.close()

    def _on_dask(self, game: GameDef, todo: list[GameSpec], store: GameCheckpoint | None
                 ) -> Iterator[GameResult]:
        from dask.distributed import as_completed  # loaded only for a distributed run

        from solver.cluster import DaskCluster  # local: (with Dask)

        cluster = DaskCluster(self.scheduler, self.jobs)
        futures: dict[Any, GameSpec] = {}
        try:
            tag = f"{game.name}-{abs(hash(tuple(todo))) % 10**12}"
            futures = {cluster.client.submit(play_spec, game, spec, retries=1,
                                             key=f"game-{spec.number}-{tag}"): spec
                       for spec in todo}
            for fut in as_completed(futures):
                result = fut.result()
                if store is not None:
                    store.store(game, futures[fut], result)
                yield result
        finally:
            for fut in futures:
                fut.cancel()
            cluster.close()
