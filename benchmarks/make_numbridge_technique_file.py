"""Build ``tests/data/numbridge-techniques.txt``: for every rung of the rating ladder, a field
whose rating needs it, and the pencil marks just before that step.

Sources, in order: the rating set (``tests/data/numbridge-rating-set.txt``), then fields of
our generator (22-26 givens, irregular and regular blocks, seeds from 1000) until every rung
is found or the time budget is spent. Each line::

    technique|givens|blocks|digits before the step|candidate masks before it (81 x 3 hex)|source

Run: ``python benchmarks/make_numbridge_technique_file.py [SECONDS] [generated]`` (minutes;
``generated`` skips the rating set). Lines already in the file are kept.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "numbridge-techniques.txt"


def main(budget: float = 600.0, rating_set: bool = True) -> None:
    sys.path.insert(0, str(ROOT))
    from puzzles.numbridge.field import Field
    from solver.numbridge.difficulty import TECHNIQUE_ORDER, rate
    from solver.numbridge.generate import generate
    from solver.numbridge.rating_set import load_rating_set

    want = [t.name for t in TECHNIQUE_ORDER]
    found: dict[str, str] = {}
    if OUT.exists():  # keep what an earlier run found
        for line in OUT.read_text().splitlines():
            if line and not line.startswith("#"):
                found[line.split("|")[0]] = line

    def note(f: Field, source: str) -> None:
        r = rate(f)
        for s in r.steps:
            name = s.technique.name
            if name in want and name not in found:
                masks = "".join(f"{m:03x}" for m in s.candidates)
                found[name] = f"{name}|{f.givens}|{f.blocks}|{s.digits}|{masks}|{source}"
                print(name, source, flush=True)

    start = time.monotonic()
    for row in load_rating_set() if rating_set else []:
        if set(want) <= set(found):
            break
        note(row.field, row.source)
    seed = 1000
    while not set(want) <= set(found) and time.monotonic() - start < budget:
        for kind in ("irregular", "regular"):
            givens = 22 + seed % 5
            note(generate(givens, kind, seed).field, f"generate {givens} {kind} {seed}")
        seed += 1
    lines = ["# Numbridge technique file: technique|givens|blocks|digits before the step|"
             "candidate masks before it (81 x 3 hex)|source",
             "# built by benchmarks/make_numbridge_technique_file.py; every rung of the ladder "
             "found (missing ones listed below)"]
    lines += [found[n] for n in want if n in found]
    lines += [f"# not found within the budget: {n}" for n in want if n not in found]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(found)}/{len(want)} rungs, seeds to {seed}, {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 600.0, "generated" not in sys.argv[2:])
