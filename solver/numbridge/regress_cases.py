"""Regression cases with exact answers for Numbridge (``tests/data/regress-numbridge.txt``).

The expected answer of a case is computed by an exact method, never by the player under test:
positions of seeded games between greedy players where the mover can win for certain within
her pair (``certain_wins``): a move that ends the game with her win at once, or a first move
of the pair after which, for every tile the refill could be, some second move ends the game
with her win. Every legal move (and every second move for every possible draw) is played on
the real game; a case is kept when only a few moves win for certain (``max_answers``). The bag
never empties in these games (a game is settled first), so a full-information endgame cannot
be used.

Run ``python3 -m solver.numbridge.regress_cases --out FILE`` to write a file;
``tests/play/test_regress_files.py`` re-checks every expected answer independently.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from typing import Any

from solver.numbridge.gamedef import NUMBRIDGE
from solver.play.match import new_game
from solver.play.regress import MadeCase, write_cases

HEADER = ("Numbridge: positions of seeded greedy games where the mover wins for certain "
          "within her pair, whatever the bag gives. Expected: those moves, found by playing "
          "every legal move, every possible draw and every second move "
          "(solver/numbridge/regress_cases.py).")


def _wins(g: Any, p: int) -> bool:
    return g.result is not None and g.result.winner == p


def _after(g: Any, m: Any, draw: int | None = None) -> Any:
    h = g.copy()
    h.history = []
    h.keep_history = False
    if draw is not None:
        h.bag = [draw, *h.bag[1:]] if h.bag else []
    h.play(m)
    return h


def certain_wins(state: Any) -> tuple[list[str], list[str]]:
    """The legal moves (texts) of a Numbridge position and those that win for certain within
    the mover's pair, whatever tile the bag gives: the game ends at once with the mover's
    win, or (first move of a pair) for every tile the refill could be (every distinct tile of
    the bag and the opponent's hand, a superset of what the mover cannot see) some second move
    ends the game with the mover's win."""
    g = state.g
    p = g.mover
    moves = list(g.legal_moves())
    draws = sorted(set(g.bag) | set(g.hands[3 - p])) if g.bag else [None]
    a, b, u = g.scoreboard()
    mine, theirs = (a, b) if p == 1 else (b, a)
    # two moves take at most two blocks: a win within the pair needs mine + 2 > theirs + u - 2
    pair = g.left_in_pair == 2 and mine + 2 > theirs + u - 2
    win = []
    for m in moves:
        once = _after(g, m)
        if _wins(once, p):
            win.append(m)
            continue
        if not pair or once.result is not None or once.mover != p:
            continue
        if all(any(_wins(_after(h, m2), p) for m2 in h.legal_moves())
               for h in (_after(g, m, d) for d in draws)):
            win.append(m)
    return [m.text() for m in moves], [m.text() for m in win]


def pair_win_cases(seeds: range = range(1, 60), max_answers: int = 3,
                   nodes: int = 200) -> Iterator[MadeCase]:
    """Cases from seeded greedy Numbridge games: the first position of each game where the
    mover has a certain win within her pair that only a few moves give (module docstring)."""
    for seed in seeds:
        state: Any = new_game(NUMBRIDGE, seed)
        players = [NUMBRIDGE.make_player("greedy", seed=seed * 8 + i + 1) for i in range(2)]
        rngs = [random.Random(seed * 8 + i + 1) for i in range(2)]
        while not state.is_over():
            moves, win = certain_wins(state)
            if win and len(win) <= max_answers and len(win) < len(moves):
                g = state.g
                when = "second" if g.left_in_pair == 1 else "first"
                yield MadeCase(
                    f"numbridge sure win, seed {seed}, move {len(state.history()) + 1}",
                    "numbridge", state.record_text(), tuple(win),
                    f"{'AB'[g.mover - 1]} to move ({when} move of the pair): {len(moves)} "
                    f"legal moves, {len(win)} win for certain within the pair, whatever "
                    "the bag gives", nodes)
                break
            seat = state.to_move()
            state.apply(players[seat].choose(state, rngs[seat]))


def main(argv: list[str] | None = None) -> None:
    """``python3 -m solver.numbridge.regress_cases --out FILE [--count N]``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=6)
    args = ap.parse_args(argv)
    write_cases(args.out, HEADER, pair_win_cases(), args.count)


if __name__ == "__main__":
    main()
