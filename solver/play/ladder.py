"""The ladder: a round robin between players with seats rotated and a fixed seed, and Elo.

Every pair of players meets in ``games`` games (:func:`solver.play.match.run_match`, seats
rotated). In a two-seat game the pair's line-up is ``[A, B]``; with more seats the first half
of the games is ``[A, B, B, ...]`` and the second half ``[B, A, A, ...]`` (one against the
rest, both ways), seats rotated in each half. Games are numbered across the whole ladder
(``records/game-0001.txt`` ...). Ratings: :mod:`solver.play.elo`.

Examples
--------
>>> pairings(["a", "b", "c"], games=2, seats=2)
[(['a', 'b'], 2), (['a', 'c'], 2), (['b', 'c'], 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from puzzles.game import GameDef
from solver.play.elo import Rating, ratings
from solver.play.match import GameResult, GameRunner, run_match


@dataclass
class LadderResult:
    """The games of a ladder, per pairing, and whether Ctrl-C stopped it."""

    game: GameDef
    players: list[str]
    seed: int
    games: list[GameResult] = field(default_factory=list)
    interrupted: bool = False

    def ratings(self, anchor: str | None = None) -> list[Rating]:
        """Elo ratings with 95% intervals, best first."""
        return ratings(self.games, anchor)

    def crosstable(self) -> dict[str, dict[str, dict[str, float]]]:
        """``table[a][b]``: a's games, points and score rate against b (pairwise seats)."""
        out: dict[str, dict[str, dict[str, float]]] = {}
        for g in self.games:
            for i, a in enumerate(g.lineup):
                for j, b in enumerate(g.lineup):
                    if a == b:
                        continue
                    ri, rj = g.returns[i], g.returns[j]
                    s = 1.0 if ri > rj else 0.0 if ri < rj else 0.5
                    cell = out.setdefault(a, {}).setdefault(b, {"games": 0, "points": 0.0})
                    cell["games"] += 1
                    cell["points"] += s
        for row in out.values():
            for cell in row.values():
                cell["rate"] = round(cell["points"] / cell["games"], 4)
        return out

    def win_rates(self) -> dict[str, dict[str, float]]:
        """Per player: games, outright wins (sole best return) and the win rate."""
        out: dict[str, dict[str, float]] = {}
        for g in self.games:
            best = max(g.returns)
            sole = g.returns.count(best) == 1
            for seat, name in enumerate(g.lineup):
                row = out.setdefault(name, {"seats": 0, "wins": 0, "draws": 0})
                row["seats"] += 1
                if g.returns[seat] == best:
                    row["wins" if sole else "draws"] += 1
        for row in out.values():
            row["win_rate"] = round(row["wins"] / row["seats"], 4)
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"game", "players", "seed", "interrupted", "ratings": [{"player", "elo", "low",
        "high", "games", "points"}], "crosstable", "win_rates", "games": [...]}``."""
        return {"game": self.game.name, "players": self.players, "seed": self.seed,
                "interrupted": self.interrupted,
                "ratings": [r.to_json() for r in self.ratings()],
                "crosstable": self.crosstable(), "win_rates": self.win_rates(),
                "games": [g.to_json() for g in self.games]}


def pairings(players: list[str], games: int, seats: int) -> list[tuple[list[str], int]]:
    """(line-up, games) of every match of the round robin."""
    out: list[tuple[list[str], int]] = []
    for a, b in combinations(players, 2):
        if seats == 2:
            out.append(([a, b], games))
        else:
            first = (games + 1) // 2
            out.append(([a] + [b] * (seats - 1), first))
            out.append(([b] + [a] * (seats - 1), games - first))
    return [(lineup, n) for lineup, n in out if n > 0]


def run_ladder(game: GameDef, players: list[str], games: int, seed: int = 1,
               move_time: float | None = None, max_nodes: int | None = None,
               settings: Mapping[str, Any] | None = None, records: Path | None = None,
               on_game: Callable[[GameResult], None] | None = None,
               options: dict[str, tuple[float | None, int | None]] | None = None,
               seats: int | None = None, runner: GameRunner | None = None,
               lineup: list[str] | None = None) -> LadderResult:
    """Play the round robin (``games`` games per pair); Ctrl-C keeps the finished games.

    ``lineup`` (one name per seat) plays that one match instead (seats rotated), e.g.
    ``["mcts", "greedy", "greedy"]``; ``runner`` is where the games are played
    (:class:`solver.play.pool.GamePool`: Dask and a checkpoint).
    """
    game.check_players(players)
    seats = game.seats(seats)
    result = LadderResult(game, list(players), seed)
    number = 1
    matches = pairings(players, games, seats) if lineup is None else [(lineup, games)]
    for k, (names, n) in enumerate(matches):
        m = run_match(game, names, n, seed * 101 + k, True, move_time, max_nodes, settings,
                      records, on_game, first_number=number, options=options, seats=seats,
                      runner=runner)
        result.games.extend(m.games)
        number += len(m.games)
        if m.interrupted:
            result.interrupted = True
            break
    return result
