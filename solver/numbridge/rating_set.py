"""The rating set of ``tests/data/numbridge-rating-set.txt`` and how our rater agrees with the
peers on it (Spearman rank correlation, level agreement).

Examples
--------
>>> rows = load_rating_set()
>>> len([r for r in rows if r.hodoku_level]) >= 100
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from puzzles.numbridge.field import REGULAR_BLOCKS, Field
from solver.numbridge.difficulty import Rating, rate

RATING_SET = Path(__file__).resolve().parents[2] / "tests" / "data" / "numbridge-rating-set.txt"


@dataclass(frozen=True)
class RatedField:
    """A field of the set with the peers' ratings (None where a peer does not apply)."""

    field: Field
    source: str
    hodoku_level: str | None
    hodoku_score: int | None
    pencilmark: float | None


def load_rating_set(path: Path = RATING_SET) -> list[RatedField]:
    """The fields of the set, in file order."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        givens, blocks, source, level, score, pm = line.split()
        f = Field.make(givens, REGULAR_BLOCKS if blocks == "regular" else blocks)
        out.append(RatedField(f, source, None if level == "-" else level,
                              None if score == "-" else int(score),
                              None if pm == "-" or pm.startswith("error") else float(pm)))
    return out


@dataclass
class Agreement:
    """Spearman correlations and level agreement of our ratings with the peers'."""

    regular: int
    irregular: int
    effort_vs_hodoku: float
    score_vs_hodoku: float
    level_agreement: float
    effort_vs_pencilmark: float
    score_vs_pencilmark: float
    work_vs_hodoku: float = float("nan")
    work_vs_pencilmark: float = float("nan")

    def to_json(self) -> dict[str, float | int]:
        """The figures as a flat document."""
        return dict(self.__dict__)


def agreement(rows: list[RatedField], ratings: list[Rating]) -> Agreement:
    """How ``ratings`` (ours, one per row) agree with the peers' figures of ``rows``."""
    from scipy.stats import spearmanr

    reg = [(row, r) for row, r in zip(rows, ratings, strict=True) if row.hodoku_score is not None]
    irr = [(row, r) for row, r in zip(rows, ratings, strict=True) if row.pencilmark is not None]

    def rho(xs: list[float], ys: list[float]) -> float:
        return round(float(spearmanr(xs, ys).statistic), 3) if len(xs) > 2 else float("nan")

    return Agreement(
        len(reg), len(irr),
        rho([r.effort for _, r in reg], [float(row.hodoku_score or 0) for row, _ in reg]),
        rho([r.score for _, r in reg], [float(row.hodoku_score or 0) for row, _ in reg]),
        round(sum(r.level == row.hodoku_level for row, r in reg) / max(1, len(reg)), 3),
        rho([r.effort for _, r in irr], [row.pencilmark or 0.0 for row, _ in irr]),
        rho([r.score for _, r in irr], [row.pencilmark or 0.0 for row, _ in irr]),
        rho([r.work for _, r in reg], [float(row.hodoku_score or 0) for row, _ in reg]),
        rho([r.work for _, r in irr], [row.pencilmark or 0.0 for row, _ in irr]))


def rate_all(rows: list[RatedField]) -> list[Rating]:
    """Our rating of every row."""
    return [rate(row.field) for row in rows]
