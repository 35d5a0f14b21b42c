"""Long compiled or native searches that still stop at once on Ctrl-C and SIGTERM.

Python runs signal handlers only in the main thread and only between bytecodes, so a native
call that runs for minutes would ignore Ctrl-C. Two remedies are used across the project:

- our numba kernels are resumable and run in slices of a bounded number of nodes (see
  ``solver.numbridge.engine``, ``solver.backslide``, ``solver.arrange.engines.kernel``);
- CP-SAT runs in a worker thread (:func:`solve_interruptibly`) while the main thread waits in short
  joins; on KeyboardInterrupt (SIGTERM is raised as one too, ``solver.cli.errors``) it asks
  the solver to stop, waits for it and lets the interrupt through. CP-SAT's own SIGINT
  handler is turned off: it would swallow Ctrl-C and return as if the search had finished.
"""

from __future__ import annotations

import threading
from typing import Any


def solve_interruptibly(solver: Any, model: Any, callback: Any = None) -> int:
    """``solver.solve(model, callback)``, interruptible; returns the CP-SAT status.

    Raises
    ------
    KeyboardInterrupt
        After stopping the solver, when the user pressed Ctrl-C (or SIGTERM arrived).
    """
    solver.parameters.catch_sigint_signal = False
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["status"] = (solver.solve(model) if callback is None
                                else solver.solve(model, callback))
        except BaseException as exc:  # pragma: no cover - re-raised in the caller's thread
            result["error"] = exc

    thread = threading.Thread(target=target, name="cp-sat", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.1)
    except BaseException:
        solver.stop_search()
        thread.join()
        raise
    if "error" in result:  # pragma: no cover
        raise result["error"]
    return int(result["status"])
