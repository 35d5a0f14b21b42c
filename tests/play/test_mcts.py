"""The generic MCTS / ISMCTS player: legal, reproducible, blind to hidden state."""

from __future__ import annotations

import random

import pytest

from puzzles.dominions.state import DominionsState
from puzzles.game import GameState, PlayerOptions
from solver.games import get_game
from solver.play.match import new_game
from solver.play.mcts import MCTSPlayer


def advanced(game: str, moves: int, seats: int = 2) -> GameState:  # type: ignore[type-arg]
    """A game after ``moves`` greedy moves (seeded)."""
    state = new_game(get_game(game), 7, seats=seats)
    greedy = get_game(game).make_player("greedy", seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        state.apply(greedy.choose(state, rng))
    return state


@pytest.mark.parametrize(("game", "seats", "moves"), [
    ("numbridge", 2, 9), ("dominimum", 3, 7), ("dominomega", 3, 5)])
def test_redrawing_the_hidden_state_never_changes_the_choice(game: str, seats: int,
                                                             moves: int) -> None:
    state = advanced(game, moves, seats)
    me = state.to_move()
    choices = set()
    hidden = set()
    for k in range(3):
        # another true state that looks the same to the seat to move
        other = state.determinize(me, random.Random(100 + k))
        g = other.g  # type: ignore[attr-defined]
        hidden.add(repr((g.hands, g.bag) if game == "numbridge"
                        else (g.hands, g.supply, g.missions)))
        player = MCTSPlayer(PlayerOptions(seed=5, max_nodes=25), get_game(game).knowledge())
        choices.add(other.move_text(player.choose(other, random.Random(5))))
    assert len(hidden) > 1, "the redraws should differ in what the seat cannot see"
    assert len(choices) == 1


def test_same_seed_same_move_and_a_legal_one() -> None:
    state = advanced("dominions", 12)
    moves = []
    for _ in range(2):
        p = MCTSPlayer(PlayerOptions(seed=2, max_nodes=40), get_game("dominions").knowledge())
        moves.append(p.choose(state, random.Random(2)))
        assert p.last is not None and p.last.iterations == 40
        assert sum(n for _, n, _ in p.last.children) <= 40
    assert moves[0] == moves[1]
    assert isinstance(state, DominionsState) and state.position.is_legal(moves[0])
    assert len(state.history()) == 12  # the state is left as found


def test_time_budget_stops_the_search() -> None:
    state = advanced("dominions", 6)
    p = MCTSPlayer(PlayerOptions(seed=1, move_time=0.05), get_game("dominions").knowledge())
    p.choose(state, random.Random(1))
    assert p.last is not None and p.last.iterations >= 1 and p.last.seconds < 1.0


def test_mcts_takes_a_capture_the_collection_proves_unique() -> None:
    from pathlib import Path

    from solver.play.regress import run_file

    outcomes = run_file(Path(__file__).parents[1] / "data" / "regress-dominions.txt", get_game)
    assert len(outcomes) == 26  # 6 puzzle answers and 20 life-and-death cases
    bad = [(o.case.name, o.answer) for o in outcomes if not o.as_expected]
    assert bad == []
    assert sum(o.passed for o in outcomes) == 9  # 3 of 6 puzzle answers, 6 of 20 life cases


@pytest.mark.parametrize("kind", ["OddsKnowledge", "RacesKnowledge"])
def test_ranked_nodes_order_the_moves_by_the_knowledges_own_score(kind: str) -> None:
    from solver.numbridge import knowledge
    from solver.numbridge.knowledge import _after
    from solver.numbridge.players import useful_moves

    state = advanced("numbridge", 9)
    k = getattr(knowledge, kind)()
    k.ranked_nodes = True
    moves = k.order(state, random.Random(1))
    g = state.g  # type: ignore[attr-defined]
    values = [k.score(_after(g, m), g.mover) for m in moves]
    assert sorted(moves, key=str) == sorted(useful_moves(g), key=str)
    assert values == sorted(values, reverse=True) and values[0] > values[-1]


class _SlowRollouts:
    """Dominions' knowledge with rollouts of ten moves of 30 ms each (one iteration: 0.3 s)."""

    @staticmethod
    def make() -> object:
        import time as _time

        from solver.dominions.knowledge import DominionsKnowledge

        class Slow(DominionsKnowledge):
            rollout_depth = 10

            def rollout_move(self, state: GameState, rng: random.Random) -> object:  # type: ignore[type-arg]
                _time.sleep(0.03)
                return super().rollout_move(state, rng)

        return Slow()


def test_the_deadline_is_kept_inside_the_first_iteration() -> None:
    import time

    state = advanced("dominions", 6)
    kn = _SlowRollouts.make()
    p = MCTSPlayer(PlayerOptions(seed=1, move_time=0.1), kn)  # type: ignore[arg-type]
    start = time.monotonic()
    move = p.choose(state, random.Random(1))
    took = time.monotonic() - start
    assert took < 0.25, took  # not the 0.3 s of one whole iteration
    assert p.last is not None and p.last.iterations == 0 and p.last.children == []
    assert isinstance(state, DominionsState) and state.position.is_legal(move)
    assert kn.deadline is None  # type: ignore[attr-defined]
    # a search for analysis completes one iteration whatever the clock says
    stats, _ = p.search(state, random.Random(1))
    assert stats.iterations == 1 and stats.values


def test_out_of_time_from_the_start_plays_the_fallback_at_once() -> None:
    import time

    state = advanced("dominions", 6)
    p = MCTSPlayer(PlayerOptions(seed=1, move_time=5.0, deadline=time.monotonic() - 1.0),
                   get_game("dominions").knowledge())
    start = time.monotonic()
    move = p.choose(state, random.Random(1))
    assert time.monotonic() - start < 0.2
    assert p.last is not None and p.last.iterations == 0
    assert isinstance(state, DominionsState) and state.position.is_legal(move)


def test_a_root_ordering_stops_at_the_deadline() -> None:
    import time

    from solver.dominions.knowledge import order_moves

    state = get_game("dominions").new_state({}, 1, 2)  # the empty board: 11,000 placements
    assert isinstance(state, DominionsState)
    every = order_moves(state.position, random.Random(1))
    calls = []

    def stop() -> bool:
        calls.append(time.monotonic())
        return len(calls) > 2

    some = order_moves(state.position, random.Random(1), stop=stop)
    assert len(every) > 10_000 and 64 * 2 <= len(some) - 1 <= 64 * 3
    assert all(state.position.is_legal(m) for m in some)
