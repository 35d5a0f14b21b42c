"""Build tdoku (Tom Dillon's SIMD sudoku solver) from its sources as a shared library, for the
side-by-side sudoku benchmarks (``benchmarks/bench_numbridge.py -k tdoku``). Nothing of tdoku's
is kept in this repository: point the script at a directory holding a checkout of
https://github.com/t-dillon/tdoku, or at a git directory of one (read with ``git show HEAD:...``).

Usage::

    python3 -m benchmarks.build_tdoku SOURCE [--out benchmarks/peers/lib]

It compiles the library target of tdoku's CMakeLists (``src/solver_dpll_triad_simd.cc`` and
``src/util.cc``) with ``g++ -O3 -march=native -fno-exceptions -fno-rtti``, as its ``BUILD.sh``
does, into ``--out/libtdoku.so`` (default ``benchmarks/peers/lib``, ignored by git; the
benchmarks look there, or in ``$TDOKU_LIB``). The benchmarks call ``TdokuSolverDpllTriadSimd``
through ctypes, as tdoku's own ``example/solve.py`` does.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.build_knuth import ROOT

#: Where the benchmarks look for the library (unless ``$TDOKU_LIB`` names another file).
DEFAULT_LIB = ROOT / "benchmarks" / "peers" / "lib" / "libtdoku.so"
COMPILED = ("src/solver_dpll_triad_simd.cc", "src/util.cc")
HEADERS = ("src/bitutil.h", "src/simd_vectors.h", "src/util.h", "include/tdoku.h")
#: The build command the benchmarks print when the library is missing.
BUILD_COMMAND = "python3 -m benchmarks.build_tdoku SOURCE  (a checkout of t-dillon/tdoku)"


def read_source(source: Path, name: str) -> bytes:
    """The bytes of ``name`` from a plain directory or a git directory (its HEAD)."""
    if (source / name).is_file():
        return (source / name).read_bytes()
    git = subprocess.run(["git", "--git-dir", str(source), "show", f"HEAD:{name}"],
                         capture_output=True)
    if git.returncode != 0:
        raise SystemExit(f"build_tdoku: {name} is neither in {source} nor in its git HEAD")
    return git.stdout


def build(source: Path, out: Path) -> Path:
    """Compile the solver into ``out`` (a directory); returns the library's path."""
    if shutil.which("g++") is None:
        raise SystemExit("build_tdoku: g++ is not installed (Debian: apt-get install g++)")
    out.mkdir(parents=True, exist_ok=True)
    library = out / DEFAULT_LIB.name
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in (*COMPILED, *HEADERS):
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_bytes(read_source(source, name))
        subprocess.run(["g++", "-std=c++14", "-O3", "-march=native", "-fno-exceptions",
                        "-fno-rtti", "-fPIC", "-shared", "-o", str(library), *COMPILED],
                       cwd=work, check=True)
    return library


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="directory (or git directory) of tdoku")
    parser.add_argument("--out", type=Path, default=DEFAULT_LIB.parent,
                        help="where libtdoku.so goes")
    args = parser.parse_args(argv)
    print(build(args.source, args.out))


if __name__ == "__main__":
    main(sys.argv[1:])
