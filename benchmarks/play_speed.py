"""Search speed per game: MCTS iterations, leaf evaluations and playouts per CPU second.

On the seeded mid-game positions of ``benchmarks.profile_mcts`` (greedy self-play), per game:

- **iterations**: the game's ``mcts`` with ``--nodes`` iterations from the position;
- **evaluations**: the knowledge's leaf evaluation (``Knowledge.evaluate``) of the position,
  repeated;
- **playouts**: games played from the position to the end by the rollout policy
  (``Knowledge.rollout_move``) of every seat.

Each is counted per CPU second of this thread (``time.thread_time``), so the load changes it
less than wall time; ``--runs`` repetitions give the median and the range. Not a comparison of
two implementations: a profile of one. ``--write`` puts the table into docs/players.md
(``<!-- play-speed -->``).

Run ``python3 -m benchmarks.play_speed [--nodes 200] [--runs 3] [--write]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks.docblock import measured, write_block
from benchmarks.profile_mcts import POSITIONS, position
from puzzles.game import GameState
from solver.games import get_game
from solver.play.mcts import Knowledge, MCTSPlayer


def per_second(job: Callable[[], int], seconds: float = 0.3) -> float:
    """How many units ``job`` (returning the units it did) does per CPU second, repeated for
    at least ``seconds`` of CPU."""
    done = 0
    start = time.thread_time()
    while True:
        done += job()
        spent = time.thread_time() - start
        if spent >= seconds:
            return done / spent


def search(player: MCTSPlayer, state: GameState[Any], rng: random.Random, nodes: int) -> int:
    """One search of ``nodes`` iterations; the iterations."""
    player.search(state, rng)
    return nodes


def evaluate(kn: Knowledge, state: GameState[Any]) -> int:
    """One leaf evaluation."""
    kn.evaluate(state)
    return 1


def playout(kn: Knowledge, state: GameState[Any], rng: random.Random) -> int:
    """One game from a determinization of ``state`` to its end by the rollout policy."""
    s = kn.determinize(state, state.to_move(), rng)
    while not s.is_over():
        s.apply(kn.rollout_move(s, rng))
    return 1


def main(argv: list[str] | None = None) -> None:
    """Print (and with ``--write`` store) the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    started = time.monotonic()
    load = os.getloadavg()[0]
    lines = [f"Median of {args.runs} runs (range), per CPU second of the thinking thread, on "
             f"the positions of `benchmarks.profile_mcts`, `mcts` at {args.nodes} nodes:", "",
             "| game | position | MCTS iterations / s | leaf evaluations / s | playouts / s "
             "(rollout policy to the end) |", "|---|---|---|---|---|"]
    for line in lines:
        print(line)
    for name, seed, moves in POSITIONS:
        game = get_game(name)
        state = position(name, seed, moves)
        kn = game.knowledge()
        rates: dict[str, list[float]] = {"it": [], "ev": [], "po": []}
        for run in range(args.runs):
            player = game.make_player("mcts", seed=run + 1, max_nodes=args.nodes)
            assert isinstance(player, MCTSPlayer)
            rng = random.Random(run)
            rates["it"].append(per_second(partial(search, player, state, rng, args.nodes)))
            rates["ev"].append(per_second(partial(evaluate, kn, state)))
            rates["po"].append(per_second(partial(playout, kn, state, rng)))

        def cell(xs: list[float]) -> str:
            return f"{statistics.median(xs):,.0f} ({min(xs):,.0f}-{max(xs):,.0f})"

        lines.append(f"| {name} | deal {seed}, after {moves} greedy moves | {cell(rates['it'])} "
                     f"| {cell(rates['ev'])} | {cell(rates['po'])} |")
        print(lines[-1], flush=True)
    if args.write:
        command = "python3 -m benchmarks.play_speed" + "".join(
            f" {a}" for a in (argv if argv is not None else sys.argv[1:]) if a != "--write")
        write_block("play-speed", measured(command, f"{load:.1f} on 2 cores (niced)",
                                                runs=time.monotonic() - started)
                    + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
