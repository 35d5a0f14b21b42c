"""The flat player over common random deals: paired comparisons, budgets, hidden state."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from puzzles.game import PlayerOptions
from solver.games import get_game
from solver.play.flat import FlatPlayer, widths
from solver.play.mcts import Knowledge
from tests.play.test_mcts import advanced

QUALITY = [0.0, 0.1, 0.3, 0.2]  # the root ordering's moves 0..3; move 2 is the best


class _Toy:
    """One move to choose, then the game is over; its return is the move's quality plus
    the luck of the deal (the same for every move on a deal, 50 times the differences)."""

    num_seats = 1

    def __init__(self, luck: float = 0.0) -> None:
        self.luck = luck
        self.move: int | None = None

    def to_move(self) -> int:
        return 0

    def apply(self, move: int) -> None:
        self.move = move

    def is_over(self) -> bool:
        return self.move is not None

    def returns(self) -> list[float]:
        assert self.move is not None
        return [QUALITY[self.move] + self.luck]


class _ToyKnowledge(Knowledge):
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        return _Toy(rng.gauss(0.0, 5.0))

    def root_order(self, state: Any, rng: random.Random) -> list[Any]:
        return [0, 1, 2, 3]


@pytest.mark.parametrize("seed", range(20))
def test_common_deals_cancel_the_luck_of_the_deal(seed: int) -> None:
    # the luck (sd 5) is 50 times the gaps between the moves: independent samples would
    # pick at random; every candidate played on the same deals finds the best every time
    player = FlatPlayer(PlayerOptions(max_nodes=20), _ToyKnowledge())
    assert player.choose(_Toy(), random.Random(seed)) == 2  # type: ignore[arg-type]
    assert player.last_playouts <= 20


def test_widths_grow_with_the_budget() -> None:
    assert [widths(n) for n in (1, 10, 20, 40, 200)] == [2, 2, 4, 8, 16]


def test_dominomega_legal_reproducible_and_blind_to_the_hidden_state() -> None:
    game = get_game("dominomega")
    state = advanced("dominomega", 5, 3)
    me = state.to_move()
    choices = set()
    hidden = set()
    for k in range(3):
        other = state.determinize(me, random.Random(100 + k))
        g = other.g  # type: ignore[attr-defined]
        hidden.add(repr((g.hands, g.supply)))
        player = game.make_player("flat", seed=5, max_nodes=12)
        move = player.choose(other, random.Random(5))
        assert move in list(other.legal_move_list())
        choices.add(other.move_text(move))
    assert len(hidden) > 1, "the redraws should differ in what the seat cannot see"
    assert len(choices) == 1
    assert len(state.history()) == 5  # the state is left as found


def test_a_time_budget_is_kept() -> None:
    state = advanced("dominomega", 5, 3)
    player = get_game("dominomega").make_player("flat", seed=1, move_time=0.2)
    start = time.monotonic()
    move = player.choose(state, random.Random(1))
    assert time.monotonic() - start < 0.2 * 1.2 + 0.1
    assert move in list(state.legal_move_list())
