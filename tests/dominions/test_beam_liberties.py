"""The old players (greedy, search) count liberties as beams, as the seed says (issue 9).

"The liberties of a group are the beams that border on vacant cells": a group whose two beams
point into the same vacant cell has two liberties and is not in atari; legality is unchanged
(a filling of that cell still captures the group).
"""

from __future__ import annotations

import random

import pytest

from puzzles.dominions import Move, Position
from solver.dominions.evaluation import (
    EN_PRISE,
    LIBERTY_BONUS,
    evaluate,
    heat,
    hot_cells,
    ordered_moves,
    placements_with_beams,
)
from solver.dominions.tracker import Tracker

#: j10 (piece 12: beams W and SW) and j9 (piece 48: beams SE and E) join by a beam and both
#: point a beam into i9: one White group, one liberty cell, two liberty beams.
TWO_BEAMS = {"j10": "W12", "j9": "W48"}
#: j10 alone with piece 8 (one beam, SW into i9): atari.
ONE_BEAM = {"j10": "W8"}


def test_two_beams_into_one_cell_are_two_liberties_not_atari() -> None:
    pos = Position.setup(TWO_BEAMS, to_move="B")
    t = Tracker(pos)
    (g,) = t.table.values()
    assert (g.beams, [pos.board.name(c) for c in g.liberties]) == (2, ["i9"])
    w, b = pos.score()
    # no en-prise penalty: two liberty beams, each worth the liberty bonus
    assert evaluate(t, 0) == pytest.approx((w - b) + 2 * LIBERTY_BONUS)
    # legality does not change: Black's filling of i9 still captures both pieces
    i9 = pos.board.cell_index("i9")
    captures = [e for c, _, _, e in pos.legal_placements(cells=(i9,))]
    assert captures and all(e == 2 for e in captures)
    # for Black the cell is a threat against a group with two beams, not a capture of atari
    assert heat(t, 1) == {i9: 0.5 * 2}
    assert hot_cells(t, limit=1) == set() and hot_cells(t, limit=2) == {i9}


def test_one_beam_is_atari() -> None:
    pos = Position.setup(ONE_BEAM, to_move="B")
    t = Tracker(pos)
    w, b = pos.score()
    assert evaluate(t, 0) == pytest.approx((w - b) - EN_PRISE * 1 + LIBERTY_BONUS)
    assert hot_cells(t, limit=1) == {pos.board.cell_index("i9")}


def test_a_filling_that_joins_both_beams_counts_the_new_beams() -> None:
    pos = Position.setup(TWO_BEAMS, to_move="W")
    i9 = pos.board.cell_index("i9")
    for c, p, beams, e in placements_with_beams(pos, cells=(i9,)):
        pos.push(Move(c, p))
        assert beams == pos.group_table[pos.gid[c]].beams == p.bit_count() - 2
        pos.pop()
        assert e == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_placement_beams_match_the_engine_after_the_move(seed: int) -> None:
    rng = random.Random(seed)
    pos = Position()
    checked = 0
    while not pos.is_over() and len(pos.moves) < 70:
        if len(pos.moves) % 7 == 6:  # every seventh position: every placement played
            for c, p, beams, e in placements_with_beams(pos):
                if e < 0:
                    continue  # a suicide reports the opponent's new group (as the position does)
                pos.push(Move(c, p))
                assert beams == pos.group_table[pos.gid[c]].beams, pos.move_text(Move(c, p))
                pos.pop()
                checked += 1
        moves = pos.legal_placements()
        c, p, _, _ = rng.choice(moves)
        pos.push(Move(c, p))
    assert checked > 100
    # the ordering still lists every legal placement once
    assert sorted(m for _, m in ordered_moves(pos)) == \
        sorted(Move(c, p) for c, p, _, _ in pos.legal_placements())
