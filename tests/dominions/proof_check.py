"""An independent checker of the solved-board proofs of ``solver.dominions.solve_game``:
every position is rebuilt with the plain rules (``plain_rules``, no engine code), every
listed move is played with them, at the other side's turn the listed moves must be exactly
the legal ones, and the end positions must score as claimed. Positions merged in the proof
must be equal up to one of the 12 symmetries of the hexagon, with the same score difference
and the same pieces in hand among those that still fit a vacant cell.
"""

from __future__ import annotations

import sys
from typing import Any

from puzzles.grids import HEX_DELTAS
from tests.dominions.plain_rules import Board, play

Cell = tuple[int, int]


class ProofError(AssertionError):
    """The proof does not hold."""


def board_cells(base: int) -> list[Cell]:
    m = base - 1
    return [(q, r) for q in range(-m, m + 1) for r in range(-m, m + 1) if abs(q + r) <= m]


def name(cell: Cell, base: int) -> str:
    return "abcdefghijklmnopqrs"[base - cell[1] - 1] + str(cell[0] + base)


def fits(board: Board, on: set[Cell], cell: Cell, piece: int) -> bool:
    opp = {1: 8, 2: 16, 4: 32, 8: 1, 16: 2, 32: 4}
    for d, (dq, dr) in HEX_DELTAS.items():
        nb = (cell[0] + dq, cell[1] + dr)
        if nb not in on:
            if piece & d:
                return False
        elif nb in board and bool(piece & d) != bool(board[nb][1] & opp[d]):
            return False
    return True


def symmetries() -> list[tuple[Any, Any]]:
    """(cell map, piece map) for the 6 rotations and 6 reflections (axial coordinates)."""
    out = []
    for mirror in (False, True):
        for turn in range(6):
            def f(c: Cell, mirror: bool = mirror, turn: int = turn) -> Cell:
                q, r = (c[1], c[0]) if mirror else c
                for _ in range(turn):
                    q, r = -r, q + r
                return (q, r)
            bit = {delta: d for d, delta in HEX_DELTAS.items()}  # a direction's bit
            pmap = [sum(bit[f(HEX_DELTAS[d])] for d in HEX_DELTAS if p & d) for p in range(64)]
            out.append((f, pmap))
    return out


class State:
    """A position for the checker: board, hands (sets), player to move, passes in a row."""

    def __init__(self, base: int) -> None:
        self.base = base
        self.on = set(board_cells(base))
        self.board: Board = {}
        self.hands = [set(range(1, 64)), set(range(1, 64))]
        self.to_move = 0
        self.passes = 0

    def copy(self) -> State:
        s = State.__new__(State)
        s.base, s.on, s.board = self.base, self.on, dict(self.board)
        s.hands = [set(self.hands[0]), set(self.hands[1])]
        s.to_move, s.passes = self.to_move, self.passes
        return s

    def diff(self) -> int:
        on = [0, 0]
        for colour, _ in self.board.values():
            on["WB".index(colour)] += 1
        return (on[0] - len(self.hands[0])) - (on[1] - len(self.hands[1]))

    def legal(self) -> set[str]:
        me = "WB"[self.to_move]
        out = {"pass"}
        for cell in self.on:
            for p in self.hands[self.to_move]:
                if play(self.board, self.on, cell, p, me) is not None:
                    out.add(f"P{p}{name(cell, self.base)}")
        return out

    def apply(self, text: str) -> State:
        s = self.copy()
        if text == "pass":
            s.passes += 1
        else:
            k = 1
            while text[k].isdigit():
                k += 1
            p = int(text[1:k])
            cell = next(c for c in self.on if name(c, self.base) == text[k:])
            me = "WB"[self.to_move]
            if p not in self.hands[self.to_move]:
                raise ProofError(f"{text}: piece not in hand")
            new = play(self.board, self.on, cell, p, me)
            if new is None:
                raise ProofError(f"{text} is illegal")
            s.board = new
            s.hands[self.to_move].discard(p)
            s.passes = 0
        s.to_move = 1 - self.to_move
        return s

    def relevant(self) -> set[int]:
        vacant = [c for c in self.on if c not in self.board]
        return {p for p in range(1, 64) if any(fits(self.board, self.on, c, p) for c in vacant)}

    def text(self) -> str:
        """The engine's state text (cells in name order), for the first visit of a node."""
        order = sorted(self.on, key=lambda c: (self.base - c[1], c[0] + self.base))
        cells = ",".join(f"{self.board[c][0]}{self.board[c][1]}" if c in self.board else "."
                         for c in order)
        masks = [sum(1 << p for p in h) for h in self.hands]
        return f"{cells}|{masks[0]:x}|{masks[1]:x}|{self.to_move}|{self.passes}"


def equivalent(a: State, b: State, syms: list[tuple[Any, Any]]) -> bool:
    if (a.to_move, a.passes, a.diff()) != (b.to_move, b.passes, b.diff()):
        return False
    ra, rb = a.relevant(), b.relevant()
    for f, pmap in syms:
        if {f(c): (v[0], pmap[v[1]]) for c, v in a.board.items()} != b.board:
            continue
        if all({pmap[p] for p in a.hands[k] & ra} == b.hands[k] & rb for k in (0, 1)):
            return True
    return False


def check(doc: dict[str, Any]) -> dict[str, int]:
    """Check both strategy graphs of a proof; returns the nodes checked per side."""
    syms = symmetries()
    sys.setrecursionlimit(20_000)
    return {side: check_side(doc, side, syms) for side in ("low", "high")}


def check_side(doc: dict[str, Any], side: str, syms: list[tuple[Any, Any]]) -> int:
    """Check one strategy graph (``low``: White gets at least the value; ``high``: at
    most); returns the number of nodes."""
    base, value = doc["base"], doc["value"]
    part = doc[side]
    if part["side"] != side or part["value"] != value:
        raise ProofError(f"{side}: header")
    nodes = part["nodes"]
    seen: dict[int, State] = {}
    prover = 0 if side == "low" else 1

    def visit(k: int, s: State) -> None:
        if k in seen:
            if not equivalent(s, seen[k], syms):
                raise ProofError(f"{side} node {k}: a different position")
            return
        state_text, moves = nodes[k]
        if s.text() != state_text:
            raise ProofError(f"{side} node {k}: stored position differs")
        seen[k] = s
        if s.passes >= 2:
            final = s.diff()
            if moves or not (final >= value if side == "low" else final <= value):
                raise ProofError(f"{side} node {k}: ends at {final}")
            return
        listed = [m for m, _ in moves]
        if s.to_move == prover:
            if len(listed) != 1:
                raise ProofError(f"{side} node {k}: one move expected")
        elif set(listed) != s.legal() or len(listed) != len(set(listed)):
            raise ProofError(f"{side} node {k}: not every legal move is answered")
        for text, child in moves:
            visit(child, s.apply(text))

    visit(0, State(base))
    if len(seen) != len(nodes):
        raise ProofError(f"{side}: unreachable nodes")
    return len(seen)
