"""The fast path of the command line (``solver.cli.fast``, issue 24): the commands it answers
without click print what the click command line prints, byte for byte, and exit alike; any
other form is left to click; and its processes do not import click."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main
from solver.cli.fast import fast_command

ROOT = Path(__file__).resolve().parents[2]

#: Command lines the fast path answers (the error ones end with exit 2, as in click).
FAST = [
    [],
    ["--help"],
    ["-h"],
    ["sets", "list"],
    ["sets", "list", "--json"],
    ["sets", "list", "-q", "--json"],
    ["arrange", "count", "compact", "--region", "4x4"],
    ["arrange", "count", "compact", "--set", "triangle", "--region=2x4", "--json"],
    ["arrange", "count", "--region", "torus:4x4", "compact", "--up-to-symmetry", "-q"],
    ["arrange", "count", "compact", "--region", "3x3", "--border", "free", "--quiet"],
    ["arrange", "count", "compact", "--set", "hexagon", "--region", "2x1"],
    ["arrange", "count", "transcendental", "--region", "2x2"],
    ["arrange", "count", "compact", "--region", "4x9x"],  # a bad region: exit 2
    ["arrange", "count", "compact"],  # no region
    ["arrange", "count", "starmap", "--region", "3x3"],
]

#: Command lines it leaves to click (options it does not parse, values click reads or
#: refuses otherwise).
CLICK = [
    ["--version"],
    ["sets"],
    ["sets", "list", "--out", "x.txt"],
    ["sets", "list", "extra"],
    ["sets", "list", "--json=1"],
    ["sets", "show", "square"],
    ["arrange", "count", "compact", "--region", "4x4", "--engine", "kernel"],
    ["arrange", "count", "compact", "--region", "4x4", "--region", "5x5"],
    ["arrange", "count", "compact", "--region", "-q"],
    ["arrange", "count", "compact", "--region"],
    ["arrange", "count", "compact", "--set", "squares", "--region", "4x4"],
    ["arrange", "count", "compact", "--border", "open", "--region", "4x4"],
    ["arrange", "count", "compacts", "--region", "4x4"],
    ["arrange", "count", "compact", "compact", "--region", "4x4"],
    ["arrange", "count", "compact", "--region", "4x4", "-qv"],
    ["arrange", "count", "compact", "--region", "4x4", "--", "x"],
    ["arrange", "count", "compact", "--region", "4x4", "--help"],
    ["arrange", "find", "compact", "--region", "4x4"],
]


def _outcome(argv: list[str], fast: bool, capsys: pytest.CaptureFixture[str]
             ) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(argv, fast=fast)
    out, err = capsys.readouterr()
    code = info.value.code
    return (code if isinstance(code, int) else 0), out, err


@pytest.mark.parametrize("argv", FAST, ids=" ".join)
@pytest.mark.parametrize("columns", ["40", "66", "79", "200"])
def test_the_fast_path_prints_what_click_prints(argv: list[str], columns: str,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", columns)  # the help page's width follows the terminal's
    assert fast_command(argv) is not None, "the fast path should answer this"
    with monkeypatch.context() as hidden:  # as in a new process: the fast path's own echo
        hidden.delitem(sys.modules, "click", raising=False)
        fast = _outcome(argv, True, capsys)
        assert "click" not in sys.modules
    assert fast == _outcome(argv, False, capsys)


def test_the_fast_answers_are_the_real_ones(capsys: pytest.CaptureFixture[str]) -> None:
    """Not only equal: right (the 652 of the 4x4, the help page's first lines)."""
    code, out, err = _outcome(["arrange", "count", "compact", "--region", "4x4"], True, capsys)
    assert (code, out, err) == (0, "652 compact square, region 4x4 (border blank) "
                                   "arrangement(s)\n", "")
    code, out, _ = _outcome(["--help"], True, capsys)
    assert code == 0 and out.startswith("Usage: solver [OPTIONS] COMMAND [ARGS]...\n\n  Solve")
    assert "  sets        Piece sets: list pieces, classes and pictures.\n" in out
    code, out, err = _outcome(["arrange", "count", "compact", "--region", "4x9x"], True, capsys)
    assert (code, out) == (2, "")
    assert err == "solver: error: region '4x9x': expected a size like 4x4, got '4x9x'\n"


@pytest.mark.parametrize("text, nl, err", [("\x1b[1;31mred\x1b[0m and plain", True, False),
                                          ("", True, True), ("", False, False),
                                          ("two\nlines \x1b[?25l", False, True)])
def test_echo_writes_what_click_echo_writes(text: str, nl: bool, err: bool,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``solver.cli.exits.echo`` without click (style codes removed off a terminal)."""
    import click

    from solver.cli.exits import echo

    with monkeypatch.context() as hidden:
        hidden.delitem(sys.modules, "click")
        echo(text, err=err, nl=nl)
    ours = capsys.readouterr()
    click.echo(text, err=err, nl=nl)
    assert ours == capsys.readouterr()
    assert "\x1b" not in ours.out + ours.err


@pytest.mark.parametrize("argv", CLICK, ids=" ".join)
def test_other_forms_are_left_to_click(argv: list[str]) -> None:
    assert fast_command(argv) is None


def test_streams_click_would_rewrap_are_left_to_click(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ASCII stdout (click rewraps it as UTF-8) or one without an encoding: click runs."""
    import io

    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    assert fast_command(["sets", "list"]) is None
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert fast_command(["--help"]) is None


@pytest.mark.parametrize("args", [["--help"], ["sets", "list"],
                                  ["arrange", "count", "compact", "--region", "4x4"]])
def test_a_fast_process_imports_no_click(args: list[str]) -> None:
    """The whole process (``python -m solver``): click stays out of ``sys.modules``."""
    code = ("import atexit, sys, runpy\n"
            "atexit.register(lambda: print('click' in sys.modules, file=sys.stderr))\n"
            f"sys.argv = ['solver', *{args!r}]\n"
            "runpy.run_module('solver', run_name='__main__', alter_sys=True)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "False"
