"""The life-and-death prover on self-play positions: the share of groups whose pass-alive
question it decides (pass-alive or killable, not unknown) within 1 s of CPU.

Seeded greedy-against-greedy games on the base-9 board; every group of the position after
every ``--every``-th move is asked with a budget of ``--budget`` deterministic CP-SAT seconds,
and its CPU time is measured (model building included). Prints one line per figure.

    python3 -m benchmarks.life_share --games 50 --every 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from puzzles.dominions import Position
from solver.dominions.life import pass_status
from solver.dominions.players import GreedyPlayer
from solver.dominions.tracker import Tracker


def positions(games: int, every: int, seed: int) -> list[Position]:
    """Copies of the positions after every ``every``-th move of the seeded games."""
    out = []
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k)
        players = (GreedyPlayer(rng.randrange(1 << 30)), GreedyPlayer(rng.randrange(1 << 30)))
        pos = Position()
        t = Tracker(pos)
        while not pos.is_over():
            t.push(players[pos.to_move].choose(t))
            if len(pos.moves) % every == 0 and not pos.is_over():
                out.append(pos.copy())
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--limit", type=float, default=1.0, help="CPU seconds that count")
    args = ap.parse_args(argv)
    load = os.getloadavg()
    pos_list = positions(args.games, args.every, args.seed)
    times: list[float] = []
    within = 0
    status: dict[str, int] = {}
    reasons: dict[str, int] = {}
    for pos in pos_list:
        _, table = pos.groups()
        for cell in sorted(min(g.cells) for g in table.values()):
            start = time.process_time()
            v = pass_status(pos, cell, args.budget)
            spent = time.process_time() - start
            times.append(spent)
            status[v.status] = status.get(v.status, 0) + 1
            reasons[v.reason] = reasons.get(v.reason, 0) + 1
            within += v.decided and spent <= args.limit
    n = len(times)
    print(f"games {args.games}, positions {len(pos_list)} (every {args.every}th move), "
          f"groups {n}, budget {args.budget:g} deterministic s")
    print(f"decided within {args.limit:g} s CPU: {within} of {n} = {100 * within / n:.1f}%")
    print("status: " + ", ".join(f"{k} {v}" for k, v in sorted(status.items())))
    print("reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    print(f"CPU per group: median {1000 * statistics.median(times):.1f} ms, "
          f"90th percentile {1000 * statistics.quantiles(times, n=10)[-1]:.1f} ms, "
          f"max {max(times):.2f} s")
    after = os.getloadavg()
    print(f"load average before {load[0]:.1f} / {load[1]:.1f}, after {after[0]:.1f} / "
          f"{after[1]:.1f} ({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
