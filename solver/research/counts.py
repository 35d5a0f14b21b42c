"""Compact counts of question 4: named problems, batch estimates with a Markov lower bound,
ApproxMC side by side, and guaranteed upper bounds from exact counts of relaxations.

Named problems: ``square4x4``, ``torus4x4`` (square set), ``triangle-torus8x2``, ``full`` (the
hexagon set on rhombus:8x8) and ``free24`` ... ``free48``: the same rhombus with every row
``r >= N / 8`` of one solution fixed, so N cells free (the files of
``tests/data/hexagon-completions``, built here from :data:`RHOMBUS_ROWS`).

Examples
--------
>>> len(problem_named("free40").fixed), KNOWN["free40"]
(24, 573105)
>>> row = bound_row("square4x4", "axes")
>>> row["bound"], row["exact"]
('51076', 652)
"""

from __future__ import annotations

import multiprocessing as mp
import os
import statistics
import time
from typing import Any

from puzzles.errors import InvalidInputError
from solver.arrange.problem import ArrangementProblem

#: Exact counts known (the kernel; free40 on Dask, docs/counting.md).
KNOWN = {"free24": 2, "free32": 99, "free40": 573105, "square4x4": 652,
         "torus4x4": 203520, "triangle-torus8x2": 6016}

#: Rows r = 3..7 of one compact hexagon arrangement of rhombus:8x8 (piece at q = 0..7).
RHOMBUS_ROWS = {
    3: (32, 54, 46, 15, 57, 7, 40, 14),
    4: (16, 27, 41, 5, 50, 45, 29, 24),
    5: (19, 59, 4, 8, 43, 61, 31, 26),
    6: (3, 42, 21, 17, 33, 63, 55, 30),
    7: (1, 0, 2, 34, 37, 38, 39, 6),
}
NAMES = ("square4x4", "torus4x4", "triangle-torus8x2", "free24", "free32", "free40", "free48",
         "full")


def completion_fixed(free: int) -> dict[tuple[int, int], int]:
    """The fixed pieces of ``freeN``: the rows ``r >= N / 8`` of :data:`RHOMBUS_ROWS`."""
    if free not in (24, 32, 40, 48):
        raise InvalidInputError(f"free{free}: the completions have 24, 32, 40 or 48 free cells")
    return {(q, r): p for r, row in RHOMBUS_ROWS.items() if r >= free // 8
            for q, p in enumerate(row)}


def problem_named(name: str) -> ArrangementProblem:
    """The problem of a name (see the module docstring)."""
    if name.startswith("free") and name[4:].isdigit():
        return ArrangementProblem.create("hexagon", "compact", "rhombus:8x8",
                                         fixed=completion_fixed(int(name[4:])))
    table = {"full": ("hexagon", "rhombus:8x8"), "square4x4": ("square", "4x4"),
             "torus4x4": ("square", "torus:4x4"), "triangle-torus8x2": ("triangle", "torus:8x2")}
    if name not in table:
        raise InvalidInputError(f"unknown problem {name!r}; known: {', '.join(NAMES)}")
    set_name, region = table[name]
    return ArrangementProblem.create(set_name, "compact", region)


def batch_estimates(problem: ArrangementProblem, batches: int, probes: int, seed: int,
                    tail: int | None = None, exact: int | None = None) -> dict[str, Any]:
    """``batches`` independent tail estimates (seeds ``seed .. seed + batches - 1``): the
    batch means, their mean and normal 95% interval, and the Markov lower bound
    ``min(means) / 2`` with probability at least ``1 - 2^-batches``."""
    from solver.arrange.engines.kernel import KernelSearch  # local: start-up
    from solver.arrange.estimate import choose_tail, estimate  # local: start-up
    from solver.arrange.instance import EdgeInstance  # local: start-up

    if tail is None:
        tail = choose_tail(KernelSearch(EdgeInstance.build(problem), dynamic=True), seed)
    t, cpu = time.time(), time.process_time()
    runs = [estimate(problem, probes=probes, seed=seed + b, tail=tail) for b in range(batches)]
    means = [r.solutions for r in runs]
    mean = statistics.fmean(means)
    err = statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else float("inf")
    return {"tail": tail, "batches": batches, "probes_per_batch": probes,
            "hits": sum(r.hits for r in runs), "batch_means": means, "estimate": mean,
            "normal_95": [max(0.0, mean - 1.96 * err), mean + 1.96 * err],
            "batch_intervals_holding_exact": (
                sum(1 for r in runs if r.low <= exact <= r.high) if exact is not None else None),
            "markov_lower": min(means) / 2, "markov_confidence": 1 - 2.0 ** -batches,
            "seconds": round(time.time() - t, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2)}


def _approxmc_child(name: str, sampling: str, seed: int, queue: Any) -> None:
    from solver.arrange.cnf import approxmc_count  # local: start-up

    t = time.time()
    n = approxmc_count(problem_named(name), seed=seed, sampling=sampling)
    queue.put((n, time.time() - t))


def approxmc(name: str, sampling: str, seed: int, limit: float) -> dict[str, Any]:
    """ApproxMC (epsilon 0.8, delta 0.2) in a child process; ``count`` null at the limit."""
    ctx = mp.get_context("fork")
    queue: Any = ctx.Queue()
    proc = ctx.Process(target=_approxmc_child, args=(name, sampling, seed, queue))
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


def compare_row(name: str, batches: int, probes: int, seed: int, tail: int | None,
                samplings: list[str], approxmc_limit: float) -> dict[str, Any]:
    """One row of the comparison table: the batch estimates and ApproxMC on one problem."""
    row: dict[str, Any] = {"problem": name, "exact": KNOWN.get(name),
                           "load_before": [round(x, 2) for x in os.getloadavg()]}
    row["tail_estimator"] = batch_estimates(problem_named(name), batches, probes, seed, tail,
                                            KNOWN.get(name))
    row["approxmc"] = [approxmc(name, s, seed, approxmc_limit) for s in samplings]
    row["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return row


def classings(lay: Any, spec: str) -> list[Any]:
    """The classings named by ``spec`` (``+``-joined): ``weight``, ``side:J,..``,
    ``proj:J,..`` (the pattern on those sides), ``axis`` (one projection per axis),
    ``pieces:P,..`` (each exactly once), ``all`` (every side: the exact count)."""
    from solver.arrange import count_relaxation as cr  # local: start-up
    from solver.arrange.count_axes import axes  # local: start-up

    out: list[Any] = []
    for part in spec.split("+"):
        name, _, arg = part.partition(":")
        nums = [int(x) for x in arg.split(",") if x]
        if name == "weight":
            out.append(cr.weight_classing(lay))
        elif name == "side":
            out.extend(cr.side_classing(lay, j) for j in nums)
        elif name == "proj":
            out.append(cr.projection_classing(lay, nums))
        elif name == "axis":
            out.extend(cr.projection_classing(lay, list(a)) for a in axes(lay))
        elif name == "pieces":
            out.append(cr.pieces_classing(lay, nums))
        elif name == "all":
            out.append(cr.projection_classing(lay, list(range(lay.k))))
        else:
            raise InvalidInputError(f"unknown classing {part!r} in {spec!r}")
    return out


METHODS = ("axes", "pattern", "dp:SPEC")


def bound_value(problem: ArrangementProblem, method: str,
                max_states: int | None = None) -> tuple[int, dict[str, Any]]:
    """A guaranteed upper bound on the problem's count by ``method`` and its details.

    Raises
    ------
    MemoryError
        A frontier count whose states pass ``max_states``.
    InvalidInputError
        An unknown method, or one that does not apply to the problem.
    """
    from solver.arrange import count_relaxation as cr  # local: start-up
    from solver.arrange.count_axes import axis_bound, rarest_pattern_bound  # local: start-up
    from solver.arrange.layout import EdgeLayout  # local: start-up

    lay = EdgeLayout.build(problem)
    if method == "axes":
        return axis_bound(lay), {}
    if method == "pattern":
        v, bound = rarest_pattern_bound(lay)
        return bound, {"pattern": v}
    if method.startswith("dp:"):
        if max_states is not None:
            cr.MAX_STATES = max_states
        rc = cr.RelaxedCount(lay, classings(lay, method[3:]))
        return rc.count(), {"states": rc.states}
    raise InvalidInputError(f"unknown method {method!r}; known: {', '.join(METHODS)}")


def bound_row(name: str, method: str, max_states: int | None = None) -> dict[str, Any]:
    """One row of the upper-bound table: the bound (a decimal string), its ratio to the exact
    count where known, CPU and wall seconds, the load; ``note`` when it did not finish."""
    row: dict[str, Any] = {"problem": name, "exact": KNOWN.get(name), "method": method,
                           "load_before": [round(x, 2) for x in os.getloadavg()]}
    t, cpu = time.time(), time.process_time()
    bound: int | None = None
    try:
        bound, details = bound_value(problem_named(name), method, max_states)
        row.update(details)
    except MemoryError as e:
        row["note"] = f"not finished: {e}"
    except InvalidInputError as e:
        if "unknown" in str(e):
            raise
        row["note"] = f"does not apply: {e}"
    exact = row["exact"]
    row.update({"bound": str(bound) if bound is not None else None,
                "bound_float": float(bound) if bound is not None else None,
                "ratio_to_exact": bound / exact if bound is not None and exact else None,
                "seconds": round(time.time() - t, 2),
                "cpu_seconds": round(time.process_time() - cpu, 2),
                "load_after": [round(x, 2) for x in os.getloadavg()]})
    return row


#: The regions of the small-count table: every region of as many cells as the set has pieces
#: that some engine here counts exactly (docs/results.md, question 4).
SMALL_REGIONS = (
    ("square", "4x4"), ("square", "2x8"), ("square", "1x16"), ("square", "torus:4x4"),
    ("square", "torus:2x8"), ("square", "cylinder:4x4"), ("square", "cylinder:2x8"),
    ("square", "cylinder:8x2"),
    ("triangle", "8x2"), ("triangle", "4x4"), ("triangle", "2x8"), ("triangle", "torus:4x4"),
    ("triangle", "torus:8x2"), ("triangle", "cylinder:8x2"), ("triangle", "cylinder:4x4"),
    ("hexagon", "rhombus:1x64"), ("hexagon", "rhombus:2x32"), ("hexagon", "rhombus:32x2"),
)
CNF_LIMIT = 200_000


def cnf_count(problem: ArrangementProblem, limit: int = CNF_LIMIT) -> int:
    """The count by enumerating the models of the compact CNF (``solver.arrange.cnf``) with
    blocking clauses over the placements; raises MemoryError past ``limit`` models."""
    from pysat.solvers import Solver

    from solver.arrange.cnf import encode  # local: start-up

    cnf = encode(problem)
    found = 0
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        while s.solve():
            true = set(s.get_model())
            s.add_clause([-v for v in cnf.sampling if v in true])
            found += 1
            if found > limit:
                raise MemoryError(f"more than {limit} models")
    return found


def engine_count(problem: ArrangementProblem, engine: str) -> int:
    """The exact count by one engine: ``kernel``, ``frontier`` or ``cpsat`` (the arrangement
    engines, ``solver.arrange.api.count``) or ``cnf`` (:func:`cnf_count`)."""
    if engine == "cnf":
        return cnf_count(problem)
    from solver.arrange.api import count  # local: start-up

    return count(problem, engine=engine)


def small_count_rows(regions: tuple[tuple[str, str], ...] = SMALL_REGIONS,
                     tick: Any = None) -> list[dict[str, Any]]:
    """Each region counted by two engines (kernel and frontier for the square and triangle
    sets; the CNF and CP-SAT for the hexagon set, where the kernel does not finish on these
    narrow boards): counts, CPU seconds, agreement."""
    rows = []
    for set_name, region in regions:
        problem = ArrangementProblem.create(set_name, "compact", region)
        engines = ("cnf", "cpsat") if set_name == "hexagon" else ("kernel", "frontier")
        row: dict[str, Any] = {"set": set_name, "region": region}
        for engine in engines:
            cpu = time.process_time()
            row[engine] = engine_count(problem, engine)
            row[f"{engine}_cpu_seconds"] = round(time.process_time() - cpu, 2)
        counts = {row[e] for e in engines}
        row["agree"] = len(counts) == 1
        row["count"] = row[engines[0]]
        if tick is not None:
            tick(row)
        rows.append(row)
    return rows
