"""The review: loss = value of the best move - value of the move played, at one budget."""

from __future__ import annotations

import random

import pytest

from solver.games import get_game
from solver.play.match import new_game
from solver.play.review import (
    EVAL_SEED,
    FORMAT,
    JUDGEMENTS,
    Thresholds,
    move_value,
    review_move,
    review_player,
    review_state,
)

NODES = 30


def test_thresholds_judge_losses() -> None:
    t = Thresholds(0.02, 0.05, 0.1)
    assert [t.judge(x, False) for x in (0.0, 0.019, 0.02, 0.05, 0.099, 0.1, 0.7)] == [
        "good", "good", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert t.judge(0.9, True) == "best"


def test_the_review_player_s_own_moves_are_best_with_loss_zero() -> None:
    # a game whose every move is the review player's best, found with the review's own seeds
    game = get_game("dominions")
    player = review_player(game, max_nodes=NODES)
    start = new_game(game, 3)
    state, moves = start.clone(), []
    for k in range(6):
        _, best = player.search(state, random.Random(1 * 1_000_003 + k))
        moves.append(best)
        state.apply(best)
    review = review_state(game, start, moves, max_nodes=NODES)
    assert [m.judgement for m in review.moves] == ["best"] * 6
    assert all(m.loss == 0.0 and m.best == m.move for m in review.moves)
    assert review.mistakes() == []


def test_a_loss_is_the_difference_of_two_evaluations_at_the_same_budget() -> None:
    game = get_game("numbridge")
    player = review_player(game, max_nodes=NODES)
    state = new_game(game, 2)
    for _ in range(8):
        state.apply(game.make_player("greedy", seed=1).choose(state, random.Random(1)))
    moves = state.legal_move_list()
    seen = []
    limits = Thresholds.of(player.knowledge)
    for k, move in enumerate(moves[:6]):
        r, best = review_move(player, state, move, limits, 9, 40 + k)
        # the values are searches of the same budget through one move, with common seeds
        assert r.best_value == pytest.approx(move_value(player, state, best,
                                                        40 + k + EVAL_SEED))
        if r.move != r.best:
            played = move_value(player, state, move, 40 + k + EVAL_SEED)
            assert r.played_value == pytest.approx(played)
            assert r.loss == pytest.approx(max(0.0, r.best_value - played))
            assert r.judgement == limits.judge(r.loss, False) != "best"
        seen.append(r.judgement)
    assert any(j != "best" for j in seen)  # the loss branch ran


def test_three_seat_review_counts_every_seat_and_keeps_its_document() -> None:
    game = get_game("dominimum")
    start = new_game(game, 4, seats=3)
    state, moves = start.clone(), []
    players = [game.make_player("random", seed=i) for i in range(3)]
    rng = random.Random(5)
    for _ in range(5):
        move = players[state.to_move()].choose(state, rng)
        moves.append(move)
        state.apply(move)
    review = review_state(game, start, moves, max_nodes=NODES)
    doc = review.to_json()
    assert doc["format"] == FORMAT and doc["seats"] == 3 and doc["reviewed"] == 5
    assert set(doc) == {"format", "game", "seats", "seed", "budget", "thresholds", "moves",
                        "by_seat", "mistakes", "interrupted", "reviewed", "total"}
    assert doc["budget"] == {"max_nodes": NODES, "move_time": None}
    assert [row["seat"] for row in doc["by_seat"]] == [0, 1, 2]
    assert [row["moves"] for row in doc["by_seat"]] == [2, 2, 1]
    for row in doc["by_seat"]:
        assert sum(row[j] for j in JUDGEMENTS) == row["moves"]
    for m in doc["moves"]:
        assert set(m) == {"number", "seat", "move", "best", "best_value", "played_value",
                          "loss", "judgement"}
        assert m["judgement"] in JUDGEMENTS
        assert (m["judgement"] == "best") == (m["move"] == m["best"])
