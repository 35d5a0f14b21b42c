"""CPU time of whole ``solver`` processes: user + system time of each child, interleaved rounds.

Each round runs every command once, in order, as a new process (``python3 -m solver ...`` from
this checkout, Python's bytecode cache on, after one warm-up round that fills the bytecode and
numba caches). A command's figure is the median over the rounds of the child's user + system
CPU seconds (``os.wait4``), with the range; the load average is printed before and after. CPU
time, not wall clock: the machine is shared.

Usage::

    python3 -m benchmarks.startup [--rounds 7] [--json] [--baseline DIR] [NAME ...]

``NAME`` picks commands of :data:`COMMANDS` (all by default; ``python`` is ``python3 -c pass``,
the floor of any process on this machine); ``--baseline DIR`` runs every command in another
checkout too (e.g. ``git archive REV | tar -x -C DIR``), interleaved in the same rounds, and
prints both and their ratio; ``--importtime`` prints the slowest imports of each command
instead (``python3 -X importtime``); ``--stages`` the process CPU of each stage of a command
(the interpreter, click and the command line, numpy, numba, numba's implementations, the
project's arrange modules, the command itself), median of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FREE32 = "tests/data/hexagon-completions/rhombus8x8-free32.json"
#: name -> arguments of ``solver``
COMMANDS: dict[str, list[str]] = {
    "python": [],
    "sets-list": ["sets", "list"],
    "help": ["--help"],
    "count-4x4": ["arrange", "count", "compact", "--region", "4x4"],
    "count-free32": ["arrange", "count", "compact", "--set", "hexagon", "--region",
                     "rhombus:8x8", "--fixed", FREE32],
    "find-rhombus": ["arrange", "find", "compact", "--set", "hexagon", "--region",
                     "rhombus:8x8"],
}
#: Whole processes run as a user's would: with Python's bytecode cache on (this machine sets
#: PYTHONDONTWRITEBYTECODE, which makes every process compile our modules again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def command(name: str) -> list[str]:
    """The command line of ``name``."""
    if name == "python":
        return [sys.executable, "-c", "pass"]
    return [sys.executable, "-m", "solver", *COMMANDS[name]]


def cpu_of(cmd: list[str], cwd: Path = ROOT) -> float:
    """Run ``cmd`` in ``cwd`` (output discarded) and return its user + system CPU seconds."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read() if proc.stderr else b""
    if proc.returncode not in (0, 1):
        raise SystemExit(f"benchmarks.startup: {' '.join(cmd)} exited {proc.returncode}: "
                         f"{err.decode()[-500:]}")
    return usage.ru_utime + usage.ru_stime


def measure(names: list[str], rounds: int, trees: list[Path]) -> dict[str, list[list[float]]]:
    """name -> per tree, the CPU seconds of each round (after one warm-up round)."""
    for tree in trees:
        for n in names:
            cpu_of(command(n), tree)
    times: dict[str, list[list[float]]] = {n: [[] for _ in trees] for n in names}
    for _ in range(rounds):
        for n in names:
            for i, tree in enumerate(trees):
                times[n][i].append(cpu_of(command(n), tree))
    return times


def _ms(values: list[float]) -> str:
    return (f"{statistics.median(values) * 1000:7.1f} ms ({min(values) * 1000:.1f}-"
            f"{max(values) * 1000:.1f})")


#: A child process that times its own stages (process CPU before and after each import).
STAGES = """
import contextlib, io, sys, time
t = [time.process_time()]
def stage():
    t.append(time.process_time())
import solver.cli; stage()
import numpy; stage()
import numba; stage()
import solver.jit; stage()
import solver.arrange.engines.kernel, solver.arrange.instance; stage()
with contextlib.redirect_stdout(io.StringIO()):
    try:
        solver.cli.main(sys.argv[1:])
    except SystemExit:
        pass
stage()
print(" ".join(f"{x:.6f}" for x in t))
"""
STAGE_NAMES = ("the interpreter (to the first line)", "click and the command line", "numpy",
               "import numba", "numba's implementations (solver.jit)",
               "the project's arrange modules", "the command itself")


def stages(name: str, rounds: int) -> list[list[float]]:
    """Per stage of :data:`STAGE_NAMES`, the CPU seconds of each round."""
    out: list[list[float]] = [[] for _ in STAGE_NAMES]
    for _ in range(rounds + 1):  # the first one warms the caches
        done = subprocess.run([sys.executable, "-c", STAGES, *COMMANDS[name]], cwd=ROOT,
                              env=ENV, capture_output=True, text=True, check=True)
        marks = [float(x) for x in done.stdout.split()]
        for i, (a, b) in enumerate(zip([0.0, *marks], marks, strict=False)):
            out[i].append(b - a)
    return [values[1:] for values in out]


def import_profile(name: str, top: int = 12) -> str:
    """The ``top`` imports with the most cumulative time (``-X importtime``) of a command."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "solver", *COMMANDS[name]],
                          cwd=ROOT, env=ENV, capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, module = line[len("import time:"):].split("|")
            if cumulative.strip().isdigit():
                rows.append((int(cumulative), module.rstrip()))
    rows.sort(reverse=True)
    return "\n".join(f"  {us / 1000:7.1f} ms  {mod}" for us, mod in rows[:top])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python3 -m benchmarks.startup",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help=f"commands (default all: {', '.join(COMMANDS)})")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--json", action="store_true", help="the per-round figures as JSON")
    ap.add_argument("--importtime", action="store_true", help="the slowest imports instead")
    ap.add_argument("--baseline", type=Path, help="another checkout, run in the same rounds")
    ap.add_argument("--stages", action="store_true", help="the CPU of each stage instead")
    args = ap.parse_args(argv)
    names = args.names or list(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        raise SystemExit(f"benchmarks.startup: unknown command {unknown[0]!r}; one of "
                         f"{', '.join(COMMANDS)}")
    if args.importtime:
        for n in names:
            print(f"solver {' '.join(COMMANDS[n])}\n{import_profile(n)}")
        return
    if args.stages:
        print(f"process CPU per stage, median of {args.rounds} rounds (range); load "
              f"{os.getloadavg()[0]:.1f}")
        for n in names:
            if n == "python":
                continue
            print(f"solver {' '.join(COMMANDS[n])}")
            for label, values in zip(STAGE_NAMES, stages(n, args.rounds), strict=True):
                print(f"  {_ms(values)}  {label}")
        return
    trees = [ROOT] if args.baseline is None else [args.baseline.resolve(), ROOT]
    before = os.getloadavg()
    times = measure(names, args.rounds, trees)
    after = os.getloadavg()
    if args.json:
        print(json.dumps({"load": [before, after], "trees": [str(t) for t in trees],
                          "cpu_seconds": times}, indent=1))
        return
    print(f"whole-process CPU (user+sys), median of {args.rounds} interleaved rounds (range); "
          f"load {before[0]:.1f} before, {after[0]:.1f} after, {os.cpu_count()} CPUs"
          + (f"; baseline {trees[0]}, then this checkout" if len(trees) > 1 else ""))
    for n in names:
        shown = " ".join(command(n)[1:]).replace("-m solver", "solver")
        if len(trees) == 1:
            print(f"  {_ms(times[n][0])}  {shown}")
        else:
            base, ours = times[n]
            print(f"  {_ms(base)} -> {_ms(ours)}  "
                  f"x{statistics.median(ours) / statistics.median(base):.2f}  {shown}")


if __name__ == "__main__":
    main()
