"""Every game's players: each plays legal moves, and no player's choice depends on hidden
state it cannot see."""

import random

import pytest

from puzzles.dominimum.state import DominimumState, DominomegaState
from puzzles.dominions.state import DominionsState
from puzzles.errors import InvalidInputError
from puzzles.game import GameState
from puzzles.numbridge.state import NumbridgeState
from solver.games import game_names, get_game
from solver.numbridge.generate import generate


def start(game: str) -> GameState:
    if game == "dominions":
        return DominionsState()
    if game == "dominimum":
        return DominimumState.deal(3, seed=11)
    if game == "dominomega":
        return DominomegaState.deal(3, seed=11)
    gen = generate(30, "regular", seed=11)
    return NumbridgeState.new(gen.field, gen.solution, bag_seed=11)


CASES = [(g, n) for g in game_names() for n in get_game(g).player_names()]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_player_moves_are_legal(game: str, name: str) -> None:
    state = start(game)
    rng = random.Random(2)
    for _ in range(3):
        state.apply(random.Random(len(state.history())).choice(state.legal_move_list()))
    player = get_game(game).make_player(name, seed=4, max_nodes=60)
    before = state.to_json()
    move = player.choose(state, rng)
    assert state.to_json() == before, "choose() must leave the state as it found it"
    assert state.move_text(move) in {state.move_text(m) for m in state.legal_moves()}


@pytest.mark.parametrize(("game", "name"),
                         [c for c in CASES if c[0] != "dominions"])
def test_redrawing_hidden_state_never_changes_the_choice(game: str, name: str) -> None:
    state = start(game)
    for _ in range(4):
        state.apply(random.Random(len(state.history())).choice(state.legal_move_list()))
    seat = state.to_move()
    for k in range(3):
        other_truth = state.determinize(seat, random.Random(100 + k))
        a = get_game(game).make_player(name, seed=7, max_nodes=40).choose(state, random.Random(5))
        b = get_game(game).make_player(name, seed=7, max_nodes=40).choose(other_truth,
                                                                           random.Random(5))
        assert state.move_text(a) == other_truth.move_text(b)


def test_unknown_names_are_refused_with_the_known_ones() -> None:
    with pytest.raises(InvalidInputError, match="unknown player 'alphazero'") as info:
        get_game("dominions").make_player("alphazero")
    assert ", ".join(get_game("dominions").player_names()) in info.value.message
    with pytest.raises(InvalidInputError, match="unknown game"):
        get_game("go")
