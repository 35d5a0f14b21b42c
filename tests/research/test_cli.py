"""The research commands from the installed package: bounds, estimates, the named problems."""

from __future__ import annotations

import json
import lzma
import math
from pathlib import Path

import pytest
from cli_helpers import run

from solver.arrange.split import prefix_from_json
from solver.research.counts import completion_fixed

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("free", [24, 32, 40, 48])
def test_the_named_completions_are_the_shared_data_files(free: int) -> None:
    path = ROOT / "tests" / "data" / "hexagon-completions" / f"rhombus8x8-free{free}.json"
    assert completion_fixed(free) == prefix_from_json(json.loads(path.read_text()), str(path))


def test_bound_compact_gives_the_exact_count_with_every_side_and_the_axis_bound(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "bound", "compact", "--problem", "square4x4",
                            "--method", "axes", "--method", "dp:all", "--json", "--quiet"], capsys)
    assert code == 0
    rows = json.loads(out)
    assert [r["bound"] for r in rows] == ["51076", "652"] and rows[1]["exact"] == 652


def test_bound_compact_on_a_region_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "bound", "compact", "--set", "square", "--region",
                            "4x4", "--method", "pattern", "--json", "--quiet"], capsys)
    assert code == 0 and json.loads(out)[0]["bound"] == "51076"
    code, _, err = run(["arrange", "bound", "compact", "--problem", "nope"], capsys)
    assert code == 2 and "unknown problem 'nope'" in err
    code, _, err = run(["arrange", "bound", "compact", "--problem", "square4x4",
                            "--method", "magic"], capsys)
    assert code == 2 and "unknown method" in err
    code, _, err = run(["arrange", "bound", "compact"], capsys)
    assert code == 2 and "--region or --problem" in err


def test_bound_transcendental_of_the_square_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "bound", "transcendental", "--set", "square", "--json"], capsys)
    assert code == 0
    rows = json.loads(out)
    # 15 beamed pieces, 15 x 4 - 2 x 16 = 28 blank sides: C(15 + 28, 28) shapes of one group
    assert rows["single"]["value"] == str(math.comb(43, 28))
    assert rows["all"]["float"] > 5005 and rows["single"]["float"] > 4804


def test_estimate_transcendental_in_batches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["arrange", "estimate", "transcendental", "--set", "square",
                              "--probes", "400", "--tail", "8", "--batches", "4", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert len(doc["batch_means"]) == 4 and doc["markov_confidence"] == 1 - 2 ** -4
    assert doc["markov_lower"] <= 5005 and "batch 4/4" in err
    code, _, err = run(["arrange", "estimate", "transcendental", "--set", "square",
                            "--region", "4x4"], capsys)
    assert code == 2 and "open plane" in err


def test_research_bounds_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.jsonl"
    code, text, _ = run(["research", "bounds", "--problems", "square4x4,free24",
                             "--method", "dp:all", "--out", str(out)], capsys)
    assert code == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["problem"], r["bound"]) for r in rows] == [("square4x4", "652"), ("free24", "2")]
    assert text.count("\n") == 2


def test_starmap_cli_finds_and_proves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(["research", "starmap", "--set", "square", "--board", "4x5",
                          "--certificate", str(tmp_path / "c"), "--quiet"], capsys)
    assert code == 1
    code, out, _ = run(["research", "check", str(tmp_path / "c.json"), "--json"], capsys)
    assert code == 0 and json.loads(out)["proved"]
    code, _, err = run(["research", "starmap", "--set", "square", "--board", "8x8",
                            "--slab", "3"], capsys)
    assert code == 2 and "one of --board" in err
    code, _, err = run(["research", "starmap", "--board", "triangle:x"], capsys)
    assert code == 2 and "triangle:N" in err


def test_starmap_cli_reports_a_limit_as_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["research", "starmap", "--set", "square", "--board", "7x9",
                            "--cpu-limit", "0.5"], capsys)
    assert code == 3 and "no answer" in err


def test_check_refuses_a_corrupted_proof(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    src = ROOT / "tests" / "data" / "proofs"
    cnf = tmp_path / "f.cnf"
    with lzma.open(src / "square-4x5.cnf.xz", "rt") as fh:
        cnf.write_text(fh.read())
    with lzma.open(src / "square-4x5.lrat.xz") as fb:
        proof = fb.read()
    good = tmp_path / "good.lrat"
    good.write_bytes(proof)
    code, _, _ = run(["research", "check", str(cnf), "--proof", str(good)], capsys)
    assert code == 0
    bad = tmp_path / "bad.lrat"
    bad.write_bytes(proof[: len(proof) // 2])
    code, out, _ = run(["research", "check", str(cnf), "--proof", str(bad)], capsys)
    assert code == 1 and "rejected" in out


def test_small_counts_agree_between_two_engines() -> None:
    from solver.research.counts import small_count_rows

    rows = small_count_rows((("square", "4x4"), ("square", "torus:2x8"), ("triangle", "4x4"),
                             ("hexagon", "rhombus:2x32")))
    assert [(r["count"], r["agree"]) for r in rows] == [(652, True), (228096, True),
                                                        (84, True), (0, True)]
    assert rows[-1]["cnf"] == rows[-1]["cpsat"] == 0


def test_an_unsat_answer_whose_proof_is_refused_is_not_none(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """A solver whose proof the checker refuses (here: the proof cut short on its way to the
    certificate) gives "unknown", never "none exists"."""
    import solver.proofs.certificate as certificate
    from solver.research.starmap import StarMapSpec, search

    real = certificate.check_file

    def cut(formula, path):  # type: ignore[no-untyped-def]
        path.write_bytes(path.read_bytes()[:-5])
        return real(formula, path)

    monkeypatch.setattr(certificate, "check_file", cut)
    run = search(StarMapSpec("square", "4x5"), certificate=tmp_path / "c")
    assert run.status == "UNKNOWN" and "refused" in run.note
    assert not (tmp_path / "c.json").exists()
