"""Life-and-death regression cases: positions where the player to move has a group that the
opponent can capture (a killing sequence replays) and a few moves that make it pass-alive.
The expected answers are *every* such move, proved by the prover over every legal move (each
other move refuted by a killing sequence); no case is made when a move stays undecided.

Blocks in the format of ``tests/data/regress-dominions.txt`` (run by
``solver.play.regress``), with two more keys that runner ignores: ``target`` (the group) and
``life`` (``pass-alive``: what the answer achieves). Re-proved by
``tests/dominions/test_life_regress.py``.

    python3 -m solver.dominions.life_cases --count 20 --seed 1
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass

from puzzles.dominions import Move, Position
from puzzles.dominions.records import write_record
from solver.dominions.life import pass_status
from solver.dominions.puzzles import LIVE_BUDGET, LIVE_LIBERTIES, game_positions, solutions
from solver.dominions.tracker import Tracker

MOST_ANSWERS = 6


@dataclass(frozen=True)
class LifeCase:
    """A position (its record), the group and every move that makes it pass-alive."""

    record: str
    target: tuple[str, ...]
    answers: tuple[str, ...]

    def block(self, name: str, nodes: int = 100) -> str:
        """The regression-file block."""
        return "\n".join([f"name: {name}", "game: dominions", f"record: {self.record}",
                          "player: mcts", f"nodes: {nodes}",
                          f"expect: {'|'.join(self.answers)}",
                          f"target: {' '.join(self.target)}", "life: pass-alive"])


def saving_moves(pos: Position, target: frozenset[int]) -> list[Move] | None:
    """Every legal move of the player to move after which the group on ``target`` is
    pass-alive, or None when some move stays undecided."""
    undecided: list[Move] = []
    found = solutions(Tracker(pos.copy()), "live", target, undecided=undecided)
    return None if undecided else found


def find_cases(seed: int, count: int, games: int = 40) -> Iterator[LifeCase]:
    """Up to ``count`` cases from the positions of seeded self-play games (one per game)."""
    found = 0
    done = -1
    for game, pos in game_positions(seed, games):
        if game == done:
            continue
        me = pos.to_move
        _, table = pos.groups()
        for g in sorted(table.values(), key=lambda g: min(g.cells)):
            if g.colour != me or len(g.cells) < 2 or len(g.liberties) > LIVE_LIBERTIES:
                continue
            if pass_status(pos, min(g.cells), LIVE_BUDGET).status != "killable":
                continue
            target = frozenset(g.cells)
            moves = saving_moves(pos, target)
            if not moves or len(moves) > MOST_ANSWERS:
                continue
            names = tuple(pos.board.name(c) for c in sorted(target))
            yield LifeCase(write_record(pos), names, tuple(pos.move_text(m) for m in moves))
            found += 1
            done = game
            break
        if found >= count:
            return


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Print life-and-death regression cases.")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args(argv)
    for k, case in enumerate(find_cases(args.seed, args.count, args.games), start=1):
        print(case.block(f"dominions life {k}") + "\n", flush=True)


if __name__ == "__main__":
    main()
