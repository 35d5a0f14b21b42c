"""The shared game interface: every game of the registry honours the same contract (its
GameDef's settings, deals, records and players; random playouts, undo, JSON round trips,
record round trips, hidden information)."""

import json
import random

import pytest

from puzzles.dominimum.state import DominimumState
from puzzles.dominions.state import DominionsState
from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError
from puzzles.game import GameDef, GameState
from puzzles.numbridge.state import NumbridgeState
from solver.games import game_names, get_game, record_game
from solver.numbridge.generate import generate
from solver.play.match import new_game

GAMES = game_names()


def numbridge(seed: int = 3) -> NumbridgeState:
    gen = generate(30, "regular", seed=seed)
    return NumbridgeState.new(gen.field, gen.solution, bag_seed=seed)


def fresh(name: str) -> GameState:
    """A new game of ``name`` for as many seats as it allows up to three (deal seed 5)."""
    game = get_game(name)
    return new_game(game, 5, seats=min(3, game.seat_range[1]))


def test_registry_knows_each_game_by_its_own_name() -> None:
    assert sorted(GAMES) == GAMES and len(GAMES) >= 4
    for name in GAMES:
        game = get_game(name)
        assert isinstance(game, GameDef) and game.name == name and game.title
        assert game.state_class.game == name and fresh(name).game == name
    with pytest.raises(InvalidInputError, match="unknown game 'chess'"):
        get_game("chess")


@pytest.mark.parametrize("name", GAMES)
def test_settings_have_defaults_and_refuse_bad_values(name: str) -> None:
    game = get_game(name)
    defaults = game.settings()
    assert list(defaults) == [s.name for s in game.schema]
    assert defaults == {s.name: s.default for s in game.schema}
    assert game.settings(defaults) == defaults
    with pytest.raises(InvalidInputError, match="unknown setting 'bogus'"):
        game.settings({"bogus": 1})
    for s in game.schema:
        bad = "x" if s.kind != "choice" else "no such choice"
        with pytest.raises(InvalidInputError, match=f"setting {s.name}"):
            game.settings({s.name: bad})
    lo, hi = game.seat_range
    assert game.seats() == lo and (lo == hi or game.seats(hi) == hi)
    if lo != hi:
        with pytest.raises(InvalidInputError, match="seats"):
            game.seats(hi + 1)


@pytest.mark.parametrize("name", GAMES)
def test_a_record_is_recognised_and_read_back_by_its_game(name: str) -> None:
    game = get_game(name)
    state = fresh(name)
    playout(state, seed=3, limit=15)
    record = game.write_record(state)
    assert record_game(record) is game
    assert all(other.sniff(record) < game.sniff(record) for other in map(get_game, GAMES)
               if other is not game)
    start, moves = game.read_record(record)
    assert start.game == name and len(moves) == len(state.history())
    assert game.state_from_record(record).view(None) == state.view(None)


@pytest.mark.parametrize("name", GAMES)
def test_players_play_and_the_picture_draws(name: str) -> None:
    game = get_game(name)
    assert {"random", "mcts"} <= set(game.player_names())
    state = fresh(name)
    move = game.make_player("mcts", seed=1, max_nodes=5).choose(state, random.Random(1))
    assert state.move_text(move) in {state.move_text(m) for m in state.legal_moves()}
    assert "<svg" in game.picture(state, "start")
    with pytest.raises(InvalidInputError, match="unknown player 'nobody'"):
        game.make_player("nobody")


def playout(state: GameState, seed: int, limit: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(limit):
        if state.is_over():
            break
        moves = state.legal_move_list()
        assert moves, "a game that is not over has a legal move"
        move = rng.choice(moves)
        texts.append(state.move_text(move))
        state.apply(move)
    return texts


@pytest.mark.parametrize("name", GAMES)
def test_text_round_trip_and_undo(name: str) -> None:
    state = fresh(name)
    start = json.dumps(state.view(None), sort_keys=True)
    texts = playout(state, seed=1, limit=12)
    assert [state.move_text(m) for m in state.history()] == texts
    for move in list(state.history()):
        assert state.parse_move(state.move_text(move)) == move or name == "numbridge"
    middle = json.dumps(state.view(None), sort_keys=True)
    for _ in texts:
        state.undo()
    assert json.dumps(state.view(None), sort_keys=True) == start
    with pytest.raises(InvalidInputError):
        state.undo()
    for text in texts:
        state.apply_text(text)
    assert json.dumps(state.view(None), sort_keys=True) == middle


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_rebuilds_the_same_game(name: str) -> None:
    state = fresh(name)
    playout(state, seed=2, limit=20)
    doc = json.loads(json.dumps(state.to_json()))
    again = get_game(name).state_from_json(doc)
    assert again.record_text() == state.record_text()
    for seat in (None, *range(state.num_seats)):
        assert again.view(seat) == state.view(seat)
    assert [again.move_text(m) for m in again.legal_moves()] == \
        [state.move_text(m) for m in state.legal_moves()]


@pytest.mark.parametrize("name", GAMES)
def test_played_to_the_end(name: str) -> None:
    state = fresh(name)
    playout(state, seed=4, limit=2000)
    assert state.is_over() and state.to_move() == -1
    assert list(state.legal_moves()) == []
    returns = state.returns()
    assert len(returns) == state.num_seats and all(0.0 <= r <= 1.0 for r in returns)
    assert sum(returns) == pytest.approx(1.0)
    assert state.result_text()


def test_illegal_moves_name_the_rule() -> None:
    d = DominionsState()
    d.apply_text("P63i9")
    with pytest.raises(IllegalMoveError) as info:
        d.apply_text("P54h8")
    assert info.value.rule == "mismatch"
    with pytest.raises(InvalidMoveError):
        d.parse_move("Q1")
    n = numbridge()
    given = next(i for i, ch in enumerate(n.g.field.givens) if ch != "0")
    digit = n.g.hands[1][0]
    with pytest.raises(IllegalMoveError) as info:
        n.apply(n.parse_move(f"place {'abcdefghi'[given % 9]}{given // 9 + 1} {digit}"))
    assert info.value.rule == "place-empty"
    with pytest.raises(InvalidMoveError):
        n.parse_move("place e5 x")
    with pytest.raises(InvalidMoveError):
        DominimumState.deal(2, seed=1).parse_move("3@(0,0) 9@(1,0)")


def secrets_of(state: GameState, seat: int) -> list[str]:
    """Strings that must never appear in another seat's view."""
    if isinstance(state, DominimumState):
        g = state.g
        hand = g.hands[seat]
        out = [json.dumps(list(hand))] if hand is not None else []
        if g.missions:
            out.append(json.dumps(list(g.missions[seat])))
        return out
    assert isinstance(state, NumbridgeState)
    return [json.dumps(state.g.hands[seat + 1])]


@pytest.mark.parametrize("name", ["dominimum", "numbridge"])
def test_views_hide_other_seats(name: str) -> None:
    state = fresh(name)
    playout(state, seed=6, limit=5)
    for seat in range(state.num_seats):
        mine = state.view(seat)
        assert mine["hands"][seat] is not None
        for other in [None, *range(state.num_seats)]:
            if other == seat:
                continue
            view = state.view(other)
            assert view["hands"][seat] is None
            if name == "dominimum":
                assert view["missions"][seat] is None
    if name == "numbridge":
        text = json.dumps(state.view(0))
        assert state.g.solution not in text and "bag_order" not in text
        assert json.dumps(state.g.bag) not in text


@pytest.mark.parametrize("name", ["dominimum", "dominomega", "numbridge"])
def test_determinize_keeps_what_the_seat_knows(name: str) -> None:
    state = fresh(name)
    playout(state, seed=7, limit=9)
    seat = state.to_move()
    seen = state.view(seat)
    changed = False
    for k in range(8):
        sample = state.determinize(seat, random.Random(k))
        assert sample.view(seat) == seen
        assert [sample.move_text(m) for m in sample.legal_moves()] == \
            [state.move_text(m) for m in state.legal_moves()]
        playout(sample, seed=k, limit=3000)
        assert sample.is_over()
        changed |= sample.to_json() != state.to_json()
    assert changed, "redrawing never changed the hidden state"


def test_numbridge_clock_fires_without_a_move() -> None:
    from puzzles.numbridge.game import RoomSettings

    gen = generate(30, "regular", seed=3)
    state = NumbridgeState.new(gen.field, gen.solution,
                               RoomSettings(move_limit=5.0, game_limit=60.0), bag_seed=3)
    assert state.next_deadline() == 5.0
    assert not state.advance_clock(4.0)
    assert state.advance_clock(5.5)
    assert state.to_move() == 1 and state.view(None)["events"][-1]["kind"] == "timeout"
    move = next(state.legal_moves())
    state.apply(state.timed(move, 6.0))
    assert state.g.used[2] == pytest.approx(1.0)  # B's turn began when A's limit ran out
    state.side(0, "resign", 7.0)
    assert state.is_over() and state.returns() == [0.0, 1.0]
    again = NumbridgeState.from_json(state.to_json())
    assert again.result_text() == state.result_text() == "0-1 resign"
