"""The CLI regression list: every command of ``commands.txt`` gives the same exit code, standard
output and standard error, byte for byte, as recorded in ``expected/`` (issue 21: a redesign
must not change what a user sees).

Regenerate after an intended change and review the diff:
``SOLVER_GOLDEN_UPDATE=1 python3 -m pytest tests/golden``.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from solver.cli import main

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
COMMANDS = [line for line in (HERE / "commands.txt").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
UPDATE = os.environ.get("SOLVER_GOLDEN_UPDATE") == "1"


def _expected(number: int) -> Path:
    return HERE / "expected" / f"{number:03d}.out"


#: wall-clock figures, the one part of an output that changes from run to run
_TIMES = re.compile(r'("[a-z_]*seconds[a-z_]*": )[0-9.e+-]+')
#: the same on stderr's remarks ("wrote b.html: 2 puzzles, 2 seeds tried, 0.1 s")
_REMARK_TIMES = re.compile(r"\b[0-9]+(\.[0-9]+)? s\b")


def _transcript(line: str, code: int, out: str, err: str) -> str:
    out = _TIMES.sub(r"\1T", out)
    err = _REMARK_TIMES.sub("T s", err)
    return f"$ solver {line}\n[exit {code}]\n[stdout]\n{out}[stderr]\n{err}"


@pytest.mark.parametrize("number", range(1, len(COMMANDS) + 1))
def test_command_output_is_unchanged(number: int, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    line = COMMANDS[number - 1]
    argv = [a.replace("{tmp}", str(tmp_path)) for a in shlex.split(line)]
    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as info:
        main(argv)
    out, err = capsys.readouterr()
    code = info.value.code if isinstance(info.value.code, int) else 0
    got = _transcript(line, code, out, err.replace(str(tmp_path), "{tmp}"))
    path = _expected(number)
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no expected output for {line!r}: run with SOLVER_GOLDEN_UPDATE=1"
    assert got == path.read_text(encoding="utf-8"), f"solver {line}: output changed"


def test_the_list_covers_every_subcommand() -> None:
    from solver.cli import SUBCOMMANDS

    used = {shlex.split(line)[0] for line in COMMANDS}
    assert set(SUBCOMMANDS) - used <= {"serve", "demo"}
    assert len(COMMANDS) >= 40
