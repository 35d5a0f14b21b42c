"""CPU seconds of thinking per move of the Dominimum players (``time.thread_time``).

Plays ``--games`` seeded three-seat games (deals 500, 501, ...) of ``expect`` against two
``greedy`` players and prints, per player, the mean and the largest thinking time of a move.
Neither player looks at the clock, so the figures say how much work a move takes; they vary
with the machine (the load is printed first). Not a benchmark: no ratio, one run.

Run ``python3 -m benchmarks.dominimum_think [--games N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from solver.dominimum.gamedef import DOMINIMUM
from solver.play.match import new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.1f}")
    lineup = ["expect", "greedy", "greedy"]
    times: dict[str, list[float]] = {name: [] for name in lineup}
    for k in range(args.games):
        state = new_game(DOMINIMUM, 500 + k, seats=3)
        players = [DOMINIMUM.make_player(n, seed=k * 8 + i) for i, n in enumerate(lineup)]
        while not state.is_over():
            seat = state.to_move()
            start = time.thread_time()
            move = players[seat].choose(state, random.Random(k))
            times[lineup[seat]].append(time.thread_time() - start)
            state.apply(move)
    for name, row in times.items():
        print(f"{name}: {len(row)} moves, mean {sum(row) / len(row):.4f} s, "
              f"max {max(row):.4f} s of CPU")


if __name__ == "__main__":
    main()
