"""Numbridge fields for books: fill the field, one digit per cell, 1-9 once in every row,
column and block.

A field comes from the generator (``solver.numbridge.generate``: a seeded filling, givens
removed while the solution stays unique), regular or irregular blocks, with fewer givens for
harder levels. Proof: the numba search counts solutions up to 2 (its node counter is
recorded) and CP-SAT, sharing no code with it, counts them up to 2 again; the solution is
judged by ``puzzles.numbridge.field.verify_solution``. The level is the rater's
(``solver.numbridge.difficulty.rate``: the technique steps, HoDoKu's level names), with
``extreme`` counted as ``unfair``. The key: the least form of the
field over the eight rotations and reflections of the square, digits and blocks renumbered
in reading order.
"""

from __future__ import annotations

import random

from puzzles.errors import EngineFaultError
from puzzles.numbridge.field import CELLS, REGULAR_BLOCKS, Field, verify_solution
from reports.numbridge import field_svg
from solver.book.base import BookPuzzle, PuzzleType
from solver.numbridge import models
from solver.numbridge.difficulty import rate
from solver.numbridge.engine import search
from solver.numbridge.generate import generate

#: Level -> range of givens asked of the generator.
GIVENS = {"easy": (28, 34), "medium": (24, 30), "hard": (22, 26), "unfair": (22, 24)}


def level_of(rater_level: str) -> str:
    """The book level of the rater's level (HoDoKu's names; ``extreme`` counts as unfair)."""
    return rater_level if rater_level in GIVENS else "unfair"


def cpsat_count(field: Field, cap: int = 2) -> int:
    """Solutions of the field up to ``cap``, by the CP-SAT model (independent of our search)."""
    return models.cpsat_count(field, cap)[0]


def _transforms(i: int) -> list[int]:
    r, c = divmod(i, 9)
    return [p[0] * 9 + p[1] for p in ((r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r),
                                      (r, 8 - c), (8 - r, c), (c, r), (8 - c, 8 - r))]


_IMAGES = [_transforms(i) for i in range(CELLS)]


def _renumber(text: str) -> str:
    names: dict[str, str] = {}
    out = []
    for ch in text:
        if ch == "0":
            out.append("0")
            continue
        if ch not in names:
            names[ch] = str(len(names) + 1)
        out.append(names[ch])
    return "".join(out)


def field_key(field: Field) -> str:
    """The least form of the field over the square's symmetries (see the module docstring)."""
    forms = []
    for g in range(8):
        givens, blocks = ["0"] * CELLS, ["0"] * CELLS
        for i in range(CELLS):
            givens[_IMAGES[i][g]] = field.givens[i]
            blocks[_IMAGES[i][g]] = field.blocks[i]
        forms.append(_renumber("".join(blocks)) + "/" + _renumber("".join(givens)))
    return min(forms)


class NumbridgeType(PuzzleType):
    """Numbridge fields graded by the rater."""

    name = "numbridge"
    title = "Numbridge fields"
    levels = ("easy", "medium", "hard", "unfair")
    attempts_per_puzzle = 30

    def rules(self) -> str:
        return ("Fill every empty cell with a digit 1-9 so that each row, each column and each "
                "block (the thick outlines) holds every digit once. Each field has one answer.")

    def grading(self) -> str:
        return ("Level = the rater's level (solver.numbridge.difficulty, HoDoKu's rule: the "
                "hardest technique's level, raised by the total effort); extreme counts as "
                "unfair. Score: the Sudoku-Explainer-style scale of the hardest step. Seed: the "
                "generator's seed.")

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        rng = random.Random(seed)
        lo, hi = GIVENS[level or rng.choice(list(GIVENS))]
        blocks = "regular" if rng.random() < 0.5 else "irregular"
        made = generate(rng.randint(lo, hi), blocks, seed=rng.randrange(1 << 30))
        field, solution = made.field, made.solution
        result = search(field, cap=2)
        second = cpsat_count(field)
        if result.count != 1 or second != 1 or result.solution != solution:
            return None  # pragma: no cover - the generator promises a unique field
        faults = verify_solution(field, solution)
        if faults:  # pragma: no cover - an engine bug
            raise EngineFaultError(f"Numbridge solution of seed {seed} rejected: {faults[0]}")
        rating = rate(field)
        kind = "regular" if field.blocks == REGULAR_BLOCKS else "irregular"
        rows = [solution[r * 9:(r + 1) * 9] for r in range(9)]
        return BookPuzzle(
            kind=self.name, seed=seed, level=level_of(rating.level),
            score=rating.score, key=field_key(field),
            question=f"{kind.capitalize()} blocks, {field.given_count} givens.",
            puzzle_svg=field_svg(field.blocks, field.givens, cell=30.0),
            answer_svg=field_svg(field.blocks, solution, field.givens, cell=30.0),
            answer_text=" / ".join(rows),
            proof={"check": "numba search, count to 2", "solutions": result.count,
                   "nodes": result.nodes, "second_engine": "CP-SAT count to 2",
                   "second_count": second},
            details={"givens": field.givens, "blocks": field.blocks,
                     "rating": rating.to_json()})
