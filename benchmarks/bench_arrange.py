"""Arrangement engines side by side: our kernel, xcover (Knuth's Algorithm C, numba), CP-SAT
and python-constraint, on the jobs of issue 2. Run with

    python -m pytest benchmarks/bench_arrange.py --benchmark-only

Every engine is warmed up first (numba compilation excluded). Groups: enumerate-4x4,
count-torus-4x4, count-free-4x4, find-rhombus-8x8, find-single-group.
"""

from __future__ import annotations

import pytest
from xcover import covers

from benchmarks.cputime import children_cpu, total_cpu
from solver.arrange import ArrangementProblem, solutions
from solver.arrange.engines import cpsat
from solver.arrange.engines.builtin import (
    ConstraintEngine,
    CpSatEngine,
    FrontierEngine,
    KernelEngine,
)
from solver.arrange.engines.grow import FastGrowSearch, GrowSearch
from solver.arrange.engines.kernel import KernelSearch
from solver.arrange.export import dlx_text, parse_xcc
from solver.arrange.prepared import Run


def problem(region: str, border: str = "blank", set_name: str = "square",
            kind: str = "compact", **kw: object) -> ArrangementProblem:
    return ArrangementProblem.create(set_name, kind, region, border, **kw)  # type: ignore[arg-type]


def xcover_count(xcc: tuple[list[str], list[str], list[list[str]]], limit: int | None = None,
                 ) -> int:
    primary, secondary, options = xcc
    n = 0
    for _ in covers(options, primary=primary, secondary=secondary, colored=True):
        n += 1
        if limit is not None and n >= limit:
            break
    return n


def prepared(p: ArrangementProblem) -> Run:
    """The run of ``p`` with its instance built (outside the timings)."""
    run = Run(p)
    run.instance  # noqa: B018
    return run


def kernel_rows(run: Run) -> int:
    return sum(1 for _ in KernelEngine("static").rows(run))


def kernel_blocks(run: Run) -> int:
    """The arrays path: the rows in numpy blocks, unchecked."""
    return sum(len(b) for b in KernelEngine("static").blocks(run))


def numba_rows(run: Run) -> int:
    """The numba kernel's rows (``KernelSearch.batches``): the kernel before the C one."""
    return sum(len(b) for b in KernelSearch(run.instance).batches())


def numba_count(run: Run) -> int:
    return KernelSearch(run.instance).count()


def kernel_count(run: Run) -> int:
    return KernelEngine("static").count(run)


# ---------------------------------------------------------------------------- enumerate 4x4
SQUARE = problem("4x4")
SQUARE_INST = prepared(SQUARE)
SQUARE_XCC = parse_xcc(dlx_text(SQUARE))


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_kernel_rows(benchmark) -> None:
    kernel_rows(SQUARE_INST)
    assert benchmark(kernel_rows, SQUARE_INST) == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_kernel_count(benchmark) -> None:
    kernel_count(SQUARE_INST)
    assert benchmark(kernel_count, SQUARE_INST) == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_kernel_blocks(benchmark) -> None:
    kernel_blocks(SQUARE_INST)
    assert benchmark(kernel_blocks, SQUARE_INST) == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_numba_rows(benchmark) -> None:
    numba_rows(SQUARE_INST)
    assert benchmark(numba_rows, SQUARE_INST) == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_kernel_verified_arrangements(benchmark) -> None:
    # a prepared run, as the kernel rows take (its tables, the order probe and the judge)
    assert benchmark(lambda: sum(1 for _ in solutions(SQUARE_INST))) == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_xcover(benchmark) -> None:
    xcover_count(SQUARE_XCC)
    assert benchmark(xcover_count, SQUARE_XCC) == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_cpsat(benchmark) -> None:
    n = benchmark.pedantic(lambda: sum(1 for _ in CpSatEngine().rows(SQUARE_INST)), rounds=5)
    assert n == 652


@pytest.mark.benchmark(group="enumerate-4x4")
def test_enumerate_4x4_python_constraint(benchmark) -> None:
    n = benchmark.pedantic(lambda: sum(1 for _ in ConstraintEngine().rows(SQUARE_INST)),
                           rounds=1)
    assert n == 652


# ---------------------------------------------------------------------------- count variants
TORUS = problem("torus:4x4")
TORUS_INST = prepared(TORUS)
FREE = problem("4x4", "free")
FREE_INST = prepared(FREE)


@pytest.mark.benchmark(group="count-torus-4x4")
def test_count_torus_kernel(benchmark) -> None:
    assert benchmark.pedantic(kernel_count, (TORUS_INST,), rounds=3) == 203520


@pytest.mark.benchmark(group="count-torus-4x4")
def test_count_torus_numba(benchmark) -> None:
    numba_count(SQUARE_INST)
    assert benchmark.pedantic(numba_count, (TORUS_INST,), rounds=3) == 203520


@pytest.mark.benchmark(group="count-torus-4x4")
def test_count_torus_xcover(benchmark) -> None:
    xcc = parse_xcc(dlx_text(TORUS))
    xcover_count(SQUARE_XCC)
    assert benchmark.pedantic(xcover_count, (xcc,), rounds=1) == 203520


@pytest.mark.benchmark(group="count-torus-4x4")
def test_count_torus_cpsat(benchmark) -> None:
    assert benchmark.pedantic(CpSatEngine().count, (TORUS_INST,), rounds=1) == 203520


@pytest.mark.benchmark(group="count-free-4x4")
def test_count_free_kernel(benchmark) -> None:
    assert benchmark.pedantic(kernel_count, (FREE_INST,), rounds=1) == 2765440


@pytest.mark.benchmark(group="count-free-4x4", timer=total_cpu)
def test_count_free_kernel_2_jobs(benchmark) -> None:
    def two_jobs() -> int:  # the probes of the cell order and the split are timed too
        return KernelEngine().parallel_count(Run(FREE), jobs=2)

    assert benchmark.pedantic(two_jobs, rounds=1) == 2765440


@pytest.mark.benchmark(group="count-free-4x4")
def test_count_free_xcover(benchmark) -> None:
    xcc = parse_xcc(dlx_text(FREE))
    xcover_count(SQUARE_XCC)
    assert benchmark.pedantic(xcover_count, (xcc,), rounds=1) == 2765440


# ---------------------------------------------------------------------------- find rhombus 8x8
HEX = problem("rhombus:8x8", set_name="hexagon")
HEX_INST = prepared(HEX)


def kernel_first(run: Run) -> list[int]:
    return list(next(KernelEngine().rows(run, find=True)))


@pytest.mark.benchmark(group="find-rhombus-8x8")
def test_find_rhombus_kernel(benchmark) -> None:
    kernel_first(HEX_INST)
    row = benchmark(kernel_first, HEX_INST)
    assert sorted(row) == list(range(64))


@pytest.mark.benchmark(group="find-rhombus-8x8")
def test_find_rhombus_numba(benchmark) -> None:
    def first() -> list[int]:
        return next(KernelSearch(HEX_INST.instance, dynamic=True).batches(1))[0].tolist()

    first()
    assert sorted(benchmark(first)) == list(range(64))


@pytest.mark.benchmark(group="find-rhombus-8x8")
def test_find_rhombus_kernel_static_order(benchmark) -> None:
    def static() -> list[int]:
        search = KernelEngine("static").search(HEX_INST, dynamic=False)
        while True:
            _, rows = search.advance(1, 1 << 22)
            if rows:
                return list(rows[0])

    assert sorted(benchmark.pedantic(static, rounds=3)) == list(range(64))


@pytest.mark.benchmark(group="find-rhombus-8x8")
def test_find_rhombus_cpsat_best_settings(benchmark) -> None:
    # best settings measured here: 1 worker, linearization_level=0 (see cpsat.PARAMETERS)
    row = benchmark.pedantic(lambda: next(CpSatEngine().rows(HEX_INST, find=True)), rounds=5)
    assert row is not None and sorted(row.tolist()) == list(range(64))


@pytest.mark.benchmark(group="find-rhombus-8x8")
def test_find_rhombus_xcover(benchmark) -> None:
    xcc = parse_xcc(dlx_text(HEX))
    xcover_count(SQUARE_XCC, 1)
    assert benchmark.pedantic(xcover_count, (xcc, 1), rounds=1) == 1


# ---------------------------------------------------------------------------- single group
SINGLE = ArrangementProblem.create("hexagon", "transcendental", single_group=True)


def grow_first(search_class: type) -> int:
    placements = next(search_class(SINGLE).solutions())
    return len(placements)


@pytest.mark.benchmark(group="find-single-group")
def test_single_group_kernel_numba(benchmark) -> None:
    grow_first(FastGrowSearch)
    assert benchmark.pedantic(grow_first, (FastGrowSearch,), rounds=5) == 64


@pytest.mark.benchmark(group="find-single-group")
def test_single_group_plain_python_growth(benchmark) -> None:
    assert benchmark.pedantic(grow_first, (GrowSearch,), rounds=1) == 64


@pytest.mark.benchmark(group="find-single-group")
def test_single_group_cpsat_bounded_hexagon_6(benchmark) -> None:
    """CP-SAT needs a board: the base-6 hexagon (91 cells); 120 s time limit."""
    inst = Run(problem("hexagon:6", set_name="hexagon", kind="transcendental",
                       single_group=True)).instance

    def solve() -> str:
        m = cpsat.Model(inst)
        solver = cpsat._solver(120.0)
        return solver.status_name(solver.solve(m.model))

    status = benchmark.pedantic(solve, rounds=1)
    assert status in ("FEASIBLE", "OPTIMAL", "UNKNOWN")
    benchmark.extra_info["status"] = status


# ---------------------------------------------------------------------------- issue 15: counting
# The kernel's orders, the frontier DP, xcover and CP-SAT on the counting workloads. Run with
#   python -m pytest benchmarks/bench_arrange.py --benchmark-only -k "order or frontier or startup"
import json  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

from solver.arrange.split import prefix_from_json  # noqa: E402

COMPLETIONS = Path(__file__).resolve().parents[1] / "tests" / "data" / "hexagon-completions"


def completion(free: int) -> ArrangementProblem:
    path = COMPLETIONS / f"rhombus8x8-free{free}.json"
    return ArrangementProblem.create("hexagon", "compact", "rhombus:8x8",
                                     fixed=prefix_from_json(json.loads(path.read_text())))


FREE32 = completion(32)
FREE32_INST = prepared(FREE32)


def kernel_count_in(order: str, run: Run) -> int:
    """The kernel's count in cell ``order``, ``auto``'s probes included (each call counts a
    run of its own that shares the instance's arrays)."""
    return KernelEngine(order).count(run.with_fixed({}))


@pytest.mark.benchmark(group="count-completion-32-order")
@pytest.mark.parametrize("order", ["static", "mrv", "auto"])
def test_order_completion_32_kernel(benchmark, order: str) -> None:
    kernel_count_in(order, FREE32_INST)
    assert benchmark.pedantic(kernel_count_in, (order, FREE32_INST),
                              rounds=3 if order == "static" else 9) == 99


@pytest.mark.benchmark(group="count-completion-32-order")
def test_order_completion_32_numba(benchmark) -> None:
    def count() -> int:
        return KernelSearch(FREE32_INST.instance, dynamic=True).count()

    count()
    assert benchmark.pedantic(count, rounds=9) == 99


FREE24_INST = prepared(completion(24))


@pytest.mark.benchmark(group="count-completion-24-order")
@pytest.mark.parametrize("order", ["static", "mrv", "auto"])
def test_order_completion_24_kernel(benchmark, order: str) -> None:
    """A small search (712 nodes most constrained first): ``auto``'s probes against it."""
    kernel_count_in(order, FREE24_INST)
    assert benchmark(kernel_count_in, order, FREE24_INST) == 2


@pytest.mark.benchmark(group="count-completion-32-order")
def test_order_completion_32_xcover(benchmark) -> None:
    xcc = parse_xcc(dlx_text(FREE32))
    xcover_count(SQUARE_XCC)
    assert benchmark.pedantic(xcover_count, (xcc,), rounds=3) == 99


@pytest.mark.benchmark(group="count-completion-32-order")
def test_order_completion_32_cpsat(benchmark) -> None:
    assert benchmark.pedantic(CpSatEngine().count, (FREE32_INST,), rounds=1) == 99


@pytest.mark.benchmark(group="count-torus-4x4")
def test_frontier_torus(benchmark) -> None:
    assert benchmark.pedantic(FrontierEngine().count, (TORUS_INST,), rounds=9) == 203520


@pytest.mark.benchmark(group="count-torus-4x4")
@pytest.mark.parametrize("order", ["static", "mrv", "auto"])
def test_order_torus_kernel(benchmark, order: str) -> None:
    assert benchmark.pedantic(kernel_count_in, (order, TORUS_INST), rounds=5) == 203520


FREE40_INST = prepared(completion(40))


@pytest.mark.benchmark(group="count-completion-40")
def test_completion_40_kernel(benchmark) -> None:
    """The 40-free completion (573,105), ``auto`` order, one round (tens of seconds)."""
    assert benchmark.pedantic(kernel_count_in, ("auto", FREE40_INST), rounds=1) == 573105


@pytest.mark.benchmark(group="count-free-4x4")
def test_frontier_free_4x4(benchmark) -> None:
    assert benchmark.pedantic(FrontierEngine().count, (FREE_INST,), rounds=5) == 2765440


@pytest.mark.benchmark(group="count-free-strips")
@pytest.mark.parametrize(("region", "expected"), [("8x2", 10676992), ("16x1", 1625702400)])
def test_frontier_free_strips(benchmark, region: str, expected: int) -> None:
    run = prepared(problem(region, "free"))
    assert benchmark.pedantic(FrontierEngine().count, (run,), rounds=5) == expected


#: A whole xcover process counting the 652 from our DLX export: it reads the file itself (so
#: it imports nothing of ours) and imports xcover (numba) as any xcover user does.
STARTUP_XCOVER = """
import sys
from xcover import covers
body = [ln for ln in open(sys.argv[1]) if ln.strip() and not ln.startswith("|")]
head, _, tail = body[0].partition("|")
primary, secondary, options = head.split(), tail.split(), [ln.split() for ln in body[1:]]
print(sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=True)))
"""


#: Whole processes run as a user's would: with Python's bytecode cache on (this machine sets
#: PYTHONDONTWRITEBYTECODE, which makes every process compile our modules again, 0.1 s).
PROCESS_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def whole_process(benchmark, cmd: list[str], rounds: int = 7) -> subprocess.CompletedProcess:
    """Time ``cmd`` as a whole process, after one warm-up run (bytecode and numba caches).

    The tests that call it name ``children_cpu`` as their clock: the child's user + system
    CPU time, not this process's fork and pipes.
    """
    return benchmark.pedantic(subprocess.run, (cmd,), {"capture_output": True, "text": True,
                                                       "env": PROCESS_ENV},
                              rounds=rounds, warmup_rounds=1)


def solver_process(*args: str) -> list[str]:
    """The command line of a whole ``solver`` process of this checkout."""
    return [sys.executable, "-m", "solver", *args]


FREE32_PATH = COMPLETIONS / "rhombus8x8-free32.json"


@pytest.mark.benchmark(group="startup-count-4x4", timer=children_cpu)
def test_startup_solver_count_4x4(benchmark) -> None:
    cmd = solver_process("arrange", "count", "compact", "--region", "4x4", "-q")
    assert whole_process(benchmark, cmd).stdout.startswith("652 ")


@pytest.mark.benchmark(group="startup-small-commands", timer=children_cpu)
def test_startup_python_pass(benchmark) -> None:
    """The floor: a Python process that does nothing (its site packages, this machine's)."""
    assert whole_process(benchmark, [sys.executable, "-c", "pass"]).returncode == 0


@pytest.mark.benchmark(group="startup-small-commands", timer=children_cpu)
@pytest.mark.parametrize("args", ["sets list", "--help"])
def test_startup_solver_small(benchmark, args: str) -> None:
    done = whole_process(benchmark, solver_process(*args.split()))
    assert done.returncode == 0 and done.stdout


@pytest.mark.benchmark(group="startup-completion-32", timer=children_cpu)
def test_startup_solver_count_free32(benchmark) -> None:
    cmd = solver_process("arrange", "count", "compact", "--set", "hexagon", "--region",
                         "rhombus:8x8", "--fixed", str(FREE32_PATH), "-q")
    assert whole_process(benchmark, cmd).stdout.startswith("99 ")


@pytest.mark.benchmark(group="startup-find-rhombus", timer=children_cpu)
def test_startup_solver_find_rhombus(benchmark) -> None:
    cmd = solver_process("arrange", "find", "compact", "--set", "hexagon", "--region",
                         "rhombus:8x8", "--json")
    assert len(json.loads(whole_process(benchmark, cmd).stdout)["placements"]) == 64


@pytest.mark.benchmark(group="startup-count-4x4", timer=children_cpu)
def test_startup_solver_enumerate_4x4(benchmark) -> None:
    """Every one of the 652 as a JSON line (read by the pipe, not a terminal)."""
    cmd = solver_process("arrange", "enumerate", "compact", "--region", "4x4", "--json")
    assert len(whole_process(benchmark, cmd).stdout.splitlines()) == 652


@pytest.mark.benchmark(group="startup-count-4x4", timer=children_cpu)
def test_startup_xcover_count_4x4(benchmark, tmp_path) -> None:
    path = tmp_path / "square4x4.dlx"
    path.write_text(dlx_text(SQUARE))
    cmd = [sys.executable, "-c", STARTUP_XCOVER, str(path)]
    assert whole_process(benchmark, cmd).stdout.strip() == "652"


# ---------------------------------------------------------------------------- Knuth's SSXCC, DLX2
# Optional peers: built from Knuth's CWEB sources by ``python3 -m benchmarks.build_knuth SOURCE``
# into benchmarks/peers/bin (or ``$KNUTH_BIN``); without them these benchmarks skip. Each run is
# a whole process reading our DLX export on stdin (its start-up is a millisecond).
import re  # noqa: E402

from benchmarks.build_knuth import DEFAULT_BIN  # noqa: E402

ALTOGETHER = re.compile(r"Altogether (\d+) solutions?")


def knuth(program: str) -> Path:
    """The binary of ``program`` (``ssxcc``, ``dlx2``), or a skip saying how to build it."""
    binary = Path(os.environ.get("KNUTH_BIN", DEFAULT_BIN)) / program
    if not binary.is_file():
        pytest.skip(f"{program} is not built: python3 -m benchmarks.build_knuth SOURCE "
                    f"(Knuth's CWEB sources; see its docstring) writes {binary}")
    return binary


def knuth_count(binary: Path, dlx: Path, *options: str) -> int:
    """Run ``binary < dlx`` as a whole process and read its ``Altogether N solutions`` line
    (``t1``: stop at the first solution)."""
    with dlx.open() as stdin:
        done = subprocess.run([str(binary), *options], stdin=stdin, capture_output=True,
                              text=True, check=True)
    m = ALTOGETHER.search(done.stderr)
    assert m, done.stderr[-500:]
    return int(m.group(1))


def dlx_file(tmp_path: Path, p: ArrangementProblem) -> Path:
    path = tmp_path / "instance.dlx"
    path.write_text(dlx_text(p))
    return path


@pytest.mark.benchmark(group="startup-count-4x4", timer=children_cpu)
@pytest.mark.parametrize("program", ["ssxcc", "dlx2"])
def test_startup_knuth_count_4x4(benchmark, tmp_path, program: str) -> None:
    binary, dlx = knuth(program), dlx_file(tmp_path, SQUARE)
    assert benchmark.pedantic(knuth_count, (binary, dlx), rounds=7) == 652


@pytest.mark.benchmark(group="count-torus-4x4", timer=children_cpu)
@pytest.mark.parametrize("program", ["ssxcc", "dlx2"])
def test_count_torus_knuth(benchmark, tmp_path, program: str) -> None:
    binary, dlx = knuth(program), dlx_file(tmp_path, TORUS)
    assert benchmark.pedantic(knuth_count, (binary, dlx), rounds=3) == 203520


@pytest.mark.benchmark(group="count-free-4x4", timer=children_cpu)
def test_count_free_ssxcc(benchmark, tmp_path) -> None:
    binary, dlx = knuth("ssxcc"), dlx_file(tmp_path, FREE)
    assert benchmark.pedantic(knuth_count, (binary, dlx), rounds=1) == 2765440


@pytest.mark.benchmark(group="count-completion-32-order", timer=children_cpu)
@pytest.mark.parametrize("program", ["ssxcc", "dlx2"])
def test_order_completion_32_knuth(benchmark, tmp_path, program: str) -> None:
    binary, dlx = knuth(program), dlx_file(tmp_path, FREE32)
    assert benchmark.pedantic(knuth_count, (binary, dlx), rounds=5) == 99


@pytest.mark.benchmark(group="startup-find-rhombus", timer=children_cpu)
def test_startup_knuth_find_rhombus(benchmark, tmp_path) -> None:
    binary, dlx = knuth("ssxcc"), dlx_file(tmp_path, HEX)
    assert benchmark.pedantic(knuth_count, (binary, dlx, "t1"), rounds=7) == 1
