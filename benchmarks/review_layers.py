"""CPU per Dominions analysis layer of the review board: the narrow proof each layer asks for
against the full analysis (every group and every eye by oscillation proved), side by side in
one run, in process CPU time (a script, not a test).

    python3 -m benchmarks.review_layers --seeds 1 2 3 --moves 27

Positions: seeded random playouts of ``--moves`` moves. Prints, per position, the CPU seconds
of the full analysis and of each proved layer (status, oscillation, atari) as the server
computes it (``tests/dominions/test_analysis.py`` checks that the narrow proofs mark what the
full one marks).
"""

from __future__ import annotations

import argparse
import random
import time

from puzzles.dominions import Position
from solver.dominions.analysis import analyse
from solver.games import get_game
from solver.server.room_dominions import PROVED, marks_for


def playout(seed: int, moves: int) -> Position:
    """The position after ``moves`` seeded random moves (fewer when the game ends)."""
    game = get_game("dominions")
    state = game.new_state(game.settings({}), seed, 2)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        legal = state.legal_move_list()
        state.apply(legal[rng.randrange(len(legal))])
    return state.position  # type: ignore[attr-defined,no-any-return]


def main(argv: list[str] | None = None) -> None:
    """Print one line per position."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--moves", type=int, default=27)
    args = ap.parse_args(argv)
    for seed in args.seeds:
        pos = playout(seed, args.moves)
        t = time.process_time()
        analyse(pos)
        full = time.process_time() - t
        parts = [f"seed {seed}: full {full:.2f} s"]
        for layer in sorted(PROVED):
            t = time.process_time()
            marks_for(pos, {layer})
            parts.append(f"{layer} {time.process_time() - t:.2f} s")
        print("; ".join(parts), flush=True)


if __name__ == "__main__":
    main()
