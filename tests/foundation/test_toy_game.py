"""A fifth game made entirely here: one-heap Nim with a GameDef, a registry line and a server
room of its own. The generic machinery (match runner, ladder, review, regression runner,
``solver ladder`` / ``solver review``, the server) must run it without any other file
knowing it exists."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run  # type: ignore[import-not-found]

from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError, ParseError
from puzzles.game import GameDef, GameState, PlayerFactory, Setting
from solver import games
from solver.play.base import BasePlayer
from solver.play.ladder import run_ladder
from solver.play.match import run_match
from solver.play.regress import parse_cases, run_case
from solver.play.review import review_text
from solver.play.standard import standard_players


class NimState(GameState[int]):
    """A heap of stones; a move takes 1-3; whoever takes the last stone wins."""

    game = "nim"

    def __init__(self, heap: int) -> None:
        self.start = heap
        self.taken: list[int] = []

    @property
    def heap(self) -> int:
        return self.start - sum(self.taken)

    @property
    def num_seats(self) -> int:
        return 2

    def to_move(self) -> int:
        return -1 if self.is_over() else len(self.taken) % 2

    def legal_moves(self) -> Iterator[int]:
        return iter(range(1, min(3, self.heap) + 1))

    def apply(self, move: int) -> None:
        if not 1 <= move <= min(3, self.heap):
            raise IllegalMoveError(f"cannot take {move} of {self.heap}", rule="take")
        self.taken.append(move)

    def undo(self) -> int:
        if not self.taken:
            raise InvalidInputError("nothing to undo")
        return self.taken.pop()

    def clone(self) -> NimState:
        other = NimState(self.start)
        other.taken = list(self.taken)
        return other

    def is_over(self) -> bool:
        return self.heap == 0

    def returns(self) -> list[float]:
        last = (len(self.taken) - 1) % 2
        return [1.0 if seat == last else 0.0 for seat in range(2)]

    def result_text(self) -> str:
        return f"seat {(len(self.taken) - 1) % 2} took the last stone" if self.is_over() else ""

    def move_text(self, move: int) -> str:
        return str(move)

    def parse_move(self, text: str) -> int:
        if not text.strip().isdigit():
            raise InvalidMoveError(f"{text!r} is not a number of stones")
        return int(text)

    def history(self) -> list[int]:
        return list(self.taken)

    def record_text(self) -> str:
        return f"nim {self.start}: " + " ".join(map(str, self.taken))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"heap": self.heap, "taken": list(self.taken)}

    def determinize(self, seat: int, rng: random.Random) -> NimState:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"game": "nim", "start": self.start, "taken": list(self.taken)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> NimState:
        state = cls(int(doc["start"]))
        for move in doc["taken"]:
            state.apply(int(move))
        return state


class Perfect(BasePlayer):
    """Leaves a multiple of four stones whenever it can."""

    name = "perfect"

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, NimState)
        return state.heap % 4 or 1


class Nim(GameDef):
    name = "nim"
    title = "Nim"
    schema = (Setting("heap", "Stones in the heap", "int", 11, min=3, max=40),)
    state_class = NimState

    def deal(self, settings: dict[str, Any], seed: int, seats: int) -> GameState[Any]:
        return NimState(settings["heap"])

    def sniff(self, text: str) -> int:
        return 2 if text.startswith("nim ") else 0

    def read_record(self, text: str) -> tuple[GameState[Any], list[Any]]:
        m = re.fullmatch(r"nim (\d+):([\d ]*)", text.strip())
        if not m:
            raise ParseError("record: not 'nim HEAP: MOVES'")
        return NimState(int(m.group(1))), [int(x) for x in m.group(2).split()]

    def players(self) -> Mapping[str, PlayerFactory]:
        return {**standard_players(self), "perfect": Perfect}

    def picture(self, state: GameState[Any], title: str = "", moves: tuple[str, ...] = ()
                ) -> str:
        assert isinstance(state, NimState)
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{state.heap}</text></svg>'


NIM = Nim()


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The registry line of the toy game, for the tests of this module only."""
    games.register_game(NIM)
    yield
    games.unregister_game("nim")


def test_the_registry_finds_the_toy_game_by_name_and_by_record() -> None:
    assert "nim" in games.game_names() and games.get_game("nim") is NIM
    assert games.record_game("nim 11: 3 3") is NIM
    state = NIM.state_from_record("nim 11: 3 3")
    assert state.to_move() == 0 and state.view(None)["heap"] == 5
    with pytest.raises(IllegalMoveError, match="cannot take 4"):
        NIM.state_from_record("nim 11: 3 4")


def test_a_match_and_a_ladder_of_the_toy_game() -> None:
    match = run_match(NIM, ["perfect", "random"], games=4, seed=3, settings={"heap": 12})
    assert [g.lineup for g in match.games][:2] == [["perfect", "random"], ["random", "perfect"]]
    assert match.tally()["perfect"]["wins"] >= 2  # 12 stones: the second mover wins
    assert match.to_json()["game"] == "nim"
    assert all(g.record.startswith("nim 12: ") for g in match.games)
    ladder = run_ladder(NIM, ["perfect", "mcts", "random"], games=2, seed=1, max_nodes=50)
    assert len(ladder.games) == 6
    assert ladder.ratings()[0].name == "perfect"
    with pytest.raises(InvalidInputError, match="setting heap"):
        run_match(NIM, ["random", "random"], 1, settings={"heap": 99})


def test_a_review_finds_the_toy_game_s_mistake() -> None:
    # 9 stones: taking 1 leaves 8 (a win); taking 2 leaves 7, which loses to 3
    review = review_text(NIM, "nim 9: 2 3 3 1", max_nodes=300, seed=1)
    assert [m.move for m in review.moves] == ["2", "3", "3", "1"]
    first = review.moves[0]
    assert first.best == "1" and first.loss > 0.3
    assert review.mistakes()[0].number == 1


def test_the_regression_runner_and_the_commands_take_the_toy_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (case,) = parse_cases("game: nim\nrecord: nim 10: 1\nplayer: perfect\nexpect: 1\n")
    assert run_case(case, NIM).passed
    code, out, err = run(["ladder", "nim", "--players", "perfect,random", "--games", "2",
                          "--json", "-q"], capsys)
    assert code == 0, err
    assert json.loads(out)["ratings"][0]["player"] == "perfect"
    record = tmp_path / "nim.txt"
    record.write_text("nim 9: 2 3 3 1\n")
    code, out, err = run(["review", str(record), "--max-nodes", "100", "--json", "-q",
                          "--html", str(tmp_path / "r.html")], capsys)
    assert code == 0, err
    assert json.loads(out)["game"] == "nim" and "nim review" in (tmp_path / "r.html").read_text()


@pytest.mark.filterwarnings("ignore:.*httpx2")
def test_the_server_offers_the_toy_game_with_one_room(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from solver.server import catalog
    from solver.server.app import create_app
    from solver.server.computers import ComputerPool
    from solver.server.rooms import Room

    class NimRoom(Room):
        game_name = "nim"

        def render(self, state: GameState[Any], seat: int | None,
                   shared: dict[str, Any]) -> dict[str, Any]:
            return {"board": NIM.picture(state), "view": state.view(seat)}

        def layered_view(self, state: GameState[Any], ply: int, layers: set[str]) -> dict[str, Any]:
            return {"ply": ply, "moves": len(state.history()), "board": "", "info": {}}

    catalog.add_room(NimRoom(NIM))
    try:
        app = create_app(tmp_path / "games.sqlite3", computers=ComputerPool(kind="thread"))
        with TestClient(app) as client:
            rooms = {r["game"]: r for r in client.get("/api/rooms").json()}
            assert rooms["nim"]["settings"][0]["name"] == "heap"
            made = client.post("/api/games", json={
                "game": "nim", "settings": {"heap": 5}, "seed": 1,
                "seats": [{"name": "Ann"}, {"kind": "computer", "player": "perfect",
                                            "move_time": 0.05}]}).json()
            token = made["seats"][0]["link"].split("token=")[1]
            with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
                first = ws.receive_json()
                assert first["type"] == "state" and first["view"]["heap"] == 5
                ws.send_json({"type": "move", "move": "2", "ply": 0})
                seen = [ws.receive_json() for _ in range(4)]
            assert any(m.get("view", {}).get("heap") == 0 for m in seen), seen
    finally:
        catalog.ROOMS.pop("nim", None)
