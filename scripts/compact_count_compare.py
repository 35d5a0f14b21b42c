"""Compact counts side by side: the project's tail estimator against ApproxMC (issue 14, q. 4).

For each problem: the exact count where one is known, ``batches`` independent runs of the tail
estimator (``solver.arrange.estimate``, one fixed tail) with their mean, normal 95% interval and
the Markov lower bound (the count is at least min(batch means) / 2 with probability at least
1 - 2^-batches), and ApproxMC (pyapproxmc, epsilon 0.8, delta 0.2) on the CNF projected on the
placements and on the edges, each in a child process with a time limit. Writes JSON lines.

Usage::

    python3 scripts/compact_count_compare.py --problems free24,free32,square4x4 \
        --approxmc-limit 300 --out compare.jsonl
    python3 scripts/compact_count_compare.py --problems full --batches 10 --probes 4000 \
        --approxmc-limit 600 --out full.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from solver.arrange.problem import ArrangementProblem
from solver.arrange.split import prefix_from_json

ROOT = Path(__file__).resolve().parents[1]
COMPLETIONS = ROOT / "tests" / "data" / "hexagon-completions"
KNOWN = {"free24": 2, "free32": 99, "free40": 573105, "square4x4": 652,
         "torus4x4": 203520, "triangle-torus8x2": 6016}


def problem_named(name: str) -> ArrangementProblem:
    if name.startswith("free"):
        path = COMPLETIONS / f"rhombus8x8-{name}.json"
        fixed = prefix_from_json(json.loads(path.read_text()), str(path))
        return ArrangementProblem.create("hexagon", "compact", "rhombus:8x8", fixed=fixed)
    if name == "full":
        return ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")
    if name == "square4x4":
        return ArrangementProblem.create("square", "compact", "4x4")
    if name == "torus4x4":
        return ArrangementProblem.create("square", "compact", "torus:4x4")
    if name == "triangle-torus8x2":
        return ArrangementProblem.create("triangle", "compact", "torus:8x2")
    raise SystemExit(f"unknown problem {name!r}")


def _approxmc_child(name: str, sampling: str, seed: int, queue: Any) -> None:
    from solver.arrange.cnf import approxmc_count

    t = time.time()
    n = approxmc_count(problem_named(name), seed=seed, sampling=sampling)
    queue.put((n, time.time() - t))


def approxmc(name: str, sampling: str, seed: int, limit: float) -> dict[str, Any]:
    """ApproxMC in a child process; ``count`` null when the limit stopped it."""
    queue: Any = mp.get_context("fork").Queue()
    proc = mp.get_context("fork").Process(target=_approxmc_child,
                                          args=(name, sampling, seed, queue))
    t = time.time()
    proc.start()
    proc.join(limit)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return {"sampling": sampling, "count": None, "seconds": round(time.time() - t, 1),
                "note": f"not finished in {limit:g} s"}
    n, secs = queue.get()
    return {"sampling": sampling, "count": n, "seconds": round(secs, 1)}


def estimates(name: str, batches: int, probes: int, seed: int,
              tail: int | None = None) -> dict[str, Any]:
    from solver.arrange.engines.kernel import KernelSearch
    from solver.arrange.estimate import choose_tail, estimate
    from solver.arrange.instance import EdgeInstance

    problem = problem_named(name)
    if tail is None:
        tail = choose_tail(KernelSearch(EdgeInstance.build(problem), dynamic=True), seed)
    t = time.time()
    runs = [estimate(problem, probes=probes, seed=seed + b, tail=tail) for b in range(batches)]
    secs = time.time() - t
    means = [r.solutions for r in runs]
    mean = statistics.fmean(means)
    err = statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else float("inf")
    return {"tail": tail, "batches": batches, "probes_per_batch": probes,
            "hits": sum(r.hits for r in runs), "batch_means": means, "estimate": mean,
            "normal_95": [max(0.0, mean - 1.96 * err), mean + 1.96 * err],
            "batch_intervals_holding_exact": (
                sum(1 for r in runs if r.low <= KNOWN[name] <= r.high) if name in KNOWN else None),
            "markov_lower": min(means) / 2, "markov_confidence": 1 - 2.0 ** -batches,
            "seconds": round(secs, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", default="free24,free32,square4x4")
    ap.add_argument("--batches", type=int, default=10)
    ap.add_argument("--probes", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tail", type=int, default=None,
                    help="the exact tail of the estimator (default: chosen by a pilot)")
    ap.add_argument("--approxmc-limit", type=float, default=300.0)
    ap.add_argument("--samplings", default="edges,pieces")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    lines = []
    for name in args.problems.split(","):
        row: dict[str, Any] = {"problem": name, "exact": KNOWN.get(name),
                               "load_before": list(os.getloadavg())}
        row["tail_estimator"] = estimates(name, args.batches, args.probes, args.seed, args.tail)
        print(json.dumps(row), flush=True)
        row["approxmc"] = [approxmc(name, s, args.seed, args.approxmc_limit)
                           for s in args.samplings.split(",") if s]
        row["load_after"] = list(os.getloadavg())
        lines.append(json.dumps(row))
        print(lines[-1], flush=True)
        if args.out:
            args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the rows finished so far are already in --out
        print("interrupted: the finished problems are in --out", file=sys.stderr)
        raise SystemExit(130) from None
