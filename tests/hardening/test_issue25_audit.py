"""What an audit of issue 25 on main still found (each case failed before its fix).

The checklist is in docs/errors.md ("Issue 25 checklist").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run


def one_line(err: str, *needles: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("solver: error:"), err
    for n in needles:
        assert n in lines[0], (n, lines[0])


def test_estimate_offers_only_the_kinds_it_estimates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "estimate", "--help"], capsys)
    assert code == 0 and "{compact|transcendental}" in out and "starmap" not in out
    code, _, err = run(["arrange", "estimate", "starmap", "--region", "8x8"], capsys)
    assert code == 2
    one_line(err, "'starmap' is not one of 'compact', 'transcendental'")


@pytest.mark.parametrize("command", ["analyse", "endgame"])
@pytest.mark.parametrize("text, needle", [
    ('[Event "x"]\n', "[Givens"),
    ('[Givens "12x"]\n', "'x' is not a digit"),
])
def test_a_numbridge_record_error_names_the_file(command: str, text: str, needle: str,
                                                 tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    record.write_text(text)
    code, _, err = run(["numbridge", command, str(record)], capsys)
    assert code == 2
    one_line(err, f"{record}: ", needle)


@pytest.mark.parametrize("args, needle", [
    (["dominimum", "puzzles", "--count", "1", "--seats", "2", "--games", "1", "--seed", "1"],
     "(--games)"),
    (["dominions", "puzzles", "--goal", "save", "--games", "1", "--seed", "1"], "(--games)"),
])
def test_a_games_budget_that_ran_out_is_exit_3(args: list[str], needle: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1 is a proof that none exists; running out of --games is a budget (exit 3)."""
    code, _, err = run(args, capsys)
    assert code == 3
    one_line(err, needle)


def test_piece_numbers_have_their_halo_as_a_separate_element(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ImageMagick and WeasyPrint ignore ``paint-order``: the white halo drawn over the digits
    hid every piece number outside browsers. The halo is its own element, drawn first."""
    import re

    page = tmp_path / "book.html"
    assert run(["book", "square", "--count", "1", "--html", str(page), "-q"], capsys)[0] == 0
    html = page.read_text()
    assert "paint-order" not in html
    texts = re.findall(r"<text ([^>]*)>([^<]*)</text>", html)
    halos = [i for i, (attrs, _) in enumerate(texts) if 'stroke-linejoin="round"' in attrs]
    assert len(halos) >= 16  # a number on each piece of the 4x4 puzzle and its answer
    for i in halos:
        label = texts[i][1]
        after, again = texts[i + 1]
        assert again == label and "stroke=" not in after and 'fill="#ffffff"' not in after


def test_the_best_placement_picture_writes_no_text_over_the_symbols(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``dominomega best --svg`` wrote "new" in the corner of both cells, over the symbols;
    the tint and its legend mark the tile."""
    layout = Path(__file__).parents[1] / "data" / "hardening" / "dominimum-layout.json"
    svg = tmp_path / "best.svg"
    code, _, err = run(["dominomega", "best", str(layout), "--tile", "0-1", "--symbol", "2",
                        "--svg", str(svg), "-q"], capsys)
    assert code == 0, err
    picture = svg.read_text()
    assert ">new<" not in picture and ">best placement<" in picture


def test_one_puzzle_is_not_written_1_puzzles(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["book", "square", "--count", "1", "--html", str(tmp_path / "b.html")],
                       capsys)
    assert code == 0
    assert ": 1 puzzle, 1 seed tried" in err and "1 puzzles" not in err


def test_the_pdf_drawing_is_announced_before_it_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Rendering a large PDF takes minutes with nothing shown; a line says what is drawn (and
    that Ctrl-C keeps the puzzles) before the renderer starts."""
    import sys

    import solver.book.render as render

    def drawn(html: str) -> bytes:
        sys.stderr.write("<renderer>\n")
        return b"%PDF-1.7\n"

    monkeypatch.setattr(render, "pdf_backend_problem", lambda: None)
    monkeypatch.setattr(render, "book_pdf", drawn)
    pdf = tmp_path / "b.pdf"
    code, _, err = run(["book", "square", "--count", "2", "--out", str(pdf)], capsys)
    assert code == 0 and pdf.read_bytes() == b"%PDF-1.7\n"
    before = err.split("<renderer>")[0]
    assert f"drawing {pdf}: 2 puzzles (Ctrl-C keeps them as HTML)" in before
