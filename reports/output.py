"""The one output layer: whole documents atomically, streams as JSON lines that survive Ctrl-C.

Rules (every file the project writes goes through ``write_atomic`` or ``JsonLinesWriter``):

- only regular files or new paths are written; a folder, a device (``/dev/full``), a pipe or
  socket, a symlink loop, a read-only file or a folder one may not write into is refused at
  once with one line (:class:`OutputError`, exit code 2), before any work is lost;
- the data goes to a temporary file ``.NAME.<random>.part`` in the same folder, is flushed to disk
  and renamed over the target, so a reader never sees half a file; a symlink to a regular file
  is followed (the link stays, its target is replaced); a replaced file keeps its mode;
- on any error, Ctrl-C or SIGTERM the temporary file is removed and an existing target is left
  untouched (``JsonLinesWriter`` instead renames what it has on Ctrl-C, SIGTERM or SIGHUP:
  every complete line found so far is kept; its temporary file ``NAME.<random>.part`` is not
  hidden, so that what a SIGKILL cut short can be found).

Examples
--------
>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.json"
>>> write_atomic(p, '{"ok": true}\\n')
>>> p.read_text()
'{"ok": true}\\n'
>>> write_atomic("/dev/null", "x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
reports.output.OutputError: cannot write /dev/null: it is a device or special file, not a ...
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import IO

from puzzles import jsonstyle
from puzzles.errors import InvalidInputError, SearchInterrupted


class OutputError(InvalidInputError):
    """A target that may not or cannot be written (exit code 2)."""


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a symlink loop"
    if exc.errno == errno.ENOSPC:
        return "no space left on the device"
    return (exc.strerror or str(exc)).lower()


def target(path: Path | str) -> Path:
    """The real path a write to ``path`` will replace; refuses what must not be replaced.

    Raises
    ------
    OutputError
        For a folder, a special file, a symlink loop, a read-only file, a missing folder or a
        folder without write permission.
    """
    path = Path(path)
    shown = str(path)
    if not shown or shown.endswith(os.sep) or path.name in ("", ".", ".."):
        raise OutputError(f"cannot write {shown or repr(shown)}: not a file name")
    try:
        real = Path(os.path.realpath(path, strict=False))
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {_reason(exc)}") from None
    except ValueError:
        raise OutputError(f"cannot write {shown!r}: not a valid file name") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputError(f"cannot write {shown}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(f"cannot write {shown}: it is a device or special file, not a "
                              "regular file")
        if not os.access(real, os.W_OK) or not info.st_mode & 0o222:  # root passes access()
            raise OutputError(f"cannot write {shown}: the file is read-only")
    parent = real.parent
    try:
        pinfo = os.stat(parent)
    except OSError:
        raise OutputError(f"cannot write {shown}: folder {parent} does not exist") from None
    if not stat.S_ISDIR(pinfo.st_mode):
        raise OutputError(f"cannot write {shown}: {parent} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {shown}: no permission to write in folder {parent}")
    return real


def check_writable(*paths: Path | str | None) -> None:
    """Refuse, before a long run starts, any given target that ``write_atomic`` would refuse:
    besides the checks of :func:`target`, a temporary file is created in the target's folder
    and removed again (permissions alone pass ``/proc`` or a read-only mount for root)."""
    for p in paths:
        if p is not None:
            real = target(p)
            fd, tmp = _temporary(real, str(p))
            os.close(fd)
            _discard(tmp)


def check_folder(path: Path | str) -> Path:
    """A folder files will be written into: an existing folder, or a new path whose parent
    folder exists and is writable (the caller creates it).

    Raises
    ------
    OutputError
        For a file, a special file, a symlink loop or a place that cannot be written.
    """
    path = Path(path)
    shown = str(path)
    if not shown:
        raise OutputError("cannot write into '': not a folder name")
    try:
        info = os.stat(path)
    except FileNotFoundError:
        check_writable(path)  # a new folder: its parent must exist and be writable
        return path
    except OSError as exc:
        raise OutputError(f"cannot write into {shown}: {_reason(exc)}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"cannot write into {shown}: it is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write into {shown}: no permission to write in it")
    try:  # permissions alone pass /proc or a read-only mount for root
        fd, tmp = tempfile.mkstemp(prefix=".probe.", suffix=".part", dir=path)
    except OSError as exc:
        raise OutputError(f"cannot write into {shown}: {_reason(exc)}") from None
    os.close(fd)
    _discard(tmp)
    return path


def check_new_records(folder: Path | str) -> None:
    """Refuse a records folder that already holds game records (``game-*.txt``, including a
    symlink of that name): a run writes ``game-0001.txt`` ... and overwrites none."""
    path = Path(folder)
    if not path.is_dir():
        return
    with contextlib.suppress(OSError):
        old = sorted(p.name for p in path.iterdir() if p.name.startswith("game-")
                     and p.name.endswith(".txt"))
        if old:
            raise OutputError(f"cannot write into {path}: it already holds game records "
                              f"({old[0]}{', ...' if len(old) > 1 else ''}); give a new or "
                              "empty folder")


def _new_mode(real: Path) -> int:
    """The mode of the file written: an existing target's own mode, else 0666 less umask."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(real).st_mode)
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


#: Bytes of the target's name kept in a temporary name (a 255-byte name must stay writable).
_NAME_BYTES = 160


def _short(name: str) -> str:
    return name.encode("utf-8")[:_NAME_BYTES].decode("utf-8", "ignore")


def _temporary(real: Path, shown: str, hidden: bool = True) -> tuple[int, str]:
    """A new temporary file beside ``real``: ``.NAME.<random>.part`` (``hidden``), or
    ``NAME.<random>.part`` where a person should find it after a crash."""
    prefix = f"{'.' if hidden else ''}{_short(real.name)}."
    try:
        return tempfile.mkstemp(prefix=prefix, suffix=".part", dir=real.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {_reason(exc)}") from None


def _discard(tmp: str | None) -> None:
    if tmp is not None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def write_atomic(path: Path | str, text: str | bytes) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename.

    A reader never sees a half-written file; on any error (or Ctrl-C, SIGTERM) the temporary
    file is removed and the old file is left untouched.

    Raises
    ------
    OutputError
        When the target is refused (see :func:`target`) or the write fails (disk full...).
    """
    real = target(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = _temporary(real, str(path))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _new_mode(real))
        os.replace(tmp, real)
    except OSError as exc:
        _discard(tmp)
        raise OutputError(f"cannot write {path}: {_reason(exc)}") from None
    except BaseException:
        _discard(tmp)
        raise


def dumps(doc: object) -> str:
    """The project's JSON style (:mod:`puzzles.jsonstyle`): two-space indentation, key order
    kept (it is part of each format), and arrays of plain values (coordinates, boards, lists
    of numbers) on one line.

    Examples
    --------
    >>> print(dumps({"cell": [1, -2], "name": "x"}), end="")
    {
      "cell": [1, -2],
      "name": "x"
    }
    """
    return jsonstyle.dumps(doc)


_STOPPING = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back SIGINT, SIGTERM and SIGHUP for the duration (their Python handlers run just
    after); a no-op outside the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class JsonLinesWriter:
    """Stream documents as JSON lines into ``path`` (or stdout when path is None).

    Lines go to a temporary file that is renamed to ``path`` when the writer closes, whether the
    run finished or was interrupted (Ctrl-C, SIGTERM): every complete line found so far is
    kept. On any other error the temporary file is removed and an existing ``path`` is left
    untouched.
    """

    def __init__(self, path: Path | str | None, stdout: IO[str] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.count = 0
        self._tmp: str | None = None
        self._real: Path | None = None
        self._fh: IO[str] | None = stdout
        if self.path is not None:
            self._real = target(self.path)
            # visible: after SIGKILL (which no program can catch) the lines found stay in
            # NAME.<random>.part beside NAME
            fd, self._tmp = _temporary(self._real, str(self.path), hidden=False)
            self._fh = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, doc: object) -> None:
        """Append one document as one line and flush it; ``count`` counts the lines written
        (a stopping signal is held back while a line is written and counted, so the two
        always agree)."""
        if self._fh is None:
            return
        line = json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
        with _signals_held():
            try:
                self._fh.write(line)
                self._fh.flush()
            except OSError as exc:
                if self.path is None:
                    raise
                raise OutputError(f"cannot write {self.path}: {_reason(exc)}") from None
            self.count += 1

    def close(self, keep: bool = True) -> None:
        """Finish: rename the temporary file into place (``keep``) or remove it."""
        if self.path is None or self._tmp is None or self._fh is None or self._real is None:
            return
        tmp, self._tmp = self._tmp, None
        try:
            self._fh.close()
            if keep:
                os.chmod(tmp, _new_mode(self._real))
                os.replace(tmp, self._real)
                return
        except OSError as exc:
            _discard(tmp)
            raise OutputError(f"cannot write {self.path}: {_reason(exc)}") from None
        except BaseException:
            _discard(tmp)
            raise
        _discard(tmp)

    def __enter__(self) -> JsonLinesWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        keep = exc_type is None or issubclass(exc_type, KeyboardInterrupt | SearchInterrupted)
        self.close(keep)
