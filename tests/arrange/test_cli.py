"""``solver arrange``: text and JSON output, files, exit codes, Ctrl-C keeps what was found."""

from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path

import pytest
from cli_helpers import run

from puzzles.arrangements import is_valid, read_arrangement


def test_count_text_and_json(capsys) -> None:
    code, out, _ = run(["arrange", "count", "compact", "--region", "4x4", "--up-to-symmetry"],
                       capsys)
    assert code == 0 and out.startswith("652 ") and "82 up to rotation" in out
    code, out, _ = run(["arrange", "count", "compact", "--region", "4x4", "--json"], capsys)
    assert json.loads(out) == {"count": 652, "distinct": None}


def test_find_writes_json_svg_html_and_verify_accepts_it(tmp_path: Path, capsys) -> None:
    out_file, svg, html = tmp_path / "a.json", tmp_path / "a.svg", tmp_path / "a.html"
    code, _, _ = run(["arrange", "find", "compact", "--set", "hexagon", "--region",
                      "rhombus:8x8", "--json", "--out", str(out_file), "--svg", str(svg),
                      "--html", str(html), "-q"], capsys)
    assert code == 0
    doc = json.loads(out_file.read_text())
    assert doc["set"] == "hexagon" and doc["kind"] == "compact" and len(doc["placements"]) == 64
    assert doc["directions"]["1"] == [1, -1]
    assert is_valid(read_arrangement(out_file))
    assert svg.read_text().lstrip().startswith(("<?xml", "<svg"))
    assert "<!DOCTYPE html>" in html.read_text()
    code, out, _ = run(["arrange", "verify", str(out_file)], capsys)
    assert code == 0 and out.startswith("valid compact hexagon")


def test_verify_names_the_first_fault(tmp_path: Path, capsys) -> None:
    out_file = tmp_path / "a.json"
    run(["arrange", "find", "compact", "--region", "4x4", "--json", "--out", str(out_file),
         "-q"], capsys)
    doc = json.loads(out_file.read_text())
    doc["placements"][0]["piece"], doc["placements"][1]["piece"] = (
        doc["placements"][1]["piece"], doc["placements"][0]["piece"])
    out_file.write_text(json.dumps(doc))
    code, out, _ = run(["arrange", "verify", str(out_file), "--json"], capsys)
    result = json.loads(out)
    assert code == 1 and result["valid"] is False and "does not match" in result["fault"]


def test_enumerate_streams_json_lines(tmp_path: Path, capsys) -> None:
    out_file = tmp_path / "all.jsonl"
    code, _, err = run(["arrange", "enumerate", "compact", "--region", "4x4", "--out",
                        str(out_file)], capsys)
    lines = out_file.read_text().splitlines()
    assert code == 0 and len(lines) == 652 and "652 arrangement(s)" in err
    assert len({line for line in lines}) == 652
    code, out, _ = run(["arrange", "enumerate", "compact", "--region", "4x4", "--limit", "3",
                        "--json"], capsys)
    assert code == 0 and len(out.splitlines()) == 3


def test_ctrl_c_keeps_the_solutions_found(tmp_path: Path, capsys, monkeypatch) -> None:
    run_module = importlib.import_module("solver.arrange.run")
    original = run_module.enumerate_arrangements

    def interrupted(*args, **kwargs):
        for i, arr in enumerate(original(*args, **kwargs)):
            if i == 5:
                raise KeyboardInterrupt
            yield arr

    monkeypatch.setattr(run_module, "enumerate_arrangements", interrupted)
    out_file = tmp_path / "part.jsonl"
    code, _, err = run(["arrange", "enumerate", "compact", "--region", "4x4", "--out",
                        str(out_file)], capsys)
    assert code == 130 and "interrupted after 5" in err
    assert len(out_file.read_text().splitlines()) == 5


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["find", "compact", "--region", "2x8"], 1, "no solution"),
    (["find", "compact", "--region", "3x3"], 2, "needs a region of 16 cells"),
    (["find", "compact", "--region", "4x4", "--fix", "0,0=99"], 2, "no such piece"),
    (["find", "compact", "--region", "4x4", "--fix", "zz"], 2, "expected q,r=piece"),
    (["find", "compact", "--region", "4x4", "--fix", "0,0=9", "--fix", "1,0=8"], 1,
     "do not match"),
    (["find", "starmap", "--region", "8x8", "--engine", "kernel"], 2, "cpsat"),
    (["find", "compact", "--region", "nowhere"], 2, "region"),
    (["verify", "/nonexistent.json"], 2, "cannot read"),
])
def test_errors_are_one_line_with_exit_codes(argv, code, message, capsys) -> None:
    got, _, err = run(["arrange", *argv], capsys)
    assert got == code
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_split_export_estimate(tmp_path: Path, capsys) -> None:
    code, out, _ = run(["arrange", "split", "compact", "--region", "4x4", "--depth", "2",
                        "--json"], capsys)
    subs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(subs) == 14 and subs[0]["of"] == 14
    total = 0
    for sub in subs:
        f = tmp_path / f"s{sub['index']}.json"
        f.write_text(json.dumps(sub))
        _, out, _ = run(["arrange", "count", "compact", "--region", "4x4", "--fixed", str(f),
                         "--json"], capsys)
        total += json.loads(out)["count"]
    assert total == 652
    code, out, _ = run(["arrange", "export", "compact", "--region", "4x4"], capsys)
    assert code == 0 and "c0 p0 e0s0:0 e0s3:0" in out
    code, out, _ = run(["arrange", "estimate", "compact", "--region", "4x4", "--probes",
                        "500", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["probes"] == 500 and doc["solutions"] > 0


def test_transcendental_and_starmap_commands(capsys) -> None:
    code, out, _ = run(["arrange", "find", "transcendental", "--set", "hexagon",
                        "--single-group", "--json", "-q"], capsys)
    assert code == 0 and len(json.loads(out)["placements"]) == 64
    code, out, _ = run(["arrange", "count", "transcendental", "--json"], capsys)
    assert json.loads(out)["count"] == 5005
    code, out, _ = run(["arrange", "find", "starmap", "--region", "8x8", "--no-adjacent",
                        "--json", "-q"], capsys)
    assert code == 0 and json.loads(out)["no_adjacent"] is True


@pytest.mark.parametrize("name", ["solver.arrange.api", "solver.arrange.run",
                                  "solver.arrange.split", "solver.arrange.export",
                                  "solver.arrange.symmetry", "solver.arrange.estimate",
                                  "solver.arrange.problem", "solver.arrange.instance",
                                  "solver.arrange.check"])
def test_docstring_examples(name: str) -> None:
    assert doctest.testmod(importlib.import_module(name)).failed == 0
