"""Build Knuth's SSXCC and DLX2 (exact cover with colours) from their CWEB sources, for the
side-by-side benchmarks (``benchmarks/bench_arrange.py -k knuth``). Nothing of Knuth's is kept
in this repository: point the script at a directory holding ``ssxcc.w``, ``dlx2.w`` and
``gb_flip.w`` (Knuth's programs page, https://www-cs-faculty.stanford.edu/~knuth/programs.html,
or a mirror of it), or at a git directory of such a mirror (read with ``git show HEAD:...``).

Usage::

    python3 -m benchmarks.build_knuth SOURCE [--out benchmarks/peers/bin]

It runs ``ctangle`` (Debian: ``apt-get install texlive-binaries``) and ``gcc -O3``, and writes
the binaries ``ssxcc`` and ``dlx2`` to ``--out`` (default ``benchmarks/peers/bin``, ignored by
git; the benchmarks look there, or in ``$KNUTH_BIN``). The programs read the XCC text of
``solver arrange export --format dlx`` on stdin and print ``Altogether N solutions, ...`` on
stderr.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Where the benchmarks look for the binaries (unless ``$KNUTH_BIN`` names another folder).
DEFAULT_BIN = ROOT / "benchmarks" / "peers" / "bin"
PROGRAMS = ("ssxcc", "dlx2")
SOURCES = ("gb_flip.w", *(f"{p}.w" for p in PROGRAMS))
#: Files the sources include (``@i``).
INCLUDES = ("boilerplate.w",)


def read_source(source: Path, name: str) -> str:
    """The text of ``name`` from a plain directory or a git directory (its HEAD)."""
    if (source / name).is_file():
        return (source / name).read_text(encoding="latin-1")
    git = subprocess.run(["git", "--git-dir", str(source), "show", f"HEAD:{name}"],
                         capture_output=True, text=True, encoding="latin-1")
    if git.returncode != 0:
        raise SystemExit(f"build_knuth: {name} is neither in {source} nor in its git HEAD")
    return git.stdout


def build(source: Path, out: Path) -> list[Path]:
    """ctangle and compile every program of ``PROGRAMS`` into ``out``; returns the binaries."""
    for tool in ("ctangle", "gcc"):
        if shutil.which(tool) is None:
            raise SystemExit(f"build_knuth: {tool} is not installed (ctangle: Debian's "
                             "texlive-binaries)")
    out.mkdir(parents=True, exist_ok=True)
    built = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in (*INCLUDES, *SOURCES):
            (work / name).write_text(read_source(source, name), encoding="latin-1")
        # TeX Live's ctangle finds its input through kpathsea: look in the work folder
        env = {**os.environ, "CWEBINPUTS": str(work)}
        for name in SOURCES:
            done = subprocess.run(["ctangle", name], cwd=work, env=env, capture_output=True,
                                  text=True)
            if done.returncode not in (0, 1):  # 1: harmless warnings
                raise SystemExit(f"build_knuth: ctangle {name} failed:\n{done.stdout}")
        for program in PROGRAMS:
            binary = out / program
            subprocess.run(["gcc", "-O3", "-w", "-o", str(binary), f"{program}.c", "gb_flip.c"],
                           cwd=work, check=True)
            built.append(binary)
    return built


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="directory (or git directory) with the .w files")
    parser.add_argument("--out", type=Path, default=DEFAULT_BIN, help="where the binaries go")
    args = parser.parse_args(argv)
    for binary in build(args.source, args.out):
        print(binary)


if __name__ == "__main__":
    main(sys.argv[1:])
