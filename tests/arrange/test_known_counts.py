"""Known arrangement counts from one data file (tests/data/arrangement_counts.txt)."""

from pathlib import Path

import pytest

from solver.arrange.problem import ArrangementProblem
from solver.arrange.run import count_arrangements

DATA = Path(__file__).resolve().parents[1] / "data" / "arrangement_counts.txt"


def cases() -> list[object]:
    out: list[object] = []
    for line in DATA.read_text().splitlines():
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        set_name, kind, region, border, single, count, distinct, *flags = fields
        marks = [pytest.mark.slow] if "slow" in flags else []
        out.append(pytest.param(set_name, kind, None if region == "-" else region, border,
                                single == "yes", int(count),
                                None if distinct == "-" else int(distinct),
                                id=f"{set_name}-{kind}-{region}-{border}-{single}", marks=marks))
    return out


@pytest.mark.parametrize(
    ("set_name", "kind", "region", "border", "single_group", "count", "distinct"), cases())
def test_known_count(set_name: str, kind: str, region: str | None, border: str,
                     single_group: bool, count: int, distinct: int | None) -> None:
    problem = ArrangementProblem.create(set_name, kind, region, border,
                                        single_group=single_group)
    total, orbits = count_arrangements(problem, up_to_symmetry=distinct is not None)
    assert total == count
    if distinct is not None:
        assert orbits == distinct
