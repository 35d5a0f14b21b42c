"""The loops/groups invariant on every solution found: cycles = connections - pieces + groups.

Square set: 16 connections and 16 pieces, so loops = groups (the blank is a group). Hexagon set:
96 connections and 64 pieces, so loops = groups + 32. Loops come from networkx's cycle basis
and groups from its connected components, on a graph built straight from the direction deltas.
"""

from __future__ import annotations

from itertools import islice

from solver.arrange import ArrangementProblem, first, solutions

from .helpers import loops_and_groups


def test_square_compact_solutions_have_as_many_loops_as_groups(square_solutions) -> None:
    for arr in square_solutions:
        loops, connections, groups = loops_and_groups(arr)
        assert connections == 16
        assert loops == groups


def test_square_torus_solutions_keep_the_invariant() -> None:
    p = ArrangementProblem.create("square", "compact", "torus:4x4", fixed={(0, 0): 15})
    for arr in islice(solutions(p), 300):
        loops, connections, groups = loops_and_groups(arr)
        assert connections == 16 and loops == groups


def test_square_transcendental_solutions_keep_the_invariant() -> None:
    sols = list(solutions(ArrangementProblem.create("square", "transcendental")))
    assert len(sols) == 5005
    seen_groups = set()
    for arr in sols[::7]:
        loops, connections, groups = loops_and_groups(arr)
        assert connections == 16 and loops == groups
        seen_groups.add(groups)
    assert min(seen_groups) == 2  # one group plus the lone blank


def test_hexagon_solutions_have_32_more_loops_than_groups() -> None:
    for arr in [first(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8")),
                first(ArrangementProblem.create("hexagon", "transcendental", single_group=True))]:
        loops, connections, groups = loops_and_groups(arr)
        assert connections == 96
        assert loops == groups + 32
    single = first(ArrangementProblem.create("hexagon", "transcendental", single_group=True))
    assert loops_and_groups(single)[2] == 2
