"""Guaranteed upper bounds on compact counts by exact counts of relaxations (issue 14, q. 4).

For each problem (the names of ``scripts/compact_count_compare.py``: square4x4, torus4x4,
triangle-torus8x2, free24 ... free48, full) and each method, the exact count of the
relaxation, its ratio to the exact count where known, the time, the largest number of states
and the load. Methods:

- ``axes``: the product over the axes of the line counts (``solver.arrange.count_axes``);
- ``pattern``: the same relaxation, counted on the cell of its rarest pattern
  (``count_axes.rarest_pattern_bound``: at most the axis bound);
- ``dp:SPEC``: the frontier count with class counts (``solver.arrange.count_relaxation``);
  SPEC joins classings with ``+``: ``weight``, ``side:J``, ``proj:J,J,...`` (the pattern on
  those sides), ``axis`` (one projection per axis), ``pieces:P,P,...`` (each exactly once),
  ``all`` (every side: the exact count).

A method whose states pass ``--max-states`` is reported as not finished. Writes JSON lines.

Usage::

    python3 scripts/count_upper_bound.py --problems square4x4,free24,full \
        --method axes --method dp:weight --method dp:proj:0,1,2 --out bounds.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from puzzles.errors import InvalidInputError
from solver.arrange import count_relaxation as cr
from solver.arrange.count_axes import axes, axis_bound, rarest_pattern_bound
from solver.arrange.layout import EdgeLayout

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scripts.compact_count_compare import KNOWN, problem_named


def classings(lay: EdgeLayout, spec: str) -> list[cr.Classing]:
    """The classings named by ``spec`` (see the module docstring)."""
    out: list[cr.Classing] = []
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
            raise SystemExit(f"unknown classing {part!r} in {spec!r}")
    return out


def run(name: str, method: str, max_states: int) -> dict[str, Any]:
    lay = EdgeLayout.build(problem_named(name))
    row: dict[str, Any] = {"problem": name, "exact": KNOWN.get(name), "method": method,
                           "load_before": [round(x, 2) for x in os.getloadavg()]}
    t = time.time()
    cpu = time.process_time()
    try:
        if method == "axes":
            bound, states = axis_bound(lay), None
        elif method == "pattern":
            v, bound = rarest_pattern_bound(lay)
            states = None
            row["pattern"] = v
        elif method.startswith("dp:"):
            cr.MAX_STATES = max_states
            rc = cr.RelaxedCount(lay, classings(lay, method[3:]))
            bound, states = rc.count(), rc.states
        else:
            raise SystemExit(f"unknown method {method!r}")
    except MemoryError as e:
        bound, states = None, None
        row["note"] = f"not finished: {e}"
    except InvalidInputError as e:
        bound, states = None, None
        row["note"] = f"does not apply: {e}"
    row.update({"bound": bound, "bound_float": float(bound) if bound is not None else None,
                "ratio_to_exact": (bound / row["exact"]) if bound is not None and row["exact"]
                else None,
                "states": states, "seconds": round(time.time() - t, 2),
                "cpu_seconds": round(time.process_time() - cpu, 2),
                "load_after": [round(x, 2) for x in os.getloadavg()]})
    if bound is not None:
        row["bound"] = str(bound)  # exact, as a decimal string (JSON readers lose big ints)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", default="square4x4,triangle-torus8x2,free24")
    ap.add_argument("--method", action="append", dest="methods",
                    help="a method (repeat the option for several; default axes and dp:weight)")
    ap.add_argument("--max-states", type=int, default=cr.MAX_STATES)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    lines: list[str] = []
    for name in args.problems.split(","):
        for method in args.methods or ["axes", "dp:weight"]:
            lines.append(json.dumps(run(name, method, args.max_states)))
            print(lines[-1], flush=True)
            if args.out:
                args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the rows finished so far are already in --out
        print("interrupted: the finished rows are in --out", file=sys.stderr)
        raise SystemExit(130) from None
