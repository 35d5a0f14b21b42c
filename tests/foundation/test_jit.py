"""The compiled kernels load without scipy.linalg and cffi (``solver.jit``), and linear
algebra in compiled code still works."""

from __future__ import annotations

import subprocess
import sys

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
