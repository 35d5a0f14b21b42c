"""Every ``<!-- measured: ... -->`` command is run and its output compared with the figure.

A marker names the command that measured the figures below it, then how it is checked::

    <!-- measured: COMMAND [ ; COMMAND ...] | DATE | load X | runs: N s | prints: A; B -->

``runs: N s`` is how long the command takes here (an upper estimate on the shared 2-core
machine); ``prints: A; B`` are figures of the text that the command prints, each compared with
its output literally. A command of at most ``FAST`` seconds runs in the default suite, one of at
most ``SLOW_LIMIT`` seconds with ``-m slow`` (``python3 -m pytest -m slow
tests/foundation/test_measured_commands.py``), each bounded by a timeout of three times its
``runs``. Longer ones (hours of SAT search, 200-game ladders) say ``by hand: WHY`` and are only
parsed (``test_bench_tables.py``), as are shorter ones that ``needs`` what the suite lacks or
``rewrites`` a stored file: the reason is listed in the skip.

Commands run with this checkout first on ``PYTHONPATH`` (``solver`` is ``python3 -m solver``);
``pytest`` commands run in the checkout (the suite's fixture checks it stays unchanged), every
other command in a temporary folder holding links to ``tests``, ``docs``, ``benchmarks`` and
``scripts``, so files it writes stay there.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARKER = re.compile(r"<!-- measured: (?P<text>.*?) -->", re.S)
FAST = 20.0
SLOW_LIMIT = 900.0


@dataclass(frozen=True)
class Marker:
    """One measured marker and how it is checked."""

    doc: str
    line: int
    commands: tuple[str, ...]
    runs: float | None
    prints: tuple[str, ...]
    by_hand: str


def markers() -> list[Marker]:
    out = []
    for doc in DOCUMENTS:
        text = doc.read_text()
        for found in MARKER.finditer(text):
            command, _date, _load, *checks = (p.strip() for p in
                                              " ".join(found["text"].split()).split(" | "))
            runs, prints, by_hand = None, (), ""
            for check in checks:
                key, _, value = check.partition(":")
                value = value.strip()
                if key == "runs":
                    runs = float(value.removesuffix(" s"))
                elif key == "prints":
                    prints = tuple(v.strip() for v in value.split("; ") if v.strip())
                elif key == "by hand":
                    by_hand = value
            line = text.count("\n", 0, found.start()) + 1
            out.append(Marker(doc.name, line, tuple(c.strip() for c in command.split(" ; ")),
                              runs, prints, by_hand))
    return out


MARKERS = markers()


def test_every_marker_says_how_it_is_checked() -> None:
    for m in MARKERS:
        where = f"{m.doc}:{m.line}"
        assert m.runs is not None, f"{where}: no 'runs: N s'"
        assert m.by_hand or m.runs <= SLOW_LIMIT, f"{where}: over {SLOW_LIMIT} s needs 'by hand'"
        excused = m.by_hand.startswith(("needs", "rewrites"))
        assert not m.by_hand or m.runs > SLOW_LIMIT or excused, \
            f"{where}: short enough to run (by hand only over {SLOW_LIMIT} s, or when it needs " \
            "something the suite does not have or rewrites a stored file)"


def _shell(command: str) -> str:
    words = command.split()
    out = []
    for i, w in enumerate(words):
        prev = words[i - 1] if i else ""
        if w == "solver" and (i == 0 or prev.isdigit() or prev == "time"):
            out += [sys.executable, "-m", "solver"]
        elif w in ("python3", "python") and (i == 0 or prev.isdigit()):
            out.append(sys.executable)
        else:
            out.append(w)
    return " ".join(out)


def _workdir(tmp: Path) -> Path:
    for name in ("tests", "docs", "benchmarks", "scripts"):
        (tmp / name).symlink_to(ROOT / name)
    return tmp


def cases() -> list[object]:
    out: list[object] = []
    for m in MARKERS:
        marks: list[pytest.MarkDecorator] = []
        runs = m.runs or 0.0
        if m.by_hand:
            marks.append(pytest.mark.skip(reason=f"by hand ({runs:g} s): {m.by_hand}"))
        elif runs > FAST:
            marks.append(pytest.mark.slow)
        out.append(pytest.param(m, id=f"{m.doc}:{m.line}", marks=marks))
    return out


@pytest.mark.parametrize("marker", cases())
def test_the_marked_command_prints_its_figures(marker: Marker, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    limit = max(60.0, 3 * (marker.runs or 0.0))
    output = ""
    for command in marker.commands:
        in_checkout = " pytest" in command
        proc = subprocess.run(["bash", "-c", _shell(command)], cwd=ROOT if in_checkout
                              else _workdir(tmp_path) if not (tmp_path / "tests").exists()
                              else tmp_path, env=env, capture_output=True, text=True,
                              timeout=limit, check=False)
        assert proc.returncode == 0, (f"{marker.doc}:{marker.line}: {command} exited "
                                      f"{proc.returncode}: {proc.stderr[-1500:]}")
        output += proc.stdout + proc.stderr
    for figure in marker.prints:
        assert figure in output, f"{marker.doc}:{marker.line}: {figure!r} not printed"
