"""The kernel's cell order: `auto` picks the most constrained order where it pays."""

from __future__ import annotations

import pytest

from puzzles.errors import InvalidInputError
from solver.arrange import ArrangementProblem
from solver.arrange.engines.kernel import KernelSearch, choose_dynamic
from solver.arrange.instance import EdgeInstance
from solver.arrange.run import count_arrangements

from .helpers import completion


@pytest.mark.parametrize(("free", "expected"), [(24, 2), (32, 99)])
def test_completion_counts_in_every_order(free: int, expected: int) -> None:
    p = completion(free)
    for order in ("auto", "mrv", "static"):
        assert count_arrangements(p, order=order) == (expected, None)


def test_auto_picks_the_most_constrained_order_where_it_pays() -> None:
    hexagon = EdgeInstance.build(completion(32))
    assert choose_dynamic(hexagon)  # static tree 5.8 M nodes, most constrained 62 k
    mrv, static = KernelSearch(hexagon, dynamic=True), KernelSearch(hexagon)
    assert mrv.count() == static.count() == 99
    assert mrv.nodes * 50 < static.nodes
    square = EdgeInstance.build(ArrangementProblem.create("square", "compact", "4x4"))
    assert not choose_dynamic(square)  # trees within 1.4x: the cheaper static nodes win


def test_orders_agree_on_square_and_triangle_counts() -> None:
    for set_name, region, border, expected in (("square", "4x4", "blank", 652),
                                               ("square", "torus:8x2", "blank", 228096),
                                               ("triangle", "torus:8x2", "blank", 6016),
                                               ("triangle", "4x4", "blank", 84)):
        p = ArrangementProblem.create(set_name, "compact", region, border)
        counts = {o: count_arrangements(p, order=o)[0] for o in ("auto", "static", "mrv")}
        assert set(counts.values()) == {expected}, (region, counts)


def test_unknown_order_is_bad_input() -> None:
    with pytest.raises(InvalidInputError, match="unknown cell order"):
        count_arrangements(ArrangementProblem.create("square", "compact", "4x4"), order="fast")
