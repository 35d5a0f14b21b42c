"""Arrangement engines and their registry: an engine is found by name once, at the edge.

``engine_named("kernel")`` is a new ``KernelEngine`` (``solver.arrange.engine.Engine``);
``ENGINES`` lists the names ``--engine`` takes. The registry maps each name to
``"module:Class"`` and imports the class on first use, so listing the names (the command
line's choices) imports nothing heavy; the numba, OR-Tools and python-constraint code of each
engine is imported when it runs.

Examples
--------
>>> engine_named("auto").name, engine_named("cpsat").name
('auto', 'cpsat')
>>> ENGINES
('auto', 'kernel', 'frontier', 'cpsat', 'constraint', 'starmap', 'grow', 'dual')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from puzzles.errors import InvalidInputError

if TYPE_CHECKING:
    from solver.arrange.engine import Engine

#: Engine name -> ``"module:Class"`` (``auto`` first: the default).
REGISTRY: dict[str, str] = {
    "auto": "solver.arrange.engines.builtin:Auto",
    "kernel": "solver.arrange.engines.builtin:KernelEngine",
    "frontier": "solver.arrange.engines.builtin:FrontierEngine",
    "cpsat": "solver.arrange.engines.builtin:CpSatEngine",
    "constraint": "solver.arrange.engines.builtin:ConstraintEngine",
    "starmap": "solver.arrange.engines.builtin:StarMapEngine",
    "grow": "solver.arrange.engines.builtin:GrowEngine",
    "dual": "solver.arrange.engines.builtin:DualEngine",
}

#: The names ``--engine`` accepts.
ENGINES = tuple(REGISTRY)

def engine_class(name: str) -> type[Engine]:
    """The class registered under ``name``; raises InvalidInputError for an unknown name."""
    if name not in REGISTRY:
        raise InvalidInputError(f"unknown engine {name!r}; expected one of {', '.join(ENGINES)}")
    module, _, attr = REGISTRY[name].partition(":")
    cls: type[Engine] = getattr(importlib.import_module(module), attr)
    return cls


def engine_named(name: str, order: str = "auto") -> Engine:
    """A new engine of the registered ``name``; ``order`` is the kernel's cell order (``auto``
    and ``kernel`` take it, see ``solver.arrange.orders``)."""
    from solver.arrange.orders import check_order  # local: start-up

    cls = engine_class(name)
    check_order(order)
    if cls.takes_order:
        return cls(order=order)  # type: ignore[call-arg]
    return cls()


def engine_of(engine: Engine | str, order: str = "auto") -> Engine:
    """``engine`` itself, or the engine of that name (the Python interface's edge)."""
    if isinstance(engine, str):
        return engine_named(engine, order)
    from solver.arrange.orders import check_order  # local: start-up

    check_order(order)
    return engine
