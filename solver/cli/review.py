"""``solver review RECORD``: the engine's view of every move of a game record (any game)."""

from __future__ import annotations

from pathlib import Path

import click

from puzzles.documents import read_text, source_name
from puzzles.errors import InvalidInputError, SearchInterrupted
from reports.pages import REVIEW_HEADER, mistake_title, review_page, review_rows
from reports.text import key_values, table
from solver.cli.common import Output, html_option, output_options, write_picture
from solver.cli.play import budget_options
from solver.games import record_game
from solver.play.review import plot_review, review_state, states_at
from solver.progress import progress_bar


@click.command("review")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path,
                                         allow_dash=True))
@budget_options
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the engine.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Draw the evaluation over the game (SVG or PNG by the suffix).")
@html_option("Write an HTML report with the board at each of the biggest mistakes.")
@output_options
def review(record: Path, move_time: float | None, max_nodes: int | None, seed: int,
           plot_path: Path | None, html_path: Path | None, output: Output) -> None:
    """For every move of RECORD: the engine's evaluation before and after, its best move and
    the loss of the move played; the biggest mistakes. The game is detected from the record.

    Values are the engine's win estimates for the mover (0..1), from the mover's information
    only. Default budget: 200 nodes per position (--max-nodes), or --move-time seconds.
    JSON: {"game", "seats", "moves": [{"number", "seat", "move", "best", "before", "after",
    "loss"}], "mistakes": [...], "interrupted", "reviewed", "total"}. Ctrl-C stops cleanly
    and reports the moves reviewed so far (exit 130).
    """
    if plot_path is not None and plot_path.suffix not in (".svg", ".png"):
        raise InvalidInputError(f"--plot {plot_path}: the file name must end in .svg or .png")
    text = read_text(record, "record file")
    try:
        game = record_game(text)
        start, moves = game.read_record(text)
    except InvalidInputError as exc:
        raise type(exc)(exc.message, where=source_name(record)
                        + (f": {exc.where}" if exc.where else "")) from None
    if max_nodes is None and move_time is None:
        max_nodes = 200
    bar = progress_bar("review", len(moves), output.quiet, unit="move")
    try:
        result = review_state(game, start, moves, max_nodes, move_time, seed,
                              step=lambda _: bar.update(1))
    finally:
        bar.close()
    if plot_path is not None and result.moves:
        plot_review(result, str(plot_path))
        output.note(f"wrote plot {plot_path}")
    mistakes = result.mistakes()
    if html_path is not None:
        import tempfile

        states = states_at(start, moves, [m.number for m in mistakes])
        plot = None
        if result.moves:
            with tempfile.TemporaryDirectory() as tmp:
                plot_file = Path(tmp) / "eval.svg"
                plot_review(result, str(plot_file))
                plot = plot_file.read_text()
        boards = {m.number: game.picture(states[m.number], mistake_title(m), (m.move, m.best))
                  for m in mistakes}
        note = " (both cells highlighted)" if game.highlights_moves else ""
        write_picture(html_path, review_page(game.name, result, mistakes, plot, boards, note),
                      output, "report")
    text_out = (key_values([("game", game.name), ("moves reviewed",
                                                     f"{len(result.moves)} of {result.total}")])
                + "\n\n" + table(REVIEW_HEADER, review_rows(result))
                + "\n\nbiggest mistakes: "
                + (", ".join(f"{m.number} {m.move} (-{m.loss:.3f}, best {m.best})"
                             for m in mistakes) or "none"))
    output.emit(result.to_json(), text_out)
    if result.interrupted:
        raise SearchInterrupted(f"interrupted after {len(result.moves)} moves (kept above)")
