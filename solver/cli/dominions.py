"""``solver dominions``: replay, analyse, self-play, best move and puzzles."""

from __future__ import annotations

from pathlib import Path

import click

from puzzles.dominions import COLOUR_LETTERS, Position, read_record, replay_record
from reports.dominions import Marks, position_svg, position_text
from reports.html import Figure, Section, Table, render_page
from reports.text import key_values, table
from solver.cli.common import Output, output_options, write_picture
from solver.dominions.analysis import Analysis, analyse

RECORD = click.Path(exists=True, dir_okay=False, path_type=Path)


@click.group()
def dominions() -> None:
    """Dominions on the 64-hexagon set: records, analysis, players, puzzles."""


def load(path: Path, move: int | None) -> Position:
    """Replay a record file up to ``move`` (all moves by default)."""
    return replay_record(read_record(path), move)


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
                 eyes={0: a.eyes["W"], 1: a.eyes["B"]}, oscillation=a.oscillation_eyes,
                 last=last_cells)


def analysis_text(a: Analysis) -> str:
    """Readable summary of an analysis."""
    pos = a.position
    name = pos.board.name
    rows = []
    for g in a.groups:
        rows.append([COLOUR_LETTERS[g.view.colour], len(g.view.cells),
                     " ".join(name(c) for c in sorted(g.view.cells))[:40],
                     " ".join(name(c) for c in sorted(g.view.liberties)),
                     "alive" if g.alive else ("atari" if g.atari else "")])
    facts = key_values([
        ("legal moves", f"W {a.legal_counts['W']}, B {a.legal_counts['B']}"),
        ("sections", len(a.sections)),
        ("W eyes", " ".join(name(c) for c in a.eyes["W"]) or "-"),
        ("B eyes", " ".join(name(c) for c in a.eyes["B"]) or "-"),
        ("oscillation eyes", " ".join(name(c) for c in a.oscillation_eyes) or "-"),
        ("eye quality", " ".join(name(c) for c in a.eye_quality) or "-"),
    ])
    return (summary_text(pos) + "\n" + facts + "\n\n"
            + table(["colour", "size", "cells", "liberties", "status"], rows))


def analysis_svg(a: Analysis) -> str:
    """The board picture of an analysis."""
    pos = a.position
    return position_svg(pos, analysis_marks(a),
                        title=f"after {len(pos.moves)} moves: {pos.result()}",
                        caption="outlines: groups; dots: eyes; crosses: eyes by oscillation; "
                                "amber: last move")


@dominions.command("analyse")
@click.argument("record", type=RECORD)
@click.option("--move", "move", type=click.IntRange(min=0), default=None,
              help="Analyse the position after this many moves (default: the end).")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also draw the board with groups, eyes and the last move.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write an HTML report (picture and tables).")
@output_options
def analyse_cmd(record: Path, move: int | None, svg_path: Path | None, html_path: Path | None,
                output: Output) -> None:
    """Groups, liberties, sections, atari, eyes, oscillation and life of a position.

    JSON: {"moves_played", "to_move", "score", "legal_moves": {"W": n, "B": n},
    "groups": [{"colour", "cells", "liberties", "alive", "atari", "eyes"}], "sections",
    "atari", "eyes": {"W": [...], "B": [...]}, "oscillation_eyes", "eye_quality",
    "cells": {"e5": {"fitting", "held", "legal", "oscillating", "capture_liberties"}}}.
    """
    a = analyse(load(record, move))
    if svg_path is not None:
        write_picture(svg_path, analysis_svg(a), output)
    if html_path is not None:
        write_picture(html_path, render_page("Dominions analysis", analysis_sections(a)),
                      output, "report")
    output.emit(a.to_json(), analysis_text(a))


def analysis_sections(a: Analysis) -> list[Section]:
    """HTML sections of an analysis."""
    pos = a.position
    name = pos.board.name
    rows: list[list[object]] = [
        [COLOUR_LETTERS[g.view.colour], len(g.view.cells),
         " ".join(name(c) for c in sorted(g.view.cells)),
         " ".join(name(c) for c in sorted(g.view.liberties)),
         "yes" if g.alive else "", "yes" if g.atari else ""]
        for g in a.groups]
    return [Section("Dominions position", [
        f"{len(pos.moves)} moves played; score W {a.score['W']}, B {a.score['B']}; "
        f"legal placements W {a.legal_counts['W']}, B {a.legal_counts['B']}; "
        f"{len(a.sections)} sections.",
        "W eyes: " + (" ".join(name(c) for c in a.eyes["W"]) or "none") + ". B eyes: "
        + (" ".join(name(c) for c in a.eyes["B"]) or "none") + ". Eyes by oscillation: "
        + (" ".join(name(c) for c in a.oscillation_eyes) or "none") + ".",
    ], [Figure(analysis_svg(a), "groups outlined, eyes dotted, last move in amber")],
        [Table(["colour", "size", "cells", "liberties", "alive", "atari"], rows)])]
