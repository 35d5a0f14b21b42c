"""Fields of a requested difficulty level: generate unique fields with the asked givens and
blocks, keep the first whose rating has the asked level.

Each attempt is a field of :func:`solver.numbridge.generate.generate` with a seed drawn from
``random.Random(seed)``, so the same arguments give the same field. A first rating with the
techniques up to the asked level only rejects fields that need more without trying the harder
techniques; regular fields that singles solve are recognised by the compiled search (one node)
and skipped when a harder level is asked.

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
from solver.numbridge.generate import Generated, generate


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
    level's effort (14 points at most per empty cell): the compiled search then needs one
    node (its propagation is naked and hidden singles on regular blocks)."""
    if not g.field.regular or g.field.empty_count * 14 > LEVEL_MAX_EFFORT["easy"]:
        return False
    return search(g.field, cap=2).nodes == 1


def level_within(g: Generated, level: str) -> Rating:
    """The rating with the techniques of ``level`` and below only: the ladder is ordered by
    level, so this is the full rating's path as long as it stays within ``level``
    (``solved`` False: the field needs more)."""
    return rate(g.field, up_to=level, solution=g.solution)


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
    rng = random.Random(seed)
    start = time.monotonic()
    for attempt in range(1, max_attempts + 1):
        g = generate(givens, blocks, rng.randrange(2**31))
        if progress is not None:
            progress(attempt)
        if level != "easy" and singles_only(g):
            continue  # an easy field
        quick = level_within(g, level)
        if (quick.solved and quick.level == level) or (level == "extreme" and not quick.solved):
            r = rate(g.field)  # the full rating, with the search's node count
            if r.level == level:
                return LevelField(g, r, attempt, time.monotonic() - start)
        if time_limit is not None and time.monotonic() - start > time_limit:
            raise BudgetExhaustedError(f"no {level} field with {givens} givens within "
                                       f"{time_limit:g} s ({attempt} attempts)")
    raise BudgetExhaustedError(f"no {level} field with {givens} givens in {max_attempts} "
                               "attempts")
