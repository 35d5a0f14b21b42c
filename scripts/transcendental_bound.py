"""Deterministic upper bounds on transcendental arrangements (issue 14, question 5).

Prints, for a set, the bounds of ``solver.arrange.grow_bound`` (one group, all groups; up to
translation of groups) with the time taken. ``--store`` writes them as ``upper_bound`` into
``docs/results/transcendental-<set>-all.json`` and ``-single.json`` (hexagon).

Usage::

    python3 scripts/transcendental_bound.py --set hexagon --store
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from solver.arrange.grow_bound import transcendental_bounds
from solver.arrange.problem import ArrangementProblem

ROOT = Path(__file__).resolve().parents[1]
METHOD = ("Eden's breadth-first encoding: a group of m cells showing s sides to empty cells "
          "has at most C(m + s, s) shapes; all groups: the Euler transform of those counts "
          "over multisets with the set's cells and blank sides in all (solver/arrange/"
          "grow_bound.py); drops 'every pattern once'")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", dest="piece_set", default="hexagon", choices=["hexagon", "square"])
    ap.add_argument("--store", action="store_true",
                    help="write the bounds into the stored result documents (hexagon)")
    args = ap.parse_args()
    t = time.time()
    b = transcendental_bounds(ArrangementProblem.create(args.piece_set, "transcendental"))
    secs = round(time.time() - t, 2)
    load = [round(x, 2) for x in os.getloadavg()]
    rows = {"single": {"value": str(b.single_group), "float": float(b.single_group),
                       "exact_integer": True},
            "all": {"value": repr(b.all_groups), "float": b.all_groups, "exact_integer": False,
                    "note": "floating point, raised by a relative margin of 1e-6"}}
    for name, row in rows.items():
        row.update({"method": METHOD, "cells": b.cells, "blank_sides": b.blank_sides,
                    "guarantee": "deterministic", "seconds": secs, "load": load,
                    "command": f"python3 scripts/transcendental_bound.py --set {args.piece_set}"})
        print(name, json.dumps(row))
        if args.store and args.piece_set == "hexagon":
            path = ROOT / "docs" / "results" / f"transcendental-hexagon-{name}.json"
            doc = json.loads(path.read_text())
            doc["upper_bound"] = row
            path.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
