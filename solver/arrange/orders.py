"""The kernel's cell orders (a leaf module: the CLI reads them without importing numpy or
numba; the engine names are in ``solver.arrange.engines``)."""

from __future__ import annotations

from puzzles.errors import InvalidInputError

#: Cell orders of the kernel's ``count`` and ``enumerate``: ``auto`` chooses by probing the
#: problem (``kernel.choose_dynamic``), ``static`` fills cells in a fixed most-known-sides-first
#: order, ``mrv`` fills the cell with the fewest fitting pieces first (what ``find`` does).
ORDERS = ("auto", "static", "mrv")


def check_order(order: str) -> str:
    """The order itself when it is one of ``ORDERS``; raises InvalidInputError otherwise."""
    if order not in ORDERS:
        raise InvalidInputError(
            f"unknown cell order {order!r}; expected one of {', '.join(ORDERS)}")
    return order
