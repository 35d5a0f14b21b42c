"""Cylinders (``cylinder:WxH``: the left and right edges meet; ``vcylinder:WxH``: the top and
bottom edges meet) in the region syntax, the kernel, the frontier count, the verifier and the
DLX/CNF exports. Counts of the docs' table (docs/counting.md) are checked by two engines and,
for the small ones, by the independent counter of ``plain_count.py``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from cli_helpers import run

from puzzles.arrangements import Arrangement, faults, is_valid
from puzzles.errors import InvalidInputError
from puzzles.grids import Cell
from puzzles.regions import parse_region, read_region_file
from solver.arrange import ArrangementProblem, solutions
from solver.arrange.engines import frontier
from solver.arrange.engines.kernel import KernelSearch
from solver.arrange.export import dlx_text, parse_xcc
from solver.arrange.instance import EdgeInstance
from solver.arrange.layout import EdgeLayout
from solver.arrange.run import count_arrangements
from tests.arrange.plain_count import plain_count


def messages(arr: Arrangement, fixed: Mapping[Cell, int] | None = None) -> list[str]:
    """The verifier's fault sentences."""
    return [f.message for f in faults(arr, fixed)]


def problem(set_name: str, region: str, border: str = "blank",
            fixed: dict[tuple[int, int], int] | None = None) -> ArrangementProblem:
    return ArrangementProblem.create(set_name, "compact", region, border, fixed=fixed or {})


def test_the_spelling_and_which_edges_meet() -> None:
    c = parse_region("cylinder:4x3", "square")
    assert c.wrap == (4, 0) and c.shape == "cylinder"
    # square sides: 1 E, 2 N, 4 W, 8 S
    assert c.neighbour((3, 1), 1) == (0, 1)  # east of the last column: the first column
    assert c.neighbour((0, 1), 4) == (3, 1)  # west of the first column: the last one
    assert c.neighbour((0, 0), 2) is None  # the top row keeps its border
    assert c.neighbour((2, 2), 8) is None  # and so does the bottom row
    v = parse_region("vcylinder:4x3", "square")
    assert v.wrap == (0, 3) and v.neighbour((1, 0), 2) == (1, 2)  # north of row 0: row 2
    assert v.neighbour((3, 0), 1) is None  # the right column keeps its border
    assert parse_region("torus:4x3", "square").shape == "torus"
    assert parse_region("4x3", "square").shape == "plane"
    hexagon = parse_region("cylinder:rhombus:4x3", "hexagon")
    assert hexagon.wrap == (4, 0)


@pytest.mark.parametrize(("name", "grid", "message"), [
    ("cylinder:3x4", "triangle", "even width"),
    ("vcylinder:4x3", "triangle", "even height"),
    ("torus:4x3", "triangle", "even height"),  # the seam would join two up triangles
    ("cylinder:4x4", "hexagon", "needs a rhombus"),
    ("cylinder:4", "square", "a size like 4x4"),
])
def test_bad_cylinders_are_refused(name: str, grid: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_region(name, grid)


def test_a_one_cell_ring_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="its own neighbour"):
        EdgeLayout.build(problem("square", "cylinder:1x16"))


def test_a_region_file_with_one_period(tmp_path: Path) -> None:
    path = tmp_path / "ring.json"
    path.write_text(json.dumps({"cells": [[q, r] for r in range(2) for q in range(8)],
                                "wrap": [8, 0]}))
    region = read_region_file(path, "square")
    assert region.wrap == (8, 0) and region.neighbour((7, 1), 1) == (0, 1)
    path.write_text(json.dumps({"cells": [[0, 0]], "wrap": [0, 0]}))
    with pytest.raises(InvalidInputError, match="at least one must be positive"):
        read_region_file(path, "square")


#: (set, region, border, count): kernel, frontier and (flag) the plain counter agree
COUNTS = [
    ("square", "cylinder:2x8", "blank", 30720, False),
    ("square", "vcylinder:8x2", "blank", 30720, False),
    ("square", "cylinder:8x2", "blank", 0, True),
    ("triangle", "cylinder:4x4", "blank", 1728, True),
    ("triangle", "vcylinder:4x4", "blank", 352, True),
    ("triangle", "cylinder:8x2", "blank", 256, True),
    ("triangle", "vcylinder:8x2", "blank", 1504, True),
    ("triangle", "cylinder:2x8", "blank", 4608, True),
    ("triangle", "cylinder:8x2", "free", 28928, False),
]


@pytest.mark.parametrize(("set_name", "region", "border", "count", "plain"), COUNTS,
                         ids=[f"{s}-{r}-{b}" for s, r, b, _n, _p in COUNTS])
def test_kernel_frontier_and_plain_counter_agree(set_name: str, region: str, border: str,
                                                 count: int, plain: bool) -> None:
    p = problem(set_name, region, border)
    assert KernelSearch(EdgeInstance.build(p)).count() == count
    assert count_arrangements(p) == (count, None)  # auto: the frontier count
    assert frontier.FrontierCount(EdgeLayout.build(p)).count() == count  # no translations
    if plain:
        assert plain_count(set_name, region, border) == count


def test_translations_of_a_cylinder() -> None:
    assert len(frontier.translations(EdgeLayout.build(problem("square", "cylinder:4x4")))) == 4
    assert len(frontier.translations(EdgeLayout.build(problem("square", "vcylinder:8x2")))) == 2
    # the orientation-keeping half of a triangle cylinder's translations
    assert len(frontier.translations(EdgeLayout.build(problem("triangle", "cylinder:4x4")))) == 2


def test_fixed_pieces_on_a_cylinder() -> None:
    p = problem("square", "cylinder:4x4", fixed={(0, 0): 5, (3, 0): 1})  # a beam on the seam
    kernel = KernelSearch(EdgeInstance.build(p)).count()
    assert kernel == count_arrangements(p)[0] > 0


def test_every_enumerated_solution_passes_the_verifier() -> None:
    found = list(solutions(problem("triangle", "cylinder:8x2")))
    assert len(found) == 256 and all(is_valid(a) for a in found)


def test_the_verifier_reads_the_seam() -> None:
    """A cylinder solution with a beam across the seam is no solution of the plain 4x4 (the
    beam leaves the region), and a plain free-border solution whose last and first columns
    disagree is no solution of the free-border cylinder."""
    east, west = 1, 4
    crossing = next(a for a in solutions(problem("square", "cylinder:4x4"))
                    if any(a.placements[(3, r)] & east for r in range(4)))
    assert is_valid(crossing)
    plain = problem("square", "4x4").arrangement(crossing.placements)
    assert not is_valid(plain) and any("pointing out of the region" in f
                                     for f in messages(plain))
    torn = next(a for a in solutions(problem("square", "4x4", "free"))
                if any(bool(a.placements[(3, r)] & east) != bool(a.placements[(0, r)] & west)
                       for r in range(4)))
    moved = problem("square", "cylinder:4x4", "free").arrangement(torn.placements)
    assert not is_valid(moved)


def test_dlx_export_of_a_cylinder_agrees_with_xcover() -> None:
    from xcover import covers  # the peer, in the test extra

    for p, expected in ((problem("triangle", "cylinder:4x4"), 1728),
                        (problem("triangle", "vcylinder:4x4"), 352)):
        primary, secondary, options = parse_xcc(dlx_text(p))
        n = sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=True))
        assert n == expected


def test_cnf_models_of_a_cylinder_are_its_arrangements() -> None:
    pytest.importorskip("pysat.solvers")
    from tests.arrange.test_cnf import models

    p = problem("triangle", "cylinder:8x2")
    index = {c: i for i, c in enumerate(p.region.ordered_cells)}
    expected = {tuple(sorted((index[c], q) for c, q in a.placements.items()))
                for a in solutions(p)}
    assert len(expected) == 256 and models(p) == expected


def test_the_command_line_counts_a_cylinder(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["arrange", "count", "compact", "--region", "cylinder:4x4", "--json"],
                       capsys)
    assert code == 0 and json.loads(out)["count"] == 10944
    code, _, err = run(["arrange", "count", "compact", "--set", "triangle", "--region",
                        "cylinder:3x4"], capsys)
    assert code == 2 and "even width" in err


@pytest.mark.slow
@pytest.mark.parametrize("region", ["cylinder:2x8", "cylinder:4x4", "cylinder:8x2",
                                    "cylinder:16x1", "vcylinder:1x16", "vcylinder:2x8",
                                    "vcylinder:4x4", "vcylinder:8x2"])
@pytest.mark.parametrize("border", ["blank", "free"])
@pytest.mark.parametrize("set_name", ["square", "triangle"])
def test_the_cylinder_table_agrees_with_the_kernel(set_name: str, region: str,
                                                   border: str) -> None:
    """Every cylinder row of docs/counting.md, counted by the kernel too (a few minutes)."""
    try:
        p = problem(set_name, region, border)
        EdgeLayout.build(p)
    except InvalidInputError:
        pytest.skip(f"{region} does not exist for the {set_name} set")
    n = count_arrangements(p)[0]
    if n > 12_000_000:  # the kernel enumerates ~0.5 M solutions/s here: out of its reach
        pytest.skip(f"{n:,} solutions: beyond the kernel's reach")
    assert n == KernelSearch(EdgeInstance.build(p)).count()


def test_a_cylinder_arrangement_round_trips(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """find writes the wrap periods into the document; verify reads them (and without them
    the seam's beams point out of the region)."""
    out = tmp_path / "ring.json"
    code, _, _ = run(["arrange", "find", "compact", "--set", "triangle", "--region",
                      "cylinder:4x4", "--json", "--out", str(out), "-q"], capsys)
    doc = json.loads(out.read_text())
    assert code == 0 and doc["wrap"] == [4, 0]
    code, text, _ = run(["arrange", "verify", str(out)], capsys)
    assert code == 0 and text.startswith("valid")
    doc.update(wrap=None, region="custom")
    out.write_text(json.dumps(doc))
    code, text, _ = run(["arrange", "verify", str(out)], capsys)
    assert code == 1 and "pointing out of the region" in text
