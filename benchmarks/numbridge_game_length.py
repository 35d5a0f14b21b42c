"""Game length of Numbridge Domains between equal players, and why it is what it is.

For each pairing of a player against itself (greedy, search, mcts, and ``uniform``: a
reference policy of this script that plays a uniformly random correct placement or claim),
30 givens, regular blocks, no clocks, one game per seed: the moves per game (every placement,
claim, miss and pass, as the seed's 1-2-2 table counts them), the share of games that ended
early because the outcome was settled (result ``blocks``), draws, and what the end position
looks like: cells still open, the loser's cells in a block the winner took (the margin), and
the blocks that reached four against four.

Run: ``python benchmarks/numbridge_game_length.py [GAMES] [PLAYER,PLAYER,...]`` (minutes; the
machine is shared, so only the move counts, not the times, are stable).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import dataclass

from puzzles.numbridge.game import MAJORITY, Game, Move
from puzzles.numbridge.state import NumbridgeState
from solver.play.match import GameSettings, new_game
from solver.play.registry import make_player


@dataclass
class Tally:
    """What one game left behind."""

    moves: int
    early: bool
    draw: bool
    open_cells: int
    margins: list[int]
    four_four: int


def uniform_move(g: Game, rng: random.Random) -> Move:
    """A uniformly random correct placement or claim (a pass when there is none)."""
    good = [m for m in g.legal_moves() if m.kind == "claim"
            or (m.kind == "place" and int(g.solution[m.cell]) == m.digit)]
    return rng.choice(good) if good else next(iter(g.legal_moves()))


def play_game(name: str, seed: int) -> Tally:
    """One game of ``name`` against itself on deal ``seed``."""
    state = new_game("numbridge", seed, GameSettings(givens=30, blocks="regular"))
    assert isinstance(state, NumbridgeState)
    g = state.g
    rngs = [random.Random(seed * 8 + i + 1) for i in range(2)]
    players = None if name == "uniform" else [
        make_player("numbridge", name, seed=seed * 8 + i + 1) for i in range(2)]
    moves = 0
    reached_four_four: set[int] = set()
    while not state.is_over():
        seat = state.to_move()
        move = uniform_move(g, rngs[seat]) if players is None else \
            players[seat].choose(state, rngs[seat])
        state.apply(move)
        moves += 1
        for b, (a, c) in g.block_counts().items():
            if a == c == MAJORITY - 1:
                reached_four_four.add(b)
    assert g.result is not None
    w = g.result.winner
    margins = [g.held[3 - w][b] for b in g.blocks if w and g.held[w][b] >= MAJORITY]
    return Tally(moves, g.result.reason == "blocks", w == 0,
                 len(g.empty_cells()) + len(g.unclaimed_givens()), margins,
                 len(reached_four_four))


def main(games: int = 20, names: tuple[str, ...] = ("uniform", "greedy", "search", "mcts")
         ) -> None:
    print("| players | games | moves: mean | median | min-max | share in 65-78 | early end "
          "| draws | open cells at the end | loser's cells in a won block | blocks at 4-4 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        t0 = time.monotonic()
        rows = [play_game(name, 100 + k) for k in range(games)]
        lengths = [r.moves for r in rows]
        margins = [m for r in rows for m in r.margins]
        print(f"| {name}-{name} | {games} | {statistics.mean(lengths):.1f} | "
              f"{statistics.median(lengths):g} | {min(lengths)}-{max(lengths)} | "
              f"{sum(65 <= x <= 78 for x in lengths) / games:.0%} | "
              f"{sum(r.early for r in rows) / games:.0%} | {sum(r.draw for r in rows)} | "
              f"{statistics.mean(r.open_cells for r in rows):.1f} | "
              f"{statistics.mean(margins):.2f} | "
              f"{statistics.mean(r.four_four for r in rows):.2f} |", flush=True)
        print(f"<!-- {name}: {time.monotonic() - t0:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20,
         tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else
         ("uniform", "greedy", "search", "mcts"))
