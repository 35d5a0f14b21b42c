"""The instance is built once per run and reaches each worker once (issue 21).

Every build of the tables (``EdgeLayout.build``: the region walked into indices;
``EdgeInstance.of``: the numpy arrays) is logged with the process that made it, so the counts
cover the pool's workers too (they are forked with the logging in place).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from solver.arrange.engines import builtin
from solver.arrange.instance import EdgeInstance
from solver.arrange.layout import EdgeLayout
from solver.arrange.problem import ArrangementProblem
from solver.arrange.puzzle import generate_puzzle
from solver.arrange.run import count_arrangements, enumerate_arrangements

SQUARE = ArrangementProblem.create("square", "compact", "4x4")


Builds = Callable[[], Counter[str]]


@pytest.fixture
def builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Builds:
    """The builds so far, counted by kind (``"parent layout"``, ``"worker instance"``, ...)
    from the log of every process."""
    log = tmp_path / "builds.log"
    parent = os.getpid()
    build, of = EdgeLayout.build.__func__, EdgeInstance.of.__func__  # type: ignore[attr-defined]

    def note(what: str) -> None:
        with log.open("a") as f:
            f.write(f"{'parent' if os.getpid() == parent else 'worker'} {what}\n")

    def logged_build(cls: type[EdgeLayout], problem: ArrangementProblem) -> EdgeLayout:
        note("layout")
        return build(cls, problem)

    def logged_of(cls: type[EdgeInstance], layout: EdgeLayout) -> EdgeInstance:
        note("instance")
        return of(cls, layout)

    monkeypatch.setattr(EdgeLayout, "build", classmethod(logged_build))
    monkeypatch.setattr(EdgeInstance, "of", classmethod(logged_of))

    return lambda: Counter(log.read_text().splitlines() if log.exists() else [])


def test_a_parallel_count_builds_once_and_sends_the_run_to_each_worker(
        builds: Builds) -> None:
    # before: 7 builds in the parent and 2 per subproblem in the workers (136 for 68)
    assert count_arrangements(SQUARE, "kernel", jobs=2) == (652, None)
    assert builds() == {"parent layout": 1, "parent instance": 1}


def test_a_parallel_enumeration_up_to_symmetry_builds_once(builds: Builds) -> None:
    assert sum(1 for _ in enumerate_arrangements(SQUARE, jobs=2, up_to_symmetry=True)) == 82
    assert count_arrangements(SQUARE, "kernel", up_to_symmetry=True, jobs=2) == (652, 82)
    assert builds() == {"parent layout": 2, "parent instance": 2}  # one per call


def test_a_small_count_builds_only_the_plain_layout(builds: Builds) -> None:
    assert count_arrangements(SQUARE) == (652, None)
    assert builds() == {"parent layout": 1}


def test_a_generated_puzzle_builds_once_and_chooses_its_engine_once(
        builds: Builds, monkeypatch: pytest.MonkeyPatch) -> None:
    choices = []
    choose = builtin.Auto.choose

    def counted(self: builtin.Auto, *args: object) -> object:
        choices.append(args)
        return choose(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(builtin.Auto, "choose", counted)
    made = generate_puzzle(SQUARE, seed=3)
    # before: 17 builds (one per uniqueness check) and 50 engine choices
    assert made.checks == 16 and len(made.clues) == 3
    assert builds() == {"parent layout": 1, "parent instance": 1}
    assert len(choices) == 1
