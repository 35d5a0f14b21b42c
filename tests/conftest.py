"""Checks of the whole test run: no test leaves a process behind."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from server_helpers import command_of, descendants, gone

#: Helpers a test run keeps until it ends (multiprocessing's own bookkeeping process).
ALLOWED = ("multiprocessing.resource_tracker",)


def left_behind(before: set[int], wait: float = 10.0) -> list[str]:
    """The processes started below this one since ``before`` that are still alive."""
    fresh = [p for p in descendants(os.getpid()) if p not in before
             and not any(a in command_of(p) for a in ALLOWED)]
    return [f"{p}: {command_of(p)[:120]}" for p in gone(fresh, wait)]


@pytest.fixture(autouse=True, scope="module")
def no_process_left_behind() -> Iterator[None]:
    """After each test module every process its tests started has ended."""
    before = set(descendants(os.getpid()))
    yield
    alive = left_behind(before)
    assert not alive, "processes left behind by this module:\n" + "\n".join(alive)
