"""``solver book``: files, errors, regeneration by seed and Ctrl-C keeping the puzzles made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from system import needs_pdf

import solver.cli.book as book_cli
from solver.book.base import BookPuzzle, PuzzleType
from solver.cli import main


def run(args: list[str]) -> int:
    with pytest.raises(SystemExit) as info:
        main(args)
    return int(info.value.code or 0)


def test_html_book_has_puzzles_answers_and_index(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.html"
    assert run(["book", "square", "--count", "3", "--seed", "2", "--out", str(out),
                "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    html = out.read_text()
    assert html.count('class="puzzle"') == 3 and html.count('class="answer"') == 3
    assert html.index('id="answers"') > html.index('id="puzzle-3"')
    assert 'class="part"' in html and "break-before: page" in html
    for p in doc["puzzles"]:
        assert f"<td>{p['id']}</td><td>{p['seed']}</td>" in html
    # the seed and level of the index regenerate the puzzle
    first = doc["puzzles"][0]
    one = tmp_path / "one.html"
    assert run(["book", "square", "--puzzle-seed", str(first["seed"]), "--difficulty",
                first["level"], "--out", str(one), "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["puzzles"][0]["id"] == first["id"]


@needs_pdf
def test_pdf_book(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    assert run(["book", "backslide", "--count", "2", "--out", str(out), "--quiet"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    # the same pages laid out again: puzzles, answers and the index each start a page
    from weasyprint import HTML

    from solver.book.build import build_book
    from solver.book.render import book_html
    from solver.book.types import puzzle_type

    html = book_html(build_book(puzzle_type("backslide"), 2, seed=1))
    pages = HTML(string=html).render().pages
    assert len(pages) >= 3


@pytest.mark.parametrize("args, message", [
    (["--difficulty", "impossible"], "--difficulty 'impossible'"),
    (["--count", "0"], "--count 0"),
    (["--out", "book.txt"], ".html or .pdf"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], message: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    base = ["book", "square", "--out", str(tmp_path / "b.html"), "--quiet"]
    assert run(base + args) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


class _Interrupting(PuzzleType):
    """Makes two puzzles, then the user presses Ctrl-C."""

    name = "fake"
    title = "fake"

    def __init__(self) -> None:
        self.calls = 0
        from solver.book.types import puzzle_type

        self.real = puzzle_type("square")

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        self.calls += 1
        if self.calls > 2:
            raise KeyboardInterrupt
        return self.real.make(seed, level)


def test_ctrl_c_keeps_the_puzzles_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(book_cli, "puzzle_type", lambda name: _Interrupting())
    out = tmp_path / "b.html"
    assert run(["book", "square", "--count", "5", "--out", str(out), "--quiet"]) == 130
    html = out.read_text()
    assert html.count('class="puzzle"') == 2 and "Incomplete book: interrupted" in html
    assert "kept 2 puzzles" in capsys.readouterr().err


def test_level_a_type_cannot_reach_is_bad_input(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["book", "dominions-capture", "--difficulty", "hard", "--out",
                str(tmp_path / "b.html"), "--quiet"]) == 2
    assert "levels easy, medium" in capsys.readouterr().err
    assert not (tmp_path / "b.html").exists()


@pytest.mark.slow
def test_sigterm_keeps_the_book(tmp_path: Path) -> None:
    """Slow (about 20 s): ``pytest -m slow tests/book``."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "b.html"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen([sys.executable, "-m", "solver", "book", "numbridge", "--count",
                             "500", "--out", str(out), "--quiet"], env=env,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(15)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert "kept" in err and out.read_text().count('class="puzzle"') >= 1


def test_html_option_and_missing_destination(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "b.html"
    assert run(["book", "square", "--count", "1", "--html", str(page), "--quiet"]) == 0
    assert page.read_text().count('class="puzzle"') == 1
    assert run(["book", "square", "--count", "1", "--quiet"]) == 2
    assert "--out FILE.pdf or --html FILE" in capsys.readouterr().err


def test_pdf_without_its_backend_is_refused_before_any_puzzle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No Pango: exit 2 at once, naming what to install, and no puzzle made."""
    import solver.book.render as render

    monkeypatch.setattr(render, "pdf_backend_problem", lambda: "PDF output needs Pango; "
                        "install them (apt-get install libpango-1.0-0 libpangoft2-1.0-0)")
    fake = _Interrupting()
    monkeypatch.setattr(book_cli, "puzzle_type", lambda name: fake)
    out = tmp_path / "b.pdf"
    assert run(["book", "square", "--count", "2", "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "libpango-1.0-0" in err and str(out) in err and len(err.splitlines()) == 1
    assert fake.calls == 0 and not out.exists()


def test_the_pdf_backend_probe_names_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from reports.book import pdf_backend_problem

    real_import = builtins.__import__

    def no_pango(name: str, *args: object, **kwargs: object) -> object:
        if name == "weasyprint":
            raise OSError("cannot load library 'libpango-1.0-0': no such file")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_pango)
    problem = pdf_backend_problem()
    assert problem is not None and "libpangoft2-1.0-0" in problem and ".html" in problem
