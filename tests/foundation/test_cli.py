"""The command line: help on every level, JSON output, atomic files, errors and exit codes."""

import json
from pathlib import Path

import pytest
from cli_helpers import run


def test_help_on_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--help"], capsys)
    assert code == 0 and "sets" in out and "demo" in out
    code, out, _ = run(["sets", "--help"], capsys)
    assert code == 0 and "show" in out
    code, out, _ = run(["sets", "show", "--help"], capsys)
    assert code == 0 and "--json" in out and "--svg" in out


def test_sets_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["sets", "show", "square", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["set"] == "square" and len(doc["pieces"]) == 16
    assert doc["pieces"][5] == {"number": 5, "beams": 2, "class": "straight two",
                                "directions": [1, 4]}


def test_sets_show_text_and_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "hex.svg"
    out_file = tmp_path / "hex.txt"
    code, out, err = run(["sets", "show", "hexagon", "--svg", str(svg), "--out", str(out_file)],
                         capsys)
    assert code == 0 and out == ""
    assert "wrote" in err
    assert svg.read_text().startswith("<?xml")
    text = out_file.read_text()
    assert "The Creative" in text and "alternating three" in text
    assert not list(tmp_path.glob("*.part"))


def test_unknown_option_and_value_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["sets", "show", "square", "--colour", "red"], capsys)
    assert code == 2 and "No such option" in err and "Traceback" not in err
    code, _, err = run(["sets", "show", "octagon"], capsys)
    assert code == 2 and "octagon" in err
    code, _, err = run(["frobnicate"], capsys)
    assert code == 2 and "No such command" in err


def test_unwritable_output_is_a_clear_error(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["sets", "show", "square", "--out", str(tmp_path / "no" / "x.json")],
                       capsys)
    assert code == 2
    assert err.startswith("solver: error: cannot write") and "does not exist" in err


def test_demo_writes_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page, result = tmp_path / "d.html", tmp_path / "result.json"
    code, out, _ = run(["demo", "--html", str(page), "--out", str(result), "--json", "--quiet"],
                       capsys)
    assert code == 0 and out == ""
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 3
    doc = json.loads(result.read_text())
    assert doc["report"] == str(page.resolve()) and doc["seed"] == 1
    assert "BackSlide" in doc["sections"] and len(doc["sections"]) >= 6
    # the old spelling: --out PAGE.html still writes the page, with a deprecation warning
    again = tmp_path / "again.html"
    code, out, err = run(["demo", "--out", str(again), "--quiet"], capsys)
    assert code == 0 and str(again.resolve()) in out
    assert "solver: warning: demo --out PAGE.html is deprecated; use demo --html" in err
    assert again.read_bytes() == page.read_bytes()  # same seed, same report, byte for byte
