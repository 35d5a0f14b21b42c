"""`enumerate --count` and `--estimate` hand the same problem to `count` and `estimate`."""

import json

import pytest
from cli_helpers import run


def test_enumerate_count_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "enumerate", "compact", "--region", "4x4", "--count",
                        "--up-to-symmetry", "--json", "--quiet"], capsys)
    assert code == 0 and json.loads(out) == {"count": 652, "distinct": 82}


def test_enumerate_estimate_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "enumerate", "compact", "--region", "4x4", "--estimate",
                        "--json", "--quiet"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["probes"] == 1000 and doc["seed"] == 1
    assert abs(doc["solutions"] - 652) <= 4 * doc["solutions_error"] + 1e-9
    assert doc["low"] <= 652 <= doc["high"] and doc["method"] == "tail"


def test_count_and_estimate_together_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["arrange", "enumerate", "compact", "--region", "4x4", "--count",
                        "--estimate"], capsys)
    assert code == 2 and "choose one of --count and --estimate" in err
