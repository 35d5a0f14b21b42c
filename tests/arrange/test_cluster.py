"""Subproblems on Dask with a SQLite checkpoint: same counts, resumable, robust to lost workers.

The SIGKILL and lost-worker tests start clusters and take 20-60 s here: ``pytest -m slow
tests/arrange/test_cluster.py``.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from puzzles.errors import InvalidInputError
from solver.arrange import ArrangementProblem
from solver.arrange.cluster import run_count, run_rows
from solver.arrange.run import count_arrangements

pytest.importorskip("dask.distributed")

TORUS = ArrangementProblem.create("square", "compact", "torus:4x4")


def done_rows(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return int(con.execute("SELECT count(*) FROM done").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_two_local_workers_agree_with_one_process(tmp_path: Path) -> None:
    from dask.distributed import LocalCluster

    p = ArrangementProblem.create("square", "compact", "4x4")
    db = tmp_path / "run.sqlite"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        result = run_count(p, scheduler=address, depth=2, checkpoint=db)
        assert result.count == count_arrangements(p, engine="kernel")[0] == 652
        assert result.resumed == 0 and done_rows(db) == result.subproblems == 14
        again = run_count(p, scheduler=address, depth=2, checkpoint=db)  # all from the file
        assert again.count == 652 and again.resumed == 14
        assert sum(len(b) for b in run_rows(p, scheduler=address, depth=2)) == 652
        with pytest.raises(InvalidInputError, match="belongs to another run"):
            run_count(p, scheduler=address, depth=3, checkpoint=db)


@pytest.mark.slow
def test_a_run_killed_with_sigkill_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    db = tmp_path / "run.sqlite"
    cmd = [sys.executable, "-m", "solver", "arrange", "count", "compact", "--region",
           "torus:4x4", "--engine", "kernel", "--order", "static", "--jobs", "2", "--depth",
           "4", "--checkpoint", str(db), "--json", "-q"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while done_rows(db) < 10 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)  # the CLI, its scheduler and its workers
    proc.wait()
    partial = done_rows(db)
    assert partial >= 10
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True,
                         timeout=300).stdout
    assert '"count": 203520' in out
    with sqlite3.connect(db) as con:
        total, n = con.execute("SELECT sum(count), count(*) FROM done").fetchone()
    assert total == 203_520 and n >= partial


@pytest.mark.slow
def test_a_worker_killed_mid_run_is_replaced_and_the_count_is_right(tmp_path: Path) -> None:
    from dask.distributed import Client, LocalCluster

    db = tmp_path / "run.sqlite"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        pids = client.run(os.getpid)
        result: dict[str, int] = {}

        def count() -> None:
            result["n"] = run_count(TORUS, scheduler=cluster.scheduler_address, depth=4,
                                    checkpoint=db, order="static").count

        runner = threading.Thread(target=count)
        runner.start()
        deadline = time.monotonic() + 120
        while done_rows(db) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        victim = sorted(pids.values())[0]
        os.kill(victim, signal.SIGKILL)
        runner.join(300)
        assert result["n"] == 203_520
        assert done_rows(db) > 10
        client.wait_for_workers(2, timeout=60)  # the nanny started a new worker
        assert victim not in client.run(os.getpid).values()
