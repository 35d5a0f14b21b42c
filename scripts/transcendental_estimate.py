"""Estimate the number of transcendental arrangements on the open plane (issue 14, question 5).

Knuth probes through the growth search with an exact tail (``solver.arrange.grow_estimate``),
split into independent batches for the Markov lower bound. Writes one JSON document.

Usage::

    python3 scripts/transcendental_estimate.py --set hexagon --probes 20000 --tail 22 \
        --seed 1 --out docs/results/transcendental-hexagon-all.json
    python3 scripts/transcendental_estimate.py --set hexagon --single-group ...
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

from solver.arrange.grow_estimate import FastWalker
from solver.arrange.problem import ArrangementProblem

SYMMETRIES = {"hexagon": 12, "square": 8}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", dest="piece_set", default="hexagon", choices=sorted(SYMMETRIES))
    ap.add_argument("--single-group", action="store_true")
    ap.add_argument("--probes", type=int, default=20000)
    ap.add_argument("--tail", type=int, default=22)
    ap.add_argument("--batches", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=3600.0,
                    help="stop after this many seconds (whole batches only)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    problem = ArrangementProblem.create(args.piece_set, "transcendental",
                                        single_group=args.single_group)
    walker = FastWalker(problem)
    rng = random.Random(args.seed)
    walker.probe(random.Random(0), 0)  # compile the kernel outside the timing
    walker.nodes = 0
    per = args.probes // args.batches
    start = time.time()
    cpu0 = time.process_time()
    batch_means: list[float] = []
    values: list[float] = []
    interrupted = False
    for b in range(args.batches):
        if time.time() - start > args.time_limit:
            break
        try:
            batch = [walker.probe(rng, args.tail) for _ in range(per)]
        except KeyboardInterrupt:  # keep the whole batches done so far
            interrupted = True
            break
        values.extend(batch)
        batch_means.append(sum(batch) / per)
        print(f"batch {b + 1}/{args.batches}: mean {batch_means[-1]:.4g}, "
              f"{sum(1 for v in batch if v)} hits, {time.time() - start:.0f} s", flush=True)
    if len(batch_means) < 2:
        raise SystemExit("stopped before two batches were done: no estimate")
    n = len(values)
    mean = statistics.fmean(values)
    err = statistics.stdev(values) / math.sqrt(n)
    c = 2.0
    t = len(batch_means)
    sym = SYMMETRIES[args.piece_set]
    doc = {
        "question": "number of transcendental arrangements of the "
                    f"{args.piece_set} set{' in one group' if args.single_group else ''}, "
                    "up to translation of each group",
        "method": "Knuth probes through the growth search (most constrained demanded cell), "
                  f"exact count of the subtree once at most {args.tail} beamed pieces are left",
        "set": args.piece_set, "single_group": args.single_group, "probes": n,
        "tail": args.tail, "seed": args.seed, "hits": sum(1 for v in values if v),
        "estimate": mean, "standard_error": err,
        "normal_95": [max(0.0, mean - 1.96 * err), mean + 1.96 * err],
        "batch_means": batch_means,
        "markov_lower": min(batch_means) / c, "markov_c": c,
        "markov_confidence": 1 - c ** (-t),
        "symmetries": sym,
        "up_to_symmetry_estimate": mean / sym,
        "up_to_symmetry_lower": min(batch_means) / c / sym,
        "first_probes": values[:20],
        "nodes_per_probe": walker.nodes / n,
        "seconds": round(time.time() - start, 1),
        "cpu_seconds": round(time.process_time() - cpu0, 1),
        "load": list(os.getloadavg()),
        "interrupted": interrupted,
    }
    text = json.dumps(doc, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)
    if interrupted:
        print("interrupted: the estimate above uses the whole batches done", file=sys.stderr)
        raise SystemExit(130)


if __name__ == "__main__":
    main()
