"""Tune a game's evaluation weights on positions of seeded self-play (logistic "Texel" tuning).

Plays ``--games`` games of ``--lineup`` (default: the game's ``mcts`` against itself) at
``--nodes`` iterations a move, seats rotated, seed ``--seed``; keeps every ``--every``-th
position with the game's result and fits the weights of the game's tunable knowledge
(:mod:`solver.play.texel`), starting from the weights in use. Prints the positions, the
cross-entropy before and after, and the weights; ``--write`` stores them in the knowledge's
``weights.json`` (with this command), which the evaluation then uses. Reproducible: the same
arguments give the same file on any machine.

Run ``python3 -m scripts.tune_weights GAME [--games 100] [--nodes 100] [--every 4]
[--seed 1] [--lineup mcts,mcts] [--write]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from solver.games import get_game
from solver.play.texel import fit, selfplay_samples

#: Where each game's tuned weights live.
WEIGHTS_FILE = {"dominions": Path("solver/dominions/weights.json"),
                "dominimum": Path("solver/dominimum/weights.json"),
                "numbridge": Path("solver/numbridge/weights.json")}


def main(argv: list[str] | None = None) -> None:
    """Play, fit and print (and with ``--write`` store) the weights."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(WEIGHTS_FILE))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=100)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lineup", default="mcts,mcts")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    if args.game == "dominimum":
        tune_dominimum(args, argv)
        return
    game = get_game(args.game)
    knowledge = game.knowledge()
    samples, targets = selfplay_samples(
        game, knowledge, args.lineup.split(","), args.games, args.seed, args.every,
        args.nodes, step=lambda n: print(f"game {n}", file=sys.stderr, flush=True))
    result = fit(samples, targets, knowledge.weights(), args.l2)
    print(f"{result.positions} positions of {args.games} games; cross-entropy "
          f"{result.loss_before:.4f} -> {result.loss_after:.4f}")
    for name, before, after in zip(knowledge.feature_names, knowledge.weights(),
                                   result.weights, strict=True):
        print(f"  {name:20s} {before:+.4f} -> {after:+.4f}")
    if args.write:
        doc = {"command": command_of(argv),
               "features": list(knowledge.feature_names),
               "weights": [round(w, 6) for w in result.weights],
               "positions": result.positions, "loss_before": round(result.loss_before, 6),
               "loss_after": round(result.loss_after, 6)}
        path = WEIGHTS_FILE[args.game]
        path.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {path}")


def command_of(argv: list[str] | None) -> str:
    """This run's command, without ``--write``."""
    args = argv if argv is not None else sys.argv[1:]
    return "python3 -m scripts.tune_weights " + " ".join(a for a in args if a != "--write")


def tune_dominimum(args: argparse.Namespace, argv: list[str] | None) -> None:
    """Dominimum: the five parameters of the leaf evaluation (solver/dominimum/tuning.py),
    on three-seat games of ``--lineup``."""
    from solver.dominimum.expect import WorldParams  # the Dominimum estimator
    from solver.dominimum.tuning import selfplay_facts, tune  # and its tuner

    lineup = args.lineup.split(",")
    facts, winners = selfplay_facts(lineup, args.games, args.seed, args.every, args.nodes)
    params, before, after = tune(facts, winners)
    print(f"{len(facts)} positions of {args.games} games; cross-entropy {before:.4f} -> "
          f"{after:.4f}")
    for name, b, a in zip(WorldParams.names(), WorldParams().values(), params.values(),
                          strict=True):
        print(f"  {name:12s} {b:.4f} -> {a:.4f}")
    if args.write:
        doc = {"command": command_of(argv), "parameters": dict(zip(
            WorldParams.names(), [round(v, 6) for v in params.values()], strict=True)),
               "positions": len(facts), "loss_before": round(before, 6),
               "loss_after": round(after, 6)}
        WEIGHTS_FILE["dominimum"].write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {WEIGHTS_FILE['dominimum']}")


if __name__ == "__main__":
    main()
