"""The rater: every step agrees with the solution, the technique order, the step report,
and agreement with HoDoKu (hodoku-py) and pencilmark on the rating set.

The full-set checks are slow: ``python3 -m pytest tests/numbridge/test_rating.py -m slow``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from puzzles.numbridge.field import Field
from solver.numbridge import difficulty
from solver.numbridge.difficulty import TECHNIQUE_ORDER, RatingError, level_of, rate
from solver.numbridge.generate import generate
from solver.numbridge.rating_set import agreement, load_rating_set, rate_all
from solver.numbridge.techniques.grid import Step
from tests.cli_helpers import run

ROWS = load_rating_set()
REGULAR = [r for r in ROWS if r.hodoku_level]
IRREGULAR = [r for r in ROWS if r.pencilmark is not None]


def sample(rows: list, per_level: int) -> list:
    out = []
    for level in difficulty.LEVELS:
        out += [r for r in rows if r.hodoku_level == level][:per_level]
    return out


def test_the_rating_set_spans_hodokus_five_levels() -> None:
    levels = [r.hodoku_level for r in REGULAR]
    assert len(REGULAR) >= 100 and len(IRREGULAR) >= 60
    assert all(levels.count(lv) >= 20 for lv in difficulty.LEVELS)


@pytest.mark.parametrize("kind", ["regular", "irregular"])
def test_every_step_agrees_with_the_solution(kind: str) -> None:
    """rate() checks each placement and elimination against the solution and raises
    RatingError on a wrong one; this rates generated fields of several given counts."""
    for seed in range(8):
        f = generate(22 + 3 * (seed % 5), kind, 300 + seed).field
        r = rate(f)
        assert "0" not in r.filled and r.steps


def test_a_wrong_step_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    f = REGULAR[0].field
    sol = rate(f).filled

    def wrong(g: object) -> Step:
        c = next(i for i in range(81) if f.givens[i] == "0")
        return Step("bogus", eliminations=[(c, int(sol[c]))])

    monkeypatch.setattr(difficulty, "TECHNIQUE_ORDER", [replace(TECHNIQUE_ORDER[0], find=wrong)])
    with pytest.raises(RatingError, match="the solution digit"):
        rate(f)


def test_scale_order_follows_sudoku_explainer() -> None:
    s = difficulty.SCALE
    assert s["full house"] < s["hidden single (block)"] < s["hidden single"] < s["naked single"]
    assert s["naked single"] < s["locked candidates"] < s["naked pair"] < s["X-wing"]
    assert s["XY-wing"] < s["X-chain"] < s["AIC"] < s["forcing chain"] < s["trial"]
    assert level_of("easy", 900) == "medium" and level_of("hard", 1700) == "unfair"
    assert level_of("medium", 100) == "medium" and level_of("unfair", 5000) == "extreme"


@pytest.fixture(scope="module")
def sampled() -> tuple[list, list]:
    rows = sample(REGULAR, 2)
    return rows, rate_all(rows)


def test_hard_fields_use_the_advanced_rungs(sampled: tuple[list, list]) -> None:
    used: set[str] = set()
    for row, r in zip(*sampled, strict=True):
        if row.hodoku_level in ("unfair", "extreme"):
            used |= set(r.used)
    assert used & {"AIC", "XY-chain", "X-chain", "ALS-XZ", "forcing chain"}


def test_irregular_blocks_need_the_same_techniques() -> None:
    hardest = {rate(r.field).hardest for r in IRREGULAR[-6:]}
    assert hardest - {"hidden single", "full house", "naked single"}


def test_agreement_on_a_sample(sampled: tuple[list, list]) -> None:
    a = agreement(*sampled)
    assert a.regular == 10
    assert a.effort_vs_hodoku >= 0.88
    assert a.score_vs_hodoku >= 0.8
    assert a.level_agreement >= 0.7


@pytest.mark.slow
def test_agreement_on_the_full_set() -> None:
    a = agreement(ROWS, rate_all(ROWS))
    assert a.regular >= 100 and a.irregular >= 60
    assert a.effort_vs_hodoku >= 0.92  # measured 0.971
    assert a.score_vs_hodoku >= 0.9  # measured 0.913
    assert a.level_agreement >= 0.8  # measured 0.864
    assert a.work_vs_hodoku >= 0.92  # measured 0.957
    assert a.work_vs_pencilmark >= 0.9  # measured 0.943 on 72 irregular fields
    assert a.effort_vs_pencilmark >= 0.85  # measured 0.898


@pytest.mark.slow
def test_stored_peer_figures_match_the_installed_hodoku() -> None:
    hodoku = pytest.importorskip("hodoku")
    solver = hodoku.Solver()
    for row in sample(REGULAR, 2):
        got = solver.rate(row.field.givens)
        assert (got.level.name.lower(), got.score) == (row.hodoku_level, row.hodoku_score)


def test_rate_steps_text_json_and_pictures(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    row = next(r for r in REGULAR if r.hodoku_level == "hard")
    givens = row.field.givens
    code, out, _ = run(["numbridge", "rate", givens, "--steps", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["level"] in difficulty.LEVELS and doc["effort"] > 0
    steps = doc["steps"]
    assert steps and all(s["placements"] or s["eliminations"] for s in steps)
    assert max(s["score"] for s in steps) == doc["score"]
    first = steps[0]
    assert first["cells"] and first["text"].startswith(first["technique"])
    code, out, _ = run(["numbridge", "rate", givens, "--steps", "--steps-svg",
                        str(tmp_path / "pics"), "-q"], capsys)
    assert code == 0 and f"{len(steps):3d}. [" in out
    pics = sorted((tmp_path / "pics").glob("step-*.svg"))
    assert len(pics) == len(steps)
    hard = next(i for i, s in enumerate(steps) if s["eliminations"])
    svg = pics[hard].read_text()
    assert "#d62728" in svg and "#fff3c4" in svg  # eliminated candidates, pattern cells


def test_work_divides_a_single_by_the_singles_available() -> None:
    from solver.numbridge.difficulty import singles_available
    from solver.numbridge.techniques.grid import Grid

    row = IRREGULAR[0]
    r = rate(row.field)
    first = r.steps[0]
    g = Grid(row.field)
    n = singles_available(g.units, first.digits, first.candidates)
    assert first.digits == row.field.givens and n >= 1
    assert first.technique.level == "easy"
    # every single the finders see is counted: full houses, hidden and naked singles
    placements = set()
    for finder in (difficulty.singles.full_house, difficulty.singles.naked_single,
                   difficulty.singles.hidden_single):
        step = finder(g)
        if step is not None:
            placements |= set(step.placements)
    assert 1 <= len(placements) <= n
    assert 0 < r.work <= r.effort + 14 * 81
    assert r.to_json()["work"] == r.work
    # a solved grid with two cells emptied offers two singles; with one, one
    sol = r.filled
    for empty, expect in (((0, 80), 2), ((40,), 1)):
        h = Grid(Field.make("".join("0" if i in empty else sol[i] for i in range(81)),
                            row.field.blocks))
        digits = "".join(str(v) for v in h.value)
        assert singles_available(h.units, digits, tuple(h.cand)) == expect


def test_rate_refuses_fields_without_one_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["numbridge", "rate", "0" * 81], capsys)
    assert code == 2 and "more than one solution" in err
    code, _, err = run(["numbridge", "rate", "11" + "0" * 79], capsys)
    assert code == 2 and "repeats" in err
    code, _, err = run(["numbridge", "rate", "12345678" + "0" * 9 + "9" + "0" * 63], capsys)
    assert code == 1 and "no solution" in err
    assert Field.make("0" * 81).empty_count == 81


def test_chains_alternate_and_start_and_end_with_strong_links(sampled: tuple[list, list]) -> None:
    seen = 0
    for r in sampled[1]:
        for s in r.steps:
            if s.step.chain:
                seen += 1
                assert len(s.step.chain) % 2 == 0 and len(s.step.chain) >= 4
                assert " = " in s.step.text(r.blocks) and s.step.chain[0] != s.step.chain[1]
    assert seen


def test_law_of_leftovers_on_irregular_blocks_only() -> None:
    from solver.numbridge.techniques.grid import Grid
    from solver.numbridge.techniques.leftovers import law_of_leftovers

    assert law_of_leftovers(Grid(REGULAR[0].field)) is None
    used = [rate(r.field).used.get("law of leftovers", 0) for r in IRREGULAR[-12:]]
    assert sum(used) >= 1
