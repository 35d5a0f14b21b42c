"""Estimates: honest intervals on counts we know, a plain message when no probe met a solution."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run

from solver.arrange import ArrangementProblem
from solver.arrange.estimate import estimate

from .helpers import completion


@pytest.mark.parametrize(("problem", "exact"), [
    (lambda: completion(24), 2),
    (lambda: completion(32), 99),
    (lambda: ArrangementProblem.create("square", "compact", "torus:4x4"), 203_520),
    (lambda: ArrangementProblem.create("square", "compact", "4x4", "free"), 2_765_440),
    (lambda: ArrangementProblem.create("triangle", "compact", "torus:8x2"), 6016),
], ids=["free24", "free32", "torus", "free-4x4", "triangle-torus"])
def test_the_interval_holds_the_known_count(problem, exact: int) -> None:
    e = estimate(problem(), probes=1000, seed=1)
    assert e.method == "tail" and e.hits > 0
    assert e.low <= exact <= e.high, (e.low, e.high)
    if exact == 2:
        assert e == estimate(problem(), probes=1000, seed=1)  # reproducible


def test_knuths_plain_probes_miss_rare_solutions_and_say_so() -> None:
    e = estimate(completion(32), probes=300, seed=1, method="knuth")
    assert e.hits == 0
    doc = e.to_json()
    assert doc["solutions"] is None and doc["low"] is None and "no probe reached" in doc["note"]
    assert "0 ±" not in e.text() and e.text().startswith("no estimate")


def test_the_tail_method_reaches_the_rhombus_solutions() -> None:
    e = estimate(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"), probes=400)
    assert e.hits > 0 and e.low >= 1 and e.high > e.solutions > 1e15


def test_estimate_command_prints_the_interval(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "estimate", "compact", "--region", "torus:4x4", "--probes",
                        "300", "--json", "-q"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["low"] <= 203_520 <= doc["high"] and doc["tail"] > 0
    code, out, _ = run(["arrange", "estimate", "compact", "--region", "torus:4x4", "--probes",
                        "300", "-q"], capsys)
    assert code == 0 and "by the normal approximation, not a guarantee" in out
    code, out, _ = run(["arrange", "estimate", "compact", "--set", "hexagon", "--region",
                        "rhombus:8x8", "--method", "knuth", "--probes", "200", "-q"], capsys)
    assert code == 0 and "no estimate: no probe reached a solution in 200 probes" in out
