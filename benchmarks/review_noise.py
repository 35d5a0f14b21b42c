"""The noise of the review's evaluation, per game, and the thresholds it suggests.

For each of ``--positions`` seeded self-play positions per game (``benchmarks.positions``), the
review's player (the game's MCTS at ``--nodes`` iterations) picks its best move, and that one
move is evaluated ``--seeds`` times, each by a search of the same budget through that move
only, with a different seed (``solver.play.review.move_value``). The spread of those values is
the noise of one evaluation; the loss that noise alone gives between two evaluations of one
move is ``|v_s - v_t|`` over every pair of seeds. The suggested thresholds: an inaccuracy from
the 95th percentile of that noise loss (rounded up to 0.01, at least 0.02: one loss in twenty
between two equal moves is noise), a mistake from twice and a blunder from four times it.
The review compares the two moves with the same seed, so its noise is smaller than this.

Run ``python3 -m benchmarks.review_noise [--games dominions,...] [--positions 20]
[--seeds 6] [--nodes 200]``. Machine-independent (node budgets); the load is printed.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from itertools import combinations

from benchmarks.docblock import measured, write_block
from benchmarks.positions import selfplay_positions
from solver.games import game_names, get_game
from solver.play.review import Thresholds, move_value, review_player


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def suggest(noise: list[float]) -> tuple[float, float, float]:
    """(inaccuracy, mistake, blunder) from the noise losses (see the module docstring)."""
    base = max(0.02, math.ceil(quantile(noise, 0.95) * 100) / 100)
    return base, round(2 * base, 2), round(4 * base, 2)


def main(argv: list[str] | None = None) -> None:
    """Print per game the spread of one evaluation and the suggested thresholds."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(game_names()))
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--nodes", type=int, default=200)
    ap.add_argument("--write", action="store_true",
                    help="also write the table into docs/players.md (review-noise)")
    args = ap.parse_args(argv)
    started = time.monotonic()
    load = f"{os.getloadavg()[0]:.1f}"
    print("load average (1/5/15 min):", " / ".join(f"{x:.1f}" for x in os.getloadavg()))
    lines = [f"{args.positions} positions a game, {args.seeds} seeds, {args.nodes} nodes a "
             "search:", "",
             "| game | sd of one value: median, 90th percentile | noise loss: median, 95th "
             "percentile | suggested thresholds | the game's thresholds |",
             "|---|---|---|---|---|"]
    for line in lines:
        print(line)
    for name in args.games.split(","):
        game = get_game(name)
        player = review_player(game, max_nodes=args.nodes)
        spreads: list[float] = []
        noise: list[float] = []
        for k, state in enumerate(selfplay_positions(game, args.positions)):
            _, best = player.search(state, random.Random(k))
            values = [move_value(player, state, best, 1000 * k + s) for s in range(args.seeds)]
            spreads.append(statistics.pstdev(values))
            noise.extend(abs(a - b) for a, b in combinations(values, 2))
        limits = Thresholds.of(player.knowledge)
        lines.append(f"| {name} | {statistics.median(spreads):.3f}, "
                     f"{quantile(spreads, 0.9):.3f} | {statistics.median(noise):.3f}, "
                     f"{quantile(noise, 0.95):.3f} "
                     f"| {' / '.join(f'{t:g}' for t in suggest(noise))} "
                     f"| {limits.inaccuracy:g} / {limits.mistake:g} / {limits.blunder:g} |")
        print(lines[-1], flush=True)
    if args.write:
        command = "python3 -m benchmarks.review_noise" + "".join(
            f" {a}" for a in (argv if argv is not None else sys.argv[1:]) if a != "--write")
        write_block("review-noise", measured(command, f"{load} on 2 cores",
                                                runs=time.monotonic() - started)
                    + "\n".join(lines)
                    + "\n")


if __name__ == "__main__":
    main()
