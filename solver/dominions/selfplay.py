"""Self-play: games between players, their records and a results table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzles.dominions import Position, write_record
from solver.dominions.players import Player, make_player
from solver.dominions.tracker import Tracker


@dataclass(frozen=True)
class GameResult:
    """One finished game: who played which colour, the record and the score."""

    number: int
    white: str
    black: str
    record: str
    score: tuple[int, int]
    moves: int

    @property
    def winner(self) -> str | None:
        """``W``, ``B`` or None for a draw."""
        w, b = self.score
        return None if w == b else ("W" if w > b else "B")

    @property
    def winner_name(self) -> str | None:
        """The name of the winning player, or None for a draw."""
        win = self.winner
        return None if win is None else (self.white if win == "W" else self.black)


def play_game(white: Player, black: Player, base: int = 9, max_moves: int = 600) -> Position:
    """Play one game to its end (two passes in a row) and return the final position."""
    pos = Position(base)
    t = Tracker(pos)
    players = (white, black)
    while not pos.is_over() and len(pos.moves) < max_moves:
        t.push(players[pos.to_move].choose(t))
    return pos


def player_seed(seed: int, game: int, colour: int) -> int:
    """A reproducible seed for one player in one game."""
    return seed * 1_000_003 + game * 2 + colour


def run_match(white: str, black: str, games: int, seed: int, alternate: bool = False,
              budget: int | None = None, base: int = 9,
              on_game: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play ``games`` games; with ``alternate`` the players swap colours every other game."""
    results = []
    for k in range(games):
        w, b = (black, white) if alternate and k % 2 else (white, black)
        pos = play_game(make_player(w, player_seed(seed, k, 0), budget),
                        make_player(b, player_seed(seed, k, 1), budget), base)
        res = GameResult(k + 1, w, b, write_record(pos), pos.score(), len(pos.moves))
        results.append(res)
        if on_game is not None:
            on_game(res)
    return results


def tally(results: list[GameResult]) -> dict[str, dict[str, int]]:
    """Wins, losses and draws per player name (a mirror match counts once per colour)."""
    out: dict[str, dict[str, int]] = {}
    for r in results:
        for name, colour in ((r.white, "W"), (r.black, "B")):
            row = out.setdefault(name, {"wins": 0, "losses": 0, "draws": 0})
            if r.winner is None:
                row["draws"] += 1
            elif r.winner == colour:
                row["wins"] += 1
            else:
                row["losses"] += 1
    return out
