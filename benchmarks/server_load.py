"""Load benchmark of ``solver serve`` (a script, not a test): many games at once on one server.

Starts a real ``solver serve`` (SQLite in a temporary directory), creates ``--games`` Dominions
games, half of them against the computer (``--player``, default ``mcts``, with ``--move-time``
WALL-CLOCK seconds per move, thinking in the server's worker processes), and drives every
human seat from websocket clients in this
process: each client keeps its own replica of the position (from the broadcasts) to pick a
random legal move, sends it, and times the way from the moment it sent the move to the moment
the broadcast of that move reached it. At the end every game's stored move list is compared
with what the clients saw: no move lost, none applied twice.

    python3 benchmarks/server_load.py --games 50 --moves 20 --seed 1 [--out result.json]

Prints the 50th/95th/99th percentiles of the human moves' times from sending the move to the
``moved`` notice of its broadcast and to the drawn ``state`` message, the computers' reply times
(from the ``moved`` notice of the person's move to that of the computer's answer) with their
ratio to ``--move-time``, and the load average sampled every 5 s of the run. People think:
each client waits ``--think`` seconds on average (0.5x-1.5x, seeded) before it moves;
``--think 0`` sends every move at once (a saturation test). The games start ``--settle``
seconds after the server answers (its worker processes load the computer players meanwhile).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzles.dominions.state import DominionsState  # noqa: E402


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "solver", "serve", "--port", "0",
                             "--database", str(db), "--max-games-per-client", "1000",
                             "--computer-workers", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    url = proc.stdout.readline().split()[2].rstrip("/")
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/api/rooms", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def cpu_seconds(pid: int) -> dict[str, float]:
    """CPU seconds (user + system) used so far by the server process and by its children
    (computer and drawing workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    own = children = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used = (int(fields[11]) + int(fields[12])) / tick
        if int(entry.name) == pid:
            own += used
        elif int(fields[1]) == pid:
            children += used
    return {"server": round(own, 1), "workers": round(children, 1)}


def post(url: str, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def get(url: str, path: str) -> Any:
    with urllib.request.urlopen(url + path, timeout=60) as r:
        return json.load(r)


CONNECTING = asyncio.Semaphore(8)


class Seat:
    """One human seat's websocket with its replica of the game."""

    def __init__(self, ws: Any, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.state: dict[str, Any] | None = None
        self.event = asyncio.Event()
        self.moved: dict[int, float] = {}  # action number -> arrival of its "moved" notice
        self.replica = DominionsState(9)  # the client's own copy, to pick legal moves

    def catch_up(self, moves: list[str]) -> None:
        """Apply the moves of the broadcast this replica has not seen yet."""
        for t in moves[len(self.replica.history()):]:
            self.replica.apply_text(t[2:-1] or "pass")

    async def reader(self) -> None:
        async for raw in self.ws:
            m = json.loads(raw)
            if m["type"] == "state":
                self.state = m
                self.event.set()
            elif m["type"] == "moved":
                self.moved[m["ply"]] = time.perf_counter()
                self.event.set()
            elif m["type"] == "error":
                print("refused:", m, file=sys.stderr)

    async def wait(self, pred: Any, timeout: float = 300.0) -> dict[str, Any]:
        end = time.perf_counter() + timeout
        while self.state is None or not pred(self.state):
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), max(0.01, end - time.perf_counter()))
        return self.state

    async def wait_moved(self, ply: int, timeout: float = 300.0) -> float:
        end = time.perf_counter() + timeout
        while ply not in self.moved:
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), max(0.01, end - time.perf_counter()))
        return self.moved[ply]


async def play_game(url: str, game: dict[str, Any], computer: bool, moves: int, rng: random.Random,
                    latencies: dict[str, list[float]], sent: dict[str, list[str]],
                    think: float) -> None:
    ws_url = url.replace("http", "ws")
    seats = []
    readers = []
    for i, s in enumerate(game["seats"]):
        if s["link"]:
            async with CONNECTING:  # people do not all open their links in the same instant
                ws = await websockets.connect(f"{ws_url}/ws/{game['id']}?token="
                                              f"{s['link'].split('token=')[1]}",
                                              max_size=2**22, open_timeout=120)
            seat = Seat(ws, i)
            seats.append(seat)
            readers.append(asyncio.create_task(seat.reader()))
    sent[game["id"]] = []
    log = sent[game["id"]]
    per_seat = moves if computer else moves // len(seats)

    async def drive(me: Seat) -> None:
        for _ in range(per_seat):
            st = await me.wait(lambda m: m["status"] != "live" or m["to_move"] == me.seat)
            if st["status"] != "live":
                return
            me.catch_up(st["moves"])
            legal = me.replica.legal_move_list()
            move = rng.choice(legal[:-1] or legal)  # prefer placements to the pass
            text = me.replica.move_text(move)
            ply = st["ply"]
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            t0 = time.perf_counter()
            await me.ws.send(json.dumps({"type": "move", "move": text, "ply": ply}))
            t_moved = await me.wait_moved(ply + 1)
            await me.wait(lambda m, p=ply: m["ply"] > p)
            latencies["moved"].append(t_moved - t0)
            latencies["state"].append(time.perf_counter() - t0)
            if computer:  # the computer's answer: from my move's notice to the answer's
                st = await me.wait(lambda m, p=ply: m["status"] != "live" or m["ply"] > p + 1)
                if st["status"] == "live" or ply + 2 in me.moved:
                    latencies["computer"].append(await me.wait_moved(ply + 2) - t_moved)
            log.append(f"{'WB'[me.seat]}[{'' if text == 'pass' else text}]")

    await asyncio.gather(*(drive(s) for s in seats))
    if computer:  # let the computer answer the last move
        await seats[0].wait(lambda m: m["status"] != "live" or m["to_move"] == seats[0].seat)
    for s in seats:
        await s.ws.close()
    for r in readers:
        r.cancel()


async def sample_load(loads: list[float]) -> None:
    """The 1-minute load average every 5 s, until cancelled."""
    while True:
        loads.append(os.getloadavg()[0])
        await asyncio.sleep(5)


async def run(url: str, games: int, moves: int, move_time: float, seed: int, think: float,
              pid: int, player: str = "mcts") -> dict[str, Any]:
    rng = random.Random(seed)
    cpu0 = cpu_seconds(pid)  # after the start-up (imports, first pages)
    made = []
    for k in range(games):
        computer = k % 2 == 1
        seats = [{"name": f"h{k}"}, {"kind": "computer", "player": player,
                                     "move_time": move_time} if computer else {"name": f"g{k}"}]
        made.append((post(url, "/api/games", {"game": "dominions", "seats": seats,
                                              "clock": {"move": 0, "game": 0}}), computer))
    latencies: dict[str, list[float]] = {"moved": [], "state": [], "computer": []}
    sent: dict[str, list[str]] = {}
    loads: list[float] = []
    sampler = asyncio.create_task(sample_load(loads))
    t0 = time.perf_counter()
    await asyncio.gather(*(play_game(url, g, e, moves, random.Random(rng.random()), latencies,
                                     sent, think) for g, e in made))
    wall = time.perf_counter() - t0
    sampler.cancel()
    cpu1 = cpu_seconds(pid)
    cpu = {k: round(cpu1[k] - cpu0[k], 1) for k in cpu1}
    lost = twice = 0
    computer_moves = 0
    for g, computer in made:
        stored = get(url, f"/api/games/{g['id']}/state")["moves"]
        mine = [t for t in stored if not computer or t.startswith("W")]
        if computer:
            computer_moves += sum(1 for t in stored if t.startswith("B"))
        lost += sum(1 for t in sent[g["id"]] if t not in stored)
        twice += len(mine) - len(set(enumerate(mine)))
        if mine != sent[g["id"]]:
            lost += 1
        summary = get(url, f"/api/games/{g['id']}")
        if summary["moves"] != len(stored):
            lost += 1
    def pct(xs: list[float]) -> dict[str, float]:
        qs = statistics.quantiles(xs, n=100, method="inclusive")
        return {"p50_ms": round(1000 * qs[49], 1), "p95_ms": round(1000 * qs[94], 1),
                "p99_ms": round(1000 * qs[98], 1), "max_ms": round(1000 * max(xs), 1)}

    computer_s = latencies["computer"] or [0.0]
    return {"games": games, "computer_games": games // 2, "think_seconds": think,
            "computer_player": player, "computer_move_time": move_time,
            "human_moves": len(latencies["state"]), "computer_moves": computer_moves,
            "wall_seconds": round(wall, 1),
            "to_moved_notice": pct(latencies["moved"]), "to_drawn_state": pct(latencies["state"]),
            "computer_reply": {**pct(computer_s), "replies": len(latencies["computer"]),
                             "p95_over_setting": round(
                                 statistics.quantiles(computer_s, n=100, method="inclusive")[94]
                                 / move_time, 2) if len(computer_s) > 1 else None},
            "load_average_during_run": {"min": round(min(loads), 2), "max": round(max(loads), 2)},
            "lost_or_mismatched": lost, "applied_twice": twice,
            "cpu_seconds": cpu,
            "server_process_cpu_ms_per_action": round(
                1000 * cpu["server"] / (len(latencies["state"]) + computer_moves), 1),
            "cpus": os.cpu_count(), "load_average": os.getloadavg()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--moves", type=int, default=20, help="human moves per game")
    ap.add_argument("--move-time", type=float, default=1.0,
                    help="computer wall-clock seconds per move")
    ap.add_argument("--player", default="mcts", help="the computer player of those games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=2.0,
                    help="mean seconds a person thinks before a move (0: send at once)")
    ap.add_argument("--settle", type=float, default=15.0,
                    help="seconds to wait after the start (the workers warm up)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp) / "games.sqlite3")
        time.sleep(args.settle)
        try:
            result = asyncio.run(run(url, args.games, args.moves, args.move_time, args.seed,
                                     args.think, proc.pid, args.player))
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=30)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
