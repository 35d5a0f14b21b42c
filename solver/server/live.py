"""Live games: the server's authority over each game's state, seats, clock and sockets.

Written once against :class:`puzzles.game.GameState`; what differs per game (room settings,
the deal, drawing, side actions, the clock) comes from its :class:`solver.server.rooms.Room`,
and what the club adds around every game (resign, abort, draw offers, the club's clock,
rematches, abandonment) from :mod:`solver.server.livegame`.

Every change follows one path under the game's lock: check it with the game's rules, store it
(one transaction), then broadcast each socket its own seat's view. Computer seats are asked in
the :class:`~solver.server.computers.ComputerPool` with a wall-clock deadline; a server-side timer
applies clock limits even when nobody sends anything.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from puzzles.errors import IllegalMoveError, InvalidInputError, PuzzleError
from puzzles.game import GameState
from solver.server.catalog import ROOMS, room
from solver.server.clock import DEFAULT_GAME, DEFAULT_MOVE, Clock
from solver.server.computers import (
    ComputerPool,
    DrawingPool,
    draw_position,
    warm_drawing,
    warm_up,
)
from solver.server.livegame import (
    ABANDON_AFTER,
    Connection,
    LiveGame,
    RequestError,
    Seat,
    can_abort,
)
from solver.server.livegame import actions as club_actions
from solver.server.messages import seat_kind
from solver.server.outcome import rules_outcome, server_outcome
from solver.server.rooms import Room
from solver.server.storage import MoveRow, Storage
from solver.server.workers import WorkerError

__all__ = ["Connection", "LiveGame", "Manager", "RequestError", "Seat"]

log = logging.getLogger("solver.server")


def computer_timeout(move_time: float) -> float:
    """How long the server waits for a computer player whose wall-clock time per move is
    ``move_time`` before it counts the player as failed (it answers at its deadline; the rest
    covers rebuilding the position in the worker)."""
    return 1.5 * move_time + 10.0


class Manager:
    """All games of one server: creation, lookup, moves, computer seats, timers and broadcasts."""

    def __init__(self, storage: Storage, computers: ComputerPool | None = None,
                 max_games_per_client: int = 20, drawing: DrawingPool | None = None,
                 abandon_after: float = ABANDON_AFTER) -> None:
        self.storage = storage
        self.computers = computers or ComputerPool()
        self.drawing = drawing or DrawingPool(kind="thread")
        self.max_games_per_client = max_games_per_client
        self.abandon_after = abandon_after
        self.games: dict[str, LiveGame] = {}
        self._db: concurrent.futures.ThreadPoolExecutor | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.extra_pools: list[Any] = []  # other worker pools stopped with the server

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Load every live game from the database and restart its computer seats and timers."""
        for pool in (self.computers, self.drawing, *self.extra_pools):
            pool.reopen()
        rows = await self._run(self.storage.list_games, "live", 10000)
        for r in rows:
            try:
                g = await self._load(r.id)
            except PuzzleError as exc:
                log.warning("game %s cannot be restored: %s", r.id, exc)
                continue
            if g is not None:
                self._schedule(g)
        self._spawn(self.computers.warm(warm_up, [r.game for r in ROOMS.values()]))
        self._spawn(self.drawing.warm(warm_drawing, list(ROOMS.values())))
        self._spawn(self._sweeper())

    async def stop(self) -> None:
        """Cancel timers and computer moves, kill the workers, close sockets."""
        for task in list(self._tasks):
            task.cancel()
        for g in self.games.values():
            for job in (g.timer, g.thinking):
                if job is not None:
                    job.cancel()
        for pool in (self.computers, self.drawing, *self.extra_pools):
            pool.close()
        for g in self.games.values():
            for c in list(g.conns):
                await c.close()
        if self._db is not None:
            self._db.shutdown(wait=True)
            self._db = None

    def _spawn(self, work: Any) -> asyncio.Task[Any]:
        """Run ``work`` in the background (kept until done; a failure is logged)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def _run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a storage call in the storage thread (one thread: writes keep their order)."""
        if self._db is None:
            self._db = concurrent.futures.ThreadPoolExecutor(1, "storage")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    # ------------------------------------------------------------------ games
    def live_games_of(self, client: str) -> int:
        """How many live games ``client`` created."""
        return sum(1 for g in self.games.values() if g.client == client and g.status == "live")

    async def create(self, r: Room, settings: dict[str, Any], seats: list[dict[str, Any]],
                     seed: int | None, client: str = "",
                     state: GameState[Any] | None = None,
                     clock: dict[str, float] | None = None,
                     tokens: dict[int, str] | None = None) -> LiveGame:
        """Create, store and start a game in room ``r``. Raises RequestError on bad settings
        or seats, on a seed chosen for a game between people, and when ``client`` has too
        many live games. ``tokens`` gives seats their tokens (seeks, rematches)."""
        live = self.live_games_of(client)
        if client and live >= self.max_games_per_client:
            raise RequestError(f"too many live games from this client ({live}); finish some "
                               "first (a game with no action for "
                               f"{self.abandon_after / 60:g} minutes is abandoned)", status=429)
        made = self._make_seats(r, seats, tokens or {})
        people = sum(1 for s in made if s.kind == "human")
        if seed is not None and people >= 2 and state is None:
            raise RequestError("a seed may be chosen only when one person plays: in a game "
                               "between people the deal comes from a secret random source")
        clean, clock_settings = self._settings(r, settings, clock)
        deal_seed = secrets.randbits(64) if seed is None else seed
        if state is None:
            try:
                state = await asyncio.to_thread(r.game.new_state, clean, deal_seed, len(made))
            except PuzzleError as exc:
                raise RequestError(exc.message) from None
        now = time.time()
        g = LiveGame(secrets.token_urlsafe(9), r, state, made, clean, None, client=client,
                     created=now, seed=seed, last=now)
        if not r.own_clock:
            g.clock = Clock(clock_settings[0], clock_settings[1], [0.0] * len(made))
        if people == 0:
            self._start_clock(g)
        if state.is_over():
            g.end(rules_outcome(state))
        await self._run(self.storage.create_game, g.row())
        self.games[g.id] = g
        self._schedule(g)
        return g

    @staticmethod
    def _settings(r: Room, settings: dict[str, Any], clock: dict[str, float] | None
                  ) -> tuple[dict[str, Any], tuple[float, float]]:
        """The checked room settings and the club clock's limits (per move, per game). A
        room with its own clock takes the time control as its settings."""
        limits = (DEFAULT_MOVE, DEFAULT_GAME)
        if clock is not None:
            limits = (float(clock.get("move", DEFAULT_MOVE)),
                      float(clock.get("game", DEFAULT_GAME)))
            if r.own_clock:
                settings = {**settings, "move_limit": limits[0], "game_limit": limits[1]}
        try:
            return r.game.settings(settings), limits
        except PuzzleError as exc:
            raise RequestError(exc.message) from None

    @staticmethod
    def _make_seats(r: Room, seats: list[dict[str, Any]], tokens: dict[int, str]
                    ) -> list[Seat]:
        game = r.game.name
        lo, hi = r.game.seat_range
        if not lo <= len(seats) <= hi:
            raise RequestError(f"{game} is for {lo}-{hi} seats, not {len(seats)}")
        players = r.players()
        made: list[Seat] = []
        for i, s in enumerate(seats):
            name = str(s.get("name") or "").strip()
            if seat_kind(s.get("kind", "human")) == "computer":
                player = s.get("player") or r.default_player()
                if player not in players:
                    raise RequestError(f"seat {i + 1}: unknown player {player!r} for {game} "
                                       f"(known: {', '.join(players)})")
                made.append(Seat("computer", name or player, player,
                                 float(s.get("move_time", 1.0))))
            else:
                made.append(Seat("human", name or f"Player {i + 1}",
                                 token=tokens.get(i) or secrets.token_urlsafe(18)))
        return made

    async def get(self, game_id: str) -> LiveGame:
        """The game with id ``game_id`` (loaded from the database when needed)."""
        g = self.games.get(game_id)
        if g is None:
            g = await self._load(game_id)
            if g is None:
                raise RequestError(f"no game {game_id!r}", status=404)
        return g

    async def _load(self, game_id: str) -> LiveGame | None:
        if not (game_id.isascii() and len(game_id) <= 32):
            return None
        row = await self._run(self.storage.load_game, game_id)
        if row is None:
            return None
        if game_id in self.games:
            return self.games[game_id]
        r = room(row.game)
        state = r.game.state_from_json(row.state)
        doc = row.clock
        started = doc.get("started")
        g = LiveGame(row.id, r, state, [Seat(**s) for s in row.seats], row.settings,
                     None if started is None else float(started), row.status, row.result,
                     list(row.moves), row.client, row.created,
                     set(doc.get("joined", [])), int(doc.get("undos", 0)),
                     outcome=doc.get("outcome"), offers=set(doc.get("offers", [])),
                     seed=doc.get("seed"), last=float(doc.get("last") or row.updated),
                     rematch=doc.get("rematch") or {})
        if doc.get("club") is not None:
            g.clock = Clock.from_json(doc["club"], len(g.seats))
        self.games[g.id] = g
        return g

    # ------------------------------------------------------------------ actions
    async def play(self, g: LiveGame, seat: int, text: str, ply: int | None) -> None:
        """Play move ``text`` for ``seat``; RequestError when refused (nothing changes)."""
        async with g.lock:
            self._check_live(g)
            if ply is None or ply != g.seq:
                raise RequestError(f"stale move: the game is at action {g.seq}, the move was "
                                   f"made at {ply}", "stale")
            t = g.now()
            await self._advance_clock(g, t)
            if g.status != "live":
                raise RequestError("the game ended on time before this move", "game-over")
            if g.state.to_move() != seat:
                raise RequestError("not your turn", "turn-order")
            stored = _guarded(g, lambda: g.room.apply(g.state, seat, text, t))
            g.offers.clear()
            await self._commit(g, seat, stored, t)
        self._schedule(g)

    @staticmethod
    def _check_live(g: LiveGame) -> None:
        if g.status != "live":
            raise RequestError("the game is over", "game-over")
        waiting = g.waiting()
        if waiting:
            names = ", ".join(f"{g.seats[i].name} (seat {i + 1})" for i in waiting)
            raise RequestError(f"waiting for {names} to open the seat link: the game starts "
                               "when every seat has joined", "waiting")

    async def action(self, g: LiveGame, seat: int, action: str) -> None:
        """A side action for ``seat``: the room's own (``Room.own_actions``) or
        the club's (resign, abort, offer, accept, decline; see :mod:`solver.server.livegame`)."""
        if action == "rematch":
            await self.rematch(g, seat)
            return
        async with g.lock:
            if action == "abort":
                if not (can_abort(g) and seat in g.humans()):
                    raise RequestError("a game can be aborted only before every seat has "
                                       "moved", "abort")
                await self._end(g, server_outcome("abort", seat, len(g.seats)))
                return
            self._check_live(g)
            t = g.now()
            await self._advance_clock(g, t)
            if g.status != "live":
                raise RequestError("the game ended on time", "game-over")
            if action in g.room.own_actions:  # the rules' own: the club names the end alike
                stored = _guarded(g, lambda: g.room.side_action(g.state, seat, action, t))
                reason = {"resign": "resign", "accept": "draw"}.get(action)
                await self._commit(g, seat, stored, t, reason)
            else:
                await self._club_action(g, seat, action)
        self._schedule(g)

    async def _club_action(self, g: LiveGame, seat: int, action: str) -> None:
        if action not in club_actions(g, seat):
            raise RequestError(f"{action!r} is not possible now", action)
        n = len(g.seats)
        if action == "resign":
            await self._end(g, server_outcome("resign", seat, n))
        elif action == "decline":
            g.offers.clear()
            await self._store_club(g)
        else:  # offer or accept
            g.offers.add(seat)
            if g.offers >= set(range(n)):
                await self._end(g, server_outcome("draw", None, n))
            else:
                await self._store_club(g)

    async def _end(self, g: LiveGame, outcome: dict[str, Any]) -> None:
        """End the game as the club decided (under the game's lock)."""
        if g.thinking is not None:
            g.thinking.cancel()
            g.thinking = None
        g.end(outcome)
        await self._store_club(g)

    async def _store_club(self, g: LiveGame) -> None:
        """Store and show a change that is not a move (offers, an end, computer seats)."""
        g.rev += 1
        g.last = time.time()
        await self._run(self.storage.update_game, g.id, clock=g.clock_doc(), status=g.status,
                        result=g.result, seats=[s.to_json() for s in g.seats])
        await self._broadcast(g)

    async def undo(self, g: LiveGame, seat: int) -> None:
        """Take back moves up to and including ``seat``'s last one (one person against
        computers, perfect information only: see :meth:`LiveGame.can_undo`)."""
        async with g.lock:
            if not g.can_undo():
                raise RequestError("undo is only possible against the computer in a game "
                                   "without hidden information", "undo")
            if g.status != "live":
                raise RequestError("the game is over", "game-over")
            mine = [m for m in g.moves if m.seat == seat]
            if not mine:
                raise RequestError("you have no move to take back", "undo")
            target = mine[-1].ply
            if g.thinking is not None:
                g.thinking.cancel()
                g.thinking = None
            for _ in range(len(g.moves) - target):
                g.state.undo()
            g.undos += 1
            g.rev += 1
            if g.clock is not None:
                g.clock.turn(g.now(), seat)
            await self._run(self.storage.undo_moves, g.id, target, g.state_doc(),
                            g.clock_doc(), "live")
            del g.moves[target:]
            g._cache.clear()
            g._shared = {}
            await self._broadcast(g)
        self._schedule(g)

    async def replace_computer(self, g: LiveGame, by: int, seat: int, player: str,
                             move_time: float) -> None:
        """Give computer seat ``seat`` to ``player`` (asked by person ``by``; e.g. after its
        player failed)."""
        async with g.lock:
            if by not in g.humans():
                raise RequestError("only a person of the game may change a computer seat")
            if not 0 <= seat < len(g.seats) or g.seats[seat].kind != "computer":
                raise RequestError(f"seat {seat + 1} is not a computer seat")
            if player not in g.room.players():
                raise RequestError(f"unknown player {player!r} (known: "
                                   f"{', '.join(g.room.players())})")
            if g.thinking is not None:
                g.thinking.cancel()
                g.thinking = None
            g.seats[seat] = Seat("computer", player, player, move_time)
            g.trouble.pop(seat, None)
            await self._store_club(g)
        self._schedule(g)

    async def rematch(self, g: LiveGame, seat: int) -> None:
        """Ask for a rematch; when every person has, the new game starts (seats turned)."""
        async with g.lock:
            if "rematch" not in club_actions(g, seat):
                raise RequestError("a rematch is possible once the game is over", "rematch")
            wanted = set(g.rematch.get("wanted", [])) | {seat}
            g.rematch = {"wanted": sorted(wanted)}
            if wanted >= g.humans():
                n = len(g.seats)
                order = [(i - 1) % n for i in range(n)]  # new seat i is old seat i - 1
                seats = [g.seats[j].to_json() for j in order]
                tokens = {i: secrets.token_urlsafe(18) for i, j in enumerate(order)
                          if g.seats[j].kind == "human"}
                clock = None if g.clock is None else {"move": g.clock.move_limit,
                                                      "game": g.clock.game_limit}
                new = await self.create(g.room, g.settings, seats, None, g.client,
                                        clock=clock, tokens=tokens)
                g.rematch = {"wanted": sorted(wanted), "id": new.id,
                             "tokens": {str(j): tokens[i] for i, j in enumerate(order)
                                        if i in tokens}}
            await self._store_club(g)

    async def _commit(self, g: LiveGame, seat: int, texts: list[str], t: float,
                      reason: str | None = None) -> None:
        """Store the action just applied (one transaction: the move row and the state after
        it), then broadcast. ``texts`` names it (rooms return one text per action);
        ``reason`` says why the rules ended the game when a side action did (``resign``,
        ``draw``)."""
        if g.state.is_over():
            outcome = rules_outcome(g.state)
            if reason is not None:
                outcome.update(reason=reason, seat=seat if reason == "resign" else None)
            g.end(outcome)
        elif g.clock is not None:
            mover = g.state.to_move()
            g.clock.turn(t, mover if mover in g.humans() else -1)
        g.rev += 1
        g.last = time.time()
        m = MoveRow(g.seq, seat, " / ".join(texts), g.last)
        await self._run(self.storage.record_move, g.id, m, g.state_doc(), g.clock_doc(),
                        g.status, g.result)
        g.moves.append(m)
        moved = {"type": "moved", "id": g.id, "ply": g.seq, "rev": g.rev, "seat": seat,
                 "move": m.text, "status": g.status}
        for c in list(g.conns):  # the short notice first, the drawn position follows
            c.post(moved)
        await self._broadcast(g)

    async def _advance_clock(self, g: LiveGame, t: float) -> None:
        """Apply every clock event up to game time ``t`` (stored, then broadcast)."""
        if g.started is None or g.status != "live":
            return
        if g.clock is not None:
            deadline = g.clock.deadline()
            if deadline is not None and t >= deadline:
                await self._end(g, server_outcome("time", g.clock.mover, len(g.seats)))
            return
        texts = g.room.advance_clock(g.state, t)
        if texts:
            await self._commit(g, -1, texts, t)

    async def _broadcast(self, g: LiveGame) -> None:
        """Send every socket its seat's ``state`` of the revision just stored.

        The pictures are drawn from a snapshot in the drawing workers, after the game's lock
        is released (the next move need not wait for the drawing), in the order of the
        changes; a revision that a newer one has replaced before its turn came is not drawn."""
        snap = g.snapshot()
        g.drawing = snap.rev
        self._spawn(self._draw_and_send(g, snap))

    async def _draw_and_send(self, g: LiveGame, snap: LiveGame) -> None:
        seats = sorted({c.seat for c in g.conns}, key=lambda x: -1 if x is None else x)
        if not seats or g.drawing != snap.rev:
            return  # nobody watches, or a newer position is on its way
        drawn = None
        for _ in range(2):  # a worker that died is replaced once; then the server draws
            try:
                drawn = await self.drawing.draw(snap.room, snap.state_doc(), seats)
                break
            except WorkerError as exc:
                log.warning("drawing game %s failed: %s", g.id, exc.message)
        if drawn is None:
            drawn = await asyncio.to_thread(draw_position, snap.room, snap.state_doc(), seats)
        if g.drawing != snap.rev:
            return
        msgs = {seat: snap.message(seat, drawn[k]) for k, seat in enumerate(seats)}
        if g.rev == snap.rev:
            g._cache.update(snap._cache)
        for c in list(g.conns):
            c.post(msgs[c.seat] if c.seat in msgs else snap.message(c.seat))

    # ------------------------------------------------------------------ sockets
    async def connect(self, g: LiveGame, conn: Connection) -> None:
        """Register a socket and send it the current state (a seat's socket joins)."""
        g.conns.add(conn)
        conn.start()
        if conn.seat is not None:
            await self.join(g, conn.seat, conn)
        conn.post(g.message(conn.seat))

    async def join(self, g: LiveGame, seat: int, conn: Connection | None = None) -> None:
        """``seat`` opened its link (a socket, or a request with its token). The game time
        starts when every human seat has joined once."""
        if seat in g.joined or g.status != "live":
            return
        async with g.lock:
            g.joined.add(seat)
            starts = g.started is None and g.humans() <= g.joined
            if starts:
                self._start_clock(g)
            g.rev += 1
            g.last = time.time()
            await self._run(self.storage.update_game, g.id, clock=g.clock_doc())
        g._cache.clear()
        self._schedule(g)
        if starts:  # everybody sees that the clock runs now
            for other in g.conns:
                if other is not conn:
                    other.post(g.message(other.seat))

    @staticmethod
    def _start_clock(g: LiveGame) -> None:
        g.started = time.time()
        if g.clock is not None:
            mover = g.state.to_move()
            g.clock.turn(0.0, mover if mover in g.humans() else -1)

    async def disconnect(self, g: LiveGame, conn: Connection) -> None:
        """Forget a socket."""
        g.conns.discard(conn)
        await conn.close()

    # ------------------------------------------------------------ computer seats and timers
    def _schedule(self, g: LiveGame) -> None:
        """Start the computer player of the seat to move and the clock timer, as needed."""
        if g.timer is not None and g.timer is not asyncio.current_task():
            g.timer.cancel()
        g.timer = None
        if g.status != "live" or g.started is None:
            return
        deadline = g.clock.deadline() if g.clock is not None else g.room.deadline(g.state)
        if deadline is not None:
            g.timer = asyncio.create_task(self._timer(g, deadline))
        seat = g.state.to_move()
        if 0 <= seat < len(g.seats) and g.seats[seat].kind == "computer" and g.thinking is None \
                and seat not in g.trouble:
            g.thinking = asyncio.create_task(self._computer_move(g, seat, g.seq))

    async def _timer(self, g: LiveGame, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - g.now()) + 0.02)
        async with g.lock:
            if g.status != "live":
                return
            await self._advance_clock(g, g.now())
        g.timer = None
        self._schedule(g)

    async def _computer_move(self, g: LiveGame, seat: int, seq: int) -> None:
        s = g.seats[seat]
        try:
            options = {**g.room.player_options(s.player, s.move_time),
                       "deadline": time.monotonic() + s.move_time}  # the turn began now
            try:
                text = await self.computers.choose(g.room.game, g.state_doc(), s.player,
                                                   options, secrets.randbelow(2**31),
                                                   timeout=computer_timeout(s.move_time))
            except (WorkerError, PuzzleError) as exc:
                if not self.computers.closed:  # a server that stops kills its workers
                    await self._computer_failed(
                        g, seat, f"the computer player {s.player} failed: {exc.message}")
                return
            g.thinking = None
            if g.seq != seq or g.status != "live":
                self._schedule(g)
                return
            try:
                await self.play(g, seat, text, seq)
            except RequestError as exc:
                if exc.rule in ("stale", "game-over", "turn-order"):
                    self._schedule(g)
                else:
                    await self._computer_failed(g, seat, f"the computer player {s.player} "
                                                f"played {text!r}, refused: {exc.message}")
        except asyncio.CancelledError:
            pass
        finally:
            if g.thinking is asyncio.current_task():
                g.thinking = None

    async def _computer_failed(self, g: LiveGame, seat: int, message: str) -> None:
        """A computer seat failed: the game waits, the pages say so, and a person of the game
        may give the seat to another computer player (:meth:`replace_computer`)."""
        log.warning("game %s, seat %d: %s", g.id, seat + 1, message)
        async with g.lock:
            g.trouble[seat] = message
            if g.thinking is asyncio.current_task():
                g.thinking = None
            await self._store_club(g)

    async def _sweeper(self) -> None:
        """End abandoned games (see :mod:`solver.server.livegame`), every few seconds."""
        while True:
            await asyncio.sleep(min(30.0, max(0.5, self.abandon_after / 4)))
            await self.sweep()

    async def sweep(self, now: float | None = None) -> None:
        """End every live game with no action for ``abandon_after`` seconds."""
        now = time.time() if now is None else now
        for g in list(self.games.values()):
            if g.status == "live" and now - g.last >= self.abandon_after:
                async with g.lock:
                    if g.status == "live":
                        await self._end(g, server_outcome("abandoned", None, len(g.seats)))

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

