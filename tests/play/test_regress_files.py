"""The regression files of every game: their expected answers re-proven, then the runner.

Dominimum and Dominomega answers are re-checked with the networkx scorer of
``solver.dominimum.analysis`` (no code shared with the game's incremental scoring that made
them); Numbridge answers by replaying every legal move, draw and second move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzles.dominimum.state import DominimumState
from puzzles.numbridge.state import NumbridgeState
from solver.dominimum.analysis import mission_report, omega_report
from solver.dominimum.regress_cases import assignments
from solver.games import get_game
from solver.numbridge.regress_cases import certain_wins
from solver.play.regress import Case, parse_cases, run_file

DATA = Path(__file__).parents[1] / "data"
GAMES = ("dominions", "dominimum", "dominomega", "numbridge")


def cases(game: str) -> list[Case]:
    return parse_cases((DATA / f"regress-{game}.txt").read_text(), game)


def position(case: Case) -> Any:
    return get_game(case.game).state_from_record(case.record)


def networkx_winner(state: DominimumState, missions: list[tuple[int, int]]) -> int:
    """The winner of the finished layout of ``state`` under ``missions`` (networkx scorer;
    ties go to the seat that placed her final tile first)."""
    g = state.g
    if g.kind == "dominimum":
        scores = [mission_report(g.layout, m, g.rules.within_tile).score for m in missions]
        sign = 1
    else:
        rep = omega_report(g.layout, g.symbols, g.rules.within_tile).scores
        scores, sign = [rep[s] for s in g.symbols], -1
    last = g.last_turns()
    return min(range(g.players), key=lambda p: (sign * scores[p], last[p]))


@pytest.mark.parametrize("game", ["dominimum", "dominomega"])
def test_last_tile_answers_win_under_every_mission_the_mover_cannot_see(game: str) -> None:
    found = cases(game)
    assert len(found) >= 5
    for case in found:
        state = position(case)
        assert isinstance(state, DominimumState)
        g = state.g
        me = g.to_move
        assert len(g.history) == g.total_tiles - 1
        hand = g.hands[me]
        assert hand is not None
        always: set[str] = set()
        for k, missions in enumerate(assignments(g, me)):
            wins = set()
            for p in list(g.layout.legal_placements(hand)):
                g.play(p)
                if networkx_winner(state, missions) == me:
                    wins.add(str(p))
                g.undo()
            always = wins if k == 0 else always & wins
        assert always == set(case.expect), case.name


def test_numbridge_answers_are_the_certain_wins() -> None:
    found = cases("numbridge")
    assert len(found) >= 5
    for case in found:
        state = position(case)
        assert isinstance(state, NumbridgeState)
        moves, win = certain_wins(state)
        assert set(win) == set(case.expect) and len(win) < len(moves), case.name
        for text in win:  # an immediate win ends the game with the mover's win
            h = state.clone()
            me = h.to_move()
            h.apply(h.parse_move(text))
            assert not h.is_over() or h.returns()[me] == 1.0


@pytest.mark.parametrize("game", GAMES)
def test_regression_file_runs_as_marked(game: str) -> None:
    outcomes = run_file(DATA / f"regress-{game}.txt", get_game)
    assert len(outcomes) >= 5
    bad = [(o.case.name, o.answer) for o in outcomes if not o.as_expected]
    assert bad == []


def test_an_indented_line_continues_the_value_above() -> None:
    text = "game: numbridge\nrecord: [A \"1\"]\n  [B \"#2\"]\n  1. A pass\nexpect: pass\n"
    (case,) = parse_cases(text)
    assert case.record == '[A "1"]\n[B "#2"]\n1. A pass' and case.expect == ("pass",)


def test_dominimum_play_goes_through_the_one_runner(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from puzzles.dominimum.records import record_of
    from solver.play.match import play_one
    from tests.cli_helpers import run

    rec = tmp_path / "r.json"
    code, _, err = run(["dominimum", "play", "--players", "mcts,greedy,greedy", "--max-nodes",
                        "8", "--seed", "4", "--record", str(rec)], capsys)
    assert code == 0, err
    state, _ = play_one(get_game("dominimum"), ["mcts", "greedy", "greedy"], 4,
                        max_nodes=8)
    assert isinstance(state, DominimumState)
    assert json.loads(rec.read_text()) == record_of(state.g, ["mcts", "greedy", "greedy"])
