"""Dominions solved on the smallest boards (issue 26, Q7): the value of the game with perfect
play, as the seed scores it (a player's score is his pieces on the board minus the pieces in
his hand; the value is White's score minus Black's at the end).

Search: alpha-beta over the legal moves of the rules (captures first, then the
placements that keep the most liberties, the pass last), a transposition table of value
bounds keyed by the position up to the 12 symmetries of the hexagon (cells, beams and hands
turned together), and MTD(f) null-window calls around the value. The *future* gain from a
position (White's minus Black's score change until the end) depends only on the board, the
pieces in hand that still fit somewhere (the others can never be placed again: constraints
only grow), who is to move and whether the last move was a pass.

The proof (``proof``): a weak solution as two strategy graphs, "White gets at least v" (one
White move at White's nodes, every legal Black move at Black's) and "Black holds White to at
most v" (the other way round), positions merged up to symmetry; ``tests/dominions/
test_solved_boards.py`` replays both with the independent plain rules.

    python3 -m solver.dominions.solve_game --base 2 --proof docs/results/dominions-base2.json.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.dominions import PASS, Move, Position
from puzzles.dominions.board import fitting_mask
from puzzles.grids import cell_symmetries, grid

INF = 10**6
Key = int  # the position as one integer: 7 bits a cell, the two relevant hands, turn, pass
TABLE_LIMIT = 6_000_000  # positions kept (about 1.5 GB); the table starts again when full


@dataclass
class Stats:
    """Nodes searched and the table's size."""

    nodes: int = 0
    hits: int = 0


class Solver:
    """Exact values of positions on a small board (``base`` 2-4)."""

    def __init__(self, base: int, symmetries: bool = True, node_limit: int | None = None,
                 cpu_limit: float | None = None, progress: bool = False) -> None:
        self.base = base
        self.root = Position(base)
        b = self.root.board
        syms = cell_symmetries(grid("hexagon"), frozenset(b.cells)) if symmetries else []
        self.maps: list[tuple[list[int], list[int]]] = []  # (cell image, piece image)
        for s in syms:
            cells = [b.index[s.cells[c]] for c in b.cells]
            pieces = [0] * 64
            for c in b.cells[:1]:
                for p in range(64):
                    pieces[p] = s.beams(c, p)
            self.maps.append((cells, pieces))
        if not self.maps:
            self.maps = [(list(range(len(b))), list(range(64)))]
        self.table: dict[Key, tuple[int, int]] = {}
        self.best: dict[Key, Move] = {}  # the move that gave the last bound (searched first)
        self.stats = Stats()
        self.node_limit = node_limit
        self.cpu_limit = cpu_limit
        self.progress = progress
        self.start = time.process_time()
        self.depth = 0  # plies below the root of the current search
        self.root_moves: tuple[int, int] = (0, 0)  # (root moves searched, legal at the root)
        self.passes: list[tuple[int, int]] = []  # finished MTD(f) calls: (beta, result)

    # ---------------------------------------------------------------- keys
    def relevant(self, pos: Position) -> int:
        """The pieces that fit some vacant cell now (only they can ever be placed)."""
        m = 0
        for c in range(len(pos.piece)):
            if pos.piece[c] < 0:
                m |= fitting_mask(pos.must_beam[c], pos.must_blank[c])
        return m

    def key(self, pos: Position) -> tuple[Key, int]:
        """(canonical key, index of the symmetry that gives it)."""
        rel = self.relevant(pos)
        best: Key | None = None
        best_k = 0
        n = len(pos.piece)
        for k, (cells, pieces) in enumerate(self.maps):
            board = [0] * n
            for c in range(n):
                p = pos.piece[c]
                if p >= 0:
                    board[cells[c]] = (pieces[p] << 1 | pos.owner[c]) + 1
            hands = []
            for colour in (0, 1):
                h = pos.hands[colour] & rel
                img = 0
                while h:
                    low = h & -h
                    img |= 1 << pieces[low.bit_length() - 1]
                    h ^= low
                hands.append(img)
            code = 0
            for v in board:
                code = code << 7 | v
            cand = ((code << 64 | hands[0]) << 64 | hands[1]) << 3 | pos.to_move << 2 \
                | pos.passes
            if best is None or cand < best:
                best, best_k = cand, k
        assert best is not None
        return best, best_k

    # ---------------------------------------------------------------- moves
    def moves(self, pos: Position, first: Move | None = None) -> Iterator[Move]:
        """Legal moves: ``first`` (the table's best move), captures, then more liberties;
        the pass last."""
        opts = pos.legal_placements()
        opts.sort(key=lambda o: (-(o[3] > 0), -o[2], o[0], o[1]))
        if first is not None:
            yield first
        for c, p, _, _ in opts:
            m = Move(c, p)
            if m != first:
                yield m
        if first != PASS:
            yield PASS

    def _turned(self, m: Move, sym: int) -> Move:
        """``m`` turned by symmetry ``sym`` (the one that gives its position the key)."""
        if m.is_pass:
            return m
        cells, pieces = self.maps[sym]
        return Move(cells[m.cell], pieces[m.piece])

    def _first(self, pos: Position, key: Key, sym: int) -> Move | None:
        """The stored best move turned back onto ``pos``, if it is legal there."""
        m = self.best.get(key)
        if m is None or m.is_pass:
            return m
        cells, pieces = self.maps[sym]
        back = Move(cells.index(m.cell), pieces.index(m.piece))
        return back if pos.outcome(back).status == "legal" else None

    @staticmethod
    def diff(pos: Position) -> int:
        w, b = pos.score()
        return w - b

    # ---------------------------------------------------------------- search
    def search(self, pos: Position, alpha: int, beta: int) -> int:
        """White's future gain from ``pos`` (fail-soft alpha-beta within (alpha, beta))."""
        if pos.is_over():
            return 0
        key, sym = self.key(pos)
        lo, hi = self.table.get(key, (-INF, INF))
        if lo >= beta:
            self.stats.hits += 1
            return lo
        if hi <= alpha:
            self.stats.hits += 1
            return hi
        if lo == hi:
            return lo
        self.stats.nodes += 1
        if self.stats.nodes % 100_000 == 0:
            spent = time.process_time() - self.start
            if self.progress:
                done, total = self.root_moves
                print(f"{self.stats.nodes} nodes, {len(self.table)} positions, "
                      f"{spent:.0f} s CPU, MTD(f) call {len(self.passes) + 1}, "
                      f"root move {done + 1} of {total}", file=sys.stderr, flush=True)
            if self.cpu_limit is not None and spent > self.cpu_limit:
                raise TimeoutError(f"CPU limit {self.cpu_limit:g} s reached")
        if self.node_limit is not None and self.stats.nodes > self.node_limit:
            raise TimeoutError(f"node limit {self.node_limit} reached")
        a0, b0 = max(alpha, lo), min(beta, hi)
        a, b = a0, b0
        white = pos.to_move == 0
        before = self.diff(pos)
        best = -INF if white else INF
        best_move: Move | None = None
        root = self.depth == 0
        ordered = list(self.moves(pos, self._first(pos, key, sym))) if root else None
        for i, m in enumerate(ordered if ordered is not None
                              else self.moves(pos, self._first(pos, key, sym))):
            if ordered is not None:
                self.root_moves = (i, len(ordered))
            pos.push(m)
            d = self.diff(pos) - before
            self.depth += 1
            try:
                v = d + self.search(pos, a - d, b - d)
            finally:
                self.depth -= 1
            pos.pop()
            if white:
                if v > best:
                    best, best_move = v, m
                a = max(a, best)
            else:
                if v < best:
                    best, best_move = v, m
                b = min(b, best)
            if a >= b:
                break
        if best_move is not None:
            self.best[key] = self._turned(best_move, sym)
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
            self.best.clear()
            self.stats.hits = 0
        if best <= a0:
            self.table[key] = (lo, min(hi, best))
        elif best >= b0:
            self.table[key] = (max(lo, best), hi)
        else:
            self.table[key] = (best, best)
        return best

    def value(self, pos: Position | None = None, guess: int = 0) -> int:
        """The exact future gain (White's perspective) by MTD(f)."""
        p = self.root.copy() if pos is None else pos
        g, lo, hi = guess, -INF, INF
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.search(p, beta - 1, beta)
            self.passes.append((beta, g))
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def line(self, value: int) -> list[str]:
        """A principal line: each side's first move (in move order) that keeps the value."""
        p = self.root.copy()
        out = []
        while not p.is_over():
            for m in self.moves(p):
                p.push(m)
                base = self.diff(p)
                future = value - base
                if self.search(p, future - 1, future + 1) == future:
                    out.append(pos_move_text(p, m))
                    break
                p.pop()
            else:  # pragma: no cover - the value is exact
                raise AssertionError("no move keeps the value")
        return out

    # ---------------------------------------------------------------- proof
    def proof(self, value: int, side: str) -> dict[str, Any]:
        """A strategy graph: side ``low`` proves White's final score difference >= value,
        ``high`` proves <= value. Nodes are positions, merged when equal up to a symmetry
        of the board with the same score difference: ``[state, moves]`` where at the proving
        side's turn one move is given and at the other's every legal move; each move is
        ``[move text, child node]``: the position after the move is the child's up to a
        symmetry (the pieces in hand that fit no vacant cell may differ)."""
        nodes: list[list[Any]] = []
        index: dict[tuple[Key, int], int] = {}
        pos = self.root.copy()
        sys.setrecursionlimit(10_000)

        def need(p: Position, base: int) -> bool:
            """Is the bound provable from here (final diff = base + future)?"""
            if side == "low":
                return base + self.search(p, value - base - 1, value - base) >= value
            return base + self.search(p, value - base, value - base + 1) <= value

        def build(p: Position) -> int:
            key = (self.key(p)[0], self.diff(p))
            if key in index:
                return index[key]
            k = len(nodes)
            index[key] = k
            node: list[Any] = [_state_text(p), []]
            nodes.append(node)
            if p.is_over():
                return k
            prover = (p.to_move == 0) == (side == "low")
            for m in self.moves(p):
                p.push(m)
                ok = need(p, self.diff(p))
                if prover and not ok:
                    p.pop()
                    continue
                if not ok:  # pragma: no cover - the search's own bound says otherwise
                    raise AssertionError("a refutation below the proved bound")
                text = pos_move_text(p, m)
                child = build(p)
                node[1].append([text, child])
                p.pop()
                if prover:
                    break
            if prover and not node[1]:  # pragma: no cover
                raise AssertionError("no move keeps the bound")
            return k

        build(pos)
        return {"side": side, "value": value, "nodes": nodes}


def pos_move_text(p: Position, m: Move) -> str:
    """``P12c3`` or ``pass`` (on the position before or after the move: names only)."""
    return "pass" if m.is_pass else f"P{m.piece}{p.board.name(m.cell)}"


def _state_text(p: Position) -> str:
    """The position as the checker rebuilds it: cells ``W12``/``B5``/``.``, hands, turn."""
    cells = ",".join(f"{'WB'[p.owner[c]]}{p.piece[c]}" if p.piece[c] >= 0 else "."
                     for c in range(len(p.piece)))
    return f"{cells}|{p.hands[0]:x}|{p.hands[1]:x}|{p.to_move}|{p.passes}"


def solve(base: int, proof_path: Path | None = None, node_limit: int | None = None,
          cpu_limit: float | None = None, guess: int = 0) -> dict[str, Any]:
    """The value of the base-``base`` game and, with ``proof_path``, its proof (gzip JSON).
    When a limit stops the search, the bounds proved at the root are reported."""
    s = Solver(base, node_limit=node_limit, cpu_limit=cpu_limit, progress=True)
    start = time.process_time()

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"signal {signal.Signals(signum).name}")

    signal.signal(signal.SIGTERM, stop)
    try:
        value = s.value(guess=guess)
    except (TimeoutError, KeyboardInterrupt) as exc:
        lo, hi = s.table.get(s.key(s.root)[0], (-INF, INF))
        done, total = s.root_moves
        return {"base": base, "cells": len(s.root.board), "value": None,
                "stopped": str(exc) or type(exc).__name__,
                "root_bounds": [lo if lo > -INF else None, hi if hi < INF else None],
                "mtdf_calls_finished": [list(c) for c in s.passes],
                "root_moves_searched": done, "root_moves": total,
                "nodes": s.stats.nodes, "table": len(s.table),
                "cpu_seconds": round(time.process_time() - start, 1)}
    out: dict[str, Any] = {"base": base, "cells": len(s.root.board), "value": value,
                           "winner": "W" if value > 0 else "B" if value < 0 else "draw",
                           "nodes": s.stats.nodes, "table": len(s.table),
                           "cpu_seconds": round(time.process_time() - start, 1)}
    out["line"] = s.line(value)
    if proof_path is not None:
        low, high = s.proof(value, "low"), s.proof(value, "high")
        doc = {"game": "dominions", "base": base, "value": value,
               "rules": "seed 000; score = pieces on the board minus pieces in hand",
               "low": low, "high": high}
        out["proof_nodes"] = {"low": len(low["nodes"]), "high": len(high["nodes"])}
        with gzip.open(proof_path, "wt", encoding="utf-8") as fh:
            json.dump(doc, fh, separators=(",", ":"))
        out["proof_cpu_seconds"] = round(time.process_time() - start, 1)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Solve Dominions on a small board.")
    ap.add_argument("--base", type=int, default=2)
    ap.add_argument("--proof", type=Path, default=None)
    ap.add_argument("--node-limit", type=int, default=None)
    ap.add_argument("--cpu-limit", type=float, default=None, help="CPU seconds (time box)")
    ap.add_argument("--guess", type=int, default=0, help="first MTD(f) guess")
    args = ap.parse_args(argv)
    load = os.getloadavg()
    res = solve(args.base, args.proof, args.node_limit, args.cpu_limit, args.guess)
    res["load_before"] = [round(x, 1) for x in load]
    res["load_after"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(res))


if __name__ == "__main__":
    main()
