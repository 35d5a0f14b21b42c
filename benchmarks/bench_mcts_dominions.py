"""Dominions MCTS iterations: nodes ordering every legal placement against ``node_moves``.

Run: ``python -m pytest benchmarks/bench_mcts_dominions.py --benchmark-only``. Both benchmarks
search the same three seeded greedy positions (after 10, 40 and 80 moves) with 200 iterations
each; the ratio of their medians is the speed-up of an iteration (the search's move choice
differs slightly: the quiet moves below the root are a sample).
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.profile_mcts import position
from puzzles.game import PlayerOptions
from solver.dominions.knowledge import DominionsKnowledge
from solver.play.mcts import MCTSPlayer

STATES = [position("dominions", 1, moves) for moves in (10, 40, 80)]


class FullOrder(DominionsKnowledge):
    """Every node below the root orders every legal placement (before ``node_moves``)."""

    lazy = False


@pytest.mark.benchmark(group="dominions mcts: 3 positions x 200 iterations")
@pytest.mark.parametrize("knowledge", [FullOrder, DominionsKnowledge],
                         ids=["full-order", "node-moves"])
def test_mcts_iterations(benchmark: BenchmarkFixture,
                         knowledge: type[DominionsKnowledge]) -> None:
    def run() -> int:
        total = 0
        for state in STATES:
            p = MCTSPlayer(PlayerOptions(seed=1, max_nodes=200), knowledge())
            p.choose(state, random.Random(1))  # type: ignore[arg-type]
            assert p.last is not None
            total += p.last.iterations
        return total

    assert benchmark.pedantic(run, rounds=5, iterations=1) == 600
