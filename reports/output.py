"""Writing files safely: whole documents atomically, streams as JSON lines that survive Ctrl-C.

Examples
--------
>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.json"
>>> write_atomic(p, '{"ok": true}\\n')
>>> p.read_text()
'{"ok": true}\\n'
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO

from puzzles.errors import InvalidInputError


def _check_dir(path: Path) -> None:
    parent = path.resolve().parent
    if not parent.is_dir():
        raise InvalidInputError(f"cannot write {path}: folder {parent} does not exist")


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(path: Path | str, text: str | bytes) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename.

    A reader never sees a half-written file; on any error the old file is left untouched.
    """
    path = Path(path)
    _check_dir(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.resolve().parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _umask_mode())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def dumps(doc: object) -> str:
    """The project's JSON style: sorted keys are *not* used, key order is part of the format."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


class JsonLinesWriter:
    """Stream documents as JSON lines into ``path`` (or stdout when path is None).

    Lines go to a temporary file that is renamed to ``path`` when the writer closes, whether the
    run finished or was interrupted (Ctrl-C): every complete line found so far is kept. On any
    other error the temporary file is removed and an existing ``path`` is left untouched.
    """

    def __init__(self, path: Path | str | None, stdout: IO[str] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.count = 0
        self._tmp: str | None = None
        self._fh: IO[str] | None = stdout
        if self.path is not None:
            _check_dir(self.path)
            fd, self._tmp = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".part", dir=self.path.resolve().parent
            )
            self._fh = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, doc: object) -> None:
        """Append one document as one line and flush it."""
        if self._fh is None:
            return
        self._fh.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()
        self.count += 1

    def close(self, keep: bool = True) -> None:
        """Finish: rename the temporary file into place (``keep``) or remove it."""
        if self.path is None or self._tmp is None or self._fh is None:
            return
        self._fh.close()
        if keep:
            os.chmod(self._tmp, _umask_mode())
            os.replace(self._tmp, self.path)
        elif os.path.exists(self._tmp):
            os.unlink(self._tmp)
        self._tmp = None

    def __enter__(self) -> JsonLinesWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        from puzzles.errors import SearchInterrupted

        keep = exc_type is None or issubclass(exc_type, KeyboardInterrupt | SearchInterrupted)
        self.close(keep)
