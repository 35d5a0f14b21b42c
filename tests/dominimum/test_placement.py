from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominimum.tiles import TILES
from solver.dominimum.placement import GroupIndex, rank_dominimum, rank_dominomega
from solver.dominimum.players import RandomPlayer
from tests.dominimum.verify import dominimum_score, dominomega_score, raw_of, sizes


def position(seed: int, stop: int) -> Game:
    game = Game.deal("dominimum", 2, seed)
    seats = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while len(game.history) < stop:
        game.play(seats[game.to_move].choose(game))
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30), st.booleans())
def test_incremental_evaluation_equals_full_rescoring(seed, stop, within):
    game = position(seed, stop)
    layout = game.layout
    hand = game.hands[game.to_move]
    index = GroupIndex(layout, within)
    for p in list(layout.legal_placements(hand))[:60]:
        raw = [*raw_of(layout.to_json()), (p.first, p.second, p.cells[0], p.cells[1])]
        largest = index.largest_after(p)
        for v in range(8):
            s = sizes(raw, lambda x, v=v: x == v, within)
            assert largest[v] == (s[0] if s else 0)
        for sym in (1, 2, 4):
            assert index.product_after(p, sym) == dominomega_score(raw, sym, within)


def test_rank_dominimum_is_sorted_and_exact():
    game = position(3, 12)
    layout, hand = game.layout, game.hands[0]
    mission = game.missions[0]
    cands = rank_dominimum(layout, hand, mission, opponents=1, samples=32, seed=5,
                           objective="own")
    assert len(cands) == len(list(layout.legal_placements(hand)))
    owns = [c.own for c in cands]
    assert owns == sorted(owns)
    for c in cands[:10]:
        raw = [*raw_of(layout.to_json()),
               (c.placement.first, c.placement.second, *c.placement.cells)]
        assert c.own == dominimum_score(raw, *mission)
    # known opponent mission: the opponents value is exact
    other = game.missions[1]
    exact = rank_dominimum(layout, hand, mission, known_missions=[other])
    for c in exact[:10]:
        raw = [*raw_of(layout.to_json()),
               (c.placement.first, c.placement.second, *c.placement.cells)]
        assert c.opponents == dominimum_score(raw, *other)
        assert c.margin == c.own - c.opponents
    margins = [(c.margin, c.own) for c in exact]
    assert margins == sorted(margins)
    # same seed, same answer
    again = rank_dominimum(layout, hand, mission, opponents=1, samples=32, seed=5,
                           objective="own")
    assert [c.to_json() for c in again] == [c.to_json() for c in cands]


def test_sampled_opponents_are_the_mean_over_sampled_missions():
    layout = Layout([Placement(2, 2, ((0, 0), (1, 0))), Placement(2, 6, ((0, 1), (1, 1)))])
    hidden = [(2, 6), (0, 1)]  # only 2-6 and 0-1 unseen: missions are one of these
    cands = rank_dominimum(layout, (3, 4), (3, 4), opponents=1, samples=200, seed=1,
                           hidden=hidden, objective="own")
    for c in cands:
        # 2-6 scores 3 * 1 = 3 and 0-1 scores 0: the expected value lies strictly between
        assert 0 < c.opponents < 3


def test_rank_dominomega_best_is_maximal():
    game = Game.deal("dominomega", 3, 4)
    seats = [RandomPlayer(i) for i in range(3)]
    for _ in range(14):
        game.play(seats[game.to_move].choose(game))
    hand = game.hands[game.to_move]
    cands = rank_dominomega(game.layout, hand, 4, (1, 2), objective="own")
    raw0 = raw_of(game.layout.to_json())
    brute = max(dominomega_score([*raw0, (p.first, p.second, *p.cells)], 4)
                for p in game.layout.legal_placements(hand))
    assert cands[0].own == brute
    assert {c.placement for c in cands} == set(game.layout.legal_placements(hand))
    assert len(TILES) == 36
