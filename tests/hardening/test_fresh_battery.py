"""What a second hostile battery found (issue 25): each case failed before its fix.

Bad input is exit 2 and one line naming the option or file, before any work; a budget is not a
proof; what is reported is what was written; standard output that cannot take the document is
exit 74; signals keep what was found.
"""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "hardening"
EMPTY_FIELD = "." * 81


def solver(args: list[str], cwd: Path, **kwargs: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "solver", *args], cwd=cwd, env=env,
                            stdout=kwargs.pop("stdout", subprocess.PIPE),
                            stderr=subprocess.PIPE, text=True, **kwargs)  # type: ignore[call-overload]


def one_line(err: str, *needles: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("solver: error:"), err
    for n in needles:
        assert n in lines[0], (n, lines[0])


# -------------------------------------------------------------- internal errors -> usage ----
@pytest.mark.parametrize("args, needle", [
    (["--scheduler", "nope"], "--scheduler"),
    (["--scheduler", ""], "--scheduler"),
    (["--checkpoint", "/proc/x.sqlite"], "--checkpoint"),
])
def test_cluster_options_are_usage_errors(args: list[str], needle: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["arrange", "count", "compact", "--set", "square", "--region", "4x4",
                        "-q", *args], capsys)
    assert code == 2
    one_line(err, needle)


def test_a_checkpoint_that_is_not_a_database(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "run.sqlite"
    db.write_text("not a database\n")
    code, _, err = run(["arrange", "count", "compact", "--set", "square", "--region", "4x4",
                        "--checkpoint", str(db), "-q"], capsys)
    assert code == 2
    one_line(err, "--checkpoint", "not an SQLite database")
    assert db.read_text() == "not a database\n"


def test_serve_names_the_database_schemes(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["serve", "--database", "mysql://u:secret@127.0.0.1:1/db"], capsys)
    assert code == 2
    one_line(err, "--database", "'mysql'", "postgresql://")
    assert "secret" not in err


def test_a_frame_with_a_superscript_digit(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["dominomega", "maximum", "--frame", "comb:²"], capsys)
    assert code == 2
    one_line(err, "--frame")


# -------------------------------------------------------------- input not what is needed ---
@pytest.mark.parametrize("command", [["dominions", "replay"], ["dominions", "analyse"],
                                     ["review"]])
@pytest.mark.parametrize("text", ["", "  \n\n\t\n"])
def test_an_empty_record_is_an_error(command: list[str], text: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "game.txt"
    f.write_text(text)
    code, out, err = run([*command, str(f)], capsys)
    assert code == 2 and out == ""
    one_line(err, "empty record")


def test_review_refuses_half_a_numbridge_record_with_its_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(["numbridge", "selfplay", "--games", "1", "--seed", "3", "--records",
                      str(tmp_path / "games"), "-q"], capsys)
    assert code == 0
    lines = (tmp_path / "games" / "game-0001.txt").read_text().splitlines()
    moves = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    half = tmp_path / "half.txt"
    half.write_text("\n".join(lines[:moves[len(moves) // 2]]) + "\n")
    assert '[Result "' in half.read_text()
    code, _, err = run(["numbridge", "analyse", str(half)], capsys)
    assert code == 2
    code, _, err = run(["review", str(half), "--max-nodes", "10"], capsys)
    assert code == 2
    one_line(err, "[Result")


@pytest.mark.parametrize("command", [["dominions", "replay"], ["dominions", "analyse"],
                                     ["review", "--max-nodes", "5"]])
def test_a_dash_reads_standard_input(command: list[str], tmp_path: Path) -> None:
    record = (DATA / "dominions-record.txt").read_text()
    proc = solver([*command[:2], "-", *command[2:]] if command[0] == "dominions"
                  else [command[0], "-", *command[1:]], tmp_path, stdin=subprocess.PIPE)
    out, err = proc.communicate(record, timeout=120)
    assert proc.returncode == 0, err
    assert out


def test_backslide_solve_reads_a_path_that_is_no_regular_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/null", str(tmp_path)):
        code, _, err = run(["backslide", "solve", path], capsys)
        assert code == 2
        one_line(err, path)
        assert "cells" not in err  # not parsed as a position


def test_standard_input_closed(tmp_path: Path) -> None:
    proc = solver(["numbridge", "solve", "-"], tmp_path, stdin=subprocess.DEVNULL,
                  preexec_fn=lambda: os.close(0))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    one_line(err, "standard input is closed")


def test_float_options_take_an_exponent(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """docs/errors.md: ASCII decimal notation with an optional exponent."""
    code, _, err = run(["book", "square", "--count", "1", "--time-limit", "1e3", "--html",
                        str(tmp_path / "b.html"), "-q"], capsys)
    assert code == 0, err
    assert "1e3" in (ROOT / "docs" / "errors.md").read_text()


# -------------------------------------------------------------- budgets -----------------
@pytest.mark.parametrize("args, needle", [
    (["numbridge", "endgame", str(DATA / "numbridge-record.txt"), "--max-nodes", "-1"],
     "--max-nodes"),
    (["numbridge", "endgame", str(DATA / "numbridge-record.txt"), "--max-nodes", "0"],
     "--max-nodes"),
    (["numbridge", "solve", EMPTY_FIELD, "--cap", "0"], "--cap"),
    (["book", "square", "--time-limit", "0", "--html", "/tmp/never.html"], "--time-limit"),
    (["book", "square", "--time-limit", "-5", "--html", "/tmp/never.html"], "--time-limit"),
])
def test_budgets_are_checked_at_the_option(args: list[str], needle: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(args, capsys)
    assert code == 2
    one_line(err, needle)


# -------------------------------------------------------------- output targets ----------
def test_outputs_are_refused_before_the_work(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """/proc passes a permission check for root; a probe file tells the truth at once."""
    cases = [
        ["ladder", "dominions", "--players", "greedy,random", "--games", "100000", "--plot",
         "/proc/p.png"],
        ["review", str(DATA / "dominions-record.txt"), "--plot", "/proc/p.svg"],
        ["numbridge", "rate", str(DATA / "numbridge-field-text.txt"), "--steps-svg",
         "/proc/steps"],
        ["numbridge", "rate", str(DATA / "numbridge-field-text.txt"), "--steps-svg",
         "/dev/full"],
        ["demo", "--html", "/proc/demo.html"],
    ]
    for args in cases:
        started = time.monotonic()
        code, _, err = run(args, capsys)
        assert code == 2, (args, err)
        assert time.monotonic() - started < 10
        assert err.count("solver: error:") == 1 and args[-1] in err


def test_a_replaced_file_keeps_its_mode_and_a_read_only_one_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    private = tmp_path / "classes.json"
    private.write_text("old\n")
    private.chmod(0o600)
    assert run(["backslide", "classes", "--json", "--out", str(private)], capsys)[0] == 0
    assert stat.S_IMODE(private.stat().st_mode) == 0o600 and "classes" in private.read_text()
    locked = tmp_path / "locked.json"
    locked.write_text("keep\n")
    locked.chmod(0o444)
    code, _, err = run(["backslide", "classes", "--json", "--out", str(locked)], capsys)
    assert code == 2 and locked.read_text() == "keep\n"  # refused even for root
    one_line(err, "read-only")


def test_names_that_are_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["backslide", "classes", "--out", f"{tmp_path}/new/"], capsys)
    assert code == 2 and not (tmp_path / "new").exists()
    one_line(err, "--out")
    long_name = tmp_path / ("n" * 250 + ".json")  # 255 bytes: the longest a name may be
    assert run(["backslide", "classes", "--json", "--out", str(long_name)], capsys)[0] == 0
    assert long_name.exists()


def test_records_never_overwrite_and_never_land_in_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    base = ["ladder", "dominions", "--players", "greedy,random", "--games", "1", "-q"]
    code, _, err = run([*base, "--records", ""], capsys)
    assert code == 2 and list(tmp_path.iterdir()) == []
    one_line(err, "--records")
    old = tmp_path / "old"
    old.mkdir()
    (old / "game-0001.txt").write_text("mine\n")
    code, _, err = run([*base, "--records", str(old)], capsys)
    assert code == 2 and (old / "game-0001.txt").read_text() == "mine\n"
    one_line(err, "game-0001.txt")
    linked = tmp_path / "linked"
    linked.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (linked / "game-0001.txt").symlink_to(victim)
    assert run([*base, "--records", str(linked)], capsys)[0] == 2
    assert victim.read_text() == "precious\n"


def test_a_full_standard_output_is_exit_74(tmp_path: Path) -> None:
    out = tmp_path / "x.json"

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    with out.open("w") as fh:
        proc = solver(["sets", "show", "hexagon", "--json"], tmp_path, stdout=fh,
                      preexec_fn=small_files)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 74, err
    one_line(err, "cannot write the output")


def test_error_lines_stay_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = "W[P" + "9" * 1_000_000 + "]"
    record = tmp_path / "huge.txt"
    record.write_text(huge + "\n")
    position = tmp_path / "huge-position.txt"
    position.write_text("x" * 1_000_000 + " 1 2 3\n")
    for args in (["dominions", "replay", str(record)], ["backslide", "solve", str(position)]):
        code, _, err = run(args, capsys)
        assert code == 2 and len(err) < 500, len(err)


# -------------------------------------------------------------- interrupted work ----------
def _wait_for_lines(folder: Path, proc: subprocess.Popen[str], lines: int = 100,
                    seconds: float = 180) -> None:
    """Until the stream's temporary file holds some lines (a fresh checkout compiles the
    kernels first, which takes long on a loaded machine)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        # the visible stream file only: a hidden ``.NAME.*.part`` is the writability probe,
        # which may vanish between listing and reading
        for part in (p for p in folder.iterdir()
                     if p.name.endswith(".part") and not p.name.startswith(".")):
            try:
                if part.read_bytes().count(b"\n") >= lines:
                    return
            except FileNotFoundError:
                pass
        time.sleep(0.1)
    proc.kill()  # a failed wait leaves no process behind
    proc.communicate(timeout=30)
    raise AssertionError(f"no {lines} lines written within {seconds} s")


@pytest.mark.parametrize("sig, code, times", [
    (signal.SIGINT, 130, 1),
    pytest.param(signal.SIGINT, 130, 2, marks=pytest.mark.slow, id="SIGINT-twice"),
    pytest.param(signal.SIGTERM, 143, 1, marks=pytest.mark.slow),
    (signal.SIGHUP, 129, 1)])
def test_an_interrupted_enumeration_reports_what_it_wrote(sig: int, code: int, times: int,
                                                          tmp_path: Path) -> None:
    """Twice: a second Ctrl-C while the first is handled still keeps what was found."""
    out = tmp_path / "all.jsonl"
    proc = solver(["arrange", "enumerate", "compact", "--set", "square", "--region",
                   "torus:4x4", "--out", str(out), "-q"], tmp_path)
    _wait_for_lines(tmp_path, proc)
    for k in range(times):
        if k:
            time.sleep(0.05)
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    reported = int(err.split("interrupted after ")[1].split()[0])
    assert reported == len(out.read_text().splitlines()) > 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_what_a_sigkill_cut_short_is_found_beside_the_file(tmp_path: Path) -> None:
    out = tmp_path / "all.jsonl"
    proc = solver(["arrange", "enumerate", "compact", "--set", "square", "--region",
                   "torus:4x4", "--out", str(out), "-q"], tmp_path)
    _wait_for_lines(tmp_path, proc)
    proc.kill()
    proc.communicate(timeout=30)
    (part,) = [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert part.name.startswith("all.jsonl.")  # not hidden
    assert part.read_text().count("\n") > 0


def test_ctrl_c_while_the_pdf_is_drawn_keeps_the_puzzles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import solver.book.render as render

    def interrupted(html: str) -> bytes:
        raise KeyboardInterrupt

    monkeypatch.setattr(render, "pdf_backend_problem", lambda: None)
    monkeypatch.setattr(render, "book_pdf", interrupted)
    pdf = tmp_path / "b.pdf"
    code, _, err = run(["book", "square", "--count", "2", "--out", str(pdf), "-q"], capsys)
    assert code == 130
    kept = tmp_path / "b.html"
    assert not pdf.exists() and kept.read_text().count('class="puzzle"') == 2
    assert f"the puzzles are kept in {kept}" in err
