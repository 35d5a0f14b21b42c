"""The Dominomega opponent model of the search: it predicts the ``greedy`` player exactly.

Every product is judged by the flood fill of ``tests/dominimum/verify.py``, which shares no
code with the placement search.
"""

from __future__ import annotations

import random

import pytest

from puzzles.dominimum.game import Game, Rules
from puzzles.dominimum.layout import Placement
from puzzles.dominimum.state import DominomegaState
from puzzles.dominimum.tiles import TILES
from solver.dominimum.knowledge import PlayoutKnowledge, omega_greedy_move
from solver.dominimum.placement import GroupIndex, _Products, greedy_omega_choices
from solver.games import get_game
from tests.dominimum.omega_reference import reference_cell_pairs, reference_choices
from tests.dominimum.verify import Raw, dominomega_score


def _raw(g: Game, extra: Placement | None = None) -> Raw:
    tiles = list(g.layout.placements) + ([extra] if extra is not None else [])
    return [(p.first, p.second, p.cells[0], p.cells[1]) for p in tiles]


def _positions(players: int, within_tile: bool, seed: int) -> list[Game]:
    """Every position of one game of greedy players (the model's own choices, at random)."""
    g = Game.deal("dominomega", players, seed, Rules(within_tile=within_tile))
    rng = random.Random(seed)
    out = []
    while not g.is_terminal():
        out.append(g.clone())
        g.play(omega_greedy_move(g, rng))
    return out


def _judged(g: Game) -> list[tuple[Placement, int, int]]:
    """Every legal placement of the mover with its own and best rival product after it."""
    within = g.rules.within_tile
    me = g.symbols[g.to_move]
    out = []
    for p in g.legal_moves():
        raw = _raw(g, p)
        rival = max(dominomega_score(raw, s, within) for s in g.symbols if s != me)
        out.append((p, dominomega_score(raw, me, within), rival))
    return out


@pytest.mark.parametrize(("players", "within_tile", "seed"),
                         [(3, True, 4), (2, True, 5), (3, False, 6)])
def test_products_match_the_flood_fill(players: int, within_tile: bool, seed: int) -> None:
    for g in _positions(players, within_tile, seed)[::5]:
        index = GroupIndex(g.layout, within_tile)
        for symbol in g.symbols:
            products = _Products(index, symbol)
            for p in list(g.legal_moves())[::3]:
                assert products.after(p) == dominomega_score(_raw(g, p), symbol, within_tile)


@pytest.mark.parametrize(("players", "within_tile", "seed"), [(3, True, 7), (3, False, 8)])
def test_choices_are_greedys_ties(players: int, within_tile: bool, seed: int) -> None:
    """The choices are exactly the placements of the highest own product and, among those,
    the lowest best rival product; the tie-break changes the choice in some positions."""
    broke_ties = 0
    for g in _positions(players, within_tile, seed)[::2]:
        judged = _judged(g)
        top = max(own for _, own, _ in judged)
        tied = [(p, rival) for p, own, rival in judged if own == top]
        low = min(rival for _, rival in tied)
        expected = {p for p, rival in tied if rival == low}
        me = g.symbols[g.to_move]
        hand = g.hands[g.to_move]
        assert hand is not None
        got = greedy_omega_choices(g.layout, hand, me,
                                   tuple(s for s in g.symbols if s != me), within_tile)
        assert set(got) == expected
        assert len(got) == len(expected)
        broke_ties += len(expected) < len(tied)
    assert broke_ties >= 3


def test_greedy_player_always_plays_a_predicted_move() -> None:
    game = get_game("dominomega")
    rng = random.Random(2)
    for g in _positions(3, True, 9)[::3]:
        state = DominomegaState(g)
        me = g.symbols[g.to_move]
        hand = g.hands[g.to_move]
        assert hand is not None
        predicted = set(greedy_omega_choices(g.layout, hand, me,
                                             tuple(s for s in g.symbols if s != me)))
        for seed in range(3):
            player = game.make_player("greedy", seed=seed)
            assert player.choose(state, rng) in predicted


def test_playout_knowledge_rolls_out_with_the_model() -> None:
    game = get_game("dominomega")
    state = game.new_state(None, 3, 3)
    knowledge = PlayoutKnowledge()
    rng = random.Random(1)
    for _ in range(12):
        g = state.g
        me = g.symbols[g.to_move]
        hand = g.hands[g.to_move]
        assert hand is not None
        move = knowledge.rollout_move(state, rng)
        assert move in greedy_omega_choices(g.layout, hand, me,
                                            tuple(s for s in g.symbols if s != me))
        state.apply(move)


@pytest.mark.parametrize(("players", "within_tile", "seed"),
                         [(3, True, 10), (3, False, 11), (2, True, 12), (2, False, 13)])
def test_choices_equal_the_old_code_list_for_list(players: int, within_tile: bool,
                                                  seed: int) -> None:
    """The fast choices are the old code's list, in its order (seeded games stay the same),
    for every seat's hand and every other tile of the supply at every position."""
    compared = 0
    for g in _positions(players, within_tile, seed):
        assert list(g.layout.cell_pairs()) == reference_cell_pairs(g.layout)
        hands = [h for h in g.hands if h is not None] + [(0, 7), (3, 3), (5, 6)]
        for hand in hands:
            for me in g.symbols:
                rivals = tuple(s for s in g.symbols if s != me)
                got = greedy_omega_choices(g.layout, hand, me, rivals, within_tile)
                assert got == reference_choices(g.layout, hand, me, rivals, within_tile)
                compared += bool(got)
    assert compared > 100


def test_the_cached_groups_follow_undo_and_jumps() -> None:
    """Choices stay the old code's when the layout is taken back, changed at the same
    length, or grown by tiles that do not follow the ones seen (the groups are made again)."""
    g = _positions(3, True, 14)[20]
    layout = g.layout.copy()
    free = [t for t in TILES if t not in layout.used]
    first, second = free[0], free[1]

    def check() -> None:
        for hand in free[2:]:
            if hand in layout.used:
                continue
            for me in g.symbols:
                rivals = tuple(s for s in g.symbols if s != me)
                got = greedy_omega_choices(layout, hand, me, rivals)
                assert got
                assert got == reference_choices(layout, hand, me, rivals)

    check()
    a = list(layout.legal_placements(first))
    b = list(layout.legal_placements(second))
    layout.place(a[0])
    check()
    layout.undo()
    layout.place(b[-1])  # the same length, another last tile
    check()
    layout.undo()
    check()
    layout.undo()
    layout.place(a[0])  # one tile more than seen, but not after the tiles seen
    layout.place(b[-1])
    check()
