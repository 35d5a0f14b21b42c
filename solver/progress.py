"""Progress bars on stderr (tqdm), off with ``--quiet`` or when stderr is not a terminal."""

from __future__ import annotations

import sys

from tqdm import tqdm


def progress_bar(
    description: str, total: int | None = None, quiet: bool = False, unit: str = "it"
) -> tqdm:
    """A tqdm bar on stderr; disabled when ``quiet`` or stderr is not a terminal."""
    disable = quiet or not sys.stderr.isatty()
    return tqdm(total=total, desc=description, unit=unit, disable=disable, file=sys.stderr,
                dynamic_ncols=True, leave=False)
