"""Dominimum / Dominomega speed, side by side. Run with

    python -m pytest benchmarks/bench_dominimum.py --benchmark-only

Groups:
- ``score-full-layout``: every mission score and every symbol score of a complete 34-tile
  layout by the networkx scorer (``solver.dominimum.analysis``), the domain's breadth-first
  search (``puzzles.dominimum.groups``) and the labelled partitions of ``GroupIndex``.
- ``best-placement``: ranking every placement of the tile in hand by own score (mid-game, 340
  placements) with the O(1) incremental evaluator, the same plus the expected opponent score
  over 64 sampled missions, and placing each candidate and re-scoring with networkx.
- ``tournament-game``: one complete 3-player Dominimum game per round for each strategy line-up.
"""

from __future__ import annotations

import pytest

from puzzles.dominimum.game import Game
from puzzles.dominimum.groups import largest_group, mission_score, symbol_score
from puzzles.dominimum.layout import Layout
from solver.dominimum.analysis import all_mission_scores, mission_report, omega_report
from solver.dominimum.gamedef import DOMINIMUM
from solver.dominimum.placement import GroupIndex, rank_dominimum
from solver.dominimum.players import RandomPlayer
from solver.play.match import play_one

MISSIONS = [(a, b) for a in range(8) for b in range(a + 1, 8)]


def finished_layout() -> Layout:
    state, _ = play_one(DOMINIMUM, ["random", "random"], 7)
    return state.g.layout  # type: ignore[attr-defined]


def midgame() -> Game:
    game = Game.deal("dominimum", 2, 7)
    seats = [RandomPlayer(1), RandomPlayer(2)]
    while len(game.history) < 20:
        game.play(seats[game.to_move].choose(game))
    return game


def score_networkx(layout: Layout) -> tuple[int, int]:
    missions = all_mission_scores(layout)
    symbols = omega_report(layout).scores
    return sum(missions.values()), sum(symbols.values())


def score_bfs(layout: Layout) -> tuple[int, int]:
    largest = [largest_group(layout, lambda v, a=a: v == a) for a in range(8)]
    assert largest[2] * largest[5] == mission_score(layout, (2, 5))
    return (sum(largest[a] * largest[b] for a, b in MISSIONS),
            sum(symbol_score(layout, s) for s in (1, 2, 4)))


def score_partitions(layout: Layout) -> tuple[int, int]:
    index = GroupIndex(layout)
    largest = index.largest
    products = [index.product_after_nothing(s) for s in (1, 2, 4)]
    return sum(largest[a] * largest[b] for a, b in MISSIONS), sum(products)


@pytest.mark.benchmark(group="score-full-layout")
@pytest.mark.parametrize("engine", [score_networkx, score_bfs, score_partitions],
                         ids=["networkx", "bfs", "partitions"])
def test_score_full_layout(benchmark, engine):
    layout = finished_layout()
    expected = score_networkx(layout)
    assert benchmark(engine, layout) == expected


def rank_naive(game: Game) -> list[tuple[int, object]]:
    """Place every candidate and re-score the layout with networkx (the plain way)."""
    layout = game.layout
    hand = game.hands[game.to_move]
    mission = game.missions[game.to_move]
    out = []
    for p in list(layout.legal_placements(hand)):
        layout.place(p)
        out.append((mission_report(layout, mission).score, p))
        layout.undo()
    out.sort(key=lambda t: t[0])
    return out


def rank_incremental(game: Game) -> list[tuple[int, object]]:
    hand = game.hands[game.to_move]
    cands = rank_dominimum(game.layout, hand, game.missions[game.to_move], opponents=0,
                           objective="own")
    return [(c.own, c.placement) for c in cands]


def rank_incremental_sampled(game: Game) -> list[tuple[int, object]]:
    hand = game.hands[game.to_move]
    cands = rank_dominimum(game.layout, hand, game.missions[game.to_move], opponents=1,
                           samples=64, seed=1, objective="own")
    return [(c.own, c.placement) for c in cands]


@pytest.mark.benchmark(group="best-placement")
@pytest.mark.parametrize("engine", [rank_incremental, rank_incremental_sampled, rank_naive],
                         ids=["incremental", "incremental+64-samples", "networkx-rescore"])
def test_best_placement(benchmark, engine):
    game = midgame()
    result = benchmark(engine, game)
    assert sorted(o for o, _ in result) == sorted(o for o, _ in rank_naive(game))


LINEUPS = {"random": ["random"] * 3, "greedy": ["greedy"] * 3,
           "lookahead+2 greedy": ["lookahead", "greedy", "greedy"]}


@pytest.mark.benchmark(group="tournament-game")
@pytest.mark.parametrize("lineup", list(LINEUPS))
def test_tournament_game(benchmark, lineup):
    names = LINEUPS[lineup]

    def one_game() -> int:
        state, _ = play_one(DOMINIMUM, names, 11)
        return len(state.history())

    assert benchmark.pedantic(one_game, rounds=3 if "lookahead" in lineup else 10,
                              iterations=1) == 33
