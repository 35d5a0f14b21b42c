"""``solver arrange bound`` and the transcendental branch of ``solver arrange estimate``: the
count bounds and estimates of docs/results.md (questions 4 and 5), from the installed package.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from puzzles.errors import InvalidInputError, SearchInterrupted
from puzzles.jsonstyle import dumps
from solver.arrange.problem import ArrangementProblem
from solver.cli.common import Output, output_options


def estimate_transcendental(problem: ArrangementProblem, probes: int, seed: int,
                            tail: int | None, batches: int, output: Output) -> None:
    """``solver arrange estimate transcendental``: batches of growth probes (see
    ``solver.research.transcendental``)."""
    from solver.research.transcendental import estimate_document, estimate_text  # local: start-up

    try:
        doc = estimate_document(problem, probes, 22 if tail is None else tail, batches, seed,
                                tick=lambda b, m: output.note(f"batch {b}/{batches}: mean "
                                                              f"{m:.4g}"))
    except KeyboardInterrupt as exc:
        raise SearchInterrupted("interrupted before two batches were done") from exc
    output.emit(doc, estimate_text(doc))
    if doc["interrupted"]:
        raise SearchInterrupted("interrupted: the estimate uses the whole batches done")


@click.command("bound")
@click.argument("kind", type=click.Choice(["compact", "transcendental"]))
@click.option("--set", "set_name", default="hexagon", show_default=True, help="The piece set.")
@click.option("--region", default=None, help="Compact: the region (e.g. rhombus:8x8).")
@click.option("--problem", "problem_name", default=None,
              help="Compact: a named problem of docs/results.md instead (square4x4, torus4x4, "
                   "triangle-torus8x2, free24 ... free48, full).")
@click.option("--single-group", is_flag=True, help="Transcendental: one group only.")
@click.option("--method", "methods", multiple=True,
              help="Compact: axes, pattern or dp:SPEC (repeatable; default axes and pattern).")
@click.option("--max-states", type=click.IntRange(1), default=None,
              help="Compact dp methods: give up past this many states.")
@click.option("--store", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Transcendental: write the bounds as upper_bound into the result documents "
                   "in this folder (transcendental-SET-all.json, -single.json).")
@output_options
def bound_cmd(kind: str, set_name: str, region: str | None, problem_name: str | None,
              single_group: bool, methods: tuple[str, ...], max_states: int | None,
              store: Path | None, output: Output) -> None:
    """Guaranteed upper bounds on a count (no probability attached).

    compact: exact counts of relaxations (solver.research.counts): the product over the axes,
    the rarest pattern, frontier counts with class counts. transcendental: shapes of groups by
    Eden's encoding (solver.arrange.grow_bound). JSON: one row per method (compact) or the two
    bounds (transcendental).
    """
    if kind == "transcendental":
        from solver.research.transcendental import bound_rows  # local: start-up

        rows = bound_rows(ArrangementProblem.create(set_name, "transcendental",
                                                    single_group=single_group))
        if store is not None:
            for name, row in rows.items():
                path = store / f"transcendental-{set_name}-{name}.json"
                doc = json.loads(path.read_text())
                doc["upper_bound"] = row
                path.write_text(json.dumps(doc, indent=1) + "\n")
                output.note(f"wrote {path}")
        text = "\n".join(f"{name}: at most {row['float']:.4g} ({row['seconds']} s)"
                         for name, row in rows.items())
        output.emit(rows, text)
        return
    from solver.research.counts import bound_row, problem_named  # local: start-up

    if problem_name is None:
        if region is None:
            raise InvalidInputError("give --region or --problem")
        problem_named_or: Any = ArrangementProblem.create(set_name, "compact", region)
        label = problem_named_or.describe()
    else:
        problem_named(problem_name)  # a clear error for an unknown name, before any work
        label = problem_name
    out_rows = []
    for method in methods or ("axes", "pattern"):
        if problem_name is not None:
            row = bound_row(problem_name, method, max_states)
        else:
            row = _bound_row_of(problem_named_or, method, max_states)
        out_rows.append(row)
        output.note(dumps(row).replace("\n", " "))
    text = "\n".join(
        f"{label}, {r['method']}: at most {r['bound']} ({r['bound_float']:.3g}; "
        f"{r['cpu_seconds']} s CPU)" if r["bound"] is not None
        else f"{label}, {r['method']}: {r.get('note')}" for r in out_rows)
    output.emit(out_rows, text)


def _bound_row_of(problem: ArrangementProblem, method: str,
                  max_states: int | None) -> dict[str, Any]:
    """A bound row for a problem given by options (no known exact count)."""
    import os
    import time

    from solver.research.counts import bound_value  # local: start-up

    t, cpu = time.time(), time.process_time()
    row: dict[str, Any] = {"problem": problem.describe(), "method": method}
    try:
        bound, details = bound_value(problem, method, max_states)
        row.update(details)
        row["bound"], row["bound_float"] = str(bound), float(bound)
    except MemoryError as e:
        row["bound"], row["bound_float"], row["note"] = None, None, f"not finished: {e}"
    row.update({"seconds": round(time.time() - t, 2),
                "cpu_seconds": round(time.process_time() - cpu, 2),
                "load": [round(x, 2) for x in os.getloadavg()]})
    return row
