"""CPU time of the Dominomega greedy choices before and after they were made fast.

Side by side in one run, interleaved rounds (CPU time, ``time.process_time``):

- ``choices``: one ``greedy_omega_choices`` call, the mean over every position of a seeded
  three-seat game of greedy players (``--seed``), the old code
  (``tests/dominimum/omega_reference.py``) against today's; both lists are checked equal;
- ``review``: ``review_state`` of the first ``--moves`` moves of a three-seat game of random
  players (deal and moves from ``--seed``) at ``--nodes`` nodes, with the rollouts' greedy
  choices by the old code and by today's (the two reviews are checked equal).

Prints the median and the range of each side and of the ratio, and the load.
Run ``python3 -m benchmarks.omega_greedy [--rounds N] [--seed S] [--moves M] [--nodes K]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import solver.dominimum.knowledge as knowledge
from puzzles.dominimum.game import Game
from solver.dominimum.placement import greedy_omega_choices
from solver.games import get_game
from solver.play.review import review_state
from tests.dominimum.omega_reference import reference_choices

Choices = Callable[..., Any]


def positions(seed: int) -> list[tuple[Any, ...]]:
    """The arguments of the greedy choice at every position of one greedy game."""
    g = Game.deal("dominomega", 3, seed)
    rng = random.Random(seed)
    out = []
    while not g.is_terminal():
        seat = g.to_move
        hand = g.hands[seat]
        assert hand is not None
        me = g.symbols[seat]
        args = (g.layout.copy(), hand, me, tuple(s for s in g.symbols if s != me),
                g.rules.within_tile)
        out.append(args)
        choices = greedy_omega_choices(*args)
        g.play(choices[rng.randrange(len(choices))])
    return out


def time_choices(fn: Choices, cases: list[tuple[Any, ...]]) -> tuple[float, list[Any]]:
    """Mean CPU seconds of one call over ``cases``, and the answers."""
    start = time.process_time()
    answers = [fn(*args) for args in cases]
    return (time.process_time() - start) / len(cases), answers


def time_review(fn: Choices, seed: int, moves: int, nodes: int) -> tuple[float, Any]:
    """CPU seconds of the review with ``fn`` as the rollouts' greedy choices."""
    game = get_game("dominomega")
    start_state = game.new_state(None, seed, 3)
    state = start_state.clone()
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        move = rng.choice(list(state.legal_moves()))
        played.append(move)
        state.apply(move)
    saved = knowledge.greedy_omega_choices
    knowledge.greedy_omega_choices = fn
    try:
        start = time.process_time()
        review = review_state(game, start_state, played, max_nodes=nodes)
        spent = time.process_time() - start
    finally:
        knowledge.greedy_omega_choices = saved
    return spent, [m.to_json() for m in review.moves]


def _row(name: str, before: list[float], after: list[float], unit: float, label: str) -> str:
    ratios = [b / a for b, a in zip(before, after, strict=True)]
    return (f"{name}: before {statistics.median(before) * unit:.2f} {label} "
            f"({min(before) * unit:.2f}-{max(before) * unit:.2f}), "
            f"after {statistics.median(after) * unit:.2f} {label} "
            f"({min(after) * unit:.2f}-{max(after) * unit:.2f}), "
            f"ratio {statistics.median(ratios):.1f}x ({min(ratios):.1f}-{max(ratios):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--nodes", type=int, default=20)
    parser.add_argument("--no-review", action="store_true", help="time only the choices")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    cases = positions(args.seed)
    times: dict[str, list[float]] = {"choices old": [], "choices new": [],
                                     "review old": [], "review new": []}
    for _ in range(args.rounds):
        t_old, old = time_choices(reference_choices, cases)
        t_new, new = time_choices(greedy_omega_choices, cases)
        assert old == new, "the choices differ"
        times["choices old"].append(t_old)
        times["choices new"].append(t_new)
        if not args.no_review:
            r_old, rev_old = time_review(reference_choices, args.seed, args.moves, args.nodes)
            r_new, rev_new = time_review(greedy_omega_choices, args.seed, args.moves,
                                         args.nodes)
            assert rev_old == rev_new, "the reviews differ"
            times["review old"].append(r_old)
            times["review new"].append(r_new)
    print(_row(f"greedy_omega_choices, one call ({len(cases)} positions)",
               times["choices old"], times["choices new"], 1000, "ms"))
    if not args.no_review:
        print(_row(f"review_state, {args.moves} moves at {args.nodes} nodes",
                   times["review old"], times["review new"], 1, "s"))
    print(f"rounds: {args.rounds}; load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
