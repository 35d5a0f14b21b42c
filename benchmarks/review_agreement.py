"""Does the review's best move stand up to a search given ten times its budget?

Positions per game: those of its regression file (``tests/data/regress-<game>.txt``) and
``--selfplay`` seeded self-play positions (``benchmarks.positions``). In each, the review's
player at ``--nodes`` iterations names its best move (as ``solver review`` does, seed 1), and a
judge, the same player at ten times the budget (another seed), names its own. The review
*agrees* when the judge picks the same move, or when the judge values the review's move within
the game's inaccuracy threshold of its own (both valued at the judge's budget through that
move only, common seeds): a move the stronger search would not call an inaccuracy. Printed per
game and in total: positions, the same move, agreement.

Run ``python3 -m benchmarks.review_agreement [--games ...] [--selfplay 14] [--nodes 200]
[--jobs N]`` (N worker processes, each taking every N-th position of a game).
Machine-independent (node budgets); the load is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.docblock import measured, write_block
from benchmarks.positions import regression_positions, selfplay_positions
from solver.games import game_names, get_game
from solver.play.review import EVAL_SEED, Thresholds, move_value, review_player

#: The judge's seed offset (its search is independent of the review's).
JUDGE_SEED = 77


def judge_chunk(name: str, chunk: int, chunks: int, selfplay: int, nodes: int
                ) -> tuple[int, int, int]:
    """Positions, same moves and agreements among the positions ``k`` of game ``name`` with
    ``k % chunks == chunk`` (one task of the pool; every chunk draws the same positions)."""
    game = get_game(name)
    review = review_player(game, max_nodes=nodes)
    judge = review_player(game, max_nodes=10 * nodes)
    limit = Thresholds.of(review.knowledge).inaccuracy
    states = regression_positions(game) + selfplay_positions(game, selfplay)
    count = same = agree = 0
    for k, state in enumerate(states):
        if k % chunks != chunk:
            continue
        count += 1
        _, mine = review.search(state, random.Random(k))
        _, theirs = judge.search(state, random.Random(JUDGE_SEED + k))
        if state.move_text(mine) == state.move_text(theirs):
            same += 1
            agree += 1
            continue
        seed = EVAL_SEED + k
        loss = move_value(judge, state, theirs, seed) - move_value(judge, state, mine, seed)
        agree += loss < limit
    return count, same, agree


def main(argv: list[str] | None = None) -> None:
    """Print per game how often the review's best move agrees with the judge's."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(game_names()))
    ap.add_argument("--selfplay", type=int, default=14)
    ap.add_argument("--nodes", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1,
                    help="worker processes (each takes every jobs-th position of a game)")
    ap.add_argument("--write", action="store_true",
                    help="also write the table into docs/players.md (review-agreement)")
    args = ap.parse_args(argv)
    started = time.monotonic()
    load = f"{os.getloadavg()[0]:.1f}"
    print("load average (1/5/15 min):", " / ".join(f"{x:.1f}" for x in os.getloadavg()))
    lines = [f"Review at {args.nodes} nodes, judge at {10 * args.nodes} nodes:", "",
             "| game | positions | the same move | agree | inaccuracy threshold |",
             "|---|---|---|---|---|"]
    for line in lines:
        print(line)
    names = args.games.split(",")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {name: [pool.submit(judge_chunk, name, c, args.jobs, args.selfplay,
                                      args.nodes) for c in range(args.jobs)]
                   for name in names}
        total = same_total = agree_total = 0
        for name in names:
            parts = [f.result() for f in futures[name]]
            count, same, agree = (sum(p[i] for p in parts) for i in range(3))
            limit = Thresholds.of(get_game(name).knowledge()).inaccuracy
            lines.append(f"| {name} | {count} | {same} ({100 * same / count:.0f}%) "
                         f"| {agree} ({100 * agree / count:.0f}%) | {limit:g} |")
            print(lines[-1], flush=True)
            total += count
            same_total += same
            agree_total += agree
    lines.append(f"| **all** | {total} | {same_total} ({100 * same_total / total:.0f}%) "
                 f"| **{agree_total} ({100 * agree_total / total:.0f}%)** | |")
    print(lines[-1])
    if args.write:
        command = "python3 -m benchmarks.review_agreement" + "".join(
            f" {a}" for a in (argv if argv is not None else sys.argv[1:]) if a != "--write")
        write_block("review-agreement", measured(command, f"{load} on 2 cores",
                                                runs=time.monotonic() - started)
                    + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
