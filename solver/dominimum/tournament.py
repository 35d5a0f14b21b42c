"""Tournaments between strategies: seeded games, win rates by strategy and by seat, scores.

Game ``g`` is dealt with seed ``seed * 1_000_003 + g``; seat ``i`` plays strategy
``strategies[(g + i) % len(strategies)]`` (so with k strategies every strategy visits every
seat equally often over k games), with player seed ``seed * 1_000_003 + g * 8 + i + 1``.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.dominimum.game import Game, Rules
from puzzles.dominimum.records import record_of
from solver.dominimum.players import make_player, play_game


@dataclass
class TournamentResult:
    """Every game's line-up and result, with summaries."""

    kind: str
    players: int
    seed: int
    strategies: list[str]
    games: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False

    def by_strategy(self) -> dict[str, dict[str, Any]]:
        """Per strategy: seats played, wins, win rate, mean / median / min / max score."""
        out: dict[str, dict[str, Any]] = {}
        for name in dict.fromkeys(self.strategies):
            scores = [g["scores"][i] for g in self.games for i, s in enumerate(g["lineup"])
                      if s == name]
            wins = sum(1 for g in self.games if g["lineup"][g["winner"]] == name)
            out[name] = {
                "seats": len(scores), "wins": wins,
                "win_rate": round(wins / len(scores), 4) if scores else 0.0,
                "mean_score": round(statistics.fmean(scores), 3) if scores else None,
                "median_score": statistics.median(scores) if scores else None,
                "min_score": min(scores, default=None), "max_score": max(scores, default=None),
            }
        return out

    def by_seat(self) -> list[dict[str, Any]]:
        """Per seat: wins and win rate."""
        n = len(self.games)
        return [{"seat": i, "wins": sum(1 for g in self.games if g["winner"] == i),
                 "win_rate": round(sum(1 for g in self.games if g["winner"] == i) / n, 4)
                 if n else 0.0} for i in range(self.players)]

    def scores_of(self, name: str) -> list[int]:
        """Every final score obtained by strategy ``name``."""
        return [g["scores"][i] for g in self.games for i, s in enumerate(g["lineup"])
                if s == name]

    def to_json(self) -> dict[str, Any]:
        """``{"game", "players", "games", "seed", "strategies", "interrupted", "by_strategy",
        "by_seat", "results": [{"game", "seed", "lineup", "scores", "winner"}]}``."""
        return {"game": self.kind, "players": self.players, "games": len(self.games),
                "seed": self.seed, "strategies": self.strategies,
                "interrupted": self.interrupted, "by_strategy": self.by_strategy(),
                "by_seat": self.by_seat(), "results": self.games}


def run_tournament(kind: str, players: int, games: int, seed: int, strategies: list[str],
                   rules: Rules | None = None, keep_records: bool = False,
                   step: Callable[[], None] | None = None) -> TournamentResult:
    """Play ``games`` seeded games; Ctrl-C stops after the finished games (``interrupted``)."""
    Game.check_players(kind, players)
    for name in strategies:
        make_player(name, 0)  # unknown names fail before any game is played
    result = TournamentResult(kind, players, seed, list(strategies))
    try:
        for g in range(games):
            game_seed = seed * 1_000_003 + g
            lineup = [strategies[(g + i) % len(strategies)] for i in range(players)]
            seats = [make_player(name, game_seed * 8 + i + 1) for i, name in enumerate(lineup)]
            game = play_game(Game.deal(kind, players, game_seed, rules), seats)
            res = game.result()
            result.games.append({"game": g, "seed": game_seed, "lineup": lineup,
                                 "scores": res["scores"], "winner": res["winner"]})
            if keep_records:
                result.records.append(record_of(game, lineup))
            if step:
                step()
    except KeyboardInterrupt:
        result.interrupted = True
    return result
