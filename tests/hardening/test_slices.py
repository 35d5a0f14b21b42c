"""The compiled searches give the same answers when run in tiny interruptible slices."""

from __future__ import annotations

import pytest

import solver.backslide as backslide
import solver.numbridge.engine as engine
from puzzles.numbridge.field import Field

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize("givens, cap", [(HARD, 2), ("." * 81, 5),
                                         ("12345678" + "." * 72 + "9", 2)])
def test_numbridge_kernel_in_slices(givens: str, cap: int, monkeypatch: pytest.MonkeyPatch
                                    ) -> None:
    field = Field.from_text(givens)
    whole = engine.search(field, cap=cap)
    monkeypatch.setattr(engine, "SLICE_NODES", 3)
    sliced = engine.search(field, cap=cap)
    assert (sliced.count, sliced.solution, sliced.nodes) == (whole.count, whole.solution,
                                                              whole.nodes)
    limited = engine.search(field, cap=cap, node_limit=10)
    assert limited.count in (-1, whole.count) and limited.nodes <= 11


def test_backslide_ida_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    start = backslide.scramble(backslide.solved_positions()[5], 14, 7)
    whole = backslide.solve(start)
    monkeypatch.setattr(backslide, "SLICE_NODES", 5)
    sliced = backslide.solve(start)
    assert (sliced.slides, sliced.goal, sliced.nodes) == (whole.slides, whole.goal, whole.nodes)
