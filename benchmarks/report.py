"""Benchmark report: run the benchmarks several times and write their tables into the docs.

Every speed figure in ``docs/*.md`` lives between markers that only this script writes::

    <!-- bench:NAME -->
    ... the table, the date, the runs, the machine's load ...
    <!-- bench-stamp:NAME sha256=... -->
    <!-- /bench:NAME -->

The stamp is the SHA-256 of the block's text; ``tests/foundation/test_bench_tables.py`` fails
when a block was edited by hand (or a marker lost its stamp). Usage::

    python3 -m benchmarks.report --list
    python3 -m benchmarks.report arrange-enumerate --runs 3
    python3 -m benchmarks.report all --runs 3
    python3 -m benchmarks.report arrange-enumerate --render   # from the saved results

Each run is one ``pytest --benchmark-only --benchmark-json`` process over the table's
benchmarks, timed in CPU seconds (``benchmarks.cputime``: the benchmark process's own CPU time
for in-process rows, the child processes' user + system time for whole-process rows), never
wall clock: on a shared machine wall clock moves with the load, and a verdict that flips with
the load is a bug of the report. For each run the ratio of a row is the peer's median over ours;
the table shows the median of those ratios over the runs and their range (min-max), the medians
of the times and the load average before and after; the same lines are printed. A target is
"met in every run" only when every run's ratio reaches it.

Figures this script does not write (one-off runs, profiles, load tests) stand under
``<!-- measured: COMMAND | DATE | load X -->`` (or ``<!-- limits: WHAT -->`` for settings and
goals); the same test checks that every speed figure in the docs has one of the three and that
COMMAND exists.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import hashlib
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
#: the per-run medians of the latest report of each table (``--render`` re-writes from them)
RESULTS = ROOT / "benchmarks" / "results"
#: the clock of in-process benchmarks (whole-process ones name theirs in their marker)
TIMER = "benchmarks.cputime.process_cpu"


@dataclass(frozen=True)
class Row:
    """One line of a table: ``ours`` against ``peer`` (benchmark names), or ``ours`` alone.

    ``target`` is a ratio (peer / ours) to reach, ``limit`` a median time in seconds to stay
    under (for rows without a peer), ``rate`` the work of one round of ``ours`` (a count and
    its unit, e.g. ``(200, "iterations")``) to show per CPU second.
    """

    job: str
    ours: str
    peer: str | None = None
    target: float | None = None
    limit: float | None = None
    rate: tuple[int, str] | None = None


@dataclass(frozen=True)
class Table:
    """A docs table: its benchmark file, rows, and benchmarks left out (with the reason)."""

    name: str
    doc: str
    bench: str
    rows: tuple[Row, ...]
    skipped: tuple[str, ...] = ()
    options: tuple[str, ...] = field(default=("--benchmark-max-time=0.5",))

    def tests(self) -> list[str]:
        names = {r.ours for r in self.rows} | {r.peer for r in self.rows if r.peer}
        return sorted(names)


A = "benchmarks/bench_arrange.py"
N = "benchmarks/bench_numbridge.py"
D = "benchmarks/bench_dominions.py"
M = "benchmarks/bench_dominimum.py"
P = "benchmarks/bench_mcts.py"

TABLES: dict[str, Table] = {t.name: t for t in (
    Table("arrange-enumerate", "arrangements.md", A, (
        Row("enumerate the 652 compact 4x4: xcover / kernel rows", "test_enumerate_4x4_kernel_rows",
            "test_enumerate_4x4_xcover", target=5.0),
        Row("enumerate the 652: CP-SAT (1 worker) / kernel rows", "test_enumerate_4x4_kernel_rows",
            "test_enumerate_4x4_cpsat"),
        Row("enumerate the 652: python-constraint / kernel rows",
            "test_enumerate_4x4_kernel_rows", "test_enumerate_4x4_python_constraint"),
        Row("enumerate the 652: verified `Arrangement` objects through the API / kernel rows",
            "test_enumerate_4x4_kernel_rows", "test_enumerate_4x4_kernel_verified_arrangements"),
        Row("kernel count of the 4x4 (no rows)", "test_enumerate_4x4_kernel_count"),
    )),
    Table("arrange-count", "arrangements.md", A, (
        Row("count torus:4x4 (203520): xcover / kernel", "test_count_torus_kernel",
            "test_count_torus_xcover"),
        Row("count 4x4 --border free (2765440): xcover / kernel", "test_count_free_kernel",
            "test_count_free_xcover"),
        Row("count 4x4 --border free, CPU of every process: 1 job / `--jobs 2` (the parent "
            "and its 2 workers; a wall-clock speed-up does not show in CPU time)",
            "test_count_free_kernel_2_jobs", "test_count_free_kernel"),
    ), skipped=("test_count_torus_cpsat (CP-SAT counting the torus took about 176 s a run)",)),
    Table("whole-process", "counting.md", A, (
        Row("`python3 -c pass` (the floor of any process on the machine)",
            "test_startup_python_pass"),
        Row("`solver sets list`", "test_startup_solver_small[sets list]", limit=0.05),
        Row("`solver --help`", "test_startup_solver_small[--help]", limit=0.05),
        Row("`solver arrange count compact --region 4x4 -q`", "test_startup_solver_count_4x4",
            limit=0.06),
        Row("count the 652: xcover process / `solver arrange count` process",
            "test_startup_solver_count_4x4", "test_startup_xcover_count_4x4", target=1.0),
        Row("count the 652: SSXCC process / `solver arrange count` process",
            "test_startup_solver_count_4x4", "test_startup_knuth_count_4x4[ssxcc]"),
        Row("`solver arrange count compact --set hexagon --region rhombus:8x8 --fixed "
            "free32.json -q` (99)", "test_startup_solver_count_free32", limit=0.15),
        Row("completion, 32 free: SSXCC process / `solver arrange count` process",
            "test_startup_solver_count_free32", "test_order_completion_32_knuth[ssxcc]",
            target=1 / 40),
        Row("`solver arrange find compact --set hexagon --region rhombus:8x8 --json`",
            "test_startup_solver_find_rhombus", limit=0.15),
        Row("find rhombus:8x8: SSXCC process (`t1`, first solution) / `solver arrange find` "
            "process", "test_startup_solver_find_rhombus", "test_startup_knuth_find_rhombus",
            target=1 / 40),
    )),
    Table("arrange-counting", "counting.md", A, (
        Row("count torus:4x4 (203,520): SSXCC / frontier", "test_frontier_torus",
            "test_count_torus_knuth[ssxcc]"),
        Row("count torus:4x4: DLX2 / frontier", "test_frontier_torus",
            "test_count_torus_knuth[dlx2]"),
        Row("count torus:4x4: kernel / frontier", "test_frontier_torus",
            "test_count_torus_kernel"),
        Row("count torus:4x4: SSXCC / kernel", "test_count_torus_kernel",
            "test_count_torus_knuth[ssxcc]"),
        Row("count torus:4x4 by the frontier", "test_frontier_torus", limit=0.05),
        Row("count 4x4 free border (2,765,440): SSXCC / frontier", "test_frontier_free_4x4",
            "test_count_free_ssxcc"),
        Row("count 16x1 free border (1,625,702,400) by the frontier",
            "test_frontier_free_strips[16x1-1625702400]", limit=1.0),
        Row("hexagon completion, 32 free cells (99): SSXCC / kernel `auto`",
            "test_order_completion_32_kernel[auto]", "test_order_completion_32_knuth[ssxcc]"),
        Row("completion, 32 free: DLX2 / kernel `auto`", "test_order_completion_32_kernel[auto]",
            "test_order_completion_32_knuth[dlx2]"),
        Row("completion, 32 free: xcover / kernel `auto`",
            "test_order_completion_32_kernel[auto]", "test_order_completion_32_xcover"),
        Row("completion, 32 free: kernel `static` / kernel `auto`",
            "test_order_completion_32_kernel[auto]", "test_order_completion_32_kernel[static]"),
    ), skipped=("test_order_completion_32_cpsat (CP-SAT took 29 s a round at load 12-15; "
                "`-k completion_32_cpsat` runs it)",)),
    Table("arrange-find", "arrangements.md", A, (
        Row("find compact hexagon rhombus:8x8: xcover / kernel", "test_find_rhombus_kernel",
            "test_find_rhombus_xcover"),
        Row("find rhombus:8x8: CP-SAT / kernel", "test_find_rhombus_kernel",
            "test_find_rhombus_cpsat_best_settings"),
        Row("find rhombus:8x8: kernel static order / most constrained first",
            "test_find_rhombus_kernel", "test_find_rhombus_kernel_static_order"),
        Row("find single-group transcendental hexagon: plain-Python growth / grow (numba)",
            "test_single_group_kernel_numba", "test_single_group_plain_python_growth"),
    ), skipped=("test_single_group_cpsat_bounded_hexagon_6 (a 120 s time limit a run)",)),
    Table("numbridge", "numbridge.md", N, (
        Row("hard-20, first solution: tdoku / ours (`search_givens`; within 4x: >= 0.25x)",
            "test_tdoku_hard_ours[1]", "test_tdoku_hard_tdoku[1]", target=0.25),
        Row("hard-20, uniqueness: tdoku / ours (within 5x: >= 0.2x)",
            "test_tdoku_hard_ours[2]", "test_tdoku_hard_tdoku[2]", target=0.2),
        Row("10,000 generated regular fields (22-34 givens), first solution: tdoku / ours",
            "test_tdoku_generated_ours[1]", "test_tdoku_generated_tdoku[1]", target=0.25),
        Row("10,000 generated regular fields, uniqueness: tdoku / ours",
            "test_tdoku_generated_ours[2]", "test_tdoku_generated_tdoku[2]", target=0.2),
        Row("hard-20, uniqueness (cap 2): CP-SAT Boolean / bitmask", "test_hard_bitmask_unique",
            "test_hard_cpsat_unique", target=5.0),
        Row("hard-20: CP-SAT integer first solution / bitmask uniqueness",
            "test_hard_bitmask_unique", "test_hard_cpsat_int_first"),
        Row("hard-20, first solution: CP-SAT Boolean / bitmask", "test_hard_bitmask_first",
            "test_hard_cpsat_first"),
        Row("20 generated 30-given fields, uniqueness: CP-SAT Boolean / bitmask",
            "test_generated_bitmask", "test_generated_cpsat", target=5.0),
        Row("10 generated regular fields, first solution: py-sudoku / bitmask",
            "test_generated_regular_bitmask", "test_generated_regular_pysudoku", target=100.0),
        Row("generate one 30-given field, regular", "test_generate[regular]", limit=0.5),
        Row("generate one 30-given field, irregular", "test_generate[irregular]", limit=2.0),
    ), skipped=("test_hard_pysudoku (py-sudoku on hard-20 took about 94 s a run)",)),
    Table("dominions", "dominions.md", D, (
        Row("legal moves, 5 mid-game positions: `placements()` / `legal_placements`",
            "test_legal_fast_path", "test_legal_outcome_path"),
        Row("legal moves: naive `outcome()` everywhere / `legal_placements`",
            "test_legal_fast_path", "test_legal_naive_every_piece_everywhere"),
        Row("groups after each of 110 moves: plain recompute / incremental tracker",
            "test_groups_incremental_tracker", "test_groups_recompute_plain"),
        Row("groups after each of 110 moves: networkx / incremental tracker",
            "test_groups_incremental_tracker", "test_groups_recompute_networkx"),
        Row("110 moves, no groups (baseline)", "test_moves_only_baseline"),
        Row("random self-play game", "test_random_game"),
        Row("4 playouts, sampling: full recompute / incremental groups",
            "test_playouts_sampled_incremental", "test_playouts_sampled_full_recompute"),
        Row("4 playouts, every legal placement: full recompute / incremental",
            "test_playouts_all_legal_incremental", "test_playouts_all_legal_full_recompute"),
        Row("one move in 5 positions: greedy / random", "test_player_random",
            "test_player_greedy"),
        Row("one move in 5 positions: search (600 nodes) / random", "test_player_random",
            "test_player_search_default_budget"),
    )),
    Table("dominimum", "dominimum.md", M, (
        Row("score a full layout: domain BFS / partitions", "test_score_full_layout[partitions]",
            "test_score_full_layout[bfs]"),
        Row("score a full layout: networkx / partitions", "test_score_full_layout[partitions]",
            "test_score_full_layout[networkx]"),
        Row("best placement, 340 candidates: +64 sampled missions / incremental",
            "test_best_placement[incremental]", "test_best_placement[incremental+64-samples]"),
        Row("best placement: networkx re-score / incremental",
            "test_best_placement[incremental]", "test_best_placement[networkx-rescore]"),
        Row("one 3-player game: 3 greedy / 3 random", "test_tournament_game[random]",
            "test_tournament_game[greedy]"),
        Row("one 3-player game: lookahead + 2 greedy / 3 random", "test_tournament_game[random]",
            "test_tournament_game[lookahead+2 greedy]"),
    )),
    Table("mcts", "players.md", P, tuple(
        Row(f"{game}: 200 MCTS iterations from the profile's position",
            f"test_mcts_iterations[{game}]", rate=(200, "iterations"))
        for game in ("dominions", "numbridge", "dominimum", "dominomega"))),
)}


# --------------------------------------------------------------------------- running


def run_once(table: Table, out: Path) -> dict[str, float]:
    """One pytest-benchmark process over the table's benchmarks: name -> median seconds."""
    ids = [f"{table.bench}::{name}" for name in table.tests()]
    cmd = [sys.executable, "-m", "pytest", *ids, "--benchmark-only", "-q", "-m", "",
           "-p", "no:cacheprovider", f"--benchmark-json={out}", f"--benchmark-timer={TIMER}",
           *table.options]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-3000:])
        raise SystemExit(f"benchmarks.report: pytest failed for {table.name} "
                         f"(exit {proc.returncode})")
    doc = json.loads(out.read_text())
    return {b["name"]: float(b["stats"]["median"]) for b in doc["benchmarks"]}


def fmt_time(seconds: float) -> str:
    """3 significant digits in s, ms or us."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale or unit == "us":
            return f"{seconds / scale:.3g} {unit}"
    raise AssertionError  # pragma: no cover


def verdict(every_run: bool, no_run: bool) -> str:
    """``met`` only when every run meets the target, ``NOT met`` when none does."""
    if every_run:
        return "met in every run"
    return "NOT met" if no_run else "not shown (the runs fall on both sides)"


def fmt_ratio(x: float) -> str:
    """``4.94x``, ``324x``, ``3,750x``."""
    return f"{x:,.0f}x" if x >= 1000 else f"{x:.3g}x"


def fmt_times(values: list[float]) -> str:
    """The median time of the runs, and their range when there are several."""
    med = fmt_time(statistics.median(values))
    if len(values) == 1:
        return med
    return f"{med} ({fmt_time(min(values))}-{fmt_time(max(values))})"


def fmt_ratios(values: list[float]) -> str:
    """``median (min-max)`` of the per-run ratios."""
    med = fmt_ratio(statistics.median(values))
    if len(values) == 1:
        return med
    return f"{med} ({fmt_ratio(min(values))}-{fmt_ratio(max(values))})"


def render(table: Table, runs: list[dict[str, float]], loads: list[tuple[float, ...]],
           date: str) -> str:
    """The markdown of one block (without the markers and the stamp)."""
    runs_text = f"{len(runs)} run{'s' if len(runs) > 1 else ''}"
    header = (
        f"Produced by `python3 -m benchmarks.report {table.name} --runs {len(runs)}` on {date}: "
        f"{runs_text} of `{table.bench}`, each time the median of one run in CPU seconds (user "
        "+ system: of the benchmark process for in-process rows, of the child processes for "
        "whole-process rows); the table shows the median over the runs and, for ratios, their "
        f"range (min-max over the runs). Machine: {os.cpu_count()} CPUs, "
        f"{platform.python_implementation()} {platform.python_version()}, load average "
        f"(1/5/15 min) {' / '.join(f'{x:.1f}' for x in loads[0])} before and "
        f"{' / '.join(f'{x:.1f}' for x in loads[-1])} after; the machine is shared with other "
        "jobs, which slows both sides of a ratio alike. A target is met only when every run "
        "meets it.")
    lines = [textwrap.fill(header, 96), "",
             "| job | ours | peer | ratio peer/ours | target |", "|---|---|---|---|---|"]
    for row in table.rows:
        if any(row.ours not in r or (row.peer is not None and row.peer not in r)
               for r in runs):  # a benchmark skipped (an optional peer not installed)
            lines.append(f"| {row.job} | not run in this report (a benchmark skipped) | | | |")
            continue
        ours = [r[row.ours] for r in runs]
        if row.peer is None:
            target = ""
            if row.limit is not None:
                target = f"< {fmt_time(row.limit)}: " + verdict(max(ours) < row.limit,
                                                               min(ours) >= row.limit)
            shown = fmt_times(ours)
            if row.rate is not None:
                work, unit = row.rate
                shown += (f"; {work / statistics.median(ours):,.0f} {unit} per CPU second "
                          f"({work / max(ours):,.0f}-{work / min(ours):,.0f})")
            lines.append(f"| {row.job} | {shown} | | | {target} |")
            continue
        peer = [r[row.peer] for r in runs]
        ratios = [p / o for p, o in zip(peer, ours, strict=True)]
        target = ""
        if row.target is not None:
            target = f">= {row.target:g}x: " + verdict(min(ratios) >= row.target,
                                                       max(ratios) < row.target)
        lines.append(f"| {row.job} | {fmt_times(ours)} | {fmt_times(peer)} | "
                     f"{fmt_ratios(ratios)} | {target} |")
    for note in table.skipped:
        lines.append("")
        lines.append(f"Not run by the report: {note}.")
    return "\n".join(lines)


# --------------------------------------------------------------------------- docs blocks

BLOCK = re.compile(r"<!-- bench:(?P<name>[\w-]+) -->\n(?P<body>.*?)"
                   r"<!-- bench-stamp:(?P=name) sha256=(?P<sha>[0-9a-f]{64}) -->\n"
                   r"<!-- /bench:(?P=name) -->", re.S)
OPEN = re.compile(r"<!-- bench:(?P<name>[\w-]+) -->")


def stamp(body: str) -> str:
    """The SHA-256 of a block's text."""
    return hashlib.sha256(body.encode()).hexdigest()


def block_text(name: str, body: str) -> str:
    """A whole block: markers, body, stamp."""
    body = body.rstrip("\n") + "\n"
    return (f"<!-- bench:{name} -->\n{body}<!-- bench-stamp:{name} sha256={stamp(body)} -->\n"
            f"<!-- /bench:{name} -->")


def write_block(doc: Path, name: str, body: str) -> None:
    """Replace the block ``name`` in ``doc`` (which must hold its markers)."""
    text = doc.read_text()
    start = text.find(f"<!-- bench:{name} -->")
    end_marker = f"<!-- /bench:{name} -->"
    end = text.find(end_marker)
    if start < 0 or end < 0:
        raise SystemExit(f"benchmarks.report: {doc} has no <!-- bench:{name} --> ... "
                         f"{end_marker} markers")
    new = text[:start] + block_text(name, body) + text[end + len(end_marker):]
    tmp = doc.with_suffix(".md.tmp")
    tmp.write_text(new)
    tmp.replace(doc)


def check_blocks(text: str) -> list[str]:
    """Faults of the bench blocks of one document: unknown names, missing or wrong stamps."""
    faults = []
    good = {m.start(): m for m in BLOCK.finditer(text)}
    for m in OPEN.finditer(text):
        name = m.group("name")
        if name not in TABLES:
            faults.append(f"block {name}: not a table of benchmarks.report")
        block = good.get(m.start())
        if block is None:
            faults.append(f"block {name}: no stamp line or no end marker")
        elif stamp(block.group("body")) != block.group("sha"):
            faults.append(f"block {name}: edited by hand (stamp does not match); re-run "
                          f"python3 -m benchmarks.report {name}")
    return faults


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python3 -m benchmarks.report",
                                 description="Run benchmarks and write their docs tables.")
    ap.add_argument("tables", nargs="*", help="table names, or 'all'")
    ap.add_argument("--runs", type=int, default=3, help="pytest processes per table (3)")
    ap.add_argument("--list", action="store_true", help="list the tables and exit")
    ap.add_argument("--render", action="store_true",
                    help="only re-write the tables from the saved results (no runs)")
    args = ap.parse_args(argv)
    if args.list or not args.tables:
        for t in TABLES.values():
            print(f"{t.name:20} docs/{t.doc}  {t.bench}  ({len(t.tests())} benchmarks)")
        return
    names = list(TABLES) if args.tables == ["all"] else args.tables
    unknown = [n for n in names if n not in TABLES]
    if unknown:
        raise SystemExit(f"benchmarks.report: unknown table {unknown[0]!r}; see --list")
    if args.runs < 1:
        raise SystemExit("benchmarks.report: --runs must be at least 1")
    for name in names:
        table = TABLES[name]
        saved = RESULTS / f"{name}.json"
        if args.render:
            data = json.loads(saved.read_text())
        else:
            loads = [os.getloadavg()]
            runs = []
            with tempfile.TemporaryDirectory() as tmp:
                for i in range(args.runs):
                    print(f"{name}: run {i + 1}/{args.runs} ...", file=sys.stderr, flush=True)
                    runs.append(run_once(table, Path(tmp) / f"run{i}.json"))
            loads.append(os.getloadavg())
            data = {"date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                    "loads": loads, "runs": runs}
            RESULTS.mkdir(exist_ok=True)
            saved.write_text(json.dumps(data, indent=1) + "\n")
        body = render(table, data["runs"], [tuple(x) for x in data["loads"]], data["date"])
        print(body + "\n")
        write_block(DOCS / table.doc, name, body)
        print(f"{name}: wrote docs/{table.doc} (results: {saved.relative_to(ROOT)})",
              file=sys.stderr)


if __name__ == "__main__":
    main()
