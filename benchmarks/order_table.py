"""The kernel's cell orders on the counting workloads: both trees, the estimates ``auto`` saw,
its probes' work and its pick (``solver.arrange.engines.order_choice``).

Run with ``python3 -m benchmarks.order_table`` (about 10 s: every tree is counted exactly by
the C kernel). Prints a Markdown table: the problem, the exact nodes of the static and the
most-constrained (``mrv``) trees, the pieces ``auto``'s probes tried (its own work, in the unit
of the nodes), the order it picks and the count. Node counts and probe work are
machine-independent; no time is printed.
"""

from __future__ import annotations

import json
from pathlib import Path

from solver.arrange.engines.csearch import new_search
from solver.arrange.engines.order_choice import prefers_dynamic
from solver.arrange.prepared import Run
from solver.arrange.problem import ArrangementProblem
from solver.arrange.split import prefix_from_json

COMPLETIONS = Path(__file__).resolve().parents[1] / "tests" / "data" / "hexagon-completions"


def completion(free: int) -> ArrangementProblem:
    path = COMPLETIONS / f"rhombus8x8-free{free}.json"
    return ArrangementProblem.create("hexagon", "compact", "rhombus:8x8",
                                     fixed=prefix_from_json(json.loads(path.read_text())))


def problems() -> list[tuple[str, ArrangementProblem]]:
    square = "square"
    return [("hexagon rhombus:8x8, 24 free cells", completion(24)),
            ("hexagon rhombus:8x8, 32 free cells", completion(32)),
            ("square 4x4", ArrangementProblem.create(square, "compact", "4x4")),
            ("square torus:4x4", ArrangementProblem.create(square, "compact", "torus:4x4")),
            ("square 4x4 free border",
             ArrangementProblem.create(square, "compact", "4x4", "free")),
            ("square torus:8x2", ArrangementProblem.create(square, "compact", "torus:8x2")),
            ("triangle torus:8x2",
             ArrangementProblem.create("triangle", "compact", "torus:8x2"))]


def row(name: str, problem: ArrangementProblem) -> str:
    run = Run(problem)
    static, mrv = new_search(run), new_search(run, dynamic=True)
    count = static.count()
    assert mrv.count() == count
    probe_s, probe_d = new_search(run), new_search(run, dynamic=True)
    pick = "mrv" if prefers_dynamic(probe_s, probe_d) else "static"
    work = probe_s.probe_trials + probe_d.probe_trials
    return (f"| {name} | {static.nodes:,} | {mrv.nodes:,} | {work:,} | {pick} | {count:,} |")


def main() -> None:
    print("| problem | static tree | mrv tree | auto's probes (pieces tried) | auto picks | "
          "count |")
    print("|---|---:|---:|---:|---|---:|")
    for name, problem in problems():
        print(row(name, problem))


if __name__ == "__main__":
    main()
