"""Suite-wide fixtures: the tests write only into temporary folders, and no test module
leaves a process behind.

``working_tree_unchanged`` lists the checkout's files (tracked, untracked and ignored, except
byte-code and the install's egg-info) before the first test and after the last; a file the run
created, changed or deleted fails the run, naming it.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import command_of, descendants, gone

ROOT = Path(__file__).resolve().parents[1]
#: Written by Python and pip themselves, not by a test.
_SKIP_PARTS = ("__pycache__", ".egg-info", ".mypy_cache", ".ruff_cache")

# Hypothesis keeps its example database outside the checkout (its default is ./.hypothesis).
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                      str(Path(tempfile.gettempdir()) / "solver-tests-hypothesis"))


def _tree() -> dict[str, str] | None:
    """Every file of the checkout that git sees, with a digest of its bytes and its mode."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others"],
            cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
        ignored = subprocess.run(
            ["git", "ls-files", "-z", "--others", "--ignored", "--exclude-standard"],
            cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None  # not a git checkout (an sdist): nothing to compare
    out: dict[str, str] = {}
    for raw in set(listed.split(b"\0")) | set(ignored.split(b"\0")):
        name = raw.decode("utf-8", "surrogateescape")
        if not name or any(part in name for part in _SKIP_PARTS):
            continue
        path = ROOT / name
        try:
            st = path.lstat()
            digest = hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest() \
                if path.is_file() and not path.is_symlink() else "link"
        except OSError:
            continue  # listed in the index but deleted before the run
        out[name] = f"{digest} {st.st_mode:o}"
    return out


@pytest.fixture(scope="session", autouse=True)
def working_tree_unchanged() -> Iterator[None]:
    """Fail the run when a test wrote into, changed or deleted a file of the checkout."""
    before = _tree()
    yield
    after = _tree()
    if before is None or after is None:
        return
    changed = sorted(name for name in before.keys() | after.keys()
                     if before.get(name) != after.get(name))
    if os.environ.get("SOLVER_GOLDEN_UPDATE") == "1":  # rewriting the expected outputs
        changed = [n for n in changed if not n.startswith("tests/golden/expected/")]
    assert not changed, ("the tests changed the working tree (write into tmp_path instead): "
                         + ", ".join(changed[:20]))


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """pytest-benchmark keeps its results outside the checkout (its default is ./.benchmarks)."""
    if config.getoption("benchmark_storage", None) == "file://./.benchmarks":
        config.option.benchmark_storage = \
            (Path(tempfile.gettempdir()) / "solver-tests-benchmarks").as_uri()

#: Helpers a test run keeps until it ends (multiprocessing's own bookkeeping process).
ALLOWED = ("multiprocessing.resource_tracker",)


def left_behind(before: set[int], wait: float = 10.0) -> list[str]:
    """The processes started below this one since ``before`` that are still alive."""
    fresh = [p for p in descendants(os.getpid()) if p not in before
             and not any(a in command_of(p) for a in ALLOWED)]
    return [f"{p}: {command_of(p)[:120]}" for p in gone(fresh, wait)]


@pytest.fixture(autouse=True, scope="module")
def no_process_left_behind() -> Iterator[None]:
    """After each test module every process its tests started has ended."""
    before = set(descendants(os.getpid()))
    yield
    alive = left_behind(before)
    assert not alive, "processes left behind by this module:\n" + "\n".join(alive)


@pytest.fixture(scope="session")
def demo_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's HTML report for seed 1 (``solver demo --html``), written once per run for
    the tests that read it; never write into it."""
    from solver.cli import main  # local: only the demo tests need the command line

    page = tmp_path_factory.mktemp("demo") / "demo.html"
    with pytest.raises(SystemExit) as info:
        main(["demo", "--html", str(page), "--quiet"])
    assert info.value.code == 0 and page.exists()
    return page
