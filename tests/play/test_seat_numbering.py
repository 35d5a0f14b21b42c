"""Text for people numbers seats 1..N (as the server and its pages do); JSON stays 0-based.

Every game's ``solver review`` tables, the review plot's legend and the Dominimum/Dominomega
``replay`` table and picture title read "1" for the first seat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.games import get_game
from solver.play.review import MoveReview, Review, Thresholds, review_figure
from tests.cli_helpers import run

DATA = Path(__file__).resolve().parents[1] / "data" / "hardening"
RECORDS = {"dominions": "dominions-record.txt", "numbridge": "numbridge-record.txt",
           "dominimum": "dominimum-record.json", "dominomega": "dominomega-record.json"}


def table_after(text: str, header_start: str) -> list[list[str]]:
    """The rows (split on runs of spaces) of the text table whose header starts so."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    rows = []
    for line in lines[at + 2:]:
        if not line.strip() or line.startswith("moves:"):
            break
        rows.append(line.split())
    return rows


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_review_text_numbers_seats_from_one(game: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["review", "-q", "--max-nodes", "1", str(DATA / RECORDS[game])], capsys)
    assert code == 0
    moves = table_after(out, "move  seat")
    assert [r[1] for r in moves[:2]] == ["1", "2"]  # the first mover is seat 1
    by_seat = table_after(out, "seat  moves")
    n = len(by_seat)
    assert [r[0] for r in by_seat] == [str(i) for i in range(1, n + 1)]
    assert {r[1] for r in moves} == {str(i) for i in range(1, n + 1)}
    code, out, _ = run(["review", "-q", "--json", "--max-nodes", "1",
                        str(DATA / RECORDS[game])], capsys)
    doc = json.loads(out)  # the machine format keeps 0-based seats
    assert doc["moves"][0]["seat"] == 0
    assert [r["seat"] for r in doc["by_seat"]] == list(range(n))


@pytest.mark.parametrize("game", ["dominimum", "dominomega"])
def test_replay_text_and_picture_number_seats_from_one(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = DATA / RECORDS[game]
    svg = tmp_path / "final.svg"
    code, out, _ = run([game, "replay", "-q", "--svg", str(svg), str(record)], capsys)
    assert code == 0
    rows = table_after(out, "seat  ")
    assert [r[0] for r in rows] == [str(i) for i in range(1, len(rows) + 1)]
    code, out, _ = run([game, "replay", "-q", "--json", str(record)], capsys)
    doc = json.loads(out)
    assert doc["ranking"][0] == doc["winner"]  # the machine format keeps 0-based seats
    assert f"seat {doc['winner'] + 1} wins" in svg.read_text()


def test_review_plot_legend_numbers_seats_from_one() -> None:
    import matplotlib.pyplot as plt

    review = Review(get_game("numbridge"), 2, Thresholds(0.02, 0.05, 0.1), max_nodes=10,
                    total=4)
    for k in range(1, 5):
        review.moves.append(MoveReview(k, (k - 1) % 2, "pass", "pass", 0.5, 0.5, 0.0, "best"))
    fig = review_figure(review)
    try:
        labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    finally:
        plt.close(fig)
    assert labels == ["seat 1: value of its move", "seat 2: value of its move"]
