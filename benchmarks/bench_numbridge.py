"""Numbridge field solving and generation, side by side with the peers.

Run: ``python -m pytest benchmarks/bench_numbridge.py --benchmark-only``. Groups:

- ``hard-20``: the 20 hard puzzles of ``shared/data/hard-sudoku-20.txt`` (one round solves all
  20): our numba bitboard search (solution + uniqueness proof, and first solution only), our
  CP-SAT models with 1 worker (Boolean model: first solution and uniqueness; integer model
  with AllDifferent: first solution), py-sudoku (first solution).
- ``tdoku hard-20`` and ``tdoku generated-10000``: our search called on raw givens
  (``search_givens``: the 81 characters in, the count and the solution string out) against
  tdoku's ``TdokuSolverDpllTriadSimd`` through ctypes, as tdoku's own ``example/solve.py``
  calls it (its input encoded beforehand, its solution left in its buffer), limit 1 (first
  solution) and 2 (uniqueness), on the hard-20 and on 10,000 generated regular fields (seeds
  0-9999 of ``generate(22 + seed % 13, "regular", seed)``: 22-34 givens). tdoku is built by
  ``python3 -m benchmarks.build_tdoku SOURCE``; without it these benchmarks skip. Every answer
  of both is checked by the plain verifier, outside the timing.
- ``generated-30``: 20 generated 30-given fields (10 regular, 10 irregular; py-sudoku only
  handles the regular ones, so it gets its own group of the 10 regular fields).
- ``generate``: generating one 30-given field, a new seed every round (the median is the figure).
- ``rate``: rating 25 regular fields of ``tests/data/numbridge-rating-set.txt`` (the first five
  of each HoDoKu level): our ladder (``solver.numbridge.difficulty.rate``) against hodoku-py's
  ``Solver.rate`` on the same fields (the ratio is the figure), and the irregular fields
  against pencilmark (``max_seconds=10``, one round; 72 fields).
"""

from __future__ import annotations

import ctypes
import itertools
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.build_tdoku import BUILD_COMMAND, DEFAULT_LIB
from puzzles.numbridge.field import REGULAR_BLOCKS, Field, verify_solution
from solver.numbridge.engine import search, search_givens
from solver.numbridge.generate import generate
from solver.numbridge.models import cpsat_count, cpsat_int_solve, cpsat_solve

HARD_PATH = Path(__file__).resolve().parents[1] / "tests" / "data" / "hard-sudoku-20.txt"
HARD = [Field.make(line.split()[0]) for line in HARD_PATH.read_text().splitlines()
        if line.strip() and not line.startswith("#")]
#: The 10,000 generated fields, made once (about 25 s) and kept beside the peers' builds.
GENERATED_PATH = DEFAULT_LIB.parents[1] / "numbridge-generated-10000.txt"
REGULAR = [generate(30, "regular", s).field for s in range(10)]
IRREGULAR = [generate(30, "irregular", s).field for s in range(10)]


def ours_unique(fields: list[Field]) -> int:
    n = 0
    for f in fields:
        r = search(f, cap=2)
        assert r.count == 1
        n += 1
    return n


def ours_first(fields: list[Field]) -> int:
    return sum(1 for f in fields if search(f, cap=1).count == 1)


def cpsat_first(fields: list[Field]) -> int:
    return sum(1 for f in fields if cpsat_solve(f))


def cpsat_int_first(fields: list[Field]) -> int:
    return sum(1 for f in fields if cpsat_int_solve(f))


def cpsat_unique(fields: list[Field]) -> int:
    return sum(1 for f in fields if cpsat_count(f, cap=2)[0] == 1)


def pysudoku(fields: list[Field]) -> int:
    from sudoku import Sudoku

    n = 0
    for f in fields:
        board = [[int(f.givens[r * 9 + c]) for c in range(9)] for r in range(9)]
        s = Sudoku(3, 3, board=board).solve()
        assert s.board is not None
        sol = "".join(str(v) for row in s.board for v in row)
        assert verify_solution(f, sol) == []
        n += 1
    return n


# ------------------------------------------------------------------------------ hard-20
@pytest.mark.benchmark(group="hard-20")
def test_hard_bitmask_unique(benchmark: BenchmarkFixture) -> None:
    search(HARD[0], cap=2)  # compiled before timing
    assert benchmark(ours_unique, HARD) == 20


@pytest.mark.benchmark(group="hard-20")
def test_hard_bitmask_first(benchmark: BenchmarkFixture) -> None:
    assert benchmark(ours_first, HARD) == 20


@pytest.mark.benchmark(group="hard-20")
def test_hard_cpsat_first(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(cpsat_first, (HARD,), rounds=5, iterations=1) == 20


@pytest.mark.benchmark(group="hard-20")
def test_hard_cpsat_int_first(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(cpsat_int_first, (HARD,), rounds=5, iterations=1) == 20


@pytest.mark.benchmark(group="hard-20")
def test_hard_cpsat_unique(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(cpsat_unique, (HARD,), rounds=5, iterations=1) == 20


@pytest.mark.benchmark(group="hard-20")
def test_hard_pysudoku(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(pysudoku, (HARD,), rounds=1, iterations=1) == 20


# --------------------------------------------------------------------------- tdoku
@cache
def generated_10000() -> tuple[str, ...]:
    """Givens of seeds 0-9999 of ``generate(22 + seed % 13, "regular", seed)``."""
    if GENERATED_PATH.is_file():
        lines = tuple(GENERATED_PATH.read_text().split())
        if len(lines) == 10_000:
            return lines
    lines = tuple(generate(22 + s % 13, "regular", s).field.givens for s in range(10_000))
    GENERATED_PATH.parent.mkdir(parents=True, exist_ok=True)
    GENERATED_PATH.write_text("\n".join(lines) + "\n")
    return lines


Tdoku = Callable[..., int]


def tdoku() -> Tdoku:
    """tdoku's solver function, or a skip saying how to build it."""
    path = Path(os.environ.get("TDOKU_LIB", DEFAULT_LIB))
    if not path.is_file():
        pytest.skip(f"tdoku is not built: {BUILD_COMMAND} writes {path}")
    solve = ctypes.CDLL(str(path)).TdokuSolverDpllTriadSimd
    solve.restype = ctypes.c_size_t
    solve.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_char_p,
                      ctypes.POINTER(ctypes.c_size_t)]
    return solve  # type: ignore[no-any-return]


def tdoku_input(givens: str) -> bytes:
    """tdoku's input: ``.`` for an empty cell (it reads ``0`` as a digit)."""
    return givens.replace("0", ".").encode()


def tdoku_unique(solve: Tdoku, puzzles: list[bytes], limit: int) -> int:
    """How many puzzles tdoku finds exactly one solution of (limit 2) or a solution of (1)."""
    solution = ctypes.create_string_buffer(82)
    guesses = ctypes.c_size_t(0)
    return sum(1 for p in puzzles if solve(p, limit, 0, solution, ctypes.byref(guesses)) == 1)


def ours_raw(puzzles: list[str], cap: int) -> int:
    """How many puzzles our search finds exactly one solution of (cap 2) or a solution of (1)."""
    return sum(1 for p in puzzles if search_givens(p, cap=cap)[0] == 1)


def checked(puzzles: list[str]) -> None:
    """Both solvers' answers judged by the plain verifier (not timed)."""
    solve = tdoku()
    buffer = ctypes.create_string_buffer(82)
    guesses = ctypes.c_size_t(0)
    for p in puzzles:
        field = Field(p.replace(".", "0"), REGULAR_BLOCKS)
        n, sol = search_givens(p, cap=2)
        assert n == 1 and verify_solution(field, sol) == [], p
        assert solve(tdoku_input(p), 1, 0, buffer, ctypes.byref(guesses)) == 1, p
        assert buffer.raw[:81].decode() == sol, p
        assert solve(tdoku_input(p), 2, 0, buffer, ctypes.byref(guesses)) == 1, p


HARD_GIVENS = [f.givens for f in HARD]


@pytest.mark.benchmark(group="tdoku hard-20")
@pytest.mark.parametrize("cap", [1, 2])
def test_tdoku_hard_ours(benchmark: BenchmarkFixture, cap: int) -> None:
    checked(HARD_GIVENS)
    assert benchmark(ours_raw, HARD_GIVENS, cap) == 20


@pytest.mark.benchmark(group="tdoku hard-20")
@pytest.mark.parametrize("limit", [1, 2])
def test_tdoku_hard_tdoku(benchmark: BenchmarkFixture, limit: int) -> None:
    solve = tdoku()
    puzzles = [tdoku_input(g) for g in HARD_GIVENS]
    assert benchmark(tdoku_unique, solve, puzzles, limit) == 20


@pytest.mark.benchmark(group="tdoku generated-10000")
@pytest.mark.parametrize("cap", [1, 2])
def test_tdoku_generated_ours(benchmark: BenchmarkFixture, cap: int) -> None:
    fields = list(generated_10000())
    if cap == 2:
        checked(fields)
    assert benchmark(ours_raw, fields, cap) == 10_000


@pytest.mark.benchmark(group="tdoku generated-10000")
@pytest.mark.parametrize("limit", [1, 2])
def test_tdoku_generated_tdoku(benchmark: BenchmarkFixture, limit: int) -> None:
    solve = tdoku()
    puzzles = [tdoku_input(g) for g in generated_10000()]
    assert benchmark(tdoku_unique, solve, puzzles, limit) == 10_000


# ------------------------------------------------------------------------- generated
@pytest.mark.benchmark(group="generated-30 (10 regular + 10 irregular)")
def test_generated_bitmask(benchmark: BenchmarkFixture) -> None:
    assert benchmark(ours_unique, REGULAR + IRREGULAR) == 20


@pytest.mark.benchmark(group="generated-30 (10 regular + 10 irregular)")
def test_generated_cpsat(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(cpsat_unique, (REGULAR + IRREGULAR,), rounds=5) == 20


@pytest.mark.benchmark(group="generated-30 regular (py-sudoku)")
def test_generated_regular_bitmask(benchmark: BenchmarkFixture) -> None:
    assert benchmark(ours_first, REGULAR) == 10


@pytest.mark.benchmark(group="generated-30 regular (py-sudoku)")
def test_generated_regular_pysudoku(benchmark: BenchmarkFixture) -> None:
    assert benchmark.pedantic(pysudoku, (REGULAR,), rounds=3, iterations=1) == 10


# -------------------------------------------------------------------------- generate
@pytest.mark.benchmark(group="generate one 30-given field")
@pytest.mark.parametrize("blocks", ["regular", "irregular"])
def test_generate(benchmark: BenchmarkFixture, blocks: str) -> None:
    seeds = itertools.count(1000)

    def setup() -> tuple[tuple[int, str, int], dict[str, object]]:
        return (30, blocks, next(seeds)), {}

    g = benchmark.pedantic(generate, setup=setup, rounds=20, iterations=1)
    assert g.field.given_count == 30


# ------------------------------------------------------------------------------ rate
def _rating_rows(per_level: int = 5) -> tuple[list[Field], list[Field]]:
    """``per_level`` regular fields of each HoDoKu level, and the irregular fields."""
    from solver.numbridge.rating_set import load_rating_set

    rows = load_rating_set()
    regular = [r.field for level in ("easy", "medium", "hard", "unfair", "extreme")
               for r in [x for x in rows if x.hodoku_level == level][:per_level]]
    return regular, [r.field for r in rows if r.pencilmark is not None]


def ours_rate(fields: list[Field]) -> int:
    from solver.numbridge.difficulty import rate

    return sum(1 for f in fields if rate(f).level)


def hodoku_rate(fields: list[Field]) -> int:
    from hodoku import Solver

    solver = Solver()
    return sum(1 for f in fields if solver.rate(f.givens).score)


def pencilmark_rate(fields: list[Field]) -> int:
    import pencilmark

    n = 0
    for f in fields:
        regions = ([{"kind": "row", "cells": [f"r{r + 1}c{c + 1}" for c in range(9)]}
                    for r in range(9)]
                   + [{"kind": "col", "cells": [f"r{r + 1}c{c + 1}" for r in range(9)]}
                      for c in range(9)]
                   + [{"kind": "box", "cells": [f"r{i // 9 + 1}c{i % 9 + 1}" for i in range(81)
                                                if f.blocks[i] == b]} for b in "123456789"])
        doc = {"digits": 9, "numbers": f.givens.replace("0", "."), "regions": regions}
        n += pencilmark.rate(doc, max_seconds=10)["difficulty"] > 0
    return n


@pytest.mark.benchmark(group="rate 25 regular fields (5 of each HoDoKu level)")
def test_rate_ours(benchmark: BenchmarkFixture) -> None:
    regular, _ = _rating_rows()
    assert benchmark.pedantic(ours_rate, (regular,), rounds=3, iterations=1) == len(regular)


@pytest.mark.benchmark(group="rate 25 regular fields (5 of each HoDoKu level)")
def test_rate_hodoku(benchmark: BenchmarkFixture) -> None:
    pytest.importorskip("hodoku")
    regular, _ = _rating_rows()
    assert benchmark.pedantic(hodoku_rate, (regular,), rounds=3, iterations=1) == len(regular)


@pytest.mark.benchmark(group="rate the 72 irregular fields")
def test_rate_irregular_ours(benchmark: BenchmarkFixture) -> None:
    _, irregular = _rating_rows()
    assert benchmark.pedantic(ours_rate, (irregular,), rounds=3, iterations=1) == len(irregular)


@pytest.mark.benchmark(group="rate the 72 irregular fields")
def test_rate_irregular_pencilmark(benchmark: BenchmarkFixture) -> None:
    pytest.importorskip("pencilmark")
    _, irregular = _rating_rows()
    assert benchmark.pedantic(pencilmark_rate, (irregular,), rounds=1,
                              iterations=1) == len(irregular)
