"""Strength is measured: 50 seeded games, colours alternating (slow: 10 minutes, quiet machine)."""

from __future__ import annotations

import pytest

from solver.dominions.selfplay import run_match, tally


@pytest.mark.slow
@pytest.mark.parametrize("strong, weak", [("greedy", "random"), ("search", "greedy")])
def test_strong_player_wins_at_least_80_percent(strong: str, weak: str) -> None:
    results = run_match(strong, weak, 50, 2026, alternate=True)
    assert sum(1 for r in results if r.white == strong) == 25
    t = tally(results)
    assert t[strong]["wins"] >= 40, t
