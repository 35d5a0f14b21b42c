"""MCTS iterations per CPU second, per game, from the profile's seeded mid-game positions.

Run: ``python -m pytest benchmarks/bench_mcts.py --benchmark-only
--benchmark-timer=benchmarks.cputime.process_cpu`` (``python3 -m benchmarks.report mcts``
does, and writes the table of ``docs/players.md``). Each round is one 200-iteration search of
the MCTS player of ``solver ladder`` (seed 1) on the position ``benchmarks.profile_mcts``
profiles (greedy self-play to a mid-game position); the player's own count of iterations is
checked.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from solver.play.registry import make_player

from benchmarks.profile_mcts import POSITIONS, position

ITERATIONS = 200


@pytest.mark.benchmark(group="mcts: 200 iterations")
@pytest.mark.parametrize(("game", "seed", "moves"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_mcts_iterations(benchmark: BenchmarkFixture, game: str, seed: int, moves: int) -> None:
    state = position(game, seed, moves)

    def run() -> int:
        player = make_player(game, "mcts", seed=1, max_nodes=ITERATIONS)
        player.choose(state, random.Random(1))  # type: ignore[arg-type]
        return player.last.iterations  # type: ignore[attr-defined,no-any-return]

    run()
    assert benchmark.pedantic(run, rounds=5, iterations=1) == ITERATIONS
