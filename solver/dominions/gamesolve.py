"""The compiled Dominions game search (``_gamesolve.c``) for the small boards (issue 26, Q7).

The C file is compiled on first use with the system C compiler into the user's cache
(``$XDG_CACHE_HOME/solver`` or ``~/.cache/solver``, one file per source digest) and loaded
with ctypes. The board and its symmetries come from the engine (``puzzles.dominions``,
``puzzles.grids``), so cells are numbered as there.

>>> s = CSearch(2)
>>> s.value()
2
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path

from puzzles.dominions import Move, Position, write_record
from puzzles.grids import cell_symmetries, grid

SOURCE = Path(__file__).with_name("_gamesolve.c")
INF = 1000


class SearchStoppedError(RuntimeError):
    """The node limit stopped a search before it finished."""


def library() -> ctypes.CDLL:
    """The compiled search, built if its source changed."""
    src = SOURCE.read_bytes()
    digest = hashlib.sha256(src).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "solver"
    so = cache / f"gamesolve-{digest}.so"
    if not so.exists():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            out = Path(tmp) / so.name
            subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(out), str(SOURCE)],
                           check=True)
            os.replace(out, so)
    lib = ctypes.CDLL(str(so))
    lib.ds_search.restype = ctypes.c_int
    lib.ds_search.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_longlong,
                              ctypes.POINTER(ctypes.c_int)]
    lib.ds_nodes.restype = ctypes.c_longlong
    lib.ds_stores.restype = ctypes.c_longlong
    lib.ds_set.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                           ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int, ctypes.c_int]
    lib.ds_legal.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                             ctypes.POINTER(ctypes.c_uint64)]
    lib.ds_get.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                           ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int)]
    return lib


def symmetry_maps(base: int) -> list[tuple[list[int], list[int]]]:
    """(cell image, piece image) of each symmetry of the base-``base`` board (identity first)."""
    b = Position(base).board
    out = []
    for s in cell_symmetries(grid("hexagon"), frozenset(b.cells)):
        cells = [b.index[s.cells[c]] for c in b.cells]
        pieces = [s.beams(b.cells[0], p) for p in range(64)]
        out.append((cells, pieces))
    return out


class CSearch:
    """Exact values of Dominions positions on a small board (base 2-4), White's view.

    ``tt_log2``: the table holds ``2**tt_log2`` entries of 32 bytes.
    """

    def __init__(self, base: int, tt_log2: int = 20, symmetries: bool = True) -> None:
        self.lib = library()
        self.base = base
        b = Position(base).board
        self.n = len(b)
        maps = symmetry_maps(base) if symmetries else [(list(range(self.n)), list(range(64)))]
        nb = (ctypes.c_int * (6 * self.n))(*[j for row in b.neighbours for j in row])
        cm = (ctypes.c_int * (len(maps) * self.n))(*[c for m, _ in maps for c in m])
        pm = (ctypes.c_int * (len(maps) * 64))(*[p for _, m in maps for p in m])
        if self.lib.ds_init(self.n, nb, len(maps), cm, pm, tt_log2) != 0:
            raise MemoryError("the search's table could not be allocated")
        self.set(Position(base))

    def set(self, pos: Position) -> None:
        """Make ``pos`` the position searched from."""
        pieces = (ctypes.c_int * self.n)(*[max(p, 0) for p in pos.piece])
        owners = (ctypes.c_int * self.n)(*[max(o, 0) for o in pos.owner])
        self.lib.ds_set(pieces, owners, pos.hands[0], pos.hands[1], pos.to_move, pos.passes)

    def legal(self) -> list[tuple[int, int, frozenset[int]]]:
        """The legal placements: (cell, piece, cells reversed)."""
        cells = (ctypes.c_int * 2400)()
        pieces = (ctypes.c_int * 2400)()
        flips = (ctypes.c_uint64 * 2400)()
        k = self.lib.ds_legal(cells, pieces, flips)
        return [(cells[i], pieces[i],
                 frozenset(c for c in range(self.n) if flips[i] >> c & 1)) for i in range(k)]

    def play(self, move: Move) -> None:
        """Play ``move`` on the searched position; ValueError if it is not legal."""
        if not self.lib.ds_play(move.cell, move.piece):
            raise ValueError(f"illegal move {move}")

    def state(self) -> tuple[list[int], list[int], tuple[int, int], int, int]:
        """(pieces 0 = vacant, owners -1 = vacant, hands, to move, passes)."""
        pieces = (ctypes.c_int * self.n)()
        owners = (ctypes.c_int * self.n)()
        hands = (ctypes.c_uint64 * 2)()
        turn = (ctypes.c_int * 2)()
        self.lib.ds_get(pieces, owners, hands, turn)
        return list(pieces), list(owners), (hands[0], hands[1]), turn[0], turn[1]

    @property
    def nodes(self) -> int:
        """Nodes searched since the table was made."""
        return int(self.lib.ds_nodes())

    def search(self, alpha: int, beta: int, node_limit: int = 0) -> int:
        """White's future gain within (alpha, beta), fail-soft; SearchStoppedError at the limit."""
        stopped = ctypes.c_int(0)
        v = int(self.lib.ds_search(alpha, beta, node_limit, ctypes.byref(stopped)))
        if stopped.value:
            raise SearchStoppedError(f"node limit {node_limit} reached")
        return v

    def value(self, guess: int = 0, node_limit: int = 0) -> int:
        """White's exact future gain by MTD(f) (null-window calls around ``guess``);
        ``node_limit`` (0: none) bounds the nodes of all its calls together."""
        g, lo, hi = guess, -INF, INF
        first = self.nodes
        while lo < hi:
            beta = g + 1 if g == lo else g
            left = node_limit - (self.nodes - first) if node_limit else 0
            if node_limit and left <= 0:
                raise SearchStoppedError(f"node limit {node_limit} reached")
            g = self.search(beta - 1, beta, left)
            if g < beta:
                hi = g
            else:
                lo = g
        return g


def random_position(base: int, vacant: int, seed: int) -> Position:
    """A position of a random game (uniform legal placements, no passes) with ``vacant``
    cells left; the game restarts with the next seed when it cannot go that far."""
    import random

    while True:
        rng = random.Random(seed)
        pos = Position(base)
        while len(pos.board) - len(pos.occupied) > vacant:
            moves = [m for m in pos.legal_moves() if not m.is_pass]
            if not moves:
                break
            pos.push(rng.choice(moves))
        if len(pos.board) - len(pos.occupied) == vacant:
            return pos
        seed += 1_000_003


def scale(base: int, vacants: list[int], samples: int, node_limit: int,
          tt_log2: int) -> list[dict[str, object]]:
    """Exact values of random positions with ``vacant`` cells left: nodes and CPU each."""
    import time

    s = CSearch(base, tt_log2)
    rows: list[dict[str, object]] = []
    for vacant in vacants:
        for k in range(samples):
            pos = random_position(base, vacant, 1000 * vacant + k)
            s.lib.ds_clear()
            s.set(pos)
            start = time.process_time()
            try:
                value: int | None = s.value(node_limit=node_limit)
            except SearchStoppedError:
                value = None
            rows.append({"vacant": vacant, "record": write_record(pos), "value": value,
                         "nodes": s.nodes, "cpu_seconds": round(time.process_time() - start, 2)})
            print(rows[-1], flush=True)
    return rows


def compare(base: int, vacant: int, samples: int) -> dict[str, object]:
    """The Python solver and the compiled search side by side on the same random positions:
    values (must agree), nodes, CPU, and the CPU ratio's median and range."""
    import statistics
    import time

    from solver.dominions.solve_game import Solver  # local: only the comparison runs it

    s = CSearch(base, 20)
    rows = []
    for k in range(samples):
        pos = random_position(base, vacant, 5000 + k)
        t0 = time.process_time()
        py = Solver(base)
        v_py = py.value(pos.copy())
        t1 = time.process_time()
        s.lib.ds_clear()
        s.set(pos)
        t1c = time.process_time()
        v_c = s.value()
        t2 = time.process_time()
        if v_py != v_c:
            raise AssertionError(f"values differ on sample {k}: {v_py} against {v_c}")
        rows.append({"value": v_c, "python_nodes": py.stats.nodes, "c_nodes": s.nodes,
                     "python_cpu": round(t1 - t0, 3), "c_cpu": round(t2 - t1c, 4),
                     "ratio": round((t1 - t0) / max(t2 - t1c, 1e-6), 1)})
    ratios = [float(str(r["ratio"])) for r in rows]
    return {"rows": rows, "ratio_median": statistics.median(ratios),
            "ratio_range": [min(ratios), max(ratios)]}


def main(argv: list[str] | None = None) -> None:
    """``scale``: nodes and CPU of exact values of random positions, by cells left;
    ``compare``: the Python solver and the compiled search side by side."""
    import argparse
    import json

    ap = argparse.ArgumentParser(description="The compiled Dominions game search.")
    sub = ap.add_subparsers(dest="command", required=True)
    sc = sub.add_parser("scale", help="exact values of random positions by cells left")
    sc.add_argument("--base", type=int, default=3)
    sc.add_argument("--vacant", type=int, nargs="+", required=True)
    sc.add_argument("--samples", type=int, default=5)
    sc.add_argument("--node-limit", type=int, default=0, help="per position (0: none)")
    sc.add_argument("--table", type=int, default=22, help="log2 of the table's entries")
    sc.add_argument("--out", type=Path, default=None)
    cm = sub.add_parser("compare", help="the Python solver and the compiled search")
    cm.add_argument("--base", type=int, default=3)
    cm.add_argument("--vacant", type=int, default=8)
    cm.add_argument("--samples", type=int, default=5)
    args = ap.parse_args(argv)
    load = [round(x, 1) for x in os.getloadavg()]
    if args.command == "compare":
        res = compare(args.base, args.vacant, args.samples)
        res["load"] = [load, [round(x, 1) for x in os.getloadavg()]]
        print(json.dumps(res))
        return
    rows = scale(args.base, args.vacant, args.samples, args.node_limit, args.table)
    doc = {"base": args.base, "node_limit": args.node_limit, "table_log2": args.table,
           "load_before": load, "load_after": [round(x, 1) for x in os.getloadavg()],
           "rows": rows}
    text = json.dumps(doc, indent=1)
    if args.out is None:
        print(text)
    else:
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(text + "\n")
        os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
