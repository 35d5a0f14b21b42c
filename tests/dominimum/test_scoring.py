from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.dominimum.game import Game
from puzzles.dominimum.groups import mission_score, symbol_score
from puzzles.dominimum.layout import Layout, Placement
from solver.dominimum.analysis import all_mission_scores, mission_report, omega_report
from solver.dominimum.players import RandomPlayer
from tests.dominimum.verify import dominimum_score, dominomega_score, raw_of, sizes


def lay(*tiles):
    return Layout([Placement(a, b, (c1, c2)) for a, b, c1, c2 in tiles])


def test_hand_built_dominimum():
    # Row y=0: 3 3 | 3 5 ; row y=1: 5 5 | 0 3 (tiles drawn with their cells)
    layout = lay((3, 3, (0, 0), (1, 0)), (3, 5, (2, 0), (3, 0)),
                 (5, 5, (0, 1), (1, 1)), (0, 3, (2, 1), (3, 1)))
    rep = mission_report(layout, (3, 5))
    # 3s: (0,0),(1,0),(2,0) connected; (3,1) is alone -> 3. 5s: (0,1),(1,1) and (3,0) -> 2.
    assert rep.sizes == {3: 3, 5: 2} and rep.score == 6
    assert rep.to_json() == {"groups": {"3": 3, "5": 2}, "score": 6}
    assert mission_score(layout, (3, 5)) == 6
    assert mission_report(layout, (0, 3)).score == 3
    # Project rule off: the halves of a double no longer join.
    assert mission_report(layout, (3, 5), within_tile=False).sizes == {3: 2, 5: 1}
    # A value not on the table counts 0.
    assert mission_report(layout, (3, 6)).score == 0


def test_diagonals_do_not_count():
    layout = lay((1, 2, (0, 0), (1, 0)), (2, 4, (0, 1), (0, 2)), (6, 1, (1, 1), (1, 2)))
    # the 1 at (0,0) and the 1 at (1,2) are far apart; the 2 at (1,0) touches 2 at (0,1)
    # only diagonally.
    assert mission_report(layout, (1, 2)).sizes == {1: 1, 2: 1}


def test_binary_grouping_seven_belongs_to_all_symbols():
    # 1 | 7 | 2 in a row with 4 below the 7: the 7 joins the pip of 1, the circle of 2 and
    # the large circle of 4.
    layout = lay((1, 7, (0, 0), (1, 0)), (2, 6, (2, 0), (3, 0)), (4, 0, (1, 1), (1, 2)))
    rep = omega_report(layout)
    sizes_of = {s: [len(g) for g in gs] for s, gs in rep.groups.items()}
    assert sizes_of[1] == [2]          # 1 and 7
    assert sizes_of[2] == [3]          # 7, 2, 6 (6 = 2 + 4)
    assert sizes_of[4] == [2, 1]       # 7 and the 4 below; the 6 at (3,0) alone
    assert rep.scores == {1: 2, 2: 3, 4: 2}


def test_product_of_all_groups():
    layout = lay((1, 0, (0, 0), (1, 0)), (0, 3, (2, 0), (3, 0)), (5, 0, (0, 1), (1, 1)))
    # pip: (0,0),(0,1) joined [1,5]; (3,0) alone -> 2 * 1
    assert omega_report(layout).scores[1] == 2 == symbol_score(layout, 1)


def random_layout(seed: int, players: int, kind: str, stop: int) -> Layout:
    game = Game.deal(kind, players, seed)
    seats = [RandomPlayer(seed * 10 + i) for i in range(players)]
    while not game.is_terminal() and len(game.history) < stop:
        game.play(seats[game.to_move].choose(game))
    return game.layout


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 36), st.booleans())
def test_three_scorers_agree(seed, stop, within):
    layout = random_layout(seed, 2, "dominomega", stop)
    raw = raw_of(layout.to_json())
    scores = all_mission_scores(layout, within)
    for (a, b), n in scores.items():
        assert n == dominimum_score(raw, a, b, within) == mission_score(layout, (a, b), within)
    rep = omega_report(layout, within_tile=within)
    for s in (1, 2, 4):
        assert rep.scores[s] == dominomega_score(raw, s, within) == symbol_score(layout, s,
                                                                                 within)
        assert sorted(len(g) for g in rep.groups[s]) == sorted(
            sizes(raw, lambda v, s=s: v & s != 0, within))
