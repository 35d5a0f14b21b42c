"""A plain check of a parsed JSON document against one of the project's JSON Schemas.

It reads the few keywords the models' schemas use (``type``, ``properties``, ``required``,
``additionalProperties``, ``items``, ``minItems``/``maxItems``, ``minimum``/``maximum``,
``minLength``/``maxLength``, ``pattern``, ``enum``, ``const``, ``anyOf``, ``$ref``, ``default``)
with the models' strict rules (a bool is not an integer), and builds the document the model
would: attributes for the properties (defaults filled in) and the extra keys, ``root`` for a
document that is not an object. It only ever says "accepted" or "not sure": on any fault, and on
any keyword it does not know, it returns None and the caller asks the model, which names the
fault. So it may send a good document to the model, never a bad one past it.

>>> cell = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
>>> placement = {"type": "object", "required": ["cell"], "properties": {
...     "cell": cell, "piece": {"type": "integer", "minimum": 0, "default": 0}}}
>>> doc = check(placement, {"cell": [0, 1], "note": "x"})
>>> doc.cell, doc.piece, doc.note
([0, 1], 0, 'x')
>>> check(placement, {"cell": [0, True]}) is None  # a bool is not an integer
True
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Any

#: Keywords that only describe (or say what the default is, read separately).
_PROSE = frozenset({"title", "description", "default", "$schema", "$id", "$defs"})
_KNOWN = _PROSE | {"type", "properties", "required", "additionalProperties", "items",
                   "minItems", "maxItems", "minimum", "maximum", "minLength", "maxLength",
                   "pattern", "enum", "const", "anyOf", "$ref"}


class Document:
    """A checked document: its properties and extra keys as attributes."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)

    def model_dump(self) -> dict[str, Any]:
        """The document as plain values (as the model's ``model_dump``)."""
        return {k: _dump(v) for k, v in self.__dict__.items()}

    def __repr__(self) -> str:
        return f"Document({self.__dict__!r})"


class RootDocument(Document):
    """A checked document that is not an object (a list): its value is ``root``."""

    root: Any

    def model_dump(self) -> Any:
        """The value itself (as a root model's ``model_dump``)."""
        return _dump(self.root)


def _dump(value: Any) -> Any:
    if isinstance(value, Document):
        return value.model_dump()
    if isinstance(value, list):
        return [_dump(v) for v in value]
    return value


class _NotAcceptedError(Exception):
    """The document does not pass (or uses a keyword this check does not read)."""


def check(schema: dict[str, Any], data: Any) -> Any:
    """The document the model would build from ``data``, or None when not accepted here."""
    try:
        value = _value(schema, schema, data)
    except _NotAcceptedError:
        return None
    return value if isinstance(value, Document) else RootDocument({"root": value})


@lru_cache(maxsize=64)
def _pattern(text: str) -> re.Pattern[str]:
    # a JSON Schema "$" is the end of the text, Python's "$" also matches before a final "\n"
    return re.compile(text[:-1] + r"\Z" if text.endswith("$") else text)


def _value(node: dict[str, Any], root: dict[str, Any], data: Any) -> Any:
    if not _KNOWN.issuperset(node):
        raise _NotAcceptedError
    if "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/$defs/"):
            raise _NotAcceptedError
        return _value(root["$defs"][ref[len("#/$defs/"):]], root, data)
    if "anyOf" in node:
        for branch in node["anyOf"]:
            try:
                return _value(branch, root, data)
            except _NotAcceptedError:
                continue
        raise _NotAcceptedError
    if "const" in node and not _same(data, node["const"]):
        raise _NotAcceptedError
    if "enum" in node and not any(_same(data, v) for v in node["enum"]):
        raise _NotAcceptedError
    kind = node.get("type")
    if kind == "object":
        return _object(node, root, data)
    if kind == "array":
        if type(data) is not list or not node.get("minItems", 0) <= len(data) <= node.get(
                "maxItems", len(data)):
            raise _NotAcceptedError
        items = node.get("items")
        return [_value(items, root, x) for x in data] if items is not None else list(data)
    if kind == "integer":
        if type(data) is not int or not node.get("minimum", data) <= data <= node.get(
                "maximum", data):
            raise _NotAcceptedError
        return data
    if kind == "string":
        if (type(data) is not str
                or not node.get("minLength", 0) <= len(data) <= node.get("maxLength", len(data))
                or ("pattern" in node and not _pattern(node["pattern"]).search(data))):
            raise _NotAcceptedError
        return data
    if kind == "boolean" and type(data) is bool:
        return data
    if kind == "null" and data is None:
        return None
    if kind is None and ("const" in node or "enum" in node):
        return data
    raise _NotAcceptedError  # "number" and anything else: the model decides


def _same(data: Any, expected: Any) -> bool:
    return type(data) is type(expected) and data == expected


def _object(node: dict[str, Any], root: dict[str, Any], data: Any) -> Document:
    if type(data) is not dict:
        raise _NotAcceptedError
    properties: dict[str, Any] = node.get("properties", {})
    if any(key not in data for key in node.get("required", ())):
        raise _NotAcceptedError
    extra = node.get("additionalProperties", True)
    if extra is not True and any(key not in properties for key in data):
        raise _NotAcceptedError  # extra keys forbidden (or limited by a schema): the model decides
    values: dict[str, Any] = {}
    for key, sub in properties.items():
        if key in data:
            values[key] = _value(sub, root, data[key])
        elif "default" in sub:
            values[key] = copy.deepcopy(sub["default"])
        else:
            raise _NotAcceptedError
    for key, value in data.items():
        if key not in properties:
            values[key] = value
    return Document(values)
