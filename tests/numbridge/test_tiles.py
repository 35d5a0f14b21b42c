"""The tile rules (a tile for every cell; claims spend a tile of the given's digit), the move
number through a lost pair, candidates only where allowed, decisive blocks after a played-out
game, and the game length between equal players."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from puzzles.errors import IllegalMoveError, InvalidInputError
from puzzles.numbridge.field import Field
from puzzles.numbridge.game import Game, Move, RoomSettings, deal_bag
from puzzles.numbridge.record import read_record, replay, write_record
from puzzles.numbridge.state import NumbridgeState
from solver.numbridge.analysis import analyse
from solver.numbridge.gamedef import NUMBRIDGE
from solver.play.match import play_one
from tests.cli_helpers import run

SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
GIVENS = SOL[:30] + "0" * 51  # rows 1-3 and a1-c4 given


def test_default_bag_holds_a_tile_for_every_cell() -> None:
    f = Field.make(GIVENS)
    bag = deal_bag(f, SOL, 5)
    assert len(bag) == 81 and Counter(bag) == {d: 9 for d in range(1, 10)}
    g = Game.new(f, SOL, bag_seed=5)
    assert g.settings.tiles == "field" and g.settings.claim_tile == "digit"
    assert len(g.bag) + len(g.hands[1]) + len(g.hands[2]) == 81
    # the earlier rule stays a room setting: one tile per empty cell
    old = deal_bag(f, SOL, 5, "empty")
    assert Counter(old) == Counter(int(SOL[i]) for i in range(30, 81))
    with pytest.raises(InvalidInputError, match="every cell"):
        Game.new(f, SOL, RoomSettings(), bag=old)


def _game(claim_tile: str, a_hand: list[int]) -> Game:
    f = Field.make(GIVENS)
    rest = Counter({d: 9 for d in range(1, 10)}) - Counter(a_hand)
    bag = a_hand + sorted(rest.elements())
    return Game.new(f, SOL, RoomSettings(claim_tile=claim_tile, move_limit=0, game_limit=0),
                    bag=bag)


def test_a_claim_spends_a_tile_of_the_givens_digit() -> None:
    g = _game("digit", [5, 3, 1, 1])  # a1 = 5, b1 = 3
    claims = {(m.cell, m.tiles) for m in g.legal_moves() if m.kind == "claim"}
    assert claims == {(c, (int(SOL[c]),)) for c in range(30) if SOL[c] in "135"}
    assert (0, (5,)) in claims and (1, (3,)) in claims
    with pytest.raises(IllegalMoveError) as err:
        g.play(Move.claim("a1", 1))
    assert err.value.rule == "claim-tile" and "takes a tile 5" in str(err.value)
    g.play(Move.claim("a1", 5))
    assert g.owner[0] == 1 and 5 not in g.hands[1][:1]


def test_any_tile_claims_stay_a_setting() -> None:
    g = _game("any", [5, 3, 1, 1])
    g.play(Move.claim("a1", 1))
    assert g.owner[0] == 1
    text = write_record(g)
    assert '[Tiles "field"]' in text and '[ClaimTile "any"]' in text
    again = replay(read_record(text))
    assert again.settings.claim_tile == "any" and again.owner == g.owner


def test_old_records_without_tile_tags_keep_the_earlier_rules() -> None:
    bag = "".join(SOL[30:])
    text = f'[Givens "{GIVENS}"]\n[Solution "{SOL}"]\n[Bag "{bag}"]\n1. A claim a1 {bag[0]}\n'
    g = replay(read_record(text))
    assert (g.settings.tiles, g.settings.claim_tile) == ("empty", "any") and g.owner[0] == 1


def test_move_number_counts_through_a_pair_lost_to_the_clock() -> None:
    g = Game.new(Field.make(GIVENS), SOL, RoomSettings(move_limit=45, game_limit=1200),
                 bag_seed=2)
    hand = g.hands[1]
    cell = next(c for c in range(30, 81) if int(SOL[c]) in hand)
    g.play(Move.place(cell, int(SOL[cell]), time=10))  # move 1, A
    assert g.status_line() == "move 2: B to move"
    g.play(Move("clock", time=60))  # B lets moves 2 and 3 run out
    assert g.mover == 1 and g.status_line() == "move 4: A to move"
    g.play(Move("clock", time=105.5))  # A loses move 4 and 5
    assert g.status_line() == "move 6: B to move"
    g.play(Move("clock", time=151))  # B loses 6 and 7: A's pair is 8-9 as in the table
    assert g.status_line() == "move 8: A to move"


def test_candidates_only_where_the_room_allows_them(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    g = Game.new(Field.make(GIVENS), SOL, RoomSettings(candidates=False), bag_seed=1)
    doc = analyse(g).to_json()
    assert "candidates" not in doc and not analyse(g).candidates
    view = NumbridgeState(g).view(0)
    assert "candidates" not in view and view["settings"]["candidates"] is False
    rec = tmp_path / "g.txt"
    rec.write_text(write_record(g))
    code, out, err = run(["numbridge", "analyse", str(rec), "--json"], capsys)
    assert code == 0 and "candidates" not in json.loads(out)
    code, _, err = run(["numbridge", "analyse", str(rec), "--candidates"], capsys)
    assert code == 2 and "does not allow candidate highlighting" in err
    allowed = Game.new(Field.make(GIVENS), SOL, bag_seed=1)
    assert len(analyse(allowed).to_json()["candidates"]) == 51  # type: ignore[arg-type]


def test_decisive_blocks_after_a_game_won_on_cells() -> None:
    f = Field.make(SOL[:79] + "00")  # h9 = 7, i9 = 9 empty
    s = RoomSettings(tiles="empty", claim_tile="any", hand_size=1, move_limit=0, game_limit=0)
    g = Game.new(f, SOL, s, bag=[9, 7])
    g.play(Move.place("h9", 9))  # A misses
    g.play(Move.place("h9", 7))  # B closes h9 in block 9; played out
    assert g.result is not None and g.result.reason == "exhaustion: more cells"
    assert analyse(g).decisive == [9]
    from solver.numbridge.pictures import position_svg

    svg = position_svg(g)
    assert "decisive block of B (cells)" in svg


def test_games_between_equal_players_end_early_and_never_drawn() -> None:
    """A sample of the measurement in docs/numbridge.md (greedy against greedy, 30 givens)."""
    lengths = []
    for seed in range(100, 106):
        state, _ = play_one(NUMBRIDGE, ["greedy", "greedy"], seed)
        assert isinstance(state, NumbridgeState)
        g = state.g
        assert g.result is not None
        assert g.result.reason == "blocks" and g.result.winner in (1, 2)
        lengths.append(g.move_number)
    assert 52 <= sum(lengths) / len(lengths) <= 81
