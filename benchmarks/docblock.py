"""Figures a script writes into the docs: the text between ``<!-- NAME -->`` and
``<!-- /NAME -->`` of a document is replaced, under a ``<!-- measured: COMMAND | DATE | load
X | runs: N s -->`` marker naming the command that printed it
(``tests/foundation/test_bench_tables.py`` checks that the command exists)."""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ROOT / "docs" / "players.md"
#: Commands that take longer are only parsed by the suite (``by hand``).
SLOW_LIMIT = 900.0


def measured(command: str, load: str | None = None, runs: float = 0.0,
             by_hand: str | None = None) -> str:
    """The marker line for figures printed by ``command`` now (the load: the 1-minute load
    average unless given; ``runs``: the seconds the command took; ``by_hand``: why the test
    suite does not rerun it)."""
    when = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = load or f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    if by_hand is None and runs > SLOW_LIMIT:
        by_hand = f"{runs / 60:.0f} minutes here, over the slow suite's {SLOW_LIMIT:.0f} s"
    hand = f" | by hand: {by_hand}" if by_hand else ""
    return f"<!-- measured: {command} | {when} | load {load} | runs: {runs:.0f} s{hand} -->\n"


def write_block(name: str, text: str, doc: Path = PLAYERS) -> None:
    """Put ``text`` between the ``<!-- name -->`` markers of ``doc``."""
    body = doc.read_text()
    start, end = f"<!-- {name} -->\n", f"<!-- /{name} -->"
    a, b = body.index(start) + len(start), body.index(end)
    doc.write_text(body[:a] + text + body[b:])
