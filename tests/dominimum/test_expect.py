"""The expect player's parts: live liberties, the incremental estimate of the final largest
groups, and the Bayesian mission inference."""

import random

import pytest

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominimum.state import DominimumState
from solver.dominimum.expect import Estimator, ExpectPlayer, Groups, openness
from solver.dominimum.gamedef import DOMINIMUM
from solver.dominimum.inference import EPS, MISSIONS, MissionBelief, move_likelihoods
from solver.dominimum.players import GreedyPlayer
from solver.play.match import run_match


def test_groups_liberties_and_dead_holes():
    # a ring of tiles round the empty cell (1, 1): that hole can never be covered
    lay = Layout([Placement(3, 3, ((0, 0), (1, 0))), Placement(5, 4, ((2, 0), (2, 1))),
                  Placement(6, 7, ((2, 2), (1, 2))), Placement(2, 1, ((0, 2), (0, 1)))])
    gr = Groups(lay)
    k = gr.label[(0, 0)]
    assert gr.label[(1, 0)] == k and gr.size[k] == 2 and gr.value[k] == 3
    assert gr.libs[k] == {(-1, 0), (0, -1), (1, -1), (1, 1)}
    assert not gr.live((1, 1)) and gr.live((0, -1))
    assert gr.live_count(gr.libs[k]) == 3
    # covering (0, -1) and (1, -1) leaves the group one live liberty
    assert gr.live_count(gr.libs[k], ((0, -1), (1, -1))) == 1
    assert [openness(n) for n in (0, 1, 3, 6)] == [0.0, 1 / 3, 1.0, 1.0]


def test_incremental_estimate_equals_a_fresh_one_after_every_placement():
    g = Game.deal("dominimum", 3, seed=5)
    players = [GreedyPlayer(seed=i) for i in range(3)]
    for _ in range(16):
        g.play(players[g.to_move].choose(g))
    growth = [0.3 * v for v in (5, 4, 3, 2, 1, 0, 2, 3)]
    est = Estimator(g.layout, growth)
    moves = list(g.legal_moves())
    assert len(moves) > 50
    for p in moves:
        after = g.layout.copy()
        after.place(p)
        fresh = Estimator(after, growth)
        expected = [max((f for f, _ in fresh.ranked[v]), default=0.0) for v in range(8)]
        assert est.after(p) == pytest.approx(expected), str(p)


def test_a_move_that_joins_a_value_makes_missions_with_it_unlikely():
    lay = Layout([Placement(3, 3, ((0, 0), (1, 0)))])
    joined = Placement(3, 5, ((2, 0), (3, 0)))  # the 3 joins the double: a group of 3
    apart = Placement(5, 3, ((2, 0), (3, 0)))  # the 5 touches the double, the 3 does not
    liks = move_likelihoods(lay, joined)
    assert liks[(3, 5)] == EPS  # 3 x 1 where 2 x 1 was possible
    # a mission with a value not yet on the table scores 0 whatever she does: no evidence
    assert liks[(3, 6)] == liks[(5, 6)] == liks[(0, 1)] == 1.0
    assert [t for t in MISSIONS if liks[t] == EPS] == [(3, 5)]
    assert all(v == 1.0 for v in move_likelihoods(lay, apart).values())


def test_the_belief_finds_greedy_missions():
    ranks = []
    for seed in range(6):
        g = Game.deal("dominimum", 3, seed=seed)
        players = [GreedyPlayer(seed=seed * 3 + i) for i in range(3)]
        for _ in range(24):
            g.play(players[g.to_move].choose(g))
        post = MissionBelief(0).posterior(g)
        for q in (1, 2):
            assert g.missions[q] in post[q]
            assert set(post[q]) == {t for t in g.unseen(0) if t[0] != t[1]}
            ranks.append(sorted(post[q], key=post[q].get, reverse=True).index(g.missions[q]))
    # about 17 candidate tiles each: the true mission is near the top
    assert sum(ranks) / len(ranks) < 2.5, ranks


def test_expect_keeps_its_belief_across_moves_and_restarts_on_a_new_game():
    s = DominimumState.deal(3, seed=4)
    p = ExpectPlayer()
    for _ in range(7):
        s.apply(p.choose(s, random.Random(1)) if s.to_move() == 1
                else next(s.legal_moves()))
    assert p.belief is not None and len(p.belief._seen) == 4  # its last turn: move 5
    other = DominimumState.deal(3, seed=9)
    other.apply(next(other.legal_moves()))
    p.choose(other, random.Random(1))
    assert len(p.belief._seen) == 1


@pytest.mark.slow
def test_expect_wins_more_than_its_share_against_two_greedy():
    """30 games, seats rotated (about 15 s): a fair share is 10 wins."""
    r = run_match(DOMINIMUM, ["expect", "greedy", "greedy"], 30, 11, seats=3)
    assert r.tally()["expect"]["wins"] >= 13


def test_greedy_is_what_it_claims_the_lowest_own_score_after_its_move():
    """Checked by the independent flood fill of ``tests/dominimum/verify.py``."""
    from tests.dominimum.verify import dominimum_score, raw_of

    g = Game.deal("dominimum", 3, seed=8)
    players = [GreedyPlayer(seed=i) for i in range(3)]
    checked = 0
    while not g.is_terminal():
        seat = g.to_move
        a, b = g.missions[seat]
        choice = players[seat].choose(g)

        def own(p: Placement, a: int = a, b: int = b) -> int:
            lay = g.layout.copy()
            lay.place(p)
            return dominimum_score(raw_of(lay.to_json()), a, b)

        if len(g.history) % 4 == 1:  # every fourth move: all placements re-scored
            assert own(choice) == min(own(p) for p in g.legal_moves())
            checked += 1
        g.play(choice)
    assert checked == 8


def test_expect_solves_the_dominimum_regression_file():
    """The last tile of six greedy games: the placements that win under every assignment of
    the opponents' missions (proven in ``tests/play/test_regress_files.py``)."""
    import dataclasses
    from pathlib import Path

    from puzzles.documents import read_text
    from solver.play.regress import parse_cases, run_case

    path = Path(__file__).parent.parent / "data" / "regress-dominimum.txt"
    cases = parse_cases(read_text(path, "regression file"), str(path))
    assert len(cases) == 6
    for case in cases:
        outcome = run_case(dataclasses.replace(case, player="expect"), DOMINIMUM)
        assert outcome.passed, (case.name, outcome.answer)
