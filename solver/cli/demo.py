"""``solver demo``: write the HTML report of what the toolkit can do."""

from __future__ import annotations

import re
from pathlib import Path

import click

from reports.output import dumps, write_atomic
from solver.demo import build_demo
from solver.progress import progress_bar


@click.command()
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("solver-demo.html"), show_default=True, help="The HTML file to write.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of every random choice.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"report": path, "seed": s, "sections": [titles]} instead of text.')
def demo(out: Path, seed: int, quiet: bool, as_json: bool) -> None:
    """Compute a few examples of every capability and write them as one HTML page."""
    from solver.demo import PROVIDERS

    with progress_bar("demo", total=len(PROVIDERS), quiet=quiet, unit="section") as bar:
        def step(name: str) -> None:
            bar.set_postfix_str(name)
            bar.update(1)

        html = build_demo(seed, step)
    write_atomic(out, html)
    if as_json:
        titles = re.findall(r"<h2>(.*?)</h2>", html)
        click.echo(dumps({"report": str(out.resolve()), "seed": seed, "sections": titles}),
                   nl=False)
    else:
        click.echo(f"wrote the demo report to {out.resolve()}")
