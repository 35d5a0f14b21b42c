"""Run-time checks of arrangement answers: what ``--verify`` adds, and the grow engine's
symmetric count (which used to skip ``checked``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from puzzles.arrangements import Arrangement
from puzzles.errors import EngineFaultError
from solver.arrange import run, verified
from solver.arrange.engines import builtin
from solver.arrange.problem import ArrangementProblem
from tests.cli_helpers import run as cli

SQUARE = ArrangementProblem.create("square", "compact", "4x4")


def _counting_checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = verified.checked

    def spy(arr: Arrangement, problem: ArrangementProblem) -> Arrangement:
        calls.append(1)
        return real(arr, problem)

    monkeypatch.setattr(verified, "checked", spy)
    return calls


def test_verify_all_sends_every_row_through_verify(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_checked(monkeypatch)
    assert sum(1 for _ in run.enumerate_arrangements(SQUARE)) == 652
    assert len(calls) == verified.FULL_CHECKS  # by default: the batch judge, verify on the first
    calls.clear()
    assert sum(1 for _ in run.enumerate_arrangements(SQUARE, verify_all=True)) == 652
    assert len(calls) == 652


def test_count_verified_catches_a_wrong_count(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run.count_verified(SQUARE, up_to_symmetry=True) == (652, 82)
    monkeypatch.setattr(builtin.FrontierEngine, "_count", lambda *a, **k: 653)  # broken
    assert run.count_arrangements(SQUARE) == (653, None)  # unchecked, the fault goes through
    with pytest.raises(EngineFaultError, match="disagrees with 652 verified"):
        run.count_verified(SQUARE)


def test_count_verify_flag(capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(["arrange", "count", "compact", "--region", "4x4", "--verify", "--json"],
                       capsys)
    assert code == 0 and '"count": 652' in out
    monkeypatch.setattr(builtin.FrontierEngine, "_count", lambda *a, **k: 651)
    code, _, err = cli(["arrange", "count", "compact", "--region", "4x4", "--verify"], capsys)
    assert code == 70 and "disagrees" in err


def test_grow_symmetric_count_checks_every_arrangement(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.arrange.engines import grow

    class Broken:
        nodes = 1

        def solutions(self) -> Iterator[dict[tuple[int, int], int]]:
            yield {(0, 0): 1}  # 15 pieces missing

    monkeypatch.setattr(grow, "search_for", lambda problem, tick=None: Broken())
    problem = ArrangementProblem.create("square", "transcendental")
    for symmetric in (False, True):
        with pytest.raises(EngineFaultError, match="not placed"):
            run.count_arrangements(problem, up_to_symmetry=symmetric)


def test_a_run_verifies_each_first_row_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.arrange import solutions
    from solver.arrange.prepared import Run

    calls = _counting_checked(monkeypatch)
    prepared = Run(SQUARE)
    assert sum(1 for _ in solutions(prepared)) == 652
    assert len(calls) == verified.FULL_CHECKS and len(prepared.verified_rows) == 8
    assert sum(1 for _ in solutions(prepared)) == 652  # the same first rows: checked already
    assert len(calls) == verified.FULL_CHECKS
    prepared.verified_rows.pop()  # a first row not seen before is verified
    assert sum(1 for _ in solutions(prepared)) == 652
    assert len(calls) == verified.FULL_CHECKS + 1
    assert sum(1 for _ in solutions(Run(SQUARE))) == 652  # a new run checks its own
    assert len(calls) == 2 * verified.FULL_CHECKS + 1


def test_a_remembered_row_is_the_row_verify_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.arrange import solutions
    from solver.arrange.prepared import Run

    prepared = Run(SQUARE)
    first = [tuple(a.placements[c] for c in prepared.layout.cells)
             for a in solutions(prepared, limit=8)]
    assert prepared.verified_rows == set(first)
    monkeypatch.setattr(verified, "faults", lambda arr, fixed: iter(["bad"]))
    with pytest.raises(EngineFaultError, match="bad"):  # not remembered: verified again
        next(solutions(Run(SQUARE)))


@pytest.mark.parametrize("counted", [True, False])
def test_the_batch_judge_finds_a_repeated_piece_in_a_block(counted: bool,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    import numpy as np

    from puzzles.arrangements import faults
    from solver.arrange import check, row_blocks

    if not counted:  # the sorting path of large sets
        monkeypatch.setattr(check, "MAX_COUNTED", 0)
    free = ArrangementProblem.create("square", "compact", "4x4", "free")
    judge = check.CompactJudge(free)
    block = next(iter(row_blocks(free)))[:600]
    assert judge.faults(block) == [None] * 600
    bad = block.copy()
    bad[417] = block[0]
    bad[417, 0] = 9  # piece 9 twice, one missing, every edge still matching (a free border)
    arr = free.arrangement(dict(zip(judge.cells, bad[417].tolist(), strict=True)))
    assert {f.kind for f in faults(arr, free.fixed_map)} == {"duplicate", "missing"}
    found = judge.faults(bad)
    assert [i for i, f in enumerate(found) if f] == [417]
    assert "each piece of the set exactly once" in str(found[417])
    assert judge.faults(np.array([bad[417]]))[0] is not None
