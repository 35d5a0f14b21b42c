"""Dominions solved on the smallest boards (issue 26, Q7): the stored proofs under
``docs/results/`` replayed by the independent plain rules (``proof_check``), and corrupted
proofs refused."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tests.dominions.proof_check import ProofError, board_cells, check

RESULTS = Path(__file__).parents[2] / "docs" / "results"


def load(name: str) -> dict[str, Any]:
    with gzip.open(RESULTS / name, "rt", encoding="utf-8") as fh:
        doc: dict[str, Any] = json.load(fh)
    return doc


def test_base_2_white_wins_by_two_and_the_proof_replays() -> None:
    doc = load("dominions-base2.json.gz")
    assert (doc["base"], doc["value"]) == (2, 2)
    counts = check(doc)
    assert counts == {"low": len(doc["low"]["nodes"]), "high": len(doc["high"]["nodes"])}


def opponent_node(doc: dict[str, Any], side: str) -> int:
    """A node where the side that does not prove is to move, with several moves."""
    mover = 1 if side == "low" else 0
    for k, (state, moves) in enumerate(doc[side]["nodes"]):
        if state.split("|")[3] == str(mover) and len(moves) > 1:
            return k
    raise AssertionError("no such node")


def shared_move(doc: dict[str, Any], side: str, mover: int) -> tuple[int, int]:
    """(node, move index) of a move of ``mover`` whose child another move also reaches, so
    that changing it leaves every node reachable."""
    nodes = doc[side]["nodes"]
    refs: dict[int, int] = {}
    for _, moves in nodes:
        for _, child in moves:
            refs[child] = refs.get(child, 0) + 1
    for k, (state, moves) in enumerate(nodes):
        if state.split("|")[3] == str(mover) and len(moves) > 1:
            for i, (_, child) in enumerate(moves):
                if refs[child] > 1 and child != 0:
                    return k, i
    raise AssertionError("no such move")


@pytest.mark.parametrize(("corrupt", "why"), [("drop-shared", "not every legal move"),
                                              ("redirect", "a different position")])
def test_a_corrupted_proof_is_refused_for_its_own_reason(corrupt: str, why: str) -> None:
    """Corruptions that leave every node reachable: the checker must find them by the rule
    they break (a missing Black reply; a move pointing at another position)."""
    doc = copy.deepcopy(load("dominions-base2.json.gz"))
    k, i = shared_move(doc, "low", 1)
    if corrupt == "drop-shared":
        doc["low"]["nodes"][k][1].pop(i)
    else:
        doc["low"]["nodes"][k][1][i][1] = 0  # the empty board
    with pytest.raises(ProofError, match=why):
        check(doc)


@pytest.mark.parametrize("corrupt", ["value", "drop", "illegal", "second"])
def test_a_corrupted_proof_is_refused(corrupt: str) -> None:
    doc = copy.deepcopy(load("dominions-base2.json.gz"))
    if corrupt == "value":  # claim one point more
        doc["value"] += 1
        doc["low"]["value"] += 1
        doc["high"]["value"] += 1
    elif corrupt == "drop":  # forget one of Black's replies
        k = opponent_node(doc, "low")
        doc["low"]["nodes"][k][1].pop()
    elif corrupt == "illegal":  # White's strategy plays a piece that does not fit
        doc["low"]["nodes"][0][1][0][0] = "P63a1"
    else:  # a second White move where one is expected, pointing at a Black reply's node
        node = doc["low"]["nodes"][0]
        node[1].append(list(node[1][0]))
    with pytest.raises(ProofError):
        check(doc)


@pytest.mark.slow
def test_base_3_proof_replays() -> None:
    path = RESULTS / "dominions-base3.json.gz"
    if not path.exists():
        pytest.skip("base 3 was not solved within the time box (docs/results.md, Q7)")
    doc = load("dominions-base3.json.gz")
    check(doc)


def test_a_time_boxed_run_stops_cleanly_and_says_how_far_it_got() -> None:
    """A node limit on base 3 is no answer: value None, the reason, the root's progress; the
    root's move count is the plain rules' count of legal first moves."""
    from solver.dominions.solve_game import solve
    from tests.dominions.plain_rules import play

    out = solve(3, node_limit=3000)
    assert out["value"] is None and out["stopped"] == "node limit 3000 reached"
    assert out["root_bounds"] == [None, None] and out["mtdf_calls_finished"] == []
    cells = board_cells(3)
    on = set(cells)
    openings = sum(1 for c in cells for p in range(1, 64) if play({}, on, c, p, "W"))
    assert out["root_moves"] == openings + 1  # and the pass
    assert 0 <= out["root_moves_searched"] < out["root_moves"] and out["nodes"] == 3001
