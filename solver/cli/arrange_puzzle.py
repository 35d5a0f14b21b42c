"""``solver arrange puzzles``: make a "complete this" puzzle with a unique answer."""

from __future__ import annotations

from pathlib import Path

import click

from puzzles.arrangements import Arrangement
from puzzles.beamsets import SET_NAMES
from puzzles.regions import BORDER_RULES
from reports.beams import arrangement_svg, arrangement_text
from reports.output import dumps, write_atomic
from reports.pages import arrangement_puzzle_page
from solver.arrange.engines import engine_named
from solver.arrange.problem import ArrangementProblem
from solver.arrange.puzzle import generate_puzzle
from solver.cli.common import Output, html_option, output_options, svg_option, write_picture
from solver.progress import progress_bar


@click.command("puzzles")
@click.argument("kind", type=click.Choice(["compact", "transcendental", "starmap"]),
                default="compact")
@click.option("--set", "set_name", type=click.Choice(SET_NAMES), default="square",
              show_default=True, help="The piece set.")
@click.option("--region", default="4x4", show_default=True, metavar="R",
              help="Region name (4x4, rhombus:8x8, torus:4x4, ...) or file.")
@click.option("--border", type=click.Choice(BORDER_RULES), default="blank", show_default=True,
              help="blank: no beam may leave the region; free: beams may.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of every choice.")
@click.option("--tries", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Random hiding orders to try; the fewest clues win.")
@click.option("--engine", type=click.Choice(["auto", "kernel", "cpsat", "constraint"]),
              default="auto", show_default=True,
              help="The engine that proves the answer unique (counts completions up to 2).")
@click.option("--answer", "answer_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the answer arrangement (JSON) to this file.")
@svg_option("Draw the puzzle (the clues) into this SVG file.")
@html_option("Write a page with the puzzle and its answer.")
@output_options
def puzzle(kind: str, set_name: str, region: str, border: str, seed: int, tries: int,
           engine: str, answer_path: Path | None, svg_path: Path | None,
           html_path: Path | None, output: Output) -> None:
    """Pick a solution and reveal as few pieces as keep its completion unique.

    Uniqueness is proven by counting completions up to 2. JSON: {"set", "kind", "region",
    "border", "seed", "clues": n, "fixed": [{"cell": [q, r], "piece": n}], "answer": {...}};
    solve it again with `solver arrange find ... --fixed FILE`.
    """
    problem = ArrangementProblem.create(set_name, kind, region, border)
    with progress_bar("uniqueness checks", quiet=output.quiet, unit="check") as bar:
        def tick(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        made = generate_puzzle(problem, seed, tries=tries, engine=engine_named(engine),
                               tick=tick)
    shown = Arrangement(made.answer.set_name, made.answer.kind, made.clues, made.answer.region)
    picture = arrangement_svg(shown, title=f"{len(made.clues)} clues, seed {seed}")
    write_picture(svg_path, picture, output)
    if answer_path is not None:
        write_atomic(answer_path, dumps(made.answer.to_json()))
        output.note(f"wrote answer {answer_path}")
    if html_path is not None:
        page = arrangement_puzzle_page(made.puzzle.describe(), picture, made.answer, made.clues)
        write_picture(html_path, page, output, "page")
    text = (f"{made.puzzle.describe()}: {len(made.clues)} clues "
            f"({made.checks} uniqueness checks)\n{arrangement_text(shown)}")
    output.emit(made.to_json(), text)
