"""Worker processes the server can stop: a job that runs past its time is killed, not waited for.

:class:`WorkerPool` keeps up to ``size`` worker processes (``spawn``ed, started lazily and
kept warm between jobs). :meth:`WorkerPool.run` sends one job (a module-level function and its
arguments, pickled) to an idle worker and waits for the answer without blocking the event
loop; when the job's time runs out, or the waiting task is cancelled (a client went away, the
server stops), the worker is killed and a fresh one takes its place on the next job.
:meth:`WorkerPool.close` kills every worker at once, so stopping the server never waits for a
search. A worker dies with the server even when the server is killed with SIGKILL (Linux's
parent-death signal, and a check of the parent at every job elsewhere), ignores Ctrl-C (the
terminal sends it to the whole process group: the server decides), and may run at a lower
priority (``nice``) so that the server's own event loop keeps answering.

``kind="thread"`` runs the jobs in threads of the server instead (tests; a thread cannot be
killed, so a late job is abandoned, not stopped).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
from collections.abc import Callable
from typing import Any


class WorkerError(Exception):
    """A job could not be done: its worker died, or it ran out of time (``timed_out``)."""

    def __init__(self, message: str, timed_out: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.timed_out = timed_out


class BusyError(WorkerError):
    """Every worker is busy and the waiting line is full."""


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when the server dies (Linux), then make sure the
    server did not die before that request was made."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(0)


_reporter: multiprocessing.connection.Connection | None = None


def progress(value: Any) -> None:
    """Tell the server how a job is getting on (called by the job, in its worker; the
    ``on_progress`` callback of :meth:`WorkerPool.run` receives ``value``)."""
    if _reporter is not None:
        _reporter.send(("progress", value))


def _serve(conn: multiprocessing.connection.Connection, parent: int, nice: int) -> None:
    """The worker's loop: one job at a time, progress ``("progress", value)`` while it runs,
    then the answer ``("ok", value)`` or ``("error", (type name, message, exception))``."""
    global _reporter
    _reporter = conn
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        if os.getppid() != parent:
            return
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as exc:
            answer = ("error", (type(exc).__name__, str(exc), _picklable(exc)))
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


def _picklable(exc: Exception) -> Exception | None:
    """``exc`` itself when it survives pickling (the server re-raises it), else None."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return None
    return exc


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, nice: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, os.getpid(), nice), daemon=True,
                                name="solver-worker")
        self.proc.start()
        child.close()

    def kill(self) -> None:
        """Stop the process now (SIGKILL) and reap it."""
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.join(5)
        with contextlib.suppress(Exception):
            self.conn.close()

    async def answer(self, timeout: float | None) -> tuple[str, Any]:
        """Wait (without blocking the loop) for the answer to the job just sent."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await asyncio.wait_for(ready, timeout)
        finally:
            loop.remove_reader(fd)
            os.set_blocking(fd, True)  # some loops (uvloop) leave the descriptor non-blocking
        try:
            got: tuple[str, Any] = self.conn.recv()
        except (EOFError, OSError):
            self.proc.join(1)
            raise WorkerError(f"the worker process died (exit code {self.proc.exitcode})"
                              ) from None
        return got


class WorkerPool:
    """Up to ``size`` killable worker processes (or threads, ``kind="thread"``)."""

    def __init__(self, size: int = 1, kind: str = "process", nice: int = 0,
                 max_waiting: int | None = None, name: str = "worker") -> None:
        self.size = max(1, size)
        self.kind = kind
        self.nice = nice
        self.name = name
        self.max_waiting = max_waiting
        self._idle: list[_Worker] = []
        self._running: set[_Worker] = set()
        self._slots: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting = 0
        self.closed = False

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._slots is None or self._loop is not loop:  # a new loop (tests start several)
            self._slots, self._loop = asyncio.Semaphore(self.size), loop
        return self._slots

    @property
    def busy(self) -> int:
        """Jobs running now."""
        return len(self._running)

    async def warm(self, fn: Callable[..., Any] | None = None, *args: Any) -> None:
        """Start every worker now (and run ``fn(*args)`` in each, e.g. imports), so that the
        first jobs do not pay for the start."""
        if self.kind == "thread" or self.closed:
            return
        while len(self._idle) + len(self._running) < self.size:
            self._idle.append(await asyncio.to_thread(_Worker, self.nice))
        if fn is not None:
            await asyncio.gather(*(self.run(fn, *args, timeout=120) for _ in range(self.size)),
                                 return_exceptions=True)

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None,
                  on_progress: Callable[[Any], None] | None = None,
                  count_wait: bool = True) -> Any:
        """``fn(*args)`` in a worker; its value, or the exception it raised. The job's
        :func:`progress` reports go to ``on_progress``; ``count_wait=False`` starts the
        ``timeout`` when a worker takes the job (the wait for a free worker is not limited).

        Raises :class:`WorkerError` (``timed_out``) when ``timeout`` seconds (waiting for a
        worker included) pass first, :class:`BusyError` when ``max_waiting`` jobs already wait."""
        if self.closed:
            raise WorkerError("the server is stopping")
        if self.kind == "thread":
            try:
                return await asyncio.wait_for(asyncio.to_thread(fn, *args), timeout)
            except TimeoutError:
                raise WorkerError(f"no answer within {timeout:g} s", timed_out=True) from None
        slots = self._semaphore()
        if self.max_waiting is not None and slots.locked() and \
                self._waiting >= self.max_waiting:
            raise BusyError("every worker is busy; try again in a moment")
        loop = asyncio.get_running_loop()
        end = None if timeout is None else loop.time() + timeout
        self._waiting += 1
        try:
            await asyncio.wait_for(slots.acquire(), timeout if count_wait else None)
        except TimeoutError:
            raise WorkerError(f"no worker was free within {timeout:g} s",
                              timed_out=True) from None
        finally:
            self._waiting -= 1
        if not count_wait and timeout is not None:
            end = loop.time() + timeout
        try:
            return await self._run_on_worker(fn, args, end, on_progress)
        finally:
            slots.release()

    async def _run_on_worker(self, fn: Callable[..., Any], args: tuple[Any, ...],
                             end: float | None, on_progress: Callable[[Any], None] | None
                             ) -> Any:
        worker = await self._take()
        self._running.add(worker)
        keep = False
        try:
            try:
                os.set_blocking(worker.conn.fileno(), True)
                worker.conn.send((fn, args))
            except OSError:  # it died while idle (killed from outside): a fresh one
                self._running.discard(worker)
                worker.kill()
                worker = await asyncio.to_thread(_Worker, self.nice)
                self._running.add(worker)
                worker.conn.send((fn, args))
            while True:
                left = None if end is None else max(0.0, end - asyncio.get_running_loop().time())
                try:
                    status, value = await worker.answer(left)
                except TimeoutError:
                    raise WorkerError("no answer within the time limit", timed_out=True
                                      ) from None
                if status != "progress":
                    break
                if on_progress is not None:
                    on_progress(value)
            keep = not self.closed
        finally:
            self._running.discard(worker)
            if keep:
                self._idle.append(worker)
            else:  # late, cancelled, dead or closing: the process goes
                worker.kill()
        if status == "ok":
            return value
        kind, message, exc = value
        if exc is not None:
            raise exc
        raise WorkerError(f"{kind}: {message}")

    async def _take(self) -> _Worker:
        """An idle worker that is still alive, or a new one."""
        while self._idle:
            worker = self._idle.pop()
            if worker.proc.is_alive():
                return worker
            worker.kill()
        return await asyncio.to_thread(_Worker, self.nice)

    def reopen(self) -> None:
        """Accept jobs again after :meth:`close` (a server started anew)."""
        self.closed = False

    def close(self) -> None:
        """Kill every worker now (running jobs end with WorkerError); no job is taken until
        :meth:`reopen`."""
        self.closed = True
        for w in [*self._idle, *self._running]:
            w.kill()
        self._idle.clear()
