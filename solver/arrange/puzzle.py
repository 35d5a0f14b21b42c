"""Puzzle generation: a solution with as few pieces revealed as keeps its completion unique.

1. Pick a solution: uniformly at random (seeded) among the first ``pool`` solutions the search
   meets, which is all of them when the problem has at most ``pool`` (the 652 of the 4x4
   square set, for example).
2. Reveal every piece, then hide them one at a time in a random order, keeping a piece hidden
   only when the completion stays unique; uniqueness is proven by counting solutions up to 2.
   The result is irreducible: hiding any one more revealed piece allows a second completion.
   ``tries`` repeats step 2 with other orders and keeps the fewest clues.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> p = generate_puzzle(ArrangementProblem.create("square", "compact", "4x4"), seed=3)
>>> 0 < len(p.clues) < 16 and is_unique(p.puzzle)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from puzzles.arrangements import Arrangement, verify
from puzzles.errors import InfeasibleError
from puzzles.grids import Cell
from solver.arrange.api import choose_engine, solutions
from solver.arrange.problem import ArrangementProblem


@dataclass(frozen=True)
class ArrangementPuzzle:
    """A generated puzzle: the problem with its clues fixed, the answer and how it was made."""

    puzzle: ArrangementProblem
    answer: Arrangement
    seed: int
    checks: int

    @property
    def clues(self) -> dict[Cell, int]:
        """The revealed pieces, ``cell -> piece``."""
        return self.puzzle.fixed_map

    def to_json(self) -> dict[str, object]:
        """``{"set", "kind", "region", "border", "seed", "fixed": [...], "answer": {...}}``;
        ``solver arrange find --fixed FILE`` reads the ``fixed`` list back."""
        region = self.puzzle.region
        cells = sorted(self.clues, key=lambda c: (c[1], c[0]))
        return {
            "set": self.puzzle.set_name,
            "kind": self.puzzle.kind,
            "region": region.name if region else None,
            "border": region.border if region else None,
            "seed": self.seed,
            "clues": len(cells),
            "fixed": [{"cell": list(c), "piece": self.clues[c]} for c in cells],
            "uniqueness_checks": self.checks,
            "answer": self.answer.to_json(),
        }


def is_unique(problem: ArrangementProblem, engine: str = "auto") -> bool:
    """True when the problem has exactly one solution (search stopped at the second).

    The kernel fills the most constrained cell first here: a uniqueness check of a hexagon
    rhombus:8x8 completion then takes milliseconds instead of about a second in the static
    row-by-row order, which made ``generate_puzzle`` take minutes there (issue 16).
    """
    find = choose_engine(problem, engine) == "kernel" and problem.kind == "compact"
    return sum(1 for _ in solutions(problem, limit=2, engine=engine, find=find)) == 1


def random_solution(problem: ArrangementProblem, rng: random.Random, pool: int = 1000,
                    engine: str = "auto") -> Arrangement:
    """A seeded random choice among the first ``pool`` solutions; InfeasibleError if none."""
    found = list(solutions(problem, limit=pool, engine=engine))
    if not found:
        raise InfeasibleError(f"no solution: the search proved that no {problem.describe()} "
                              "exists, so there is no puzzle to make")
    return rng.choice(found)


def generate_puzzle(
    problem: ArrangementProblem,
    seed: int,
    tries: int = 1,
    pool: int = 1000,
    engine: str = "auto",
    tick: Callable[[int, int], None] | None = None,
) -> ArrangementPuzzle:
    """A puzzle with a unique completion and an irreducible set of clues.

    Parameters
    ----------
    problem : ArrangementProblem
        What to arrange; pieces it already fixes stay fixed (they are clues too).
    seed : int
        Seed of every random choice: the same seed gives the same puzzle.
    tries : int
        How many random hiding orders to try; the fewest clues win.
    tick : callable(step, total), optional
        Progress: called after each uniqueness check.

    Raises
    ------
    InfeasibleError
        When the problem has no solution.

    Complexity: ``tries x cells`` uniqueness checks, each a search stopped at 2 solutions.
    """
    rng = random.Random(seed)
    answer = random_solution(problem, rng, pool, engine)
    verify(answer, problem.fixed_map)
    given = problem.fixed_map
    best: dict[Cell, int] | None = None
    checks = 0
    total = tries * len(answer.placements)
    for _ in range(tries):
        clues = dict(answer.placements)
        order = sorted(clues, key=lambda c: (c[1], c[0]))
        rng.shuffle(order)
        for cell in order:
            if cell in given:
                continue
            trial = {c: n for c, n in clues.items() if c != cell}
            checks += 1
            if is_unique(_with_clues(problem, trial), engine):
                clues = trial
            if tick is not None:
                tick(checks, total)
        if best is None or len(clues) < len(best):
            best = clues
    assert best is not None
    return ArrangementPuzzle(_with_clues(problem, best), answer, seed, checks)


def _with_clues(problem: ArrangementProblem, clues: dict[Cell, int]) -> ArrangementProblem:
    return ArrangementProblem.create(
        problem.set_name, problem.kind, problem.region, problem.border, clues,
        problem.single_group, problem.no_adjacent,
    )
