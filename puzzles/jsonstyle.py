"""The project's one JSON style, for every document it writes.

Two-space indentation, key order kept (it is part of each format), and arrays of plain values
(coordinates such as ``[q, r]``, boards, lists of numbers) on one line.

Examples
--------
>>> print(dumps({"cell": [1, -2], "cells": [[0, 0], [1, 0]], "name": "x"}), end="")
{
  "cell": [1, -2],
  "cells": [
    [0, 0],
    [1, 0]
  ],
  "name": "x"
}
"""

from __future__ import annotations

import json


def dumps(doc: object) -> str:
    """``doc`` as JSON text in the project's style, ending with a newline."""
    return _format(doc, 0) + "\n"


def _format(value: object, level: int) -> str:
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{_key(k)}: {_format(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list | tuple):
        if all(not isinstance(v, dict | list | tuple) for v in value):
            return json.dumps(list(value), ensure_ascii=False)
        return "[\n" + ",\n".join(inner + _format(v, level + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def _key(key: object) -> str:
    """A key as JSON writes it: strings as they are, numbers/booleans/None as their text."""
    return json.dumps(key if isinstance(key, str) else json.dumps(key), ensure_ascii=False)
