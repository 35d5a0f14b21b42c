"""Property tests on random legal games (hypothesis draws every choice)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.dominions import Position, parse_record, replay, write_record
from puzzles.dominions.records import format_moves
from solver.dominions.graphs import groups

SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: the same properties on many more random games: pytest -m slow
MANY = settings(SETTINGS, max_examples=300)


def play(data: st.DataObject, plies: int, pass_weight: int = 12) -> Position:
    pos = Position(data.draw(st.sampled_from([8, 9, 10]), label="base"))
    while not pos.is_over() and len(pos.moves) < plies:
        moves = list(pos.legal_moves())
        # the pass is the last legal move; choose it about one time in ``pass_weight``
        k = data.draw(st.integers(0, len(moves) - 1 + (len(moves) - 1) // pass_weight))
        pos.push(moves[min(k, len(moves) - 1)])
    return pos


@SETTINGS
@given(st.data())
def test_every_group_keeps_a_liberty_hands_shrink_board_grows(data: st.DataObject) -> None:
    pos = Position(data.draw(st.sampled_from([8, 9])))
    plies = data.draw(st.integers(1, 140))
    while not pos.is_over() and len(pos.moves) < plies:
        moves = list(pos.legal_moves())
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        hands = list(pos.hands)
        board = {i: pos.piece[i] for i in pos.occupied}
        pos.push(move)
        assert all(v.liberties for v in groups(pos)), "a group was left without a liberty"
        for c in (0, 1):
            assert pos.hands[c] & ~hands[c] == 0  # nothing returns to a hand
        assert all(pos.piece[i] == p for i, p in board.items())  # pieces stay where they are
        if not move.is_pass:
            assert pos.hands[1 - pos.to_move] == hands[1 - pos.to_move] & ~(1 << move.piece)
            assert len(pos.occupied) == len(board) + 1
        # score identity: pieces on the board and in hand account for all 126 pieces
        w, b = pos.score()
        on_board = len(pos.occupied)
        in_hand = pos.hands[0].bit_count() + pos.hands[1].bit_count()
        assert on_board + in_hand == 126 and w + b == on_board - in_hand


@SETTINGS
@given(st.data())
def test_records_round_trip(data: st.DataObject) -> None:
    pos = play(data, data.draw(st.integers(0, 90)))
    text = write_record(pos)
    again = replay(text)
    assert again.to_json() == pos.to_json()
    assert write_record(again) == text
    rec = parse_record(text)
    assert len(rec.moves) == len(pos.moves) and rec.base == pos.base
    assert format_moves(pos.moves, 0, pos) == text.removeprefix(f"BASE[{pos.base}];")


@SETTINGS
@given(st.data())
def test_undo_restores_everything(data: st.DataObject) -> None:
    pos = play(data, data.draw(st.integers(0, 80)))
    doc = pos.to_json()
    masks = (list(pos.must_beam), list(pos.must_blank), list(pos.occupied_neighbours))
    moves = list(pos.legal_moves())
    if moves:
        pos.push(moves[data.draw(st.integers(0, len(moves) - 1))])
        pos.pop()
    assert pos.to_json() == doc
    assert (pos.must_beam, pos.must_blank, pos.occupied_neighbours) == masks


# The slow run: every property above again, on 300 random games each.
for _name in ("test_every_group_keeps_a_liberty_hands_shrink_board_grows",
              "test_records_round_trip", "test_undo_restores_everything"):
    _inner = globals()[_name].hypothesis.inner_test
    globals()[f"{_name}_many"] = pytest.mark.slow(MANY(given(st.data())(_inner)))


def test_the_record_of_no_move_is_read_back() -> None:
    """An empty record is refused (issue 25), so the record of a game without a move names its
    base: the tool reads back every record it writes."""
    for base in (8, 9, 10):
        text = write_record(Position(base=base))
        assert text == f"BASE[{base}];" and replay(text).to_json() == Position(base=base).to_json()
