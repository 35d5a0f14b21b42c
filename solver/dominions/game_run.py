"""Dominions on the small boards with the compiled search (issue 26, Q7): the value, its
proof (the strategy graphs of ``solve_game``, replayed by ``tests/dominions/proof_check.py``),
and a time-boxed run that checkpoints and resumes.

A run works in chunks of nodes; between chunks it checks the CPU budget and SIGTERM/SIGINT.
When it stops it writes its state directory: ``table.bin`` (the transposition table: every
stored bound is a proved fact, so a later run starts from it) and ``progress.json`` (the
MTD(f) bounds proved at the root, the root move being searched, nodes and CPU of every
session). ``--resume`` continues from there.

    python3 -m solver.dominions.game_run --base 2 --proof base2.json.gz
    nice -n 10 python3 -m solver.dominions.game_run --base 3 --state DIR --cpu-limit 1800 [--resume]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

from puzzles.dominions import Position
from solver.dominions.gamesolve import INF, CSearch, SearchStoppedError
from solver.dominions.solve_game import Solver


class CSolver(Solver):
    """``Solver`` (keys, principal line, proof graphs) over the compiled search."""

    def __init__(self, base: int, tt_log2: int = 22) -> None:
        super().__init__(base)
        self.c = CSearch(base, tt_log2)

    def search(self, pos: Position, alpha: int, beta: int) -> int:
        self.c.set(pos)
        return self.c.search(alpha, beta)

    def value(self, pos: Position | None = None, guess: int = 0) -> int:
        self.c.set(self.root if pos is None else pos)
        return self.c.value(guess)


def prove(base: int, tt_log2: int = 22) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the proof document, counts): the value of the base-``base`` game and both graphs."""
    s = CSolver(base, tt_log2)
    start = time.process_time()
    value = s.value()
    nodes = s.c.nodes
    low, high = s.proof(value, "low"), s.proof(value, "high")
    doc = {"game": "dominions", "base": base, "value": value,
           "rules": "seed 000; score = pieces on the board minus pieces in hand",
           "solver": "solver/dominions/_gamesolve.c (MTD(f), table up to symmetry)",
           "low": low, "high": high}
    info = {"value": value, "nodes": nodes, "proof_nodes": {"low": len(low["nodes"]),
            "high": len(high["nodes"])}, "cpu_seconds": round(time.process_time() - start, 2)}
    return doc, info


class Stop:
    """SIGTERM/SIGINT noted, to stop between two chunks."""

    def __init__(self) -> None:
        self.signal: str | None = None
        self.before = {sig: signal.signal(sig, self.note)
                       for sig in (signal.SIGTERM, signal.SIGINT)}

    def note(self, signum: int, frame: object) -> None:
        self.signal = signal.Signals(signum).name

    def restore(self) -> None:
        """The handlers as they were."""
        for sig, handler in self.before.items():
            signal.signal(sig, handler)


def run(base: int, state: Path, cpu_limit: float, chunk: int, tt_log2: int,
        resume: bool) -> dict[str, Any]:
    """MTD(f) at the root of the base-``base`` game in chunks of ``chunk`` nodes, at most
    ``cpu_limit`` CPU seconds this session; the state directory is written when it stops."""
    c = CSearch(base, tt_log2)
    state.mkdir(parents=True, exist_ok=True)
    prog_path, table_path = state / "progress.json", state / "table.bin"
    prog: dict[str, Any] = {"base": base, "table_log2": tt_log2, "lo": -INF, "hi": INF,
                            "guess": 0, "sessions": [], "value": None}
    if resume != prog_path.exists():
        raise SystemExit(f"game_run: {prog_path} " + ("not found: nothing to resume" if resume
                         else "exists: continue it with --resume or choose another --state"))
    if resume:
        prog = json.loads(prog_path.read_text())
        if prog["base"] != base or prog["table_log2"] != tt_log2:
            raise SystemExit(f"game_run: {prog_path} is a run of another base or table size")
        if c.lib.ds_load(str(table_path).encode()) != 0:
            raise SystemExit(f"game_run: {table_path} cannot be read")
    stop = Stop()
    try:
        return _run(c, prog, prog_path, table_path, stop, cpu_limit, chunk)
    finally:
        stop.restore()


def _run(c: CSearch, prog: dict[str, Any], prog_path: Path, table_path: Path, stop: Stop,
         cpu_limit: float, chunk: int) -> dict[str, Any]:
    start_cpu, start_nodes = time.process_time(), c.nodes
    session: dict[str, Any] = {"started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
               "load_before": [round(x, 1) for x in os.getloadavg()]}
    lo, hi, g = prog["lo"], prog["hi"], prog["guess"]
    why = "solved"
    while lo < hi:
        beta = g + 1 if g == lo else g
        try:
            g = c.search(beta - 1, beta, chunk)
        except SearchStoppedError:
            done, total = root_progress(c)
            spent = time.process_time() - start_cpu
            print(f"{c.nodes} nodes, {spent:.0f} s CPU this session, root bounds "
                  f"[{lo}, {hi}], null window at {beta}, root move {done + 1} of {total}",
                  flush=True)
            if stop.signal or spent > cpu_limit:
                why = f"signal {stop.signal}" if stop.signal else f"CPU limit {cpu_limit:g} s"
                break
            continue
        if g < beta:
            hi = g
        else:
            lo = g
    done, total = root_progress(c)
    session.update({"ended": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                    "stopped": why, "nodes": c.nodes - start_nodes,
                    "cpu_seconds": round(time.process_time() - start_cpu, 1),
                    "load_after": [round(x, 1) for x in os.getloadavg()],
                    "root_move_in_search_order": done + 1, "root_moves": total})
    prog["sessions"].append(session)
    prog.update({"lo": lo, "hi": hi, "guess": g, "nodes": c.nodes,
                 "value": lo if lo == hi else None})
    if c.lib.ds_save(str(table_path).encode()) != 0:
        raise SystemExit(f"game_run: {table_path} cannot be written")
    tmp = prog_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(prog, indent=1) + "\n")
    os.replace(tmp, prog_path)
    return prog


def root_progress(c: CSearch) -> tuple[int, int]:
    import ctypes

    done, total = ctypes.c_int(0), ctypes.c_int(0)
    c.lib.ds_root_progress(ctypes.byref(done), ctypes.byref(total))
    return done.value, total.value


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Solve Dominions on a small board (compiled).")
    ap.add_argument("--base", type=int, default=2)
    ap.add_argument("--proof", type=Path, default=None, help="write the proof (gzip JSON)")
    ap.add_argument("--state", type=Path, default=None, help="checkpointed run: its directory")
    ap.add_argument("--resume", action="store_true", help="continue the run in --state")
    ap.add_argument("--cpu-limit", type=float, default=600.0, help="CPU seconds this session")
    ap.add_argument("--chunk", type=int, default=5_000_000, help="nodes between checks")
    ap.add_argument("--table", type=int, default=22, help="log2 of the table's entries")
    args = ap.parse_args(argv)
    if args.state is not None:
        print(json.dumps(run(args.base, args.state, args.cpu_limit, args.chunk, args.table,
                             args.resume)["sessions"][-1]))
        return
    doc, info = prove(args.base, args.table)
    if args.proof is not None:
        with gzip.open(args.proof, "wt", encoding="utf-8") as fh:
            json.dump(doc, fh, separators=(",", ":"))
    print(json.dumps(info))


if __name__ == "__main__":
    main()
