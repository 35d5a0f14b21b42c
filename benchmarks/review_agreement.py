"""Does the review's best move stand up to a search given ten times its budget?

Positions per game: those of its regression file (``tests/data/regress-<game>.txt``) and
``--selfplay`` seeded self-play positions (``benchmarks.positions``). In each, the review's
engine at ``--nodes`` iterations names its best move (as ``solver review`` does, seed 1), and a
judge, the same engine at ten times the budget (another seed), names its own. The review
*agrees* when the judge picks the same move, or when the judge values the review's move within
the game's inaccuracy threshold of its own (both valued at the judge's budget through that
move only, common seeds): a move the stronger search would not call an inaccuracy. Printed per
game and in total: positions, the same move, agreement.

Run ``python3 -m benchmarks.review_agreement [--games ...] [--selfplay 14] [--nodes 200]``.
Machine-independent (node budgets); the load is printed.
"""

from __future__ import annotations

import argparse
import os
import random

from benchmarks.positions import regression_positions, selfplay_positions
from solver.games import game_names, get_game
from solver.play.review import EVAL_SEED, Thresholds, move_value, review_engine

#: The judge's seed offset (its search is independent of the review's).
JUDGE_SEED = 77


def main(argv: list[str] | None = None) -> None:
    """Print per game how often the review's best move agrees with the judge's."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(game_names()))
    ap.add_argument("--selfplay", type=int, default=14)
    ap.add_argument("--nodes", type=int, default=200)
    args = ap.parse_args(argv)
    print("load average (1/5/15 min):", " / ".join(f"{x:.1f}" for x in os.getloadavg()))
    print(f"review at {args.nodes} nodes, judge at {10 * args.nodes} nodes")
    total = same_total = agree_total = 0
    for name in args.games.split(","):
        game = get_game(name)
        review = review_engine(game, max_nodes=args.nodes)
        judge = review_engine(game, max_nodes=10 * args.nodes)
        limit = Thresholds.of(review.knowledge).inaccuracy
        states = regression_positions(game) + selfplay_positions(game, args.selfplay)
        same = agree = 0
        for k, state in enumerate(states):
            _, mine = review.search(state, random.Random(k))
            _, theirs = judge.search(state, random.Random(JUDGE_SEED + k))
            if state.move_text(mine) == state.move_text(theirs):
                same += 1
                agree += 1
                continue
            seed = EVAL_SEED + k
            loss = move_value(judge, state, theirs, seed) - move_value(judge, state, mine, seed)
            agree += loss < limit
        print(f"{name}: {len(states)} positions, the same move {same}, agree {agree} "
              f"({100 * agree / len(states):.0f}%; inaccuracy threshold {limit:g})", flush=True)
        total += len(states)
        same_total += same
        agree_total += agree
    print(f"all: {total} positions, the same move {same_total} "
          f"({100 * same_total / total:.0f}%), agree {agree_total} "
          f"({100 * agree_total / total:.0f}%)")


if __name__ == "__main__":
    main()
