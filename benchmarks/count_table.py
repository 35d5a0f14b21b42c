"""Exact counts of compact arrangements of the 16-piece sets on every 16-cell rectangle, torus
and cylinder.

Run with ``python benchmarks/count_table.py`` (seconds: the frontier dynamic program). Prints a
Markdown table: region, border rule, square count, time, triangle count, time (median of 3 runs,
wall clock, on a loaded machine read the ratios, not the absolute times). A torus has no border,
so its two border rules give one row; a cylinder (``cylinder:WxH``: the left and right edges
meet; ``vcylinder:WxH``: the top and bottom edges meet) keeps the border on its two other edges,
so it has both. Regions the grid cannot wrap (one cell round: a cell would be its own
neighbour; a triangle seam of odd length) are marked "-".
"""

from __future__ import annotations

import statistics
import time

from puzzles.errors import PuzzleError
from solver.arrange.problem import ArrangementProblem
from solver.arrange.run import count_arrangements

SIZES = [(1, 16), (2, 8), (4, 4), (8, 2), (16, 1)]


def timed_count(set_name: str, region: str, border: str) -> tuple[int, float] | None:
    """(count, median seconds of 3 runs) by ``auto`` (the frontier count), or None."""
    try:
        p = ArrangementProblem.create(set_name, "compact", region, border)
        times = []
        for _ in range(3):
            t = time.perf_counter()
            n, _ = count_arrangements(p)
            times.append(time.perf_counter() - t)
    except PuzzleError:
        return None
    return n, statistics.median(times)


def cell(result: tuple[int, float] | None) -> str:
    if result is None:
        return "- | -"
    n, t = result
    return f"{n:,} | {t * 1000:.1f} ms"


def main() -> None:
    print("| region | border | square | time | triangle | time |")
    print("|---|---|---:|---:|---:|---:|")
    for w, h in SIZES:
        for border in ("blank", "free"):
            region = f"{w}x{h}"
            print(f"| {region} | {border} | {cell(timed_count('square', region, border))} | "
                  f"{cell(timed_count('triangle', region, border))} |")
    for w, h in SIZES:
        region = f"torus:{w}x{h}"
        print(f"| {region} | (none) | {cell(timed_count('square', region, 'blank'))} | "
              f"{cell(timed_count('triangle', region, 'blank'))} |")
    for kind in ("cylinder", "vcylinder"):
        for w, h in SIZES:
            for border in ("blank", "free"):
                region = f"{kind}:{w}x{h}"
                print(f"| {region} | {border} | {cell(timed_count('square', region, border))} | "
                      f"{cell(timed_count('triangle', region, border))} |")


if __name__ == "__main__":
    main()
