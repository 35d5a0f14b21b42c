"""Build ``tests/data/numbridge-rating-set.txt``: fields over HoDoKu's five levels, rated by the
peers, for measuring our rater (``solver/numbridge/difficulty.py``).

Regular fields: hodoku-py (a port of HoDoKu) rates candidate fields and each level keeps the
first ``PER_LEVEL`` that it rates so. Candidates: the 20 hard puzzles of
``tests/data/hard-sudoku-20.txt``, then minimal fields of our generator (a seeded random
filling, givens removed in a seeded order while the solution stays unique, until none can go),
seeds 1, 2, ... hodoku-py's own generator (``hodoku.Generator``) was tried first: within 200 s
it produced no medium field at all, so the levels are filled by rating instead.
Irregular fields: our generator (22-34 givens), rated by pencilmark (HoDoKu knows only
regular blocks).

Each line: ``givens blocks source hodoku_level hodoku_score pencilmark_difficulty`` (``-`` where
a peer does not apply). Run (several minutes; the machine is shared):
``python benchmarks/make_numbridge_rating_set.py``; ``... --irregular-only`` keeps the regular
lines of the file and rates the ``IRREGULAR`` irregular fields again (a few minutes).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "numbridge-rating-set.txt"
HARD = ROOT / "tests" / "data" / "hard-sudoku-20.txt"
PER_LEVEL = 24
IRREGULAR = 72
TIME_BUDGET = 420.0


def pencil(givens: str, blocks: str) -> str:
    """pencilmark's difficulty of a field with explicit row, column and block regions."""
    import pencilmark

    def cells(pred: object) -> list[str]:
        return [f"r{i // 9 + 1}c{i % 9 + 1}" for i in range(81) if pred(i)]  # type: ignore[operator]

    regions = ([{"kind": "row", "cells": cells(lambda i, r=r: i // 9 == r)} for r in range(9)]
               + [{"kind": "col", "cells": cells(lambda i, c=c: i % 9 == c)} for c in range(9)]
               + [{"kind": "box", "cells": cells(lambda i, b=b: blocks[i] == b)}
                  for b in "123456789"])
    doc = {"digits": 9, "numbers": givens.replace("0", "."), "regions": regions}
    try:
        return str(float(pencilmark.rate(doc, max_seconds=10)["difficulty"]))
    except Exception as exc:  # recorded in the file
        return f"error:{type(exc).__name__}"


def minimal_field(seed: int) -> str:
    """A minimal regular field of our generator (seeded)."""
    from puzzles.numbridge.field import REGULAR_BLOCKS
    from solver.numbridge.engine import solve_givens
    from solver.numbridge.generate import random_filling

    rng = random.Random(seed)
    solution = random_filling(REGULAR_BLOCKS, rng)
    assert solution is not None
    givens = list(solution)
    order = list(range(81))
    rng.shuffle(order)
    for c in order:
        keep = givens[c]
        givens[c] = "0"
        if solve_givens("".join(givens), REGULAR_BLOCKS, cap=2) != 1:
            givens[c] = keep
    return "".join(givens)


def irregular_lines() -> list[str]:
    """The irregular fields (seeds 5000.., 22-34 givens) with pencilmark's difficulty."""
    from solver.numbridge.generate import generate

    out = []
    for s in range(IRREGULAR):
        g = generate(22 + s % 13, "irregular", 5000 + s)
        out.append(f"{g.field.givens} {g.field.blocks} irregular-seed-{5000 + s} - - "
                   f"{pencil(g.field.givens, g.field.blocks)}")
        print(len(out), out[-1].split()[-1], flush=True)
    return out


def irregular_only() -> None:
    """Keep the regular lines and the header, rate the irregular fields again."""
    sys.path.insert(0, str(ROOT))
    kept = [ln for ln in OUT.read_text(encoding="utf-8").splitlines()
            if ln.startswith("#") or " regular " in ln]
    OUT.write_text("\n".join(kept + irregular_lines()) + "\n", encoding="utf-8")


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from hodoku import Solver

    hodoku = Solver()
    by_level: dict[str, list[str]] = {n: [] for n in ("easy", "medium", "hard", "unfair",
                                                      "extreme")}
    hard = [ln.split()[0].replace(".", "0") for ln in HARD.read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]
    candidates = [(g, "hard-20") for g in hard]
    start = time.monotonic()
    seed = 0
    while any(len(v) < PER_LEVEL for v in by_level.values()) \
            and time.monotonic() - start < TIME_BUDGET:
        if candidates:
            givens, source = candidates.pop(0)
        else:
            seed += 1
            givens, source = minimal_field(seed), f"minimal-seed-{seed}"
        r = hodoku.rate(givens)
        name = r.level.name.lower()
        if name in by_level and len(by_level[name]) < PER_LEVEL:
            by_level[name].append(f"{givens} regular {source} {name} {r.score} -")
    print({k: len(v) for k, v in by_level.items()}, f"{time.monotonic() - start:.0f}s",
          f"{seed} minimal fields", flush=True)
    lines = ["# Numbridge rating set: givens blocks source hodoku_level hodoku_score "
             "pencilmark_difficulty",
             "# built by benchmarks/make_numbridge_rating_set.py: hodoku-py 0.2.1 rates the "
             "regular fields (hard-20 and our minimal fields, seeds 1..), pencilmark 1.0.0rc1 "
             "the irregular ones (our generator, seeds 5000..)"]
    for got in by_level.values():
        lines.extend(got)
    OUT.write_text("\n".join(lines + irregular_lines()) + "\n", encoding="utf-8")
    print("done", flush=True)


if __name__ == "__main__":
    irregular_only() if "--irregular-only" in sys.argv[1:] else main()
