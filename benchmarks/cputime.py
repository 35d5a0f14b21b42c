"""CPU-time clocks for the benchmarks (wall clock on a shared machine flips verdicts).

- :func:`process_cpu`: user + system time of this process, all its threads
  (``time.process_time``); the clock of in-process benchmarks. ``python3 -m benchmarks.report``
  passes it to pytest-benchmark (``--benchmark-timer=benchmarks.cputime.process_cpu``).
- :func:`children_cpu`: user + system time of the finished child processes this process waited
  for (``getrusage(RUSAGE_CHILDREN)``); the clock of whole-process benchmarks, given in their
  marker (``@pytest.mark.benchmark(timer=children_cpu)``), so a peer program's figure is its
  own process and not this process's fork and pipes.
- :func:`total_cpu`: both, for a benchmark whose work runs partly in worker processes
  (``--jobs``): the CPU of the whole computation, parent and workers. CPU time cannot show a
  parallel speed-up (that is a wall-clock gain); it shows what the parallel run costs.
"""

from __future__ import annotations

import resource
import time


def process_cpu() -> float:
    """CPU seconds of this process (user + system, every thread)."""
    return time.process_time()


def children_cpu() -> float:
    """CPU seconds of this process's finished, waited-for children (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def total_cpu() -> float:
    """CPU seconds of this process and its finished, waited-for children."""
    return process_cpu() + children_cpu()
