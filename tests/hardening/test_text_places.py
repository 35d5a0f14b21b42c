"""Parse and replay errors of the text formats point at the offending token.

Every message carries ``line L column C`` (from 1, in characters); the tests check that the
original text, read at that place, starts with the bad token.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.backslide import parse_position
from puzzles.dominimum.tiles import parse_tile
from puzzles.dominions.records import parse_record, replay
from puzzles.errors import IllegalMoveError, InvalidInputError, ParseError
from puzzles.numbridge.record import read_record, start_game
from puzzles.numbridge.record import replay as nb_replay

SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
NB_HEAD = f'[Givens "{SOL[:72]}000000000"]\n[Solution "{SOL}"]\n[Bag "345261879"]\n'


def text_at(text: str, message: str) -> str:
    """The text from the place ``line L column C`` named in ``message`` to the end of its line."""
    m = re.search(r"line (\d+) column (\d+)", message)
    assert m, f"no line/column in {message!r}"
    line, col = int(m.group(1)), int(m.group(2))
    return text.split("\n")[line - 1][col - 1:]


# -- Dominions records ------------------------------------------------------------------------
GOOD = ("W[P63i9]", "B[P55h8]", "W[]", "B[pass]", "W[P1a1]")
BAD = [  # (inserted text, the token the error must point at, good moves it holds first)
    ("W[P63i9", "W[P63i9", 0), ("X[P1a1]", "X[P1a1]", 0), ("BASE[8]", "BASE[8]", 0),
    ("W[P63i9]]", "W[P63i9]]", 0), ("[P1a1]", "[P1a1]", 0), ("W[P1a1];B", "B", 1),
    ("W[P²a1] W", "W\n", 1),
]
SEPARATORS = st.sampled_from([";", " ", "\n", " ;\n  ", "\t", "  # a comment; W[x]\n", ";\r\n"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(GOOD), SEPARATORS), max_size=8),
       st.sampled_from(BAD), SEPARATORS, st.booleans())
def test_dominions_parse_error_points_at_token(moves: list[tuple[str, str]],
                                               bad: tuple[str, str, int], lead: str,
                                               base: bool) -> None:
    inserted, token, held = bad
    head = ("BASE[10]" + lead) if base else lead
    if inserted == "BASE[8]" and not (moves or base):  # BASE first is legal: put a move first
        head, moves = "", [("W[]", lead)]
    text = head + "".join(tok + sep for tok, sep in moves) + inserted + "\nW[P1a1]"
    with pytest.raises(ParseError) as err:
        parse_record(text)
    assert (text_at(text, str(err.value)) + "\n").startswith(token)
    if "move" in str(err.value):
        assert f"move {len(moves) + held + 1}" in str(err.value)


@pytest.mark.parametrize(("text", "token", "rule"), [
    ("W[P63i9]\n  # B[P1a1]\n   B[P54h8]", "B[P54h8]", "mismatch"),
    ("W[P63i9];\n\n    W[P55h8]", "W[P55h8]", "wrong-player"),
    ("BASE[8];W[P63i9] ; B[P55z9]", "B[P55z9]", "off-board"),
    ("W[P1i9]\tB[P8j10]", "B[P8j10]", "oscillation"),
])
def test_dominions_replay_error_points_at_move(text: str, token: str, rule: str) -> None:
    with pytest.raises(IllegalMoveError) as err:
        replay(text)
    assert err.value.rule == rule
    assert text_at(text, str(err.value)).startswith(token)


def test_dominions_bad_move_text_points_at_move() -> None:
    text = "W[P63i9]\n B[P5²h8]"
    with pytest.raises(InvalidInputError) as err:
        replay(text)
    assert text_at(text, str(err.value)).startswith("B[P5²h8]")


# -- Numbridge records ------------------------------------------------------------------------
NB_BAD = [  # (action line, the token the error must point at)
    ("1. A place e5 x @2", "x @2"),
    ("1. A place z9 3", "z9"),
    ("1. A place e5", "place"),
    ("1. A place e5 3 4", "place"),
    ("1. A claim e5 3 0", "0"),
    ("1. A claim", "claim"),
    ("1. A claim k1 3", "k1"),
    ("1. A pass e5", "e5"),
    ("1. pass", "pass"),
    ("1. A jump", "jump"),
    ("1. A place e5 3 @1e5", "@1e5"),
    ("1. A place e5 3 @²", "@²"),
    ("1. A place e5 ² @3", "² @3"),
    ("2. A pass", "2. A pass"),
    ("1 A pass", "1 A pass"),
    ("１. A pass", "１. A pass"),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NB_BAD), st.text(" \t", max_size=4),
       st.lists(st.sampled_from(["", "# comment", "  ", '[First "x"]']), max_size=3))
def test_numbridge_parse_error_points_at_token(case: tuple[str, str], indent: str,
                                               filler: list[str]) -> None:
    line, token = case
    text = NB_HEAD + "".join(f + "\n" for f in filler) + indent + line + "  # note\n"
    with pytest.raises(InvalidInputError) as err:
        read_record(text)
    message = str(err.value)
    assert f"line {4 + len(filler)} column" in message
    assert text_at(text, message).startswith(token)


@pytest.mark.parametrize(("tag", "value"), [
    ("ClaimCost", "x"), ("HandSize", "²"), ("MoveLimit", "1e3"), ("GameLimit", "nan"),
    ("BagSeed", "-1"), ("Bag", "34a"),
])
def test_numbridge_tag_error_points_at_value(tag: str, value: str) -> None:
    head = NB_HEAD.replace('[Bag "345261879"]\n', "") if tag == "BagSeed" else NB_HEAD
    if tag == "Bag":
        head = head.replace('[Bag "345261879"]', f'  [Bag "{value}"]')
    else:
        head += f'\t[{tag} "{value}"]\n'
    with pytest.raises(ParseError) as err:
        start_game(read_record(head))
    assert text_at(head, str(err.value)).startswith(f'{value}"]')


@pytest.mark.parametrize(("tag", "at"), [("Givens", 40), ("Blocks", 77)])
def test_numbridge_field_tag_error_points_at_character(tag: str, at: int) -> None:
    value = SOL[:72] + "000000000" if tag == "Givens" else "".join(
        str(r // 3 * 3 + c // 3 + 1) for r in range(9) for c in range(9))
    value = value[:at] + "²" + value[at + 1:]
    text = NB_HEAD.replace(f'[Givens "{SOL[:72]}000000000"]', "") + f'  [{tag} "{value}"]\n'
    if tag == "Blocks":
        text = f'[Givens "{SOL[:72]}000000000"]\n' + text
    with pytest.raises(ParseError) as err:
        start_game(read_record(text))
    assert text_at(text, str(err.value)).startswith("²")


def test_numbridge_replay_error_points_at_action() -> None:
    text = NB_HEAD + "1. A place a9 3\n\n   2. A place b9 4\n"
    with pytest.raises(IllegalMoveError) as err:
        nb_replay(read_record(text))
    assert "action 2, move 2: not A's turn" in str(err.value)
    assert text_at(text, str(err.value)).startswith("2. A place b9 4")


# -- BackSlide positions and domino tiles ----------------------------------------------------
@pytest.mark.parametrize(("text", "token"), [
    ("1 2 3 4\n5 6 7 8\n9 10 x 12\n13 14 15 .", "x"),
    ("1 2 3 4\n5 6 7 8\n9 10 ² 12\n13 14 15 .", "²"),
    ("1,2,3,4/5,6,7,8/9,10,11,12/13,14,1,.", "1,."),
    ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 . .", ". ."[2:]),
    ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 .\n  16", "16"),
    ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 10**100", "10**100"),
])
def test_backslide_error_points_at_cell(text: str, token: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_position(text)
    assert text_at(text, str(err.value)).startswith(token)


def test_backslide_too_few_cells_points_at_the_end() -> None:
    with pytest.raises(ParseError, match="expected 16 cells") as err:
        parse_position("1 2 3\n4 5")
    assert "line 2 column 4" in str(err.value)


@pytest.mark.parametrize(("text", "column"), [("3-9", 3), ("3 x", 3), ("²5", 1)])
def test_tile_error_names_column(text: str, column: int) -> None:
    with pytest.raises(InvalidInputError, match=f"column {column}: cannot read tile"):
        parse_tile(text)
