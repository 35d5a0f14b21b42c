"""The position's incremental groups and the tracker against the networkx reference."""

from __future__ import annotations

import random

import pytest

from puzzles.dominions import Position, replay
from solver.dominions.graphs import canonical, groups, sections
from solver.dominions.tracker import Tracker

from .helpers import random_move


def engine_groups(pos: Position) -> set[tuple[int, frozenset[int], frozenset[int]]]:
    """The incremental groups of the position; also checks ids, beams and the recomputation."""
    gid, table = pos.groups()
    for g, grp in table.items():
        assert all(gid[i] == g for i in grp.cells)
    assert sum(len(grp.cells) for grp in table.values()) == len(pos.occupied)
    out = {(g.colour, frozenset(g.cells), g.liberties) for g in table.values()}
    beams = {(frozenset(g.cells), g.beams) for g in table.values()}
    assert beams == {(v.cells, len(v.beams)) for v in groups(pos)}
    _, fresh = pos.compute_groups()
    assert {(g.colour, frozenset(g.cells), g.liberties, g.complete) for g in fresh} == \
        {(g.colour, frozenset(g.cells), g.liberties, g.complete) for g in table.values()}
    return out


def tracker_groups(t: Tracker) -> set[tuple[int, frozenset[int], frozenset[int]]]:
    return set(t.groups())


@pytest.mark.parametrize("seed", range(4))
def test_engine_and_tracker_agree_with_networkx_through_play_and_undo(seed: int) -> None:
    rng = random.Random(seed)
    pos = Position()
    t = Tracker(pos)
    snapshots = []
    while not pos.is_over():
        ref = canonical(groups(pos))
        assert engine_groups(pos) == ref
        assert tracker_groups(t) == ref
        snapshots.append(ref)
        t.push(random_move(pos, rng))
        if rng.random() < 0.15 and len(pos.moves) > 1:  # undo and redo now and then
            move = t.pop()
            assert tracker_groups(t) == snapshots[-1]
            assert engine_groups(pos) == snapshots[-1]
            t.push(move)
    # unwind the whole game
    for ref in reversed(snapshots):
        t.pop()
        assert tracker_groups(t) == ref
        assert engine_groups(pos) == ref
    assert pos.occupied == []


def test_every_group_keeps_a_liberty_and_sections_are_unions_of_groups() -> None:
    rng = random.Random(7)
    pos = Position()
    while not pos.is_over():
        pos.push(random_move(pos, rng))
        views = groups(pos)
        assert all(v.liberties for v in views)
        secs = sections(pos)
        for v in views:
            assert sum(1 for s in secs if v.cells <= s) == 1
        assert sorted(c for s in secs for c in s) == sorted(pos.occupied)


def test_liberties_are_cells_reached_by_free_beams() -> None:
    pos = replay("W[P63i9];B[P55h8]")
    b = pos.board
    views = {v.colour: v for v in groups(pos)}
    assert {b.name(c) for c in views[0].liberties} == {"j10", "j9", "i8", "h9", "i10"}
    assert {b.name(c) for c in views[1].liberties} == {"i8", "h9", "h7", "g8"}
    assert len(sections(pos)) == 1
