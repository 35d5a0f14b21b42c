"""Ctrl-C and SIGTERM end runs cleanly: exit 130 / 143, one line, results kept, no temporary
file, no worker left behind; a used-up budget has its own code (3).

These start ``python3 -m solver`` in a subprocess and signal it once it has started working
(its first stderr byte or a file appearing). Two run by default; the rest:
``python3 -m pytest -m slow tests/hardening/test_signals.py``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]
EMPTY = "." * 81


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "solver", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(predicate: object, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if callable(predicate) and predicate():
            return
        time.sleep(0.1)


def _stop(proc: subprocess.Popen[str], sig: int, after: float, timeout: float = 30
          ) -> tuple[int, str, str]:
    time.sleep(after)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_numbridge_kernel_stops_on_signals(sig: int, code: int, tmp_path: Path) -> None:
    # an empty field has ~6.7e21 solutions: with a huge cap only a signal ends the count
    proc = _start(["numbridge", "solve", EMPTY, "--cap", str(10**18)], tmp_path)
    started = time.monotonic()
    got, _, err = _stop(proc, sig, after=6)
    assert got == code, err
    assert time.monotonic() - started < 30  # stopped within seconds, not at the cap
    assert err.strip().startswith("solver: error: interrupted") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_enumerate_out_keeps_what_it_found_on_sigterm(tmp_path: Path) -> None:
    target = tmp_path / "found.jsonl"
    proc = _start(["arrange", "enumerate", "compact", "--set", "square", "--region", "4x4",
                   "--border", "free", "--out", str(target), "-q"], tmp_path)
    _wait_for(lambda: any(p.name.endswith(".part") and p.stat().st_size > 0
                          for p in tmp_path.iterdir()), 60)
    got, _, err = _stop(proc, signal.SIGTERM, after=0.5)
    assert got == 143, err
    assert "kept in" in err and "Traceback" not in err
    lines = target.read_text().splitlines()
    assert lines and all(json.loads(line)["kind"] == "compact" for line in lines)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_budget_used_up_is_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["backslide", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 .",
                          "--max-nodes", "1000"], capsys)
    assert code == 3 and out == "" and "node budget of 1000 used up" in err


@pytest.mark.slow
def test_jobs_workers_die_with_their_parent(tmp_path: Path) -> None:
    proc = _start(["arrange", "count", "compact", "--set", "hexagon", "--region", "rhombus:8x8",
                   "--jobs", "2", "-q"], tmp_path)

    def workers() -> list[int]:
        found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(proc.pid)],
                               capture_output=True, text=True).stdout.split()
        return [int(p) for p in found]

    _wait_for(lambda: len(workers()) >= 2, 90)
    children = workers()
    assert children
    proc.kill()  # SIGKILL: the parent cannot clean up; the workers must go by themselves
    proc.communicate(timeout=30)
    _wait_for(lambda: not any(_alive(p) for p in children), 15)
    assert not any(_alive(p) for p in children)


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_jobs_stop_cleanly(sig: int, code: int, tmp_path: Path) -> None:
    proc = _start(["arrange", "count", "compact", "--set", "hexagon", "--region", "rhombus:8x8",
                   "--jobs", "2", "-q"], tmp_path)
    got, _, err = _stop(proc, sig, after=12)
    assert got == code and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_tournament_keeps_finished_games_on_sigterm(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    proc = _start(["dominimum", "tournament", "--games", "100000", "--records", str(records),
                   "--json", "-q"], tmp_path)
    got, out, err = _stop(proc, signal.SIGTERM, after=25)
    assert got == 143 and "Traceback" not in err
    doc = json.loads(out)
    kept = records.read_text().splitlines()
    assert doc["interrupted"] is True and doc["games"] >= 1 and len(kept) == doc["games"]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_dominimum_puzzles_interrupted(sig: int, code: int, tmp_path: Path) -> None:
    proc = _start(["dominimum", "puzzles", "--count", "1000", "--tries", "1000000", "--json",
                   "-q"], tmp_path)
    got, out, err = _stop(proc, sig, after=15)
    assert got == code and "Traceback" not in err
    assert "puzzles" in json.loads(out)


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_extremes_interrupted(sig: int, code: int, tmp_path: Path) -> None:
    proc = _start(["dominimum", "extremes", "--mission", "0", "7", "--region", "12x12",
                   "--time-limit", "600",
                   "--json", "-q"], tmp_path)
    got, _, err = _stop(proc, sig, after=15)
    assert got == code and "Traceback" not in err and "interrupted" in err


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead for our purpose
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return False
