"""Long ladders: games kept in a checkpoint (a rerun plays only the missing ones) and played on
Dask. The Dask test starts a local cluster (10-30 s here): ``pytest -m slow
tests/play/test_pool.py``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from cli_helpers import run  # type: ignore[import-not-found]

from puzzles.errors import InvalidInputError
from solver.games import get_game
from solver.play import pool
from solver.play.ladder import run_ladder
from solver.play.pool import GamePool

GAME = get_game("dominions")


def _docs(result: object) -> list[dict[str, object]]:
    return [g.to_json() for g in result.games]  # type: ignore[attr-defined]


def test_a_checkpoint_keeps_every_game_and_a_rerun_plays_only_the_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = run_ladder(GAME, ["greedy", "random"], 4, seed=3)
    played: list[int] = []
    real = pool.play_spec

    def counting(game: object, spec: pool.GameSpec) -> object:
        played.append(spec.number)
        return real(game, spec)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "play_spec", counting)
    db = tmp_path / "ladder.sqlite"
    first = run_ladder(GAME, ["greedy", "random"], 4, seed=3, runner=GamePool(checkpoint=db))
    assert _docs(first) == _docs(plain) and played == [1, 2, 3, 4]
    with sqlite3.connect(db) as con:
        con.execute("DELETE FROM games WHERE number = 3")
    played.clear()
    again = run_ladder(GAME, ["greedy", "random"], 4, seed=3, runner=GamePool(checkpoint=db))
    assert played == [3] and _docs(again) == _docs(plain)
    with pytest.raises(InvalidInputError, match="belongs to another run"):
        run_ladder(GAME, ["greedy", "random"], 4, seed=4, runner=GamePool(checkpoint=db))


def test_the_ladder_command_plays_one_lineup_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.sqlite"
    args = ["ladder", "dominimum", "--lineup", "greedy,random,random", "--games", "3",
            "--json", "-q", "--checkpoint", str(db)]
    code, out, err = run(args, capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert [g["lineup"] for g in doc["games"]] == [["greedy", "random", "random"],
                                                  ["random", "greedy", "random"],
                                                  ["random", "random", "greedy"]]
    code, again, _ = run(args, capsys)
    assert code == 0 and json.loads(again) == doc
    code, _, err = run(["ladder", "dominimum", "--lineup", "greedy,greedy"], capsys)
    assert code == 2 and "different names" in err


@pytest.mark.slow
def test_games_played_on_a_local_dask_cluster_are_the_same_games(tmp_path: Path) -> None:
    plain = run_ladder(GAME, ["greedy", "random"], 4, seed=5)
    on_dask = run_ladder(GAME, ["greedy", "random"], 4, seed=5,
                         runner=GamePool(jobs=2, checkpoint=tmp_path / "d.sqlite"))
    assert _docs(on_dask) == _docs(plain)
