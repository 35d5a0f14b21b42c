"""Issue 14, question 4: the stored rhombus:8x8 count comparison, re-checked.

``docs/results/hexagon-rhombus8x8-count.json`` holds, per problem, the exact count where known,
the tail estimator's batches (Markov lower bound) and ApproxMC's answers. The default tests
check its arithmetic, that every guarantee it states holds on the known counts, and re-run a
short estimate with the stored seed (same value); the slow test re-runs the comparison of the
small problems with ``solver research compare``.
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
    subprocess.run([sys.executable, "-m", "solver", "research", "compare",
                    "--problems", "free24,square4x4", "--batches", "4", "--probes", "300",
                    "--approxmc-limit", "120", "--out", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    got = {r["problem"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert got["free24"]["tail_estimator"]["estimate"] == 2
    assert all(a["count"] == 2 for a in got["free24"]["approxmc"])
    sq = got["square4x4"]
    assert sq["tail_estimator"]["normal_95"][0] < 652 * 1.1
    assert all(652 / 1.8 <= a["count"] <= 652 * 1.8 for a in sq["approxmc"])


# --- the guaranteed upper bound (exact counts of relaxations) --------------------------------

def test_the_axis_bound_is_recomputed() -> None:
    from solver.arrange.count_axes import axis_bound
    from solver.arrange.layout import EdgeLayout

    doc = json.loads(RESULT.read_text())
    up = doc["upper_bound"]
    u = axis_bound(EdgeLayout.build(ArrangementProblem.create("hexagon", "compact",
                                                              "rhombus:8x8")))
    assert str(u) == up["axis_bound"]["value"]
    factors = [int(f) for f in up["axis_bound"]["axis_factors"]]
    assert factors[0] * factors[1] * factors[2] == u
    pooled = doc["pooled_markov"]
    # the stored guaranteed interval: lower (99.9%) < estimate < pattern bound < axis bound
    assert pooled["lower"] < pooled["estimate"] < int(up["value"]) < u < 2 ** 161


@pytest.mark.slow
def test_the_pattern_bound_is_recomputed() -> None:
    from solver.arrange.count_axes import axis_bound, pattern_bounds
    from solver.arrange.layout import EdgeLayout

    up = json.loads(RESULT.read_text())["upper_bound"]
    lay = EdgeLayout.build(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"))
    bounds = pattern_bounds(lay)
    assert sum(bounds.values()) == 64 * axis_bound(lay)  # sum over v of E[n_v] is 64
    v = min(bounds, key=lambda p: (bounds[p], p))
    assert (v, bounds[v]) == (up["pattern"], int(up["value"]))


def test_every_stored_relaxation_bounds_its_known_count() -> None:
    rows = json.loads(RESULT.read_text())["relaxations"]["rows"]
    checked = 0
    for row in rows:
        if row["bound"] is None or row["exact"] is None:
            continue
        bound = int(row["bound"])
        assert bound >= row["exact"], row
        if row["method"] == "dp:all":  # every side a class: the relaxation is the problem
            assert bound == row["exact"]
        checked += 1
    assert checked >= 20
    full = {r["method"]: r for r in rows if r["problem"] == "full"}
    assert int(full["axes"]["bound"]) < int(full["dp:side:0"]["bound"]) < 2 ** 161


def test_the_pooled_markov_bound() -> None:
    doc = json.loads(RESULT.read_text())
    pooled = doc["pooled_markov"]
    first = next(r for r in doc["problems"] if r["problem"] == "full")["tail_estimator"]
    means = first["batch_means"] + doc["more_batches"]["batch_means"]
    assert pooled["batches"] == len(means) == 30
    assert pooled["factor"] ** -len(means) == pytest.approx(2.0 ** -10)
    assert pooled["lower"] == pytest.approx(min(means) / pooled["factor"])
    assert pooled["confidence"] == pytest.approx(1 - 2.0 ** -10)
    assert pooled["estimate"] == pytest.approx(sum(means) / len(means))
    assert first["markov_lower"] < pooled["lower"]


@pytest.mark.slow
def test_a_frontier_relaxation_of_the_full_rhombus_is_recomputed() -> None:
    from solver.arrange.count_relaxation import RelaxedCount, side_classing
    from solver.arrange.layout import EdgeLayout

    rows = json.loads(RESULT.read_text())["relaxations"]["rows"]
    stored = next(r for r in rows if r["problem"] == "full" and r["method"] == "dp:side:0")
    lay = EdgeLayout.build(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"))
    assert str(RelaxedCount(lay, [side_classing(lay, 0)]).count()) == stored["bound"]
