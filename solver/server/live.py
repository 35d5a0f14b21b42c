"""Live games: the server's authority over each game's state, seats, clock and sockets.

Written once against :class:`puzzles.game.GameState`; what differs per game (room settings,
the deal, drawing, side actions, the clock) comes from its :class:`solver.server.rooms.Room`.

Every change follows one path under the game's lock: check it with the rules engine, store it
(one transaction), then broadcast each socket its own seat's view. Engine seats are asked in
the :class:`~solver.server.engines.EnginePool`; a server-side timer applies clock limits even
when nobody sends anything.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import functools
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.errors import IllegalMoveError, InvalidInputError, PuzzleError
from puzzles.game import GameState
from solver.server.catalog import room
from solver.server.engines import DrawingPool, EnginePool
from solver.server.rooms import Room
from solver.server.storage import GameRow, MoveRow, Storage

log = logging.getLogger("solver.server")


class RequestError(Exception):
    """A request or message the server refuses; ``rule`` names the game rule when one did."""

    def __init__(self, message: str, rule: str = "", status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.status = status


@dataclass
class Seat:
    """Who plays one seat. Human seats have a secret ``token`` (in the seat's link)."""

    kind: str
    name: str
    player: str = ""
    move_time: float = 1.0
    token: str = ""

    def to_json(self) -> dict[str, Any]:
        """The stored form (with the token: storage is server-side only)."""
        return {"kind": self.kind, "name": self.name, "player": self.player,
                "move_time": self.move_time, "token": self.token}

    def public(self) -> dict[str, Any]:
        """What everybody may know about the seat."""
        return {"kind": self.kind, "name": self.name, "player": self.player}


class Connection:
    """One websocket of a game: its seat (None for a spectator) and an outgoing queue."""

    def __init__(self, seat: int | None, send: Callable[[dict[str, Any]], Any]) -> None:
        self.seat = seat
        self._send = send
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=256)
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the writer task that sends queued messages in order."""
        self.task = asyncio.create_task(self._writer())

    async def _writer(self) -> None:
        while True:
            msg = await self.queue.get()
            if msg is None:
                return
            try:
                await self._send(msg)
            except Exception:  # the socket went away: the reader side cleans up
                return

    def post(self, msg: dict[str, Any]) -> None:
        """Queue a message (a client that stops reading loses its oldest messages)."""
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(msg)

    async def close(self) -> None:
        """Stop the writer."""
        self.post(None)  # type: ignore[arg-type]
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, 2)


@dataclass
class LiveGame:
    """A game held by the server."""

    id: str
    room: Room
    state: GameState[Any]
    seats: list[Seat]
    settings: dict[str, Any]
    started: float | None
    status: str = "live"
    result: str = ""
    moves: list[MoveRow] = field(default_factory=list)
    client: str = ""
    created: float = 0.0
    joined: set[int] = field(default_factory=set)
    undos: int = 0  # takebacks so far: a client accepts an older position only after one
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    timer: asyncio.Task[None] | None = None
    engine: asyncio.Task[None] | None = None
    _cache: dict[tuple[int, int | None], dict[str, Any]] = field(default_factory=dict)
    _shared: dict[str, Any] = field(default_factory=dict)
    drawing: int = -1  # the action number whose pictures are being drawn for the sockets

    @property
    def seq(self) -> int:
        """The number of stored actions (moves, side actions, clock events)."""
        return len(self.moves)

    def now(self) -> float:
        """Seconds of game time since the game started (server clock); 0 until every human
        seat has opened its link once (the clock starts then)."""
        return 0.0 if self.started is None else time.time() - self.started

    def clock_doc(self) -> dict[str, Any]:
        """The stored clock: when the game time started and which seats have joined."""
        return {"started": self.started, "joined": sorted(self.joined), "undos": self.undos}

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token`` (None: a spectator)."""
        if not token:
            return None
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.token and secrets.compare_digest(s.token, token):
                return i
        raise RequestError("unknown seat token for this game", status=403)

    def against_engine(self) -> bool:
        """True when exactly one seat is a person (undo is allowed then)."""
        return sum(1 for s in self.seats if s.kind == "human") == 1

    def message(self, seat: int | None, drawn: dict[str, Any] | None = None
                ) -> dict[str, Any]:
        """The ``state`` message for ``seat``, cached per action number; ``drawn`` is the
        room's rendering when it was made elsewhere (the drawing workers)."""
        key = (self.seq, seat)
        msg = self._cache.get(key)
        if msg is None:
            if len(self._cache) > 64:
                self._cache.clear()
            if drawn is None:
                drawn = self.room.render(self.state, seat, self._shared_for(self.seq))
            msg = {
                "type": "state", "id": self.id, "game": self.room.game.name, "seat": seat,
                "ply": self.seq, "undos": self.undos, "status": self.status,
                "result": self.result,
                "to_move": self.state.to_move(),
                "seats": [s.public() for s in self.seats],
                "moves": [m.text for m in self.moves],
                "settings": self.settings,
                "undo": self.against_engine() and self.room.undo,
                "waiting": [i for i, s in enumerate(self.seats)
                            if s.kind == "human" and i not in self.joined],
                **drawn,
            }
            self._cache[key] = msg
        return {**msg, "clock": self.room.clock(self.state, self.now())}

    def snapshot(self) -> LiveGame:
        """A copy of the game as it stands (the state cloned) for drawing it elsewhere."""
        return dataclasses.replace(self, state=self.state.clone(), moves=list(self.moves),
                                   seats=list(self.seats), joined=set(self.joined),
                                   conns=set(), timer=None, engine=None, _cache={},
                                   _shared={})

    def _shared_for(self, seq: int) -> dict[str, Any]:
        """The memo of the public pictures of position ``seq`` (kept for the newest only)."""
        if self._shared.get("seq") != seq:
            self._shared = {"seq": seq}
        return self._shared

    def row(self) -> GameRow:
        """The stored form of the game (without moves)."""
        return GameRow(self.id, self.room.game.name, self.settings,
                       [s.to_json() for s in self.seats], self.state_doc(),
                       self.clock_doc(), self.status, self.result, self.created,
                       time.time(), self.client)

    def state_doc(self) -> dict[str, Any]:
        """The full state for storage (hidden parts included)."""
        return self.state.to_json()


class Manager:
    """All games of one server: creation, lookup, moves, engines, timers and broadcasts."""

    def __init__(self, storage: Storage, engines: EnginePool | None = None,
                 max_games_per_client: int = 20, drawing: DrawingPool | None = None) -> None:
        self.storage = storage
        self.engines = engines or EnginePool()
        self.drawing = drawing or DrawingPool(kind="thread")
        self.max_games_per_client = max_games_per_client
        self.games: dict[str, LiveGame] = {}
        self._db: concurrent.futures.ThreadPoolExecutor | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Load every live game from the database and restart its engines and timers."""
        rows = await self._run(self.storage.list_games, "live", 10000)
        for r in rows:
            try:
                g = await self._load(r.id)
            except PuzzleError as exc:
                log.warning("game %s cannot be restored: %s", r.id, exc)
                continue
            if g is not None:
                self._schedule(g)

    async def stop(self) -> None:
        """Cancel timers and engine jobs, close sockets, release workers."""
        for g in self.games.values():
            for task in (g.timer, g.engine):
                if task is not None:
                    task.cancel()
            for c in list(g.conns):
                await c.close()
        self.engines.close()
        if self._db is not None:
            self._db.shutdown(wait=True)
            self._db = None
        self.drawing.close()

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a storage call in the storage thread (one thread: writes keep their order)."""
        if self._db is None:
            self._db = concurrent.futures.ThreadPoolExecutor(1, "storage")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, fn, *args)

    # ------------------------------------------------------------------ games
    async def create(self, r: Room, settings: dict[str, Any], seats: list[dict[str, Any]],
                     seed: int | None, client: str = "",
                     state: GameState[Any] | None = None) -> LiveGame:
        """Create, store and start a game in room ``r``. Raises RequestError on bad settings
        or seats."""
        game = r.game.name
        live = sum(1 for g in self.games.values() if g.client == client and g.status == "live")
        if client and live >= self.max_games_per_client:
            raise RequestError(f"too many live games from this client ({live}); finish some "
                               "first", status=429)
        lo, hi = r.game.seat_range
        if not lo <= len(seats) <= hi:
            raise RequestError(f"{game} is for {lo}-{hi} seats, not {len(seats)}")
        try:
            clean = r.game.settings(settings)
        except PuzzleError as exc:
            raise RequestError(exc.message) from None
        players = r.players()
        made: list[Seat] = []
        for i, s in enumerate(seats):
            kind = s.get("kind", "human")
            name = str(s.get("name") or "").strip()
            if kind == "engine":
                player = s.get("player") or r.default_player()
                if player not in players:
                    raise RequestError(f"seat {i + 1}: unknown player {player!r} for {game} "
                                       f"(known: {', '.join(players)})")
                made.append(Seat("engine", name or player, player,
                                 float(s.get("move_time", 1.0))))
            else:
                made.append(Seat("human", name or f"Player {i + 1}",
                                 token=secrets.token_urlsafe(18)))
        seed = secrets.randbelow(2**31) if seed is None else seed
        if state is None:
            try:
                state = await asyncio.to_thread(r.game.new_state, clean, seed, len(seats))
            except PuzzleError as exc:
                raise RequestError(exc.message) from None
        now = time.time()
        g = LiveGame(secrets.token_urlsafe(9), r, state, made, clean, None, client=client,
                     created=now)
        if not any(s.kind == "human" for s in made):
            g.started = now
        if state.is_over():
            g.status, g.result = "over", state.result_text()
        await self._run(self.storage.create_game, g.row())
        self.games[g.id] = g
        self._schedule(g)
        return g

    async def get(self, game_id: str) -> LiveGame:
        """The game with id ``game_id`` (loaded from the database when needed)."""
        g = self.games.get(game_id)
        if g is None:
            g = await self._load(game_id)
            if g is None:
                raise RequestError(f"no game {game_id!r}", status=404)
        return g

    async def _load(self, game_id: str) -> LiveGame | None:
        row = await self._run(self.storage.load_game, game_id)
        if row is None:
            return None
        if game_id in self.games:
            return self.games[game_id]
        r = room(row.game)
        state = r.game.state_from_json(row.state)
        started = row.clock.get("started")
        g = LiveGame(row.id, r, state, [Seat(**s) for s in row.seats], row.settings,
                     None if started is None else float(started), row.status, row.result,
                     list(row.moves), row.client, row.created,
                     set(row.clock.get("joined", [])), int(row.clock.get("undos", 0)))
        self.games[g.id] = g
        return g

    # ------------------------------------------------------------------ actions
    async def play(self, g: LiveGame, seat: int, text: str, ply: int | None) -> None:
        """Play move ``text`` for ``seat``; RequestError when refused (nothing changes)."""
        async with g.lock:
            if g.status != "live":
                raise RequestError("the game is over", "game-over")
            if ply is not None and ply != g.seq:
                raise RequestError(f"stale move: the game is at action {g.seq}, the move was "
                                   f"made at {ply}", "stale")
            t = g.now()
            await self._advance_clock(g, t)
            if g.status != "live":
                raise RequestError("the game ended on time before this move", "game-over")
            if g.state.to_move() != seat:
                raise RequestError("not your turn", "turn-order")
            stored = _guarded(g, lambda: g.room.apply(g.state, seat, text, t))
            await self._commit(g, seat, stored, t)
        await self._after(g)

    async def action(self, g: LiveGame, seat: int, action: str) -> None:
        """A side action (offer, accept, resign) for ``seat``."""
        async with g.lock:
            if g.status != "live":
                raise RequestError("the game is over", "game-over")
            t = g.now()
            await self._advance_clock(g, t)
            if g.status != "live":
                raise RequestError("the game ended on time", "game-over")
            stored = _guarded(g, lambda: g.room.side_action(g.state, seat, action, t))
            await self._commit(g, seat, stored, t)
        await self._after(g)

    async def undo(self, g: LiveGame, seat: int) -> None:
        """Take back moves up to and including ``seat``'s last one (games against the engine)."""
        async with g.lock:
            if not (g.room.undo and g.against_engine()):
                raise RequestError("undo is only possible in a game against the engine", "undo")
            if g.status != "live":
                raise RequestError("the game is over", "game-over")
            mine = [m for m in g.moves if m.seat == seat]
            if not mine:
                raise RequestError("you have no move to take back", "undo")
            target = mine[-1].ply
            if g.engine is not None:
                g.engine.cancel()
                g.engine = None
            n = len(g.moves) - target
            for _ in range(n):
                g.state.undo()
            g.undos += 1
            await self._run(self.storage.undo_moves, g.id, target, g.state_doc(),
                            g.clock_doc(), "live")
            del g.moves[target:]
            g._cache.clear()
            g._shared = {}
            await self._broadcast(g)
        self._schedule(g)

    async def _commit(self, g: LiveGame, seat: int, texts: list[str], t: float) -> None:
        """Store the action just applied (one transaction: the move row and the state after
        it), then broadcast. ``texts`` names it (rooms return one text per action)."""
        over = g.state.is_over()
        status = "over" if over else "live"
        result = g.state.result_text() if over else ""
        m = MoveRow(g.seq, seat, " / ".join(texts), time.time())
        await self._run(self.storage.record_move, g.id, m, g.state_doc(), g.clock_doc(),
                        status, result)
        g.moves.append(m)
        if over:
            g.status, g.result = "over", result
        moved = {"type": "moved", "id": g.id, "ply": g.seq, "seat": seat, "move": m.text,
                 "status": g.status}
        for c in list(g.conns):  # the short notice first, the drawn position follows
            c.post(moved)
        await self._broadcast(g)

    async def _advance_clock(self, g: LiveGame, t: float) -> None:
        """Apply every clock event up to game time ``t`` (stored, then broadcast)."""
        texts = g.room.advance_clock(g.state, t)
        if texts:
            await self._commit(g, -1, texts, t)

    async def _broadcast(self, g: LiveGame) -> None:
        """Send every socket its seat's ``state`` of the position just stored.

        The pictures are drawn from a snapshot in the drawing thread, after the game's lock is
        released (the next move need not wait for the drawing), in the order of the actions;
        a position that a newer one has replaced before its turn came is not drawn at all."""
        snap = g.snapshot()
        g.drawing = snap.seq
        task = asyncio.create_task(self._draw_and_send(g, snap))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _draw_and_send(self, g: LiveGame, snap: LiveGame) -> None:
        seats = sorted({c.seat for c in g.conns}, key=lambda x: -1 if x is None else x)
        if not seats or g.drawing != snap.seq:
            return  # nobody watches, or a newer position is on its way
        drawn = await self.drawing.draw(snap.room, snap.state_doc(), seats)
        if g.drawing != snap.seq:
            return
        msgs = {seat: snap.message(seat, drawn[k]) for k, seat in enumerate(seats)}
        if g.seq == snap.seq:
            g._cache.update(snap._cache)
        for c in list(g.conns):
            c.post(msgs[c.seat] if c.seat in msgs else snap.message(c.seat))

    async def _after(self, g: LiveGame) -> None:
        self._schedule(g)

    # ------------------------------------------------------------------ sockets
    async def connect(self, g: LiveGame, conn: Connection) -> None:
        """Register a socket and send it the current state. The game time starts when every
        human seat has joined once."""
        g.conns.add(conn)
        conn.start()
        if conn.seat is not None and conn.seat not in g.joined and g.status == "live":
            async with g.lock:
                g.joined.add(conn.seat)
                humans = {i for i, s in enumerate(g.seats) if s.kind == "human"}
                starts = g.started is None and humans <= g.joined
                if starts:
                    g.started = time.time()
                await self._run(functools.partial(self.storage.update_game, g.id,
                                                  clock=g.clock_doc()))
            g._cache.clear()
            self._schedule(g)
            if starts:  # everybody sees that the clock runs now
                for other in g.conns:
                    if other is not conn:
                        other.post(g.message(other.seat))
        conn.post(g.message(conn.seat))

    async def disconnect(self, g: LiveGame, conn: Connection) -> None:
        """Forget a socket."""
        g.conns.discard(conn)
        await conn.close()

    # ------------------------------------------------------------------ engines and timers
    def _schedule(self, g: LiveGame) -> None:
        """Start the engine of the seat to move and the clock timer, as needed."""
        if g.timer is not None and g.timer is not asyncio.current_task():
            g.timer.cancel()
        g.timer = None
        if g.status != "live":
            return
        deadline = g.room.deadline(g.state) if g.started is not None else None
        if deadline is not None:
            g.timer = asyncio.create_task(self._timer(g, deadline))
        seat = g.state.to_move()
        if 0 <= seat < len(g.seats) and g.seats[seat].kind == "engine" and g.engine is None:
            g.engine = asyncio.create_task(self._engine(g, seat, g.seq))

    async def _timer(self, g: LiveGame, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - g.now()) + 0.02)
        async with g.lock:
            if g.status != "live":
                return
            await self._advance_clock(g, g.now())
        g.timer = None
        self._schedule(g)

    async def _engine(self, g: LiveGame, seat: int, seq: int) -> None:
        s = g.seats[seat]
        try:
            doc = g.state_doc()
            options = g.room.player_options(s.player, s.move_time)
            seed = (hash(g.id) + seq) % (2**31)
            try:  # the budget is the seat's time per move; a late answer is not waited for
                text = await asyncio.wait_for(
                    self.engines.choose(g.room.game, doc, s.player, options, seed),
                    timeout=3 * s.move_time + 10)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a broken or late engine must not stall the game
                log.warning("engine %s failed in game %s (%r): a random legal move instead",
                            s.player, g.id, exc)
                moves = g.state.legal_move_list()
                text = g.state.move_text(moves[seed % len(moves)])
            g.engine = None
            if g.seq != seq or g.status != "live":
                self._schedule(g)
                return
            try:
                await self.play(g, seat, text, seq)
            except RequestError as exc:
                log.warning("engine move %r refused in game %s: %s", text, g.id, exc.message)
                if exc.rule not in ("stale", "game-over", "turn-order"):
                    fallback = g.state.move_text(g.state.legal_move_list()[0])
                    await self.play(g, seat, fallback, g.seq)
                else:
                    self._schedule(g)
        except asyncio.CancelledError:
            pass
        finally:
            if g.engine is asyncio.current_task():
                g.engine = None

    # ------------------------------------------------------------------ queries
    def cell_info(self, g: LiveGame, seat: int | None, cell: str) -> dict[str, Any]:
        """What may go on ``cell`` for the seat to move (as ``seat`` may know it)."""
        try:
            return g.room.cell_info(g.state, seat, cell)
        except (InvalidInputError, IllegalMoveError) as exc:
            raise RequestError(exc.message, getattr(exc, "rule", "") or "") from None


def _guarded(g: LiveGame, change: Callable[[], list[str]]) -> list[str]:
    """Run ``change`` on ``g.state``; on a rules error restore the state and refuse."""
    backup = g.state.clone()
    try:
        return change()
    except PuzzleError as exc:
        g.state = backup
        raise RequestError(exc.message, getattr(exc, "rule", "") or "") from None
