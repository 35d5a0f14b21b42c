"""``solver backslide``: the square set in a 15-puzzle."""

from __future__ import annotations

from pathlib import Path

import click

from puzzles.backslide import format_position, parity_class, parse_position
from reports.backslide import slide_sequence_svg
from solver.backslide import check_solution, classes, scramble, solve, solved_positions
from solver.cli.common import Output, output_options, svg_option, write_picture
from solver.progress import progress_bar


@click.group()
def backslide() -> None:
    """BackSlide: fifteen square-set pieces in a 4x4 sliding puzzle, the hole is the blank."""


@backslide.command("classes")
@output_options
def classes_cmd(output: Output) -> None:
    """Split the 652 compact 4x4 solutions into the two 15-puzzle parity classes.

    JSON: {"classes": [n0, n1], "total": n}.
    """
    counts = classes()
    output.emit({"classes": counts, "total": sum(counts)},
                f"compact 4x4 solutions: {sum(counts)}\n"
                f"class 0: {counts[0]}\nclass 1: {counts[1]}")


def _read_position(text: str) -> tuple[tuple[int, ...], str]:
    from puzzles.documents import read_text, source_name  # local: start-up

    if text.startswith("@") or text == "-" or (len(text) < 200 and _is_file(text)):
        name = text[1:] if text.startswith("@") else text
        return parse_position(read_text(name, "position file"), source_name(name)), name
    return parse_position(text), "position"


def _is_file(text: str) -> bool:
    """A path (it exists, whatever it is, or names a folder), not a position: ``read_text``
    then reads it or refuses a folder, device or pipe in one line."""
    if "/" in text:  # a position never holds one
        return True
    try:
        return Path(text).exists()
    except (OSError, ValueError):
        return False


@backslide.command("solve")
@click.argument("position")
@click.option("--max-nodes", type=click.IntRange(min=1), default=2_000_000_000,
              show_default=True, help="Give up after this many search nodes.")
@svg_option("Draw the slide sequence: a strip of small boards and the numbered list.")
@output_options
def solve_cmd(position: str, max_nodes: int, svg_path: Path | None, output: Output) -> None:
    """Fewest slides from POSITION to any solved position of its class (IDA*, optimal).

    POSITION: 16 cells row by row, pieces 1-15 and the hole as '.', e.g.
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 .", or @FILE / a file holding them.

    JSON: {"start": [16 cells], "class": c, "moves": n, "slides": [piece per slide],
    "goal": [16 cells], "nodes": n}; the hole is 0. Every answer is replayed by the domain's
    slide rule and its goal judged by verify() before it is printed (exit 70 on a fault).
    """
    start, _ = _read_position(position)
    with progress_bar("IDA*", quiet=output.quiet, unit="iter") as bar:
        def tick(threshold: int, nodes: int) -> None:
            bar.set_postfix_str(f"depth<={threshold} nodes={nodes}")
            bar.update(1)

        result = solve(start, max_nodes=max_nodes, on_iteration=tick)
    check_solution(result)  # replayed by the domain's rules, the goal judged by verify()
    write_picture(svg_path, slide_sequence_svg(start, result.slides), output)
    doc = {"start": list(start), "class": result.parity_class, "moves": result.length,
           "slides": list(result.slides), "goal": list(result.goal), "nodes": result.nodes}
    text = (f"class {result.parity_class}; fewest slides: {result.length} "
            f"(search nodes: {result.nodes})\n"
            f"slides: {' '.join(map(str, result.slides)) or '(already solved)'}\n"
            f"solved position:\n{format_position(result.goal)}")
    output.emit(doc, text)


@backslide.command("scramble")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the random slides.")
@click.option("--slides", type=click.IntRange(min=0, max=100000), default=40, show_default=True,
              help="How many random slides.")
@click.option("--solution", "index", type=click.IntRange(min=0, max=651), default=0,
              show_default=True, help="Start from this solved position (0-651).")
@output_options
def scramble_cmd(seed: int, slides: int, index: int, output: Output) -> None:
    """A position some random slides away from a solved one (seeded).

    JSON: {"position": [16 cells], "class": c, "seed": s, "slides": n}.
    """
    pos = scramble(solved_positions()[index], slides, seed)
    output.emit({"position": list(pos), "class": parity_class(pos), "seed": seed,
                 "slides": slides},
                " ".join("." if v == 0 else str(v) for v in pos))
