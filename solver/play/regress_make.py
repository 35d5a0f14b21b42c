"""Making regression cases with exact answers (the files ``tests/data/regress-*.txt``).

The expected answer of a case is computed by an exact method, never by the player under test:

- **Dominimum, Dominomega** (``last_tile_cases``): the last placement of a seeded game between
  greedy players. The mover sees the layout, her hand and her own mission; at the last
  placement the only tiles she cannot see are the opponents' missions, so every assignment of
  them consistent with her view is enumerated (Dominomega: the symbols are public, one
  assignment). Every legal placement is played on the real game for every assignment; the
  expected answers are the placements that win in *every* assignment. A case is kept when
  such a placement exists and most placements do not win (``max_share``).
- **Numbridge** (``pair_win_cases``): positions of seeded games between greedy players where
  the mover can win for certain within her pair (``certain_wins``): a move that ends the game
  with her win at once, or a first move of the pair after which, for every tile the refill
  could be, some second move ends the game with her win. Every legal move (and every second
  move for every possible draw) is played on the real game; a case is kept when only a few
  moves win for certain (``max_answers``). The bag never empties in these games (a game is
  settled first), so a full-information endgame cannot be used.

Run ``python3 -m solver.play.regress_make dominimum|dominomega|numbridge --out FILE`` to write
a file; ``tests/play/test_regress_files.py`` re-checks every expected answer independently
(Dominimum/Dominomega with the networkx scorer of ``solver.dominimum.analysis``).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from puzzles.dominimum.game import Game
from puzzles.dominimum.records import record_of
from puzzles.dominimum.tiles import is_double
from puzzles.game import GameState
from solver.play.match import GameSettings, new_game
from solver.play.registry import make_player


@dataclass(frozen=True)
class MadeCase:
    """A case to write: its name, game, record, expected answers and a note on the proof."""

    name: str
    game: str
    record: str
    expect: tuple[str, ...]
    note: str
    nodes: int = 200

    def block(self) -> str:
        """The case as a block of ``key: value`` lines (the record indented when multi-line)."""
        lines = [f"# {self.note}", f"name: {self.name}", f"game: {self.game}"]
        rec = self.record.splitlines()
        lines.append(f"record: {rec[0]}")
        lines.extend(f"  {line}" for line in rec[1:] if line.strip())
        lines += ["player: mcts", f"nodes: {self.nodes}", f"expect: {'|'.join(self.expect)}"]
        return "\n".join(lines) + "\n"


def _play_until(state: GameState[Any], names: list[str], seed: int, stop: Any) -> bool:
    """Play greedy moves on ``state`` until ``stop(state)`` or the end; True when stopped."""
    players = [make_player(state.game, n, seed=seed * 8 + i + 1) for i, n in enumerate(names)]
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
    from puzzles.dominimum.state import DominimumState

    for seed in seeds:
        state = new_game(kind, seed, GameSettings(seats=seats))
        assert isinstance(state, DominimumState)
        g = state.g
        _play_until(state, ["greedy"] * seats, seed,
                    lambda s: len(s.g.history) == s.g.total_tiles - 1)
        places, per = last_tile_winners(g)
        always = set.intersection(*per)
        some = set.union(*per)
        if not always or len(some) > max_share * len(places):
            continue
        expect = tuple(p for p in places if p in always)
        record = json.dumps(record_of(g, ["greedy"] * seats), separators=(",", ":"))
        yield MadeCase(f"{kind} last tile, seed {seed}", kind, record, expect,
                       f"seat {g.to_move} to place the last tile: {len(places)} legal "
                       f"placements, {len(always)} win under every one of the "
                       f"{len(per)} mission assignments the mover cannot tell apart, "
                       f"{len(some)} under at least one", nodes)


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
        state: Any = new_game("numbridge", seed)
        players = [make_player("numbridge", "greedy", seed=seed * 8 + i + 1) for i in range(2)]
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


HEADERS = {
    "dominimum": "Dominimum, 3 seats: the last tile of seeded greedy games. Expected: the "
                 "placements that win under every assignment of the opponents' missions the "
                 "mover cannot tell apart (enumerated exactly; solver/play/regress_make.py).",
    "dominomega": "Dominomega, 3 seats: the last tile of seeded greedy games. Expected: the "
                  "placements that win (every placement played; solver/play/regress_make.py).",
    "numbridge": "Numbridge: positions of seeded greedy games where the mover wins for "
                 "certain within her pair, whatever the bag gives. Expected: those moves, "
                 "found by playing every legal move, every possible draw and every second "
                 "move (solver/play/regress_make.py).",
}


def main(argv: list[str] | None = None) -> None:
    """``python3 -m solver.play.regress_make GAME --out FILE [--count N]``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(HEADERS))
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=6)
    args = ap.parse_args(argv)
    cases = (pair_win_cases() if args.game == "numbridge" else last_tile_cases(args.game))
    blocks = []
    for case in cases:
        blocks.append(case.block())
        print(case.name, "|", case.note, "|", len(case.expect), "answers")
        if len(blocks) >= args.count:
            break
    head = "# Regression positions with expected answers (run by solver/play/regress.py).\n"
    head += "".join(f"# {line}\n" for line in _wrap(HEADERS[args.game]))
    with open(args.out, "w") as fh:
        fh.write(head + "\n" + "\n".join(blocks))


def _wrap(text: str, width: int = 94) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width)


if __name__ == "__main__":
    main()
