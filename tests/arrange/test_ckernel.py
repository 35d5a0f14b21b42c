"""The C kernel (``engines/_ckernel.c`` through ``csearch.CSearch``) against the numba kernel,
the frontier count and the known counts: the same counts, node counters, rows and probes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from itertools import islice
from pathlib import Path

import pytest

from solver.arrange.engines import csearch
from solver.arrange.engines.builtin import FrontierEngine, KernelEngine
from solver.arrange.engines.kernel import KernelSearch
from solver.arrange.prepared import Run
from solver.arrange.problem import ArrangementProblem
from tests.arrange.test_known_counts import lines

from .helpers import completion


def c_compiler() -> str | None:
    """The C compiler ``pip install`` would use (``$CC``, else Python's own), if present."""
    name = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(name)


def test_the_c_kernel_is_built() -> None:
    """Where a C compiler exists, ``pip install`` built the kernel (without one the install
    falls back to numba, and so does this test)."""
    if c_compiler() is None:
        pytest.skip("no C compiler: the install ran the numba kernel instead")
    assert csearch._ckernel is not None, "the C kernel is not built: python3 -m pip install -e ."


def c_search(run: Run, dynamic: bool = False) -> csearch.CSearch:
    if csearch._ckernel is None:
        pytest.skip("the C kernel is not built")
    return csearch.CSearch(run.layout, dynamic=dynamic)


PROBLEMS = {
    "square-4x4": ("square", "4x4", "blank"),
    "square-torus:8x2": ("square", "torus:8x2", "blank"),  # up and down: the same neighbour
    "square-cylinder:2x8": ("square", "cylinder:2x8", "blank"),
    "triangle-4x4": ("triangle", "4x4", "blank"),
    "triangle-torus:8x2": ("triangle", "torus:8x2", "blank"),
    "triangle-4x4-free": ("triangle", "4x4", "free"),
}


def problem_of(name: str) -> ArrangementProblem:
    if name.startswith("free"):
        return completion(int(name[4:]))
    set_name, region, border = PROBLEMS[name]
    return ArrangementProblem.create(set_name, "compact", region, border)


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "mrv"])
@pytest.mark.parametrize("name", [*PROBLEMS, "free24", "free32"])
def test_c_and_numba_search_alike(name: str, dynamic: bool) -> None:
    run = Run(problem_of(name))
    ours, theirs = c_search(run, dynamic), KernelSearch(run.instance, dynamic=dynamic)
    assert ours.dynamic == theirs.dynamic
    assert ours.order == [int(c) for c in theirs.order]
    seeds = (1, 5, 1 << 40 | 3)
    assert [ours.probe(s) for s in seeds] == [theirs.probe(s) for s in seeds]
    assert ours.probe_trials == theirs.probe_trials > 0
    status, rows = ours.advance(50, 1 << 30)
    status_n, rows_n = theirs.advance(50, 1 << 30)
    assert status == status_n and [list(r) for r in rows] == [r.tolist() for r in rows_n]
    assert ours.count() == theirs.count()
    assert ours.nodes == theirs.nodes > 0


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "mrv"])
@pytest.mark.parametrize(("set_name", "region"), [("square2", "16x16"),
                                                  ("triangle2", "8x16")])
def test_c_and_numba_alike_on_second_order_sets(set_name: str, region: str,
                                                dynamic: bool) -> None:
    """8 and 6 sides (tables of 256 x 256 and 128 x 128): the first rows and the nodes of a
    budgeted call agree."""
    run = Run(ArrangementProblem.create(set_name, "compact", region, "free"))
    ours, theirs = c_search(run, dynamic), KernelSearch(run.instance, dynamic=dynamic)
    assert [ours.probe(s) for s in (3, 9)] == [theirs.probe(s) for s in (3, 9)]
    status, rows = ours.advance(5, 20_000)
    status_n, rows_n = theirs.advance(5, 20_000)
    assert status == status_n and [list(r) for r in rows] == [r.tolist() for r in rows_n]
    assert ours.nodes == theirs.nodes and ours.solutions_found == theirs.solutions_found


def test_budgets_resume_where_they_stopped() -> None:
    run = Run(problem_of("square-cylinder:2x8"))
    whole = c_search(run)
    total = whole.count()
    pieces = c_search(run)
    rows: list[tuple[int, ...]] = []
    calls = 0
    while True:
        status, found = pieces.advance(7, 1000)
        rows.extend(tuple(r) for r in found)
        calls += 1
        if status == csearch.EXHAUSTED:
            break
    assert calls > 100 and len(rows) == len(set(rows)) == total == 30720
    assert pieces.nodes == whole.nodes


def known_compact() -> list[object]:
    out = []
    for set_name, kind, region, border, _single, count, *_rest in lines():
        if kind == "compact" and int(count) < 3_000_000:
            out.append(pytest.param(set_name, region, border, int(count),
                                    id=f"{set_name}-{region}-{border}"))
    return out


@pytest.mark.parametrize(("set_name", "region", "border", "count"), known_compact())
def test_c_kernel_counts_the_known_counts(set_name: str, region: str, border: str,
                                          count: int) -> None:
    p = ArrangementProblem.create(set_name, "compact", region, border)
    run = Run(p)
    for dynamic in (False, True):
        assert c_search(run, dynamic).count() == count
    if set_name in ("square", "triangle"):
        assert FrontierEngine().count(run) == count


def test_the_kernel_engine_runs_the_c_search() -> None:
    run = Run(problem_of("free32"))
    engine = KernelEngine()
    if not csearch.available():
        pytest.skip("the C kernel is not built or switched off")
    assert isinstance(engine.search(run), csearch.CSearch)
    assert engine.count(run) == 99
    numba = KernelSearch(run.instance, dynamic=True)
    assert numba.count() == 99 and engine.nodes == numba.nodes
    first = next(engine.rows(run, find=True))
    assert list(first) == next(iter(KernelSearch(run.instance, dynamic=True).batches(1)))[0] \
        .tolist()


def test_numba_stands_in_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLVER_KERNEL", "numba")
    run = Run(problem_of("square-4x4"))
    search = csearch.new_search(run)
    assert isinstance(search, KernelSearch) and search.count() == 652
    rows = list(islice(KernelEngine("static").rows(run), 3))
    assert len(rows) == 3


def test_bad_tables_are_refused() -> None:
    if csearch._ckernel is None:
        pytest.skip("the C kernel is not built")
    search_type = csearch._ckernel.Search
    with pytest.raises(ValueError, match="expected 4 numbers"):
        search_type(4, 16, [-1] * 3, [0] * 4, [0], [0], [-1], [0])
    with pytest.raises(ValueError, match="outside"):
        search_type(4, 16, [5, -1, -1, -1], [0] * 4, [0], [0], [-1], [0])
    with pytest.raises(ValueError, match="piece_space"):
        search_type(4, 8, [-1] * 4, [0] * 4, [0], [0], [-1], [0])


FREE32 = "tests/data/hexagon-completions/rhombus8x8-free32.json"
#: What a kernel process must not load (``find`` draws its text picture with ``reports.beams``).
HEAVY = ("numpy", "numba", "scipy", "pydantic", "ortools", "jinja2", "matplotlib", "dask",
         "solver.arrange.engines.kernel", "solver.arrange.instance", "solver.arrange.symmetry")


@pytest.mark.parametrize("args", [
    ["count", "compact", "--set", "hexagon", "--region", "rhombus:8x8", "--fixed", FREE32],
    ["find", "compact", "--set", "hexagon", "--region", "rhombus:8x8", "--json"]])
def test_a_kernel_process_imports_neither_numpy_nor_numba(args: list[str]) -> None:
    """Whole ``count`` and ``find`` processes on the C kernel (start-up, issue 24): the layout,
    the C search and the verifier; numpy and numba stay out (read in ``sys.modules``)."""
    if not csearch.available():
        pytest.skip("the C kernel is not built or switched off")
    code = ("import sys; from solver.cli import main\n"
            f"sys.argv = ['solver', 'arrange', *{args!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=root)
    lines = out.stdout.splitlines()
    assert lines[-1] == "[]", lines[-1]
    assert lines[0].startswith("99 ") or '"placements"' in out.stdout


@pytest.mark.slow
def test_the_40_free_completion_by_two_kernels() -> None:
    """573,105 completions (issue 24): the C kernel (``auto``), then the numba kernel, a second
    implementation (about 3 minutes of CPU for both here)."""
    run = Run(problem_of("free40"))
    assert KernelEngine().count(run) == 573105
    assert KernelSearch(run.instance, dynamic=True).count() == 573105
