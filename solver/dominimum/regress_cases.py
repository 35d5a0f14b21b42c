"""Regression cases with exact answers for Dominimum and Dominomega (``tests/data/
regress-dominimum.txt``, ``regress-dominomega.txt``).

The expected answer of a case is computed by an exact method, never by the player under test:
the last placement of a seeded game between greedy players. The mover sees the layout, her
hand and her own mission; at the last placement the only tiles she cannot see are the
opponents' missions, so every assignment of them consistent with her view is enumerated
(Dominomega: the symbols are public, one assignment). Every legal placement is played on the
real game for every assignment; the expected answers are the placements that win in *every*
assignment. A case is kept when such a placement exists and most placements do not win
(``max_share``).

Run ``python3 -m solver.dominimum.regress_cases dominimum|dominomega --out FILE`` to write a
file; ``tests/play/test_regress_files.py`` re-checks every expected answer independently (with
the networkx scorer of ``solver.dominimum.analysis``).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from itertools import permutations
from typing import Any

from puzzles.dominimum.game import Game
from puzzles.dominimum.records import record_of
from puzzles.dominimum.state import DominimumState
from puzzles.dominimum.tiles import is_double
from puzzles.game import GameDef
from solver.dominimum.gamedef import DOMINIMUM, DOMINOMEGA
from solver.play.match import new_game
from solver.play.regress import MadeCase, write_cases

GAMES = {"dominimum": DOMINIMUM, "dominomega": DOMINOMEGA}
HEADERS = {
    "dominimum": "Dominimum, 3 seats: the last tile of seeded greedy games. Expected: the "
                 "placements that win under every assignment of the opponents' missions the "
                 "mover cannot tell apart (enumerated exactly; "
                 "solver/dominimum/regress_cases.py).",
    "dominomega": "Dominomega, 3 seats: the last tile of seeded greedy games. Expected: the "
                  "placements that win (every placement played; "
                  "solver/dominimum/regress_cases.py).",
}


def _play_until(game: GameDef, state: DominimumState, names: list[str], seed: int,
                stop: Any) -> bool:
    """Play on ``state`` until ``stop(state)`` or the end; True when stopped."""
    players = [game.make_player(n, seed=seed * 8 + i + 1) for i, n in enumerate(names)]
    rngs = [random.Random(seed * 8 + i + 1) for i in range(len(names))]
    while not state.is_over():
        if stop(state):
            return True
        seat = state.to_move()
        state.apply(players[seat].choose(state, rngs[seat]))
    return False


def assignments(g: Game, me: int) -> list[list[Any]]:
    """Every assignment of the opponents' missions consistent with ``me``'s view at the last
    placement (the unseen non-double tiles, one per opponent); Dominomega: the true one."""
    if g.kind != "dominimum":
        return [list(g.missions)]
    opps = [q for q in range(g.players) if q != me]
    pool = [t for t in g.unseen(me) if not is_double(t)]
    out = []
    for pick in permutations(pool, len(opps)):
        missions = list(g.missions)
        for q, t in zip(opps, pick, strict=True):
            missions[q] = t
        out.append(missions)
    return out


def last_tile_winners(g: Game) -> tuple[list[str], list[set[str]]]:
    """The legal placements of the last tile (texts) and, per consistent assignment of the
    opponents' missions, the placements with which the mover wins."""
    me = g.to_move
    hand = g.hands[me]
    assert hand is not None and len(g.history) == g.total_tiles - 1
    places = list(g.layout.legal_placements(hand))
    per: list[set[str]] = []
    for missions in assignments(g, me):
        h = g.clone()
        h.missions = missions
        wins = set()
        for p in places:
            h.play(p)
            if h.result()["winner"] == me:
                wins.add(str(p))
            h.undo()
        per.append(wins)
    return [str(p) for p in places], per


def last_tile_cases(kind: str, seats: int = 3, seeds: range = range(1, 60),
                    max_share: float = 0.25, nodes: int = 200) -> Iterator[MadeCase]:
    """Cases from the last placement of seeded greedy games (see the module docstring)."""
    game = GAMES[kind]
    for seed in seeds:
        state = new_game(game, seed, seats=seats)
        assert isinstance(state, DominimumState)
        g = state.g
        _play_until(game, state, ["greedy"] * seats, seed,
                    lambda s: len(s.g.history) == s.g.total_tiles - 1)
        places, per = last_tile_winners(g)
        always = set.intersection(*per)
        some = set.union(*per)
        if not always or len(some) > max_share * len(places):
            continue
        expect = tuple(p for p in places if p in always)
        record = json.dumps(record_of(g, ["greedy"] * seats), separators=(",", ":"))
        yield MadeCase(f"{kind} last tile, seed {seed}", kind, record, expect,
                       f"seat {g.to_move + 1} to place the last tile: {len(places)} legal "
                       f"placements, {len(always)} win under every one of the "
                       f"{len(per)} mission assignments the mover cannot tell apart, "
                       f"{len(some)} under at least one", nodes)


def main(argv: list[str] | None = None) -> None:
    """``python3 -m solver.dominimum.regress_cases GAME --out FILE [--count N]``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(HEADERS))
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=6)
    args = ap.parse_args(argv)
    write_cases(args.out, HEADERS[args.game], last_tile_cases(args.game), args.count)


if __name__ == "__main__":
    main()
