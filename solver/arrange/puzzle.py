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
from solver.arrange.engine import Engine
from solver.arrange.engines import engine_of
from solver.arrange.prepared import Problem, Run
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


def is_unique(problem: Problem, engine: Engine | str = "auto") -> bool:
    """True when the problem has exactly one solution (a count stopped at 2).

    A count up to a limit fills the most constrained cell first in the kernel: a uniqueness
    check of a hexagon rhombus:8x8 completion then takes milliseconds instead of about a second
    in the static row-by-row order, which made ``generate_puzzle`` take minutes there
    (issue 16).
    """
    return engine_of(engine).count(problem, limit=2) == 1


def random_solution(problem: Problem, rng: random.Random, pool: int = 1000,
                    engine: Engine | str = "auto") -> Arrangement:
    """A seeded random choice among the first ``pool`` solutions; InfeasibleError if none."""
    run = Run.of(problem)
    found = list(engine_of(engine).solutions(run, limit=pool))
    if not found:
        raise InfeasibleError(f"no solution: the search proved that no "
                              f"{run.problem.describe()} exists, so there is no puzzle to make")
    return rng.choice(found)


def generate_puzzle(
    problem: Problem,
    seed: int,
    tries: int = 1,
    pool: int = 1000,
    engine: Engine | str = "auto",
    tick: Callable[[int, int], None] | None = None,
) -> ArrangementPuzzle:
    """A puzzle with a unique completion and an irreducible set of clues.

    Parameters
    ----------
    problem : ArrangementProblem or Run
        What to arrange; pieces it already fixes stay fixed (they are clues too). Its tables
        are built once; every uniqueness check derives a subproblem from them.
    seed : int
        Seed of every random choice: the same seed gives the same puzzle.
    tries : int
        How many random hiding orders to try; the fewest clues win.
    engine : Engine or str
        The engine of the solutions and the uniqueness checks, chosen once here.
    tick : callable(step, total), optional
        Progress: called after each uniqueness check.

    Raises
    ------
    InfeasibleError
        When the problem has no solution.

    Complexity: ``tries x cells`` uniqueness checks, each a search stopped at 2 solutions.
    """
    run = Run.of(problem)
    problem = run.problem
    chosen = engine_of(engine).choose(problem)  # once: the engine of every search below
    rng = random.Random(seed)
    answer = random_solution(run, rng, pool, chosen)
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
            if is_unique(run.with_fixed(trial), chosen):
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
