"""The one input layer: bytes from a file or stdin, strict UTF-8, bounded JSON, bounded integers.

Every reader of the project goes through these functions, so that any input, however broken,
ends as one :class:`~puzzles.errors.ParseError` (or ``InvalidInputError``) naming the file and
the place of the fault:

- ``read_text(source)``: the bytes of a file (``-`` is standard input), decoded as strict
  UTF-8. A byte-order mark, UTF-16 text or a stray byte is refused with its byte offset.
- ``load_json(text, where)``: JSON with limits: nesting depth, number length, no ``NaN`` or
  ``Infinity``; errors give line and column.
- ``validate(data, model, where)``: shape check against a typed model of
  :mod:`puzzles.schemas` (the JSON Schemas in ``docs/schemas/`` are generated from them);
  errors give a JSON pointer and what was expected.
- ``parse_int(token, low, high, what)``: ASCII digits only (``str.isdigit`` accepts ``²``,
  ``int`` does not), within bounds.

Examples
--------
>>> load_json('{"a": [1, 2]}', "doc")
{'a': [1, 2]}
>>> load_json('[NaN]', "doc")
Traceback (most recent call last):
...
puzzles.errors.ParseError: doc: line 1 column 2: NaN is not allowed in a document
>>> parse_int("12", 1, 15, "piece")
12
>>> parse_int("²", 1, 15, "piece")
Traceback (most recent call last):
...
puzzles.errors.ParseError: piece: '²' is not a whole number written with the digits 0-9
"""

from __future__ import annotations

import os
import re
import stat
import sys
from typing import TYPE_CHECKING, Any, TypeVar

from puzzles.errors import InvalidInputError, ParseError

if TYPE_CHECKING:  # json and pathlib are imported when a document is read (start-up)
    from pathlib import Path

#: Largest document read (bytes): far above any real record or arrangement.
MAX_BYTES = 64 * 1024 * 1024
#: Deepest nesting of JSON arrays and objects accepted.
MAX_DEPTH = 32
#: Longest number literal accepted in JSON (digits).
MAX_NUMBER_DIGITS = 24

_ASCII_INT = re.compile(r"[+-]?[0-9]+\Z")
_ASCII_DECIMAL = re.compile(r"[+-]?[0-9]{1,12}(\.[0-9]{1,9})?\Z")

M = TypeVar("M")


def source_name(source: Path | str) -> str:
    """How a source is named in messages (``<stdin>`` for ``-``; quoted when the name holds a
    new line or another unprintable character, so that a message stays one line)."""
    name = str(source)
    return "<stdin>" if name == "-" else name if name.isprintable() else repr(name)


def read_bytes(source: Path | str, what: str = "file") -> bytes:
    """The bytes of a regular file, or of standard input for ``-``.

    Raises
    ------
    InvalidInputError
        When the file does not exist, is a folder or a special file, cannot be read, or is
        larger than ``MAX_BYTES``.
    """
    if str(source) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise InvalidInputError(f"cannot read {what}: standard input is closed",
                                    where="<stdin>")
        try:
            data = stream.read(MAX_BYTES + 1)
        except (OSError, ValueError) as exc:
            reason = _reason(exc) if isinstance(exc, OSError) else "it is closed"
            raise InvalidInputError(f"cannot read {what} from standard input: {reason}",
                                    where="<stdin>") from None
        if len(data) > MAX_BYTES:
            raise InvalidInputError(f"{what} is larger than {MAX_BYTES} bytes", where="<stdin>")
        return data
    from pathlib import Path

    path = Path(source)
    name = source_name(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InvalidInputError(f"cannot read {what}: no such file", where=name) from None
    except OSError as exc:
        raise InvalidInputError(f"cannot read {what}: {_reason(exc)}", where=name) from None
    except ValueError:  # embedded NUL character in the name
        raise InvalidInputError(f"not a valid {what} name", where=repr(name)) from None
    if stat.S_ISDIR(info.st_mode):
        raise InvalidInputError(f"cannot read {what}: it is a folder", where=name)
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInputError(f"cannot read {what}: not a regular file (a device, pipe or "
                                "socket)", where=name)
    if info.st_size > MAX_BYTES:
        raise InvalidInputError(f"{what} is larger than {MAX_BYTES} bytes", where=name)
    try:
        with open(path, "rb") as fh:
            return fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InvalidInputError(f"cannot read {what}: {_reason(exc)}", where=name) from None


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def decode(data: bytes, where: str) -> str:
    """Strict UTF-8 text of ``data``; refuses a byte-order mark, UTF-16 and stray bytes.

    Raises
    ------
    ParseError
        Naming the byte offset of the first fault.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        raise ParseError("starts with a UTF-8 byte-order mark (byte offset 0); save the file "
                         "as UTF-8 without BOM", where=where)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(data) > 1 and b"\x00" in data[:2]):
        raise ParseError("looks like UTF-16 text (byte offset 0); save the file as UTF-8",
                         where=where)
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        raise ParseError(f"not UTF-8: byte 0x{data[exc.start]:02x} at byte offset {exc.start}",
                         where=where) from None
    nul = text.find("\x00")
    if nul >= 0:
        raise ParseError(f"NUL character at byte offset {len(text[:nul].encode())}",
                         where=where)
    return text


def read_text(source: Path | str, what: str = "file") -> str:
    """Read ``source`` (a path, or ``-`` for standard input) as strict UTF-8 text."""
    return decode(read_bytes(source, what), source_name(source))


def _line_col(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line} column {col}"


def _depth_ok(text: str) -> int:
    """The offset where nesting first exceeds MAX_DEPTH, or -1 (strings are skipped)."""
    depth = 0
    in_string = False
    escape = False
    for i, ch in enumerate(text):
        if in_string:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif ch in "]}":
            depth -= 1
    return -1


def load_json(text: str, where: str) -> Any:
    """Parse JSON text with limits (depth, number length, no NaN/Infinity).

    Raises
    ------
    ParseError
        With line and column of the fault.
    """
    if text.count("[") + text.count("{") > MAX_DEPTH:
        deep = _depth_ok(text)
        if deep >= 0:
            raise ParseError(f"{_line_col(text, deep)}: nested deeper than {MAX_DEPTH} levels",
                             where=where)

    def number(literal: str) -> int | float:
        digits = sum(ch.isdigit() for ch in literal)
        if digits > MAX_NUMBER_DIGITS:
            pos = text.find(literal[:MAX_NUMBER_DIGITS])
            raise _RefusedError(f"{_line_col(text, max(pos, 0))}: a number of {digits} digits "
                           f"(at most {MAX_NUMBER_DIGITS})")
        if any(ch in literal for ch in ".eE"):
            value = float(literal)
            if value in (float("inf"), float("-inf")):
                raise _RefusedError(f"number {literal[:30]} is out of range")
            return value
        return int(literal)

    def constant(name: str) -> None:
        pos = text.find(name)
        raise _RefusedError(f"{_line_col(text, max(pos, 0))}: {name} is not allowed in a document")

    import json

    try:
        return json.loads(text, parse_int=number, parse_float=number, parse_constant=constant)
    except _RefusedError as exc:
        raise ParseError(str(exc), where=where) from None
    except json.JSONDecodeError as exc:
        raise ParseError(f"line {exc.lineno} column {exc.colno}: bad JSON: {exc.msg}",
                         where=where) from None
    except RecursionError:  # pragma: no cover - guarded by the depth scan
        raise ParseError(f"nested deeper than {MAX_DEPTH} levels", where=where) from None


class _RefusedError(Exception):
    """A JSON value the limits refuse (raised inside json.loads hooks)."""


def read_json(source: Path | str, what: str = "file") -> Any:
    """Read and parse a JSON file (or ``-``) through :func:`read_text` and :func:`load_json`."""
    return load_json(read_text(source, what), source_name(source))


def pointer(loc: tuple[int | str, ...]) -> str:
    """The JSON pointer (RFC 6901) of a path: ``("moves", 3, "cells")`` -> ``/moves/3/cells``."""
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in loc]
    return "/" + "/".join(parts) if parts else "/"


def validate(data: Any, model: type[M], where: str) -> M:
    """Check ``data`` against a model of :mod:`puzzles.schemas` and return the document.

    A valid document is checked without pydantic (see :mod:`puzzles.schemas`); the model's
    error of an invalid one is reported.

    Raises
    ------
    ParseError
        ``where: at /pointer: what was expected`` for the first fault.
    """
    try:
        return model.model_validate(data, strict=True)  # type: ignore[attr-defined]
    except RecursionError:  # pragma: no cover - load_json bounds the depth
        raise ParseError("document nested too deeply", where=where) from None
    except Exception as exc:
        from pydantic import ValidationError  # loaded: only the pydantic model raises it

        if isinstance(exc, ValidationError):
            raise ParseError(_first_error(exc), where=where) from None
        raise


def _first_error(exc: Any) -> str:
    errors = exc.errors(include_url=False)
    # the union branches repeat one fault; report the most specific (longest path) first
    err = max(errors, key=lambda e: len(e["loc"])) if errors else None
    if err is None:  # pragma: no cover
        return "does not match its schema"
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith(
        ("function-", "list[", "tuple[", "dict[", "int", "str", "bool"))) and "[" not in str(p))
    msg = _expected(str(err["msg"]))
    value = err.get("input")
    shown = _short(value)
    return f"at {pointer(loc)}: {msg[0].lower() + msg[1:]}" + (f", got {shown}" if shown
                                                                  else "")


def _expected(msg: str) -> str:
    msg = re.sub(r"^Input should be ", "expected ", msg)
    msg = re.sub(r"a valid dictionary( or instance of \w+)?", "an object", msg)
    msg = re.sub(r"a valid (list|integer|string|boolean|number)", r"a \1", msg)
    msg = msg.replace("a integer", "an integer")
    return msg


def _short(value: Any) -> str:
    if isinstance(value, dict | list):
        return type(value).__name__.replace("dict", "an object").replace("list", "a list")
    import json

    text = json.dumps(value, ensure_ascii=False) if value is not None else "null"
    return text if len(text) <= 40 else text[:37] + "..."


def parse_int(token: str, low: int, high: int, what: str, where: str | None = None) -> int:
    """A whole number written with ASCII digits (optional sign), between ``low`` and ``high``.

    Raises
    ------
    ParseError
        For any other text (``²``, ``1.5``, ``0x10``...) or a number out of bounds.
    """
    text = token.strip()
    if not _ASCII_INT.match(text):
        raise ParseError(f"{what}: {token!r} is not a whole number written with the digits 0-9",
                         where=where)
    if len(text.lstrip("+-").lstrip("0")) > 18:
        raise ParseError(f"{what}: {text[:20]}... is far out of range {low}..{high}",
                         where=where)
    value = int(text)
    if not low <= value <= high:
        raise ParseError(f"{what}: {value} is out of range {low}..{high}", where=where)
    return value


def parse_decimal(token: str, low: float, high: float, what: str,
                  where: str | None = None) -> float:
    """A decimal number such as ``12`` or ``4.25`` (ASCII digits, no exponent, no NaN or
    infinity), between ``low`` and ``high``.

    Raises
    ------
    ParseError
        For any other text or a number out of bounds.
    """
    text = token.strip()
    if not _ASCII_DECIMAL.match(text):
        raise ParseError(f"{what}: {token[:30]!r} is not a decimal number like 12 or 4.5",
                         where=where)
    value = float(text)
    if not low <= value <= high:
        raise ParseError(f"{what}: {text} is out of range {low:g}..{high:g}", where=where)
    return value


def is_ascii_int(token: str) -> bool:
    """True for an optional sign and ASCII digits only (what ``str.isdigit`` should mean)."""
    return bool(_ASCII_INT.match(token))
