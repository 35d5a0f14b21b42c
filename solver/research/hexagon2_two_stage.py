"""The two-stage search for a compact hexagon2 arrangement: sides first, then corners by SAT.

Side lines and corner lines never meet, so a hexagon2 piece is a pair (side pattern, corner
pattern) of 6-bit masks, and the two halves interact only through "each piece once": the 64
cells of every side pattern (its *class*) must show all 64 corner patterns. Corner lines join
cells whose ``q - r`` agree modulo 3, so the corners are three first-order problems, one per
coset, coupled only through the classes.

Stage 1 labels the sides so that each side pattern stands on exactly 64 cells
(:func:`exact_sides`: annealing on the side edges; :func:`block_sides`: a random compact
first-order arrangement in each 8x8 block). Stage 2 solves the corners by SAT: on the whole
region (:func:`corner_clauses`), or split by coset (:func:`coset_split` chooses, for each class,
which corner patterns it takes in which coset, each choice closed under the half turn so that
every coset can balance its lines; :func:`coset_clauses` is then one coset's problem).
:func:`hall_failures` tells in a second whether a class can take its corner patterns at all
(Hall's condition on the cells' border-forced blanks).

Examples
--------
>>> corner_turned(0b000001)  # N* -> S*
8
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import numpy as np
from numba import njit
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import maximum_bipartite_matching

from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem

Clauses = list[list[int]]


@njit(cache=True)
def anneal_counts(nb, back, pat, cnt, target, seed, steps, t0, t1, directions):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Flip one random edge among the first ``directions`` of a cell a step (Metropolis) until
    no pattern exceeds ``target``; returns the excess left (``target`` 1: the duplicates)."""
    np.random.seed(seed)
    n = nb.shape[0]
    excess = 0
    for p in range(cnt.shape[0]):
        if cnt[p] > target:
            excess += cnt[p] - target
    for it in range(steps):
        if excess == 0:
            return 0
        temp = t0 * (t1 / t0) ** (it / steps)
        a = np.random.randint(n)
        j = np.random.randint(directions)
        o = nb[a, j]
        if o < 0:
            continue
        pa = pat[a]
        pb = pat[o]
        na = pa ^ (1 << j)
        nbp = pb ^ (1 << back[a, j])
        d = 0
        cnt[pa] -= 1
        if cnt[pa] >= target:
            d -= 1
        cnt[pb] -= 1
        if cnt[pb] >= target:
            d -= 1
        if cnt[na] >= target:
            d += 1
        cnt[na] += 1
        if cnt[nbp] >= target:
            d += 1
        cnt[nbp] += 1
        if d <= 0 or np.random.random() < np.exp(-d / temp):
            pat[a] = na
            pat[o] = nbp
            excess += d
        else:
            cnt[na] -= 1
            cnt[nbp] -= 1
            cnt[pa] += 1
            cnt[pb] += 1
    return excess


def exact_sides(inst: EdgeInstance, seed: int, rounds: int = 20,
                steps: int = 10_000_000) -> np.ndarray | None:
    """Side patterns (``n`` ints < 64) on ``inst``'s cells, each pattern ``n / 64`` times.

    Annealing on the side edges (a hexagon set, or the first six directions of hexagon2): every
    edge holds a beam or not, so every rule but the counts holds by construction. None when
    ``rounds`` rounds of ``steps`` flips leave an excess.
    """
    rng = np.random.default_rng(seed)
    pat = np.zeros(inst.n, np.int64)
    for a, s, b, t in inst.edges():
        if s < 6 and rng.integers(2):
            pat[a] ^= 1 << s
            pat[b] ^= 1 << t
    cnt = np.bincount(pat, minlength=64).astype(np.int64)
    nb, back = inst.nb[:, :6].astype(np.int64), inst.back[:, :6].astype(np.int64)
    for r in range(rounds):
        if anneal_counts(nb, back, pat, cnt, inst.n // 64, seed * 1000 + r, steps,
                          0.5, 0.05, 6) == 0:
            return pat
    return None


def block_sides(inst: EdgeInstance, seed: int, block: int = 8) -> np.ndarray:
    """Side patterns from a random compact first-order arrangement in each block x block
    rhombus (``(q // block, r // block)``); the cells must fill whole blocks."""
    small = EdgeInstance.build(ArrangementProblem.create("hexagon", "compact",
                                                         f"rhombus:{block}x{block}"))
    index = small.index
    cache: dict[tuple[int, int], np.ndarray] = {}
    out = np.zeros(inst.n, np.int64)
    attempt = seed * 1_000_003
    for i, (q, r) in enumerate(inst.cells):
        key = (q // block, r // block)
        if key not in cache:
            while True:
                attempt += 1
                arr = exact_sides(small, attempt, rounds=1, steps=200_000)
                if arr is not None:
                    cache[key] = arr
                    break
        out[i] = cache[key][index[(q % block, r % block)]]
    return out


def corner_turned(g: int) -> int:
    """A corner pattern turned by 180 degrees (corner ``j`` to ``j + 3``)."""
    return sum(1 << ((j + 3) % 6) for j in range(6) if g >> j & 1)


def allowed_corners(inst: EdgeInstance) -> np.ndarray:
    """``(n, 64)`` bool: corner patterns whose lines all stay inside the region."""
    forced = inst.blank_mask.astype(np.int64) >> 6
    return (np.arange(64)[None, :] & forced[:, None]) == 0


def cosets(inst: EdgeInstance) -> np.ndarray:
    """``(q - r) mod 3`` of each cell: corner lines join cells of the same coset."""
    cells = np.array(inst.cells)
    return (cells[:, 0] - cells[:, 1]) % 3


def _matches(allowed: np.ndarray) -> bool:
    """True when every row can take its own column (a matching saturating the rows)."""
    if allowed.shape[0] == 0:
        return True
    if allowed.shape[0] > allowed.shape[1]:
        return False
    match = maximum_bipartite_matching(csr_matrix(allowed.astype(np.int8)), perm_type="column")
    return bool((match >= 0).all())


def hall_failures(sides: np.ndarray, allowed: np.ndarray) -> list[int]:
    """Side patterns whose cells cannot take 64 distinct allowed corner patterns."""
    return [c for c in range(64) if not _matches(allowed[np.flatnonzero(sides == c)])]


def _link(x: int, ev: dict[tuple[int, int], int], w: int, g: int, strong: bool) -> Clauses:
    """Clauses tying the choice ``x`` (cell ``w`` shows corner pattern ``g``) to its lines."""
    lits = [(ev[w, j] if g >> j & 1 else -ev[w, j]) for j in range(6) if (w, j) in ev]
    out = [[-x, lit] for lit in lits]
    if strong:
        out.append([x] + [-lit for lit in lits])
    return out


def _corner_edges(inst: EdgeInstance, members: np.ndarray, top: int,
                  ) -> tuple[dict[tuple[int, int], int], int]:
    """One variable per corner line between two of ``members``: ``(cell, corner) -> var``."""
    inside = np.zeros(inst.n, bool)
    inside[members] = True
    ev: dict[tuple[int, int], int] = {}
    for w in members:
        for j in range(6):
            o = int(inst.nb[w, 6 + j])
            if o >= 0 and inside[o] and (int(w), j) not in ev:
                top += 1
                ev[int(w), j] = top
                ev[o, int(inst.back[w, 6 + j]) - 6] = top
    return ev, top


def _choice_clauses(inst: EdgeInstance, sides: np.ndarray, members: np.ndarray,
                    options: dict[int, Sequence[int]], strong: bool,
                    selectors: dict[int, int] | None = None,
                    ) -> tuple[Clauses, dict[tuple[int, int], int]]:
    """The SAT model of the corners of ``members``: cell ``w`` takes one of ``options[side]``,
    every class shows each of its options once; returns the clauses and the line variables.
    With ``selectors`` (filled in: class -> a new variable) a class's own clauses hold only
    under its variable, so an unsatisfiable core over the selectors names classes."""
    ev, top = _corner_edges(inst, members, 0)
    clauses: Clauses = []
    x: dict[tuple[int, int], int] = {}
    for w in (int(v) for v in members):
        lits = []
        for g in options[int(sides[w])]:
            if any(g >> j & 1 and (w, j) not in ev for j in range(6)):
                continue  # a line would leave the part
            top += 1
            x[w, g] = top
            lits.append(top)
            clauses.extend(_link(top, ev, w, g, strong))
        clauses.append(lits)
    for c in np.unique(sides[members]):
        cells = [int(w) for w in members if sides[w] == c]
        guard = []
        if selectors is not None:
            top += 1
            selectors[int(c)] = top
            guard = [-top]
        for g in options[int(c)]:
            ls = [x[w, g] for w in cells if (w, g) in x]
            clauses.append(guard + ls)
            if strong:
                clauses.extend([*guard, -a, -b] for i, a in enumerate(ls) for b in ls[i + 1:])
    return clauses, ev


def corner_clauses(inst: EdgeInstance, sides: np.ndarray, strong: bool = False,
                   ) -> tuple[Clauses, dict[tuple[int, int], int]]:
    """The whole corner problem: each class shows all 64 corner patterns."""
    members = np.arange(inst.n)
    return _choice_clauses(inst, sides, members, {c: range(64) for c in range(64)}, strong)


def coset_split(sides: np.ndarray, coset: np.ndarray, allowed: np.ndarray, seed: int,
                tries: int = 2000, classes: Sequence[int] = range(64),
                ) -> dict[tuple[int, int], list[int]] | None:
    """For every class ``c`` and coset ``t`` the corner patterns class ``c`` takes in coset
    ``t``: as many as it has cells there, each set closed under the half turn (so each coset
    holds as many lines ending in a direction as in the opposite one), and Hall's condition met.
    None when ``tries`` random splits of some class fail. ``classes``: only these."""
    rng = np.random.default_rng(seed)
    orbits = sorted({tuple(sorted({g, corner_turned(g)})) for g in range(64)})
    pairs = [o for o in orbits if len(o) == 2]
    singles = [o for o in orbits if len(o) == 1]
    out: dict[tuple[int, int], list[int]] = {}
    for c in classes:
        mem = np.flatnonzero(sides == c)
        sizes = [int((coset[mem] == t).sum()) for t in range(3)]
        for _ in range(tries):
            groups: list[list[int]] = [[], [], []]
            need = sizes[:]
            ok = True
            for group, width in ((pairs, 2), (singles, 1)):
                for k in rng.permutation(len(group)):
                    cands = [t for t in range(3) if need[t] >= width]
                    if not cands:
                        ok = False
                        break
                    w = np.array([need[t] for t in cands], float)
                    t = cands[int(rng.choice(len(cands), p=w / w.sum()))]
                    groups[t] += list(group[k])
                    need[t] -= width
                if not ok:
                    break
            if ok and not any(need) and all(
                    _matches(allowed[np.ix_(mem[coset[mem] == t], groups[t])])
                    for t in range(3)):
                for t in range(3):
                    out[c, t] = groups[t]
                break
        else:
            return None
    return out


def coset_clauses(inst: EdgeInstance, sides: np.ndarray, coset: np.ndarray, t: int,
                  split: dict[tuple[int, int], list[int]], strong: bool = False,
                  ) -> tuple[Clauses, dict[tuple[int, int], int]]:
    """Coset ``t``'s corner problem under a :func:`coset_split`."""
    members = np.flatnonzero(coset == t)
    return _choice_clauses(inst, sides, members, {c: split[c, t] for c in range(64)}, strong)


def repair_cosets(inst: EdgeInstance, sides: np.ndarray, split: dict[tuple[int, int], list[int]],
                  allowed: np.ndarray, seed: int, rounds: int = 40,
                  solver: str = "cadical195") -> np.ndarray | None:
    """Solve the cosets one by one (strong model); when one is unsatisfiable, split the
    classes of its core (over per-class selector variables) anew and solve again.

    Returns the corner patterns when all three cosets are solved under one split, None when a
    re-split fails or ``rounds`` solves did not get there. Progress lines go to stdout.
    """
    from pysat.solvers import Solver

    t0 = time.monotonic()
    coset = cosets(inst)
    corner = np.zeros(inst.n, np.int64)
    solved: set[int] = set()
    for k in range(rounds):
        t = min(set(range(3)) - solved)
        members = np.flatnonzero(coset == t)
        sel: dict[int, int] = {}
        clauses, ev = _choice_clauses(inst, sides, members,
                                      {c: split[c, t] for c in range(64)}, True, sel)
        with Solver(name=solver, bootstrap_with=clauses) as sat:
            if sat.solve(assumptions=list(sel.values())):
                model = {v for v in sat.get_model() if v > 0}
                corner[members] = corners_of(ev, model, inst.n)[members]
                solved.add(t)
                print(timed(f"round {k}: coset {t} SAT", t0), flush=True)
                if len(solved) == 3:
                    return corner
                continue
            core = set(sat.get_core() or [])
        bad = [c for c, v in sel.items() if v in core]
        print(timed(f"round {k}: coset {t} UNSAT, core classes {bad}", t0), flush=True)
        sub = coset_split(sides, coset, allowed, seed * 1000 + k, classes=bad)
        if not bad or sub is None:
            return None
        for c in bad:
            for u in range(3):
                split[c, u] = sub[c, u]
        solved = {u for u in solved if all(not np.any((sides == c) & (coset == u))
                                           for c in bad)}
    return None


def solve(clauses: Clauses, solver: str, seconds: float) -> set[int] | bool | None:
    """The true variables of a model, False when unsatisfiable, None when ``seconds`` ran
    out (the solver is interrupted: glucose and minisat-like solvers of python-sat)."""
    from pysat.solvers import Solver

    with Solver(name=solver, bootstrap_with=clauses) as sat:
        timer = threading.Timer(seconds, sat.interrupt)
        timer.start()
        try:
            res = sat.solve_limited(expect_interrupt=True)
        finally:
            timer.cancel()
        if not res:
            return res
        return {v for v in sat.get_model() if v > 0}


def corners_of(ev: dict[tuple[int, int], int], model: set[int], n: int) -> np.ndarray:
    """Corner patterns (``n`` ints < 64) read from the line variables of a model."""
    out = np.zeros(n, np.int64)
    for (w, j), v in ev.items():
        if v in model:
            out[w] |= 1 << j
    return out


def timed(label: str, t0: float) -> str:
    """``label`` with the seconds since ``t0``."""
    return f"{label} ({time.monotonic() - t0:.0f} s)"
