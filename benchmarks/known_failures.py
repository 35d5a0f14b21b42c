"""The known failures of the regression files (``status: fail``), looked at closely.

For every case marked ``status: fail`` in ``tests/data/regress-*.txt``: the score (when the
game has one) and the mover's lead, the case's expected answer, the move the case's player
plays, and the value of each for the mover by a search of ten times the case's budget through
that move only (the review's evaluation, ``solver.play.review.move_value``, common seeds).
When the player's own move is valued at least as high as the expected answer, the case asks
for something other than the best move (a goal puzzle's unique answer, not the strongest play).

Run ``python3 -m benchmarks.known_failures [--factor 10]``.
"""

from __future__ import annotations

import argparse
import os

from benchmarks.positions import DATA
from solver.games import get_game
from solver.play.regress import parse_cases, run_case
from solver.play.review import EVAL_SEED, move_value, review_player


def main(argv: list[str] | None = None) -> None:
    """Print one line per known failure."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--factor", type=int, default=10)
    args = ap.parse_args(argv)
    print(f"load average: {os.getloadavg()[0]:.1f}")
    for path in sorted(DATA.glob("regress-*.txt")):
        for case in parse_cases(path.read_text(), str(path)):
            if not case.known_failure:
                continue
            game = get_game(case.game)
            outcome = run_case(case, game)
            state = game.state_from_record(case.record)
            view = state.view(None)
            scores = view.get("scores")
            if isinstance(view.get("score"), dict):  # Dominions: {"W": .., "B": ..}
                scores = [view["score"]["W"], view["score"]["B"]]
            player = review_player(game, max_nodes=args.factor * case.nodes, seed=case.seed)
            seed = EVAL_SEED + case.seed
            expected = state.parse_move(case.expect[0])
            played = state.parse_move(outcome.answer)
            v_exp = move_value(player, state, expected, seed)
            v_own = move_value(player, state, played, seed)
            lead = ""
            if isinstance(scores, list) and len(scores) == 2:
                me = state.to_move()
                lead = (f"score {scores[0]}-{scores[1]}, the mover leads by "
                        f"{scores[me] - scores[1 - me]}; ")
            print(f"{case.name}: {lead}expected {case.expect[0]} valued {v_exp:.4f}, "
                  f"{case.player} plays {outcome.answer} valued {v_own:.4f} "
                  f"({args.factor * case.nodes} nodes)", flush=True)


if __name__ == "__main__":
    main()
