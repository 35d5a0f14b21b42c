"""Scripted games: the 1-2-2 order, misses, claims, the clock, early end, block majority,
exhaustion, draws, and records."""

from __future__ import annotations

import pytest

from puzzles.errors import IllegalMoveError, InvalidInputError, ParseError
from puzzles.numbridge.field import Field, block_cells, cell_name
from puzzles.numbridge.game import Game, Move, RoomSettings
from puzzles.numbridge.record import read_record, replay, write_record

#: the earlier tile rules (one tile per empty cell, claims with any tile), which these
#: scripted games with small bags use
OLD: dict[str, str] = {"tiles": "empty", "claim_tile": "any"}
SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
BLOCKS = block_cells(Field.make("0" * 81).blocks)


def open_game(a_cells: list[int], b_cells: list[int], **settings: object) -> Game:
    """Only i9 given; A's hand holds the tiles of ``a_cells``, B's those of ``b_cells``."""
    f = Field.make("0" * 80 + SOL[80])
    hs = int(settings.get("hand_size", 30))  # type: ignore[call-overload]
    free = [c for c in range(80) if c not in a_cells and c not in b_cells]
    first = a_cells + free[:max(0, hs - len(a_cells))]
    second = b_cells + [c for c in range(80) if c not in first and c not in b_cells]
    bag = [int(SOL[c]) for c in first + second]
    s = RoomSettings(**{**OLD, "hand_size": hs, "move_limit": 0, "game_limit": 0, **settings})
    return Game.new(f, SOL, s, bag=bag)


def place(g: Game, cell: int, t: float | None = None) -> None:
    g.play(Move.place(cell, int(SOL[cell]), time=t))


def test_one_two_two_order_and_pair_message() -> None:
    a = [0, 1, 2, 3, 4, 5]
    b = [72, 73, 74, 75, 76, 77]
    g = open_game(a, b)
    movers, more = [], []
    for _ in range(9):
        movers.append("AB"[g.mover - 1])
        more.append(g.one_more_in_pair)
        cell = (a if g.mover == 1 else b).pop(0)
        place(g, cell)
    assert "".join(movers) == "ABBAABBAA"
    assert more == [False, False, True, False, True, False, True, False, True]
    assert g.status_line() == "move 10: B to move"


def test_wrong_player_is_refused_with_move_number() -> None:
    g = open_game([0, 1], [72])
    place(g, 0)
    with pytest.raises(IllegalMoveError) as err:
        g.play(Move("place", 1, int(SOL[1]), player=1))
    assert err.value.rule == "turn-order"
    assert str(err.value).startswith("move 2: not A's turn, B is to move")


def test_miss_discards_the_tile_and_changes_nothing_else() -> None:
    g = open_game([0], [72])
    wrong = next(d for d in g.hands[1] if d != int(SOL[1]))
    before = (list(g.owner), list(g.digits), len(g.bag))
    events = g.play(Move.place(1, wrong))
    assert [e.kind for e in events] == ["miss"]
    assert (g.owner, g.digits) == (before[0], before[1])
    assert g.misses[1] == 1 and len(g.hands[1]) == 30  # refilled from the bag
    assert len(g.bag) == before[2] - 1
    # rule variant: the tile goes back into the hand
    g2 = open_game([0], [72], miss="return")
    hand = sorted(g2.hands[1])
    g2.play(Move.place(1, wrong))
    assert sorted(g2.hands[1]) == hand and g2.mover == 2


def test_illegal_places() -> None:
    g = open_game([0], [72], hand_size=3)
    with pytest.raises(IllegalMoveError, match="i9 is a given: claim it instead"):
        g.play(Move.place(80, g.hands[1][0]))
    missing = next(d for d in range(1, 10) if d not in g.hands[1])
    with pytest.raises(IllegalMoveError, match=f"move 1: A has no tile {missing}"):
        g.play(Move.place(5, missing))
    place(g, 0)
    with pytest.raises(IllegalMoveError, match="a1 is already closed") as err:
        g.play(Move.place(0, g.hands[2][0]))
    assert err.value.rule == "place-empty"


def test_claim_costs_a_tile_and_counts_for_the_block() -> None:
    g = open_game([], [], hand_size=3)
    tile = g.hands[1][0]
    bag = len(g.bag)
    g.play(Move.claim("i9", tile))
    assert g.owner[80] == 1 and len(g.hands[1]) == 3 and len(g.bag) == bag - 1
    with pytest.raises(IllegalMoveError, match="i9 is already claimed by A"):
        g.play(Move.claim("i9", g.hands[2][0]))
    with pytest.raises(IllegalMoveError, match="a1 is not a given"):
        g.play(Move.claim("a1", g.hands[2][0]))
    g3 = open_game([], [], hand_size=3)
    with pytest.raises(IllegalMoveError, match="a claim costs 1 tile"):
        g3.play(Move.claim("i9"))
    with pytest.raises(IllegalMoveError, match="A does not hold tiles"):
        g3.play(Move.claim("i9", next(d for d in range(1, 10) if d not in g3.hands[1])))
    assert g.block_counts()[9] == (1, 0)


def test_block_majority_five_of_nine_and_four_four_undecided() -> None:
    blk = BLOCKS[1]
    a, b = blk[:4] + blk[8:], blk[4:8]
    g = open_game(a, b)
    order = "ABBAABBAA"
    ia, ib = iter(a), iter(b)
    for who in order:
        place(g, next(ia) if who == "A" else next(ib))
        if who == "A" and g.owner.count(1) == 4:
            pass
    # after A B B A A B B A A: A holds 5 (a[:4] + a[4]), B holds 4
    assert g.block_counts()[1] == (5, 4)
    assert g.block_owner(1) == 1
    assert g.scoreboard() == (1, 0, 8)


def test_four_four_is_undecided() -> None:
    blk = BLOCKS[2]
    g = open_game(blk[:4], blk[4:8])
    for who in "ABBAABBA":
        place(g, (blk[:4] if who == "A" else blk[4:8])[g.owner.count(1 if who == "A" else 2)])
    assert g.block_counts()[2] == (4, 4) and g.block_owner(2) == 0


def test_early_end_as_soon_as_settled() -> None:
    """A takes five cells in blocks 1-5, B four cells in blocks 6-9: the game ends the moment
    A's fifth block makes 5 > 0 + 4 undecided."""
    a_cells = [c for b in range(1, 6) for c in BLOCKS[b][:5]]
    b_cells = [c for b in range(6, 10) for c in BLOCKS[b][:4]]
    g = open_game(list(a_cells), list(b_cells))
    ia, ib = iter(a_cells), iter(b_cells)
    while g.result is None:
        try:
            cell = next(ia) if g.mover == 1 else next(ib)
        except StopIteration:
            cell = next(c for c in range(80) if g.digits[c] == 0 and
                        int(SOL[c]) in g.hands[g.mover] and g.block_of[c] not in (1, 2, 3, 4, 5))
        before = g.scoreboard()
        assert g.settled_winner() == 0
        place(g, cell)
    assert g.result.winner == 1 and g.result.reason == "blocks"
    a, b, u = g.scoreboard()
    assert a > b + u
    assert before[0] + 1 == a  # it ended on the move that settled it
    # 4 blocks against 3 with 2 undecided is not settled
    assert not 4 > 3 + 2


def test_move_limit_timeout_costs_the_rest_of_the_pair() -> None:
    g = open_game([0, 1, 2, 3], [72, 73, 74], move_limit=45, game_limit=1200)
    place(g, 0, t=10)  # A, move 1
    place(g, 72, t=20)  # B, first of the pair
    assert g.one_more_in_pair
    # B thinks 50 s: the limit runs out at 65, the pair's second move is lost
    with pytest.raises(IllegalMoveError, match="not B's turn, A is to move"):
        g.play(Move("place", 73, int(SOL[73]), player=2, time=70))
    g2 = open_game([0, 1, 2, 3], [72, 73, 74], move_limit=45, game_limit=1200)
    place(g2, 0, t=10)
    place(g2, 72, t=20)
    events = g2.play(Move("place", 1, int(SOL[1]), player=1, time=70))
    assert [e.kind for e in events] == ["timeout"]
    assert g2.mover == 1 and g2.one_more_in_pair  # A's full pair: this was its first move
    assert g2.used == {1: 10 + 5, 2: 10 + 45}
    place(g2, 2, t=80)
    assert g2.mover == 2 and not g2.one_more_in_pair


def test_second_move_of_pair_has_its_own_limit() -> None:
    g = open_game([0, 1, 2], [72, 73], move_limit=45, game_limit=1200)
    place(g, 0, t=40)
    place(g, 72, t=84)
    place(g, 73, t=128)  # 44 s each: both in time
    assert g.mover == 1 and g.used[2] == 88


def test_game_time_running_out_loses() -> None:
    g = open_game([0, 1, 2, 3, 4], [72, 73, 74, 75], move_limit=45, game_limit=60)
    place(g, 0, t=40)  # A used 40
    place(g, 72, t=41)
    place(g, 73, t=42)
    events = g.play(Move("clock", time=200))
    assert g.result is not None and g.result.winner == 2 and g.result.reason == "time"
    assert [e.kind for e in events] == ["flag", "end"]
    with pytest.raises(IllegalMoveError, match="game is over"):
        place(g, 1)


def test_pass_only_without_a_move_and_exhaustion_by_cells() -> None:
    f = Field.make(SOL[:78] + "000")  # g9 = 1, h9 = 7, i9 = 9 empty
    g = Game.new(f, SOL, RoomSettings(**OLD, hand_size=1, move_limit=0, game_limit=0),
                 bag=[1, 9, 7])
    assert g.hands == {1: [1], 2: [9]}
    with pytest.raises(IllegalMoveError, match="pass only without one") as err:
        g.play(Move("pass"))
    assert err.value.rule == "pass"
    g.play(Move.place("g9", 1))  # A closes g9 and draws the last tile, 7
    g.play(Move.place("h9", 9))  # B misses
    assert g.result is None and not g.can_move(2) and g.can_move(1)
    assert [m.kind for m in g.legal_moves()] == ["pass"]
    g.play(Move("pass"))  # B has no tile left
    g.play(Move.place("h9", 7))  # A closes h9: nobody can move any more
    assert g.result is not None
    assert (g.result.winner, g.result.reason) == (1, "exhaustion: more cells")
    assert g.result.cells == (2, 0) and g.result.blocks == (0, 0)


@pytest.mark.parametrize(("rule", "expect"), [("cells", (2, "exhaustion: more cells")),
                                              ("draw", (0, "exhaustion"))])
def test_exhaustion_rules(rule: str, expect: tuple[int, str]) -> None:
    f = Field.make(SOL[:79] + "00")  # h9 = 7, i9 = 9 empty
    g = Game.new(f, SOL, RoomSettings(**OLD, hand_size=1, move_limit=0, game_limit=0,
                                      exhaustion=rule), bag=[9, 7])
    g.play(Move.place("h9", 9))  # A misses
    g.play(Move.place("h9", 7))  # B closes h9; nobody has a tile left
    assert g.result is not None and (g.result.winner, g.result.reason) == expect


def test_exhaustion_equal_cells_is_a_draw() -> None:
    f = Field.make(SOL[:79] + "00")
    g = Game.new(f, SOL, RoomSettings(**OLD, hand_size=1, move_limit=0, game_limit=0), bag=[7, 9])
    g.play(Move.place("h9", 7))
    g.play(Move.place("i9", 9))
    assert g.result is not None and g.result.text() == "1/2-1/2 exhaustion"


def test_draw_offer_accept_and_resign() -> None:
    g = open_game([0, 1], [72, 73])
    with pytest.raises(IllegalMoveError, match="no draw offer by A stands"):
        g.play(Move("accept", player=2))
    g.play(Move("offer", player=1))
    place(g, 0)
    g.play(Move("accept", player=2))
    assert g.result is not None and g.result.text() == "1/2-1/2 agreement"
    g = open_game([0], [72])
    g.play(Move("offer", player=1))
    place(g, 0)
    place(g, 72)  # B's move declines the offer
    with pytest.raises(IllegalMoveError, match="no draw offer"):
        g.play(Move("accept", player=2))
    g.play(Move("resign", player=2))
    assert g.result is not None and g.result.text() == "1-0 resign"


def test_record_round_trip_and_refusals() -> None:
    g = open_game([0, 1, 2], [72, 73], move_limit=45, game_limit=1200)
    place(g, 0, t=3)
    place(g, 72, t=8)
    wrong = next(d for d in g.hands[2] if d != int(SOL[73]))
    g.play(Move.place(73, wrong, time=9.5))
    g.play(Move("offer", player=1, time=12))
    place(g, 1, t=14)
    text = write_record(g, ("Ann", "Bob"))
    assert "3. B place b9 " in text and "4. A offer @12" in text
    rec = read_record(text)
    g2 = replay(rec)
    assert g2.owner == g.owner and g2.hands == g.hands and g2.used == g.used
    assert g2.status_line() == g.status_line() == "move 5: A to move (One more move in this pair)"
    assert write_record(g2, ("Ann", "Bob")) == text
    bad = text.replace("5. A place", "5. B place")
    with pytest.raises(IllegalMoveError,
                       match=r"line \d+ column 1: action 5, move 4: not B's turn"):
        replay(read_record(bad))
    with pytest.raises(ParseError, match="action number 7, expected 6"):
        read_record(text + "7. A pass\n")
    with pytest.raises(ParseError, match="bad cell name 'z9'"):
        read_record(text + "6. A place z9 1\n")
    with pytest.raises(InvalidInputError, match=r'\[Result "1-0 blocks"\] but the moves give \*'):
        replay(read_record(text.replace('[Result "*"]', '[Result "1-0 blocks"]')))
    assert cell_name(73) == "b9"


def test_random_games_keep_the_invariants() -> None:
    """Random legal play: tiles are conserved, block counts match owners, the order is 1-2-2
    unless a game ends, and the end is reached exactly when the rules say."""
    import random

    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=15, deadline=None)
    @given(st.integers(0, 10**6), st.integers(1, 5))
    def check(seed: int, hand: int) -> None:
        rng = random.Random(seed)
        keep = set(rng.sample(range(81), 50))
        f = Field.make("".join(SOL[i] if i in keep else "0" for i in range(81)))
        g = Game.new(f, SOL, RoomSettings(**OLD, hand_size=hand, move_limit=0, game_limit=0),
                     bag_seed=seed)
        total = 31
        spent = 0
        movers = []
        while g.result is None:
            moves = list(g.legal_moves())
            assert moves
            m = rng.choice(moves)
            movers.append(g.mover)
            g.play(m)
            spent += 1 if m.kind == "place" else len(m.tiles) if m.kind == "claim" else 0
            assert len(g.bag) + len(g.hands[1]) + len(g.hands[2]) + spent == total
            for p in (1, 2):
                assert g.held[p][1:] == [sum(1 for c in BLOCKS[b] if g.owner[c] == p)
                                         for b in range(1, 10)]
            assert all(g.digits[c] == int(SOL[c]) for c in range(81) if g.digits[c])
        expect = "A" + "BBAA" * 100
        assert "".join("AB"[p - 1] for p in movers) == expect[:len(movers)]
        a, b, u = g.scoreboard()
        if g.result.reason == "blocks":
            assert max(a, b) > min(a, b) + u
        else:
            assert not g.can_move(1) and not g.can_move(2)

    check()


def test_flag_as_timeout_rule_and_both_out_of_time() -> None:
    g = open_game([0, 1, 2], [72, 73], move_limit=45, game_limit=30, flag="timeout")
    place(g, 0, t=10)
    events = g.play(Move("clock", time=35))  # B's 30 s of game time run out at 10 + 30 = 40
    assert events == [] and g.mover == 2
    events = g.play(Move("clock", time=41))
    assert [e.kind for e in events] == ["timeout"] and g.mover == 1 and g.result is None
    g.play(Move("clock", time=100))  # A's 20 s left run out at 61: nobody has time
    assert g.result is not None and g.result.text() == "1-0 time: more cells"


def test_claim_cost_zero() -> None:
    f = Field.make(SOL[:79] + "00")
    g = Game.new(f, SOL, RoomSettings(**OLD, hand_size=1, claim_cost=0, move_limit=0, game_limit=0),
                 bag=[7, 9])
    g.play(Move.place("h9", 7))
    g.play(Move.place("i9", 9))
    assert g.result is None and g.can_move(1) and g.can_move(2)  # no tiles, claims are free
    g.play(Move.claim("a1"))  # B's second move of the pair
    assert g.owner[0] == 2 and g.mover == 1
