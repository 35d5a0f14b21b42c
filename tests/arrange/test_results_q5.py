"""Issue 14, question 5: the stored transcendental hexagon results, re-checked.

The example arrangement is judged by ``puzzles.arrangements.verify`` (no code shared with the
engines) and by a networkx beam graph built from the raw deltas; the stored estimates are
checked for consistency and their first probes re-run (same seed, same values). The whole
estimate is re-run by ``solver arrange estimate transcendental`` (minutes: slow test).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from puzzles.arrangements import read_arrangement, verify
from solver.arrange.grow_estimate import FastWalker
from solver.arrange.problem import ArrangementProblem

from .helpers import loops_and_groups

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results"


def test_the_example_is_a_single_group_transcendental_hexagon_arrangement() -> None:
    arr = read_arrangement(RESULTS / "transcendental-hexagon-example.json")
    verify(arr)
    assert arr.piece_set.name == "hexagon" and len(arr.placements) == 64
    loops, connections, groups = loops_and_groups(arr)
    assert connections == 96 and groups == 2  # one group and the blank alone
    assert loops == groups + 32  # the invariant of the hexagon set


@pytest.mark.parametrize("name", ["transcendental-hexagon-all.json",
                                  "transcendental-hexagon-single.json"])
def test_stored_estimate_is_consistent_and_reproducible(name: str) -> None:
    path = RESULTS / name
    if not path.exists():
        pytest.skip(f"{name} not stored")
    doc = json.loads(path.read_text())
    means = doc["batch_means"]
    assert doc["estimate"] == pytest.approx(sum(means) / len(means))
    assert doc["markov_lower"] == pytest.approx(min(means) / 2)
    assert doc["markov_confidence"] == pytest.approx(1 - 2.0 ** -len(means))
    assert doc["normal_95"][0] < doc["estimate"] < doc["normal_95"][1]
    assert doc["up_to_symmetry_lower"] == pytest.approx(doc["markov_lower"] / 12)
    problem = ArrangementProblem.create("hexagon", "transcendental",
                                        single_group=doc["single_group"])
    walker = FastWalker(problem)
    rng = random.Random(doc["seed"])
    again = [walker.probe(rng, doc["tail"]) for _ in range(8)]
    assert again == doc["first_probes"][:8]


@pytest.mark.slow
def test_rerun_a_small_estimate_of_the_square_set(tmp_path: Path) -> None:
    out = tmp_path / "sq.json"
    subprocess.run([sys.executable, "-m", "solver", "arrange", "estimate", "transcendental",
                    "--json", "--set", "square", "--probes", "4000", "--tail", "8",
                    "--batches", "8", "--out", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    doc = json.loads(out.read_text())
    assert doc["normal_95"][0] < 5005 < doc["normal_95"][1]
    assert doc["markov_lower"] <= 5005


@pytest.mark.slow
def test_rerun_the_hexagon_estimate_first_batch() -> None:
    doc = json.loads((RESULTS / "transcendental-hexagon-all.json").read_text())
    walker = FastWalker(ArrangementProblem.create("hexagon", "transcendental"))
    rng = random.Random(doc["seed"])
    per = doc["probes"] // len(doc["batch_means"])
    first = sum(walker.probe(rng, doc["tail"]) for _ in range(per)) / per
    assert first == pytest.approx(doc["batch_means"][0])
