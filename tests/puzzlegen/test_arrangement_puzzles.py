"""Generated arrangement puzzles: unique (checked by another engine), irreducible, seeded."""

import json
from pathlib import Path

import pytest

from puzzles.arrangements import verify
from solver.arrange.api import count
from solver.arrange.problem import ArrangementProblem
from solver.arrange.puzzle import generate_puzzle
from solver.cli import main


def base(region: str = "4x4", border: str = "blank") -> ArrangementProblem:
    return ArrangementProblem.create("square", "compact", region, border)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_puzzle_is_unique_and_irreducible(seed: int) -> None:
    made = generate_puzzle(base(), seed)
    verify(made.answer, made.clues)
    # uniqueness checked by an engine other than the one that generated it
    assert count(made.puzzle, engine="cpsat") == 1
    for cell in made.clues:
        fewer = {c: n for c, n in made.clues.items() if c != cell}
        looser = ArrangementProblem.create("square", "compact", "4x4", fixed=fewer)
        assert count(looser, engine="cpsat") >= 2


def test_same_seed_same_puzzle_and_tries_do_not_grow() -> None:
    a, b = generate_puzzle(base(), 7), generate_puzzle(base(), 7)
    assert a.to_json() == b.to_json()
    assert len(generate_puzzle(base(), 7, tries=4).clues) <= len(a.clues)


def test_torus_puzzle() -> None:
    made = generate_puzzle(base("torus:4x4"), 5)
    assert count(made.puzzle, engine="cpsat") == 1


def test_cli_puzzle_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, answer, html = tmp_path / "p.json", tmp_path / "a.json", tmp_path / "p.html"
    with pytest.raises(SystemExit) as info:
        main(["arrange", "puzzles", "--seed", "4", "--json", "--quiet", "--out", str(out),
              "--answer", str(answer), "--html", str(html)])
    assert info.value.code == 0
    doc = json.loads(out.read_text())
    assert doc["clues"] == len(doc["fixed"]) and doc["answer"] == json.loads(answer.read_text())
    assert html.read_text().count("<svg") == 2
    capsys.readouterr()
    with pytest.raises(SystemExit) as info:
        main(["arrange", "count", "compact", "--set", "square", "--region", "4x4",
              "--fixed", str(out), "--json", "--quiet"])
    assert info.value.code == 0
    assert json.loads(capsys.readouterr().out)["count"] == 1
