"""Progress bars on stderr (tqdm), off with ``--quiet`` or when stderr is not a terminal.

A bar appears only once its job has run for ``DELAY`` seconds, and tqdm is imported only then:
a short command (a count of a 4x4 region takes milliseconds) neither flashes a bar nor pays
for importing tqdm (about 30 ms with the lock it creates).

Examples
--------
>>> bar = progress_bar("counting", total=3, quiet=True)
>>> bar.update(2); bar.n, bar.shown
(2, False)
>>> bar.close()
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tqdm import tqdm

#: Seconds a job runs before its bar is drawn.
DELAY = 0.5


class ProgressBar:
    """A tqdm bar created on demand: the subset of tqdm's interface the commands use
    (``n``, ``total``, ``update``, ``set_postfix_str``, ``set_postfix``, ``set_description``,
    ``close``, use as a context manager)."""

    def __init__(self, description: str, total: int | None, enabled: bool, unit: str) -> None:
        self.desc = description
        self.total = total
        self.n = 0
        self.enabled = enabled
        self.unit = unit
        self._start = time.monotonic()
        self._bar: tqdm | None = None
        self._postfix = ""

    @property
    def shown(self) -> bool:
        """True once the tqdm bar is drawn."""
        return self._bar is not None

    def _real(self) -> tqdm | None:
        if self._bar is None and self.enabled and time.monotonic() - self._start >= DELAY:
            from tqdm import tqdm

            self._bar = tqdm(total=self.total, desc=self.desc, unit=self.unit, initial=self.n,
                             file=sys.stderr, dynamic_ncols=True, leave=False)
            if self._postfix:
                self._bar.set_postfix_str(self._postfix, refresh=False)
        return self._bar

    def update(self, n: float = 1) -> None:
        """Advance by ``n``."""
        self.n += int(n)
        bar = self._real()
        if bar is not None:
            bar.update(self.n - bar.n)

    def set_postfix_str(self, text: str = "", refresh: bool = True) -> None:
        """Text after the bar."""
        self._postfix = text
        bar = self._real()
        if bar is not None:
            bar.set_postfix_str(text, refresh=refresh)

    def set_postfix(self, refresh: bool = True, **fields: Any) -> None:
        """``key=value`` pairs after the bar."""
        self.set_postfix_str(", ".join(f"{k}={v}" for k, v in fields.items()), refresh)

    def set_description(self, description: str) -> None:
        """The text before the bar."""
        self.desc = description
        if self._bar is not None:
            self._bar.set_description(description)

    def close(self) -> None:
        """Remove the bar (it leaves nothing on the terminal)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        self.enabled = False

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def progress_bar(
    description: str, total: int | None = None, quiet: bool = False, unit: str = "it"
) -> ProgressBar:
    """A bar on stderr; never drawn when ``quiet`` or stderr is not a terminal."""
    return ProgressBar(description, total, not quiet and sys.stderr.isatty(), unit)
