"""The puzzle collection: every answer is checked by a verifier that shares no code with the
puzzle search (groups from networkx, legality from the rules' outcome path, fitting
pieces recomputed here from the neighbours)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.dominions import Move, Position
from puzzles.grids import HEX_DELTAS
from solver.dominions.graphs import GroupView, groups
from solver.dominions.puzzles import Puzzle, answer_move, find_puzzles, parse_collection

DATA = Path(__file__).parents[2] / "puzzles" / "dominions" / "data" / "puzzles.txt"
OPP = {1: 8, 2: 16, 4: 32, 8: 1, 16: 2, 32: 4}


def fitting(pos: Position, cell: int) -> set[int]:
    """Pieces 1..63 that match every neighbour and the border of ``cell`` (plain code)."""
    b = pos.board
    q, r = b.cells[cell]
    out = set()
    for p in range(1, 64):
        ok = True
        for d, (dq, dr) in HEX_DELTAS.items():
            j = b.index.get((q + dq, r + dr))
            if j is None:
                ok = ok and not p & d
            elif pos.piece[j] >= 0:
                ok = ok and bool(p & d) == bool(pos.piece[j] & OPP[d])
        if ok:
            out.add(p)
    return out


def legal(pos: Position, colour: int | None = None) -> list[Move]:
    return [m for m, out in pos.placements(colour) if out.status == "legal"]


def group_at(views: list[GroupView], cell: int) -> GroupView:
    return next(v for v in views if cell in v.cells)


def eyes(pos: Position, colour: int) -> set[int]:
    hand = set(pos.hand(1 - colour))
    return {c for v in groups(pos) if v.colour == colour for c in v.liberties
            if not fitting(pos, c) & hand}


def lives(pos: Position, cell: int) -> bool:
    v = group_at(groups(pos), cell)
    for lib in v.liberties:
        if not fitting(pos, lib) & set(pos.hand(1 - v.colour)):
            return True
        held = [(c, p) for c in (0, 1) for p in fitting(pos, lib) & set(pos.hand(c))]
        if held and all(pos.outcome(Move(lib, p), c).status == "oscillation" for c, p in held):
            return True
    return False


def meets(pos: Position, goal: str, target: list[int], m: Move) -> bool:
    me = pos.to_move
    before = list(pos.owner)
    old_eyes = eyes(pos, me) if goal == "eye" else set()
    pos.push(m)
    try:
        if goal == "capture":
            return any(before[i] == 1 - me and pos.owner[i] == me for i in range(len(before)))
        if goal == "eye":
            return bool(eyes(pos, me) - old_eyes)
        if any(pos.owner[i] != me for i in target):
            return False
        views = groups(pos)
        if goal == "live":
            return len({min(group_at(views, i).cells) for i in target}) == 1 and \
                lives(pos, target[0])
        # save: no legal reply of the opponent reverses a target piece
        for reply in legal(pos):
            pos.push(reply)
            lost = any(pos.owner[i] != me for i in target)
            pos.pop()
            if lost:
                return False
        return True
    finally:
        pos.pop()


def check(p: Puzzle) -> None:
    pos = p.position()
    target = [pos.board.cell_index(n) for n in p.target]
    answer = answer_move(p, pos)
    winners = [m for m in legal(pos) if meets(pos, p.goal, target, m)]
    assert winners == [answer], (p.goal, p.answer, [pos.move_text(m) for m in winners])


COLLECTION = parse_collection(DATA.read_text())


def test_collection_has_every_goal() -> None:
    assert sorted({p.goal for p in COLLECTION}) == ["capture", "eye", "live", "save"]
    assert len(COLLECTION) >= 8


@pytest.mark.parametrize("index", [i for i, p in enumerate(COLLECTION) if p.goal != "save"])
def test_collection_answers_are_unique(index: int) -> None:
    check(COLLECTION[index])


@pytest.mark.slow
@pytest.mark.parametrize("index", [i for i, p in enumerate(COLLECTION) if p.goal == "save"])
def test_save_answers_are_unique_exhaustively(index: int) -> None:
    check(COLLECTION[index])


def test_found_puzzle_is_verified() -> None:
    (p,) = list(find_puzzles("capture", seed=5, count=1, games=4))
    check(p)
