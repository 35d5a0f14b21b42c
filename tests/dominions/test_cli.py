"""``solver dominions``: replay, analyse, selfplay, best, puzzle; errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

from puzzles.dominions import replay


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text("# a short game\nW[P63i9];B[P55h8]\nW[P48i8]; B[]\n")
    return path


def test_replay_json(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["dominions", "replay", str(record), "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["position"] == {"h8": "B55", "i8": "W48", "i9": "W63"}
    assert doc["to_move"] == "W" and doc["moves_played"] == 4
    assert doc["score"] == {"W": 2 - 61, "B": 1 - 62}
    assert len(doc["hands"]["W"]) == 61 and 55 not in doc["hands"]["B"]
    code, out, _ = run(["dominions", "replay", str(record), "--move", "1", "--json"], capsys)
    assert json.loads(out)["position"] == {"i9": "W63"}


def test_replay_text(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["dominions", "replay", str(record)], capsys)
    assert code == 0 and "W63" in out and "B55" in out and "to move:" in out


@pytest.mark.parametrize("text, message", [
    ("W[P63i9];B[P54h8]", "move 2 B[P54h8]: mismatch on side 1 against i9"),
    ("W[P63i9];B[P55z9]", "move 2 B[P55z9]"),
    ("W[P63i9];B[P55h8];W[P63j10]", "move 3 W[P63j10]: W has already played piece 63"),
    ("W[P1i9];B[P8j10]", "would oscillate"),
    ("W[P63i9];W[P55h8]", "it is B's turn"),
    ("W[P63i9];B[P32c3]", "touches no W piece"),
    ("W[P63i9] B[P55h8", "is not a move like"),
])
def test_bad_records_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    code, out, err = run(["dominions", "replay", str(path)], capsys)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_move_out_of_range(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["dominions", "replay", str(record), "--move", "9"], capsys)
    assert code == 2 and "out of range" in err


def test_analyse_json_svg_html(record: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    svg, html = tmp_path / "a.svg", tmp_path / "a.html"
    code, out, _ = run(["dominions", "analyse", str(record), "--json", "--svg", str(svg),
                        "--html", str(html)], capsys)
    assert code == 0
    doc = json.loads(out)
    groups = {g["colour"] + ":" + ",".join(g["cells"]): g for g in doc["groups"]}
    assert set(groups) == {"W:i8,i9", "B:h8"}
    assert groups["B:h8"]["liberty_cells"] == ["g8", "h7", "h9"]
    assert groups["B:h8"]["liberties"] == len(groups["B:h8"]["liberty_beams"]) == 3
    assert groups["W:i8,i9"]["alive"] is False
    assert doc["legal_moves"]["W"] > 0 and doc["score"] == {"W": -59, "B": -61}
    assert doc["cells"]["g8"]["fitting"] == [p for p in range(1, 64) if p & 2]
    assert svg.read_text().startswith("<?xml") and "<svg" in html.read_text()


def test_analyse_shows_every_groups_status_in_text_picture_and_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Move 60 of the game of record: pass-alive, killable and alive-with-answers groups; each
    group's proved status is in the JSON, the text table, the page's table and, as a letter,
    on the board picture (one per group, one legend entry per status shown)."""
    import html as html_module
    import re

    from reports.dominions import STATUS_COLOUR

    record = Path(__file__).parents[1] / "data" / "hardening" / "dominions-record.txt"
    svg, page = tmp_path / "a.svg", tmp_path / "a.html"
    code, out, _ = run(["dominions", "analyse", str(record), "--move", "60", "--json",
                        "--svg", str(svg), "--html", str(page)], capsys)
    assert code == 0
    groups = json.loads(out)["groups"]
    statuses = [g["status"] for g in groups]
    assert set(statuses) == {"pass-alive", "killable", "alive with answers"}
    code, text, _ = run(["dominions", "analyse", str(record), "--move", "60"], capsys)
    rows = [line for line in text.splitlines() if re.match(r"[WB] +\d+ ", line)]
    assert len(rows) == len(groups)
    for g, row in zip(groups, rows, strict=True):
        assert row.split()[2] == g["cells"][0] and g["status"] in row
        if g["status"] == "killable":
            assert "killable: " + " ".join(g["life"]["pass"]["sequence"][:3]) in row
    cells = html_module.unescape(page.read_text())
    for g in groups:
        assert re.search(re.escape(" ".join(g["cells"])) + r"</td>.*?<td>"
                         + re.escape(g["status"]), cells, re.S), g["cells"]
    letters = re.findall(rf'<text[^>]*fill="{STATUS_COLOUR}"[^>]*>([^<]*)</text>',
                         svg.read_text())
    for status, letter in {"pass-alive": "P", "killable": "K", "alive with answers": "A"}.items():
        assert letters.count(letter) == statuses.count(status) + 1, (status, letters)


def test_selfplay_records_replay_exactly(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["dominions", "selfplay", "--players", "greedy,random",
                        "--games", "2", "--seed", "4", "--records", str(tmp_path), "--json"],
                       capsys)
    assert code == 0
    doc = json.loads(out)
    assert [g["lineup"] for g in doc["games"]] == [["greedy", "random"], ["random", "greedy"]]
    for g in doc["games"]:
        pos = replay((tmp_path / f"game-{g['game']:04d}.txt").read_text())
        assert pos.is_over() and pos.result() == g["result"]
        w, b = pos.score()
        assert g["returns"] == ([1.0, 0.0] if w > b else [0.0, 1.0] if b > w else [0.5, 0.5])
    assert doc["tally"]["greedy"]["games"] == 2
    # same seed, same games
    code, again, _ = run(["dominions", "selfplay", "--players", "greedy,random",
                          "--games", "2", "--seed", "4", "--json"], capsys)
    assert json.loads(again)["games"] == doc["games"]
    code, _, err = run(["dominions", "selfplay", "--players", "greedy"], capsys)
    assert code == 2 and "two names" in err


def test_best_suggests_a_legal_move(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["dominions", "best", str(record), "--max-nodes", "40", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["to_move"] == "W" and doc["line"][0] == doc["move"] and doc["nodes"] <= 40
    pos = replay(record.read_text())
    assert pos.is_legal(pos.parse_move(doc["move"][2:-1]))


def test_best_on_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "over.txt"
    path.write_text("W[P63i9];B[];W[]")
    code, _, err = run(["dominions", "best", str(path)], capsys)
    assert code == 2 and "game is over" in err


def test_puzzle_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "p.svg"
    code, out, _ = run(["dominions", "puzzles", "--goal", "capture", "--seed", "5", "--games",
                        "4", "--json", "--svg", str(svg)], capsys)
    assert code == 0
    (p,) = json.loads(out)["puzzles"]
    assert p["goal"] == "capture" and p["depth"] == 1 and p["answer"][1] == "["
    assert svg.exists()


def test_selfplay_interrupted_keeps_finished_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import solver.play.match as match_module

    real = match_module.play
    calls = []

    def stop_in_game_two(*args: object, **kwargs: object) -> int:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(match_module, "play", stop_in_game_two)
    code, out, err = run(["dominions", "selfplay", "--games", "3", "--records", str(tmp_path),
                          "--json"], capsys)
    assert code == 130 and "interrupted after 1 games" in err
    doc = json.loads(out)
    assert len(doc["games"]) == 1 and doc["interrupted"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-0001.txt"]


def test_replay_error_names_file_line_and_column(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("# first line\nW[P63i9]\n   B[P54h8]\n")
    code, _, err = run(["dominions", "replay", str(path)], capsys)
    assert code == 2
    assert err.strip() == (f"solver: error: {path}: line 3 column 4: move 2 B[P54h8]: "
                           "mismatch on side 1 against i9 (blank facing beam)")
