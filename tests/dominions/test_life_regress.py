"""The life-and-death cases of ``tests/data/regress-dominions.txt`` re-proved: for each, the
expected moves are exactly the legal moves after which the target group is pass-alive (every
other move refuted by a killing sequence that the rules (`Position`) replay). The generic runner
(``solver/play/regress.py``) asks the MCTS player the same cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.dominions import Move, replay
from solver.dominions.life import pass_status, replay_kill
from solver.play.regress import Case, parse_cases

FILE = Path(__file__).parents[1] / "data" / "regress-dominions.txt"


def life_cases() -> list[tuple[Case, tuple[str, ...]]]:
    """(case, target cells) of the blocks marked ``life: pass-alive``."""
    text = FILE.read_text()
    cases = parse_cases(text, str(FILE))
    targets: dict[str, tuple[str, ...]] = {}
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines()
                      if ": " in line and not line.startswith("#"))
        if fields.get("life") == "pass-alive":
            targets[fields["name"]] = tuple(fields["target"].split())
    return [(c, targets[c.name]) for c in cases if c.name in targets]


def saving_moves(record: str, target: tuple[str, ...]) -> set[str]:
    pos = replay(record)
    cells = [pos.board.cell_index(n) for n in target]
    me = pos.to_move
    assert all(pos.owner[c] == me for c in cells)
    before = pass_status(pos, cells[0], 1.0)
    assert before.status == "killable" and replay_kill(pos, cells[0], before.sequence)
    out = set()
    for c, p, _, _ in pos.legal_placements():
        move = Move(c, p)
        pos.push(move)
        gid, _ = pos.groups()
        one = all(pos.owner[x] == me for x in cells) and len({gid[x] for x in cells}) == 1
        if one and not replay_kill(pos, cells[0], before.sequence):
            v = pass_status(pos, cells[0], 1.0)
            assert v.status != "unknown", pos.move_text(move)
            if v.status == "pass-alive":
                out.add(pos.move_text(move))
            else:
                assert replay_kill(pos, cells[0], v.sequence)
        pos.pop()
    return out


CASES = life_cases()


def test_there_are_twenty_life_cases() -> None:
    assert len(CASES) == 20


@pytest.mark.parametrize("k", [pytest.param(k, marks=pytest.mark.slow) if k >= 4 else k
                               for k in range(len(CASES))])
def test_expected_moves_are_exactly_the_saving_moves(k: int) -> None:
    case, target = CASES[k]
    assert saving_moves(case.record, target) == set(case.expect), case.name
