"""The strength goals of issue 23: run them and write their table into docs/players.md.

Each goal is one ``solver ladder`` command of at least 200 games (seats rotated), run twice:
at a fixed node budget (``nodes``: the same games on any machine) and at a wall-clock time
per move (``time``: what a player meets; the machine's load changes the work a move gets).

``python3 -m benchmarks.goals run GOAL BUDGET [--jobs N]`` runs the command niced (keeping
every finished game in ``benchmarks/results/goals/GOAL-BUDGET.sqlite``, so a killed run
resumes), notes the load before and after, the wall and CPU time and the mean thinking time
of a move, and saves ``benchmarks/results/goals/GOAL-BUDGET.json``.
``python3 -m benchmarks.goals table [--write]`` prints (and writes between the
``<!-- goals -->`` markers of docs/players.md) the table of every saved run: wins, the win
rate with its 95% Wilson interval, the Elo difference with its 95% interval, the target and
whether the run meets it. ``python3 -m benchmarks.goals list`` prints the commands.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import math
import os
import resource
import shlex
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.docblock import write_block

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "goals"
#: seconds above which a marked command is run by hand only (tests/foundation)
SLOW_LIMIT = 900


@dataclass(frozen=True)
class Goal:
    """One goal: the ladder's arguments, the player measured, its opponent and the target.

    ``measure`` is ``wins`` (the player's outright wins per seat played) or ``score`` (its
    pairwise score against ``opponent``: a win 1, a tie half; its interval counts games, as
    the pairings of one game are not independent)."""

    name: str
    title: str
    game: str
    args: str
    player: str
    opponent: str
    target: float
    measure: str
    budgets: tuple[tuple[str, str], ...]


GOALS = {g.name: g for g in (
    Goal("dominimum-greedy", "Dominimum: mcts against two greedy players", "dominimum",
         "--lineup mcts,greedy,greedy --games 201", "mcts", "greedy", 0.55, "wins",
         (("nodes", "--max-nodes 100"), ("time", "--move-time 0.1"))),
    Goal("dominimum-expect", "Dominimum: mcts against two expect players (its pairwise "
         "score against them)", "dominimum", "--lineup mcts,expect,expect --games 100", "mcts",
         "expect", 0.50,
         "score", (("nodes", "--max-nodes 100"), ("time", "--move-time 0.1"))),
    Goal("dominomega-greedy", "Dominomega: mcts against two greedy players", "dominomega",
         "--lineup mcts,greedy,greedy --games 201", "mcts", "greedy", 0.55, "wins",
         (("nodes", "--max-nodes 20"), ("time", "--move-time 0.3"))),
    Goal("dominomega-flat", "Dominomega: flat (common random deals, greedy playouts to the "
         "end scored by the result) against two greedy players", "dominomega",
         "--lineup flat,greedy,greedy --games 201", "flat", "greedy", 0.55, "wins",
         (("nodes", "--max-nodes 20"), ("time", "--move-time 0.3"))),
    Goal("dominions-search", "Dominions: mcts against search", "dominions",
         "--players mcts,search --games 200", "mcts", "search", 0.75, "wins",
         (("nodes", "--player-nodes mcts=140,search=200"), ("time", "--move-time 0.1"))),
    Goal("numbridge-odds", "Numbridge: mcts against greedy-odds", "numbridge",
         "--players mcts,greedy-odds --games 200", "mcts", "greedy-odds", 0.65, "wins",
         (("nodes", "--max-nodes 100"), ("time", "--move-time 0.1"))),
    Goal("numbridge-races", "Numbridge: mcts-races (the tile-aware race evaluation) against "
         "greedy-odds", "numbridge", "--players mcts-races,greedy-odds --games 200",
         "mcts-races", "greedy-odds", 0.65, "wins",
         (("nodes", "--max-nodes 100"), ("time", "--move-time 0.1"))),
)}


def ladder_command(goal: Goal, budget: str, games: int | None = None) -> list[str]:
    """The ladder command of ``goal`` at ``budget`` (``nodes`` or ``time``), with ``games``
    instead of the goal's count when given (a run cut short by the time it had): it prints the
    figures of the goal's row."""
    extra = dict(goal.budgets)[budget]
    args = shlex.split(goal.args)
    if games is not None:
        args[args.index("--games") + 1] = str(games)
    return ["solver", "ladder", goal.game, *args, *shlex.split(extra), "--seed", "1"]


def command(goal: Goal, budget: str, jobs: int = 1, games: int | None = None) -> list[str]:
    """:func:`ladder_command` as this script runs it (from this worktree, JSON saved, games
    kept in the checkpoint)."""
    base = RESULTS.relative_to(ROOT) / f"{goal.name}-{budget}"
    cmd = ["python3", "-m", *ladder_command(goal, budget, games), "--json", "-q",
           "--out", f"{base}.ladder.json", "--checkpoint", f"{base}.sqlite"]
    if jobs > 1:
        cmd += ["--jobs", str(jobs)]
    return cmd


def game_seconds(db: Path) -> float:
    """The wall-clock seconds of a checkpoint's games, summed (the time of the ladder command
    as written, in one process, at that load; a resumed run's games were played earlier)."""
    with sqlite3.connect(db) as con:
        return sum(json.loads(doc)["seconds"] for (doc,) in con.execute("SELECT doc FROM games"))


def think_per_move(db: Path, player: str) -> float | None:
    """The mean seconds of thinking of ``player``'s moves in a checkpoint's games."""
    if not db.exists():
        return None
    moves = seconds = 0.0
    with sqlite3.connect(db) as con:
        for (doc,) in con.execute("SELECT doc FROM games"):
            g = json.loads(doc)
            for name, (n, t) in zip(g["lineup"], g["think"] or [], strict=False):
                if name == player:
                    moves += n
                    seconds += t
    return seconds / moves if moves else None


def run(goal: Goal, budget: str, jobs: int, games: int | None = None) -> dict[str, Any]:
    """Run the goal's command niced (``games`` instead of the goal's count when given); the
    saved document."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    cmd = command(goal, budget, jobs, games)
    load_before = os.getloadavg()
    first = RESULTS / f"{goal.name}-{budget}.started"  # the first start of a resumed run
    if not first.exists():
        first.write_text(_dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC") + "\n")
    wall = time.perf_counter()
    code = subprocess.call(["nice", "-n", "10", *cmd], cwd=ROOT)
    wall = time.perf_counter() - wall
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if code != 0:
        sys.exit(f"the ladder stopped with exit code {code} (the finished games are kept)")
    base = RESULTS / f"{goal.name}-{budget}"
    ladder = json.loads(Path(f"{base}.ladder.json").read_text())
    doc = {"goal": goal.name, "budget": budget,
           "command": " ".join(ladder_command(goal, budget, games)),
           "started": first.read_text().strip(),
           "finished": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
           "load_before": round(load_before[0], 1), "load_after": round(os.getloadavg()[0], 1),
           "wall_seconds": round(wall), "cpu_seconds": round(usage.ru_utime + usage.ru_stime),
           "game_seconds": round(game_seconds(Path(f"{base}.sqlite"))),
           "think": think_per_move(Path(f"{base}.sqlite"), goal.player),
           "win_rates": ladder["win_rates"], "crosstable": ladder["crosstable"],
           "ratings": ladder["ratings"], "games": len(ladder["games"])}
    Path(f"{base}.json").write_text(json.dumps(doc, indent=1) + "\n")
    return doc


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def row(goal: Goal, doc: dict[str, Any]) -> list[str]:
    """The table row of one saved run."""
    if goal.measure == "wins":
        w = doc["win_rates"][goal.player]
        got, n = w["wins"], int(w["seats"])
        what = f"{int(got)} wins of {n} seats"
    else:
        cell = doc["crosstable"][goal.player][goal.opponent]
        got, n = cell["points"], int(cell["games"])
        what = f"{got:g} points of {n} pairings"
    rate = got / n if n else 0.0
    # the pairings of one game are not independent: the interval counts games, not pairings
    trials = min(n, int(doc["games"]))
    lo, hi = wilson(rate * trials, trials)
    elo = {r["player"]: r for r in doc["ratings"]}
    me, them = elo[goal.player], elo[goal.opponent]
    diff = me["elo"] - them["elo"]
    half = math.hypot(me["high"] - me["elo"], them["high"] - them["elo"])
    think = doc.get("think")
    met = "**yes**" if lo >= goal.target else ("no" if hi < goal.target else
                                               "not shown (the interval holds the target)")
    if rate >= goal.target and lo < goal.target:
        met = "above the target, not shown (the interval holds it)"
    return [goal.title, f"`{doc['command']}`", doc["budget"], f"{doc['games']}", what,
            f"{100 * rate:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})", f"{100 * goal.target:.0f}%",
            f"{diff:+.0f} (+-{half:.0f})",
            "-" if think is None else f"{1000 * think:.0f} ms",
            f"{doc['load_before']} / {doc['load_after']}",
            f"{doc['game_seconds']} s", met]


HEAD = ["goal", "command", "budget", "games", "result", "rate (95%)", "target",
        "Elo difference (95%)", "mean time a move", "load before / after",
        "games' wall clock (sum)",
        "met?"]


def marker(doc: dict[str, Any]) -> str:
    """The measured marker of one saved run: its ladder command, when, the load, how long."""
    minutes = doc["game_seconds"] / 60
    start, end = doc["started"].removesuffix(" UTC"), doc["finished"].removesuffix(" UTC")
    when = f"{start}-{end.split()[1]} UTC" if start[:10] == end[:10] else f"{start} UTC"
    why = f"a {doc['games']}-game ladder, {minutes:.0f} minutes of games on the shared machine"
    if doc["game_seconds"] <= SLOW_LIMIT and doc["budget"] == "time":
        why = ("needs a machine of the same load: a wall-clock budget gives a move the work "
               f"the load allows, so the games differ ({why})")
    return (f"<!-- measured: {doc['command']} | {when} | "
            f"load {doc['load_before']} / {doc['load_after']} on 2 cores (niced) | "
            f"runs: {doc['game_seconds']} s | by hand: {why} -->")


def table() -> str:
    """The markdown table of every saved run, under the measured marker of each run (the
    ladder command that printed its figures) and of this script (which reads them back)."""
    rows = []
    markers = ["<!-- measured: python3 -m benchmarks.goals table | "
               f"{_dt.datetime.now(_dt.UTC).strftime('%Y-%m-%d %H:%M UTC')} | load of each run "
               "in its marker | runs: 2 s -->"]
    for goal in GOALS.values():
        for budget, _ in goal.budgets:
            path = RESULTS / f"{goal.name}-{budget}.json"
            if path.exists():
                doc = json.loads(path.read_text())
                rows.append(row(goal, doc))
                markers.append(marker(doc))
    lines = [*markers, "| " + " | ".join(HEAD) + " |", "|" + "---|" * len(HEAD)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """``run GOAL BUDGET``, ``table [--write]`` or ``list``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("run")
    r.add_argument("goal", choices=sorted(GOALS))
    r.add_argument("budget", choices=("nodes", "time"))
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--games", type=int, help="instead of the goal's count (the games already "
                   "in the checkpoint are kept; a shorter run reads them back)")
    t = sub.add_parser("table")
    t.add_argument("--write", action="store_true")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    if args.what == "run":
        doc = run(GOALS[args.goal], args.budget, args.jobs, args.games)
        print(" | ".join(row(GOALS[args.goal], doc)))
    elif args.what == "table":
        text = table()
        print(text, end="")
        if args.write:
            write_block("goals", text)
    else:
        for goal in GOALS.values():
            for budget, _ in goal.budgets:
                print(" ".join(command(goal, budget)))


if __name__ == "__main__":
    main()
