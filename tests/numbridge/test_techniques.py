"""Every rung of the rating's technique order on a field where it is the needed step.

``tests/data/numbridge-techniques.txt`` (built by ``benchmarks/make_numbridge_technique_file.py``)
holds, per technique, a field whose rating uses it and the pencil marks just before that step.
From those marks every easier rung finds nothing, the technique finds a step, and each of its
placements and eliminations agrees with the field's solution (found by the compiled search,
which shares no code with the techniques). The full ratings of those fields are a slow test:
``python3 -m pytest tests/numbridge/test_techniques.py -m slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.numbridge.field import Field, verify_solution
from solver.numbridge.difficulty import TECHNIQUE_ORDER, rate
from solver.numbridge.engine import search
from solver.numbridge.techniques import finned_fish, grouped
from solver.numbridge.techniques.grid import Grid

DATA = Path(__file__).resolve().parents[1] / "data" / "numbridge-techniques.txt"
LINES: list[list[str]] = [ln.split("|") for ln in DATA.read_text(encoding="utf-8").splitlines()
         if ln and not ln.startswith("#")]
BY_NAME: dict[str, list[str]] = {parts[0]: parts for parts in LINES}
RUNG: dict[str, int] = {t.name: i for i, t in enumerate(TECHNIQUE_ORDER)}
IN_ORDER = [t.name for t in TECHNIQUE_ORDER if t.name in BY_NAME]
#: Rungs whose stored state comes from a field rated by an earlier order (finned Franken fish
#: with up to three fins): the state is real and the rung is the needed step there, but the
#: field's whole rating now takes another path (a rebuild within 240 s found no new field).
PATH_CHANGED = {"Franken swordfish"}
#: The rungs this session added; each must have its field in the file.
NEW_RUNGS = ["finned X-wing", "finned swordfish", "finned jellyfish", "grouped AIC",
             "forcing net"]


def grid_before(parts: list[str]) -> tuple[Grid, str, Field]:
    _name, givens, blocks, digits, masks, _source = parts
    f = Field.make(givens, blocks)
    res = search(f, cap=2)
    assert res.count == 1
    assert not verify_solution(f, res.solution)  # a list of faults
    g = Grid(f)
    g.value = [int(ch) for ch in digits]
    g.cand = [int(masks[3 * i:3 * i + 3], 16) for i in range(81)]
    return g, res.solution, f


def test_the_file_covers_the_technique_order() -> None:
    assert set(NEW_RUNGS) <= set(BY_NAME)
    assert len(BY_NAME) >= len(TECHNIQUE_ORDER) - 8  # the rest are listed as not found in the file
    assert set(BY_NAME) <= set(RUNG)


@pytest.mark.parametrize("name", IN_ORDER)
def test_the_technique_is_the_needed_step(name: str) -> None:
    g, solution, _ = grid_before(BY_NAME[name])
    for easier in TECHNIQUE_ORDER[:RUNG[name]]:
        assert easier.find(g.copy()) is None, f"{easier.name} applies before {name}"
    step = TECHNIQUE_ORDER[RUNG[name]].find(g.copy())
    assert step is not None and (step.placements or step.eliminations)
    for c, d in step.placements:
        assert solution[c] == str(d), f"{name} placed {d} on cell {c}"
    for c, d in step.eliminations:
        assert solution[c] != str(d), f"{name} removed the solution digit from cell {c}"
        assert g.has(c, d - 1)


def test_a_finned_fish_has_its_fins_seen_by_every_elimination() -> None:
    g, _, _ = grid_before(BY_NAME["finned X-wing"])
    step = finned_fish.find_fish(g, 2)
    assert step is not None and step.technique.endswith("X-wing")
    digit = step.candidates[0][1] - 1
    covers = step.units[2:]
    covered = {c for u in covers for c in g.units[u]}
    fins = [c for c in step.cells if c not in covered]
    assert fins
    for c, d in step.eliminations:
        assert d - 1 == digit and c in covered and c not in step.cells
        assert all(g.sees(c, f) for f in fins)


def test_a_grouped_chain_has_a_group_and_alternates() -> None:
    g, _, f = grid_before(BY_NAME["grouped AIC"])
    step = grouped.grouped_aic(g)
    assert step is not None and len(step.groups) == len(step.chain) >= 4
    assert any(len(cells) > 1 for cells in step.groups)
    text = step.text(f.blocks)
    assert text.startswith("grouped AIC:") and "{" in text and " = " in text
    assert "groups" in step.to_json()


def test_fish_families_are_told_apart() -> None:
    rows, cols, blocks = (0, 1), (9, 10), (18, 19)
    assert finned_fish.family_of(rows, cols) == "basic"
    assert finned_fish.family_of((0, 18), (9, 10)) == "franken"
    assert finned_fish.family_of(blocks, rows) == "franken"
    assert finned_fish.family_of((0, 9), (1, 10)) == "mutant"
    assert finned_fish.fish_name(3, "franken", 1, False) == "finned Franken swordfish"
    assert finned_fish.fish_name(2, "basic", 2, True) == "sashimi X-wing"


@pytest.mark.slow
@pytest.mark.parametrize("name", IN_ORDER)
def test_the_whole_rating_uses_the_technique(name: str) -> None:
    _, _, f = grid_before(BY_NAME[name])
    r = rate(f)  # checks every step against the solution
    if name in PATH_CHANGED:
        assert r.solved or r.used.get("trial")
        return
    assert name in r.used or (name.startswith("hidden single") and "hidden single" in r.used)


def test_a_mutant_fish_on_hand_made_pencil_marks() -> None:
    """Digit 1 only at e1/f1 in row 1 and at a5/a6 in column a: row 1 and column a (bases)
    lie in blocks 2 and 4 (covers), so 1 goes from the rest of those blocks."""
    g = Grid(Field.make("0" * 81))
    one = 1
    for c in range(81):
        r, k = divmod(c, 9)
        if (r == 0 and k not in (4, 5)) or (k == 0 and r not in (4, 5)):
            g.cand[c] &= ~one
    step = finned_fish.find_fish(g, 2, family="mutant", finned=False)
    assert step is not None and step.technique == "mutant X-wing"
    assert sorted(step.units) == [0, 9, 19, 21]
    gone = {c for c, d in step.eliminations}
    assert all(d == 1 for _, d in step.eliminations)
    assert gone == {c for c in g.units[19] + g.units[21] if c // 9 != 0 and c % 9 != 0}
