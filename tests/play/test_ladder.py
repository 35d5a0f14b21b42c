"""Match runner, Elo fit, ladder and review on small runs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from cli_helpers import run  # type: ignore[import-not-found]

from solver.games import get_game
from solver.play.elo import fit, pairwise
from solver.play.ladder import pairings, run_ladder
from solver.play.match import GameResult, lineup_of, run_match


def test_elo_recovers_a_known_ratio() -> None:
    # 300 wins against 100: the Bradley-Terry difference is 400 log10(3) = 190.8 Elo
    t = fit({("a", "b"): 300.0, ("b", "a"): 100.0}, prior=0.0)
    assert t["a"].elo - t["b"].elo == pytest.approx(400 * math.log10(3), abs=0.5)
    assert t["a"].elo == pytest.approx(-t["b"].elo)
    # standard error of the difference: 1/sqrt(n p (1-p)) in natural units
    se = 1 / math.sqrt(400 * 0.75 * 0.25) * 400 / math.log(10)
    assert 2 * t["a"].interval == pytest.approx(1.96 * se, rel=0.02)


def test_the_prior_is_one_virtual_draw_per_pair() -> None:
    """prior=1 adds half a win each way (BayesElo's virtual draw): 30-10 fits as 30.5-10.5,
    and a clean sweep 10-0 stays finite at 10.5-0.5 (issue 25: a doubled prior passed)."""
    for won, lost in ((30.0, 10.0), (10.0, 0.0)):
        t = fit({("a", "b"): won, ("b", "a"): lost})
        expected = 400 * math.log10((won + 0.5) / (lost + 0.5))
        assert t["a"].elo - t["b"].elo == pytest.approx(expected, abs=0.05)
        n, p = won + lost + 1.0, (won + 0.5) / (won + lost + 1.0)
        se = 1 / math.sqrt(n * p * (1 - p)) * 400 / math.log(10)
        assert 2 * t["a"].interval == pytest.approx(1.96 * se, rel=0.01)


def test_a_fit_that_did_not_converge_is_an_engine_fault(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    import numpy as np
    from scipy.optimize import OptimizeResult

    import solver.play.elo as elo
    from puzzles.errors import EngineFaultError

    def stuck(fun: object, x0: np.ndarray, **kwargs: object) -> OptimizeResult:
        return OptimizeResult(x=x0, success=False, message="Maximum number of iterations")

    monkeypatch.setattr(elo, "minimize", stuck)
    with pytest.raises(EngineFaultError, match="did not converge"):
        fit({("a", "b"): 30.0, ("b", "a"): 10.0})


def test_pairwise_results_of_a_three_seat_game() -> None:
    g = GameResult(1, ["mcts", "greedy", "greedy"], [0.0, 1.0, 0.0], "", "", 10, 0.0, 1)
    assert pairwise([g]) == {("mcts", "greedy"): 0.5, ("greedy", "mcts"): 1.5}


def test_seats_rotate_and_deals_repeat() -> None:
    assert [lineup_of(["a", "b"], k, 2, True) for k in range(3)] == [
        ["a", "b"], ["b", "a"], ["a", "b"]]
    assert lineup_of(["m", "g", "g"], 1, 3, True) == ["g", "m", "g"]
    assert lineup_of(["m", "g"], 0, 3, False) == ["m", "g", "m"]  # repeated when shorter
    assert pairings(["a", "b"], 5, 3) == [(["a", "b", "b"], 3), (["b", "a", "a"], 2)]
    r = run_match(get_game("numbridge"), ["greedy", "random"], 2, seed=4)
    assert [g.lineup for g in r.games] == [["greedy", "random"], ["random", "greedy"]]
    assert r.games[0].deal_seed == r.games[1].deal_seed
    assert r.tally()["greedy"]["points"] == 2.0


def test_ladder_cli_writes_records_plot_and_ratings(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    recs, plot = tmp_path / "recs", tmp_path / "elo.svg"
    code, out, _ = run(["ladder", "dominions", "--players", "greedy,random", "--games", "2",
                        "--records", str(recs), "--plot", str(plot), "--json", "-q"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert [r["player"] for r in doc["ratings"]] == ["greedy", "random"]
    assert doc["crosstable"]["greedy"]["random"] == {"games": 2, "points": 2.0, "rate": 1.0}
    assert sorted(p.name for p in recs.iterdir()) == ["game-0001.txt", "game-0002.txt"]
    assert "<svg" in plot.read_text()
    from puzzles.dominions import replay

    assert replay((recs / "game-0002.txt").read_text()).is_over()


def test_ladder_cli_rejects_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["ladder", "dominions", "--players", "mcts,nobody"], capsys)
    assert code == 2 and "unknown player 'nobody'" in err and "Traceback" not in err


def test_ladder_same_seed_same_games() -> None:
    game = get_game("dominimum")
    a = run_ladder(game, ["greedy", "random"], 2, seed=3, seats=3)
    b = run_ladder(game, ["greedy", "random"], 2, seed=3, seats=3)
    assert [g.record for g in a.games] == [g.record for g in b.games]
    assert [g.lineup for g in a.games] == [["greedy", "random", "random"],
                                           ["random", "greedy", "greedy"]]


def test_review_cli_dominions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "g.txt"
    rec.write_text("W[P63i9];B[P55h8];W[P48i8];B[P8j10]\n")
    html, plot = tmp_path / "r.html", tmp_path / "r.svg"
    code, out, _ = run(["review", str(rec), "--max-nodes", "20", "--json", "-q",
                        "--html", str(html), "--plot", str(plot)], capsys)
    assert code == 0
    doc = json.loads(out)
    assert [m["move"] for m in doc["moves"]] == ["P63i9", "P55h8", "P48i8", "P8j10"]
    assert all(0.0 <= m["before"] <= 1.0 and m["loss"] >= 0.0 for m in doc["moves"])
    assert all(m["loss"] >= 0.05 for m in doc["mistakes"])
    assert doc["reviewed"] == doc["total"] == 4
    assert "<svg" in plot.read_text() and "review" in html.read_text()


def test_review_detects_numbridge_and_dominimum_records(tmp_path: Path) -> None:
    from solver.games import record_game

    for name in ("numbridge", "dominimum"):
        r = run_match(get_game(name), ["greedy", "random"], 1, seed=2)
        game = record_game(r.games[0].record)
        start, moves = game.read_record(r.games[0].record)
        assert game.name == start.game == name and len(moves) == r.games[0].moves
        state = start.clone()
        for m in moves:
            state.apply(m)
        assert state.is_over() and state.returns() == r.games[0].returns


def test_review_reports_a_bad_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "bad.txt"
    rec.write_text("W[P63i9];B[P54h8]\n")
    code, _, err = run(["review", str(rec)], capsys)
    assert code == 2 and "move 2" in err and "Traceback" not in err
