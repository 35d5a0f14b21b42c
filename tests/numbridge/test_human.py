"""What a player can deduce without the solution, the contesting (odds) evaluation, and the
players built on them: the deduced digits are the solution's, the odds are Pascal's, the
contesting players beat the block-building ones and make the longer games of
docs/numbridge.md ("Game length: contesting players")."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from puzzles.numbridge.field import Field
from puzzles.numbridge.game import MAJORITY, Game, Move
from puzzles.numbridge.state import NumbridgeState
from solver.numbridge.deduction import LEVELS, Knowledge, lock, pencil_marks, singles
from solver.numbridge.gamedef import NUMBRIDGE
from solver.numbridge.generate import generate
from solver.numbridge.human import (
    human_greedy,
    knowledge,
    options,
    outcomes,
    player_by_spec,
    public_misses,
)
from solver.numbridge.odds import block_chance, majority_chance, race, win_chance
from solver.numbridge.techniques.intersections import locked_candidates
from solver.play.match import play_one

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _boards(seed: int, blocks: str = "regular") -> list[tuple[str, str, list[int]]]:
    """(blocks, solution, board) at the start and after 10, 20, 30 correct placements."""
    gen = generate(30, blocks, seed)
    board = [int(ch) for ch in gen.field.givens]
    empty = [c for c in range(81) if not board[c]]
    random.Random(seed).shuffle(empty)
    out = []
    for k in (0, 10, 20, 30):
        b = list(board)
        for c in empty[:k]:
            b[c] = int(gen.solution[c])
        out.append((gen.field.blocks, gen.solution, b))
    return out


@pytest.mark.parametrize(("seed", "blocks"), [(100, "regular"), (101, "regular"),
                                              (7, "irregular")])
def test_every_deduced_digit_is_the_solutions(seed: int, blocks: str) -> None:
    for bl, sol, board in _boards(seed, blocks):
        found = {}
        for level in LEVELS[:3]:
            k = Knowledge.of(bl, board, level)
            assert all(not board[c] and int(sol[c]) == d for c, d in k.known.items())
            found[level] = set(k.known)
        assert found["singles"] <= found["locked"] <= found["solve"]


def test_knowledge_counts_on_a_known_field() -> None:
    f = Field.make(CLASSIC)
    board = [int(ch) for ch in f.givens]
    assert len(Knowledge.of(f.blocks, board, "singles").known) == 16
    assert len(Knowledge.of(f.blocks, board, "solve").known) == 51  # singles solve it
    start = [int(ch) for ch in generate(30, "regular", 100).field.givens]
    counts = {lv: len(Knowledge.of(generate(30, "regular", 100).field.blocks, start, lv).known)
              for lv in LEVELS[:3]}
    assert counts == {"singles": 9, "locked": 9, "solve": 51}
    with pytest.raises(ValueError, match="unknown knowledge level"):
        Knowledge.of(f.blocks, board, "guess")


def test_lock_finds_the_singles_of_the_raters_locked_candidates() -> None:
    """The fixpoints may differ where a digit is down to one place in a unit (a hidden
    single: the rater's finder then stops, ours goes on, and every digit it proves is the
    solution's, see above), so ours proves at least what the rater's does."""
    for bl, _, board in _boards(101) + _boards(7, "irregular"):
        ours = pencil_marks(bl, board)
        lock(ours)
        rated = pencil_marks(bl, board)
        while (step := locked_candidates(rated)) is not None:
            rated.apply(step)
        assert singles(rated).items() <= singles(ours).items()
        assert all(o & a == o for o, a in zip(ours.cand, pencil_marks(bl, board).cand,
                                              strict=True))


def test_a_seen_miss_is_ruled_out_and_chances_are_bounded() -> None:
    bl, sol, board = _boards(100)[0]
    k = Knowledge.of(bl, board, "singles")
    c = next(c for c in range(81) if not board[c] and c not in k.known)
    wrong = next(d for d in range(1, 10) if d != int(sol[c]) and k.chance(c, d) > 0)
    assert 0 < k.chance(c, wrong) < 1
    seen = Knowledge.of(bl, board, "singles", excluded=[(c, wrong)])
    assert seen.chance(c, wrong) == 0.0
    for cell, d in k.known.items():
        assert k.chance(cell, d) == 1.0 and k.chance(cell, d % 9 + 1) == 0.0


def test_race_is_pascals_division_of_the_stakes() -> None:
    assert race(1, 1) == 0.5 and race(2, 1) == 0.25 and race(1, 2) == 0.75
    # Pascal to Fermat (1654): needing 2 against 3, the stakes divide 11 to 5
    assert Fraction(race(2, 3)).limit_denominator(64) == Fraction(11, 16)
    assert all(abs(race(a, b) + race(b, a) - 1) < 1e-12 for a in range(1, 6)
               for b in range(1, 6))
    assert block_chance(5, 0, 4) == 1.0 and block_chance(0, MAJORITY, 4) == 0.0
    assert block_chance(1, 1, 2) == 0.5  # neither can reach five any more
    assert block_chance(3, 0, 2) == 1.0 and block_chance(0, 3, 2) == 0.0
    assert block_chance(2, 0, 2) == 0.5  # three more needed, two open: nobody's
    assert abs(majority_chance([0.5] * 9) - 0.5) < 1e-12
    assert majority_chance([1.0] * 4 + [0.0] * 5) == 0.0


def test_win_chance_of_a_finished_game() -> None:
    state, _ = play_one(NUMBRIDGE, ["greedy-odds", "greedy"], 100)
    assert isinstance(state, NumbridgeState) and state.g.result is not None
    w = state.g.result.winner
    assert win_chance(state.g, w) == 1.0 and win_chance(state.g, 3 - w) == 0.0


def test_options_guess_with_their_chance_and_branch_without_the_solution() -> None:
    gen = generate(30, "regular", 100)
    g = Game.new(gen.field, gen.solution, bag_seed=100)
    know = knowledge(g, "singles")
    opts = options(g, know)
    sure = [o for o in opts if o.chance == 1.0]
    guesses = [o for o in opts if 0 < o.chance < 1]
    assert sure and guesses
    assert all(o.move.kind == "claim" or o.move.cell in know.known for o in sure)
    o = guesses[0]
    (p_hit, hit), (p_miss, miss) = outcomes(g, o)
    assert abs(p_hit + p_miss - 1) < 1e-12 and p_hit == o.chance
    assert hit.owner[o.move.cell] == g.mover and miss.owner[o.move.cell] == 0
    assert miss.misses[g.mover] == 1 and g.solution == gen.solution


def test_a_public_miss_is_remembered() -> None:
    gen = generate(30, "regular", 100)
    g = Game.new(gen.field, gen.solution, bag_seed=100)
    d = g.hands[1][0]
    c = next(c for c in range(81) if not g.digits[c] and int(gen.solution[c]) != d)
    g.play(Move("place", c, d))
    assert public_misses(g) == [(c, d)]
    assert knowledge(g, "locked").chance(c, d) == 0.0
    # and in the positions a search looks at after it
    sure = next(o for o in options(g, knowledge(g, "locked")) if o.chance == 1.0)
    (_, after), = outcomes(g, sure)
    assert (c, d) in public_misses(after) and knowledge(after, "locked").chance(c, d) == 0.0


def test_deducing_player_places_only_what_it_proves_when_it_need_not_guess() -> None:
    gen = generate(30, "regular", 102)
    g = Game.new(gen.field, gen.solution, bag_seed=102)
    play = player_by_spec("greedy:singles:blocks:noguess")
    rng = random.Random(3)
    for _ in range(30):
        know = knowledge(g, "singles")
        sure = [o for o in options(g, know, guesses=False) if o.chance == 1.0]
        move = play(g, rng)
        if sure and move.kind == "place":
            assert know.known.get(move.cell) == move.digit
        g.play(move)
    with pytest.raises(ValueError, match="bad player"):
        player_by_spec("greedy:oracle")


def test_contesting_beats_block_building() -> None:
    """A sample of docs/numbridge.md: greedy-odds won 40 of 40 against greedy."""
    wins = 0
    for k, seed in enumerate(range(100, 104)):
        lineup = ["greedy-odds", "greedy"] if k % 2 == 0 else ["greedy", "greedy-odds"]
        state, _ = play_one(NUMBRIDGE, lineup, seed)
        assert isinstance(state, NumbridgeState) and state.g.result is not None
        wins += state.g.result.winner == 1 + lineup.index("greedy-odds")
    assert wins == 4


def test_contesting_players_make_longer_games() -> None:
    """A sample of the game length table: each player against itself on deals 100-103."""
    def mean_length(name: str) -> float:
        lengths = []
        for seed in range(100, 104):
            state, _ = play_one(NUMBRIDGE, [name, name], seed)
            assert isinstance(state, NumbridgeState) and state.g.result is not None
            assert state.g.result.reason == "blocks"
            lengths.append(len(state.g.history))
        return sum(lengths) / len(lengths)

    contesting, building = mean_length("greedy-odds"), mean_length("greedy")
    assert contesting > building + 3


def test_human_greedy_is_reproducible() -> None:
    gen = generate(30, "regular", 100)
    a = Game.new(gen.field, gen.solution, bag_seed=100)
    b = a.copy()
    assert human_greedy(a, random.Random(9)) == human_greedy(b, random.Random(9))


def test_mcts_odds_leaves_are_the_win_chances() -> None:
    from solver.numbridge.knowledge import OddsKnowledge

    state, _ = play_one(NUMBRIDGE, ["greedy-odds", "greedy-odds"], 101)
    assert isinstance(state, NumbridgeState)
    early = NumbridgeState.new(state.g.field, state.g.solution, bag=state.g.initial_bag)
    for m in state.g.history[:30]:
        early.apply(m)
    values = OddsKnowledge().evaluate(early)
    assert values == pytest.approx([win_chance(early.g, 1), win_chance(early.g, 2)])
    assert 0 < values[0] < 1
    order = OddsKnowledge().root_order(early, random.Random(1))
    assert {m.text() for m in order} <= {m.text() for m in early.legal_moves()}
