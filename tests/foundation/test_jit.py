"""Start-up of whole processes: the compiled kernels load without scipy.linalg and cffi
(``solver.jit``; linear algebra in compiled code still works), a text command does not load
the drawing library, and a solver process ends without a last garbage collection and without
losing what it wrote."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

KERNEL_RUN = """
import sys
from solver.numbridge.engine import search_givens

assert search_givens("." * 81)[0] == 1
print(sorted(m for m in sys.modules if m.startswith(("scipy.linalg", "cffi", "pycparser"))))
"""

DOT_AFTER = """
import numpy as np
from solver.jit import njit
@njit
def dot(a, b):
    return np.dot(a, b)
print(dot(np.ones(3), np.arange(3.0)))
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def test_a_kernel_process_does_not_import_scipy_linalg_or_cffi() -> None:
    assert _run(KERNEL_RUN) == "[]"


def test_linear_algebra_in_compiled_code_still_works() -> None:
    assert _run(DOT_AFTER) == "3.0"


def test_a_text_command_does_not_load_the_drawing_library() -> None:
    code = ("import sys\n"
            "from solver.cli import main\n"
            "try:\n"
            "    main(['arrange', 'find', 'compact', '--region', '4x4', '-q'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('drawsvg.elements' in sys.modules, 'urllib.request' in sys.modules)\n")
    assert _run(code).splitlines()[-1] == "False False"


def test_a_whole_solver_process_writes_everything_before_it_exits(tmp_path: Path) -> None:
    """The solver process freezes its objects at exit (no last garbage collection): what it
    writes is still complete, and its exit code stays."""
    out, svg = tmp_path / "r.json", tmp_path / "r.svg"
    done = subprocess.run([sys.executable, "-m", "solver", "numbridge", "solve",
                           "tests/data/hardening/numbridge-field-text.txt", "--json",
                           "--out", str(out), "--svg", str(svg)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["unique"] is True
    assert svg.read_text().rstrip().endswith("</svg>")
    listed = subprocess.run([sys.executable, "-m", "solver", "sets", "list", "--json"],
                            capture_output=True, text=True, cwd=ROOT)
    assert [s["set"] for s in json.loads(listed.stdout)["sets"]][-1] == "hexagon2"
    bad = subprocess.run([sys.executable, "-m", "solver", "sets", "show", "octagon"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.startswith("solver: error:")
