import json

import pytest

from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominimum.tiles import TILES, is_double, parse_tile, symbols_of, tile
from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError, ParseError


def test_the_set():
    assert len(TILES) == 36 and len(set(TILES)) == 36
    assert sum(is_double(t) for t in TILES) == 8
    halves = [v for t in TILES for v in t]
    for v in range(8):
        assert halves.count(v) == 9
    for s in (1, 2, 4):
        assert sum(1 for v in halves if v & s) == 36
    assert symbols_of(7) == (1, 2, 4) and symbols_of(5) == (1, 4) and symbols_of(0) == ()


def test_parse_tile():
    assert parse_tile("5-2") == (2, 5) == parse_tile("52") == parse_tile("5, 2")
    with pytest.raises(InvalidInputError):
        parse_tile("8-1")
    with pytest.raises(InvalidInputError):
        parse_tile("x")
    with pytest.raises(InvalidInputError):
        tile(-1, 3)


def doc(*tiles):
    return {"tiles": [{"tile": list(t), "cells": [list(c1), list(c2)]} for t, c1, c2 in tiles]}


@pytest.mark.parametrize("bad, rule, name", [
    (doc(((1, 2), (0, 0), (1, 0)), ((3, 4), (1, 0), (1, 1))), "overlap", "3-4"),
    (doc(((1, 2), (0, 0), (1, 0)), ((3, 4), (5, 5), (5, 6))), "not touching", "3-4"),
    (doc(((1, 2), (0, 0), (1, 0)), ((2, 1), (0, 1), (1, 1))), "repeated tile", "2-1"),
    (doc(((1, 2), (0, 0), (1, 1))), "cells not adjacent", "1-2"),
])
def test_bad_layouts_are_refused_naming_tile_and_reason(bad, rule, name):
    with pytest.raises(IllegalMoveError) as info:
        Layout.from_json(bad)
    assert info.value.rule == rule
    assert name in str(info.value)


def test_unknown_tile_and_malformed():
    with pytest.raises(InvalidMoveError, match="unknown tile"):
        Layout.from_json(doc(((1, 9), (0, 0), (1, 0))))
    with pytest.raises(ParseError):
        Layout.from_json({"tiles": [{"tile": [1, 2]}]})
    with pytest.raises(ParseError):
        Layout.from_json([1, 2])


def test_any_connected_order_is_accepted_and_round_trips():
    d = doc(((1, 2), (0, 0), (1, 0)), ((5, 6), (3, 0), (4, 0)), ((3, 4), (2, 0), (2, 1)))
    lay = Layout.from_json(d)
    assert len(lay) == 3 and lay.value_at[(3, 0)] == 5
    again = Layout.from_json(json.loads(json.dumps(lay.to_json())))
    assert again.value_at == lay.value_at
    with pytest.raises(IllegalMoveError):
        Layout.from_json(d, ordered=True)


def test_legal_placements_are_legal_and_complete():
    lay = Layout([Placement(1, 2, ((0, 0), (1, 0))), Placement(3, 3, ((1, 1), (1, 2)))])
    moves = list(lay.legal_placements((4, 5)))
    assert len(moves) == len({(m.values, m.cells) for m in moves})
    for m in moves:
        lay.check(m)
    # brute force over a window: every legal placement is found
    brute = set()
    for x in range(-3, 5):
        for y in range(-3, 5):
            for c2 in ((x + 1, y), (x, y + 1)):
                for vals in ((4, 5), (5, 4)):
                    p = Placement(*vals, ((x, y), c2))
                    try:
                        lay.check(p)
                    except IllegalMoveError:
                        continue
                    brute.add((vals, p.cells))
    assert {(m.values, m.cells) for m in moves} == brute
    assert list(lay.legal_placements((2, 1))) == []  # already placed


def test_undo_restores():
    lay = Layout([Placement(1, 2, ((0, 0), (1, 0)))])
    lay.place(Placement(3, 4, ((0, 1), (0, 2))))
    lay.undo()
    assert lay.value_at == {(0, 0): 1, (1, 0): 2} and (3, 4) not in lay.used
