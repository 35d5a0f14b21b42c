"""Fields by difficulty: ``generate --difficulty LEVEL`` (and the room setting)."""

from __future__ import annotations

import json

import pytest

from puzzles.errors import BudgetExhaustedError, InvalidInputError
from puzzles.numbridge.field import Field
from puzzles.numbridge.game import RoomSettings
from solver.numbridge.by_difficulty import generate_level, level_within
from solver.numbridge.difficulty import LEVELS, Rating, rate
from solver.numbridge.engine import search
from solver.numbridge.generate import generate
from tests.cli_helpers import run


@pytest.mark.parametrize(("level", "blocks"), [("easy", "irregular"), ("medium", "regular"),
                                               ("hard", "regular")])
def test_a_unique_field_of_the_asked_level(level: str, blocks: str) -> None:
    d = generate_level(level, givens=30, blocks=blocks, seed=2)
    f = d.generated.field
    assert f.given_count == 30 and (f.regular == (blocks == "regular"))
    assert search(f, cap=2).count == 1
    assert d.rating.level == level == rate(f).level
    again = generate_level(level, givens=30, blocks=blocks, seed=2)
    assert again.generated.field == f  # same seed, same field


def test_the_capped_rating_follows_the_full_one() -> None:
    for seed in range(6):
        g = generate(25, "regular", seed)
        full = rate(g.field)
        for asked in ("medium", "hard", "unfair"):
            quick = level_within(g, asked)
            assert quick.solved == (LEVELS.index(full.hardest_level) <= LEVELS.index(asked))
            if quick.solved:
                assert (quick.level, quick.effort) == (full.level, full.effort)


def never(*args: object) -> None:
    """An attempt that never fits (so that only the time limit ends the search)."""
    return None


def test_time_limit_and_bad_level(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.numbridge import by_difficulty

    monkeypatch.setattr(by_difficulty, "topped_up", never)
    with pytest.raises(BudgetExhaustedError, match="no extreme field"):
        generate_level("extreme", givens=34, time_limit=0.2)
    with pytest.raises(InvalidInputError, match="--givens 35"):
        generate_level("hard", givens=35)
    with pytest.raises(InvalidInputError, match="one of easy"):
        generate_level("fiendish")
    with pytest.raises(InvalidInputError, match="difficulty"):
        RoomSettings(difficulty="fiendish").check()


def test_cli_generate_difficulty(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.numbridge import by_difficulty

    code, out, _ = run(["numbridge", "generate", "--difficulty", "medium", "--seed", "3",
                        "--json", "-q"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["difficulty"]["level"] == "medium" and doc["attempts"] >= 1
    assert rate(Field.make(doc["givens"], doc["blocks"])).level == "medium"
    monkeypatch.setattr(by_difficulty, "topped_up", never)
    code, _, err = run(["numbridge", "generate", "--difficulty", "extreme", "--givens", "34",
                        "--time-limit", "0.2", "-q"], capsys)
    assert code == 3 and "no extreme field" in err
    code, _, err = run(["numbridge", "generate", "--time-limit", "5"], capsys)
    assert code == 2 and "--time-limit needs --difficulty" in err


def test_singles_only_means_easy() -> None:
    from solver.numbridge.by_difficulty import singles_only

    seen = 0
    for seed in range(15):
        g = generate(30, "regular", seed)
        if singles_only(g):
            seen += 1
            r = rate(g.field)
            assert r.level == "easy" and r.hardest_level == "easy"
    assert seen >= 5


def past_singles(r: Rating) -> list[str]:
    """The steps after the first run of singles, as text."""
    k = next(i for i, s in enumerate(r.steps) if s.technique.level != "easy")
    return [s.step.text(r.blocks) for s in r.steps[k:]]


def test_topping_up_keeps_the_solving_path_past_the_first_singles() -> None:
    """Givens added from the cells the first singles fill leave the rest of the path as it
    was: the same hardest technique, the same steps after the singles (effort can only drop)."""
    from solver.numbridge.by_difficulty import base_field, topped_up

    checked = 0
    for seed in range(40):
        g = topped_up("medium", 30, "irregular", seed)
        if g is None:
            continue
        base = base_field("medium", 30, "irregular", seed)
        assert g.field.given_count == 30 and g.solution == base.solution
        assert all(b in ("0", t) for b, t in zip(base.field.givens, g.field.givens, strict=True))
        assert search(g.field, cap=2).count == 1
        before, after = rate(base.field), rate(g.field)
        assert after.hardest == before.hardest and after.effort <= before.effort

        assert past_singles(after) == past_singles(before)
        checked += 1
        if checked == 2:
            break
    assert checked == 2
