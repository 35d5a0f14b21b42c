"""Guaranteed upper bounds on a compact count: exact counts of relaxations (a transfer matrix).

A compact arrangement of a complete set (every pattern of sides once: square, triangle,
hexagon) is an *edge labelling*: every inner edge beam or blank, every border side blank, and
the cells' patterns (a cell's piece is the pattern of its sides) all different. Dropping "all
different" for weaker conditions on the multiset of patterns gives a *relaxation*; every
arrangement is a solution of it, so its exact count is an upper bound on the count, with no
probability attached.

The conditions here are *classings*: a map ``class_of`` from piece numbers to classes. In an
arrangement every piece stands exactly once, so each class holds exactly as many cells as it
has pieces. Examples: the number of beams (``weight_classing``: on the hexagon set 1, 6, 15,
20, 15, 6, 1 cells with 0..6 beams), the beam on one side (``side_classing``: 32 cells with a
beam on side 0), the pattern on a few sides (``projection_classing``: 2^(6-j) cells for each
pattern of j sides), or single pieces that must stand exactly once (``pieces_classing``).
Several classings hold together.

The count runs over the cells in a fixed order (row by row or column by column, whichever
keeps the frontier narrower, as in ``solver.arrange.engines.frontier``) on states

    state = bits of the open edges of the frontier | count per class (one bit field each)

Placing a cell reads its closed sides from the state, tries every value of its other sides
(blank on the border), and adds one to the class of the resulting piece in every classing. A
state is dropped when a class holds more cells than pieces, or needs more cells than the cells
left that can still take one of its pieces (the *caps*). One class per classing is not stored
(its count is the number of cells placed minus the others). Fixed pieces (completions) stand
on their cell, and no other cell takes them, exactly as in the search.

Counts are exact: they are carried as residues modulo 2^64 and two primes below 2^56 (numpy
``uint64``) and rebuilt by the Chinese remainder theorem, which is exact below 2^176; a count
of a relaxation is at most the number of labellings, 2^(inner edges), so the routine checks
that bound (2^161 on the hexagon rhombus:8x8) fits, and also carries a float64 copy that must
agree. With no classing the count is the number of labellings, ``2^edges`` (tested).

Complexity: O(cells x states x 2^(free sides)) time, O(states) memory; the states are the
frontier patterns times the count vectors still reachable.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.layout import EdgeLayout
>>> lay = EdgeLayout.build(ArrangementProblem.create("square", "compact", "4x4"))
>>> RelaxedCount(lay, []).count()  # every labelling of the 24 inner edges
16777216
>>> RelaxedCount(lay, [weight_classing(lay)]).count() >= 652  # the exact count is 652
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from puzzles.errors import InvalidInputError
from solver.arrange.engines.frontier import (
    _submasks,
    best_order,
    frontier_width,
    half_edge_slots,
)
from solver.arrange.layout import EdgeLayout

#: The moduli of the exact counts: 2^64 (uint64 wrap-around) and two primes below 2^56.
PRIMES = (72057594037927931, 72057594037927909)

#: A stop: more states than this after a step raises MemoryError (about 40 bytes a state).
MAX_STATES = 12_000_000


@dataclass(frozen=True)
class Classing:
    """A map from piece numbers to classes; each class must hold as many cells as pieces.

    Parameters
    ----------
    name : str
        A short label (for reports).
    class_of : dict of int to int
        The class of every piece number of the set.
    """

    name: str
    class_of: dict[int, int] = field(hash=False)

    def targets(self) -> dict[int, int]:
        """Class -> number of pieces in it (the cells it must hold)."""
        out: dict[int, int] = {}
        for c in self.class_of.values():
            out[c] = out.get(c, 0) + 1
        return out


def _pieces(lay: EdgeLayout) -> list[int]:
    return sorted(int(p.number) for p in lay.problem.piece_set.pieces)


def weight_classing(lay: EdgeLayout) -> Classing:
    """Pieces by number of beams (hexagon: 1, 6, 15, 20, 15, 6, 1)."""
    return Classing("weight", {p: bin(lay.beams(p)).count("1") for p in _pieces(lay)})


def projection_classing(lay: EdgeLayout, sides: Sequence[int]) -> Classing:
    """Pieces by their pattern on ``sides`` (and their orientation, for triangles)."""
    def key(p: int) -> int:
        b = lay.beams(p)
        return sum(((b >> j) & 1) << i for i, j in enumerate(sides)) | (p >> lay.k) << len(sides)

    return Classing("sides " + "".join(map(str, sides)), {p: key(p) for p in _pieces(lay)})


def side_classing(lay: EdgeLayout, side: int) -> Classing:
    """Pieces by the beam on one side."""
    return projection_classing(lay, [side])


def pieces_classing(lay: EdgeLayout, pieces: Iterable[int]) -> Classing:
    """Each of ``pieces`` exactly once (its own class); all other pieces form one class."""
    chosen = sorted(set(pieces))
    rank = {p: i + 1 for i, p in enumerate(chosen)}
    return Classing("pieces " + ",".join(map(str, chosen)),
                    {p: rank.get(p, 0) for p in _pieces(lay)})


@dataclass(frozen=True)
class _Field:
    classing: int  # index of the classing
    cls: int  # class in it
    shift: int  # bit position in the key
    bits: int
    target: int


@dataclass
class _Step:
    cell: int
    clear: int  # key bits of the closed slots
    close: tuple[tuple[int, int], ...]  # (side, slot bit)
    moves: dict[int, list[tuple[int, int, int]]]  # closed bits -> (piece, put bits, increment)
    caps_after: list[int]  # per stored field: cells after this step that can take the class
    implied_caps_after: list[int]  # per classing: the same for its implied class
    fixed: bool  # the cell holds a fixed piece
    free_placed: int  # cells without a fixed piece up to this one


class RelaxedCount:
    """The exact count of the labellings that meet every classing (an upper bound).

    Parameters
    ----------
    lay : EdgeLayout
        A compact problem whose piece set has one piece per cell.
    classings : list of Classing
        The conditions (may be empty: then every labelling counts).
    order : list of int, optional
        The cell order (default ``best_order``).
    exclude_fixed : bool
        Keep the fixed pieces off the other cells (default, as the search does); False
        drops that condition too (then a completion's count is the same relaxation as
        ``count_axes.axis_bound`` with the per-axis classings).

    Raises
    ------
    InvalidInputError
        When the problem is not compact, has more or fewer pieces than cells, or the state
        key (frontier plus count fields) does not fit in 63 bits.
    """

    def __init__(self, lay: EdgeLayout, classings: Sequence[Classing],
                 order: list[int] | None = None, exclude_fixed: bool = True) -> None:
        if lay.problem.kind != "compact":
            raise InvalidInputError("the relaxation count takes compact problems")
        pieces = _pieces(lay)
        if len(pieces) != lay.n:
            raise InvalidInputError(
                f"the relaxation count needs one piece per cell ({len(pieces)} pieces, "
                f"{lay.n} cells)")
        self.lay = lay
        self.exclude_fixed = exclude_fixed
        self.classings = list(classings)
        self.order = best_order(lay) if order is None else list(order)
        self.width = frontier_width(lay, self.order)
        #: inner edges: a count is at most 2^edges, which must stay below the moduli's product
        self.edges = sum(1 for i in range(lay.n) for j in range(lay.k) if lay.nb[i][j] >= 0) // 2
        if self.edges >= 64 + 55 * len(PRIMES):
            raise InvalidInputError(
                f"{self.edges} inner edges: a count could pass the exact range of the residues")
        self.fields: list[_Field] = []
        self.implied: list[int] = []  # per classing: its implied (not stored) class
        self.full: list[set[int]] = []  # per classing: the classes the fixed pieces fill
        self.implied_target: list[int] = []
        shift = self.width
        fixed = [p for p in lay.fixed if p >= 0]
        for s, cl in enumerate(self.classings):
            for p in pieces:
                if p not in cl.class_of:
                    raise InvalidInputError(f"classing {cl.name!r} has no class for piece {p}")
            targets = cl.targets()
            for p in fixed:  # a fixed piece fills its class once and stands nowhere else
                targets[cl.class_of[p]] -= 1
            self.full.append({c for c, n in targets.items() if n <= 0})
            targets = {c: n for c, n in targets.items() if n > 0}
            if not targets:  # every piece is fixed
                targets = {-1: 0}
            implied = max(targets, key=lambda c: (targets[c], -c))
            self.implied.append(implied)
            self.implied_target.append(targets[implied])
            for c in sorted(targets):
                if c == implied:
                    continue
                bits = targets[c].bit_length()
                self.fields.append(_Field(s, c, shift, bits, targets[c]))
                shift += bits
        if shift > 63:
            raise InvalidInputError(
                f"the state key needs {shift} bits (frontier {self.width}, count fields "
                f"{shift - self.width}); at most 63")
        self.key_bits = shift
        self.steps = self._plan()
        self.states = 0  # largest number of states after a step
        self.transitions = 0

    def _plan(self) -> list[_Step]:
        lay = self.lay
        field_of = {(f.classing, f.cls): i for i, f in enumerate(self.fields)}
        cand = [set(lay.candidates(c)) for c in range(lay.n)]
        if not self.exclude_fixed:  # every pattern the border allows, fixed pieces included
            cand = [cs if lay.fixed[c] >= 0 else
                    {lay.offset[c] + b for b in range(1 << lay.k) if not b & lay.blank_mask[c]}
                    for c, cs in enumerate(cand)]
        steps = []
        plan = half_edge_slots(self.order, lay.k, lay.nb, lay.back)
        for t, (c, close, opened) in enumerate(plan):
            clear = sum(1 << s for _j, s in close)
            closed_sides = sum(1 << j for j, _s in close)
            open_sides = ((1 << lay.k) - 1) & ~closed_sides & ~lay.blank_mask[c]
            moves: dict[int, list[tuple[int, int, int]]] = {}
            for bits in _submasks(clear):
                value = sum(((bits >> s) & 1) << j for j, s in close)
                out = []
                for sub in _submasks(open_sides):
                    piece = lay.offset[c] + value + sub
                    if piece not in cand[c]:
                        continue
                    if lay.fixed[c] < 0 and any(cl.class_of[piece] in self.full[s_i]
                                                for s_i, cl in enumerate(self.classings)):
                        continue  # its class is full already (of fixed pieces)
                    put = sum(((sub >> j) & 1) << s for j, s in opened)
                    inc = 0
                    for s_i, cl in enumerate(self.classings):
                        if lay.fixed[c] >= 0:
                            break  # counted in the targets already
                        f = field_of.get((s_i, cl.class_of[piece]))
                        if f is not None:
                            inc += 1 << self.fields[f].shift
                    out.append((piece, put, inc))
                moves[bits] = out
            later = [cand[x] for x in self.order[t + 1:] if lay.fixed[x] < 0]
            caps = [sum(1 for cs in later
                        if any(self.classings[f.classing].class_of[p] == f.cls for p in cs))
                    for f in self.fields]
            icaps = [sum(1 for cs in later
                         if any(cl.class_of[p] == self.implied[s_i] for p in cs))
                     for s_i, cl in enumerate(self.classings)]
            free_placed = sum(1 for x in self.order[:t + 1] if lay.fixed[x] < 0)
            steps.append(_Step(c, clear, tuple(close), moves, caps, icaps, lay.fixed[c] >= 0,
                               free_placed))
        return steps

    def count(self, tick: Callable[[int, int], None] | None = None) -> int:
        """The exact number of labellings meeting every classing.

        ``tick(cells done, states)`` is called after each cell.

        Raises
        ------
        MemoryError
            When a step would hold more than ``MAX_STATES`` states.
        """
        keys = np.zeros(1, dtype=np.int64)
        res = np.ones((1 + len(PRIMES), 1), dtype=np.uint64)  # mod 2^64, mod each prime
        flt = np.ones(1, dtype=np.float64)
        for t, step in enumerate(self.steps):
            keys, res, flt = self._advance(t, step, keys, res, flt)
            self.states = max(self.states, len(keys))
            if tick is not None:
                tick(t + 1, len(keys))
            if len(keys) == 0:
                return 0
        moduli = [1 << 64, *PRIMES]
        # the last sum over the states in Python ints (a numpy sum could overflow the primes)
        total = [sum(int(v) for v in res[0].tolist()) % (1 << 64)]
        total += [sum(int(v) for v in res[1 + i].tolist()) % p for i, p in enumerate(PRIMES)]
        exact = _crt(total, moduli)
        approx = float(flt.sum())
        if not math.isclose(exact, approx, rel_tol=1e-9):
            raise ArithmeticError(f"exact count {exact} and float count {approx:.6g} differ")
        return exact

    def _advance(self, t: int, step: _Step, keys: np.ndarray, res: np.ndarray,
                 flt: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        field_at = {(f.classing, f.cls): f for f in self.fields}
        rest = keys & ~np.int64(step.clear)
        pattern = keys & np.int64(step.clear)
        out_k: list[np.ndarray] = []
        out_r: list[np.ndarray] = []
        out_f: list[np.ndarray] = []
        for bits, moves in step.moves.items():
            if not moves:
                continue
            if len(step.moves) == 1:
                sel_k, sel_r, sel_f = rest, res, flt
            else:
                sel = pattern == bits
                if not sel.any():
                    continue
                sel_k, sel_r, sel_f = rest[sel], res[:, sel], flt[sel]
            self.transitions += len(sel_k) * len(moves)
            for piece, put, inc in moves:
                ok = None
                for s_i, cl in enumerate(self.classings):  # the class must still have space
                    if step.fixed:
                        break
                    f = field_at.get((s_i, cl.class_of[piece]))
                    if f is None:
                        continue
                    digit = (sel_k >> f.shift) & ((1 << f.bits) - 1)
                    space = digit < f.target
                    ok = space if ok is None else ok & space
                if ok is None:
                    out_k.append(sel_k + np.int64(put + inc))
                    out_r.append(sel_r)
                    out_f.append(sel_f)
                elif ok.any():
                    out_k.append(sel_k[ok] + np.int64(put + inc))
                    out_r.append(sel_r[:, ok])
                    out_f.append(sel_f[ok])
        if not out_k:
            return keys[:0], res[:, :0], flt[:0]
        k = np.concatenate(out_k)
        r = np.concatenate(out_r, axis=1)
        fl = np.concatenate(out_f)
        k, r, fl = self._prune(t, step, k, r, fl)
        if len(k) == 0:
            return k, r, fl
        if len(k) > MAX_STATES:
            raise MemoryError(f"the relaxation count would hold {len(k)} states")
        order = np.argsort(k, kind="stable")
        k, r, fl = k[order], r[:, order], fl[order]
        starts = np.flatnonzero(np.concatenate(([True], k[1:] != k[:-1])))
        r = np.add.reduceat(r, starts, axis=1)  # row 0 wraps modulo 2^64 by itself
        for i, p in enumerate(PRIMES):
            r[1 + i] %= np.uint64(p)
        return k[starts], r, np.add.reduceat(fl, starts)

    def _prune(self, t: int, step: _Step, k: np.ndarray, r: np.ndarray,
               fl: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Drop the states whose classes can no longer be filled by the cells left."""
        placed = step.free_placed
        keep = np.ones(len(k), dtype=bool)
        sums = [np.zeros(len(k), dtype=np.int64) for _ in self.classings]
        for f, cap in zip(self.fields, step.caps_after, strict=True):
            digit = (k >> f.shift) & ((1 << f.bits) - 1)
            sums[f.classing] += digit
            if cap < f.target:
                keep &= digit >= f.target - cap
        for s_i, cap in enumerate(step.implied_caps_after):
            implied = placed - sums[s_i]
            target = self.implied_target[s_i]
            keep &= (implied >= max(0, target - cap)) & (implied <= target)
        if keep.all():
            return k, r, fl
        return k[keep], r[:, keep], fl[keep]


def _crt(residues: list[int], moduli: list[int]) -> int:
    """The number below the product of the (pairwise coprime) moduli with these residues."""
    x, m = 0, 1
    for a, n in zip(residues, moduli, strict=True):
        # x + m * y = a (mod n)
        y = ((a - x) * pow(m, -1, n)) % n
        x += m * y
        m *= n
    return x
