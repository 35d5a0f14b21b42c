"""Strength is measured: 50 seeded games, colours alternating (slow: 10 minutes, quiet machine);
a short match of greedy against random runs by default.

The ladder tables of ``docs/players.md`` come from ``solver ladder``; this test keeps the two
long-standing claims of ``docs/dominions.md`` with the one runner.
"""

from __future__ import annotations

import pytest

from solver.dominions.gamedef import DOMINIONS
from solver.play.match import run_match


@pytest.mark.slow
@pytest.mark.parametrize("strong, weak", [("greedy", "random"), ("search", "greedy")])
def test_strong_player_wins_at_least_80_percent(strong: str, weak: str) -> None:
    result = run_match(DOMINIONS, [strong, weak], 50, 2026)
    assert sum(1 for g in result.games if g.lineup[0] == strong) == 25
    t = result.tally()
    assert t[strong]["wins"] >= 40, t


def test_greedy_beats_random_in_a_short_match() -> None:
    """The default run's strength check: 8 seeded games, colours alternating (a few seconds)."""
    result = run_match("dominions", ["greedy", "random"], 8, 2026)
    assert result.tally()["greedy"]["wins"] >= 7
