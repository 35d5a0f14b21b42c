"""Dominions speed: legal-move generation, random self-play, incremental groups vs recomputing.

Run: ``python -m pytest benchmarks/bench_dominions.py --benchmark-only``. Each group compares
implementations side by side on the same positions.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from puzzles.dominions import PASS, Group, Move, Outcome, Position
from solver.dominions.graphs import groups as nx_groups
from solver.dominions.players import DEFAULT_BUDGET, GreedyPlayer, RandomPlayer, SearchPlayer
from solver.dominions.rollout import playout
from solver.dominions.tracker import Tracker


def midgame(seed: int, plies: int = 50) -> Position:
    rng = random.Random(seed)
    pos = Position()
    while len(pos.moves) < plies:
        moves = list(pos.legal_moves())
        pos.push(rng.choice(moves[:-1]) if len(moves) > 1 else moves[-1])
    return pos


POSITIONS = [midgame(s) for s in range(5)]


def fresh(pos: Position) -> None:
    """Groups are kept by push/pop now; nothing to reset before generating moves."""


# --------------------------------------------------------------------- legal-move generation
@pytest.mark.benchmark(group="legal moves (5 mid-game positions)")
def test_legal_fast_path(benchmark: BenchmarkFixture) -> None:
    def run() -> int:
        n = 0
        for pos in POSITIONS:
            fresh(pos)
            n += len(pos.legal_placements())
        return n
    assert benchmark(run) > 0


@pytest.mark.benchmark(group="legal moves (5 mid-game positions)")
def test_legal_outcome_path(benchmark: BenchmarkFixture) -> None:
    def run() -> int:
        n = 0
        for pos in POSITIONS:
            fresh(pos)
            n += sum(1 for _, out in pos.placements() if out.status == "legal")
        return n
    assert benchmark(run) > 0


@pytest.mark.benchmark(group="legal moves (5 mid-game positions)")
def test_legal_naive_every_piece_everywhere(benchmark: BenchmarkFixture) -> None:
    def run() -> int:
        n = 0
        for pos in POSITIONS:
            fresh(pos)
            for cell in range(len(pos.board)):
                for p in pos.hand(pos.to_move):
                    n += pos.outcome(Move(cell, p)).status == "legal"
        return n
    assert benchmark.pedantic(run, rounds=3, iterations=1) > 0


# --------------------------------------------------------------------- self-play
@pytest.mark.benchmark(group="random self-play game")
def test_random_game(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**6))

    def run() -> int:
        s = next(seeds)
        pos = Position()
        t = Tracker(pos)
        players = (RandomPlayer(s), RandomPlayer(s + 1))
        while not pos.is_over():
            t.push(players[pos.to_move].choose(t))
        return len(pos.moves)
    assert benchmark.pedantic(run, rounds=5, iterations=1) > 100


# --------------------------------------------------------------------- groups during play
def _game() -> list[tuple[Move, Outcome]]:
    pos = midgame(11, 110)
    moves = list(pos.moves)
    while pos.moves:
        pos.pop()
    out = []
    for m in moves:
        o = pos.check(m)
        out.append((m, o))
        pos.push(m)
    return out


GAME = _game()  # every move with its outcome: applying them skips the legality checks


def replay_with(update: str) -> int:
    """Apply the moves without checks and bring the groups up to date after each one."""
    pos = Position()
    t = Tracker(pos) if update == "tracker" else None
    total = 0
    for m, o in GAME:
        pos._apply(m, o)
        if t is not None:
            t.update()
            total += len(t.table)
        elif update == "engine":
            total += len(pos.compute_groups()[1])
        elif update == "networkx":
            total += len(nx_groups(pos))
        else:
            total += 1
    return total


@pytest.mark.benchmark(group="groups after every move (110 moves)")
def test_groups_incremental_tracker(benchmark: BenchmarkFixture) -> None:
    assert benchmark(replay_with, "tracker") > 0


@pytest.mark.benchmark(group="groups after every move (110 moves)")
def test_groups_recompute_plain(benchmark: BenchmarkFixture) -> None:
    assert benchmark(replay_with, "engine") > 0


@pytest.mark.benchmark(group="groups after every move (110 moves)")
def test_groups_recompute_networkx(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(replay_with, args=("networkx",), rounds=5, iterations=1) > 0


@pytest.mark.benchmark(group="groups after every move (110 moves)")
def test_moves_only_baseline(benchmark: BenchmarkFixture) -> None:
    assert benchmark(replay_with, "none") == len(GAME)


# --------------------------------------------------------------------- playouts per second
class FullRecompute(Position):
    """The engine as it was before incremental groups: every move recomputes all groups."""

    def _update_groups(self, cell: int, flipped: tuple[int, ...]) -> None:
        self._saved.append((self.gid, self.group_table, self._next_gid))
        self.gid, self.group_table, self._next_gid = [-1] * len(self.piece), {}, 0
        self._rebuild(set(self.occupied), [])

    def _restore_groups(self) -> None:
        self.gid, self.group_table, self._next_gid = self._saved.pop()

    def __init__(self) -> None:
        super().__init__()
        self._saved: list[tuple[list[int], dict[int, Group], int]] = []


def _list_policy(pos: Position, rng: random.Random) -> Move:
    moves = pos.legal_placements()
    if not moves:
        return PASS
    cell, p, _, _ = rng.choice(moves)
    return Move(cell, p)


def _playouts(cls: type[Position], policy: str, games: int = 4) -> int:
    total = 0
    for s in range(games):
        rng = random.Random(s)
        pos = cls()
        if policy == "sample":
            total += playout(pos, rng)
        else:
            while not pos.is_over():
                pos.push(_list_policy(pos, rng))
            total += len(pos.moves)
    return total


@pytest.mark.benchmark(group="random playouts from the empty board (4 games)")
def test_playouts_sampled_incremental(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(_playouts, args=(Position, "sample"), rounds=5) > 0


@pytest.mark.benchmark(group="random playouts from the empty board (4 games)")
def test_playouts_sampled_full_recompute(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(_playouts, args=(FullRecompute, "sample"), rounds=5) > 0


@pytest.mark.benchmark(group="random playouts from the empty board (4 games)")
def test_playouts_all_legal_incremental(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(_playouts, args=(Position, "list"), rounds=3) > 0


@pytest.mark.benchmark(group="random playouts from the empty board (4 games)")
def test_playouts_all_legal_full_recompute(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(_playouts, args=(FullRecompute, "list"), rounds=3) > 0


# --------------------------------------------------------------------- players
def _choose(name: str) -> int:
    total = 0
    for k, pos in enumerate(POSITIONS):
        t = Tracker(pos)
        player = {"random": RandomPlayer, "greedy": GreedyPlayer,
                  "search": lambda s: SearchPlayer(s, DEFAULT_BUDGET)}[name](k)
        total += player.choose(t).cell
    return total


@pytest.mark.benchmark(group="players: one move in each of 5 mid-game positions")
def test_player_random(benchmark: BenchmarkFixture) -> None:
    benchmark(_choose, "random")


@pytest.mark.benchmark(group="players: one move in each of 5 mid-game positions")
def test_player_greedy(benchmark: BenchmarkFixture) -> None:
    benchmark.pedantic(_choose, args=("greedy",), rounds=5, iterations=1)


@pytest.mark.benchmark(group="players: one move in each of 5 mid-game positions")
def test_player_search_default_budget(benchmark: BenchmarkFixture) -> None:
    benchmark.pedantic(_choose, args=("search",), rounds=3, iterations=1)
