"""Counting and enumerating beyond one process: subproblems on Dask, results in SQLite.

The subproblems are ``split.prefixes(problem, depth)``: deterministic, so an index names one
on every machine. ``run_count`` and ``run_rows`` send them to a Dask cluster (a running one at
``scheduler``, e.g. ``tcp://10.0.0.5:8786``, or a local one of ``jobs`` worker processes) and
keep every finished subproblem in a SQLite *checkpoint*: a rerun with the same file skips the
subproblems already done, so a run killed at any moment (even SIGKILL) loses only the
subproblems in flight, and a result is stored once (``INSERT OR IGNORE`` on its index), so
nothing is counted twice. When a worker dies, the scheduler hands its subproblems to another
worker (a local cluster's nanny also restarts the dead worker).

The checkpoint remembers what it belongs to (set, kind, region, border, fixed pieces, depth,
order, count or rows): a file from another run is refused.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> import tempfile, pathlib
>>> p = ArrangementProblem.create("square", "compact", "4x4")
>>> db = pathlib.Path(tempfile.mkdtemp()) / "run.sqlite"
>>> run_count(p, jobs=1, depth=2, checkpoint=db).count  # doctest: +SKIP
652
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from puzzles.errors import InvalidInputError
from solver.arrange.prepared import Problem, Run
from solver.arrange.problem import ArrangementProblem
from solver.arrange.split import (
    Prefix,
    auto_depth,
    count_subproblem,
    prefixes,
    resolved_order,
    rows_subproblem,
)

Tick = Callable[[int, int, int], None]  # (subproblems done, total, solutions so far)


@dataclass(frozen=True)
class ClusterCount:
    """The result of ``run_count``: the count, the subproblems and how many came from the
    checkpoint."""

    count: int
    subproblems: int
    resumed: int


def fingerprint(problem: ArrangementProblem, depth: int, order: str, what: str) -> str:
    """A digest of everything the subproblems depend on."""
    region = problem.region
    doc = {"set": problem.set_name, "kind": problem.kind, "what": what, "depth": depth,
           "order": order, "border": problem.border,
           "region": region.to_json() if region is not None else None,
           "fixed": [[list(c), p] for c, p in problem.fixed]}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


class Checkpoint:
    """Finished subproblems in a SQLite file (WAL journal; one commit per result)."""

    def __init__(self, path: Path | None, key: str, total: int) -> None:
        self.path = path
        self.db = sqlite3.connect(":memory:" if path is None else str(path))
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
        self.db.execute("CREATE TABLE IF NOT EXISTS done (idx INTEGER PRIMARY KEY, "
                        "count INTEGER NOT NULL, rows BLOB)")
        stored = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
        if stored and (stored.get("key") != key or stored.get("total") != str(total)):
            self.db.close()
            raise InvalidInputError(
                f"checkpoint {path} belongs to another run (another problem, depth or order); "
                "use a new file")
        self.db.execute("INSERT OR IGNORE INTO meta VALUES ('key', ?)", (key,))
        self.db.execute("INSERT OR IGNORE INTO meta VALUES ('total', ?)", (str(total),))
        self.db.commit()

    def counts(self) -> dict[int, int]:
        """Index -> count of the subproblems done."""
        return dict(self.db.execute("SELECT idx, count FROM done").fetchall())

    def rows(self, idx: int) -> np.ndarray | None:
        """The stored rows of subproblem ``idx`` (None when not done)."""
        hit = self.db.execute("SELECT rows FROM done WHERE idx = ?", (idx,)).fetchone()
        if hit is None:
            return None
        return np.load(io.BytesIO(hit[0]))

    def store(self, idx: int, count: int, rows: np.ndarray | None = None) -> None:
        """Record one finished subproblem (a second record of the same index is ignored)."""
        blob = None
        if rows is not None:
            buf = io.BytesIO()
            np.save(buf, rows)
            blob = buf.getvalue()
        self.db.execute("INSERT OR IGNORE INTO done VALUES (?, ?, ?)", (idx, count, blob))
        self.db.commit()

    def close(self) -> None:
        """Close the file."""
        self.db.close()


def _count_task(run: Run, prefix: Prefix, order: str) -> int:
    return count_subproblem(run, prefix, order)


def _rows_task(run: Run, prefix: Prefix, order: str) -> np.ndarray:
    return rows_subproblem(run, prefix, order)


class _Cluster:
    """A Dask client on a running scheduler, or on a local cluster of ``jobs`` processes."""

    def __init__(self, scheduler: str | None, jobs: int) -> None:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:  # pragma: no cover - dask is a dependency
            raise InvalidInputError("distributed runs need dask[distributed]") from exc
        self.cluster: Any = None
        if scheduler is not None:
            try:
                self.client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError) as exc:
                raise InvalidInputError(f"cannot reach the Dask scheduler at {scheduler}: "
                                        f"{exc}") from exc
        else:
            self.cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                        dashboard_address=None, silence_logs=40)
            self.client = Client(self.cluster)

    def scatter(self, run: Run) -> Any:
        """The run, sent once to every worker (tasks refer to it instead of carrying it)."""
        return self.client.scatter(run, broadcast=True)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _plan(run: Run, depth: int | None, jobs: int, order: str, what: str,
          checkpoint: Path | None) -> tuple[list[Prefix], str, Checkpoint]:
    problem = run.problem
    if problem.kind != "compact":
        raise InvalidInputError("distributed runs take compact arrangements")
    depth = auto_depth(run, max(jobs, 2)) if depth is None else depth
    subs = prefixes(run, depth)
    order = resolved_order(run, order)
    key = fingerprint(problem, depth, order, what)
    return subs, order, Checkpoint(checkpoint, key, len(subs))


def run_count(problem: Problem, scheduler: str | None = None, jobs: int = 2,
              depth: int | None = None, checkpoint: Path | None = None, order: str = "auto",
              tick: Tick | None = None) -> ClusterCount:
    """Count the subproblems on Dask (see the module docstring).

    Raises
    ------
    InvalidInputError
        For a scheduler that cannot be reached or a checkpoint of another run.
    """
    run = Run.of(problem)
    subs, order, store = _plan(run, depth, jobs, order, "count", checkpoint)
    try:
        done = store.counts()
        resumed = len(done)
        total = sum(done.values())
        if tick is not None:
            tick(len(done), len(subs), total)
        todo = [i for i in range(len(subs)) if i not in done]
        if todo:
            from dask.distributed import as_completed

            cluster = _Cluster(scheduler, jobs)
            try:
                shared = cluster.scatter(run)
                futures = {cluster.client.submit(_count_task, shared, subs[i], order,
                                                 key=f"count-{i}-{store_key(store)}",
                                                 retries=2): i for i in todo}
                for fut in as_completed(futures):
                    n = int(fut.result())
                    store.store(futures[fut], n)
                    done[futures[fut]] = n
                    total += n
                    if tick is not None:
                        tick(len(done), len(subs), total)
            finally:
                cluster.close()
        return ClusterCount(sum(done.values()), len(subs), resumed)
    finally:
        store.close()


def store_key(store: Checkpoint) -> str:
    """A short tag of the run (task keys are unique per run on a shared scheduler)."""
    hit = store.db.execute("SELECT value FROM meta WHERE name = 'key'").fetchone()
    return str(hit[0])[:12]


def run_rows(problem: Problem, scheduler: str | None = None, jobs: int = 2,
             depth: int | None = None, checkpoint: Path | None = None, order: str = "auto",
             tick: Tick | None = None) -> Iterator[np.ndarray]:
    """Solution rows, subproblem by subproblem in index order, computed on Dask; finished
    subproblems' rows are kept in the checkpoint and read back on a rerun."""
    run = Run.of(problem)
    subs, order, store = _plan(run, depth, jobs, order, "rows", checkpoint)
    cluster: _Cluster | None = None
    try:
        done = store.counts()
        todo = [i for i in range(len(subs)) if i not in done]
        futures: dict[int, Any] = {}
        if todo:
            cluster = _Cluster(scheduler, jobs)
            shared = cluster.scatter(run)
            futures = {i: cluster.client.submit(_rows_task, shared, subs[i], order,
                                                key=f"rows-{i}-{store_key(store)}", retries=2)
                       for i in todo}
        found = 0
        for i in range(len(subs)):
            block = store.rows(i)
            if block is None:
                block = np.asarray(futures[i].result())
                store.store(i, len(block), block)
            found += len(block)
            if tick is not None:
                tick(i + 1, len(subs), found)
            yield block
    finally:
        if cluster is not None:
            cluster.close()
        store.close()
