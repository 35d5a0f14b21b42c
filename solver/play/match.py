"""The one self-play / tournament runner, on :class:`puzzles.game.GameState` only.

A *match* plays ``games`` games between a line-up of player names. With ``swap`` the seats
rotate from game to game (game ``k`` seats ``lineup[(i + k) % n]`` at seat ``i``), and the
``n`` rotations of one cycle share one deal (the same Numbridge field and bag, the same
Dominimum deal), so that seat and deal luck cancel. Seeds: deal ``d`` uses
``seed * 1_000_003 + d``; the player at seat ``i`` of game ``k`` gets the seed
``seed * 1_000_003 + k * 8 + i + 1`` and its own ``random.Random`` of that seed.

Examples
--------
>>> r = run_match("dominions", ["greedy", "random"], games=2, seed=1)
>>> [g.lineup for g in r.games], r.tally()["greedy"]["games"]
([['greedy', 'random'], ['random', 'greedy']], 2)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameState, game_class
from solver.play.base import Player
from solver.play.registry import make_player, player_names

MAX_MOVES = 2000


@dataclass(frozen=True)
class GameSettings:
    """How a new game is set up: seats (Dominimum 2-4, Dominomega 2-3), Dominions board
    base, Numbridge givens, blocks and tile rules (``tiles``, ``claim_tile``), the
    Dominimum ``within_tile`` rule."""

    seats: int = 2
    base: int = 9
    givens: int = 30
    blocks: str = "regular"
    within_tile: bool = True
    tiles: str = "field"
    claim_tile: str = "digit"


def new_game(game: str, seed: int, settings: GameSettings | None = None) -> GameState[Any]:
    """A fresh game of ``game`` dealt with ``seed``.

    Raises
    ------
    InvalidInputError
        For an unknown game or settings the game refuses.
    """
    s = settings or GameSettings()
    cls = game_class(game)
    if game == "dominions":
        from puzzles.dominions.state import DominionsState

        return DominionsState(s.base)
    if game in ("dominimum", "dominomega"):
        from puzzles.dominimum.game import Rules
        from puzzles.dominimum.state import DominimumState

        assert issubclass(cls, DominimumState)
        return cls.deal(s.seats, seed, Rules(s.within_tile))
    if game == "numbridge":
        from puzzles.numbridge.game import RoomSettings
        from puzzles.numbridge.state import NumbridgeState
        from solver.numbridge.generate import generate

        gen = generate(s.givens, s.blocks, seed)
        room = RoomSettings(givens=s.givens, blocks=s.blocks, move_limit=0, game_limit=0,
                            tiles=s.tiles, claim_tile=s.claim_tile)
        return NumbridgeState.new(gen.field, gen.solution, room, bag_seed=seed)
    raise InvalidInputError(f"no game set-up known for {game!r}")


def seats_of(game: str, settings: GameSettings) -> int:
    """The number of seats a game of ``game`` has with ``settings``."""
    return settings.seats if game in ("dominimum", "dominomega") else 2


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
class MatchResult:
    """The games of a match (``interrupted`` when Ctrl-C stopped it early)."""

    game: str
    lineup: list[str]
    seed: int
    games: list[GameResult] = field(default_factory=list)
    interrupted: bool = False
    #: per player name: the sum of its ``Player.stats()`` counters over the games
    player_stats: dict[str, dict[str, int]] = field(default_factory=dict)

    def tally(self) -> dict[str, dict[str, float]]:
        """Per player name: seats played, wins (sole best return), points (sum of returns),
        score rate (points per seat played)."""
        out: dict[str, dict[str, float]] = {}
        for g in self.games:
            best = max(g.returns)
            sole = g.returns.count(best) == 1
            for seat, name in enumerate(g.lineup):
                row = out.setdefault(name, {"games": 0, "wins": 0, "draws": 0, "points": 0.0})
                row["games"] += 1
                row["points"] += g.returns[seat]
                if g.returns[seat] == best:
                    row["wins" if sole else "draws"] += 1
        for row in out.values():
            row["rate"] = round(row["points"] / row["games"], 4) if row["games"] else 0.0
            row["points"] = round(row["points"], 3)
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
        """Per seat: points and score rate over all games."""
        n = len(self.games)
        seats = len(self.games[0].returns) if self.games else 0
        return [{"seat": i, "points": sum(g.returns[i] for g in self.games),
                 "rate": round(sum(g.returns[i] for g in self.games) / n, 4) if n else 0.0}
                for i in range(seats)]

    def to_json(self) -> dict[str, Any]:
        """``{"game", "players", "seed", "interrupted", "tally", "by_seat", "player_stats",
        "games": [...]}``."""
        return {"game": self.game, "players": self.lineup, "seed": self.seed,
                "interrupted": self.interrupted, "tally": self.tally(),
                "by_seat": self.by_seat(), "player_stats": self.player_stats,
                "games": [g.to_json() for g in self.games]}


def check_players(game: str, names: list[str]) -> None:
    """Raise InvalidInputError naming an unknown player of ``game``."""
    known = player_names(game)
    for name in names:
        if name not in known:
            raise InvalidInputError(f"unknown player {name!r} for {game} "
                                    f"(known: {', '.join(known)})")


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


def play_one(game: str, names: list[str], seed: int = 1,
             settings: GameSettings | None = None, move_time: float | None = None,
             max_nodes: int | None = None) -> tuple[GameState[Any], list[Player]]:
    """One game of ``game`` dealt with ``seed``, seat ``i`` played by ``names[i]`` (player
    seeds ``seed * 8 + i + 1``); the finished state and the players (for their stats)."""
    s = settings or GameSettings()
    check_players(game, names)
    state = new_game(game, seed, s)
    players = [make_player(game, n, seed=seed * 8 + i + 1, move_time=move_time,
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


def run_match(game: str, lineup: list[str], games: int, seed: int = 1, swap: bool = True,
              move_time: float | None = None, max_nodes: int | None = None,
              settings: GameSettings | None = None, records: Path | None = None,
              on_game: Callable[[GameResult], None] | None = None,
              first_number: int = 1,
              options: dict[str, tuple[float | None, int | None]] | None = None
              ) -> MatchResult:
    """Play ``games`` games of ``game`` between ``lineup`` (one name per seat, repeated when
    shorter); Ctrl-C stops after the finished games (``interrupted``).

    Parameters
    ----------
    move_time, max_nodes
        Every player's budget per move (seconds, nodes); ``options`` may give a name its own
        ``(move_time, max_nodes)``.
    records
        Write each game's record to ``records/game-0001.txt`` ... (the folder is created).
    first_number
        The number of the first game (the ladder numbers its games across pairings).
    """
    s = settings or GameSettings()
    check_players(game, lineup)
    seats = seats_of(game, s)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidInputError(f"cannot create records folder {records}: {exc}") from exc
    result = MatchResult(game, list(lineup), seed)
    try:
        for k in range(games):
            names = lineup_of(lineup, k, seats, swap)
            deal = seed * 1_000_003 + (k // seats if swap else k)
            state = new_game(game, deal, s)
            players = []
            for i, name in enumerate(names):
                mt, mn = (options or {}).get(name, (move_time, max_nodes))
                players.append(make_player(game, name, seed=seed * 1_000_003 + k * 8 + i + 1,
                                           move_time=mt, max_nodes=mn))
            rngs = [random.Random(seed * 1_000_003 + k * 8 + i + 1) for i in range(seats)]
            start = time.perf_counter()
            think = [[0.0, 0.0] for _ in range(seats)]
            moves = play(state, players, rngs, think=think)
            final = state.view(None).get("scores")
            res = GameResult(first_number + k, names, list(state.returns()),
                             state.result_text(), state.record_text(), moves,
                             time.perf_counter() - start, deal,
                             list(final) if isinstance(final, list) else None, think)
            if records is not None:
                from reports.output import write_atomic

                write_atomic(records / f"game-{res.number:04d}.txt", res.record + "\n")
            result.games.append(res)
            for name, player in zip(names, players, strict=True):
                counters = player.stats()
                if counters is not None:
                    row = result.player_stats.setdefault(name, {})
                    for key, v in counters.items():
                        row[key] = row.get(key, 0) + v
            if on_game is not None:
                on_game(res)
    except KeyboardInterrupt:
        result.interrupted = True
    return result
