"""Where the time of an MCTS iteration goes, per game (cProfile), and iterations per second.

For each game a seeded mid-game position (greedy self-play) is searched with a fixed node
budget; the script prints the iterations per second and the functions with the most own time.
It is a profile, not a benchmark. Iterations per second are per CPU second of the thinking
thread (``time.thread_time``, the clock of ``--move-time``), so the machine's load (printed
first) changes them less than it changes wall time.

Run ``python3 -m benchmarks.profile_mcts [--nodes N] [--top K]``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import time

from solver.games import get_game
from solver.play.match import new_game

#: (game, deal seed, greedy moves played before the search)
POSITIONS = (("dominions", 1, 40), ("numbridge", 3, 20), ("dominimum", 3, 9),
             ("dominomega", 3, 9))


def position(game: str, seed: int, moves: int) -> object:
    """The seeded position after ``moves`` greedy moves."""
    state = new_game(get_game(game), seed, seats=3)
    seats = state.num_seats
    players = [get_game(game).make_player("greedy", seed=i + 1) for i in range(seats)]
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(players[state.to_move()].choose(state, rng))
    return state


def main(argv: list[str] | None = None) -> None:
    """Print iterations per second and the top of the profile for every game."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=200)
    ap.add_argument("--top", type=int, default=8)
    args = ap.parse_args(argv)
    print("load average (1/5/15 min):", " / ".join(f"{x:.1f}" for x in os.getloadavg()))
    for game, seed, moves in POSITIONS:
        state = position(game, seed, moves)
        player = get_game(game).make_player("mcts", seed=1, max_nodes=args.nodes)
        start = time.thread_time()
        player.choose(state, random.Random(1))  # type: ignore[arg-type]
        plain = time.thread_time() - start
        prof = cProfile.Profile()
        prof.enable()
        player.choose(state, random.Random(2))  # type: ignore[arg-type]
        prof.disable()
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out)
        total = stats.total_tt  # type: ignore[attr-defined]
        print(f"\n{game}: {args.nodes} iterations in {plain:.3f} CPU s = "
              f"{args.nodes / plain:.0f} iterations per CPU second (profiled: {total:.3f} s)")
        rows = sorted(stats.stats.items(),  # type: ignore[attr-defined]
                      key=lambda kv: -kv[1][2])[:args.top]
        for (path, line, name), (_, calls, own, cum, _) in rows:
            where = f"{os.path.relpath(path)}:{line}" if path.startswith("/") else path
            print(f"  {100 * own / total:5.1f}% own  {100 * cum / total:5.1f}% cum  "
                  f"{calls:7d} calls  {name} ({where})")


if __name__ == "__main__":
    main()
