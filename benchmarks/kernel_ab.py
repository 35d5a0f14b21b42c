"""Two builds of the C kernel side by side: CPU seconds of the same node budget, interleaved.

For trying a change of ``solver/arrange/engines/_ckernel.c``: build the variant into a folder of
its own (``gcc -O3 -fwrapv -fPIC -shared -I$(python3 -c "import sysconfig;
print(sysconfig.get_paths()['include'])") _ckernel.c -o DIR/_ckernel$(python3-config
--extension-suffix)``), then::

    python3 -m benchmarks.kernel_ab BASE.so VARIANT.so [--free 40] [--nodes 10000000] [--rounds 3]

Each round runs, in both builds in turn, the most-constrained search of the hexagon rhombus:8x8
completion with ``--free`` free cells (``tests/data/hexagon-completions``) for ``--nodes``
nodes (``--nodes 0``: to the end, the whole count) and prints its CPU seconds, nodes and
solutions; then the median and range of each and the ratio variant / base, and the load before
and after. A variant that keeps the search tree (as ``tests/arrange/test_ckernel.py`` asks of
the C and numba kernels) shows the same nodes and solutions in both.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import time
from pathlib import Path
from types import ModuleType

from solver.arrange.engines.csearch import _flat, default_order
from solver.arrange.prepared import Run
from solver.arrange.problem import ArrangementProblem
from solver.arrange.split import prefix_from_json

ROOT = Path(__file__).resolve().parents[1]
COMPLETIONS = ROOT / "tests" / "data" / "hexagon-completions"


def load(path: Path) -> ModuleType:
    """The kernel module built at ``path`` (each file loads as a module of its own)."""
    spec = importlib.util.spec_from_file_location("solver.arrange.engines._ckernel", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"kernel_ab: {path} is not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def completion_run(free: int) -> Run:
    """The run of the hexagon rhombus:8x8 completion with ``free`` free cells."""
    path = COMPLETIONS / f"rhombus8x8-free{free}.json"
    if not path.is_file():
        raise SystemExit(f"kernel_ab: no completion with {free} free cells ({path})")
    fixed = prefix_from_json(json.loads(path.read_text()))
    return Run(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8", fixed=fixed))


def timed(module: ModuleType, run: Run, nodes: int) -> tuple[float, int, int]:
    """CPU seconds, nodes and solutions of one most-constrained search of ``nodes`` nodes."""
    layout = run.layout
    search = module.Search(layout.k, layout.piece_space, _flat(layout.nb), _flat(layout.back),
                           layout.offset, layout.blank_mask, layout.fixed,
                           default_order(layout), True)
    start = time.process_time()
    if nodes > 0:
        search.step(0, nodes)
    else:
        while search.step(0, 1 << 26)[0] != 0:
            pass
    return time.process_time() - start, int(search.nodes), int(search.solutions)


def _load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("variant", type=Path)
    parser.add_argument("--free", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=10_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    builds = {"base": load(args.base), "variant": load(args.variant)}
    run = completion_run(args.free)
    print(f"load before: {_load()}")
    times: dict[str, list[float]] = {name: [] for name in builds}
    for r in range(args.rounds):
        for name, module in builds.items():
            seconds, nodes, solutions = timed(module, run, args.nodes)
            times[name].append(seconds)
            print(f"round {r + 1} {name}: {seconds:.2f} s CPU, {nodes} nodes, "
                  f"{solutions} solutions")
    for name, values in times.items():
        print(f"{name}: median {statistics.median(values):.2f} s "
              f"({min(values):.2f}-{max(values):.2f})")
    ratios = [v / b for v, b in zip(times["variant"], times["base"], strict=True)]
    print(f"variant / base: {statistics.median(ratios):.3f} "
          f"({min(ratios):.3f}-{max(ratios):.3f})")
    print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
