"""``solver dominions``: replay, analyse, self-play, best move and puzzles."""

from __future__ import annotations

import random
from pathlib import Path

import click

from puzzles.documents import source_name
from puzzles.dominions import COLOUR_LETTERS, Position, read_record, replay_record
from puzzles.dominions.records import format_moves
from puzzles.errors import (
    BudgetExhaustedError,
    InvalidInputError,
    SearchInterrupted,
)
from puzzles.game import located
from reports.dominions import Marks, position_svg, position_text
from reports.pages import dominions_analysis_page, dominions_puzzles_page
from reports.text import key_values, table
from solver.cli.common import Output, html_option, output_options, svg_option, write_picture
from solver.cli.play import budget_options, match_command_body, split_players
from solver.cli.vocabulary import alias, alias_command, seat_alias
from solver.dominions.analysis import Analysis, analyse
from solver.dominions.gamedef import DOMINIONS
from solver.dominions.players import DEFAULT_BUDGET
from solver.dominions.puzzles import GOALS, Puzzle, answer_move, find_puzzles
from solver.dominions.search import search
from solver.dominions.tracker import Tracker
from solver.progress import progress_bar

RECORD = click.Path(exists=True, dir_okay=False, path_type=Path, allow_dash=True)


@click.group()
def dominions() -> None:
    """Dominions on the 64-hexagon set: records, analysis, players, puzzles."""


def load(path: Path, move: int | None) -> Position:
    """Replay a record file up to ``move`` (all moves by default); errors name the file."""
    record = read_record(path)
    try:
        return replay_record(record, move)
    except InvalidInputError as exc:
        where = f"{source_name(path)}: {exc.where}" if exc.where else source_name(path)
        raise located(exc, where) from None


def summary_text(pos: Position) -> str:
    """The board and the key facts of a position as text."""
    w, b = pos.score()
    facts = key_values([
        ("moves played", len(pos.moves)),
        ("to move", "game over" if pos.is_over() else COLOUR_LETTERS[pos.to_move]),
        ("score", f"W {w}, B {b} ({pos.result()})"),
        ("W hand", " ".join(map(str, pos.hand(0))) or "-"),
        ("B hand", " ".join(map(str, pos.hand(1))) or "-"),
    ])
    return position_text(pos) + "\n\n" + facts


@dominions.command("replay")
@click.argument("record", type=RECORD)
@click.option("--move", "move", type=click.IntRange(min=0), default=None,
              help="Stop after this many moves (default: the whole record).")
@output_options
def replay_cmd(record: Path, move: int | None, output: Output) -> None:
    """Replay RECORD (W[P63i9];B[P55h8];...) and print the position.

    JSON: {"position": {"i9": "W63", ...}, "to_move": "W"|"B", "hands": {"W": [...],
    "B": [...]}, "score": {"W": s, "B": s}, "moves_played": n}.
    """
    pos = load(record, move)
    output.emit(pos.to_json(), summary_text(pos))


def analysis_marks(a: Analysis) -> Marks:
    """The picture marks of an analysis: groups, eyes, oscillation eyes, the last move."""
    pos = a.position
    last = pos.last_outcome()
    last_cells: list[int] = []
    if last is not None and not last[0].is_pass:
        last_cells = [last[0].cell]
    return Marks(groups=[(g.view.colour, sorted(g.view.cells)) for g in a.groups],
                 eyes={0: a.eyes["W"], 1: a.eyes["B"]}, oscillation=a.oscillation_cells,
                 last=last_cells)


def analysis_text(a: Analysis) -> str:
    """Readable summary of an analysis."""
    pos = a.position
    name = pos.board.name
    rows = []
    for g in a.groups:
        rows.append([COLOUR_LETTERS[g.view.colour], len(g.view.cells),
                     " ".join(name(c) for c in sorted(g.view.cells))[:40],
                     f"{g.liberties}: " + " ".join(name(c) for c in sorted(g.view.liberties)),
                     "alive" if g.alive else "alive now" if g.alive_now
                     else ("atari" if g.atari else "")])
    facts = key_values([
        ("legal moves", f"W {a.legal_counts['W']}, B {a.legal_counts['B']}"),
        ("sections", len(a.sections)),
        ("W eyes", " ".join(name(c) for c in a.eyes["W"]) or "-"),
        ("B eyes", " ".join(name(c) for c in a.eyes["B"]) or "-"),
        ("oscillation eyes", " ".join(name(c) for c in a.oscillation_cells) or "-"),
        ("eye quality", " ".join(name(c) for c in a.eye_quality) or "-"),
    ])
    return (summary_text(pos) + "\n" + facts + "\n\n"
            + table(["colour", "size", "cells", "liberties", "status"], rows))


def analysis_svg(a: Analysis) -> str:
    """The board picture of an analysis."""
    pos = a.position
    return position_svg(pos, analysis_marks(a),
                        title=f"after {len(pos.moves)} moves: {pos.result()}")


@dominions.command("analyse")
@click.argument("record", type=RECORD)
@click.option("--move", "move", type=click.IntRange(min=0), default=None,
              help="Analyse the position after this many moves (default: the end).")
@svg_option("Also draw the board with groups, eyes and the last move.")
@html_option("Also write an HTML report (picture and tables).")
@output_options
def analyse_cmd(record: Path, move: int | None, svg_path: Path | None, html_path: Path | None,
                output: Output) -> None:
    """Groups, liberties, sections, atari, eyes, oscillation and life of a position.

    JSON: {"moves_played", "to_move", "score", "legal_moves": {"W": n, "B": n},
    "groups": [{"colour", "cells", "liberties" (beams), "liberty_beams", "liberty_cells",
    "alive", "alive_now", "atari", "eyes", "oscillation_eyes"}], "sections", "atari",
    "eyes": {"W", "B"}, "oscillation_eyes": {"W", "B"}, "eye_quality",
    "eye_quality_by_player": {"W", "B"}, "scope", "cells": {"e5": {"fitting", "held", "legal",
    "oscillating", "plain", "suicide", "capture_liberties"}}}.
    """
    a = analyse(load(record, move))
    if svg_path is not None:
        write_picture(svg_path, analysis_svg(a), output)
    if html_path is not None:
        write_picture(html_path, dominions_analysis_page(a, analysis_svg(a)), output, "report")
    output.emit(a.to_json(), analysis_text(a))


@dominions.command("selfplay")
@click.option("--players", "players_text", default="greedy,random", show_default=True,
              help="White and Black of game 1, comma-separated (random, greedy, search, mcts).")
@click.option("--games", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many games.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of every random choice (same seed, same games).")
@click.option("--swap/--no-swap", default=True, show_default=True,
              help="Swap colours every other game.")
@budget_options
@click.option("--base", type=click.Choice(["8", "9", "10"]), default="9", show_default=True,
              help="Board size: cells along each edge.")
@click.option("--records", "records_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write each game's record to DIR/game-0001.txt ... (created).")
@seat_alias("--white", 0)
@seat_alias("--black", 1)
@alias("--alternate", "swap", flag=True)
@alias("--budget", "max_nodes", new="--max-nodes")
@output_options
def selfplay_cmd(players_text: str, games: int, seed: int, swap: bool,
                 move_time: float | None, max_nodes: int | None, base: str,
                 records_dir: Path | None, output: Output) -> None:
    """Play GAMES seeded games between two players (the one runner of ``solver ladder``).

    JSON: {"game", "players", "seed", "interrupted", "tally": {player: {"games", "wins",
    "draws", "points", "rate"}}, "by_seat", "games": [{"game", "lineup", "returns",
    "result", "moves", "deal_seed", "record"}]}. Ctrl-C keeps finished games (exit 130).
    """
    names = split_players(players_text)
    if len(names) != 2:
        raise InvalidInputError(f"--players needs two names (White,Black), got {len(names)}")
    match_command_body(DOMINIONS, names, games, seed, swap, move_time, max_nodes,
                       {"base": int(base)}, records_dir, output)


@dominions.command("best")
@click.argument("record", type=RECORD)
@click.option("--move", "move", type=click.IntRange(min=0), default=None,
              help="Search the position after this many moves (default: the end).")
@click.option("--max-nodes", "budget", type=click.IntRange(min=1), default=DEFAULT_BUDGET,
              show_default=True, help="Node budget of the search.")
@click.option("--time-limit", "seconds", type=click.FloatRange(min=0.01), default=None,
              help="Also stop deepening after this many seconds (wall clock).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the search's random tie-breaks.")
@alias("--budget", "budget", new="--max-nodes")
@alias("--seconds", "seconds", new="--time-limit")
@output_options
def best_cmd(record: Path, move: int | None, budget: int, seconds: float | None, seed: int,
             output: Output) -> None:
    """Suggest a move for the player to move, with its evaluation and principal line.

    JSON: {"to_move", "move": "B[P55h8]", "value": v (for the mover, material units),
    "line": ["B[P55h8]", "W[...]", ...], "depth": d, "nodes": n}.
    """
    pos = load(record, move)
    if pos.is_over():
        raise InvalidInputError("the game is over: there is no move to suggest")
    r = search(Tracker(pos), budget, seconds=seconds, rng=random.Random(seed))
    line = format_moves(r.line, pos.to_move, pos).split(";")
    doc = {"to_move": COLOUR_LETTERS[pos.to_move], "move": line[0], "value": round(r.value, 3),
           "line": line, "depth": r.depth, "nodes": r.nodes}
    text = key_values([("to move", doc["to_move"]), ("best", line[0]),
                       ("value", f"{r.value:+.2f}"), ("line", " ".join(line)),
                       ("depth", r.depth), ("nodes", r.nodes)])
    output.emit(doc, text)


@dominions.command("puzzles")
@click.option("--goal", type=click.Choice(GOALS), required=True,
              help="What the one right first move must do.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the self-play games searched for puzzles.")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles (each from a different self-play game).")
@click.option("--games", type=click.IntRange(min=1), default=30, show_default=True,
              help="Self-play games to search for positions.")
@svg_option("Draw the (first) puzzle position.")
@html_option("Write the puzzles with pictures, questions and answers.")
@output_options
def puzzle_cmd(goal: str, seed: int, count: int, games: int, svg_path: Path | None,
               html_path: Path | None, output: Output) -> None:
    """Find positions of seeded self-play where exactly one first move meets GOAL.

    Text output is the collection format (goal/depth/target/answer/record blocks).
    JSON: {"puzzles": [{"goal", "depth", "question", "target", "answer", "record"}]}.
    """
    bar = progress_bar("puzzles", count, output.quiet, unit="puzzle")
    found: list[Puzzle] = []
    try:
        for p in find_puzzles(goal, seed, count, games):
            found.append(p)
            bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
    else:
        interrupted = False
    finally:
        bar.close()
    if not found and interrupted:
        raise SearchInterrupted("interrupted before any puzzle was found")
    if not found:
        # the --games budget ran out: not a proof that no such puzzle exists (exit 3)
        raise BudgetExhaustedError(f"no {goal} puzzle in {games} self-play games of seed "
                                   f"{seed} (--games)")
    if svg_path is not None:
        write_picture(svg_path, puzzle_svg(found[0]), output)
    if html_path is not None:
        page = dominions_puzzles_page([(p, puzzle_svg(p), puzzle_svg(p, show_answer=True))
                                       for p in found])
        write_picture(html_path, page, output, "report")
    doc = {"puzzles": [{"goal": p.goal, "depth": p.depth, "question": p.question(),
                        "target": list(p.target), "answer": p.answer, "record": p.record}
                       for p in found]}
    text = "\n\n".join(f"# {p.question()}\n{p.to_text()}" for p in found)
    output.emit(doc, text)
    if interrupted:
        raise SearchInterrupted(f"interrupted after {len(found)} puzzles (kept above)")


alias_command(dominions, "puzzle", "puzzles")


def puzzle_svg(p: Puzzle, show_answer: bool = False) -> str:
    """The puzzle position (target group outlined; with the answer cell when asked)."""
    pos = p.position()
    target = [pos.board.cell_index(n) for n in p.target]
    marks = Marks(groups=[(pos.to_move, target)] if target else [])
    if show_answer:
        marks.highlight = [answer_move(p, pos).cell]
        marks.highlight_label = "the answer"
    return position_svg(pos, marks, title=f"{p.goal}: {'WB'[pos.to_move]} to move",
                        numbers=True)
