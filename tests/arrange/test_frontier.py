"""The frontier dynamic program counts what the kernel counts, without building solutions."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_helpers import run

from solver.arrange import ArrangementProblem
from solver.arrange.engines import engine_named, frontier
from solver.arrange.engines.frontier import FrontierCount, best_order, frontier_width, translations
from solver.arrange.engines.kernel import KernelSearch
from solver.arrange.instance import EdgeInstance
from solver.arrange.layout import EdgeLayout
from solver.arrange.run import count_arrangements

AGREE = [  # (set, region, border, fixed) counted by both engines
    ("square", "4x4", "blank", {}),
    ("square", "4x4", "blank", {(1, 1): 15}),
    ("square", "2x8", "free", {(0, 0): 3}),
    ("square", "8x2", "blank", {}),
    ("square", "torus:8x2", "blank", {}),
    ("square", "torus:2x8", "blank", {}),
    ("square", "torus:4x4", "blank", {(0, 0): 6, (2, 1): 9}),
    ("square", "4x4", "free", {(0, 0): 0, (3, 3): 5}),
    ("triangle", "8x2", "blank", {}),
    ("triangle", "8x2", "free", {(0, 0): 1}),
    ("triangle", "4x4", "blank", {}),
    ("triangle", "torus:8x2", "blank", {}),
    ("triangle", "torus:4x4", "blank", {(0, 0): 7}),
]


@pytest.mark.parametrize(("set_name", "region", "border", "fixed"), AGREE,
                         ids=[f"{s}-{r}-{b}-{len(f)}" for s, r, b, f in AGREE])
def test_frontier_agrees_with_the_kernel(set_name: str, region: str, border: str,
                                         fixed: dict[tuple[int, int], int]) -> None:
    p = ArrangementProblem.create(set_name, "compact", region, border, fixed=fixed)
    inst = EdgeInstance.build(p)
    kernel = KernelSearch(inst).count()
    assert count_arrangements(p, engine="frontier") == (kernel, None)
    assert FrontierCount(inst).count() == kernel  # without the translation shortcut too


@pytest.mark.parametrize(("region", "border", "expected"), [
    ("16x1", "free", 1_625_702_400), ("8x2", "free", 10_676_992), ("torus:4x4", "blank", 203_520),
    ("4x4", "free", 2_765_440)])
def test_counts_out_of_the_kernels_reach(region: str, border: str, expected: int) -> None:
    """16x1 and 8x2 free border (counts of issue 15), the torus and the free 4x4 (kernel,
    xcover and CP-SAT agree on these in the slow tests)."""
    p = ArrangementProblem.create("square", "compact", region, border)
    assert engine_named("auto").choose(p, "count").name == "frontier"
    assert count_arrangements(p) == (expected, None)


def test_translations_of_tori() -> None:
    def moves(set_name: str, region: str) -> int:
        inst = EdgeInstance.build(ArrangementProblem.create(set_name, "compact", region))
        return len(translations(inst))

    assert moves("square", "torus:4x4") == 16
    assert moves("square", "4x4") == 1
    assert moves("triangle", "torus:8x2") == 8  # the orientation-keeping half
    fixed = ArrangementProblem.create("square", "compact", "torus:4x4", fixed={(0, 0): 1})
    assert len(translations(EdgeInstance.build(fixed))) == 1


def test_the_order_keeps_the_frontier_narrow() -> None:
    inst = EdgeInstance.build(ArrangementProblem.create("square", "compact", "8x2"))
    assert frontier_width(inst, best_order(inst)) == 3  # column by column
    assert frontier_width(inst, list(range(16))) == 8  # row by row


def test_auto_uses_the_kernel_where_the_frontier_does_not_apply() -> None:
    hexagon = ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")
    auto = engine_named("auto")
    assert auto.choose(hexagon, "count").name == "kernel"
    square = ArrangementProblem.create("square", "compact", "4x4")
    assert auto.choose(square, "solutions").name == "kernel"  # enumeration builds solutions


@pytest.mark.parametrize("args", [
    ["count", "compact", "--set", "hexagon", "--region", "rhombus:8x8", "--engine", "frontier"],
    ["count", "compact", "--region", "4x4", "--engine", "frontier", "--up-to-symmetry"],
    ["enumerate", "compact", "--region", "4x4", "--engine", "frontier"],
])
def test_frontier_misuse_is_bad_input(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["arrange", *args], capsys)
    assert code == 2 and "frontier" in err and "Traceback" not in err


#: What a small count never needs: the engines' libraries, pictures, documents, clusters, bars.
HEAVY = ("numpy", "numba", "scipy", "jinja2", "drawsvg", "ortools", "matplotlib", "pydantic",
         "dask", "distributed", "pysat", "tqdm", "multiprocessing", "sqlite3", "reports.beams",
         "solver.arrange.engines.kernel", "solver.arrange.symmetry", "solver.cli.arrange_puzzle",
         "solver.cli.numbridge", "solver.cli.dominions")


@pytest.mark.parametrize("args", [
    ["--region", "4x4"], ["--region", "torus:2x8", "--set", "triangle"],
    ["--region", "cylinder:4x4"]])
def test_a_count_process_imports_nothing_heavy(args: list[str]) -> None:
    """A whole ``solver arrange count`` process of a small region (start-up, issue 15): the
    frontier count in plain Python, so not even numpy (checked in ``sys.modules``)."""
    code = ("import sys; from solver.cli import main\n"
            f"sys.argv = ['solver', 'arrange', 'count', 'compact', *{args!r}, '-q']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0].endswith("arrangement(s)") and int(lines[0].split()[0]) > 0
    assert lines[1] == "[]"


@pytest.mark.parametrize(("set_name", "region", "border"), [
    ("square", "16x1", "free"), ("square", "torus:2x8", "blank"), ("triangle", "4x4", "free"),
    ("square", "cylinder:8x2", "free")])
def test_dict_and_numpy_states_agree(set_name: str, region: str, border: str,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The count is the same whether the states stay in a dict, move to numpy at once, or
    switch half-way (the default budget)."""
    layout = EdgeLayout.build(ArrangementProblem.create(set_name, "compact", region, border))
    counts = []
    for budget in (0, 10**12, 3000):
        monkeypatch.setattr(frontier, "DICT_TRANSITIONS", budget)
        monkeypatch.setattr(frontier, "DICT_TRANSITIONS_NUMPY", budget)
        counts.append(FrontierCount(layout).count())
    assert counts[0] == counts[1] == counts[2] > 0


@pytest.mark.slow
@pytest.mark.parametrize("region", ["16x1", "1x16", "2x8", "4x4", "8x2", "torus:2x8",
                                    "torus:4x4", "torus:8x2"])
@pytest.mark.parametrize("border", ["blank", "free"])
def test_the_triangle_table_agrees_with_the_kernel(region: str, border: str) -> None:
    """The triangle rows of docs/counting.md, counted by the kernel too (about a minute)."""
    p = ArrangementProblem.create("triangle", "compact", region, border)
    inst = EdgeInstance.build(p)
    assert count_arrangements(p, engine="frontier")[0] == KernelSearch(inst).count()
