"""The group terms of the MCTS evaluation (``solver.dominions.knowledge.group_terms``), with
the hand-set weights (the tuned ones of ``weights.json`` change the values, not the terms)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from puzzles.dominions import Position
from solver.dominions import knowledge
from solver.dominions.knowledge import (
    EN_PRISE,
    EYE,
    HAND_POINTS,
    SAFE,
    SAVE_CHANCE,
    SCALE,
    SECTION,
    group_terms,
)


@pytest.fixture(autouse=True)
def hand_set_weights(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The evaluation's terms with the hand-set weights, in score points."""
    monkeypatch.setattr(knowledge, "WEIGHTS", tuple(x / (2 * SCALE) for x in HAND_POINTS))
    yield

#: one White group (j10 piece 12, j9 piece 48) whose two beams point into i9: two liberty
#: beams (not atari), one liberty cell: a Black filling of i9 captures both pieces
TWO_BEAMS = {"j10": "W12", "j9": "W48"}
#: two White pieces in atari (one beam each), far apart
TWO_ATARI = {"j10": "W8", "e5": "W1"}


def phase(pos: Position) -> float:
    return (pos.hands[0].bit_count() + pos.hands[1].bit_count()) / 126


def test_a_one_cell_group_is_lost_when_the_opponent_moves() -> None:
    pos = Position.setup(TWO_BEAMS, to_move="B")
    (g,) = pos.group_table.values()
    assert (g.beams, len(g.liberties), g.complete) == (2, 1, True)
    assert group_terms(pos) == pytest.approx(SECTION * phase(pos) - EN_PRISE * 2 * 2)
    pos = Position.setup(TWO_BEAMS, to_move="W")  # its owner moves: he may still save it
    assert group_terms(pos) == pytest.approx(SECTION * phase(pos) - SAVE_CHANCE * 2)


def test_only_the_biggest_capturable_group_counts_as_lost() -> None:
    pos = Position.setup(TWO_ATARI, to_move="B")
    assert sorted(g.beams for g in pos.group_table.values()) == [1, 1]
    # Black takes one of them; the other counts like a group its owner may save
    assert group_terms(pos) == pytest.approx(2 * SECTION * phase(pos) - EN_PRISE * 2 * 1
                                             - SAVE_CHANCE * 1)
    pos = Position.setup(TWO_ATARI, to_move="W")
    assert group_terms(pos) == pytest.approx(2 * SECTION * phase(pos) - 2 * SAVE_CHANCE)


def test_permanent_eyes_and_their_safety_fade_with_the_pieces_in_hand() -> None:
    # Black holds only piece 2 (one beam, NW): it fits neither liberty cell (i9 needs a beam
    # towards j10, the other a beam towards e5), so both White pieces have permanent eyes
    few = Position.setup(TWO_ATARI, to_move="B", hands={"W": [2, 3], "B": [2]})
    assert phase(few) == pytest.approx(3 / 126)
    assert group_terms(few) == pytest.approx(2 * (EYE + SAFE + SECTION) * 3 / 126)
    many = Position.setup(TWO_ATARI, to_move="B", hands={"W": [2, 3], "B": [2, *range(40, 64)]})
    assert group_terms(many) < 0  # now Black can fill them: capturable, not eyes
