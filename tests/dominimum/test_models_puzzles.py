import itertools
from fractions import Fraction

import pytest

from puzzles.dominimum.layout import Placement
from puzzles.errors import InvalidInputError
from solver.dominimum.endgames import generate
from solver.dominimum.models import dominimum_extreme, dominomega_maximum, tetrominoes
from tests.dominimum.verify import check_layout, dominimum_score, dominomega_score, raw_of


def test_tetrominoes_are_the_19_fixed_shapes():
    shapes = tetrominoes()
    assert len(shapes) == 19 and all(len(s) == 4 for s in shapes)


def test_lowest_score_is_4_and_proven():
    r = dominimum_extreme((3, 6), "min", time_limit=30)
    assert r.status == "OPTIMAL" and r.value == 4 and r.bound == 4
    assert r.details["layout_score"] == 4
    raw = raw_of(r.layout.to_json())
    check_layout(raw)
    assert len(raw) == 35 and (3, 6) not in {tuple(sorted(t[:2])) for t in raw}
    assert dominimum_score(raw, 3, 6) == 4
    xs = [c[0] for t in raw for c in t[2:]]
    ys = [c[1] for t in raw for c in t[2:]]
    assert max(xs) - min(xs) < 8 and max(ys) - min(ys) < 9


@pytest.mark.parametrize("mission", [(2, 5), pytest.param((0, 7), marks=pytest.mark.slow)])
def test_highest_score_is_64_and_proven(mission):
    r = dominimum_extreme(mission, "max", time_limit=120)
    assert r.status == "OPTIMAL" and r.value == 64 == r.details["layout_score"]
    raw = raw_of(r.layout.to_json())
    check_layout(raw)
    assert dominimum_score(raw, *mission) == 64


def test_other_missions_lower_the_maximum_bound():
    # with 2-3, 2-4 and 2-6 held by other players only 5 halves of 2 stay on the table, so
    # the highest score is at most 5 * 8 = 40 (not 64), and 40 is reached
    r = dominimum_extreme((2, 5), "max", region=(8, 9), others=[(2, 3), (2, 4), (2, 6)],
                          time_limit=60)
    assert r.details["halves"] == {"2": 5, "5": 8}
    assert r.status == "OPTIMAL" and r.value == 40 == r.bound
    raw = raw_of(r.layout.to_json())
    check_layout(raw)
    assert len(raw) == 32 and dominimum_score(raw, 2, 5) == 40


def test_other_missions_keep_the_minimum_4():
    # with 0-1 and 0-2 held by other players only 6 halves of 0 stay on the table
    r = dominimum_extreme((0, 7), "min", region=(8, 9), others=[(0, 1), (0, 2)],
                          time_limit=30)
    assert r.details["halves"] == {"0": 6, "7": 8} and r.value == 4


def test_extreme_bad_input():
    with pytest.raises(InvalidInputError):
        dominimum_extreme((2, 2), "min")
    with pytest.raises(InvalidInputError):
        dominimum_extreme((1, 2), "min", region=(5, 5))


@pytest.mark.slow
def test_dominomega_maximum_531441_reached():
    r = dominomega_maximum((1,), time_limit=120)
    assert r.status == "OPTIMAL" and r.value == 531441 == 3**12
    raw = raw_of(r.layout.to_json())
    check_layout(raw)
    assert len(raw) == 36 and dominomega_score(raw, 1) == 531441


def _verify_puzzle(p):
    """Re-solve a puzzle exhaustively with the independent flood fill."""
    raw0 = raw_of(p.layout.to_json())
    cells = {c for t in raw0 for c in t[2:]}
    keys = {}
    for x, y in {(x + dx, y + dy) for x, y in cells for dx, dy in
                 ((1, 0), (-1, 0), (0, 1), (0, -1))} - cells:
        for c2 in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if c2 in cells:
                continue
            for a, b in {p.tile, p.tile[::-1]}:
                raw = [*raw0, (a, b, (x, y), c2)]
                if p.kind == "dominimum":
                    sc = [dominimum_score(raw, *m) for m in p.missions]
                    other = min(s for q, s in enumerate(sc) if q != p.to_move)
                    key = (Fraction(sc[p.to_move] - other), sc[p.to_move])
                else:
                    syms = (1, 2, 4) if p.players == 3 else (1, 4)
                    sc = [dominomega_score(raw, s) for s in syms]
                    other = max(s for q, s in enumerate(sc) if q != p.to_move)
                    key = (-Fraction(sc[p.to_move], other), -sc[p.to_move])
                cell_pair = tuple(sorted([(x, y), c2]))
                keys[(a, b) if cell_pair[0] == (x, y) else (b, a), cell_pair] = key
    best = min(keys.values())
    winners = [k for k, v in keys.items() if v == best]
    assert len(winners) == 1
    (vals, pair) = winners[0]
    assert Placement(vals[0], vals[1], pair) == p.answer
    assert len(keys) == p.placements


def test_dominomega_endgame_puzzles_have_unique_proven_answers():
    found = list(itertools.islice(generate("dominomega", 3, seed=1), 2))
    assert [p.seed for p in found] == [3, 4]
    for p in found:
        assert p.best_count == 1
        _verify_puzzle(p)


def test_dominimum_endgame_puzzle():
    p = next(generate("dominimum", 2, seed=42, tries=1))
    assert p.seed == 42 and p.best_count == 1
    _verify_puzzle(p)
