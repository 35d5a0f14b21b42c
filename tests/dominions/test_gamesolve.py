"""The compiled game search of issue 26, Q7 (``solver/dominions/_gamesolve.c``): its moves
are the plain rules' (``plain_rules``, no engine code) and the engine's, its values the Python
solver's, its base-2 proof is accepted by the independent checker, and a checkpointed run
stops and resumes."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from puzzles.dominions import PASS, Move, Position, replay
from solver.dominions.game_run import prove, run
from solver.dominions.gamesolve import CSearch, SearchStoppedError, random_position
from solver.dominions.solve_game import Solver
from tests.dominions.plain_rules import play
from tests.dominions.proof_check import check


def random_games(base: int, seeds: range) -> list[Position]:
    """Every position of seeded random games (a pass now and then)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        pos = Position(base)
        while not pos.is_over():
            out.append(pos.copy())
            moves = list(pos.legal_moves())
            pos.push(PASS if rng.random() < 0.05 else rng.choice(moves))
    return out


@pytest.mark.parametrize("base", [2, 3])
def test_the_compiled_moves_are_the_plain_rules_moves(base: int) -> None:
    """Each legal placement and the board it leaves, against the plain rules."""
    s = CSearch(base, tt_log2=8)
    cells = Position(base).board.cells
    on = set(cells)
    checked = 0
    for pos in random_games(base, range(6 if base == 3 else 30))[::3 if base == 3 else 1]:
        board = {cells[c]: ("WB"[pos.owner[c]], pos.piece[c]) for c in range(len(cells))
                 if pos.piece[c] >= 0}
        me = "WB"[pos.to_move]
        s.set(pos)
        got = {(c, p): flips for c, p, flips in s.legal()}
        want = {}
        for c, cell in enumerate(cells):
            for p in pos.hand(pos.to_move):
                after = play(board, on, cell, p, me)
                if after is not None:
                    want[(c, p)] = frozenset(k for k, x in enumerate(cells)
                                             if (x in board and after[x][0] != board[x][0])
                                             or (x == cell and after[x][0] != me))
        assert got == want, pos.moves
        checked += 1
    assert checked > 30


def test_the_compiled_moves_are_the_engines_moves_on_base_4() -> None:
    s = CSearch(4, tt_log2=8)
    for pos in random_games(4, range(4)):
        s.set(pos)
        want = {(c, p, frozenset(pos.outcome(Move(c, p)).flipped))
                for c, p, _, _ in pos.legal_placements()}
        assert set(s.legal()) == want
        for m in list(pos.legal_moves())[:3]:  # the position after a move is the engine's
            s.set(pos)
            s.play(m)
            pos.push(m)
            pieces, owners, hands, turn, passes = s.state()
            assert pieces == [max(p, 0) for p in pos.piece] and owners == pos.owner
            assert (hands, turn, passes) == (tuple(pos.hands), pos.to_move, pos.passes)
            pos.pop()


@pytest.fixture(scope="module")
def base_2_proof() -> tuple[dict[str, Any], dict[str, Any]]:
    return prove(2, tt_log2=16)


def test_base_2_is_white_by_two_and_the_compiled_proof_is_accepted(
        base_2_proof: tuple[dict[str, Any], dict[str, Any]]) -> None:
    doc, info = base_2_proof
    assert doc["value"] == 2 and info["value"] == 2
    assert info["nodes"] == 3358  # the move order and the table's cut-offs at work
    assert check(doc) == info["proof_nodes"]


def test_a_wrong_value_from_the_compiled_search_is_refused_by_the_checker(
        base_2_proof: tuple[dict[str, Any], dict[str, Any]]) -> None:
    doc = copy.deepcopy(base_2_proof[0])
    for side in ("low", "high"):
        doc[side]["value"] = 3
    doc["value"] = 3
    with pytest.raises(AssertionError):
        check(doc)


@pytest.mark.parametrize("vacant", [5, 7, pytest.param(9, marks=pytest.mark.slow)])
def test_the_compiled_values_are_the_python_solvers(vacant: int) -> None:
    s = CSearch(3, tt_log2=18)
    for k in range(3):
        pos = random_position(3, vacant, 100 * vacant + k)
        s.lib.ds_clear()
        s.set(pos)
        assert s.value() == Solver(3).value(pos.copy()), pos.moves


def test_the_table_tells_positions_apart_by_the_pieces_in_hand() -> None:
    """The same board with one fitting piece fewer in the mover's hand: another value, also
    when the first position's bounds are in the table."""
    pos = replay("BASE[3];W[P13c4];B[P11b3];W[P11b2];B[P14d4];W[P30c2];B[P24d2];W[P48e4];"
                 "B[P35a1];W[P8d5];B[P1b4];W[P16e3];B[P50d3];W[P19b1];B[P59c3]")
    fewer = pos.copy()
    fewer.hands[fewer.to_move] &= ~(1 << 4)
    s = CSearch(3, tt_log2=16)
    s.set(pos)
    assert s.value() == Solver(3).value(pos.copy()) == 22
    s.set(fewer)
    assert s.value() == Solver(3).value(fewer.copy()) == 20


def test_the_compiled_search_stops_at_its_node_limit() -> None:
    s = CSearch(3, tt_log2=12)
    with pytest.raises(SearchStoppedError):
        s.value(node_limit=500)
    assert 500 <= s.nodes <= 520


def test_a_checkpointed_run_stops_and_resumes_to_the_value(tmp_path: Path) -> None:
    state = tmp_path / "run"
    first = run(2, state, cpu_limit=0.0, chunk=300, tt_log2=14, resume=False)
    assert first["value"] is None and first["sessions"][0]["stopped"] == "CPU limit 0 s"
    assert (state / "table.bin").stat().st_size > 2**14 * 24
    saved = json.loads((state / "progress.json").read_text())
    assert saved["nodes"] == first["nodes"] and saved["value"] is None
    second = run(2, state, cpu_limit=100.0, chunk=300, tt_log2=14, resume=True)
    assert second["value"] == 2 and second["lo"] == second["hi"] == 2
    assert len(second["sessions"]) == 2 and second["sessions"][1]["stopped"] == "solved"
    assert second["nodes"] > first["nodes"]


def test_the_stored_scaling_record_replays() -> None:
    """docs/results/dominions-base3-scale.json: each position is what its record says, and
    the small ones have the stored values (the compiled search; two also by the Python
    solver)."""
    doc = json.loads((Path(__file__).parents[2] / "docs" / "results"
                      / "dominions-base3-scale.json").read_text())
    assert len(doc["rows"]) == 30 and all(r["value"] is not None for r in doc["rows"])
    s = CSearch(3, tt_log2=18)
    small = [r for r in doc["rows"] if r["vacant"] <= 10]
    for k, row in enumerate(small):
        pos = replay(row["record"])
        assert 19 - len(pos.occupied) == row["vacant"]
        s.lib.ds_clear()
        s.set(pos)
        assert s.value() == row["value"]
        if k < 2:
            assert Solver(3).value(pos.copy()) == row["value"]


def test_a_run_gives_back_the_signal_handlers(tmp_path: Path) -> None:
    import signal

    before = signal.getsignal(signal.SIGINT)
    run(2, tmp_path / "run", cpu_limit=0.0, chunk=300, tt_log2=12, resume=False)
    assert signal.getsignal(signal.SIGINT) is before


def test_a_run_neither_resumes_nothing_nor_overwrites_a_run(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="nothing to resume"):
        run(2, tmp_path / "run", cpu_limit=0.0, chunk=300, tt_log2=12, resume=True)
    run(2, tmp_path / "run", cpu_limit=0.0, chunk=300, tt_log2=12, resume=False)
    with pytest.raises(SystemExit, match="--resume"):
        run(2, tmp_path / "run", cpu_limit=0.0, chunk=300, tt_log2=12, resume=False)
