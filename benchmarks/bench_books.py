"""Puzzle-book speed goals (issue 16), measured as pytest-benchmark rounds.

Run: ``python -m pytest benchmarks/bench_books.py --benchmark-only``. Each round builds a fresh
book with a new book seed (the median over the rounds is the figure; the range is printed by
pytest-benchmark). Groups:

- ``square-100``: 100 square 4x4 completions (goal: under 10 s). Side by side: the book's
  table-driven reduction and the generic one (``solver.arrange.puzzle.generate_puzzle``, a
  kernel search per uniqueness check).
- ``dominions-20``: 20 Dominions puzzles of one goal (goal: 20 of each goal under 5 minutes
  in all); one benchmark per goal.
- ``hexagon-1``: one hexagon rhombus:8x8 completion (goal: 20 in under 10 minutes, i.e. 30 s
  each).
- ``hexagon-20``: a ramp of 20 hexagon rhombus:8x8 completions, easy to hard (the goal itself,
  one round: several minutes).
- ``open-10``: ramps of 10 StarMap 8x8 and 10 transcendental 6x6 completions.

The machine is shared: say so with any figure quoted from here.
"""

from __future__ import annotations

import itertools

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from solver.arrange.problem import ArrangementProblem
from solver.arrange.puzzle import generate_puzzle
from solver.book.build import build_book
from solver.book.types import puzzle_type

_SEEDS = itertools.count(1)


@pytest.mark.benchmark(group="square-100")
def test_square_book_100(benchmark: BenchmarkFixture) -> None:
    kind = puzzle_type("square")
    build_book(kind, 1, seed=0)  # the solution table and the compiled kernel, once

    def run() -> int:
        return len(build_book(kind, 100, "any", seed=next(_SEEDS)).puzzles)

    assert benchmark.pedantic(run, rounds=3, iterations=1) == 100


@pytest.mark.benchmark(group="square-100")
def test_square_generic_generator_100(benchmark: BenchmarkFixture) -> None:
    problem = ArrangementProblem.create("square", "compact", "4x4")

    def run() -> int:
        base = next(_SEEDS) * 1000
        return sum(1 for s in range(100) if generate_puzzle(problem, base + s).clues)

    assert benchmark.pedantic(run, rounds=3, iterations=1) == 100


@pytest.mark.parametrize("goal", ["capture", "save", "eye", "live"])
@pytest.mark.benchmark(group="dominions-20")
def test_dominions_book_20(benchmark: BenchmarkFixture, goal: str) -> None:
    kind = puzzle_type(f"dominions-{goal}")

    def run() -> int:
        return len(build_book(kind, 20, "any", seed=next(_SEEDS)).puzzles)

    assert benchmark.pedantic(run, rounds=1, iterations=1) == 20


@pytest.mark.benchmark(group="hexagon-1")
def test_hexagon_puzzle(benchmark: BenchmarkFixture) -> None:
    kind = puzzle_type("hexagon")

    def run() -> int:
        return len(build_book(kind, 1, "any", seed=next(_SEEDS)).puzzles)

    assert benchmark.pedantic(run, rounds=3, iterations=1) == 1


@pytest.mark.benchmark(group="hexagon-20")
def test_hexagon_ramp_20(benchmark: BenchmarkFixture) -> None:
    kind = puzzle_type("hexagon")

    def run() -> int:
        return len(build_book(kind, 20, "ramp", seed=next(_SEEDS)).puzzles)

    assert benchmark.pedantic(run, rounds=1, iterations=1) == 20


@pytest.mark.parametrize("name", ["starmap", "transcendental"])
@pytest.mark.benchmark(group="open-10")
def test_open_ramp_10(benchmark: BenchmarkFixture, name: str) -> None:
    kind = puzzle_type(name)

    def run() -> int:
        return len(build_book(kind, 10, "ramp", seed=next(_SEEDS)).puzzles)

    assert benchmark.pedantic(run, rounds=1, iterations=1) == 10
