"""The deterministic upper bound on transcendental arrangements (issue 14, question 5).

The bound rests on "a polyform of m cells showing s sides to empty cells has at most
C(m + s, s) shapes". The tests enumerate every fixed polyomino and polyhex up to 7 cells with
their own growth code (sharing nothing with the module), check the known totals (OEIS A001168
and A001207), the shape bound for every (m, s), and the multiset bound against the exact
multiset counts built from the enumeration; and the square set's known counts (5005, 4804).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzles.errors import InvalidInputError
from solver.arrange.grow_bound import group_shapes, multiset_bound, transcendental_bounds
from solver.arrange.problem import ArrangementProblem

ROOT = Path(__file__).resolve().parents[2]
STEPS = {4: ((1, 0), (-1, 0), (0, 1), (0, -1)),
         6: ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))}
#: fixed polyominoes (A001168) and fixed polyhexes (A001207) with 1..7 cells
KNOWN = {4: [1, 2, 6, 19, 63, 216, 760], 6: [1, 3, 11, 44, 186, 814, 3652]}


def polyforms(sides: int, size: int) -> dict[int, list[frozenset[tuple[int, int]]]]:
    """Every fixed polyform (normalised by translation) of 1..size cells, by size."""
    steps = STEPS[sides]

    def norm(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        q0 = min(q for q, _ in cells)
        r0 = min(r for _, r in cells)
        return frozenset((q - q0, r - r0) for q, r in cells)

    out = {1: [frozenset({(0, 0)})]}
    for m in range(2, size + 1):
        seen: set[frozenset[tuple[int, int]]] = set()
        for form in out[m - 1]:
            for q, r in form:
                for dq, dr in steps:
                    c = (q + dq, r + dr)
                    if c not in form:
                        seen.add(norm(form | {c}))
        out[m] = sorted(seen, key=sorted)
    return out


def blank_sides(sides: int, form: frozenset[tuple[int, int]]) -> int:
    return sum(1 for q, r in form for dq, dr in STEPS[sides] if (q + dq, r + dr) not in form)


@pytest.fixture(scope="module", params=[4, 6])
def census(request: pytest.FixtureRequest) -> tuple[int, dict[tuple[int, int], int]]:
    sides = request.param
    forms = polyforms(sides, 7)
    assert [len(forms[m]) for m in range(1, 8)] == KNOWN[sides]
    by_kind: dict[tuple[int, int], int] = {}
    for m, group in forms.items():
        for form in group:
            key = (m, blank_sides(sides, form))
            by_kind[key] = by_kind.get(key, 0) + 1
    return sides, by_kind


def test_the_shape_bound_holds_for_every_small_polyform(
        census: tuple[int, dict[tuple[int, int], int]]) -> None:
    _sides, by_kind = census
    for (m, s), count in by_kind.items():
        at_most = sum(n for (m2, s2), n in by_kind.items() if m2 == m and s2 <= s)
        assert at_most <= group_shapes(m, s), (m, s)
        assert count >= 1


def exact_multisets(by_kind: dict[tuple[int, int], int], n: int, b: int) -> int:
    """Multisets of polyforms of at least 2 cells with n cells and b blank sides in all."""
    table = {(0, 0): 1}
    for (m, s), count in sorted(by_kind.items()):
        if m < 2:
            continue
        new = dict(table)  # multiply by (1 - x^m y^s)^(-count), one copy more at a time
        for (n0, b0), ways in table.items():
            j = 1
            coeff = count  # C(count + j - 1, j)
            while n0 + j * m <= n and b0 + j * s <= b:
                key = (n0 + j * m, b0 + j * s)
                new[key] = new.get(key, 0) + ways * coeff
                j += 1
                coeff = coeff * (count + j - 1) // j
        table = new
    return table.get((n, b), 0)


def test_the_multiset_bound_holds_on_small_totals(
        census: tuple[int, dict[tuple[int, int], int]]) -> None:
    sides, by_kind = census
    checked = 0
    for n in range(2, 8):
        for b in range(0, sides * n + 1, 2):
            exact = exact_multisets(by_kind, n, b)
            if exact:
                assert exact <= multiset_bound(n, b, sides), (n, b)
                checked += 1
    assert checked >= 10


def test_square_set_counts_are_below_the_bounds() -> None:
    b = transcendental_bounds(ArrangementProblem.create("square", "transcendental"))
    assert (b.cells, b.blank_sides) == (15, 28)
    assert 4804 <= b.single_group == group_shapes(15, 28)
    assert b.all_groups >= 5005
    assert b.single_group <= b.all_groups


def test_hexagon_bounds_are_the_stored_ones() -> None:
    b = transcendental_bounds(ArrangementProblem.create("hexagon", "transcendental"))
    assert (b.cells, b.blank_sides) == (63, 186)
    for name, value in (("all", b.all_groups), ("single", b.single_group)):
        doc = json.loads((ROOT / "docs" / "results" / f"transcendental-hexagon-{name}.json")
                         .read_text())
        up = doc["upper_bound"]
        assert float(up["value"]) == pytest.approx(float(value), rel=1e-9)
        assert doc["markov_lower"] < doc["estimate"] < float(up["value"])


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="transcendental"):
        transcendental_bounds(ArrangementProblem.create("square", "compact", "4x4"))
    with pytest.raises(InvalidInputError):
        group_shapes(0, 3)
