"""An LRAT proof checker: does a clausal proof derive the empty clause from a CNF?

LRAT (Cruz-Filipe, Heule, Hunt, Kaufmann, Schneider-Kamp, CADE 2017) is DRAT with hints: every
added clause (a *lemma*) names, in order, the clauses that become unit (or false) when the
lemma's literals are all false. Checking a lemma is one pass over its hints:

1. assign every literal of the lemma false (a lemma holding a literal and its negation is a
   tautology and accepted);
2. for each hint, in order: the hint clause must be active and, under the assignment, have no
   true literal and at most one unassigned literal; none left means a conflict (the lemma is
   implied: accepted); one left is a unit, assigned true; two or more reject the proof;
3. hints exhausted without a conflict reject the proof.

So a lemma is accepted only when it follows from active clauses by unit propagation (RUP), and
every accepted lemma is implied by the formula: a proof that adds the empty clause shows the
formula has no model. Deletions only remove clauses (they can never make a false claim pass).
RAT steps (negative hints) are refused: this checker accepts RUP lemmas only, which is all
CaDiCaL writes in LRAT mode; refusing is sound, never a false "accepted". Also refused: an added
clause whose id is not larger than every id before (original clauses are 1..m in file order), a
hint to a clause that is not active, a literal beyond the formula's variables.

Formats: binary LRAT (CaDiCaL's ``lrat=1, binary=1``: ``a``, the id and literals and hints as
variable-length unsigned integers, ``2 x`` for ``x`` and ``2 x + 1`` for ``-x``, each list ended
by 0; ``d``, ids, 0) and the text form (``id lits 0 hints 0`` and ``id d ids 0`` lines,
converted to binary by :func:`text_to_binary`). The proof is read in chunks, so a compressed
proof of gigabytes is checked without unpacking it to disk.

This module imports nothing else of the project (the encoders and the solver runner are not
trusted). Examples
--------
>>> from solver.proofs.dimacs import from_clauses
>>> f = from_clauses(1, [[1], [-1]])
>>> check(f, text_to_binary("3 0 1 2 0\\n")).proved
True
>>> check(f, text_to_binary("3 0 1 0\\n")).proved
False
"""

from __future__ import annotations

import gzip
import lzma
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from solver.proofs.dimacs import Formula

# status codes of the kernel
_MORE = 0  # the chunk ended inside a step: give more bytes (or, at the end, the proof is cut)
_PROVED = 1  # the empty clause was added and checked
_NEED_IDS = 2  # the id table is too small
_NEED_STORE = 3  # the literal store is full
_NEED_TMP = 4  # a step longer than the scratch arrays
_BAD_BYTE = -1
_BAD_ID = -2
_BAD_LITERAL = -3
_RAT = -4
_MISSING_HINT = -5
_NOT_UNIT = -6
_NO_CONFLICT = -7
_BAD_VARINT = -8

_REASONS = {
    _BAD_BYTE: "a step that starts with neither 'a' nor 'd'",
    _BAD_ID: "an added clause whose id is taken (an original clause's, or not larger than the "
             "lemma before it)",
    _BAD_LITERAL: "a literal of variable 0 or beyond the formula's variables",
    _RAT: "a RAT step (negative hint): this checker accepts RUP lemmas only",
    _MISSING_HINT: "a hint to a clause that is not active (never added, or deleted)",
    _NOT_UNIT: "a hint clause that is neither unit nor false (a true literal or two open)",
    _NO_CONFLICT: "the hints end without a conflict: the lemma is not shown implied",
    _BAD_VARINT: "a number longer than 63 bits",
}


@dataclass(frozen=True)
class LratReport:
    """The checker's verdict: ``proved`` only when the empty clause was added and checked."""

    proved: bool
    lemmas: int
    deletions: int
    hints: int
    seconds: float
    reason: str | None = None
    step_id: int | None = None  # the id of the lemma that was refused

    def text(self) -> str:
        """One line for people."""
        if self.proved:
            return (f"accepted: the empty clause is derived ({self.lemmas} lemmas, "
                    f"{self.hints} hints, {self.deletions} deletions, {self.seconds:.1f} s)")
        where = f" at lemma {self.step_id}" if self.step_id is not None else ""
        return f"rejected{where}: {self.reason}"


@njit(cache=True)
def _varint(buf, p, end):  # type: ignore[no-untyped-def]  # pragma: no cover
    """(value, next position); next position -1 when the buffer ends first, -2 on overflow."""
    value = 0
    shift = 0
    while True:
        if p >= end:
            return 0, -1
        b = buf[p]
        p += 1
        if shift > 56:
            return 0, -2
        value |= np.int64(b & 127) << shift
        if b < 128:
            return value, p
        shift += 7


@njit(cache=True)
def _run(buf, end, nvars, start, length, store, state, assign, trail, tmp_lits,  # type: ignore[no-untyped-def]
         tmp_hints):  # pragma: no cover
    """Check the complete steps of ``buf[:end]``.

    ``state``: [store top, last id, lemmas, deletions, hints, failing id, bytes consumed].
    Returns a status code; ``state[6]`` is the position of the first step not processed.
    """
    p = 0
    while p < end:
        step = p
        tag = buf[p]
        p += 1
        if tag == 100:  # 'd': ids to delete
            while True:
                u, p = _varint(buf, p, end)
                if p == -1:
                    state[6] = step
                    return 0
                if p == -2:
                    return -8
                if u == 0:
                    break
                if u & 1:
                    return -2
                cid = u >> 1
                if cid < length.shape[0] and length[cid] >= 0:
                    length[cid] = -2  # deleted: its id is never used again
                    state[3] += 1
            state[6] = p
            continue
        if tag != 97:
            state[6] = step
            return -1
        u, p = _varint(buf, p, end)
        if p == -1:
            state[6] = step
            return 0
        if p == -2:
            return -8
        if u & 1:
            return -2
        cid = u >> 1
        nl = 0
        while True:
            u, p = _varint(buf, p, end)
            if p == -1:
                state[6] = step
                return 0
            if p == -2:
                return -8
            if u == 0:
                break
            if nl >= tmp_lits.shape[0]:
                state[6] = step
                return 4
            v = u >> 1
            if v == 0 or v > nvars:
                state[5] = cid
                return -3
            tmp_lits[nl] = -v if u & 1 else v
            nl += 1
        nh = 0
        while True:
            u, p = _varint(buf, p, end)
            if p == -1:
                state[6] = step
                return 0
            if p == -2:
                return -8
            if u == 0:
                break
            if nh >= tmp_hints.shape[0]:
                state[6] = step
                return 4
            if u & 1:
                state[5] = cid
                return -4
            tmp_hints[nh] = u >> 1
            nh += 1
        # the whole step is read; check its id and room before anything changes
        if cid >= length.shape[0]:
            state[6] = step
            return 2
        if cid <= state[1] or length[cid] != -1:
            state[5] = cid
            return -2
        if state[0] + nl > store.shape[0]:
            state[6] = step
            return 3
        # RUP: the lemma's literals false, then the hints in order
        nt = 0
        done = False
        for k in range(nl):
            x = tmp_lits[k]
            v = abs(x)
            want = -1 if x > 0 else 1  # the value making x false
            if assign[v] == 0:
                assign[v] = want
                trail[nt] = v
                nt += 1
            elif assign[v] != want:
                done = True  # x and -x both in the lemma: a tautology
        status = 0
        if not done:
            for k in range(nh):
                h = tmp_hints[k]
                if h >= length.shape[0] or length[h] < 0:
                    status = -5
                    break
                open_lit = 0
                bad = False
                s0 = start[h]
                for j in range(s0, s0 + length[h]):
                    x = store[j]
                    a = assign[abs(x)]
                    val = a if x > 0 else -a
                    if val == 1:
                        bad = True
                        break
                    if val == 0 and x != open_lit:
                        if open_lit != 0:
                            bad = True
                            break
                        open_lit = x
                if bad:
                    status = -6
                    break
                if open_lit == 0:
                    done = True
                    break
                v = abs(open_lit)
                assign[v] = 1 if open_lit > 0 else -1
                trail[nt] = v
                nt += 1
        for k in range(nt):
            assign[trail[k]] = 0
        state[4] += nh
        if status != 0:
            state[5] = cid
            return status
        if not done:
            state[5] = cid
            return -7
        start[cid] = state[0]
        length[cid] = nl
        for k in range(nl):
            store[state[0] + k] = tmp_lits[k]
        state[0] += nl
        state[1] = cid
        state[2] += 1
        state[6] = p
        if nl == 0:
            return 1
    state[6] = p
    return 0


@njit(cache=True)
def _compact(start, length, store, top):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Move the active clauses to the front of ``store``; returns the new top."""
    order = np.argsort(start)
    out = 0
    for i in order:
        if length[i] > 0:
            s0 = start[i]
            start[i] = out
            for j in range(length[i]):
                store[out + j] = store[s0 + j]
            out += length[i]
        elif length[i] == 0:
            start[i] = out
    return out


class _Checker:
    """The checker's state between chunks (clause table, literal store, assignment)."""

    def __init__(self, formula: Formula, early: list[int]) -> None:
        lits = np.asarray(formula.literals, dtype=np.int32)
        ends = np.flatnonzero(lits == 0)
        m = ends.size
        self.nvars = formula.variables
        # the ids of the original clauses: 1, 2, ... in file order, skipping the ids of the
        # lemmas a solver derived while the clauses were being added (``early``)
        ids = np.setdiff1d(np.arange(1, m + len(early) + 1), np.asarray(early, dtype=np.int64))
        assert ids.size == m
        self.length = np.full(max(16, 2 * (m + len(early) + 1)), -1, dtype=np.int32)
        self.start = np.zeros(self.length.size, dtype=np.int64)
        starts = np.concatenate(([0], ends[:-1] + 1)) if m else np.zeros(0, dtype=np.int64)
        self.length[ids] = ends - starts
        # the store holds the clause literals without the 0s, original k at start[ids[k]]
        body = lits[lits != 0]
        self.start[ids] = starts - np.arange(m)
        self.store = np.zeros(max(1024, 2 * body.size), dtype=np.int32)
        self.store[:body.size] = body
        self.state = np.zeros(7, dtype=np.int64)
        self.state[0] = body.size
        self.state[1] = 0  # the last lemma's id
        self.assign = np.zeros(self.nvars + 1, dtype=np.int8)
        self.trail = np.zeros(self.nvars + 1, dtype=np.int64)
        self.tmp_lits = np.zeros(max(64, self.nvars + 1), dtype=np.int32)
        self.tmp_hints = np.zeros(1024, dtype=np.int64)
        self.empty_in_formula = bool(m) and bool(np.any(ends - starts == 0))

    def feed(self, buf: np.ndarray) -> tuple[int, int]:
        """Check the complete steps of ``buf``: (status, bytes consumed)."""
        offset = 0
        while True:
            status = _run(buf, buf.size, self.nvars, self.start, self.length, self.store,
                          self.state, self.assign, self.trail, self.tmp_lits, self.tmp_hints)
            consumed = int(self.state[6])
            offset += consumed
            if status == _NEED_IDS:
                grown = np.full(2 * self.length.size, -1, dtype=np.int32)
                grown[:self.length.size] = self.length
                self.length = grown
                self.start = np.concatenate((self.start, np.zeros_like(self.start)))
            elif status == _NEED_STORE:
                live = int(self.length[self.length > 0].sum())
                if live * 2 < self.store.size:
                    self.state[0] = _compact(self.start, self.length, self.store,
                                             int(self.state[0]))
                else:
                    self.store = np.concatenate((self.store, np.zeros_like(self.store)))
            elif status == _NEED_TMP:
                self.tmp_lits = np.zeros(2 * self.tmp_lits.size, dtype=np.int32)
                self.tmp_hints = np.zeros(2 * self.tmp_hints.size, dtype=np.int64)
            else:
                return status, offset
            buf = buf[consumed:]


def early_lemma_ids(chunks: Iterable[bytes], originals: int) -> list[int]:
    """The ids of the lemmas added before the last original clause's id.

    CaDiCaL, fed clause by clause through its API, derives lemmas while clauses are still
    being added (a clause simplified by a unit met earlier): those take ids between the
    original clauses'. Original clauses get the other ids, 1, 2, ... in file order. (Which id
    holds which original clause cannot make a false claim pass: every clause the checker holds
    is either one of the formula's or a checked lemma.)"""
    early: list[int] = []
    pending = b""
    for chunk in chunks:
        data = pending + bytes(chunk)
        i, n = 0, len(data)
        while i < n:
            start = i
            tag = data[i]
            i += 1
            lists = 2 if tag == ord("a") else 1
            values: list[int] = []
            cur = shift = 0
            while lists and i < n:
                b = data[i]
                i += 1
                cur |= (b & 127) << shift
                if b >= 128:
                    shift += 7
                    continue
                values.append(cur)
                if cur == 0 and len(values) > (1 if tag == ord("a") else 0):
                    lists -= 1
                cur = shift = 0
            if lists:  # the chunk ended inside this step
                i = start
                break
            if tag == ord("a"):
                cid = values[0] >> 1
                if cid > originals + len(early):
                    return early
                early.append(cid)
            elif tag != ord("d"):
                return early  # not a proof the checker will accept; it says why
        pending = data[i:]
    return early


def check(formula: Formula, proof: bytes | Callable[[], Iterable[bytes]]) -> LratReport:
    """Check a binary LRAT proof against the formula.

    ``proof``: the bytes, or a function returning an iterable of byte chunks (called twice:
    once for :func:`early_lemma_ids`, once for the check)."""
    t0 = time.process_time()

    def chunks() -> Iterable[bytes]:
        return [proof] if isinstance(proof, bytes | bytearray) else proof()

    checker = _Checker(formula, early_lemma_ids(chunks(), formula.clause_count))

    def report(proved: bool, reason: str | None = None, step: int | None = None) -> LratReport:
        s = checker.state
        return LratReport(proved, int(s[2]), int(s[3]), int(s[4]), time.process_time() - t0,
                          reason, step)

    if checker.empty_in_formula:
        return report(True)
    rest = b""
    for chunk in chunks():
        data = rest + bytes(chunk)
        buf = np.frombuffer(data, dtype=np.uint8)
        status, consumed = checker.feed(buf)
        if status == _PROVED:
            return report(True)
        if status < 0:
            return report(False, _REASONS[status], int(checker.state[5]) or None)
        rest = data[consumed:]
    if rest:
        return report(False, "the proof ends inside a step (a cut file)")
    return report(False, "the proof never adds the empty clause")


def text_to_binary(text: str) -> bytes:
    """The binary form of a text LRAT proof (``id lits 0 hints 0``, ``id d ids 0``)."""
    out = bytearray()

    def put(u: int) -> None:
        while u >= 128:
            out.append((u & 127) | 128)
            u >>= 7
        out.append(u)

    def lit(x: int) -> int:
        return 2 * x if x >= 0 else -2 * x + 1

    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts or parts[0] == "c":
            continue
        if len(parts) > 1 and parts[1] == "d":
            out.append(ord("d"))
            for tok in parts[2:]:
                put(lit(int(tok)))
            if parts[-1] != "0":
                raise ValueError(f"line {number}: a deletion without its 0")
            continue
        nums = [int(t) for t in parts]
        if nums.count(0) != 2 or nums[-1] != 0:
            raise ValueError(f"line {number}: not 'id lits 0 hints 0'")
        z = nums.index(0, 1)
        out.append(ord("a"))
        put(lit(nums[0]))
        for x in nums[1:z + 1]:
            put(lit(x) if x else 0)
        for x in nums[z + 1:]:
            put(lit(x) if x else 0)
    return bytes(out)


def read_chunks(path: Path, size: int = 1 << 24) -> Iterator[bytes]:
    """The bytes of a proof file in chunks (``.xz`` and ``.gz`` decompressed on the fly)."""
    opener = {".xz": lzma.open, ".gz": gzip.open}.get(path.suffix, open)
    with opener(path, "rb") as fh:  # type: ignore[operator]
        while chunk := fh.read(size):
            yield chunk


def check_file(formula: Formula, proof: Path) -> LratReport:
    """Check the binary LRAT proof in a file (compressed or not) against the formula."""
    return check(formula, lambda: read_chunks(proof))
