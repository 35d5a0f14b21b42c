"""Arrangement completions for books: some pieces are given, the reader places the rest.

Compact completions (square 4x4, triangle 4x4, hexagon rhombus:8x8):

1. The answer: a seeded random solution.
2. The clues: every piece, then hidden one at a time in a seeded random order while the
   completion stays unique. Each clue left is *irreducible*: hiding it admits a second answer
   (the check ran on a superset of the final clues, and fewer clues never admit fewer answers;
   the proof record re-checks every clue on the final set).
3. The proof: the kernel counts completions up to 2 with the most constrained cell first (its
   node counter is recorded); a second engine confirms. For small problems the second engine is
   a table of every solution enumerated once by CP-SAT and judged by the batch judge; then
   uniqueness and irreducibility are also checked against that table. Otherwise CP-SAT counts
   the final puzzle up to 2.
4. The level: the deduction steps of ``solver.book.deduction`` (hardest step decides), whose
   deductions must agree with the answer.
5. The key: the clue set in its least form over the region's symmetry group (pieces turn with
   the board).

Open completions (StarMap 8x8, transcendental inside 6x6) follow the same steps with the open
search of ``solver.book.open_deduction`` as the first engine, CP-SAT as the second and the open
deduction steps for the level (see ``OpenCompletion``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cached_property

import numpy as np

from puzzles.arrangements import Arrangement, verify
from puzzles.errors import BudgetExhaustedError, EngineFaultError, InfeasibleError
from reports.beams import arrangement_svg
from reports.svg import piece_gallery_svg
from reports.text import rows_text
from solver.arrange.check import CompactJudge
from solver.arrange.engines.builtin import CpSatEngine, KernelEngine
from solver.arrange.instance import EdgeInstance
from solver.arrange.prepared import Problem, Run
from solver.arrange.problem import ArrangementProblem
from solver.arrange.symmetry import SymmetryGroup
from solver.book.base import BookPuzzle, PuzzleType
from solver.book.deduction import DeductionRating, rate
from solver.book.open_deduction import OpenBoard, SearchBudgetError
from solver.book.open_deduction import count as open_count
from solver.book.open_deduction import rate as rate_open

#: Problems with at most this many solutions get a solution table (enumerated once by CP-SAT).
TABLE_LIMIT = 20_000

#: Ladder rung -> book level.
LEVEL_OF_RUNG = {1: "easy", 2: "easy", 3: "medium", 4: "hard", 5: "hard"}


def kernel_count(problem: Problem, limit: int = 2) -> tuple[int, int]:
    """(solutions up to ``limit``, kernel nodes) with the most constrained cell first."""
    kernel = KernelEngine(order="mrv")
    return kernel.count(problem, limit=limit), kernel.nodes


class CompactCompletion(PuzzleType):
    """Compact arrangement completions of one set on one region (see the module docstring)."""

    levels: tuple[str, ...] = ("easy", "medium", "hard")
    attempts_per_puzzle = 60

    def __init__(self, name: str, set_name: str, region: str, title: str,
                 tries: int = 4, board_mm: float = 0.0,
                 levels: tuple[str, ...] = ("easy", "medium", "hard"),
                 level_minimal: bool = False) -> None:
        self.board_mm = board_mm
        self.level_minimal = level_minimal
        self.levels = levels
        self.name = name
        self.title = title
        self.set_name = set_name
        self.region_name = region
        self.tries = tries

    @cached_property
    def problem(self) -> ArrangementProblem:
        """The empty problem."""
        return ArrangementProblem.create(self.set_name, "compact", self.region_name)

    @cached_property
    def run(self) -> Run:
        """The empty problem's tables, built once (every puzzle derives its own)."""
        return Run(self.problem)

    @property
    def inst(self) -> EdgeInstance:
        """Its instance (cell order, neighbours)."""
        return self.run.instance

    @property
    def group(self) -> SymmetryGroup:
        """The region's symmetries."""
        return self.run.group

    @cached_property
    def table(self) -> np.ndarray | None:
        """Every solution as rows (CP-SAT enumeration, each row judged), or None when the
        problem has more than TABLE_LIMIT solutions."""
        if self.set_name == "hexagon":
            return None
        found = []
        for row in CpSatEngine().rows(self.run):
            found.append(np.asarray(row, dtype=np.int64))
            if len(found) > TABLE_LIMIT:
                return None
        rows = np.array(found, dtype=np.int64)
        fault = next((f for f in CompactJudge(self.problem).faults(rows) if f), None)
        if fault is not None:  # pragma: no cover - an engine bug
            raise EngineFaultError(f"CP-SAT produced an invalid arrangement: {fault}")
        return rows

    def rules(self) -> str:
        n = len(self.problem.piece_set.pieces)
        return (f"Place every piece of the {self.set_name} set ({n} pieces) on the "
                f"{self.region_name} region, one per cell, so that beam meets beam and blank "
                "meets blank across every side and no beam points out of the region. Some pieces "
                "are given; the pieces left are drawn beside the puzzle.")

    def grading(self) -> str:
        return ("Levels come from human-style deduction steps, the hardest step deciding: easy = "
                "singles only (a cell with one fitting piece, a piece with one cell), medium = "
                "counting (side-by-side elimination, pairs), hard = one-cell lookahead or "
                "search. Score: the rung plus a tenth of the proof's kernel nodes (log)."
                + (" Every clue is needed: hiding it admits a second answer (irreducible; "
                   "the hard puzzles) or makes the puzzle need a harder step than its level "
                   "(the easy and medium puzzles, whose clues a search alone could reduce "
                   "further)." if self.level_minimal else ""))

    # ------------------------------------------------------------------------------------

    def _unique_in_table(self, row: np.ndarray, clue_idx: list[int]) -> int:
        table = self.table
        assert table is not None
        if not clue_idx:
            return len(table)
        idx = np.array(clue_idx, dtype=np.int64)
        return int((table[:, idx] == row[idx]).all(axis=1).sum())

    def _random_answer(self, rng: random.Random) -> np.ndarray:
        if self.table is not None:
            return self.table[rng.randrange(len(self.table))]
        return self._random_search_answer(rng)

    def _random_search_answer(self, rng: random.Random, pins: int = 3,
                              budget: int = 200_000) -> np.ndarray:
        """A seeded random solution: ``pins`` seeded random pieces on seeded random cells,
        completed by the kernel (most constrained cell first); new pins when the kernel finds
        no completion within ``budget`` nodes."""
        inst = self.inst
        kernel = KernelEngine(order="mrv", max_nodes=budget)
        while True:
            fixed: dict[int, int] = {}
            for i in rng.sample(range(inst.n), pins):
                options = [p for p in inst.candidates(i) if p not in fixed.values()]
                fixed[i] = rng.choice(options)
            try:
                run = self._puzzle(np.array([fixed.get(i, -1) for i in range(inst.n)]),
                                   list(fixed))
                for row in kernel.rows(run, find=True):
                    return np.asarray(row, dtype=np.int64).copy()
            except (InfeasibleError, BudgetExhaustedError):
                continue

    def _reduce(self, row: np.ndarray, rng: random.Random) -> tuple[list[int], int]:
        """Clue cell indices after hiding in a random order; also the checks made."""
        return self._hide(rng, lambda trial: self._count(row, trial) == 1)

    def _hide(self, rng: random.Random, keeps: Callable[[list[int]], bool],
              ) -> tuple[list[int], int]:
        """Clue cell indices after hiding, in a seeded random order, every clue whose hiding
        ``keeps`` accepts; also the checks made."""
        clues = list(range(self.inst.n))
        order = list(clues)
        rng.shuffle(order)
        checks = 0
        for i in order:
            trial = [c for c in clues if c != i]
            checks += 1
            if keeps(trial):
                clues = trial
        return clues, checks

    def _count(self, row: np.ndarray, clue_idx: list[int]) -> int:
        if self.table is not None:
            return self._unique_in_table(row, clue_idx)
        return kernel_count(self._puzzle(row, clue_idx))[0]

    def _puzzle(self, row: np.ndarray, clue_idx: list[int]) -> Run:
        """The completion with the pieces of ``row`` on the cells ``clue_idx`` given."""
        return self.run.with_fixed({self.inst.cells[i]: int(row[i]) for i in clue_idx})

    def key(self, row: np.ndarray, clue_idx: list[int]) -> str:
        """The clue set in its least form over the symmetry group."""
        clue_row = np.full((1, self.inst.n), -1, dtype=np.int64)
        for i in clue_idx:
            clue_row[0, i] = row[i]
        images = [tuple(self.group.image(g, clue_row)[0]) for g in range(len(self.group))]
        return ",".join(map(str, min(images)))

    def _solved_within(self, row: np.ndarray, clue_idx: list[int], top: int) -> bool:
        """True when deduction solves the puzzle (so it is unique) using rungs <= ``top``."""
        rating = rate(self._puzzle(row, clue_idx).instance)
        return rating.left == 0 and rating.rung <= top

    def _reduce_for_level(self, row: np.ndarray, rng: random.Random, top: int,
                          ) -> tuple[list[int], int]:
        """Clue cell indices after hiding, in a seeded random order, every clue whose hiding
        leaves a puzzle deduction still solves with rungs <= ``top`` (deduction that fills
        every cell proves the answer unique); also the ratings made."""
        return self._hide(rng, lambda trial: self._solved_within(row, trial, top))

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        rng = random.Random(seed)
        row = self._random_answer(rng)
        top = max((r for r, lv in LEVEL_OF_RUNG.items() if lv == level), default=5)
        for_level = self.level_minimal and top < 5
        best: tuple[list[int], int, DeductionRating] | None = None
        for _ in range(self.tries if level is not None else 1):
            if for_level:
                clues, checks = self._reduce_for_level(row, rng, top)
            else:
                clues, checks = self._reduce(row, rng)
            rating = rate(self._puzzle(row, clues).instance)
            if best is None or (level is not None and LEVEL_OF_RUNG[rating.rung] == level):
                best = (clues, checks, rating)
            if level is None or LEVEL_OF_RUNG[best[2].rung] == level:
                break
        assert best is not None
        clues, checks, rating = best
        if for_level and LEVEL_OF_RUNG[rating.rung] != level:
            # reduced for another level than the one measured: ``make(seed, level)`` with the
            # measured level would reduce differently, so the index could not regenerate it
            return None
        return self._finish(seed, row, clues, checks, rating, top if for_level else None)

    def _finish(self, seed: int, row: np.ndarray, clues: list[int], checks: int,
                rating: DeductionRating, for_level: int | None = None) -> BookPuzzle:
        """Prove, check and draw the puzzle. ``for_level``: the clues were reduced for the
        deduction's rungs <= ``for_level``; every clue must then be needed for uniqueness or for
        that level (strict irreducibility is recorded, not required)."""
        inst = self.inst
        puzzle = self._puzzle(row, clues).problem
        answer = self.problem.arrangement(inst.placements(row))
        given = puzzle.fixed_map
        verify(answer, given)
        solutions, nodes = kernel_count(self._puzzle(row, clues))
        if solutions != 1:  # pragma: no cover - the reduction kept it unique
            raise EngineFaultError(f"puzzle of seed {seed} has {solutions} completions")
        deduced = {i: v for i, v in rating.solution.items()}
        if any(int(row[i]) != v for i, v in deduced.items()):
            raise EngineFaultError(f"the deduction disagrees with the answer (seed {seed})")
        proof: dict[str, object] = {
            "check": "kernel count to 2, most constrained cell first", "solutions": solutions,
            "nodes": nodes, "reduction_checks": checks, "verifier": "puzzles.arrangements.verify",
        }
        looser = {i: [c for c in clues if c != i] for i in clues}
        if self.table is not None:
            proof["second_engine"] = (f"CP-SAT enumeration of all {len(self.table)} solutions, "
                                      "filtered by the clues")
            proof["second_count"] = self._unique_in_table(row, clues)
            loose = {i: self._unique_in_table(row, looser[i]) for i in clues}
        else:
            proof["second_engine"] = "CP-SAT count to 2"
            proof["second_count"] = CpSatEngine().count(self._puzzle(row, clues), limit=2)
            loose, irreducible_nodes = {}, 0
            for i in clues:
                loose[i], used = kernel_count(self._puzzle(row, looser[i]))
                irreducible_nodes += used
            proof["irreducibility_nodes"] = irreducible_nodes
        # irreducible: hiding any clue admits a second answer
        proof["irreducible"] = irreducible = all(n >= 2 for n in loose.values())
        if for_level is not None:
            # reduced for a level: hiding any clue admits a second answer or needs a harder rung
            proof["minimal_for_level"] = irreducible = all(
                loose[i] >= 2 or not self._solved_within(row, looser[i], for_level)
                for i in clues)
            proof["hideable_clues"] = sum(1 for n in loose.values() if n == 1)
        if proof["second_count"] != 1 or not irreducible:  # pragma: no cover - engine bug
            raise EngineFaultError(f"second check failed for the puzzle of seed {seed}")
        level = LEVEL_OF_RUNG[rating.rung]
        score = rating.rung + 0.1 * float(np.log2(1 + nodes))
        ps = self.problem.piece_set
        left = sorted(set(ps.numbers()) - set(given.values()))
        by_number = ps.by_number()
        clue_arr = Arrangement(ps.name, "compact", given, self.problem.region)
        return BookPuzzle(
            kind=self.name, seed=seed, level=level, score=round(score, 3),
            key=self.key(row, clues),
            question=f"{len(given)} pieces given: place the other {len(left)}.",
            puzzle_svg=arrangement_svg(clue_arr),
            extra_svg=piece_gallery_svg(
                ps.grid, [(p, by_number[p].beams, by_number[p].orientation) for p in left],
                per_row=4 if ps.grid.oriented else 8, title="pieces to place"),
            answer_svg=arrangement_svg(answer, highlight=frozenset(given)),
            answer_text=rows_text(self.problem.region.cells if self.problem.region
                                  else answer.placements, answer.placements, given),
            proof=proof, board_mm=self.board_mm,
            details={"clues": len(given), "deduction": rating.to_json()},
        )


class OpenCompletion(PuzzleType):
    """StarMap and bounded transcendental completions: some pieces stand on the board, the
    reader places the rest on free cells.

    The answer: the open search with its options in a seeded random order (CP-SAT completing
    two seeded random pins when that runs out of budget). The clues: hidden
    in a seeded random order while the open search (``solver.book.open_deduction.count``, the
    cell with the fewest options first) still finds one completion (up to 2). The proof: the
    open search counts the final puzzle to 2 (its nodes recorded) and CP-SAT, a second engine
    sharing nothing with it but the problem, counts it to 2 again; every clue is re-checked by
    both (hiding it admits a second completion); the answer is judged by
    ``puzzles.arrangements.verify``. The level: the deduction steps of
    ``solver.book.open_deduction`` (hardest step decides), whose deductions must agree with the
    answer; aiming at a level, up to ``tries`` reductions of the same answer are tried.
    """

    levels: tuple[str, ...] = ("easy", "medium", "hard")
    attempts_per_puzzle = 20

    def __init__(self, name: str, set_name: str, kind: str, region: str, title: str,
                 no_adjacent: bool = False, tries: int = 4) -> None:
        self.name = name
        self.title = title
        self.set_name = set_name
        self.kind = kind
        self.region_name = region
        self.no_adjacent = no_adjacent
        self.tries = tries

    @cached_property
    def problem(self) -> ArrangementProblem:
        """The empty problem."""
        return ArrangementProblem.create(self.set_name, self.kind, self.region_name,
                                         no_adjacent=self.no_adjacent)

    @cached_property
    def run(self) -> Run:
        """The empty board's tables, built once."""
        return Run(self.problem)

    @property
    def group(self) -> SymmetryGroup:
        """The board's symmetries."""
        return self.run.group

    @cached_property
    def board(self) -> OpenBoard:
        """The lines of sight of the open deduction and search."""
        return OpenBoard.build(self.problem)

    def rules(self) -> str:
        if self.kind == "starmap":
            return (f"StarMap: place every piece of the {self.set_name} set on the "
                    f"{self.region_name} board so that looking along each beam one meets another "
                    "piece and looking along each blank side one meets nothing (up to the "
                    "board's edge). Some pieces stand on the board already.")
        return (f"Transcendental arrangement inside {self.region_name}: place every piece of "
                f"the {self.set_name} set so that every beam meets a beam of the neighbour and "
                "every blank side faces an empty cell (no beam may leave the region). Some "
                "pieces stand already.")

    def grading(self) -> str:
        return ("Levels come from human-style deduction steps, the hardest step deciding: easy = "
                "singles only (a cell with one option left, a piece with one cell), medium = "
                "counting (beams without support, pairs, counting pieces), hard = one-cell "
                "lookahead or search. Score: the rung plus a tenth of the proof's search "
                "nodes (log).")

    def _count(self, clues: dict[tuple[int, int], int]) -> int:
        return open_count(self.problem.with_fixed(clues), limit=2)[0]

    def _cpsat_count(self, clues: dict[tuple[int, int], int]) -> int:
        return CpSatEngine().count(self.run.with_fixed(clues), limit=2)

    def _answer(self, rng: random.Random) -> dict[tuple[int, int], int]:
        """A seeded random solution: the open search with its options in a seeded random
        order (a node budget), else CP-SAT completing two seeded random pins."""
        cpsat = CpSatEngine()
        try:
            found, _, rows = open_count(self.problem, limit=1, max_nodes=20_000, rng=rng)
            if found:
                return rows[0]
        except SearchBudgetError:
            pass
        cells = sorted(self.problem.region.cells if self.problem.region else ())
        numbers = list(self.problem.piece_set.numbers())
        for _ in range(20):
            pins = dict(zip(rng.sample(cells, 2), rng.sample(numbers, 2), strict=True))
            try:
                return dict(cpsat.first(self.run.with_fixed(pins)).placements)
            except InfeasibleError:
                continue
        return dict(cpsat.first(self.run).placements)

    def key(self, clues: dict[tuple[int, int], int]) -> str:
        """The clue set in its least form over the board's symmetries."""
        inst = self.run.instance
        row = np.full((1, inst.n), -1, dtype=np.int64)
        for c, p in clues.items():
            row[0, inst.index[c]] = p
        return ",".join(map(str, min(tuple(self.group.image(g, row)[0])
                                     for g in range(len(self.group)))))

    def _reduce(self, answer: dict[tuple[int, int], int], rng: random.Random,
                ) -> tuple[dict[tuple[int, int], int], int]:
        """Clues left after hiding in a seeded random order while the completion stays
        unique; also the counts made. (Steering each step towards a level was tried: it left
        the levels of the last, deciding steps unchanged, at several times the cost, so a
        level is aimed at by trying several random orders.)"""
        clues = dict(answer)
        order = sorted(clues, key=lambda c: (c[1], c[0]))
        rng.shuffle(order)
        checks = 0
        for cell in order:
            trial = {c: p for c, p in clues.items() if c != cell}
            checks += 1
            if self._count(trial) == 1:
                clues = trial
        return clues, checks

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        rng = random.Random(seed)
        answer = self._answer(rng)
        best: tuple[dict[tuple[int, int], int], int, DeductionRating] | None = None
        for _ in range(self.tries if level is not None else 1):
            clues, checks = self._reduce(answer, rng)
            rating = rate_open(self.problem.with_fixed(clues))
            if best is None or (level is not None and LEVEL_OF_RUNG[rating.rung] == level):
                best = (clues, checks, rating)
            if level is None or LEVEL_OF_RUNG[best[2].rung] == level:
                break
        assert best is not None
        return self._finish(seed, answer, *best)

    def _finish(self, seed: int, answer: dict[tuple[int, int], int],
                clues: dict[tuple[int, int], int], checks: int,
                rating: DeductionRating) -> BookPuzzle:
        arrangement = self.problem.arrangement(answer)
        verify(arrangement, clues)
        solutions, nodes, found = open_count(self.problem.with_fixed(clues), limit=2)
        if solutions != 1 or found[0] != answer:  # pragma: no cover - kept unique
            raise EngineFaultError(f"puzzle of seed {seed} is not unique")
        cells = self.board.cells
        if any(answer.get(cells[i]) != v for i, v in rating.solution.items()):
            raise EngineFaultError(f"the deduction disagrees with the answer (seed {seed})")
        second = self._cpsat_count(clues)
        irreducible_nodes = 0
        irreducible = True
        for cell in clues:
            looser = {c: p for c, p in clues.items() if c != cell}
            n, used, _ = open_count(self.problem.with_fixed(looser), limit=2)
            irreducible_nodes += used
            irreducible = irreducible and n >= 2 and self._cpsat_count(looser) >= 2
        if second != 1 or not irreducible:  # pragma: no cover - an engine bug
            raise EngineFaultError(f"second check failed for the puzzle of seed {seed}")
        ps = self.problem.piece_set
        left = sorted(set(ps.numbers()) - set(clues.values()))
        level = LEVEL_OF_RUNG[rating.rung]
        score = rating.rung + 0.1 * float(np.log2(1 + nodes))
        by_number = ps.by_number()
        shown = Arrangement(ps.name, self.kind, clues, self.problem.region)
        return BookPuzzle(
            kind=self.name, seed=seed, level=level, score=round(score, 3), key=self.key(clues),
            question=f"{len(clues)} pieces stand: place the other {len(left)}.",
            puzzle_svg=arrangement_svg(shown),
            extra_svg=piece_gallery_svg(
                ps.grid, [(p, by_number[p].beams, by_number[p].orientation) for p in left],
                per_row=4 if ps.grid.oriented else 8, title="pieces to place"),
            answer_svg=arrangement_svg(arrangement, highlight=frozenset(clues)),
            answer_text=rows_text(self.problem.region.cells if self.problem.region else answer,
                                  answer, clues),
            proof={"check": "open search count to 2, fewest options first",
                   "solutions": solutions, "nodes": nodes, "reduction_checks": checks,
                   "second_engine": "CP-SAT count to 2", "second_count": second,
                   "irreducible": irreducible, "irreducibility_nodes": irreducible_nodes,
                   "verifier": "puzzles.arrangements.verify"},
            details={"clues": len(clues), "deduction": rating.to_json()})
