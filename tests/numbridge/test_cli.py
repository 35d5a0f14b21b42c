"""``solver numbridge``: JSON documents, files, errors and exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run

from puzzles.numbridge.field import Field, verify_solution
from solver.numbridge.models import cpsat_count


def test_generate_json_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "f.svg"
    code, out, _ = run(["numbridge", "generate", "--givens", "28", "--blocks", "irregular",
                        "--seed", "4", "--json", "--svg", str(svg)], capsys)
    assert code == 0
    doc = json.loads(out)
    assert list(doc)[:4] == ["givens", "blocks", "solution", "seed"]
    assert doc["seed"] == 4 and doc["given_count"] == 28 and doc["block_type"] == "irregular"
    f = Field.make(doc["givens"], doc["blocks"])
    assert cpsat_count(f, cap=2) == (1, doc["solution"])
    assert doc["difficulty"]["hardest"]
    assert svg.read_text().count('stroke-width="3"') > 20
    code, out2, _ = run(["numbridge", "generate", "--givens", "28", "--blocks", "irregular",
                         "--seed", "4", "--json"], capsys)
    assert out2 == out


def test_solve_and_rate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    path = tmp_path / "p.txt"
    path.write_text("# a field\n" + "\n".join(puzzle[r * 9:(r + 1) * 9] for r in range(9)))
    for engine in ("bitmask", "cpsat", "constraint"):
        code, out, _ = run(["numbridge", "solve", str(path), "--engine", engine, "--json"],
                           capsys)
        doc = json.loads(out)
        assert code == 0 and doc["unique"] is True and doc["solutions"] == 1
        assert verify_solution(Field.from_text(puzzle), doc["solution"]) == []
    code, out, _ = run(["numbridge", "solve", "." * 81, "--cap", "4"], capsys)
    assert code == 0 and "at least 4" in out
    code, out, _ = run(["numbridge", "rate", puzzle, "--json"], capsys)
    assert code == 0 and json.loads(out)["solved_by_logic"] is True


@pytest.mark.parametrize("field", ["." * 81,
                                   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6"
                                   "....28....419..5....8..79"])
def test_cap_1_does_not_claim_uniqueness(field: str, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    # --cap 1 stops at the first solution: unique or not, it was never checked
    code, out, _ = run(["numbridge", "solve", field, "--cap", "1", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["solutions"] == 1 and doc["unique"] is None and doc["capped"]
    code, out, _ = run(["numbridge", "solve", field, "--cap", "1"], capsys)
    assert code == 0 and "not checked" in out and "at least 1" in out


def test_bad_fields_exit_2_and_no_solution_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["numbridge", "solve", "11" + "." * 79], capsys)
    assert code == 2 and "cell b1: given 1 repeats in row 1" in err and "Traceback" not in err
    code, _, err = run(["numbridge", "solve", "nothing.txt"], capsys)
    assert code == 2 and "cannot read field file: no such file" in err
    code, _, err = run(["numbridge", "solve", "12345678" + "." * 72 + "9"], capsys)
    assert code == 1 and "no solution" in err
    code, _, err = run(["numbridge", "generate", "--givens", "40"], capsys)
    assert code == 2 and "22-34" in err


def test_selfplay_analyse_endgame(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the earlier tile rule: games run on until the bag is empty, so the last moves are a
    # small exact endgame
    code, out, _ = run(["numbridge", "selfplay", "--games", "2", "--seed", "3", "--records",
                        str(tmp_path), "--json", "-q", "--tiles", "empty", "--claim-tile", "any"],
                       capsys)
    assert code == 0
    doc = json.loads(out)
    assert len(doc["games"]) == 2 and doc["tally"]["greedy"]["games"] == 2
    assert [g["lineup"] for g in doc["games"]] == [["greedy", "random"], ["random", "greedy"]]
    assert doc["player_stats"] == {}  # no search player, nothing to count
    rec = tmp_path / "game-0001.txt"
    html = tmp_path / "a.html"
    code, out, _ = run(["numbridge", "analyse", str(rec), "--json", "--html", str(html)], capsys)
    assert code == 0
    a = json.loads(out)
    assert a["result"] == doc["games"][0]["result"]
    assert len(a["block_map"]) == 3 and len(a["blocks"]) == 9
    assert sum(a["scoreboard"].values()) == 9
    assert "<svg" in html.read_text()
    n = len([ln for ln in rec.read_text().splitlines() if ln[:1].isdigit()])
    code, out, _ = run(["numbridge", "endgame", str(rec), "--move", str(n - 1), "--json"], capsys)
    assert code == 0
    e = json.loads(out)
    assert e["winner"] in ("A", "B", "draw") and e["result"] is not None
    code, _, err = run(["numbridge", "analyse", str(rec), "--move", "999"], capsys)
    assert code == 2 and "--move 999" in err


def test_illegal_record_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    rec = tmp_path / "r.txt"
    rec.write_text(f'[Givens "{sol[:72]}000000000"]\n[Solution "{sol}"]\n[Bag "345261879"]\n'
                   "1. A place a9 3\n2. A place b9 4\n")
    code, _, err = run(["numbridge", "analyse", str(rec)], capsys)
    assert code == 2
    assert f"{rec}: line 5 column 1: action 2, move 2: not A's turn, B is to move" in err


def test_record_without_solution_is_solved(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    rec = tmp_path / "r.txt"
    rec.write_text(f'[Givens "{sol[:72]}000000000"]\n[Bag "345261879"]\n1. A place a9 3\n')
    code, out, _ = run(["numbridge", "analyse", str(rec), "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["cells"] == {"A": 1, "B": 0} and doc["to_move"] == "B"


def test_selfplay_reports_search_fallbacks(capsys: pytest.CaptureFixture[str]) -> None:
    # the earlier tile rule, so that the bag runs out before the end
    old = ["--tiles", "empty", "--claim-tile", "any"]
    code, out, _ = run(["numbridge", "selfplay", "--players", "search,greedy",
                        "--games", "1", "--seed", "100", "--json", "-q", *old], capsys)
    doc = json.loads(out)
    assert code == 0 and set(doc["player_stats"]) == {"search"}
    tally = doc["player_stats"]["search"]
    assert tally["exact"] + tally["fallbacks"] > 0
    code, out, err = run(["numbridge", "selfplay", "--players", "search,greedy",
                          "--games", "1", "--seed", "100", *old], capsys)
    assert f"{tally['fallbacks']} fallbacks to the heuristic" in err


def test_generate_verify_recounts_with_a_second_engine(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import solver.numbridge.generate as generate_module

    code, out, _ = run(["numbridge", "generate", "--seed", "5", "--no-rate", "--verify",
                        "--json"], capsys)
    assert code == 0 and json.loads(out)["verified"] is True
    real = generate_module.generate

    def loses_givens(givens: int, blocks: str, seed: int) -> object:
        g = real(givens, blocks, seed)  # a bug that drops the last given: not unique
        last = max(i for i, d in enumerate(g.field.givens) if d != "0")
        cut = g.field.givens[:last] + "0" + g.field.givens[last + 1:]
        return dataclasses.replace(g, field=Field.make(cut, g.field.blocks))

    monkeypatch.setattr(generate_module, "generate", loses_givens)
    code, _, err = run(["numbridge", "generate", "--seed", "5", "--no-rate"], capsys)
    assert code == 0  # unchecked, the fault goes through
    code, _, err = run(["numbridge", "generate", "--seed", "5", "--no-rate", "--verify"],
                       capsys)
    assert code == 70 and "second engine" in err


def test_a_large_endgame_names_the_position_asked(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 3 with the size of the position at --move, not of a deep leaf ("0 empty cells")."""
    code, _, _ = run(["numbridge", "selfplay", "--games", "1", "--seed", "3", "--records",
                      str(tmp_path), "-q"], capsys)
    assert code == 0
    rec = tmp_path / "game-0001.txt"
    code, _, err = run(["numbridge", "endgame", str(rec), "--move", "10", "--max-nodes",
                        "1000"], capsys)
    assert code == 3
    m = re.search(r"\((\d+) empty cells, bag (\d+)\)", err)
    assert m and int(m.group(1)) > 40 and int(m.group(2)) > 20, err  # after 10 actions
