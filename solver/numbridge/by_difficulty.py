"""Fields of a requested difficulty level: generate unique fields with the asked givens and
blocks, keep the first whose rating has the asked level.

Every attempt takes its seed from ``random.Random(seed)``, so the same arguments give the same
field. A rating with the techniques up to the asked level only rejects fields that need more
without trying the harder techniques.

- **easy**: an attempt is a field of :func:`solver.numbridge.generate.generate` with the asked
  givens (most fields with 30 givens are easy).
- **medium and harder** (*topped up*): an attempt is a field with fewer givens
  (:func:`base_field`: a minimal field on regular blocks, four to eight givens fewer on
  irregular ones, whose minimal fields have only 14-20), far more often hard than a field with
  the asked givens. When its hardest technique is of the asked level, givens are added back from the
  cells that the rating's first run of singles fills, up to the asked count. Singles reach the
  same grid from the minimal field and from the topped-up one (a single stays a single when
  more of the solution is known), so the rest of the solving path, and with it the hardest
  technique, is unchanged; only the singles' effort drops, so the level stays or comes down
  to the asked one when the effort had raised it. The topped-up field is then rated in full
  and kept only when its level is the asked one.

Examples
--------
>>> d = generate_level("easy", givens=30, seed=1)
>>> d.rating.level, d.generated.field.given_count
('easy', 30)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from puzzles.errors import BudgetExhaustedError, InvalidInputError
from solver.numbridge.difficulty import LEVEL_MAX_EFFORT, LEVELS, Rating, rate
from solver.numbridge.engine import search
from solver.numbridge.generate import (
    MAX_GIVENS,
    MIN_GIVENS,
    Generated,
    generate,
    minimal_field,
)


@dataclass(frozen=True)
class LevelField:
    """A generated field of the asked level, its rating and the attempts it took."""

    generated: Generated
    rating: Rating
    attempts: int
    seconds: float

    def to_json(self) -> dict[str, object]:
        """The generated field's document with ``difficulty``, ``attempts`` and ``seconds``."""
        return {**self.generated.to_json(), "difficulty": self.rating.to_json(),
                "attempts": self.attempts, "seconds": round(self.seconds, 3)}


def singles_only(g: Generated) -> bool:
    """True when singles alone solve a regular field whose singles cannot pass the easy
    level's effort (14 points at most per empty cell): the compiled search with singles only
    (no locked candidates) then needs one node."""
    if not g.field.regular or g.field.empty_count * 14 > LEVEL_MAX_EFFORT["easy"]:
        return False
    return search(g.field, cap=2, locked=False).nodes == 1


def level_within(g: Generated, level: str) -> Rating:
    """The rating with the techniques of ``level`` and below only: the ladder is ordered by
    level, so this is the full rating's path as long as it stays within ``level``
    (``solved`` False: the field needs more)."""
    return rate(g.field, up_to=level, solution=g.solution)


#: Givens taken away before topping up, per level (the harder, the more).
FEWER = {"medium": 4, "hard": 6, "unfair": 6, "extreme": 8}


def base_field(level: str, givens: int, blocks: str, seed: int) -> Generated:
    """The field a topped-up attempt starts from: ``FEWER[level]`` givens fewer (at least
    22; :func:`solver.numbridge.generate.generate`), or a minimal field on regular blocks
    when that has fewer still (regular minimal fields have 22-26 givens)."""
    if blocks == "regular":
        m = minimal_field(blocks, seed)
        if m.field.given_count <= givens:
            return m
    return generate(max(MIN_GIVENS, givens - FEWER[level]), blocks, seed)


def topped_up(level: str, givens: int, blocks: str, seed: int) -> Generated | None:
    """A field of ``givens`` givens whose hardest technique is of ``level``, made from a
    field with fewer givens (:func:`base_field`, see the module docstring); None when this
    seed's field does not fit (its hardest technique is of another level, or its first
    singles fill too few cells)."""
    m = base_field(level, givens, blocks, seed)
    f = m.field
    need = givens - f.given_count
    cap = "unfair" if level == "extreme" else level
    quick = rate(f, up_to=cap, solution=m.solution)
    if level == "extreme" and quick.solved and quick.level != "extreme":
        return None  # no technique past unfair needed, and the effort stays unfair
    if level != "extreme" and not (quick.solved and quick.hardest_level == level):
        return None
    first: list[int] = []
    for s in quick.steps:
        if s.technique.level != "easy":
            break
        first += [c for c, _ in s.step.placements]
    if len(first) < need:
        return None
    rng = random.Random(seed)
    cells = list(f.givens)
    for c in rng.sample(sorted(first), need):
        cells[c] = m.solution[c]
    return Generated(type(f)("".join(cells), f.blocks), m.solution, seed, m.layouts_tried,
                     m.fillings_tried)


def generate_level(level: str, givens: int = 30, blocks: str = "regular", seed: int = 1,
                   time_limit: float | None = None, max_attempts: int = 1_000_000,
                   progress: Callable[[int], None] | None = None) -> LevelField:
    """A unique field with ``givens`` givens on ``blocks`` whose level is ``level``.

    Parameters
    ----------
    level : str
        ``easy``, ``medium``, ``hard``, ``unfair`` or ``extreme`` (HoDoKu's names).
    givens, blocks : as :func:`solver.numbridge.generate.generate`.
    seed : int
        Seed of the attempts' seeds.
    time_limit : float, optional
        Give up after this many seconds.
    progress : callable, optional
        Called with the attempt number after every attempt.

    Raises
    ------
    InvalidInputError
        An unknown level (or bad givens or blocks).
    BudgetExhaustedError
        No field of the level within ``time_limit`` or ``max_attempts``.
    """
    if level not in LEVELS:
        raise InvalidInputError(f"--difficulty {level}: one of {', '.join(LEVELS)}")
    if not MIN_GIVENS <= givens <= MAX_GIVENS:
        raise InvalidInputError(f"--givens {givens}: must be {MIN_GIVENS}-{MAX_GIVENS}")
    rng = random.Random(seed)
    start = time.monotonic()
    for attempt in range(1, max_attempts + 1):
        attempt_seed = rng.randrange(2**31)
        if progress is not None:
            progress(attempt)
        if level == "easy":
            g: Generated | None = generate(givens, blocks, attempt_seed)
            assert g is not None
            quick = level_within(g, level)
            candidate = quick.solved and quick.level == level
        else:
            g = topped_up(level, givens, blocks, attempt_seed)
            candidate = g is not None
        if candidate and g is not None:
            r = rate(g.field)  # the full rating, with the search's node count
            if r.level == level:
                return LevelField(g, r, attempt, time.monotonic() - start)
        if time_limit is not None and time.monotonic() - start > time_limit:
            raise BudgetExhaustedError(f"no {level} field with {givens} givens within "
                                       f"{time_limit:g} s ({attempt} attempts)")
    raise BudgetExhaustedError(f"no {level} field with {givens} givens in {max_attempts} "
                               "attempts")
