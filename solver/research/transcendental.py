"""Transcendental arrangements on the open plane (question 5): batch estimates with a Markov
lower bound, and the deterministic upper bounds.

The estimate: Knuth probes through the growth search with an exact tail
(``solver.arrange.grow_estimate.FastWalker``), in ``batches`` independent batches (one random
stream, seeded once); the count is at least ``min(batch means) / 2`` with probability at least
``1 - 2^-batches`` (Markov's inequality on each batch mean). The bounds:
``solver.arrange.grow_bound``.

Commands: ``solver arrange estimate transcendental --batches N ...`` and ``solver arrange bound
transcendental``.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> doc = estimate_document(ArrangementProblem.create("square", "transcendental"), probes=200,
...                         tail=8, batches=4, seed=1)
>>> doc["markov_lower"] <= 5005 and len(doc["batch_means"]) == 4
True
>>> bound_rows(ArrangementProblem.create("square", "transcendental"))["all"]["float"] > 5005
True
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from puzzles.errors import InvalidInputError
from solver.arrange.problem import ArrangementProblem

SYMMETRIES = {"hexagon": 12, "square": 8}
BOUND_METHOD = ("Eden's breadth-first encoding: a group of m cells showing s sides to empty "
                "cells has at most C(m + s, s) shapes; all groups: the Euler transform of those "
                "counts over multisets with the set's cells and blank sides in all (solver/"
                "arrange/grow_bound.py); drops 'every pattern once'")


def _check(problem: ArrangementProblem) -> None:
    if problem.kind != "transcendental" or problem.region is not None:
        raise InvalidInputError("the growth estimate and bounds are for transcendental "
                                "arrangements on the open plane (no --region)")
    if problem.set_name not in SYMMETRIES:
        raise InvalidInputError(f"set {problem.set_name!r}: the growth estimate supports "
                                f"{', '.join(sorted(SYMMETRIES))}")


def estimate_document(problem: ArrangementProblem, probes: int, tail: int, batches: int,
                      seed: int, time_limit: float | None = None,
                      tick: Callable[[int, float], None] | None = None) -> dict[str, Any]:
    """The estimate as a JSON document (the format of ``docs/results/transcendental-*.json``).

    ``probes`` is the total, ``probes // batches`` per batch; a time limit or Ctrl-C keeps the
    whole batches done (``interrupted``). ``tick(batch, mean)`` after every batch.

    Raises
    ------
    InvalidInputError
        A problem that is not transcendental on the open plane, or fewer than two batches.
    """
    from solver.arrange.grow_estimate import FastWalker  # local: start-up

    _check(problem)
    if batches < 2 or probes < batches:
        raise InvalidInputError("give at least two batches and a probe per batch")
    walker = FastWalker(problem)
    rng = random.Random(seed)
    walker.probe(random.Random(0), 0)  # compile the kernel outside the timing
    walker.nodes = 0
    per = probes // batches
    start, cpu0 = time.time(), time.process_time()
    batch_means: list[float] = []
    values: list[float] = []
    interrupted = False
    for b in range(batches):
        if time_limit is not None and time.time() - start > time_limit:
            interrupted = True
            break
        try:
            batch = [walker.probe(rng, tail) for _ in range(per)]
        except KeyboardInterrupt:  # keep the whole batches done so far
            interrupted = True
            break
        values.extend(batch)
        batch_means.append(sum(batch) / per)
        if tick is not None:
            tick(b + 1, batch_means[-1])
    if len(batch_means) < 2:
        raise InvalidInputError("stopped before two batches were done: no estimate")
    n = len(values)
    mean = statistics.fmean(values)
    err = statistics.stdev(values) / math.sqrt(n)
    c, t = 2.0, len(batch_means)
    sym = SYMMETRIES[problem.set_name]
    return {
        "question": "number of transcendental arrangements of the "
                    f"{problem.set_name} set{' in one group' if problem.single_group else ''}, "
                    "up to translation of each group",
        "method": "Knuth probes through the growth search (most constrained demanded cell), "
                  f"exact count of the subtree once at most {tail} beamed pieces are left",
        "set": problem.set_name, "single_group": problem.single_group, "probes": n,
        "tail": tail, "seed": seed, "hits": sum(1 for v in values if v),
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
        "load": [round(x, 2) for x in os.getloadavg()],
        "interrupted": interrupted,
    }


def estimate_text(doc: dict[str, Any]) -> str:
    """Two lines for people."""
    lo, hi = doc["normal_95"]
    return (f"estimate {doc['estimate']:.4g} (normal 95% {lo:.3g} to {hi:.3g}, "
            f"{doc['probes']} probes, {doc['hits']} hits); at least {doc['markov_lower']:.3g} "
            f"with probability at least 1 - 2^-{len(doc['batch_means'])} "
            f"= {doc['markov_confidence']:.6g}\n"
            f"{doc['cpu_seconds']} s CPU, {doc['seconds']} s wall, load "
            f"{doc['load'][0]:.1f}")


def bound_rows(problem: ArrangementProblem) -> dict[str, dict[str, Any]]:
    """The two deterministic upper bounds (one group; all arrangements) as JSON rows."""
    from solver.arrange.grow_bound import transcendental_bounds  # local: start-up

    _check(problem)
    t, cpu = time.time(), time.process_time()
    b = transcendental_bounds(ArrangementProblem.create(problem.set_name, "transcendental"))
    secs, cpu_secs = round(time.time() - t, 2), round(time.process_time() - cpu, 2)
    load = [round(x, 2) for x in os.getloadavg()]
    rows = {"single": {"value": str(b.single_group), "float": float(b.single_group),
                       "exact_integer": True},
            "all": {"value": repr(b.all_groups), "float": b.all_groups, "exact_integer": False,
                    "note": "floating point, raised by a relative margin of 1e-6"}}
    for row in rows.values():
        row.update({"method": BOUND_METHOD, "cells": b.cells, "blank_sides": b.blank_sides,
                    "guarantee": "deterministic", "seconds": secs, "cpu_seconds": cpu_secs,
                    "load": load,
                    "command": f"solver arrange bound transcendental --set {problem.set_name}"})
    return rows
