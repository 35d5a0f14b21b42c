"""The CP-SAT models report what their layouts score, not what the model believes.

A deliberately broken model (constraints left out through ``tiling_class``) must be caught:
``dominimum_extreme`` raises EngineFaultError (exit 70), ``dominomega_maximum`` reports the
layout's re-scored value and no longer says OPTIMAL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzles.errors import EngineFaultError
from solver.dominimum import models
from tests.dominimum.verify import check_layout, dominomega_score, raw_of

DATA = Path(__file__).parents[1] / "data"


class NoGroupLimits(models._Tiling):
    """The min model without its group-size labels: the objective no longer bounds groups."""

    def bounded_groups(self, member: dict[Any, Any], labels: int, limit: Any, name: str
                       ) -> None:
        return None


class NoGroupsOfThree(models._Tiling):
    """The Dominomega model without the constraints that force groups of three."""

    def small_groups(self, member: dict[Any, Any]) -> None:
        return None

    def groups_of_three(self, member: dict[Any, Any], name: str) -> None:
        return None


class DropsATile(models._Tiling):
    """A tiling whose layout loses its last tile (a bug in reading the solution)."""

    def layout(self, solver: Any) -> Any:
        lay = super().layout(solver)
        lay.undo()
        return lay


def test_broken_min_model_is_an_engine_fault() -> None:
    with pytest.raises(EngineFaultError, match="independent re-score") as info:
        models.dominimum_extreme((3, 6), "min", time_limit=20, tiling_class=NoGroupLimits)
    assert info.value.exit_code == 70


def test_layout_missing_a_tile_is_an_engine_fault() -> None:
    with pytest.raises(EngineFaultError, match="not the tiles asked for"):
        models.dominimum_extreme((3, 6), "min", time_limit=20, tiling_class=DropsATile)


def test_min_value_is_the_rescored_layout() -> None:
    r = models.dominimum_extreme((3, 6), "min", time_limit=30)
    assert r.status == "OPTIMAL"
    assert r.value == r.details["layout_score"] == r.details["objective"] == 4


def test_broken_maximum_model_is_not_reported_optimal() -> None:
    r = models.dominomega_maximum((1,), time_limit=20, tiling_class=NoGroupsOfThree)
    assert r.layout is not None
    raw = raw_of(r.layout.to_json())
    check_layout(raw)
    score = dominomega_score(raw, 1)
    assert score < 3**12  # without the groups-of-three constraints the layout is ordinary
    assert r.value == score and r.status == "FEASIBLE" and not r.proven
    assert "below the bound" in r.details["note"]


def test_531441_layout_checked_independently() -> None:
    """The fast check of the Dominomega maximum: a stored layout of all 36 tiles in 8x9
    (found by the model, ``solver dominomega maximum --symbols 1``) scores 3^12 under the
    plain flood fill of tests/dominimum/verify.py; 3^12 is the largest product of positive
    integers summing to 36, so it is the maximum."""
    doc = json.loads((DATA / "dominomega-531441.json").read_text())
    raw = raw_of(doc)
    check_layout(raw)
    tiles = sorted(tuple(sorted(t[:2])) for t in raw)
    assert tiles == [(a, b) for a in range(8) for b in range(a, 8)]  # all 36 tiles once
    xs = [c[0] for t in raw for c in t[2:]]
    ys = [c[1] for t in raw for c in t[2:]]
    assert max(xs) - min(xs) < 8 and max(ys) - min(ys) < 9
    assert dominomega_score(raw, 1) == 531441 == 3**12
    # and no product of positive integers summing to 36 beats 3^12 (checked by brute force)
    best = [1] * 37
    for n in range(1, 37):
        best[n] = max([n] + [k * best[n - k] for k in range(1, n)])
    assert best[36] == 3**12
