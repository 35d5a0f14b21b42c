"""The short move lists of MCTS nodes below the root (``node_moves``) against the full order."""

from __future__ import annotations

import random

import pytest

from puzzles.dominions import PASS, Move
from puzzles.dominions.state import DominionsState
from solver.dominions.gamedef import DOMINIONS
from solver.dominions.knowledge import (
    PER_CELL,
    QUIET,
    SMALL_HAND,
    hot_cells,
    node_moves,
    order_moves,
)


def greedy_game(moves: int, seed: int = 4) -> DominionsState:
    """A seeded greedy self-play game after ``moves`` moves."""
    state = DominionsState()
    players = [DOMINIONS.make_player("greedy", seed=seed + i) for i in range(2)]
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(players[state.to_move()].choose(state, rng))
    return state


@pytest.mark.parametrize("moves", [16, 30, 60])
def test_node_moves_keep_every_hot_placement_and_a_short_quiet_sample(moves: int) -> None:
    pos = greedy_game(moves).position
    assert pos.hands[pos.to_move].bit_count() > SMALL_HAND
    full = order_moves(pos, random.Random(1))
    short = node_moves(pos, random.Random(1))
    assert short[-1] == PASS and PASS not in short[:-1]
    placements = short[:-1]
    assert len(set(placements)) == len(placements)
    assert all(pos.is_legal(m) for m in placements)
    # every placement on a liberty of a group short of liberties (and every capture) is kept
    hot = set(hot_cells(pos)) | {c for g in pos.group_table.values() if len(g.liberties) == 1
                                 for c in g.liberties}
    on_hot = {m for m in full if m != PASS and m.cell in hot}
    assert on_hot <= set(placements)
    captures = {Move(c, p) for c, p, _, e in pos.iter_placements() if e > 0}
    assert captures <= set(placements)
    quiet = [m for m in placements if m.cell not in hot]
    assert len(quiet) <= (QUIET + PER_CELL) * PER_CELL  # at most a few dozen, not hundreds
    assert len(placements) < len(full) - 1
    counts: dict[int, int] = {}
    for m in quiet:
        counts[m.cell] = counts.get(m.cell, 0) + 1
    assert max(counts.values()) <= PER_CELL
    assert node_moves(pos, random.Random(1)) == short  # seeded: the same list


def test_node_moves_order_captures_first() -> None:
    for moves in range(20, 90, 7):
        pos = greedy_game(moves, seed=9).position
        short = node_moves(pos, random.Random(2))
        captures = {Move(c, p) for c, p, _, e in pos.iter_placements() if e > 0}
        if captures:
            assert set(short[:len(captures)]) == captures
            return
    raise AssertionError("no capture in the sampled positions")


def test_node_moves_is_the_full_order_near_the_end() -> None:
    state = greedy_game(110)
    pos = state.position
    assert 0 < pos.hands[pos.to_move].bit_count() <= SMALL_HAND
    assert node_moves(pos, random.Random(3)) == order_moves(pos, random.Random(3))
