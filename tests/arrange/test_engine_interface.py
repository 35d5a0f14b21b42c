"""The engine interface: every registered engine, the example of ``docs/extending.md`` and the
choices of ``auto`` (issue 21)."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from puzzles.errors import InfeasibleError, InvalidInputError
from solver.arrange.engine import Engine
from solver.arrange.engines import ENGINES, REGISTRY, engine_named
from solver.arrange.problem import ArrangementProblem
from tests.cli_helpers import run as cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "extending.md"
SQUARE = ArrangementProblem.create("square", "compact", "4x4")
OPEN = ArrangementProblem.create("square", "transcendental")
STARMAP = ArrangementProblem.create("square", "starmap", "8x8")
BOUNDED = ArrangementProblem.create("square", "transcendental", "5x5")


@pytest.mark.parametrize("name", ENGINES)
def test_every_registered_engine_is_found_by_its_name(name: str) -> None:
    engine = engine_named(name)
    assert isinstance(engine, Engine) and engine.name == name


@pytest.mark.parametrize("name", ["kernel", "cpsat", "constraint", "dual", "auto"])
def test_engines_that_take_the_square_4x4_agree(name: str) -> None:
    engine = engine_named(name)
    assert engine.count(SQUARE) == 652
    assert engine.count(SQUARE, limit=2) == 2
    found = {tuple(sorted(a.placements.items())) for a in engine.solutions(SQUARE, limit=20)}
    assert len(found) == 20
    assert sorted(engine.first(SQUARE).placements.values()) == list(range(16))


def test_node_counters_are_machine_independent() -> None:
    counts = []
    for name in ("kernel", "frontier", "dual", "cpsat"):
        engine = engine_named(name, order="static") if name == "kernel" else engine_named(name)
        engine.count(SQUARE)
        again = engine_named(name, order="static") if name == "kernel" else engine_named(name)
        again.count(SQUARE)
        assert engine.nodes == again.nodes > 0, name
        counts.append(engine.nodes)
    grow = engine_named("grow")
    assert grow.count(OPEN) == 5005 and grow.nodes > 0
    auto = engine_named("auto")
    auto.count(SQUARE)
    assert auto.nodes == counts[1]  # auto reports the counter of the engine it chose


def test_auto_chooses_once_per_task() -> None:
    auto = engine_named("auto")
    assert auto.choose(SQUARE, "count").name == "frontier"
    assert auto.choose(SQUARE, "solutions").name == "kernel"
    assert auto.choose(OPEN).name == "grow"
    assert auto.choose(STARMAP).name == "starmap"
    assert auto.choose(BOUNDED).name == "cpsat"
    hexagon = ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")
    assert auto.choose(hexagon, "count").name == "kernel"
    assert engine_named("kernel").choose(OPEN).name == "grow"  # the kernel grows on the plane


@pytest.mark.parametrize(("name", "problem", "task", "reason"), [
    ("frontier", SQUARE, "solutions", "the frontier engine only counts"),
    ("kernel", STARMAP, "solutions", "StarMaps are solved by the cpsat engine, not kernel"),
    ("constraint", BOUNDED, "count", "does not model bounded transcendental"),
    ("cpsat", OPEN, "solutions", "the cpsat engine needs a bounding region"),
    ("starmap", SQUARE, "solutions", "the starmap engine solves StarMaps"),
    ("grow", BOUNDED, "solutions", "the grow engine works on the open plane"),
    ("dual", ArrangementProblem.create("triangle", "compact", "4x4"), "count",
     "the dual search covers compact arrangements of square and hexagon sets"),
])
def test_refusals_are_one_line_reasons(name: str, problem: ArrangementProblem, task: str,
                                       reason: str) -> None:
    engine = engine_named(name)
    said = engine.refuses(problem, task)  # type: ignore[arg-type]
    assert said is not None and reason in said and "\n" not in said
    with pytest.raises(InvalidInputError, match=re.escape(reason)):
        if task == "count":
            engine.count(problem)
        else:
            engine.first(problem)


def test_a_refused_engine_is_bad_input_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(["arrange", "find", "compact", "--set", "triangle", "--region", "4x4",
                        "--engine", "dual"], capsys)
    assert code == 2 and "the dual search covers" in err and "Traceback" not in err
    code, out, _ = cli(["arrange", "count", "compact", "--region", "4x4", "--engine", "dual",
                        "--json"], capsys)
    assert code == 0 and '"count": 652' in out


def test_the_dual_engine_proves_infeasibility() -> None:
    with pytest.raises(InfeasibleError):
        engine_named("dual").first(ArrangementProblem.create("square", "compact", "2x8"))


def _doc_engine() -> str:
    """The first Python block of the section "Adding an engine"."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Adding an engine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)[0]


def test_the_example_engine_of_the_docs_works(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    module = types.ModuleType("solver.arrange.engines.naive")
    exec(compile(_doc_engine(), str(DOC), "exec"), module.__dict__)  # our own docs
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(REGISTRY, "naive", "solver.arrange.engines.naive:NaiveEngine")
    naive = engine_named("naive")
    assert (naive.count(SQUARE), naive.nodes) == (652, 38537)  # the figures of the docs
    kernel = {tuple(sorted(a.placements.items())) for a in engine_named("kernel").solutions(
        SQUARE.with_fixed({(0, 0): 9}))}
    assert kernel == {tuple(sorted(a.placements.items()))
                      for a in naive.solutions(SQUARE.with_fixed({(0, 0): 9}))}
    assert naive.count(ArrangementProblem.create("square", "compact", "2x8")) == 0
    assert "compact" in (naive.refuses(STARMAP) or "")
