"""``solver demo``: write the HTML report of what the toolkit can do."""

from __future__ import annotations

import re
from pathlib import Path

import click

from reports.output import write_atomic
from solver.cli.common import Output, output_options
from solver.cli.vocabulary import warn_deprecated
from solver.demo import build_demo, parts
from solver.progress import progress_bar

DEFAULT_PAGE = Path("solver-demo.html")


@click.command()
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help=f"The HTML page to write (default: {DEFAULT_PAGE}).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of every random choice.")
@output_options
def demo(html_path: Path | None, seed: int, output: Output) -> None:
    """Compute a few examples of every capability and write them as one HTML page.

    The result (printed, or written by --out FILE) names the page; JSON: {"report": path,
    "seed": s, "sections": [titles]}. An --out FILE ending in .html is the old spelling of
    --html (deprecated).
    """
    if output.out is not None and output.out.suffix.lower() in (".html", ".htm"):
        warn_deprecated("demo --out PAGE.html", "demo --html PAGE.html")
        html_path, output = output.out, Output(output.json, None, output.quiet)
    page = html_path or DEFAULT_PAGE
    with progress_bar("demo", total=len(parts()), quiet=output.quiet, unit="section") as bar:
        def step(name: str) -> None:
            bar.set_postfix_str(name)
            bar.update(1)

        html = build_demo(seed, step)
    write_atomic(page, html)
    titles = re.findall(r"<h2>(.*?)</h2>", html)
    output.emit({"report": str(page.resolve()), "seed": seed, "sections": titles},
                f"wrote the demo report to {page.resolve()}")
