"""The one self-play / tournament runner, on :class:`puzzles.game.GameDef` and its states.

A *match* plays ``games`` games of one game between a line-up of player names. With ``swap``
the seats rotate from game to game (game ``k`` seats ``lineup[(i + k) % n]`` at seat ``i``),
and the ``n`` rotations of one cycle share one deal (the same field and bag, the same tiles),
so that seat and deal luck cancel. Seeds: deal ``d`` uses ``seed * 1_000_003 + d``; the player
at seat ``i`` of game ``k`` gets the seed ``seed * 1_000_003 + k * 8 + i + 1`` and its own
``random.Random`` of that seed. Engine matches play without a clock
(:meth:`~puzzles.game.GameDef.untimed`): the budgets are per move.

Examples
--------
>>> lineup_of(["mcts", "greedy"], 1, 3, swap=True)
['mcts', 'mcts', 'greedy']
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from puzzles.errors import InvalidInputError
from puzzles.game import GameDef, GameState, Player

MAX_MOVES = 2000


def new_game(game: GameDef, seed: int, settings: Mapping[str, Any] | None = None,
             seats: int | None = None) -> GameState[Any]:
    """A fresh game dealt with ``seed``, without a clock (see the module docstring).

    Raises
    ------
    InvalidInputError
        For settings or seats the game refuses.
    """
    return game.new_state(game.untimed(game.settings(settings)), seed, seats)


@dataclass
class GameResult:
    """One finished game: number (from 1), line-up by seat, returns, result, record."""

    number: int
    lineup: list[str]
    returns: list[float]
    result: str
    record: str
    moves: int
    seconds: float
    deal_seed: int
    scores: list[float] | None = None  # the game's own final scores, when it has them
    think: list[list[float]] | None = None  # per seat [moves, seconds of thinking]
    stats: list[dict[str, int] | None] | None = None  # per seat, its ``Player.stats()``

    def to_json(self) -> dict[str, Any]:
        """``{"game", "lineup", "returns", "result", "moves", "deal_seed", "record"}`` (no
        wall time: the same seed gives the same document)."""
        doc: dict[str, Any] = {"game": self.number, "lineup": self.lineup,
                               "returns": self.returns, "result": self.result,
                               "moves": self.moves, "deal_seed": self.deal_seed}
        if self.scores is not None:
            doc["scores"] = self.scores
        doc["record"] = self.record
        return doc


@dataclass
class PlayerTotals:
    """One player's results over the games of a match (every statistic is derived here)."""

    seats: int = 0  # seats played
    wins: int = 0  # sole best return
    draws: int = 0  # best return shared with another seat
    points: float = 0.0  # sum of returns
    scores: list[float] = field(default_factory=list)  # the game's own final scores

    @property
    def rate(self) -> float:
        """Points per seat played."""
        return round(self.points / self.seats, 4) if self.seats else 0.0

    @property
    def win_rate(self) -> float:
        """Wins per seat played."""
        return round(self.wins / self.seats, 4) if self.seats else 0.0


def _sole_best(returns: list[float], seat: int) -> bool:
    """True when ``seat`` alone has the best return (a win)."""
    best = max(returns)
    return returns[seat] == best and returns.count(best) == 1


@dataclass
class MatchResult:
    """The games of a match (``interrupted`` when Ctrl-C stopped it early)."""

    game: GameDef
    lineup: list[str]
    seed: int
    seats: int = 2
    games: list[GameResult] = field(default_factory=list)
    interrupted: bool = False
    #: per player name: the sum of its ``Player.stats()`` counters over the games
    player_stats: dict[str, dict[str, int]] = field(default_factory=dict)

    def totals(self) -> dict[str, PlayerTotals]:
        """Per player name, in the order they first sit down: their totals."""
        out: dict[str, PlayerTotals] = {}
        for g in self.games:
            best = max(g.returns)
            for seat, name in enumerate(g.lineup):
                row = out.setdefault(name, PlayerTotals())
                row.seats += 1
                row.points += g.returns[seat]
                if _sole_best(g.returns, seat):
                    row.wins += 1
                elif g.returns[seat] == best:
                    row.draws += 1
                if g.scores is not None:
                    row.scores.append(g.scores[seat])
        return out

    def tally(self) -> dict[str, dict[str, float]]:
        """Per player name: ``{"games" (seats played), "wins" (sole best return), "draws",
        "points" (sum of returns), "rate" (points per seat played)}``."""
        return {name: {"games": t.seats, "wins": t.wins, "draws": t.draws,
                       "points": round(t.points, 3), "rate": t.rate}
                for name, t in self.totals().items()}

    def score_summary(self) -> dict[str, dict[str, Any]]:
        """Per player of the line-up: ``{"seats", "wins", "win_rate", "mean_score",
        "median_score", "min_score", "max_score"}`` (the game's own final scores)."""
        totals = self.totals()
        out: dict[str, dict[str, Any]] = {}
        for name in dict.fromkeys(self.lineup):
            t = totals.get(name, PlayerTotals())
            sc = t.scores
            out[name] = {
                "seats": t.seats, "wins": t.wins, "win_rate": t.win_rate,
                "mean_score": round(statistics.fmean(sc), 3) if sc else None,
                "median_score": statistics.median(sc) if sc else None,
                "min_score": min(sc, default=None), "max_score": max(sc, default=None)}
        return out

    def think_time(self) -> dict[str, float]:
        """Per player name: mean seconds of thinking per move."""
        moves: dict[str, float] = {}
        secs: dict[str, float] = {}
        for g in self.games:
            for name, (n, t) in zip(g.lineup, g.think or [], strict=False):
                moves[name] = moves.get(name, 0.0) + n
                secs[name] = secs.get(name, 0.0) + t
        return {k: round(secs[k] / moves[k], 4) for k in moves if moves[k]}

    def by_seat(self) -> list[dict[str, float]]:
        """Per seat: ``{"seat", "points", "rate", "wins", "win_rate"}`` over all games (wins:
        the sole best return)."""
        n = len(self.games)
        out: list[dict[str, float]] = []
        for i in range(self.seats):
            points = sum(g.returns[i] for g in self.games)
            wins = sum(1 for g in self.games if _sole_best(g.returns, i))
            out.append({"seat": i, "points": points,
                        "rate": round(points / n, 4) if n else 0.0, "wins": wins,
                        "win_rate": round(wins / n, 4) if n else 0.0})
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"game", "players", "seed", "interrupted", "tally", "by_seat": [{"seat",
        "points", "rate"}], "player_stats", "games": [...]}``."""
        return {"game": self.game.name, "players": self.lineup, "seed": self.seed,
                "interrupted": self.interrupted, "tally": self.tally(),
                "by_seat": [{k: row[k] for k in ("seat", "points", "rate")}
                            for row in self.by_seat()],
                "player_stats": self.player_stats,
                "games": [g.to_json() for g in self.games]}


def play(state: GameState[Any], players: list[Player], rngs: list[random.Random],
         max_moves: int = MAX_MOVES, think: list[list[float]] | None = None) -> int:
    """Play ``state`` to its end, seat ``i`` choosing with ``players[i]``; the moves played.

    ``think``, when given, receives per seat ``[moves, seconds]`` of thinking time.
    """
    n = 0
    while not state.is_over():
        if n >= max_moves:
            raise InvalidInputError(f"the game did not end in {max_moves} moves")
        seat = state.to_move()
        start = time.perf_counter()
        move = players[seat].choose(state, rngs[seat])
        if think is not None:
            think[seat][0] += 1
            think[seat][1] += time.perf_counter() - start
        state.apply(move)
        n += 1
    return n


def play_one(game: GameDef, names: list[str], seed: int = 1,
             settings: Mapping[str, Any] | None = None, move_time: float | None = None,
             max_nodes: int | None = None) -> tuple[GameState[Any], list[Player]]:
    """One game dealt with ``seed`` for ``len(names)`` seats, seat ``i`` played by
    ``names[i]`` (player seeds ``seed * 8 + i + 1``); the finished state and the players
    (for their stats)."""
    game.check_players(names)
    state = new_game(game, seed, settings, len(names))
    players = [game.make_player(n, seed=seed * 8 + i + 1, move_time=move_time,
                                max_nodes=max_nodes) for i, n in enumerate(names)]
    play(state, players, [random.Random(seed * 8 + i + 1) for i in range(len(names))])
    return state, players


def lineup_of(lineup: list[str], k: int, seats: int, swap: bool) -> list[str]:
    """The player names by seat in game ``k`` (0-based)."""
    full = [lineup[i % len(lineup)] for i in range(seats)]
    if not swap:
        return full
    r = k % seats
    return full[-r:] + full[:-r] if r else full


@dataclass(frozen=True)
class GameSpec:
    """Everything one game of a match depends on (plain data: it crosses to a Dask worker).

    ``budgets`` per seat ``(move_time, max_nodes)``; ``settings`` the checked, untimed
    settings as sorted ``(name, value)`` pairs.
    """

    number: int
    names: tuple[str, ...]
    deal: int
    seeds: tuple[int, ...]
    budgets: tuple[tuple[float | None, int | None], ...]
    settings: tuple[tuple[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON object (a checkpoint compares it)."""
        return {"number": self.number, "names": list(self.names), "deal": self.deal,
                "seeds": list(self.seeds), "budgets": [list(b) for b in self.budgets],
                "settings": [list(kv) for kv in self.settings]}


def play_spec(game: GameDef, spec: GameSpec) -> GameResult:
    """Play the game ``spec`` describes (the same spec gives the same game with node budgets)."""
    seats = len(spec.names)
    state = game.new_state(dict(spec.settings), spec.deal, seats)
    players = [game.make_player(name, seed=seed, move_time=mt, max_nodes=mn)
               for name, seed, (mt, mn) in zip(spec.names, spec.seeds, spec.budgets,
                                               strict=True)]
    rngs = [random.Random(seed) for seed in spec.seeds]
    start = time.perf_counter()
    think = [[0.0, 0.0] for _ in range(seats)]
    moves = play(state, players, rngs, think=think)
    final = state.view(None).get("scores")
    return GameResult(spec.number, list(spec.names), list(state.returns()),
                      state.result_text(), game.write_record(state), moves,
                      time.perf_counter() - start, spec.deal,
                      list(final) if isinstance(final, list) else None, think,
                      [p.stats() for p in players])


class GameRunner(Protocol):
    """Where the games of a match are played: :func:`play_spec` for each spec; the results
    as they finish (in any order)."""

    def results(self, game: GameDef, specs: list[GameSpec]) -> Iterator[GameResult]:
        """Play every spec (or read it back from a checkpoint) and yield its result."""


class InProcess:
    """Every game in this process, one after the other."""

    def results(self, game: GameDef, specs: list[GameSpec]) -> Iterator[GameResult]:
        for spec in specs:
            yield play_spec(game, spec)


def match_specs(game: GameDef, lineup: list[str], games: int, seed: int = 1,
                swap: bool = True, move_time: float | None = None,
                max_nodes: int | None = None, settings: Mapping[str, Any] | None = None,
                first_number: int = 1,
                options: dict[str, tuple[float | None, int | None]] | None = None,
                seats: int | None = None) -> list[GameSpec]:
    """The games of a match (see :func:`run_match` and the module docstring for the seeds)."""
    seats = game.seats(seats)
    clean = tuple(sorted(game.untimed(game.settings(settings)).items()))
    specs = []
    for k in range(games):
        names = lineup_of(lineup, k, seats, swap)
        budgets = tuple((options or {}).get(name, (move_time, max_nodes)) for name in names)
        specs.append(GameSpec(first_number + k, tuple(names),
                              seed * 1_000_003 + (k // seats if swap else k),
                              tuple(seed * 1_000_003 + k * 8 + i + 1 for i in range(seats)),
                              budgets, clean))
    return specs


def run_match(game: GameDef, lineup: list[str], games: int, seed: int = 1,
              swap: bool = True, move_time: float | None = None,
              max_nodes: int | None = None, settings: Mapping[str, Any] | None = None,
              records: Path | None = None,
              on_game: Callable[[GameResult], None] | None = None,
              first_number: int = 1,
              options: dict[str, tuple[float | None, int | None]] | None = None,
              seats: int | None = None, runner: GameRunner | None = None) -> MatchResult:
    """Play ``games`` games of ``game`` between ``lineup`` (one name per seat, repeated when
    shorter); Ctrl-C stops after the finished games (``interrupted``).

    Parameters
    ----------
    move_time, max_nodes
        Every player's budget per move (wall-clock seconds, nodes); ``options`` may give a
        name its own ``(move_time, max_nodes)``.
    settings, seats
        The game's settings (checked, defaults filled in) and its seats (the game's default
        when None).
    records
        Write each game's record to ``records/game-0001.txt`` ... (the folder is created).
    first_number
        The number of the first game (the ladder numbers its games across pairings).
    runner
        Where the games are played (:class:`InProcess` by default; ``solver.play.pool`` runs
        them on Dask and keeps them in a checkpoint). The games come back sorted by number.
    """
    game.check_players(lineup)
    seats = game.seats(seats)
    specs = match_specs(game, lineup, games, seed, swap, move_time, max_nodes, settings,
                        first_number, options, seats)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidInputError(f"cannot create records folder {records}: {exc}") from exc
    result = MatchResult(game, list(lineup), seed, seats)
    try:
        for res in (runner or InProcess()).results(game, specs):
            if records is not None:
                # local: loaded only when records are written
                from reports.output import write_atomic

                write_atomic(records / f"game-{res.number:04d}.txt", res.record + "\n")
            result.games.append(res)
            for name, counters in zip(res.lineup, res.stats or [], strict=False):
                if counters is not None:
                    row = result.player_stats.setdefault(name, {})
                    for key, v in counters.items():
                        row[key] = row.get(key, 0) + v
            if on_game is not None:
                on_game(res)
    except KeyboardInterrupt:
        result.interrupted = True
    result.games.sort(key=lambda g: g.number)
    return result
