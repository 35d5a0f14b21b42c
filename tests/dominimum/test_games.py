import json
import random

import pytest

from puzzles.dominimum.game import Game, Move, Rules
from puzzles.dominimum.layout import Placement
from puzzles.dominimum.records import record_of, replay
from puzzles.dominimum.tiles import TILES, is_double
from puzzles.errors import IllegalMoveError, InvalidInputError
from puzzles.game import PlayerOptions
from solver.dominimum.gamedef import DominimumPlayer
from solver.dominimum.players import STRATEGIES, LookaheadPlayer
from solver.games import get_game
from solver.play.match import play
from tests.dominimum.verify import check_layout, dominimum_score, dominomega_score, raw_of


def played(game, seats):
    """Play ``game`` to its end on the one runner (``solver.play.match.play``)."""
    rngs = [random.Random(100 + i) for i in range(len(seats))]
    play(get_game(game.kind).state_class(game), seats, rngs)
    return game


def finished(kind, players, seed, strategy="random"):
    game = Game.deal(kind, players, seed)
    return played(game, [get_game(kind).make_player(strategy, seed=seed * 8 + i)
                         for i in range(players)])


@pytest.mark.parametrize("players, each", [(2, 17), (3, 11), (4, 8)])
def test_every_player_places_36_minus_n_over_n(players, each):
    for seed in range(3):
        game = finished("dominimum", players, seed)
        counts = [sum(1 for m in game.history if m.player == p) for p in range(players)]
        assert counts == [each] * players
        assert len(game.layout) == 36 - players
        # missions are never doubles, never placed, all different
        assert all(not is_double(m) for m in game.missions)
        assert not set(game.missions) & game.layout.used
        assert len(set(game.missions)) == players
        check_layout(raw_of(game.layout.to_json()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_between_4_and_64_on_random_complete_games(players):
    for seed in range(24):
        strategy = "greedy" if seed % 4 == 0 else "random"
        game = finished("dominimum", players, seed, strategy)
        raw = raw_of(game.layout.to_json())
        for p, m in enumerate(game.missions):
            score = game.score(p)
            assert 4 <= score <= 64
            assert score == dominimum_score(raw, *m)


def test_dominomega_counts_and_bound():
    for players, each in ((3, 12), (2, 18)):
        game = finished("dominomega", players, 7)
        counts = [sum(1 for m in game.history if m.player == p) for p in range(players)]
        assert counts == [each] * players and len(game.layout) == 36
        raw = raw_of(game.layout.to_json())
        for p, s in enumerate(game.symbols):
            assert game.score(p) == dominomega_score(raw, s) <= 3**12
    assert Game.deal("dominomega", 2, 1).symbols == (1, 4)


def test_tie_break_goes_to_the_player_whose_final_tile_came_first():
    game = finished("dominimum", 3, 11)
    assert game.ranking([9, 9, 9]) == [0, 1, 2]
    assert game.ranking([16, 9, 9]) == [1, 2, 0]
    assert game.ranking([4, 6, 4]) == [0, 2, 1]
    # A hand-made history where seat 2 placed her final tile before seat 1.
    fake = Game.open("dominimum", 3, [(0, 1), (2, 3), (4, 5)])
    p = Placement(0, 0, ((0, 0), (1, 0)))
    fake.history = [Move(0, p), Move(2, p), Move(1, p)]
    assert fake.ranking([5, 5, 5]) == [0, 2, 1]
    omega = finished("dominomega", 3, 2)
    assert omega.ranking([10, 20, 20]) == [1, 2, 0]


def test_seeded_deals_and_games_are_reproducible():
    a, b = finished("dominimum", 4, 5, "greedy"), finished("dominimum", 4, 5, "greedy")
    assert record_of(a) == record_of(b)
    def lookahead_game():
        game = Game.deal("dominomega", 2, 8)
        look = DominimumPlayer("lookahead", PlayerOptions(1))
        look.inner = LookaheadPlayer(1, width=2, rollouts=2, tries=5)
        rival = get_game("dominomega").make_player("random", seed=2)
        return record_of(played(game, [look, rival]))

    assert lookahead_game() == lookahead_game()
    deal = Game.deal("dominimum", 4, 5)
    assert sorted(deal.missions + [h for h in deal.hands if h] + deal.supply) == sorted(TILES)


def test_records_replay_exactly_and_reject_changes():
    game = finished("dominimum", 3, 3, "greedy")
    doc = json.loads(json.dumps(record_of(game, ["greedy"] * 3)))
    again = replay(doc)
    assert again.scores() == game.scores() and again.layout.value_at == game.layout.value_at
    bad = json.loads(json.dumps(doc))
    bad["moves"][4]["tile"] = bad["moves"][5]["tile"]
    with pytest.raises(IllegalMoveError, match="move 5"):
        replay(bad)
    bad = json.loads(json.dumps(doc))
    bad["result"]["scores"] = [0, 0, 0]
    with pytest.raises(InvalidInputError, match="differ"):
        replay(bad)
    # a table game without a seed: hands unknown, only rules and missions checked
    open_doc = dict(doc, seed=None)
    assert replay(open_doc).scores() == game.scores()
    open_doc["moves"] = [dict(doc["moves"][0], tile=list(game.missions[1]))]
    with pytest.raises(IllegalMoveError, match="mission tile"):
        replay(open_doc)


def test_dominomega_records_replay():
    game = finished("dominomega", 2, 5, "greedy")
    doc = json.loads(json.dumps(record_of(game)))
    assert doc["missions"] == [] and len(doc["moves"]) == 36
    assert replay(doc).scores() == game.scores()


def test_illegal_moves_name_the_rule():
    game = Game.deal("dominimum", 2, 1)
    hand = game.hands[0]
    other = next(t for t in TILES if t != hand and t not in game.missions)
    with pytest.raises(IllegalMoveError) as info:
        game.play(Placement(*other, ((0, 0), (1, 0))))
    assert info.value.rule == "tile not in hand"
    game.play(Placement(*hand, ((0, 0), (1, 0))))
    with pytest.raises(IllegalMoveError) as info:
        game.play(Placement(*game.hands[1], ((5, 5), (6, 5))))
    assert info.value.rule == "not touching"
    with pytest.raises(InvalidInputError):
        Game.deal("dominimum", 5, 1)
    with pytest.raises(InvalidInputError):
        Game.deal("dominomega", 4, 1)


def test_undo_and_determinize():
    game = Game.deal("dominimum", 3, 9)
    rng = random.Random(1)
    before = (list(game.hands), list(game.supply))
    mv = next(game.legal_moves())
    game.play(mv)
    game.undo()
    assert (game.hands, game.supply) == before and len(game.layout) == 0
    for _ in range(5):
        game.play(next(game.legal_moves()))
    d = game.determinize(1, rng)
    assert d.missions[1] == game.missions[1] and d.hands[1] == game.hands[1]
    everything = d.missions + [h for h in d.hands if h] + d.supply + sorted(d.layout.used)
    assert sorted(everything) == sorted(TILES)
    assert all(not is_double(m) for m in d.missions)


def test_rules_setting_round_trip():
    assert Rules.from_json({"within_tile": False}) == Rules(False)
    with pytest.raises(InvalidInputError):
        Rules.from_json({"bogus": 1})


def test_players_are_named_and_only_play_legal_moves():
    for name in ("random", "greedy", "lookahead"):
        assert STRATEGIES[name](1).name == name
    with pytest.raises(InvalidInputError, match="unknown player 'clever'"):
        get_game("dominimum").make_player("clever")
    game = Game.deal("dominimum", 2, 4)
    for _ in range(6):
        move = STRATEGIES["greedy"](3).choose(game)
        assert move in set(game.legal_moves())
        game.play(move)
