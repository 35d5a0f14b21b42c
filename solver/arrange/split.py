"""Independent subproblems and parallel runs (embarrassingly parallel search).

``prefixes(problem, depth)`` lists, in the kernel's depth-first order, every consistent way of
filling the first ``depth`` free cells of the search order (the nodes at that depth of the
kernel's tree, forward checks included). Each prefix is a dict ``cell -> piece``;
``problem.with_fixed(prefix)`` is a subproblem. The subproblems partition the solutions, are
deterministic and can be replayed anywhere (``to_json``/``from_json``), so the same list can be
sent to a cluster. ``count_parallel`` and ``rows_parallel`` run them on a local process pool.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> p = ArrangementProblem.create("square", "compact", "4x4")
>>> subs = prefixes(p, 2)
>>> sum(count_subproblem(p, s) for s in subs)
652
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import TypeVar

import numpy as np

from puzzles.errors import InvalidInputError, ParseError
from puzzles.grids import Cell
from solver.arrange.engines.kernel import KernelSearch, choose_dynamic, default_order
from solver.arrange.prepared import Problem, Run

Prefix = dict[Cell, int]
T = TypeVar("T")


def prefixes(problem: Problem, depth: int) -> list[Prefix]:
    """The subproblems at ``depth`` (a list of fixed-prefix dicts, in search order)."""
    if depth < 0:
        raise InvalidInputError("the split depth must be at least 0")
    inst = Run.of(problem).instance
    order = default_order(inst)[:depth]
    search = KernelSearch(inst, order=order)
    out: list[Prefix] = []
    for block in search.batches():
        for row in block:
            out.append({inst.cells[int(i)]: int(row[i]) for i in order})
    return out


def auto_depth(problem: Problem, jobs: int, per_job: int = 32, max_depth: int = 12) -> int:
    """The smallest depth giving at least ``per_job`` subproblems per job (at most max_depth)."""
    run = Run.of(problem)
    free = len(default_order(run.instance))
    for depth in range(1, min(max_depth, free) + 1):
        if len(prefixes(run, depth)) >= per_job * jobs:
            return depth
    return min(max_depth, free)


def prefix_to_json(prefix: Prefix) -> list[dict[str, object]]:
    """``[{"cell": [q, r], "piece": n}, ...]``."""
    return [{"cell": list(c), "piece": p} for c, p in prefix.items()]


def prefix_from_json(data: object, where: str = "<json>") -> Prefix:
    """The inverse of ``prefix_to_json``; raises ParseError."""
    if not isinstance(data, list):
        raise ParseError("expected a list of {\"cell\": [q, r], \"piece\": n}", where=where)
    out: Prefix = {}
    for i, item in enumerate(data, 1):
        try:
            out[(int(item["cell"][0]), int(item["cell"][1]))] = int(item["piece"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ParseError(f"entry #{i} must look like {{\"cell\": [q, r], \"piece\": n}}",
                             where=where) from exc
    return out


def resolved_order(problem: Problem, order: str = "auto") -> str:
    """``static`` or ``mrv``: the cell order ``auto`` chooses for the whole problem."""
    return "mrv" if Run.of(problem).dynamic(order) else "static"


def _sub_search(run: Run, prefix: Prefix, order: str = "static",
                full: np.ndarray | None = None) -> KernelSearch:
    """The kernel on a subproblem. The static order fills the remaining cells in the full
    problem's order ``full`` (so that the subproblems' solutions, concatenated, come in the
    sequential order); ``mrv`` fills the most constrained cell first; ``auto`` chooses."""
    if full is None:
        full = default_order(run.instance)
    inst = run.with_fixed(prefix).instance
    taken = {inst.index[c] for c in prefix}
    rest = np.array([i for i in full if i not in taken], dtype=np.int32)
    return KernelSearch(inst, order=rest, dynamic=choose_dynamic(inst, order))


def count_subproblem(problem: Problem, prefix: Prefix, order: str = "static",
                     full: np.ndarray | None = None) -> int:
    """The number of solutions extending ``prefix`` (``order``, ``full``: see
    ``_sub_search``)."""
    return _sub_search(Run.of(problem), prefix, order, full).count()


def rows_subproblem(problem: Problem, prefix: Prefix, order: str = "static",
                    full: np.ndarray | None = None) -> np.ndarray:
    """All solution rows extending ``prefix`` (cell order of the full problem)."""
    search = _sub_search(Run.of(problem), prefix, order, full)
    inst = search.inst
    blocks = list(search.batches())
    return np.concatenate(blocks) if blocks else np.zeros((0, inst.n), dtype=np.int32)


#: What a pool task carries: the subproblem's prefix and the resolved cell order (the run
#: itself reached the worker once, when the pool started it: ``_worker_init``).
Job = tuple[Prefix, str]

#: The worker's run and the full problem's cell order (set once per worker).
_WORKER: tuple[Run, np.ndarray] | None = None


def _ordered(pool: ProcessPoolExecutor, fn: Callable[[Job], T], subs: list[Prefix],
             window: int, order: str) -> Iterator[T]:
    """Results of ``fn`` over the subproblems in order, with at most ``window`` in flight."""
    pending: deque[Future[T]] = deque()
    todo = iter(subs)
    for sub in islice(todo, window):
        pending.append(pool.submit(fn, (sub, order)))
    while pending:
        result = pending.popleft().result()
        nxt = next(todo, None)
        if nxt is not None:
            pending.append(pool.submit(fn, (nxt, order)))
        yield result


def _worker_init(parent: int, run: Run | None = None) -> None:
    """In each worker: keep the run (and its cell order) for every task, die with the parent,
    leave Ctrl-C and SIGTERM to it.

    The parent stops the pool on Ctrl-C/SIGTERM (``_pool``); if the parent is killed outright
    (SIGKILL), Linux's parent-death signal ends the workers too.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - no prctl
            pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    global _WORKER
    if run is not None:
        _WORKER = (run, default_order(run.instance))


@contextmanager
def _pool(jobs: int, run: Run | None = None) -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers never outlive the run: on any exception (Ctrl-C, SIGTERM,
    an error) the queued work is cancelled and the workers are terminated at once. Each
    worker receives ``run`` once, when it starts."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init,
                               initargs=(os.getpid(), run))
    try:
        yield pool
    except BaseException:
        workers = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in workers:
            if proc.is_alive():
                proc.terminate()
        for proc in workers:
            proc.join(timeout=5)
        raise
    else:
        pool.shutdown(wait=True)


def _count_job(args: Job) -> int:
    assert _WORKER is not None
    run, full = _WORKER
    return count_subproblem(run, args[0], args[1], full)


def _rows_job(args: Job) -> np.ndarray:
    assert _WORKER is not None
    run, full = _WORKER
    return rows_subproblem(run, args[0], args[1], full)


def count_parallel(problem: Problem, jobs: int, depth: int | None = None,
                   tick: Callable[[int, int, int], None] | None = None,
                   order: str = "auto") -> int:
    """Count on ``jobs`` processes; ``tick(done, total, count so far)`` after each subproblem.

    ``order`` ``auto`` is resolved once for the whole problem (``resolved_order``)."""
    run = Run.of(problem)
    subs = prefixes(run, auto_depth(run, jobs) if depth is None else depth)
    order = resolved_order(run, order)
    total = 0
    with _pool(jobs, run) as pool:
        for i, n in enumerate(_ordered(pool, _count_job, subs, 4 * jobs, order)):
            total += n
            if tick is not None:
                tick(i + 1, len(subs), total)
    return total


def rows_parallel(problem: Problem, jobs: int, depth: int | None = None,
                  tick: Callable[[int, int, int], None] | None = None,
                  order: str = "auto") -> Iterator[np.ndarray]:
    """Solution rows computed on ``jobs`` processes: in the sequential order when the static
    cell order runs (``order`` resolved once for the whole problem), else the same rows in
    another order.

    Memory holds at most the rows of the ``2 * jobs`` subproblems in flight.
    """
    run = Run.of(problem)
    subs = prefixes(run, auto_depth(run, jobs) if depth is None else depth)
    order = resolved_order(run, order)
    found = 0
    with _pool(jobs, run) as pool:
        for i, block in enumerate(_ordered(pool, _rows_job, subs, 2 * jobs, order)):
            found += len(block)
            if tick is not None:
                tick(i + 1, len(subs), found)
            yield from block
