"""A Dask client for the work one process cannot do in time: on a running scheduler (an
address such as ``tcp://10.0.0.5:8786``) or on a local cluster of ``jobs`` worker processes.

Counting (:mod:`solver.arrange.cluster`) and long ladders (:mod:`solver.play.pool`) send their
independent pieces to it.
"""

from __future__ import annotations

from typing import Any

from puzzles.errors import InvalidInputError


class DaskCluster:
    """A Dask client on a running scheduler, or on a local cluster of ``jobs`` processes
    (one thread each); :meth:`close` stops what it started."""

    def __init__(self, scheduler: str | None, jobs: int) -> None:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:  # pragma: no cover - dask is a dependency
            raise InvalidInputError("distributed runs need dask[distributed]") from exc
        self.cluster: Any = None
        if scheduler is not None:
            try:
                self.client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError) as exc:
                raise InvalidInputError(f"cannot reach the Dask scheduler at {scheduler}: "
                                        f"{exc}") from exc
        else:
            self.cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                        dashboard_address=None, silence_logs=40)
            self.client = Client(self.cluster)

    def scatter(self, data: Any) -> Any:
        """``data``, sent once to every worker (tasks refer to it instead of carrying it)."""
        return self.client.scatter(data, broadcast=True)

    def close(self) -> None:
        """Close the client and the local cluster it started."""
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
