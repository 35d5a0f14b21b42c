"""Every rule of Dominions on small constructed positions (reference: dominions.md, seed 000)."""

from __future__ import annotations

import pytest

from puzzles.dominions import BLACK, WHITE, Move, Position, replay
from puzzles.dominions.board import Board, fitting_mask, mask_pieces
from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError


def mv(pos: Position, text: str) -> Move:
    return pos.parse_move(text)


def colour_at(pos: Position, name: str) -> str:
    i = pos.board.cell_index(name)
    return "WB"[pos.owner[i]] if pos.owner[i] >= 0 else "."


def test_board_sizes_and_names() -> None:
    assert [len(Board(b)) for b in (8, 9, 10)] == [169, 217, 271]
    b = Board(9)
    assert b.names[0] == "a1" and b.names[-1] == "q17"
    i9 = b.cell_index("i9")
    # directions 1 NE j10, 2 NW j9, 4 W i8, 8 SW h8, 16 SE h9, 32 E i10
    assert [b.name(j) for j in b.neighbours[i9]] == ["j10", "j9", "i8", "h8", "h9", "i10"]
    assert b.border_blank[b.cell_index("a1")] == 4 | 8 | 16
    assert b.border_blank[b.cell_index("q17")] == 1 | 2 | 32
    assert b.border_blank[b.cell_index("e5")] == 0
    with pytest.raises(InvalidInputError):
        b.cell_index("a10")  # |L - n| > 8


def test_fitting_mask() -> None:
    # a corner takes at most an unbroken three (its three inner sides)
    corner = Board(9).border_blank[Board(9).cell_index("a1")]
    assert max(bin(p).count("1") for p in mask_pieces(fitting_mask(0, corner))) == 3
    assert len(mask_pieces(fitting_mask(0, 0))) == 63
    assert mask_pieces(fitting_mask(1, 62)) == [1]


def test_first_move_free_and_border() -> None:
    pos2 = Position()
    with pytest.raises(IllegalMoveError) as err:
        pos2.push(mv(pos2, "P4a1"))  # W beam points off the board
    assert err.value.rule == "mismatch" and "off the board" in err.value.message
    pos2.push(mv(pos2, "P3a1"))  # NE + NW point inwards; a free first move anywhere
    assert colour_at(pos2, "a1") == "W"


def test_piece_must_match_neighbours() -> None:
    pos = replay("W[P63i9]")
    with pytest.raises(IllegalMoveError) as err:
        pos.push(mv(pos, "P54h8"))  # h8 faces i9 with its side 1: i9 shows a beam there
    assert err.value.rule == "mismatch"
    assert "side 1 against i9" in err.value.message
    pos.push(mv(pos, "P55h8"))
    assert colour_at(pos, "h8") == "B"


def test_contact_required_and_blank_to_blank_counts() -> None:
    pos = replay("W[P1i9]")  # one beam, towards j10
    # h9 touches i9 blank to blank (i9 has no SE beam, h9 no NW beam): contact counts
    assert pos.outcome(mv(pos, "P32h9")).status == "legal"
    # far away: no contact
    assert pos.outcome(mv(pos, "P32c3")).status == "no-contact"
    pos.push(mv(pos, "P32h9"))
    assert colour_at(pos, "h9") == "B"
    # White touching nothing black, and not joined by a beam to a complete section: refused
    assert pos.outcome(mv(pos, "P2k11")).status == "no-contact"


def test_one_liberty_first_piece_cannot_be_captured_with_the_matching_one() -> None:
    """Seed: the matching 'one' would make a group dead in either colour (oscillation)."""
    pos = replay("W[P1i9]")
    with pytest.raises(IllegalMoveError) as err:
        pos.push(mv(pos, "P8j10"))
    assert err.value.rule == "oscillation"
    # another matching piece captures and keeps a liberty
    out = pos.outcome(mv(pos, "P9j10"))
    assert out.status == "legal" and not out.suicide
    pos.push(mv(pos, "P9j10"))
    assert colour_at(pos, "i9") == "B" and colour_at(pos, "j10") == "B"
    assert pos.score() == (0 - 62, 2 - 62)


def test_captures_are_resolved_before_suicide() -> None:
    pos = Position.setup({"i9": "W9", "h8": "B9"}, to_move="B")
    # j10 with only a SW beam has no liberty of its own, but it takes i9's last liberty first:
    # i9 turns black and joins h8, whose beam towards g7 is the liberty of the new group.
    out = pos.outcome(mv(pos, "P8j10"))
    assert out.status == "legal" and not out.suicide
    assert out.flipped == (pos.board.cell_index("i9"),)
    pos.push(mv(pos, "P8j10"))
    assert [colour_at(pos, c) for c in ("j10", "i9", "h8")] == ["B", "B", "B"]


def test_suicide_is_reversed_and_must_not_oscillate() -> None:
    pos = replay("W[P63i9]")
    out = pos.outcome(mv(pos, "P8j10"))  # beam only towards i9: no liberty, no capture
    assert out.status == "legal" and out.suicide
    pos.push(mv(pos, "P8j10"))
    assert colour_at(pos, "j10") == "W"
    assert pos.score() == (2 - 62, 0 - 62)
    # a suicide that would join no opponent group oscillates
    lone = Position.setup({"i9": "W1", "k11": "B8"}, to_move="B")
    # j10 between two one-beam pieces: joining them leaves no liberty in either colour
    assert lone.outcome(mv(lone, "P9j10")).status == "oscillation"


def test_suicide_starting_a_new_section_lets_the_opponent_extend_freely() -> None:
    """Seed: after Black's suicide on his first move the white group is a complete section."""
    pos = replay("W[P63i9];B[P8j10]")
    assert pos.to_move == WHITE and colour_at(pos, "j10") == "W"
    # White touches no black piece (there is none) but extends his complete section by a beam
    assert pos.outcome(mv(pos, "P1h8")).status == "legal"
    # ...while a piece that does not join the section by a beam has no right to be there
    assert pos.outcome(mv(pos, "P32k11")).status == "no-contact"


def test_extension_only_from_a_complete_section() -> None:
    # White's group is beam-joined to a black piece: not a complete section any more
    pos = Position.setup({"i9": "W63", "j10": "B8", "e5": "B1"}, to_move="W")
    # h8 is joined to i9 by a beam but touches no black piece
    assert pos.outcome(mv(pos, "P1h8")).status == "no-contact"
    # with the black piece joined only blank to blank, White's group is a complete section
    pos2 = Position.setup({"i9": "W1", "h9": "B32"}, to_move="W")
    assert pos2.outcome(mv(pos2, "P8j10")).status == "oscillation"  # joins i9: no liberty left
    assert pos2.outcome(mv(pos2, "P9j10")).status == "legal"  # extends i9's complete section


def test_pass_two_passes_end_and_undo() -> None:
    pos = replay("W[P63i9];B[];W[]")
    assert pos.is_over()
    assert list(pos.legal_moves()) == []
    with pytest.raises(IllegalMoveError) as err:
        pos.push(mv(pos, "P55h8"))
    assert err.value.rule == "game-over"
    pos.pop()
    assert not pos.is_over() and pos.passes == 1
    while pos.moves:
        pos.pop()
    assert pos.to_json() == Position().to_json()


def test_piece_already_played() -> None:
    pos = replay("W[P63i9];B[P55h8]")
    with pytest.raises(IllegalMoveError) as err:
        pos.push(mv(pos, "P63j10"))
    assert err.value.rule == "piece-played"


def test_record_errors_name_move_and_rule() -> None:
    with pytest.raises(IllegalMoveError) as err:
        replay("W[P63i9];W[P55h8]")
    assert err.value.rule == "wrong-player" and "move 2 W[P55h8]" in str(err.value)
    with pytest.raises(IllegalMoveError) as err:
        replay("W[P63i9];B[P55z99]")
    assert err.value.rule == "off-board"
    with pytest.raises(IllegalMoveError) as err:
        replay("W[P63i9];B[P54h8]")
    assert str(err.value) == ("line 1 column 10: move 2 B[P54h8]: mismatch on side 1 against i9 "
                              "(blank facing beam)")
    with pytest.raises(IllegalMoveError) as err:
        replay("W[P1i9];B[P8j10]")
    assert err.value.rule == "oscillation" and "move 2 B[P8j10]" in str(err.value)
    with pytest.raises(IllegalMoveError) as err:
        replay("W[P1i9];B[P32c3]")
    assert err.value.rule == "no-contact"
    with pytest.raises(InvalidMoveError):
        replay("W[Q63i9]")
    with pytest.raises(InvalidInputError):
        replay("W[P63i9];X[P55h8]")


def test_record_base_and_pass_forms() -> None:
    pos = replay("BASE[8];W[P63h8];B[pass];W[]")
    assert pos.base == 8 and pos.is_over()
    assert pos.to_json()["position"] == {"h8": "W63"}
    from puzzles.dominions import write_record
    assert write_record(pos) == "BASE[8];W[P63h8];B[];W[]"


def test_replay_json_document() -> None:
    pos = replay("W[P63i9];B[P8j10]")
    doc = pos.to_json()
    assert doc["position"] == {"i9": "W63", "j10": "W8"}
    assert doc["to_move"] == "W" and doc["moves_played"] == 2
    hands = doc["hands"]
    assert isinstance(hands, dict) and 63 not in hands["W"] and 8 not in hands["B"]
    assert doc["score"] == {"W": 2 - 62, "B": -62}
    assert pos.result() == "W+2" and pos.returns() == (1.0, -1.0)
    assert BLACK == 1
