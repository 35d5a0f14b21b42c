"""``solver ladder GAME``: the game-independent round robin, and the options and match body
the per-game ``selfplay`` and ``tournament`` commands share.

The game's name is looked up once, here at the edge (:func:`solver.games.get_game`); the
runner (``solver.play``) is handed the :class:`puzzles.game.GameDef` object.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from puzzles.errors import InvalidInputError, SearchInterrupted
from puzzles.game import GameDef
from reports.text import table
from solver.cli.common import Output, output_options
from solver.games import game_names, get_game
from solver.play.match import GameResult, MatchResult, run_match
from solver.progress import progress_bar


class GameName(click.Choice):
    """A game's name from the registry (re-read when the command runs, so that a game
    registered after start-up is accepted)."""

    def __init__(self) -> None:
        super().__init__(game_names())

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        self.choices = tuple(game_names())
        return super().convert(value, param, ctx)


def split_players(text: str) -> list[str]:
    """``a,b,c`` -> ``["a", "b", "c"]``; InvalidInputError when empty."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InvalidInputError("--players needs at least one name, e.g. --players mcts,greedy")
    return names


def parse_player_nodes(text: str, names: list[str]) -> dict[str, int]:
    """``mcts=600,search=1200`` -> ``{"mcts": 600, "search": 1200}``; InvalidInputError naming
    a bad item or a name not among ``names``."""
    out: dict[str, int] = {}
    for item in (part.strip() for part in text.split(",") if part.strip()):
        name, _, nodes = item.partition("=")
        if name not in names:
            raise InvalidInputError(f"--player-nodes {item}: {name!r} is not one of the "
                                    f"players ({', '.join(names)})")
        if not nodes.isdigit() or int(nodes) < 1:
            raise InvalidInputError(f"--player-nodes {item}: a node budget is a whole "
                                    "number of at least 1 (NAME=N)")
        out[name] = int(nodes)
    return out


def budget_options(func: Any) -> Any:
    """``--move-time SECONDS`` and ``--max-nodes N`` (every player's budget per move)."""
    func = click.option("--max-nodes", "max_nodes", type=click.IntRange(min=1), default=None,
                        help="Node budget per move of the search players (reproducible).")(func)
    return click.option("--move-time", "move_time", type=click.FloatRange(min=0.001),
                        default=None,
                        help="Thinking time per move in wall-clock seconds (less work on a "
                             "loaded machine; --max-nodes is the reproducible budget).")(func)


def match_command_body(game: GameDef, players: list[str], games: int, seed: int, swap: bool,
                       move_time: float | None, max_nodes: int | None,
                       settings: dict[str, Any], records: Path | None,
                       output: Output) -> MatchResult:
    """Run a match with a progress bar and print its games and tally (text or JSON)."""
    bar = progress_bar(f"{game.name} games", games, output.quiet, unit="game")

    def step(_: GameResult) -> None:
        bar.update(1)

    try:
        result = run_match(game, players, games, seed, swap, move_time, max_nodes, settings,
                           records, on_game=step)
    finally:
        bar.close()
    rows = [[g.number, " / ".join(g.lineup), g.result, g.moves, f"{g.seconds:.1f}"]
            for g in result.games]
    trows = [[name, int(t["games"]), int(t["wins"]), int(t["draws"]), t["points"],
              f"{100 * t['rate']:.1f}%"] for name, t in result.tally().items()]
    text = (table(["game", "players by seat", "result", "moves", "seconds"], rows) + "\n\n"
            + table(["player", "seats", "wins", "draws", "points", "score"], trows))
    output.emit(result.to_json(), text)
    if result.interrupted:
        raise SearchInterrupted(f"interrupted after {len(result.games)} games (kept above)")
    return result


@click.command("ladder")
@click.argument("game_name", metavar="GAME", type=GameName())
@click.option("--players", "players_text", default="mcts,greedy,random", show_default=True,
              help="The players of the round robin, comma-separated.")
@click.option("--games", type=click.IntRange(min=1), default=10, show_default=True,
              help="Games per pair of players (seats rotated).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of every deal and every player.")
@budget_options
@click.option("--seats", type=click.IntRange(min=1), default=3, show_default=True,
              help="Seats at the table, for a game that allows a choice (a game of one seat "
                   "count ignores it).")
@click.option("--lineup", "lineup_text", default=None, metavar="NAMES",
              help="Play one match of this line-up (one name per seat, e.g. "
                   "mcts,greedy,greedy; seats rotated) instead of the round robin of --players; "
                   "--games is then the number of games.")
@click.option("--player-nodes", "player_nodes", default=None, metavar="NAME=N,...",
              help="Node budgets per move of single players, over --max-nodes (e.g. "
                   "mcts=600,search=1200: the same work on any machine for both).")
@click.option("--records", "records_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write each game's record to DIR/game-0001.txt ...")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Draw the ratings with their intervals (SVG or PNG by the suffix).")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Play the games on this Dask scheduler (tcp://host:8786).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Play the games on a local Dask cluster of this many processes.")
@click.option("--checkpoint", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Keep finished games in this SQLite file; a rerun plays only the others.")
@output_options
def ladder(game_name: str, players_text: str, games: int, seed: int, move_time: float | None,
           max_nodes: int | None, seats: int, lineup_text: str | None,
           player_nodes: str | None, records_dir: Path | None, plot_path: Path | None,
           scheduler: str | None, jobs: int, checkpoint: Path | None, output: Output) -> None:
    """Round robin of GAME between --players, seats rotated; Elo with 95% intervals.

    --move-time is wall-clock seconds per move (a loaded machine gives a move less work);
    --max-nodes is the reproducible budget (the same games on any machine). Long ladders:
    --scheduler/--jobs play the games on Dask, --checkpoint keeps each finished game so that
    a rerun of the same command resumes. JSON: {"game", "players", "seed", "interrupted",
    "ratings": [{"player", "elo", "low", "high", "games", "points"}], "crosstable": {a: {b:
    {"games", "points", "rate"}}}, "win_rates": {a: {"seats", "wins", "draws", "win_rate"}},
    "games": [...]}. Ctrl-C stops after the finished games and reports them (exit 130).
    """
    from solver.play.elo import plot  # local: the fit loads scipy: only for this command
    from solver.play.ladder import pairings, run_ladder  # local: (with the Elo fit)
    from solver.play.pool import GamePool  # local: (Dask loads only when asked for)

    game = get_game(game_name)
    lineup = None
    if lineup_text is not None:
        lineup = split_players(lineup_text)
        game.check_players(lineup)
        if len(set(lineup)) < 2:
            raise InvalidInputError("--lineup needs at least two different names")
        seats = game.seats(len(lineup))
        if len(lineup) != seats:
            raise InvalidInputError(f"--lineup names {len(lineup)} seats; {game.name} is "
                                    f"for {seats}")
        names = list(dict.fromkeys(lineup))
    else:
        names = split_players(players_text)
        if len(set(names)) != len(names) or len(names) < 2:
            raise InvalidInputError("--players needs at least two different names")
        game.check_players(names)
    total = games if lineup is not None else sum(
        n for _, n in pairings(names, games, game.seats(seats)))
    options: dict[str, tuple[float | None, int | None]] | None = None
    if player_nodes is not None:
        options = {name: (move_time, nodes)
                   for name, nodes in parse_player_nodes(player_nodes, names).items()}
    runner = None
    if scheduler is not None or jobs > 1 or checkpoint is not None:
        runner = GamePool(scheduler, jobs, checkpoint)
    bar = progress_bar(f"{game.name} ladder", total, output.quiet, unit="game")
    try:
        result = run_ladder(game, names, games, seed, move_time, max_nodes, None,
                            records_dir, on_game=lambda _: bar.update(1), seats=seats,
                            options=options, runner=runner, lineup=lineup)
    finally:
        bar.close()
    rates = result.ratings()
    if plot_path is not None:
        if plot_path.suffix not in (".svg", ".png"):
            raise InvalidInputError(f"--plot {plot_path}: the file name must end in .svg or .png")
        plot(rates, str(plot_path),
             f"{game.name} ladder, {len(result.games)} games, seed {seed}")
        output.note(f"wrote plot {plot_path}")
    wins = result.win_rates()
    rows = [[r.name, f"{r.elo:+.0f}", f"{r.elo - r.interval:+.0f} .. {r.elo + r.interval:+.0f}",
             int(wins[r.name]["seats"]), int(wins[r.name]["wins"]),
             f"{100 * wins[r.name]['win_rate']:.1f}%"] for r in rates]
    cross = result.crosstable()
    crows = [[a] + [f"{100 * cross[a][b]['rate']:.0f}% ({int(cross[a][b]['games'])})"
                    if b in cross.get(a, {}) else "-" for b in names] for a in names]
    text = (table(["player", "elo", "95% interval", "seats", "wins", "win rate"], rows)
            + "\n\n" + table(["score of \\ against", *names], crows))
    output.emit(result.to_json(), text)
    if result.interrupted:
        raise SearchInterrupted(f"interrupted after {len(result.games)} games (kept above)")
