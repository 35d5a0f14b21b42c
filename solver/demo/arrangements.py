"""Demo sections: compact, transcendental and StarMap arrangements, counts and symmetry."""

from __future__ import annotations

import random

from reports.beams import arrangement_svg
from reports.html import Figure, Section, Table
from solver.arrange.api import first
from solver.arrange.problem import ArrangementProblem
from solver.arrange.run import count_arrangements, enumerate_arrangements


def sections(seed: int) -> list[Section]:
    """Arrangements found just now; the 4x4 picture is drawn from the 82 orbits by ``seed``."""
    square = ArrangementProblem.create("square", "compact", "4x4")
    total, distinct = count_arrangements(square, up_to_symmetry=True)
    reps = list(enumerate_arrangements(square, up_to_symmetry=True))
    pick = random.Random(seed).randrange(len(reps))
    hexagon = first(ArrangementProblem.create("hexagon", "compact", "rhombus:8x8"))
    trans = first(ArrangementProblem.create("hexagon", "transcendental", single_group=True))
    star = first(ArrangementProblem.create("square", "starmap", "8x8", no_adjacent=True))
    rows: list[list[object]] = []
    for region, border in (("4x4", "blank"), ("2x8", "blank"), ("8x2", "blank")):
        p = ArrangementProblem.create("square", "compact", region, border)
        n, m = count_arrangements(p, up_to_symmetry=True)
        rows.append([region, border, n, m])
    return [Section("Beam-set arrangements", [
        f"The square set has {total} compact 4x4 solutions, {distinct} up to rotation and "
        "reflection (pieces turn with the board). Every arrangement below was found by our "
        "numba search and checked by the independent verifier.",
    ], figures=[
        Figure(arrangement_svg(reps[pick]), f"compact 4x4 square, orbit {pick + 1} of {distinct}"),
        Figure(arrangement_svg(hexagon), "compact hexagon set on rhombus:8x8"),
        Figure(arrangement_svg(trans, show_numbers=False),
               "transcendental hexagon set: 63 pieces in one group, the blank alone"),
        Figure(arrangement_svg(star), "square StarMap on 8x8, no two pieces adjacent"),
    ], tables=[Table(["region", "border", "solutions", "up to symmetry"], rows,
                     "compact square-set counts")])]
