"""Generation time per difficulty level (``solver numbridge generate --difficulty``): median
and range over seeds, regular and irregular blocks, 30 givens.

Run: ``python benchmarks/numbridge_generation_times.py [SEEDS] [regular,irregular] [CAP]``
(minutes; the machine is shared, so the figures move with its load: the load average is
printed before and after). Every field stops at CAP seconds (120 by default).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from puzzles.errors import BudgetExhaustedError
from solver.numbridge.by_difficulty import generate_level
from solver.numbridge.difficulty import LEVELS


def main(seeds: int = 9, kinds: tuple[str, ...] = ("regular", "irregular"),
         cap: float = 120.0) -> None:
    generate_level("easy", seed=0)  # compile and warm up
    print(f"load average before: {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| blocks | level | fields | median s | min s | max s | median attempts |")
    print("|---|---|---|---|---|---|---|")
    for blocks in kinds:
        for level in LEVELS:
            n = seeds if level != "extreme" else max(3, seeds // 3)
            times, attempts, failed = [], [], 0
            for seed in range(1, n + 1):
                t = time.monotonic()
                try:
                    found = generate_level(level, 30, blocks, seed, time_limit=cap)
                    attempts.append(found.attempts)
                except BudgetExhaustedError:
                    failed += 1
                times.append(time.monotonic() - t)
            print(f"| {blocks} | {level} | {n - failed}/{n} | {statistics.median(times):.2f} | "
                  f"{min(times):.2f} | {max(times):.2f} | "
                  f"{statistics.median(attempts) if attempts else '-'} |", flush=True)
    print(f"load average after: {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9,
         tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("regular", "irregular"),
         float(sys.argv[3]) if len(sys.argv) > 3 else 120.0)
