"""``solver numbridge``: Numbridge Domains fields, games, analysis and players."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from puzzles.errors import InfeasibleError, InvalidInputError
from puzzles.numbridge.field import Field
from reports.numbridge import field_svg
from reports.text import key_values
from solver.cli.common import Output, output_options, write_picture

FIELD_HELP = ("FIELD is a file in the text or JSON field format, '-' for stdin, or 81 givens "
              "(optionally followed by 81 block ids) given directly.")


def read_field(spec: str) -> Field:
    """A field from a path, ``-`` (stdin) or the givens themselves."""
    text: str
    if spec == "-":
        text = sys.stdin.read()
    elif len(spec) in (81, 162) and not Path(spec).exists():
        text = spec
    else:
        path = Path(spec)
        if not path.is_file():
            raise InvalidInputError(f"{spec}: no such field file")
        text = path.read_text(encoding="utf-8")
    return Field.parse(text)


def grid_text(digits: str) -> str:
    """Nine lines of nine digits (``.`` blank) with spaces between 3-column groups."""
    rows = []
    for r in range(9):
        row = digits[r * 9:(r + 1) * 9].replace("0", ".")
        rows.append(" ".join(row[k:k + 3] for k in (0, 3, 6)))
    return "\n".join(rows)


@click.group()
def numbridge() -> None:
    """Numbridge Domains: generate, solve and rate fields; analyse games; players."""


@numbridge.command()
@click.option("--givens", type=int, default=30, show_default=True, help="Givens, 22-34.")
@click.option("--blocks", type=click.Choice(["regular", "irregular"]), default="regular",
              show_default=True, help="Block layout.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of every choice.")
@click.option("--rate/--no-rate", "with_rate", default=True, show_default=True,
              help="Also rate the difficulty.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Draw the field into this SVG file.")
@output_options
def generate(givens: int, blocks: str, seed: int, with_rate: bool, svg_path: Path | None,
             output: Output) -> None:
    """A field with exactly one solution and GIVENS givens.

    JSON: {"givens": "81 digits", "blocks": "81 block ids", "solution": "81 digits",
    "seed": S, "given_count": n, "block_type": ..., "layouts_tried": n, "fillings_tried": n,
    "difficulty": {...}}.
    """
    from solver.numbridge.difficulty import rate
    from solver.numbridge.generate import generate as gen

    g = gen(givens, blocks, seed)
    doc = g.to_json()
    text = g.field.to_text()
    if with_rate:
        r = rate(g.field)
        doc["difficulty"] = r.to_json()
        text += f"\n# difficulty: {r.hardest} (score {r.score}), search nodes {r.nodes}\n"
    write_picture(svg_path, field_svg(g.field.blocks, g.field.givens,
                                      title=f"{blocks} field, {givens} givens, seed {seed}"),
                  output)
    output.emit(doc, text)


@numbridge.command()
@click.argument("field_spec", metavar="FIELD")
@click.option("--engine", type=click.Choice(["bitmask", "cpsat", "constraint"]),
              default="bitmask", show_default=True, help="Search engine.")
@click.option("--cap", type=int, default=2, show_default=True,
              help="Stop counting at this many solutions.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Draw the solved field into this SVG file.")
@output_options
def solve(field_spec: str, engine: str, cap: int, svg_path: Path | None, output: Output) -> None:
    """Solve FIELD and count its solutions up to --cap (exit 1 when it has none).

    FIELD is a file in the text or JSON field format, '-' for stdin, or 81 givens (optionally
    followed by 81 block ids). JSON: {"solutions": n, "capped": bool, "unique": bool,
    "solution": "81 digits", "engine": ..., "nodes": n (bitmask only), "verified": true}.
    """
    from puzzles.numbridge.field import verify_solution

    if cap < 1:
        raise InvalidInputError("--cap must be at least 1")
    f = read_field(field_spec)
    nodes: int | None = None
    if engine == "bitmask":
        from solver.numbridge.engine import search

        res = search(f, cap=cap)
        n, sol, nodes = res.count, res.solution, res.nodes
    elif engine == "cpsat":
        from solver.numbridge.models import cpsat_count

        n, sol = cpsat_count(f, cap=cap)
    else:
        from solver.numbridge.models import constraint_count

        n, sol = constraint_count(f, cap=cap)
    if n == 0:
        raise InfeasibleError("the field has no solution")
    faults = verify_solution(f, sol)
    if faults:  # pragma: no cover - an engine bug
        raise InfeasibleError(f"engine answer failed verification: {faults[0]}")
    write_picture(svg_path, field_svg(f.blocks, sol, f.givens), output)
    doc = {"solutions": n, "capped": n >= cap, "unique": n == 1, "solution": sol,
           "engine": engine, "nodes": nodes, "verified": True}
    count_text = f"at least {n}" if n >= cap and cap > 1 else str(n)
    text = grid_text(sol) + "\n\n" + key_values(
        [("solutions", count_text), ("unique", "yes" if n == 1 else "no"), ("engine", engine)]
        + ([("nodes", nodes)] if nodes is not None else []))
    output.emit(doc, text)


@numbridge.command("rate")
@click.argument("field_spec", metavar="FIELD")
@output_options
def rate_cmd(field_spec: str, output: Output) -> None:
    """Difficulty of FIELD: logical techniques a human needs and search nodes.

    JSON: {"hardest": ..., "score": x, "solved_by_logic": bool, "techniques": {name: times},
    "search_nodes": n, "empty_left": n}.
    """
    from solver.numbridge.difficulty import rate
    from solver.numbridge.engine import solve as bsolve

    f = read_field(field_spec)
    n = bsolve(f).count
    if n == 0:
        raise InfeasibleError("the field has no solution")
    if n > 1:
        raise InvalidInputError("the field has more than one solution; rating needs a unique one")
    r = rate(f)
    pairs: list[tuple[str, object]] = [("hardest", f"{r.hardest} (score {r.score})"),
                                       ("solved by logic", "yes" if r.solved else "no"),
                                       ("search nodes", r.nodes)]
    pairs += [(name, times) for name, times in r.used.items()]
    output.emit(r.to_json(), key_values(pairs))
