"""The contempt of the MCTS player: a draw is worth less to the searching seat."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from puzzles.game import GameState
from solver.play.base import PlayerOptions
from solver.play.mcts import Knowledge, MCTSPlayer


class DrawOrFight(GameState[str]):
    """Seat 0 ends the game in a draw (``draw``) or fights (``fight``): seat 1 answers
    (``on``) and the game ends with returns 0.42 and 0.58 (a lost fight on average); the
    knowledge below values the position after ``fight`` the same. Not registered."""

    game = "draw-or-fight"

    def __init__(self) -> None:
        self.moves: list[str] = []

    @property
    def num_seats(self) -> int:
        return 2

    def to_move(self) -> int:
        return -1 if self.is_over() else len(self.moves) % 2

    def legal_moves(self) -> Iterator[str]:
        yield from ([] if self.is_over() else ["draw", "fight"] if not self.moves else ["on"])

    def apply(self, move: str) -> None:
        self.moves.append(move)

    def undo(self) -> str:
        return self.moves.pop()

    def clone(self) -> DrawOrFight:
        other = DrawOrFight()
        other.moves = list(self.moves)
        return other

    def is_over(self) -> bool:
        return self.moves[:1] == ["draw"] or len(self.moves) >= 2

    def returns(self) -> list[float]:
        return [0.5, 0.5] if self.moves[:1] == ["draw"] else [0.42, 0.58]

    def result_text(self) -> str:
        return "" if not self.is_over() else "draw" if self.moves[0] == "draw" else "fight"

    def move_text(self, move: str) -> str:
        return move

    def parse_move(self, text: str) -> str:
        return text

    def history(self) -> list[str]:
        return list(self.moves)

    def record_text(self) -> str:
        return ";".join(self.moves)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"moves": list(self.moves)}

    def determinize(self, seat: int, rng: random.Random) -> DrawOrFight:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "moves": list(self.moves)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> DrawOrFight:
        state = cls()
        state.moves = list(doc["moves"])
        return state


class FightKnowledge(Knowledge):
    perfect_information = True
    rollout_depth = 0

    def __init__(self, contempt: float) -> None:
        self.contempt = contempt

    def order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        return state.legal_move_list()

    def evaluate(self, state: GameState[Any]) -> list[float]:
        return [0.42, 0.58]


def choice(contempt: float) -> tuple[str, list[tuple[str, int, float]]]:
    player = MCTSPlayer(PlayerOptions(seed=1, max_nodes=200), FightKnowledge(contempt))
    move = player.choose(DrawOrFight(), random.Random(1))
    assert player.last is not None
    return move, player.last.children


def test_without_contempt_the_draw_is_taken() -> None:
    move, children = choice(0.0)
    assert move == "draw"
    assert {m: round(v, 6) for m, _, v in children} == {"draw": 0.5, "fight": 0.42}


def test_with_contempt_the_fight_is_chosen_and_the_draw_counts_less() -> None:
    move, children = choice(0.15)
    assert move == "fight"
    values = {m: round(v, 6) for m, _, v in children}
    assert values == {"fight": 0.42, "draw": 0.35}


def test_a_search_for_analysis_keeps_the_returns() -> None:
    player = MCTSPlayer(PlayerOptions(seed=1, max_nodes=200), FightKnowledge(0.15))
    stats, move = player.search(DrawOrFight(), random.Random(1))  # as solver review does
    assert move == "draw"
    assert {m: round(v, 6) for m, _, v in stats.children} == {"draw": 0.5, "fight": 0.42}
