"""``solver dominimum`` and ``solver dominomega``: score, best placement, play, replay,
tournaments, CP-SAT extremes and endgame puzzles."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click

from puzzles.documents import read_json, source_name, validate
from puzzles.dominimum.game import Game, omega_symbols
from puzzles.dominimum.layout import Layout
from puzzles.dominimum.records import read_record, record_of, replay
from puzzles.dominimum.state import DominimumState
from puzzles.dominimum.tiles import SYMBOL_NAMES, parse_tile, tile_name
from puzzles.errors import (
    BudgetExhaustedError,
    InfeasibleError,
    InvalidInputError,
    SearchInterrupted,
)
from reports.dominimum import PALETTE, Highlight, layout_svg, score_plot
from reports.html import Table
from reports.output import dumps, write_atomic
from reports.pages import endgame_puzzles_page, picture_page, pictures_page, tournament_page
from reports.text import key_values, table, tie_note, tied_ranks
from solver.cli.common import Output, output_options, write_picture
from solver.cli.play import budget_options, split_players
from solver.cli.vocabulary import alias, warn_deprecated
from solver.dominimum.analysis import (
    all_mission_scores,
    check_mission,
    mission_report,
    omega_report,
    value_groups,
)
from solver.dominimum.gamedef import DOMINIMUM, DOMINOMEGA
from solver.dominimum.placement import Candidate, rank_dominimum, rank_dominomega
from solver.play.match import MatchResult, play_one, run_match
from solver.progress import progress_bar

PathOption = click.Path(dir_okay=False, path_type=Path)


def load_position(path: Path) -> tuple[Layout, Game | None]:
    """The layout of a layout file or the final layout of a game record, with the record's
    game (None for a layout file: it carries no rules); ``docs/schemas/dominimum-layout.
    schema.json``, ``dominimum-record.schema.json``."""
    from puzzles.schemas import LayoutDoc  # local: start-up

    doc = read_json(path, "layout file")
    try:
        if isinstance(doc, dict) and "moves" in doc:
            game = replay(doc, source_name(path))
            return game.layout, game
        validate(doc, LayoutDoc, source_name(path))
        return Layout.from_json(doc), None
    except InvalidInputError as exc:
        if exc.where and str(path) in exc.where:
            raise
        raise type(exc)(exc.message, where=f"{path}: {exc.where}" if exc.where else str(path)
                        ) from None


def within_tile_option(func: Any) -> Any:
    """``--within-tile/--no-within-tile`` (project rule, default on)."""
    return click.option("--within-tile/--no-within-tile", default=True, show_default=True,
                        help="Project rule: the two halves of one tile count as adjacent.")(func)


def scoring_rule_option(func: Any) -> Any:
    """``--within-tile/--no-within-tile`` of the commands that read a layout or a record:
    unset, a record's own rule applies (a layout file: on)."""
    return click.option("--within-tile/--no-within-tile", default=None,
                        help="Project rule: the two halves of one tile count as adjacent "
                             "[default: a record's own rule; on for a layout file].")(func)


def rules_of(game: Game | None, within_tile: bool | None, seats: int | None,
             output: Output) -> tuple[bool, int | None]:
    """(within-tile rule, seats) to score with: a record's own rules unless an option
    overrides them, and then a remark on stderr says so."""
    if game is None:
        return (True if within_tile is None else within_tile), seats
    own_rule, own_seats = game.rules.within_tile, game.players
    if within_tile is not None and within_tile != own_rule:
        flag = {True: "--within-tile", False: "--no-within-tile"}
        output.note(f"solver: note: scored with {flag[within_tile]}; the record was played "
                    f"with {flag[own_rule]}")
    if seats is not None and seats != own_seats:
        output.note(f"solver: note: scored with --seats {seats}; the record was played by "
                    f"{own_seats} seats")
    return (own_rule if within_tile is None else within_tile,
            own_seats if seats is None else seats)


def ranking_options(func: Any) -> Any:
    """``--objective margin|own`` and ``--top N`` of the best-placement commands."""
    func = click.option("--top", type=click.IntRange(1, 1000), default=5, show_default=True,
                        help="How many placements to list.")(func)
    return click.option("--objective", type=click.Choice(["margin", "own"]), default="margin",
                        show_default=True,
                        help="Sort by margin (own against opponents) or by own score first.")(func)


def picture_options(func: Any) -> Any:
    """``--svg FILE`` and ``--html FILE``."""
    func = click.option("--html", "html_path", type=PathOption,
                        help="Write an HTML report with the picture.")(func)
    return click.option("--svg", "svg_path", type=PathOption,
                        help="Write the layout picture (SVG).")(func)


def _write_pictures(svg: str, title: str, paragraphs: list[str], tables: list[Table],
                    svg_path: Path | None, html_path: Path | None, output: Output) -> None:
    write_picture(svg_path, svg, output, "picture")
    if html_path is not None:
        write_picture(html_path, picture_page(title, svg, paragraphs, tables), output, "report")


# -------------------------------------------------------------------------------------------
@click.group()
def dominimum() -> None:
    """Dominimum (2-4 players, lowest score wins) on the double-seven binary dominoes."""


@click.group()
def dominomega() -> None:
    """Dominomega (3 players, or 2 without the small circle; highest score wins)."""


@dominimum.command("score")
@click.argument("layout_path", metavar="LAYOUT", type=PathOption)
@click.option("--mission", nargs=2, type=int, metavar="A B",
              help="The two values of the mission tile (default: every mission).")
@scoring_rule_option
@picture_options
@output_options
def dominimum_score(layout_path: Path, mission: tuple[int, int] | None,
                    within_tile: bool | None, svg_path: Path | None, html_path: Path | None,
                    output: Output) -> None:
    """Score of mission A B on LAYOUT: largest group of A times largest group of B.

    LAYOUT is {"tiles": [{"tile": [a, b], "cells": [[x1, y1], [x2, y2]]}, ...]} (or a game
    record: scored by its own rules unless an option overrides them). JSON: {"groups": {"A":
    size, "B": size}, "score": n}. Without --mission: the largest group of every value and the
    score of every mission, {"largest": {"0": n, ...}, "missions": {"0-1": n, ...}}.
    """
    layout, game = load_position(layout_path)
    within_tile, _ = rules_of(game, within_tile, None, output)
    if not mission:
        largest = {v: len(g[0]) if (g := value_groups(layout, v, within_tile)) else 0
                   for v in range(8)}
        scores = all_mission_scores(layout, within_tile)
        grid_rows: list[list[object]] = [
            [a, *(scores[(min(a, b), max(a, b))] if a != b else "-" for b in range(8))]
            for a in range(8)]
        text = (table(["value", *(str(v) for v in range(8))],
                      [["largest", *largest.values()]]) + "\n\n"
                + table(["mission", *(str(v) for v in range(8))], grid_rows))
        output.emit({"largest": {str(v): n for v, n in largest.items()},
                     "missions": {tile_name(m): n for m, n in scores.items()}}, text)
        return
    report = mission_report(layout, mission, within_tile)
    text = key_values([(f"largest group of {v}", n) for v, n in report.sizes.items()]
                      + [("score", report.score)])
    if svg_path or html_path:
        hls = [Highlight(frozenset(report.largest[v]), PALETTE[i],
                         f"largest group of {v}: {len(report.largest[v])}")
               for i, v in enumerate(report.mission)]
        svg = layout_svg(layout, hls, title=f"mission {tile_name(mission)}: score "
                         f"{report.score}")
        _write_pictures(svg, f"Dominimum score of mission {tile_name(mission)}",
                        [text.replace("\n", "; ")], [], svg_path, html_path, output)
    output.emit(report.to_json(), text)


@dominomega.command("score")
@click.argument("layout_path", metavar="LAYOUT", type=PathOption)
@click.option("--seats", "players", type=click.IntRange(2, 3), default=None,
              help="How many seats: 2 drops the small circle [default: a record's own; 3].")
@alias("--players", "players", new="--seats")
@click.option("--symbol", "picture_symbol", type=click.Choice(["1", "2", "4"]), default="1",
              show_default=True, help="The symbol whose groups --svg draws.")
@scoring_rule_option
@picture_options
@output_options
def dominomega_score(layout_path: Path, players: int | None, picture_symbol: str,
                     within_tile: bool | None, svg_path: Path | None, html_path: Path | None,
                     output: Output) -> None:
    """Score of every symbol on LAYOUT: the product of the sizes of its groups.

    A game record is scored by its own rules (seats, within-tile) unless an option overrides
    them. JSON: {"scores": {"1": n, "2": n, "4": n}, "groups": {"1": [sizes], ...}} keyed by
    symbol value (pip 1, small circle 2, large circle 4).
    """
    layout, game = load_position(layout_path)
    within_tile, seats = rules_of(game, within_tile, players, output)
    players = 3 if seats is None else seats
    report = omega_report(layout, omega_symbols(players), within_tile)
    rows = [[s, SYMBOL_NAMES[s], len(report.groups[s]),
             " ".join(str(len(g)) for g in report.groups[s]), report.scores[s]]
            for s in report.groups]
    text = table(["symbol", "name", "groups", "sizes", "score"], rows)
    if svg_path or html_path:
        if int(picture_symbol) not in report.groups:
            raise InvalidInputError(f"symbol {picture_symbol} is not in play with {players} "
                                    "players")
        figures = []
        order = [int(picture_symbol), *(x for x in report.groups if x != int(picture_symbol))]
        for s in order:
            hls = [Highlight(frozenset(g), PALETTE[i % len(PALETTE)]) for i, g in
                   enumerate(report.groups[s])]
            figures.append(layout_svg(layout, hls, title=f"{SYMBOL_NAMES[s]} ({s}): "
                                      f"{report.scores[s]}"))
        write_picture(svg_path, figures[0], output)
        if html_path is not None:
            page = pictures_page("Dominomega scores", "Dominomega scores",
                                 ["Each group of a symbol has its own colour."], figures,
                                 [Table(["symbol", "name", "groups", "sizes", "score"], rows)])
            write_picture(html_path, page, output, "report")
    output.emit(report.to_json(), text)


def _candidate_rows(cands: list[Candidate], top: int) -> list[list[object]]:
    """Rows of the best placements; tied ranks (equal own score and margin) are marked ``=``."""
    keys = [(c.own, round(c.margin, 9)) for c in cands[:top]]
    return [[rank, str(c.placement), c.own, round(c.opponents, 3), round(c.margin, 3)]
            for rank, c in zip(tied_ranks(keys), cands[:top], strict=True)]


def _best_output(layout: Layout, cands: list[Candidate], top: int, header: list[str],
                 doc: dict[str, Any], title: str, svg_path: Path | None,
                 html_path: Path | None, output: Output) -> None:
    if not cands:
        raise InvalidInputError("the tile in hand is already on the table")
    rows = _candidate_rows(cands, top)
    note = tie_note([(c.own, round(c.margin, 9)) for c in cands])
    text = table(["rank", "placement", *header], rows) + (f"\n{note}" if note else "")
    if svg_path or html_path:
        best = cands[0].placement
        shown = layout.copy()
        shown.place(best)
        # the tint and its legend mark the tile; a "new" text in the cell corner covered
        # the symbols of the half
        svg = layout_svg(shown, [Highlight(frozenset(best.cells), "#ffbf00", "best placement")],
                         title=title)
        _write_pictures(svg, title, [note] if note else [],
                        [Table(["rank", "placement", *header], rows)], svg_path, html_path,
                        output)
    output.emit(doc, text)


@dominimum.command("best")
@click.argument("layout_path", metavar="LAYOUT", type=PathOption)
@click.option("--tile", "hand", required=True, help="The tile in hand, e.g. 3-5.")
@click.option("--mission", nargs=2, type=int, required=True, metavar="A B",
              help="The two values of your mission tile.")
@click.option("--opponents", type=click.IntRange(0, 3), default=1, show_default=True,
              help="Other players (their missions are sampled from the unseen tiles).")
@click.option("--samples", type=click.IntRange(1, 100000), default=64, show_default=True,
              help="Sampled opponent missions per placement.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the sampled missions.")
@ranking_options
@scoring_rule_option
@picture_options
@output_options
def dominimum_best(layout_path: Path, hand: str, mission: tuple[int, int], opponents: int,
                   samples: int, seed: int, objective: str, top: int, within_tile: bool | None,
                   svg_path: Path | None, html_path: Path | None, output: Output) -> None:
    """Rank every legal placement of the tile in hand for mission A B (lower is better).

    own = score after the placement; opponents = expected best opponent score over sampled
    missions; margin = own - opponents. JSON: {"best": {...}, "alternatives": [...],
    "candidates": n, "samples": s, "seed": s}.
    """
    layout, game = load_position(layout_path)
    within_tile, _ = rules_of(game, within_tile, None, output)
    t = parse_tile(hand)
    check_mission(mission)
    if t == tuple(sorted(mission)):
        raise InvalidInputError("the tile in hand cannot be the mission tile")
    cands = rank_dominimum(layout, t, mission, opponents, samples, seed, within_tile, objective)
    doc = {"best": cands[0].to_json() if cands else None,
           "alternatives": [c.to_json() for c in cands[1:top]], "candidates": len(cands),
           "objective": objective, "samples": samples, "seed": seed}
    _best_output(layout, cands, top, ["own", "opponents", "margin"], doc,
                 f"best placement of {tile_name(t)} for mission {tile_name(mission)}",
                 svg_path, html_path, output)


@dominomega.command("best")
@click.argument("layout_path", metavar="LAYOUT", type=PathOption)
@click.option("--tile", "hand", required=True, help="The tile in hand, e.g. 3-5.")
@click.option("--symbol", type=click.Choice(["1", "2", "4"]), required=True,
              help="Your symbol: 1 pip, 2 small circle, 4 large circle.")
@click.option("--seats", "players", type=click.IntRange(2, 3), default=None,
              help="How many seats: 2 drops the small circle [default: a record's own; 3].")
@alias("--players", "players", new="--seats")
@ranking_options
@scoring_rule_option
@picture_options
@output_options
def dominomega_best(layout_path: Path, hand: str, symbol: str, players: int | None,
                    objective: str, top: int, within_tile: bool | None, svg_path: Path | None,
                    html_path: Path | None, output: Output) -> None:
    """Rank every legal placement of the tile in hand for SYMBOL (higher is better).

    own = your score after it; opponents = the best opponent's score; margin = log2(own /
    opponents).
    """
    layout, game = load_position(layout_path)
    within_tile, seats = rules_of(game, within_tile, players, output)
    players = 3 if seats is None else seats
    t = parse_tile(hand)
    s = int(symbol)
    symbols = omega_symbols(players)
    if s not in symbols:
        raise InvalidInputError(f"symbol {s} is not in play with {players} players")
    cands = rank_dominomega(layout, t, s, tuple(x for x in symbols if x != s), within_tile,
                            objective)
    doc = {"best": cands[0].to_json() if cands else None,
           "alternatives": [c.to_json() for c in cands[1:top]], "candidates": len(cands),
           "objective": objective}
    _best_output(layout, cands, top, ["own", "opponents", "margin"], doc,
                 f"best placement of {tile_name(t)} for {SYMBOL_NAMES[s]}", svg_path,
                 html_path, output)


# -- play and replay ------------------------------------------------------------------------
def _game_text(game: Game) -> str:
    res = game.result()
    rows = []
    for p in range(game.players):
        own = (tile_name(game.missions[p]) if game.kind == "dominimum"
               else SYMBOL_NAMES[game.symbols[p]])
        rows.append([p + 1, own, sum(1 for m in game.history if m.player == p), res["scores"][p],
                     res["ranking"].index(p) + 1])
    head = "mission" if game.kind == "dominimum" else "symbol"
    return table(["seat", head, "tiles", "score", "place"], rows)


def _game_pictures(game: Game, svg_path: Path | None, html_path: Path | None,
                   output: Output) -> None:
    if not (svg_path or html_path):
        return
    res = game.result()
    winner = res["winner"]
    if game.kind == "dominimum":
        rep = mission_report(game.layout, game.missions[winner], game.rules.within_tile)
        hls = [Highlight(frozenset(rep.largest[v]), PALETTE[i], f"winner's group of {v}")
               for i, v in enumerate(rep.mission)]
    else:
        orep = omega_report(game.layout, (game.symbols[winner],), game.rules.within_tile)
        hls = [Highlight(frozenset(g), PALETTE[i % len(PALETTE)])
               for i, g in enumerate(orep.groups[game.symbols[winner]])]
    svg = layout_svg(game.layout, hls, title=f"{game.kind}: seat {winner + 1} wins, scores "
                     f"{res['scores']}")
    text = _game_text(game)
    rows: list[list[object]] = [list(line.split()) for line in text.splitlines()[2:]]
    _write_pictures(svg, f"{game.kind} game (seed {game.seed})", [],
                    [Table(["seat", "mission/symbol", "tiles", "score", "place"], rows)],
                    svg_path, html_path, output)


def lineup_of(players_text: str, strategies: str | None, seats_range: tuple[int, int],
              kind: str = "dominimum") -> list[str]:
    """The strategy of each seat from ``--players NAME,...`` (one per seat).

    The old spellings still work: ``--players N`` (a seat count) with ``--strategies
    NAME,...`` cycled over the seats.
    """
    if re.fullmatch(r"[0-9]{1,3}", players_text.strip()):
        warn_deprecated("--players N", "--players NAME,NAME,... (one name per seat)")
        seats = int(players_text)
        names = [s.strip() for s in (strategies or "greedy").split(",") if s.strip()]
        if not names:
            raise InvalidInputError("--strategies needs at least one name")
        lineup = [names[i % len(names)] for i in range(seats)]
    else:
        lineup = [s.strip() for s in players_text.split(",") if s.strip()]
        if strategies is not None:
            names = [s.strip() for s in strategies.split(",") if s.strip()]
            lineup = [names[i % len(names)] for i in range(len(lineup))] if names else lineup
    lo, hi = seats_range
    if not lo <= len(lineup) <= hi:
        raise InvalidInputError(f"--players {','.join(lineup)}: {len(lineup)} seats, the game "
                                f"has {lo}-{hi}")
    known = GAMES[kind].player_names()
    unknown = [n for n in lineup if n not in known]
    if unknown:
        raise InvalidInputError(f"unknown player {unknown[0]!r}; choose from "
                                f"{', '.join(known)}")
    return lineup


def _play(kind: str, lineup: list[str], seed: int, within_tile: bool,
          record: Path | None, svg_path: Path | None, html_path: Path | None,
          output: Output, move_time: float | None = None,
          max_nodes: int | None = None) -> None:
    """One game on the one runner (``solver.play.match.play_one``: the deal of ``seed``,
    seat ``i`` seeded ``seed * 8 + i + 1``)."""
    state, _ = play_one(GAMES[kind], lineup, seed, {"within_tile": within_tile},
                        move_time=move_time, max_nodes=max_nodes)
    assert isinstance(state, DominimumState)
    game = state.g
    doc = record_of(game, lineup)
    if record is not None:
        write_atomic(record, dumps(doc))
        output.note(f"wrote record {record}")
    _game_pictures(game, svg_path, html_path, output)
    output.emit(doc, _game_text(game))


def _play_command(group: click.Group, kind: str, players_range: tuple[int, int],
                  default_players: int) -> None:
    @group.command("play")
    @click.option("--players", "players_text", default=",".join(["greedy"] * default_players),
                  show_default=True,
                  help=f"One player per seat, comma-separated ({players_range[0]}-"
                       f"{players_range[1]} seats): {', '.join(GAMES[kind].player_names())}.")
    @click.option("--seed", type=int, default=1, show_default=True,
                  help="Seed of the deal and of every player.")
    @click.option("--strategies", default=None, hidden=True)
    @click.option("--record", type=PathOption, help="Write the game record (JSON) here.")
    @budget_options
    @within_tile_option
    @picture_options
    @output_options
    def play(players_text: str, seed: int, strategies: str | None, record: Path | None,
             move_time: float | None, max_nodes: int | None, within_tile: bool,
             svg_path: Path | None, html_path: Path | None, output: Output) -> None:
        """Play one seeded game between players; print the result (JSON: the record)."""
        if strategies is not None:
            warn_deprecated("--strategies", "--players NAME,NAME,... (one name per seat)")
        _play(kind, lineup_of(players_text, strategies, players_range, kind), seed,
              within_tile, record, svg_path, html_path, output, move_time, max_nodes)

    play.__doc__ = (f"Play one seeded {kind} game between players on the one match runner "
                    "(JSON: the record).")

    @group.command("replay")
    @click.argument("record_path", metavar="RECORD", type=PathOption)
    @picture_options
    @output_options
    def replay_cmd(record_path: Path, svg_path: Path | None, html_path: Path | None,
                   output: Output) -> None:
        """Replay a game record, checking every move; print the scores and the winner."""
        game = read_record(record_path)
        if game.kind != kind:
            raise InvalidInputError(f"{record_path} is a {game.kind} record, not {kind}")
        doc = {"moves": len(game.history), "finished": game.is_terminal(),
               "scores": game.scores(), "ranking": game.ranking(),
               "winner": game.ranking()[0]}
        _game_pictures(game, svg_path, html_path, output)
        output.emit(doc, _game_text(game) + f"\nmoves: {len(game.history)}"
                    + ("" if game.is_terminal() else " (unfinished)"))

    @group.command("tournament")
    @click.option("--seats", type=click.IntRange(*players_range), default=default_players,
                  show_default=True, help="Seats at the table.")
    @click.option("--games", type=click.IntRange(1, 10**7), default=30, show_default=True,
                  help="How many games.")
    @click.option("--seed", type=int, default=1, show_default=True,
                  help="Seed of game 1 (the deals and players of every game follow from it).")
    @click.option("--players", "players_text", default="random,greedy,lookahead",
                  show_default=True,
                  help="Comma-separated players (random, greedy, lookahead, mcts; Dominimum also "
                       "expect), rotated over the seats game by game.")
    @click.option("--swap/--no-swap", default=True, show_default=True,
                  help="Rotate the seats game by game.")
    @budget_options
    @click.option("--plot", "plot_path", type=PathOption,
                  help="Write the score plot (.png or .svg).")
    @click.option("--records", "records_dir",
                  type=click.Path(file_okay=False, path_type=Path),
                  help="Write every game record to DIR/game-0001.txt ... (JSON documents).")
    @within_tile_option
    @click.option("--html", "html_path", type=PathOption, help="Write the HTML report.")
    @click.option("--strategies", "old_strategies", default=None, hidden=True)
    @output_options
    def tournament(seats: int, games: int, seed: int, players_text: str, swap: bool,
                   move_time: float | None, max_nodes: int | None, plot_path: Path | None,
                   records_dir: Path | None, within_tile: bool, html_path: Path | None,
                   old_strategies: str | None, output: Output) -> None:
        """Seeded games between players (the one runner of ``solver ladder``): win rates by
        player and seat, scores, a plot.

        JSON: {"game", "players", "seats", "seed", "games", "interrupted", "by_player":
        {name: {"seats", "wins", "win_rate", "mean_score", "median_score", "min_score",
        "max_score"}}, "by_seat": [{"seat", "wins", "win_rate"}], "results": [{"game",
        "lineup", "returns", "result", "moves", "deal_seed", "scores"}]}.
        """
        if players_text.strip().isdigit():  # the old --players N was the number of seats
            warn_deprecated("--players N", "--seats N")
            seats, players_text = int(players_text), "random,greedy,lookahead"
            if not players_range[0] <= seats <= players_range[1]:
                raise InvalidInputError(f"--seats {seats}: {players_range[0]}-"
                                        f"{players_range[1]}")
        if old_strategies is not None:
            warn_deprecated("--strategies", "--players")
            players_text = old_strategies
        names = split_players(players_text)
        GAMES[kind].check_players(names)
        if plot_path is not None and plot_path.suffix.lower() not in (".png", ".svg"):
            raise InvalidInputError(f"--plot {plot_path}: use a .png or .svg file name")
        with progress_bar(f"{kind} tournament", total=games, quiet=output.quiet,
                          unit="game") as bar:
            result = run_match(GAMES[kind], names, games, seed, swap, move_time, max_nodes,
                               {"within_tile": within_tile}, records_dir,
                               on_game=lambda _: bar.update(1), seats=seats)
        _tournament_outputs(result, seats, plot_path, html_path, output)
        if result.interrupted:
            raise SearchInterrupted(f"stopped after {len(result.games)} games; the results "
                                    "above cover those games")


def _tournament_outputs(result: MatchResult, seats: int, plot_path: Path | None,
                        html_path: Path | None, output: Output) -> None:
    stats = result.score_summary()
    n = len(result.games)
    by_seat = [{k: row[k] for k in ("seat", "wins", "win_rate")} for row in result.by_seat()]
    rows = [[nm, s["seats"], s["wins"], f"{s['win_rate']:.3f}", s["mean_score"],
             s["median_score"], s["min_score"], s["max_score"]] for nm, s in stats.items()]
    header = ["player", "seats", "wins", "win rate", "mean", "median", "min", "max"]
    seat_rows = [[s["seat"] + 1, s["wins"], f"{s['win_rate']:.3f}"] for s in by_seat]
    text = (table(header, rows) + "\n\n" + table(["seat", "wins", "win rate"], seat_rows)
            + f"\n\ngames: {n}" + (" (interrupted)" if result.interrupted else ""))
    totals = result.totals()
    dists = {nm: [int(x) for x in totals[nm].scores] if nm in totals else [] for nm in stats}
    kind = result.game.name
    xlabel = "final score" + (" (lower wins)" if kind == "dominimum"
                              else " (higher wins, log scale)")
    log = kind == "dominomega"
    if plot_path is not None:
        fmt = plot_path.suffix.lower().lstrip(".")
        write_atomic(plot_path, score_plot(dists, title=f"{kind} score distribution",
                                           xlabel=xlabel, fmt=fmt, log=log))
        output.note(f"wrote plot {plot_path}")
    if html_path is not None:
        plot_svg = score_plot(dists, title=f"{kind} score distribution",
                              xlabel=xlabel, fmt="svg", log=log).decode()
        page = tournament_page(kind, n, seats, result.seed, plot_svg,
                               Table(header, rows, "by player"),
                               Table(["seat", "wins", "win rate"], seat_rows, "by seat"))
        write_picture(html_path, page, output, "report")
    doc = {"game": kind, "players": result.lineup, "seats": seats,
           "seed": result.seed, "games": n, "interrupted": result.interrupted,
           "by_player": stats, "by_seat": by_seat,
           "results": [{k: v for k, v in g.to_json().items() if k != "record"}
                       for g in result.games]}
    output.emit(doc, text)


GAMES = {"dominimum": DOMINIMUM, "dominomega": DOMINOMEGA}
_play_command(dominimum, "dominimum", (2, 4), 3)
_play_command(dominomega, "dominomega", (2, 3), 3)


# -- models and puzzles ---------------------------------------------------------------------
def _model_output(result: Any, title: str, svg_path: Path | None, html_path: Path | None,
                  output: Output, highlights: list[Highlight]) -> None:
    pairs: list[tuple[str, object]] = [
        ("question", result.question), ("region", f"{result.region[0]}x{result.region[1]} "
                                        f"({result.tiles} tiles)"),
        ("status", result.status + (" (proven optimal in the region)" if result.proven
                                    else "")),
        ("value", result.value), ("bound", result.bound),
        ("seconds", round(result.seconds, 2))]
    text = key_values(pairs)
    if result.layout is not None and (svg_path or html_path):
        svg = layout_svg(result.layout, highlights, title=f"{title}: {result.value} "
                         f"({result.status})")
        _write_pictures(svg, title, [text.replace("\n", "; ")], [], svg_path, html_path,
                        output)
    output.emit(result.to_json(), text)


@dominimum.command("extremes")
@click.option("--mission", nargs=2, type=int, required=True, metavar="A B",
              help="The two values of the mission tile.")
@click.option("--sense", type=click.Choice(["min", "max", "both"]), default="both",
              show_default=True, help="The lowest score, the highest, or both.")
@click.option("--region", default="8x9", show_default=True,
              help="The rectangle WIDTHxHEIGHT the layout must fit in.")
@click.option("--others", multiple=True, help="Other players' mission tiles (not on the "
              "table), e.g. --others 2-6.")
@click.option("--time-limit", type=click.FloatRange(0.1, 86400), default=60.0,
              show_default=True, help="Seconds per model.")
@click.option("--seed", type=int, default=1, show_default=True, help="CP-SAT random seed.")
@picture_options
@output_options
def extremes(mission: tuple[int, int], sense: str, region: str, others: tuple[str, ...],
             time_limit: float, seed: int, svg_path: Path | None, html_path: Path | None,
             output: Output) -> None:
    """Lowest and highest score of mission A B over complete layouts (CP-SAT).

    The layout holds every tile but the mission tile (and --others), inside --region, with
    the tiles connected. Status OPTIMAL means proven within the region. JSON: {"min": {...},
    "max": {...}} with question, status, proven, region, tiles, value, bound, layout.
    """
    from solver.dominimum.models import dominimum_extreme, parse_region  # local: start-up

    check_mission(mission)
    reg = parse_region(region)
    other_tiles = [parse_tile(t) for t in others]
    senses = ["min", "max"] if sense == "both" else [sense]
    docs: dict[str, Any] = {}
    texts = []
    figures = []
    interrupted = False
    for s in senses:
        try:
            r = dominimum_extreme(mission, s, reg, other_tiles, time_limit, seed=seed)
        except KeyboardInterrupt:
            interrupted = True
            break
        docs[s] = r.to_json()
        texts.append(key_values([
            (f"{s} score", r.value), ("status", r.status + (" (proven optimal in the region)"
                                                            if r.proven else "")),
            ("bound", r.bound), ("seconds", round(r.seconds, 2))]))
        if r.layout is not None:
            rep = mission_report(r.layout, mission)
            hls = [Highlight(frozenset(rep.largest[v]), PALETTE[i],
                             f"largest group of {v}: {len(rep.largest[v])}")
                   for i, v in enumerate(rep.mission)]
            figures.append(layout_svg(r.layout, hls, title=f"{s} score {rep.score} "
                                      f"({r.status})"))
    header = (f"mission {tile_name(mission)}, region {reg[0]}x{reg[1]}, "
              f"{36 - 1 - len(other_tiles)} tiles on the table, connected")
    text = header + "\n" + "\n".join(texts)
    if figures:
        write_picture(svg_path, figures[0], output)
        if html_path is not None:
            page = pictures_page("Dominimum extremes",
                                 f"Extreme scores of mission {tile_name(mission)}",
                                 [header, *texts], figures)
            write_picture(html_path, page, output, "report")
    output.emit(docs, text)
    if interrupted:
        raise SearchInterrupted("interrupted" + (f"; kept the {', '.join(docs)} result above"
                                                 if docs else " before any result"))


@dominomega.command("maximum")
@click.option("--symbols", default="1", show_default=True,
              help="Comma-separated symbols that must all reach 3^12 in one layout, e.g. 1 "
              "or 1,2,4.")
@click.option("--region", default="8x9", show_default=True,
              help="The rectangle WIDTHxHEIGHT the layout must fit in.")
@click.option("--frame", default=None, metavar="comb:M",
              help="Instead of a rectangle, a fixed frame of domino slots: comb:M is a spine "
              "of M horizontal tiles with an optional vertical tile under and over every "
              "spine cell (docs/results.md, question 2).")
@click.option("--time-limit", type=click.FloatRange(0.1, 86400), default=120.0,
              show_default=True, help="Seconds for the model (wall clock).")
@click.option("--seed", type=int, default=1, show_default=True, help="CP-SAT random seed.")
@picture_options
@output_options
def maximum(symbols: str, region: str, frame: str | None, time_limit: float, seed: int,
            svg_path: Path | None, html_path: Path | None, output: Output) -> None:
    """A layout of all 36 tiles where each listed symbol scores 531441 = 3^12 (CP-SAT).

    3^12 is the largest product of positive integers summing to 36. The value is the layout's
    score re-computed by the networkx scorer; the status is OPTIMAL only when it reaches 3^12;
    INFEASIBLE proves no such layout exists in the region; UNKNOWN: time out. A layout that
    breaks the tile rules is an engine fault (exit 70).
    """
    from solver.dominimum.models import dominomega_maximum, parse_region  # local: start-up

    try:
        syms = tuple(int(s) for s in symbols.split(","))
    except ValueError:
        raise InvalidInputError(f"--symbols {symbols!r}: write e.g. 1 or 1,2,4") from None
    if frame is not None:
        from solver.dominimum.frame import dominomega_on_frame, parse_frame  # local: start-up

        required, optional = parse_frame(frame)
        result = dominomega_on_frame(syms, required, optional, time_limit, seed=seed,
                                     name=frame)
    else:
        result = dominomega_maximum(syms, parse_region(region), time_limit, seed=seed)
    hls: list[Highlight] = []
    if result.layout is not None:
        rep = omega_report(result.layout, (syms[0],))
        hls = [Highlight(frozenset(g), PALETTE[i % len(PALETTE)])
               for i, g in enumerate(rep.groups[syms[0]])]
    _model_output(result, f"Dominomega maximum for {symbols}", svg_path, html_path, output,
                  hls)
    if result.status == "INFEASIBLE":
        raise InfeasibleError(f"no layout in {frame or region} gives symbols {symbols} 3^12 "
                              "each")


def _puzzle_command(group: click.Group, kind: str, players_range: tuple[int, int],
                    default_players: int) -> None:
    @group.command("puzzles")
    @click.option("--count", type=click.IntRange(1, 1000), default=3, show_default=True,
                  help="How many puzzles to make.")
    @click.option("--seats", "players", type=click.IntRange(*players_range),
                  default=default_players, show_default=True, help="Seats of the games.")
    @alias("--players", "players", new="--seats")
    @click.option("--seed", type=int, default=1, show_default=True,
                  help="Games seeded SEED, SEED+1, ... are tried.")
    @click.option("--games", "tries", type=click.IntRange(1, 10**6), default=500,
                  show_default=True, help="Search at most this many games.")
    @alias("--tries", "tries", new="--games")
    @click.option("--html", "html_path", type=PathOption,
                  help="Write the puzzles and answers as an HTML page.")
    @output_options
    def puzzles(count: int, players: int, seed: int, tries: int, html_path: Path | None,
                output: Output) -> None:
        """Endgame puzzles: place the last tile; a unique best placement, proven by scoring
        every legal placement. JSON: {"puzzles": [...]} (see docs/dominimum.md)."""
        from solver.dominimum.endgames import generate  # local: start-up

        found = []
        interrupted = False
        with progress_bar(f"{kind} puzzles", total=count, quiet=output.quiet,
                          unit="puzzle") as bar:
            try:
                for p in generate(kind, players, seed, tries):
                    found.append(p)
                    bar.update(1)
                    if len(found) == count:
                        break
            except KeyboardInterrupt:
                interrupted = True
        rows = [[p.seed, p.to_move + 1, tile_name(p.tile), str(p.answer), p.best[0], p.best[1],
                 p.runner_up[0] if p.runner_up else "-", p.placements] for p in found]
        header = ["seed", "seat", "tile", "answer", "score", "best opponent",
                  "runner-up score", "placements"]
        text = table(header, rows) if rows else "no puzzle found"
        if html_path is not None:
            shown = []
            for p in found:
                question = layout_svg(p.layout, [], title=f"seat {p.to_move + 1} to place "
                                      f"{tile_name(p.tile)}")
                solved = p.layout.copy()
                solved.place(p.answer)
                answer = layout_svg(solved, [Highlight(frozenset(p.answer.cells), "#ffbf00",
                                                       "answer")], title="answer")
                own = (f"missions {[tile_name(m) for m in p.missions]}" if kind == "dominimum"
                       else f"symbols {list(omega_symbols(p.players))}")
                shown.append((p, f"{own}; seat {p.to_move + 1} places the last tile "
                              f"{tile_name(p.tile)}. Exactly one of the {p.placements} legal "
                              "placements is best: which?", question, answer))
            write_picture(html_path, endgame_puzzles_page(kind, shown), output, "report")
        output.emit({"puzzles": [p.to_json() for p in found]}, text)
        if interrupted:
            raise SearchInterrupted(f"interrupted; kept the {len(found)} puzzle(s) found")
        if not found:  # the --games budget, not a proof that no puzzle exists (exit 3)

            raise BudgetExhaustedError(f"no puzzle in {tries} games from seed {seed} "
                                       "(--games)")


_puzzle_command(dominimum, "dominimum", (2, 4), 2)
_puzzle_command(dominomega, "dominomega", (2, 3), 3)
