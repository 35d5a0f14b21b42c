"""Game length of Numbridge Domains between equal players, and why it is what it is.

For each pairing of a player against itself (greedy, search, mcts, and ``uniform``: a
reference policy of this script that plays a uniformly random correct placement or claim),
30 givens, regular blocks, no clocks, one game per seed: the moves per game (every placement,
claim, miss and pass, as the seed's 1-2-2 table counts them), the share of games that ended
early because the outcome was settled (result ``blocks``), draws, and what the end position
looks like: cells still open, the loser's cells in a block the winner took (the margin), and
the blocks that reached four against four.

Run: ``python benchmarks/numbridge_game_length.py [GAMES] [PLAYER,PLAYER,...] [--hand-size N,...]``
(minutes; the machine is shared, so only the move counts, not the times, are stable).
``--hand-size 1,2,3`` repeats every row for each hand size (the room setting ``hand_size``);
``--setting NAME=VALUE`` sets any other room setting (``miss=return``). A player may also be
written ``KIND:LEVEL[:EVALUATION[:noguess]]`` (``solver.numbridge.human.player_by_spec``):
``greedy:singles`` deduces with singles only, ``search:solution:odds`` knows the solution and
contests.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import dataclass, fields, replace
from typing import Any

from puzzles.numbridge.game import MAJORITY, Game, Move, RoomSettings
from puzzles.numbridge.state import NumbridgeState
from solver.numbridge.gamedef import NUMBRIDGE
from solver.numbridge.generate import generate
from solver.numbridge.human import player_by_spec


@dataclass
class Tally:
    """What one game left behind."""

    moves: int
    early: bool
    draw: bool
    open_cells: int
    margins: list[int]
    four_four: int
    misses: int


def uniform_move(g: Game, rng: random.Random) -> Move:
    """A uniformly random correct placement or claim (a pass when there is none)."""
    good = [m for m in g.legal_moves() if m.kind == "claim"
            or (m.kind == "place" and int(g.solution[m.cell]) == m.digit)]
    return rng.choice(good) if good else next(iter(g.legal_moves()))


def new_state(seed: int, room: RoomSettings) -> NumbridgeState:
    """Deal ``seed`` as ``solver.play.match.new_game`` deals it, with the room ``room``."""
    gen = generate(room.givens, room.blocks, seed)
    return NumbridgeState.new(gen.field, gen.solution, room, bag_seed=seed)


def play_game(name: str, seed: int, room: RoomSettings | None = None) -> Tally:
    """One game of ``name`` against itself on deal ``seed`` (30 givens, regular, no clocks)."""
    state = new_state(seed, room or RoomSettings(move_limit=0, game_limit=0))
    g = state.g
    rngs = [random.Random(seed * 8 + i + 1) for i in range(2)]
    players = None if name == "uniform" or ":" in name else [
        NUMBRIDGE.make_player(name, seed=seed * 8 + i + 1) for i in range(2)]
    spec = player_by_spec(name) if ":" in name else None
    moves = 0
    reached_four_four: set[int] = set()
    while not state.is_over():
        seat = state.to_move()
        if spec is not None:
            move = spec(state.determinize(seat, rngs[seat]).g, rngs[seat])
        elif players is None:
            move = uniform_move(g, rngs[seat])
        else:
            move = players[seat].choose(state, rngs[seat])
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
                 len(reached_four_four), g.misses[1] + g.misses[2])


def main(games: int = 20, names: tuple[str, ...] = ("uniform", "greedy", "search", "mcts"),
         hands: tuple[int, ...] = (4,), extra: dict[str, str] | None = None,
         first_deal: int = 100) -> None:
    """Print the table, one row per player and hand size."""
    base = RoomSettings(move_limit=0, game_limit=0)
    kinds = {f.name: f.type for f in fields(RoomSettings)}
    for key, value in (extra or {}).items():
        kind = kinds[key]
        typed: Any = int(value) if kind in (int, "int") else float(value) \
            if kind in (float, "float") else value in ("yes", "true", "1") \
            if kind in (bool, "bool") else value
        base = replace(base, **{key: typed})
    print("| players | hand | games | moves: mean | 95% | median | min-max | share in 65-78 "
          "| early end | draws | open cells at the end | loser's cells in a won block "
          "| blocks at 4-4 | misses |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        for hand in hands:
            room = replace(base, hand_size=hand)
            t0 = time.monotonic()
            rows = [play_game(name, first_deal + k, room) for k in range(games)]
            lengths = [r.moves for r in rows]
            margins = [m for r in rows for m in r.margins]
            print(f"| {name}-{name} | {hand} | {games} | {statistics.mean(lengths):.1f} | "
                  f"±{1.96 * statistics.stdev(lengths) / games ** 0.5:.1f} | "
                  f"{statistics.median(lengths):g} | {min(lengths)}-{max(lengths)} | "
                  f"{sum(65 <= x <= 78 for x in lengths) / games:.0%} | "
                  f"{sum(r.early for r in rows) / games:.0%} | {sum(r.draw for r in rows)} | "
                  f"{statistics.mean(r.open_cells for r in rows):.1f} | "
                  f"{statistics.mean(margins) if margins else 0:.2f} | "
                  f"{statistics.mean(r.four_four for r in rows):.2f} | "
                  f"{statistics.mean(r.misses for r in rows):.1f} |", flush=True)
            print(f"<!-- {name} hand {hand}: {time.monotonic() - t0:.0f} s -->",
                  file=sys.stderr)


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="?", type=int, default=20)
    ap.add_argument("players", nargs="?", default="uniform,greedy,search,mcts")
    ap.add_argument("--hand-size", default="4", help="hand sizes, e.g. 1,2,3,4,5,6")
    ap.add_argument("--setting", action="append", default=[], metavar="NAME=VALUE",
                    help="another room setting, e.g. miss=return")
    ap.add_argument("--first-deal", type=int, default=100, help="the first deal's seed")
    a = ap.parse_args()
    main(a.games, tuple(a.players.split(",")), tuple(int(x) for x in a.hand_size.split(",")),
         dict(x.partition("=")[::2] for x in a.setting), a.first_deal)
