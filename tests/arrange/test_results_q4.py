"""Issue 14, question 4: the stored rhombus:8x8 count comparison, re-checked.

``docs/results/hexagon-rhombus8x8-count.json`` holds, per problem, the exact count where known,
the tail estimator's batches (Markov lower bound) and ApproxMC's answers. The default tests
check its arithmetic, that every guarantee it states holds on the known counts, and re-run a
short estimate with the stored seed (same value); the slow test re-runs the comparison of the
small problems with ``scripts/compact_count_compare.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.arrange.estimate import estimate
from solver.arrange.problem import ArrangementProblem

ROOT = Path(__file__).resolve().parents[2]
RESULT = ROOT / "docs" / "results" / "hexagon-rhombus8x8-count.json"


def rows() -> list[dict]:  # type: ignore[type-arg]
    return json.loads(RESULT.read_text())["problems"]


def test_stored_figures_are_consistent() -> None:
    for row in rows():
        est = row["tail_estimator"]
        means = est["batch_means"]
        assert est["estimate"] == pytest.approx(sum(means) / len(means))
        assert est["markov_lower"] == pytest.approx(min(means) / 2)
        assert est["markov_confidence"] == pytest.approx(1 - 2.0 ** -len(means))
        exact = row["exact"]
        if exact is not None:
            assert est["markov_lower"] <= exact  # the guaranteed bound holds where we know
            for amc in row["approxmc"]:
                if amc["count"] is not None:  # ApproxMC's (0.8, 0.2) factor
                    assert exact / 1.8 <= amc["count"] <= exact * 1.8


def test_the_full_problem_row_is_there() -> None:
    full = next(r for r in rows() if r["problem"] == "full")
    assert full["exact"] is None
    assert 1e21 < full["tail_estimator"]["markov_lower"] < full["tail_estimator"]["estimate"]


def test_short_estimate_is_reproduced() -> None:
    doc = json.loads(RESULT.read_text())
    check = doc["check"]
    problem = ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")
    e = estimate(problem, probes=check["probes"], seed=check["seed"], tail=check["tail"])
    assert e.solutions == pytest.approx(check["solutions"])


@pytest.mark.slow
def test_rerun_the_comparison_on_small_problems(tmp_path: Path) -> None:
    out = tmp_path / "c.jsonl"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "compact_count_compare.py"),
                    "--problems", "free24,square4x4", "--batches", "4", "--probes", "300",
                    "--approxmc-limit", "120", "--out", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    got = {r["problem"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert got["free24"]["tail_estimator"]["estimate"] == 2
    assert all(a["count"] == 2 for a in got["free24"]["approxmc"])
    sq = got["square4x4"]
    assert sq["tail_estimator"]["normal_95"][0] < 652 * 1.1
    assert all(652 / 1.8 <= a["count"] <= 652 * 1.8 for a in sq["approxmc"])
