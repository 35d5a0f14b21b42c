"""Server CPU per broadcast position: the room's view JSON (the browser draws the board) against
the SVG pictures the server drew for it before (a script, not a test).

For each game, positions of seeded random playouts are rendered for every seat and a
spectator, as one broadcast does: ``new`` is the room's ``render`` plus the JSON encoding of
the messages; ``old`` adds the pictures the room drew with ``reports/`` before the boards moved
to the browser (the same calls with the same arguments: the Dominions board with its last-move
marks, the Numbridge field with and without candidates, the Dominimum layout for the mover and
the others, the hand tiles and the mission). Both are timed side by side in one run, in
process CPU time, interleaved position by position.

    python3 benchmarks/board_render.py --positions 40 --repeat 3 --seed 1

Prints, per game, the median and range of the CPU milliseconds per position of both, their
ratio and the bytes of the messages (each position's time is the median of ``--repeat``
runs).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzles.game import GameState  # noqa: E402
from solver.games import get_game  # noqa: E402
from solver.server.catalog import room  # noqa: E402


def old_pictures(game: str, state: GameState[Any], seats: list[int | None]) -> list[str]:
    """The SVG pictures the room drew for one broadcast of ``state`` before issue 22."""
    if game == "dominions":
        from reports.dominions import position_svg
        from solver.server.room_dominions import marks_for, position_of

        pos = position_of(state)
        return [position_svg(pos, marks_for(pos, set())[0], cell_names=True)]
    if game == "numbridge":
        from reports.numbridge import OWNER_STROKE, BlockOutline, field_svg
        from solver.numbridge.analysis import analyse
        from solver.server.room_numbridge import core_of as nb_core

        g = nb_core(state)
        out = []
        for candidates in (False, True) if g.settings.candidates else (False,):
            a = analyse(g)
            outlines = {bi.block: BlockOutline(OWNER_STROKE[bi.owner],
                                               8.0 if bi.decisive else 3.5)
                        for bi in a.blocks if bi.owner}
            cand = [a.candidates.get(i, 0) for i in range(81)] if candidates else None
            out.append(field_svg(g.field.blocks, "".join(map(str, g.digits)), g.field.givens,
                                 owners=g.owner, candidates=cand, outlines=outlines,
                                 cell_names=True))
        return out
    from puzzles.dominimum.layout import Layout, Placement
    from puzzles.dominimum.tiles import tile_name  # noqa: F401 (as the room imported it)
    from reports.dominimum import layout_svg
    from solver.server.room_dominimum import core_of as dm_core
    from solver.server.room_dominimum import targets

    g = dm_core(state)
    last = g.layout.placements[-1] if g.layout.placements else None
    marks = {c: "new" for c in last.cells} if last is not None else {}
    turns = ((1, 0), (0, 1), (-1, 0), (0, -1))

    def tile(values: tuple[int, int], turn: int = 0, mark: bool = False) -> str:
        dx, dy = turns[turn]
        lay = Layout([Placement(values[0], values[1], ((0, 0), (dx, dy)))])
        return layout_svg(lay, cell=32.0, marks={(0, 0): "●"} if mark else None,
                          coordinates=False, legend=False)

    out = [layout_svg(g.layout, marks=marks)]
    if any(s == g.to_move for s in seats):
        out.append(layout_svg(g.layout, marks=marks, targets=targets(g.layout)))
    for s in seats:
        if s is None:
            continue
        hand = g.hands[s]
        if hand is not None:
            out += [tile(hand)] + [tile(hand, k, True) for k in range(4)]
        if g.kind == "dominimum":
            out.append(tile(g.missions[s]))
    return out


def positions(game: str, count: int, seed: int) -> list[GameState[Any]]:
    """``count`` positions of seeded random playouts of ``game`` (several games, every ply)."""
    gd = get_game(game)
    rng = random.Random(seed)
    out: list[GameState[Any]] = []
    while len(out) < count:
        s = gd.new_state(gd.untimed(gd.settings({})), rng.randrange(2**31), gd.default_seats)
        while not s.is_over() and len(out) < count:
            moves = s.legal_move_list()
            s.apply(moves[rng.randrange(len(moves))])
            if rng.random() < 0.25:
                out.append(s.clone())
    return out


def measure(game: str, count: int, repeat: int, seed: int) -> dict[str, Any]:
    r = room(game)
    states = positions(game, count, seed)
    new_ms: list[float] = []
    old_ms: list[float] = []
    new_bytes: list[int] = []
    old_bytes: list[int] = []
    for state in states:
        seats: list[int | None] = [*range(state.num_seats), None]
        runs_new: list[float] = []
        runs_old: list[float] = []
        for _ in range(repeat):
            t = time.process_time()
            shared: dict[str, Any] = {}
            msgs = [json.dumps(r.render(state, s, shared)) for s in seats]
            t_new = time.process_time() - t
            t = time.process_time()
            pictures = old_pictures(game, state, seats)
            t_old = t_new + (time.process_time() - t)
            runs_new.append(t_new)
            runs_old.append(t_old)
        new_ms.append(statistics.median(runs_new) * 1000)
        old_ms.append(statistics.median(runs_old) * 1000)
        size = sum(len(m) for m in msgs)
        new_bytes.append(size)
        # each seat's message carried the public board and its own pictures
        old_bytes.append(size + len(pictures[0]) * len(seats) + sum(len(p) for p in pictures[1:]))
    ratio = [o / n for o, n in zip(old_ms, new_ms, strict=True) if n > 0]
    return {"game": game, "positions": len(states), "seats": states[0].num_seats,
            "new_ms": summary(new_ms), "old_ms": summary(old_ms), "saved_ms": summary(
                [o - n for o, n in zip(old_ms, new_ms, strict=True)]),
            "ratio": summary(ratio), "new_kb": round(statistics.median(new_bytes) / 1024, 1),
            "old_kb": round(statistics.median(old_bytes) / 1024, 1)}


def summary(xs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(xs), 2), "min": round(min(xs), 2),
            "max": round(max(xs), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40, help="positions per game")
    ap.add_argument("--repeat", type=int, default=3, help="timings per position (their "
                    "median is kept)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="dominions,numbridge,dominimum,dominomega")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    print(f"board_render: {args.positions} positions a game, median of {args.repeat}, "
          f"seed {args.seed}, load average {load:.1f}")
    print("| game | seats + spectator | view JSON: CPU ms per position (median, range) | "
          "with the old SVG pictures | saved per position | old/new | message KiB new / old |")
    print("|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        m = measure(game, args.positions, args.repeat, args.seed)
        n, o, s, q = m["new_ms"], m["old_ms"], m["saved_ms"], m["ratio"]
        print(f"| {game} | {m['seats']} + 1 | {n['median']} ({n['min']}-{n['max']}) | "
              f"{o['median']} ({o['min']}-{o['max']}) | {s['median']} ({s['min']}-{s['max']}) "
              f"| {q['median']}x ({q['min']}-{q['max']}) | {m['new_kb']} / {m['old_kb']} |")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
