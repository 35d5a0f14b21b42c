"""Block analysis, players and the endgame solver (checked against a plain minimax)."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from puzzles.numbridge.field import Field, block_cells, units
from puzzles.numbridge.game import Game, Move, RoomSettings
from puzzles.numbridge.record import read_record, replay, write_record
from puzzles.numbridge.state import NumbridgeState
from solver.numbridge.analysis import analyse, candidates
from solver.numbridge.endgame import solve_endgame
from solver.numbridge.gamedef import NUMBRIDGE
from solver.numbridge.players import PLAYER_FUNCS, useful_moves
from solver.play.match import play_one

#: the earlier tile rules (one tile per empty cell, claims with any tile), which these
#: scripted games with small bags use
OLD: dict[str, str] = {"tiles": "empty", "claim_tile": "any"}
SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
BLOCKS = block_cells(Field.make("0" * 81).blocks)


def scripted(a_cells: list[int], b_cells: list[int]) -> Game:
    """A plays a_cells, B plays b_cells in the 1-2-2 order (hands hold exactly those tiles)."""
    f = Field.make("0" * 80 + SOL[80])
    free = [c for c in range(80) if c not in a_cells and c not in b_cells]
    first = a_cells + free[:30 - len(a_cells)]
    second = b_cells + [c for c in range(80) if c not in first and c not in b_cells]
    g = Game.new(f, SOL, RoomSettings(**OLD, hand_size=30, move_limit=0, game_limit=0),
                 bag=[int(SOL[c]) for c in first + second])
    ia, ib = iter(a_cells), iter(b_cells)
    while g.result is None:
        cell = next(ia if g.mover == 1 else ib, None)
        if cell is None:
            break
        g.play(Move.place(cell, int(SOL[cell])))
    return g


def test_scoreboard_map_contested_and_cells_left() -> None:
    # A: five in block 1, four in block 9; B: five in block 5, four in block 9
    a = BLOCKS[1][:5] + BLOCKS[9][:4]
    b = BLOCKS[5][:5] + BLOCKS[9][4:8]
    g = scripted(a, b)
    an = analyse(g)
    assert an.scoreboard == (1, 1, 7)
    assert an.block_map == ["s   ?   ?", "?   r   ?", "?   ?   ?"]
    assert an.contested == [9]
    nine = next(bi for bi in an.blocks if bi.block == 9)
    assert (nine.a, nine.b, nine.empty, nine.unclaimed) == (4, 4, 0, 1)
    one = next(bi for bi in an.blocks if bi.block == 1)
    assert (one.owner, one.empty) == (1, 4)
    assert an.can_win == {1: True, 2: True}
    assert an.decisive == []
    doc = an.to_json()
    assert doc["scoreboard"] == {"A": 1, "B": 1, "undecided": 7}
    assert doc["blocks"][8]["contested"] is True


def test_early_end_decisive_blocks_and_can_win() -> None:
    a = [c for b in range(1, 6) for c in BLOCKS[b][:5]]
    a[-5:] = BLOCKS[5][:5]
    b = (BLOCKS[5][5:9] + [c for blk in range(6, 10) for c in BLOCKS[blk][:3]]
         + [c for blk in range(1, 5) for c in BLOCKS[blk][5:8]])
    g = scripted(a, b)
    assert g.result is not None and g.result.reason == "blocks" and g.result.winner == 1
    an = analyse(g)
    w, lost, und = an.scoreboard
    k = math.ceil((w - lost - und) / 2)
    assert len(an.decisive) == max(1, k)
    assert an.decisive == [5]  # the block A won 5-4 is the narrowest
    assert an.can_win == {1: True, 2: False}


def test_candidates_match_a_naive_count() -> None:
    g = scripted(BLOCKS[1][:3], BLOCKS[2][:3])
    cand = candidates(g)
    us = units(g.field.blocks)
    for c, m in cand.items():
        seen = {g.digits[x] for u in us if c in u for x in u} - {0}
        assert m == sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
        assert m >> (int(SOL[c]) - 1) & 1  # the solution digit is always a candidate
    assert set(cand) == {c for c in range(81) if g.digits[c] == 0}


def selfplay(first: str, second: str, seed: int, givens: int = 30) -> Game:
    """One finished game between two named players (the one runner's ``play_one``)."""
    state, _ = play_one(NUMBRIDGE, [first, second], seed, {"givens": givens})
    assert isinstance(state, NumbridgeState)
    return state.g


@pytest.mark.parametrize("name", sorted(PLAYER_FUNCS))
def test_players_finish_games_and_records_replay(name: str) -> None:
    g = selfplay(name, "greedy", seed=2, givens=32)
    assert g.result is not None
    text = write_record(g, (name, "greedy"))
    again = replay(read_record(text))
    assert again.result == g.result and again.owner == g.owner


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(4):
        a = selfplay("greedy", "random", seed=seed)
        b = selfplay("random", "greedy", seed=seed + 100)
        assert a.result is not None and b.result is not None
        wins += (a.result.winner == 1) + (b.result.winner == 2)
    assert wins >= 7


def test_useful_moves_are_legal() -> None:
    rec = read_record(write_record(selfplay("greedy", "greedy", seed=5)))
    for upto in (0, 10, 25):
        g = replay(rec, upto)
        legal = {(m.kind, m.cell, m.digit, m.tiles) for m in g.legal_moves()}
        for m in useful_moves(g):
            assert (m.kind, m.cell, m.digit, m.tiles) in legal


# --------------------------------------------------------------------- endgame
def plain_minimax(g: Game) -> int:
    """Independent judge: full minimax over every legal move, no pruning, no table."""
    if g.result is not None:
        return {0: 0, 1: 1, 2: -1}[g.result.winner]
    values = []
    for m in g.legal_moves():
        child = g.copy()
        child.play(m)
        values.append(plain_minimax(child))
    return max(values) if g.mover == 1 else min(values)


def memo_minimax(g: Game, memo: dict[tuple[object, ...], int] | None = None) -> int:
    """Independent judge for larger positions: minimax over every legal move with exact values
    remembered per position (no pruning, no bounds)."""
    memo = {} if memo is None else memo
    if g.result is not None:
        return {0: 0, 1: 1, 2: -1}[g.result.winner]
    key = (tuple(g.owner), tuple(g.digits), tuple(sorted(g.hands[1])),
           tuple(sorted(g.hands[2])), tuple(g.bag), g.mover, g.left_in_pair, g.pair_size,
           tuple(sorted(g.misses.items())))
    if key not in memo:
        values = []
        for m in g.legal_moves():
            child = g.copy()
            child.play(m)
            values.append(memo_minimax(child, memo))
        memo[key] = max(values) if g.mover == 1 else min(values)
    return memo[key]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 4), st.integers(1, 2))
def test_endgame_agrees_with_plain_minimax(seed: int, empty: int, hand: int) -> None:
    import random

    rng = random.Random(seed)
    cells = rng.sample(range(81), empty)
    givens = "".join("0" if i in cells else SOL[i] for i in range(81))
    f = Field.make(givens)
    bag = [int(SOL[c]) for c in cells]
    rng.shuffle(bag)
    # no claims (cost larger than any hand) keep the plain minimax small
    s = RoomSettings(**OLD, hand_size=hand, claim_cost=3, move_limit=0, game_limit=0)
    g = Game.new(f, SOL, s, bag=bag)
    r = solve_endgame(g)
    assert r.value == plain_minimax(g)
    # the line is legal and reaches the claimed value
    sim = g.copy()
    for m in r.line:
        sim.play(m)
    assert sim.result is not None
    assert {0: 0, 1: 1, 2: -1}[sim.result.winner] == r.value


def test_endgame_with_claims_small() -> None:
    """Blocks 2-8 fully claimed (A 4 blocks, B 3); blocks 1 and 9 open: a1 and i9 empty, b2
    and h8 unclaimed givens. The position is set up directly, then both engines judge it."""
    cells = [0, 80]
    givens = "".join("0" if i in cells else SOL[i] for i in range(81))
    g = Game.new(Field.make(givens), SOL,
                 RoomSettings(**OLD, hand_size=1, move_limit=0, game_limit=0),
                 bag=[int(SOL[c]) for c in cells])
    block_owner = {2: 1, 3: 1, 4: 1, 8: 1, 5: 2, 6: 2, 7: 2}
    for b, cs in BLOCKS.items():
        claimed = [c for c in cs if c not in (0, 80, 10, 70)]
        for k, c in enumerate(claimed):
            if b in block_owner:
                p = block_owner[b] if k < 5 else 3 - block_owner[b]
            else:
                p = (1 if k < 3 else 2) if b == 1 else (1 if k < 4 else 2)
            g.owner[c] = p
            g.held[p][b] += 1
    assert g.scoreboard() == (4, 3, 2) and g.settled_winner() == 0
    r = solve_endgame(g)
    assert r.value == plain_minimax(g)
    sim = g.copy()
    for m in r.line:
        sim.play(m)
    assert sim.result is not None and {0: 0, 1: 1, 2: -1}[sim.result.winner] == r.value


def test_endgame_refuses_huge_positions() -> None:
    from puzzles.errors import BudgetExhaustedError

    g = scripted([], [])
    with pytest.raises(BudgetExhaustedError, match="endgame too large") as info:
        solve_endgame(g, node_limit=500)
    assert info.value.exit_code == 3


def test_search_player_counts_endgame_fallbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.numbridge.players as players

    # under the earlier tile rule the bag runs out before the end (with a tile for every cell
    # games end early while the bag still holds tiles)
    old = {"tiles": "empty", "claim_tile": "any"}
    _, seats = play_one(NUMBRIDGE, ["search", "greedy"], 100, old)
    assert seats[1].stats() is None  # only the search player counts
    normal = seats[0].stats()
    assert normal is not None and normal["exact"] + normal["fallbacks"] > 0
    # an endgame budget of one position: every empty-bag decision falls back to the heuristic
    monkeypatch.setattr(players, "ENDGAME_NODES", 1)
    _, seats = play_one(NUMBRIDGE, ["greedy", "search"], 100, old)
    tally = seats[1].stats()
    assert tally is not None and tally["exact"] == 0 and tally["fallbacks"] > 0


def late_position(seed: int, claim_tile: str) -> Game:
    """A seeded late position with claims and discards in play: two or three empty cells,
    one or two unclaimed givens, every other given already owned (blocks split at random),
    hands of two tiles and a short bag of any digits (tiles that fit no cell must be spent on a
    claim or discarded)."""
    import random

    rng = random.Random(seed)
    empty = rng.sample(range(81), rng.choice((2, 3)))
    givens = "".join("0" if i in empty else SOL[i] for i in range(81))
    g = Game.new(Field.make(givens), SOL,
                 RoomSettings(claim_tile=claim_tile, hand_size=2, move_limit=0, game_limit=0),
                 bag_seed=seed)
    open_givens = rng.sample([c for c in range(81) if c not in empty], rng.choice((1, 2)))
    undecided = {g.block_of[c] for c in empty + open_givens}
    closed = [b for b in range(1, 10) if b not in undecided]
    rng.shuffle(closed)
    for k, b in enumerate(closed):  # closed blocks shared out as evenly as they go
        for c in g.blocks[b]:
            g.owner[c] = 1 + k % 2
            g.held[1 + k % 2][b] += 1
    for b in undecided:  # the open blocks stay close: their last cells decide
        owned = [c for c in g.blocks[b] if c not in empty and c not in open_givens]
        rng.shuffle(owned)
        for k, c in enumerate(owned):
            g.owner[c] = 1 + k % 2
            g.held[1 + k % 2][b] += 1
    digits = [int(SOL[c]) for c in empty + open_givens]
    g.hands = {1: [rng.choice(digits), rng.randint(1, 9)],
               2: [rng.choice(digits), rng.randint(1, 9)]}
    g.bag = [rng.choice(digits) for _ in range(rng.choice((0, 1, 2)))]
    return g


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["digit", "any"]))
@example(36, "any")  # paying a claim with the larger tile wins: only the smallest was tried
@example(46, "any")
def test_endgame_with_claims_and_discards_agrees_with_minimax(seed: int,
                                                                    claim_tile: str) -> None:
    """The pruned move list (a claim paid with every distinct tile, discards of every tile)
    and the table's bounds give the plain minimax's value, and a line that reaches it (issue
    25: reversed bound flags, claims paid only with the smallest tile and never generated
    discards all passed the earlier tests)."""
    g = late_position(seed, claim_tile)
    if g.result is not None:
        return
    r = solve_endgame(g)
    assert r.value == memo_minimax(g)
    sim = g.copy()
    for m in r.line:
        sim.play(m)
    assert sim.result is not None and {0: 0, 1: 1, 2: -1}[sim.result.winner] == r.value


def test_the_table_keeps_bounds_the_right_way_round() -> None:
    """A fail low bounds the value from above, a fail high from below; a bound answers only
    the windows it settles (issue 25: reversed bound flags passed every endgame test)."""
    from solver.numbridge.endgame import EXACT, LOWER, UPPER, bound_kind, settles

    assert bound_kind(0, 0, 1) == UPPER and bound_kind(-1, -1, 1) == UPPER
    assert bound_kind(0, -1, 0) == LOWER and bound_kind(1, -1, 1) == LOWER
    assert bound_kind(0, -1, 1) == EXACT
    # value <= 0 settles a window whose alpha is 0, not one whose beta is 0; and the mirror
    assert settles(0, UPPER, 0, 1) and not settles(0, UPPER, -1, 0)
    assert settles(0, LOWER, -1, 0) and not settles(0, LOWER, 0, 1)
    assert all(settles(v, EXACT, a, b) for v in (-1, 0, 1) for a, b in ((-1, 1), (0, 1)))
    # every bound a search proves is true of every value consistent with it
    for best in (-1, 0, 1):
        for a, b in ((-1, 1), (-1, 0), (0, 1)):
            kind = bound_kind(best, a, b)
            for true in (-1, 0, 1):
                consistent = {EXACT: true == best, UPPER: true <= best,
                              LOWER: true >= best}[kind]
                if consistent and settles(best, kind, a, b):
                    # the answer outside the window sits on the same side as the truth
                    assert (true <= a) == (best <= a) and (true >= b) == (best >= b)
