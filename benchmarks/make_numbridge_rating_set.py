"""Build ``tests/data/numbridge-rating-set.txt``: fields over HoDoKu's five levels, rated by the
peers, for measuring our rater (``solver/numbridge/difficulty.py``).

Regular fields: hodoku-py's generator (HoDoKu's ``BackgroundGenerator`` port: random symmetric
puzzles rated until one of the asked level turns up), seeded through its ``rng``; each field is
stored with HoDoKu's level and score, and (irregular fields) pencilmark's difficulty. Where the generator does not
reach ``PER_LEVEL`` fields of a level within its time budget, fields of our own generator (any
given count 22-34) rated by hodoku-py fill the level (marked ``source=ours``).
Irregular fields: our generator, rated by pencilmark (HoDoKu knows only regular blocks).

Run (minutes; the machine is shared): ``python benchmarks/make_numbridge_rating_set.py``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "numbridge-rating-set.txt"
PER_LEVEL = 24
LEVEL_BUDGET = 150.0  # seconds of hodoku generation per level
IRREGULAR = 30


def pencil(givens: str, blocks: str | None = None) -> float | str:
    import pencilmark

    doc: dict[str, object] = {"numbers": givens.replace("0", ".")}
    if blocks is not None:
        regions = []
        for b in "123456789":
            regions.append({"kind": "box", "cells": [f"r{i // 9 + 1}c{i % 9 + 1}"
                                                     for i in range(81) if blocks[i] == b]})
        rows = [{"kind": "row", "cells": [f"r{r + 1}c{c + 1}" for c in range(9)]} for r in range(9)]
        cols = [{"kind": "col", "cells": [f"r{r + 1}c{c + 1}" for r in range(9)]} for c in range(9)]
        doc = {"digits": 9, "numbers": givens.replace("0", "."), "regions": rows + cols + regions}
    try:
        card = pencilmark.rate(doc, max_seconds=10)
        return float(card["difficulty"])
    except Exception as exc:  # noqa: BLE001 - recorded in the file
        return f"error:{type(exc).__name__}"


def main() -> None:
    from hodoku import DifficultyType, Generator, Solver

    sys.path.insert(0, str(OUT.parents[2]))
    from solver.numbridge.generate import generate

    solver = Solver()
    lines = ["# Numbridge rating set: givens, blocks ('regular' or 81 block ids), source, "
             "hodoku level, hodoku score, pencilmark difficulty",
             "# built by benchmarks/make_numbridge_rating_set.py with hodoku-py 0.2.1 "
             "(generator seeded 1..) and pencilmark 1.0.0rc1; our generator for the rest"]
    by_level: dict[str, list[str]] = {}
    for level in (DifficultyType.EASY, DifficultyType.MEDIUM, DifficultyType.HARD,
                  DifficultyType.UNFAIR, DifficultyType.EXTREME):
        gen = Generator()
        gen._generator._rand = random.Random(1000 + level.value)  # seeded
        start = time.monotonic()
        got: list[str] = []
        while len(got) < PER_LEVEL and time.monotonic() - start < LEVEL_BUDGET:
            try:
                p = gen.generate(level, max_tries=200)
            except RuntimeError:
                continue
            r = solver.rate(p)
            got.append(f"{p.replace('.', '0')} regular hodoku {r.level.name.lower()} {r.score}")
        print(level.name, len(got), f"{time.monotonic() - start:.0f}s", flush=True)
        by_level[level.name.lower()] = got
    # fill with our fields rated by hodoku
    seed = 0
    start = time.monotonic()
    while any(len(v) < PER_LEVEL for v in by_level.values()) and time.monotonic() - start < 300:
        seed += 1
        g = generate(22 + seed % 13, "regular", seed)
        r = solver.rate(g.field.givens)
        name = r.level.name.lower()
        if name in by_level and len(by_level[name]) < PER_LEVEL:
            by_level[name].append(f"{g.field.givens} regular ours {name} {r.score}")
    for name, got in by_level.items():
        print(name, len(got), flush=True)
        lines.extend(line + " -" for line in got)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for s in range(IRREGULAR):
        g = generate(22 + s % 13, "irregular", 5000 + s)
        lines.append(f"{g.field.givens} {g.field.blocks} ours - - "
                     f"{pencil(g.field.givens, g.field.blocks)}")
        print("irregular", s, lines[-1][-12:], flush=True)
        OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
