"""``solver numbridge``: Numbridge Domains fields, games, analysis and players."""

from __future__ import annotations

from pathlib import Path

import click

from puzzles.documents import read_text, source_name
from puzzles.errors import EngineFaultError, InfeasibleError, InvalidInputError, SearchInterrupted
from puzzles.game import located
from puzzles.numbridge.field import Field, verify_solution
from puzzles.numbridge.game import PLAYER_LETTER, Game
from puzzles.numbridge.record import Record, read_record, replay
from reports.numbridge import field_svg, step_svg
from reports.output import write_atomic
from reports.text import key_values, table
from solver.cli.common import Output, html_option, output_options, svg_option, write_picture
from solver.cli.play import budget_options, match_command_body, split_players
from solver.cli.vocabulary import alias, seat_alias
from solver.numbridge.pictures import position_svg
from solver.progress import progress_bar

FIELD_HELP = ("FIELD is a file in the text or JSON field format, '-' for stdin, or 81 givens "
              "(optionally followed by 81 block ids) given directly.")


def read_field(spec: str) -> Field:
    """A field from a path, ``-`` (stdin) or the givens themselves."""
    if len(spec) in (81, 162) and spec != "-" and not Path(spec).exists():
        return Field.parse(spec, "FIELD")
    return Field.parse(read_text(spec, "field file"), source_name(spec))


def grid_text(digits: str, regular: bool = True) -> str:
    """Nine lines of nine digits (``.`` blank); regular fields get a space between boxes."""
    rows = []
    for r in range(9):
        row = digits[r * 9:(r + 1) * 9].replace("0", ".")
        rows.append(" ".join(row[k:k + 3] for k in (0, 3, 6)) if regular else row)
    return "\n".join(rows)


@click.group()
def numbridge() -> None:
    """Numbridge Domains: generate, solve and rate fields; analyse games; players."""


@numbridge.command()
@click.option("--givens", type=int, default=30, show_default=True, help="Givens, 22-34.")
@click.option("--blocks", type=click.Choice(["regular", "irregular"]), default="regular",
              show_default=True, help="Block layout.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of every choice.")
@click.option("--rate/--no-rate", "with_rate", default=True, show_default=True,
              help="Also rate the difficulty.")
@click.option("--verify", "verify_all", is_flag=True,
              help="Re-count the field with the CP-SAT model (a second engine) and check the "
                   "solution against the rules (exit 70 on a disagreement).")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard", "unfair",
                                                 "extreme"]),
              help="Generate until a field of this level (HoDoKu's names) turns up.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True),
              help="With --difficulty: give up after this many seconds (exit 3).")
@svg_option("Draw the field into this SVG file.")
@output_options
def generate(givens: int, blocks: str, seed: int, with_rate: bool, verify_all: bool,
             difficulty: str | None, time_limit: float | None, svg_path: Path | None,
             output: Output) -> None:
    """A field with exactly one solution and GIVENS givens.

    Uniqueness comes from the bitmask engine; --verify re-counts it with CP-SAT.
    --difficulty LEVEL draws fields (seeded) until one rates LEVEL, with a progress line.
    JSON: {"givens": "81 digits", "blocks": "81 block ids", "solution": "81 digits",
    "seed": S, "given_count": n, "block_type": ..., "layouts_tried": n, "fillings_tried": n,
    "difficulty": {...}, "verified": bool} (with --difficulty also "attempts", "seconds").
    """
    from solver.numbridge.difficulty import rate  # local: start-up
    from solver.numbridge.generate import generate as gen  # local: start-up

    rating = None
    extra: dict[str, object] = {}
    if difficulty is not None:
        from solver.numbridge.by_difficulty import generate_level  # local: start-up

        with progress_bar(f"looking for a {difficulty} field", None, output.quiet,
                          unit="field") as bar:
            try:
                found = generate_level(difficulty, givens, blocks, seed, time_limit,
                                       progress=lambda _: bar.update(1))
            except KeyboardInterrupt:
                raise SearchInterrupted(f"stopped before a {difficulty} field turned up") \
                    from None
        g, rating = found.generated, found.rating
        extra = {"attempts": found.attempts, "seconds": round(found.seconds, 3)}
        output.note(f"{difficulty} field after {found.attempts} attempts, "
                    f"{found.seconds:.2f} s")
    else:
        if time_limit is not None:
            raise InvalidInputError("--time-limit needs --difficulty")
        g = gen(givens, blocks, seed)
    if verify_all:
        from solver.numbridge.models import cpsat_count  # local: start-up

        n, sol = cpsat_count(g.field, cap=2)
        faults = verify_solution(g.field, g.solution)
        if n != 1 or sol != g.solution or faults:
            why = faults[0] if faults else f"CP-SAT finds {n} solution(s)"
            raise EngineFaultError(f"generated field failed the second engine's check: {why}")
    doc = g.to_json()
    doc["verified"] = verify_all
    doc.update(extra)
    text = g.field.to_text()
    if with_rate or rating is not None:
        r = rating or rate(g.field)
        doc["difficulty"] = r.to_json()
        text += (f"\n# difficulty: {r.level}, hardest {r.hardest} (score {r.score}), "
                 f"effort {r.effort}\n")
    write_picture(svg_path, field_svg(g.field.blocks, g.field.givens,
                                      title=f"{blocks} field, {givens} givens, seed {seed}"),
                  output)
    output.emit(doc, text)


@numbridge.command()
@click.argument("field_spec", metavar="FIELD")
@click.option("--engine", type=click.Choice(["bitmask", "cpsat", "constraint"]),
              default="bitmask", show_default=True, help="Search engine.")
@click.option("--cap", type=click.IntRange(min=1), default=2, show_default=True,
              help="Stop counting at this many solutions.")
@svg_option("Draw the solved field into this SVG file.")
@output_options
def solve(field_spec: str, engine: str, cap: int, svg_path: Path | None, output: Output) -> None:
    """Solve FIELD and count its solutions up to --cap (exit 1 when it has none).

    FIELD is a file in the text or JSON field format, '-' for stdin, or 81 givens (optionally
    followed by 81 block ids). JSON: {"solutions": n, "capped": bool, "unique": bool or null,
    "solution": "81 digits", "engine": ..., "nodes": n (bitmask only), "verified": true}.
    Uniqueness needs --cap 2 or more; with --cap 1 "unique" is null ("not checked").
    """
    f = read_field(field_spec)
    nodes: int | None = None
    if engine == "bitmask":
        from solver.numbridge.engine import search  # local: start-up

        with progress_bar("counting", total=cap, quiet=output.quiet,
                          unit="solution") as bar:
            def shown(found: int, searched: int) -> None:
                bar.update(found - bar.n)
                bar.set_postfix(nodes=searched, refresh=False)

            res = search(f, cap=cap, progress=shown)
        n, sol, nodes = res.count, res.solution, res.nodes
    elif engine == "cpsat":
        from solver.numbridge.models import cpsat_count  # local: start-up

        n, sol = cpsat_count(f, cap=cap)
    else:
        from solver.numbridge.models import constraint_count  # local: start-up

        n, sol = constraint_count(f, cap=cap)
    if n == 0:
        raise InfeasibleError("the field has no solution")
    faults = verify_solution(f, sol)
    if faults:  # pragma: no cover - an engine bug
        raise EngineFaultError(f"engine answer failed verification: {faults[0]}")
    write_picture(svg_path, field_svg(f.blocks, sol, f.givens), output)
    # the search stops at --cap solutions: with cap 1 a second solution was never looked for
    unique: bool | None = None if cap < 2 else n == 1
    doc = {"solutions": n, "capped": n >= cap, "unique": unique, "solution": sol,
           "engine": engine, "nodes": nodes, "verified": True}
    count_text = f"at least {n}" if n >= cap else str(n)
    unique_text = ("not checked (--cap 1 stops at the first solution)" if unique is None
                   else "yes" if unique else "no")
    text = grid_text(sol, f.regular) + "\n\n" + key_values(
        [("solutions", count_text), ("unique", unique_text), ("engine", engine)]
        + ([("nodes", nodes)] if nodes is not None else []))
    output.emit(doc, text)


@numbridge.command("rate")
@click.argument("field_spec", metavar="FIELD")
@click.option("--steps", "with_steps", is_flag=True,
              help="List every step: technique, cells, candidates, what it places or removes.")
@click.option("--steps-svg", "steps_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write a picture of every step into this folder (step-001.svg, ...; "
              "created).")
@output_options
def rate_cmd(field_spec: str, with_steps: bool, steps_dir: Path | None, output: Output) -> None:
    """Difficulty of FIELD by the human-technique order (see docs/numbridge.md).

    score: the hardest step on a Sudoku Explainer style scale; effort: HoDoKu's points; work:
    the effort with each single divided by the singles on offer then; level: HoDoKu's name
    (easy, medium, hard, unfair, extreme).
    JSON: {"hardest": ..., "score": x, "effort": n, "work": x, "level": ...,
    "solved_by_logic": bool, "techniques": {name: times}, "search_nodes": n, "empty_left": n,
    "steps": [{"technique", "placements": [["e5", 3]], "eliminations": [["a1", 7]],
    "cells": ["e5"], "candidates": [["e5", 3]], "units": [unit ids 0-26],
    "score": x, "text": ...}] (with --steps)}.
    """
    from solver.numbridge.difficulty import rate  # local: start-up
    from solver.numbridge.engine import search  # local: start-up

    f = read_field(field_spec)
    found = search(f, cap=2)
    if found.count == 0:
        raise InfeasibleError("the field has no solution")
    if found.count > 1:
        raise InvalidInputError("the field has more than one solution; rating needs a unique one")
    r = rate(f)
    pairs: list[tuple[str, object]] = [("level", r.level),
                                       ("hardest", f"{r.hardest} (score {r.score})"),
                                       ("effort", r.effort),
                                       ("work", r.work),
                                       ("solved by logic", "yes" if r.solved else "no"),
                                       ("search nodes", r.nodes)]
    pairs += [(name, times) for name, times in r.used.items()]
    text = key_values(pairs)
    if with_steps:
        text += "\n\n" + "\n".join(f"{i:3d}. [{s.score}] {s.step.text(f.blocks)}"
                                    for i, s in enumerate(r.steps, start=1))
    if steps_dir is not None:
        steps_dir.mkdir(parents=True, exist_ok=True)
        for i, s in enumerate(r.steps, start=1):
            st = s.step
            write_atomic(steps_dir / f"step-{i:03d}.svg", step_svg(
                f.blocks, s.digits, f.givens, s.candidates, st.cells, st.candidates,
                st.eliminations, st.placements, title=f"step {i}: {st.text(f.blocks)}"))
        output.note(f"wrote {len(r.steps)} step pictures into {steps_dir}")
    output.emit(r.to_json(with_steps), text)


def _load_game(record_path: Path, at: int | None) -> tuple[Record, Game]:

    text = read_text(record_path, "record file")
    try:
        rec = read_record(text)
        field = rec.field() if not rec.tags.get("Solution") else None
    except InvalidInputError as exc:
        raise type(exc)(exc.message, where=source_name(record_path)) from None
    if field is not None:
        from solver.numbridge.engine import solve as bsolve  # local: start-up

        found = bsolve(field)
        if found.count != 1:
            raise InvalidInputError(f"{record_path}: the field has "
                                    f"{'no' if found.count == 0 else 'more than one'} solution")
        rec.tags["Solution"] = found.solution
    if at is not None and not 0 <= at <= len(rec.moves):
        raise InvalidInputError(f"--move {at}: the record has {len(rec.moves)} actions")
    try:
        return rec, replay(rec, at)
    except InvalidInputError as exc:
        raise located(exc, source_name(record_path)) from None


@numbridge.command()
@click.argument("record_path", metavar="RECORD", type=click.Path(path_type=Path))
@click.option("--move", "at", type=int,
              help="Analyse the position after this many actions (default: all).")
@alias("--at", "at", new="--move")
@click.option("--candidates", is_flag=True, help="Draw candidates in empty cells.")
@html_option("Write an HTML report with the picture.")
@svg_option("Write the picture as SVG.")
@output_options
def analyse(record_path: Path, at: int | None, candidates: bool, html_path: Path | None,
            svg_path: Path | None, output: Output) -> None:
    """Block analysis of the game in RECORD: scoreboard, block map, contested blocks, cells
    left per block, who can still win, decisive blocks, candidates.

    JSON: {"status", "scoreboard": {"A", "B", "undecided"}, "cells", "block_map": [3 lines],
    "contested": [ids], "can_win": {"A", "B"}, "decisive": [ids], "blocks": [{"block", "A",
    "B", "empty", "unclaimed_givens", "open", "owner", "contested", "decisive"}],
    "candidates": {"e5": "139"}, "move_number", "to_move", "one_more_in_pair", "result",
    "hands", "bag", "misses", "clock_used", "events": [...]}.
    """
    from reports.pages import (  # local: start-up
        NUMBRIDGE_BLOCK_HEADER,
        numbridge_analysis_page,
        numbridge_block_rows,
        numbridge_can_win,
    )
    from solver.numbridge.analysis import MAP_LEGEND, explain_result  # local: start-up
    from solver.numbridge.analysis import analyse as run  # local: start-up

    _, g = _load_game(record_path, at)
    if candidates and not g.settings.candidates:
        raise InvalidInputError('--candidates: the room does not allow candidate highlighting '
                                '([Candidates "no"])')
    a = run(g)
    doc = a.to_json()
    events = [{"move": e.move_number, "kind": e.kind, "text": e.text} for e in g.events
              if e.kind != "miss"]
    doc["events"] = events
    sa, sb, su = a.scoreboard
    notes = [explain_result(g)] if g.result else []
    text = "\n".join([
        a.status,
        f"blocks: A {sa}, B {sb}, undecided {su}   cells: A {a.cells[0]}, B {a.cells[1]}",
        *notes,
        "", *("    " + line for line in a.block_map), f"    ({MAP_LEGEND})", "",
        table(NUMBRIDGE_BLOCK_HEADER, numbridge_block_rows(a)), "",
        f"can still win: {numbridge_can_win(a)}",
        f"contested: {', '.join(map(str, a.contested)) or 'none'}",
        f"decisive: {', '.join(map(str, a.decisive)) or 'none'}",
    ] + [f"{e['kind']} at move {e['move']}: {e['text']}" for e in events])
    svg = position_svg(g, candidates, title=a.status)
    write_picture(svg_path, svg, output)
    if html_path is not None:
        page = numbridge_analysis_page(f"Numbridge analysis: {record_path.name}", a, svg, notes,
                                       MAP_LEGEND)
        write_picture(html_path, page, output, "report")
    output.emit(doc, text)


@numbridge.command()
@click.option("--players", "players_text", default="greedy,random", show_default=True,
              help="First (A) and second (B) player of game 1 (random, greedy, search, mcts; "
              "contesting: greedy-odds, search-odds, mcts-odds; deducing: greedy-deduce, "
              "search-deduce).")
@click.option("--games", type=click.IntRange(min=1), default=10, show_default=True,
              help="Games to play.")
@click.option("--swap/--no-swap", default=True, show_default=True,
              help="Swap sides every other game (both games of a pair on one field and bag).")
@click.option("--givens", type=click.IntRange(22, 34), default=30, show_default=True,
              help="Givens of each generated field.")
@click.option("--blocks", type=click.Choice(["regular", "irregular"]), default="regular",
              show_default=True, help="Block layout of each field.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of every deal.")
@budget_options
@click.option("--records", "records_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write every game's record into this folder (game-0001.txt, ...; created).")
@seat_alias("--first", 0)
@seat_alias("--second", 1)
@click.option("--tiles", type=click.Choice(["field", "empty"]), default="field",
              show_default=True, help="Room setting: a tile for every cell, or for every "
              "empty cell (the earlier rule).")
@click.option("--claim-tile", type=click.Choice(["digit", "any"]), default="digit",
              show_default=True, help="Room setting: a claim spends a tile of the given's "
              "digit, or any tile.")
@output_options
def selfplay(players_text: str, games: int, swap: bool, givens: int, blocks: str, seed: int,
             move_time: float | None, max_nodes: int | None, records_dir: Path | None,
             tiles: str, claim_tile: str, output: Output) -> None:
    """Play GAMES games between two players (the one runner of ``solver ladder``); Ctrl-C
    keeps the games finished so far.

    JSON: {"game", "players", "seed", "interrupted", "tally": {name: {"games", "wins",
    "draws", "points", "rate"}}, "by_seat", "player_stats": {"search": {"exact",
    "fallbacks"}} (search players: empty-bag moves decided by the exact endgame solver / by
    the heuristic because the endgame was too large), "games": [{"game", "lineup",
    "returns", "result", "moves", "deal_seed", "record"}]}.
    """
    from solver.numbridge.gamedef import NUMBRIDGE  # local: start-up

    names = split_players(players_text)
    if len(names) != 2:
        raise InvalidInputError(f"--players needs two names (A,B), got {len(names)}")
    result = match_command_body(NUMBRIDGE, names, games, seed, swap, move_time, max_nodes,
                                {"givens": givens, "blocks": blocks, "tiles": tiles,
                                 "claim_tile": claim_tile}, records_dir, output)
    for name, t in result.player_stats.items():
        output.note(f"{name} endgame: {t['exact']} moves by the exact solver, "
                    f"{t['fallbacks']} fallbacks to the heuristic (endgame too large)")


@numbridge.command()
@click.argument("record_path", metavar="RECORD", type=click.Path(path_type=Path))
@click.option("--move", "at", type=int, help="Solve the position after this many actions.")
@click.option("--max-nodes", "node_limit", type=click.IntRange(min=1), default=200_000,
              show_default=True,
              help="Give up beyond this many positions (the search's node budget).")
@alias("--at", "at", new="--move")
@alias("--node-limit", "node_limit", new="--max-nodes")
@output_options
def endgame(record_path: Path, at: int | None, node_limit: int, output: Output) -> None:
    """Who wins the position in RECORD with best play (full information: both hands and the
    bag order known), and a best line.

    JSON: {"value": 1|0|-1, "winner": "A"|"B"|"draw", "line": ["A place e5 3", ...],
    "nodes": n, "status": ...}.
    """
    from solver.numbridge.endgame import solve_endgame  # local: start-up

    _, g = _load_game(record_path, at)
    r = solve_endgame(g, node_limit=node_limit)
    sim = g.copy()
    line = []
    for m in r.line:
        line.append(f"{PLAYER_LETTER[sim.mover]} {m.text()}")
        sim.play(m)
    doc = {"value": r.value, "winner": r.winner, "line": line, "nodes": r.nodes,
           "status": g.status_line(), "result": sim.result.text() if sim.result else None}
    text = "\n".join([g.status_line(), f"best play: {r.winner}" + (
        f" ({sim.result.text()})" if sim.result else ""), f"positions searched: {r.nodes}",
        "line:"] + [f"  {i}. {x}" for i, x in enumerate(line, 1)])
    output.emit(doc, text)
