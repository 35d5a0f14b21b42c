"""The models of every JSON document the project reads, each checked without pydantic first.

The models are pydantic classes (:mod:`puzzles.schema_models`, where their bounds and the JSON
Schemas of ``docs/schemas/`` come from), and importing pydantic costs a command line more CPU
than checking a small document takes. So this module hands out each model (``FixedDoc``,
``RegionDoc``, ...) as a :class:`Model`: its ``model_validate`` checks the document
against the model's JSON Schema with the plain check of :mod:`puzzles.schema_check` and returns
the same document the model would build; a document that check does not accept goes to the
pydantic model, which refuses it with its message (or accepts it). Everything else of a model
(``model_json_schema``, ...) and of :mod:`puzzles.schema_models` (``SCHEMAS``,
``schema_text``, ``write_schemas``) is passed through, importing pydantic then.

``python3 -m puzzles.schemas docs/schemas`` writes the JSON Schemas and the check's table
(``puzzles/schema_table.json``, read here).

>>> from puzzles.documents import validate
>>> from puzzles.schemas import RegionDoc
>>> doc = validate({"cells": [[0, 0], [1, 0]]}, RegionDoc, "region.json")
>>> doc.cells, doc.wrap
([[0, 0], [1, 0]], None)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzles.schema_check import check

if TYPE_CHECKING:  # the names as the type checker sees them: the pydantic models
    from puzzles.schema_models import (
        SCHEMAS,
        ArrangementDoc,
        DominimumRecordDoc,
        FieldDoc,
        FixedDoc,
        FixedListDoc,
        LayoutDoc,
        RegionDoc,
        schema_text,
        write_schemas,
    )


class Model:
    """A document model: the plain check first, the pydantic model for everything else."""

    def __init__(self, name: str, schema: dict[str, Any]) -> None:
        self.__name__ = name
        self._schema = schema

    @property
    def model(self) -> Any:
        """The pydantic model (imports pydantic)."""
        from puzzles import schema_models  # local: start-up

        return getattr(schema_models, self.__name__)

    def model_validate(self, data: Any, strict: bool = True) -> Any:
        """The document built from ``data``; the pydantic model's error when not valid."""
        doc = check(self._schema, data) if strict else None
        return doc if doc is not None else self.model.model_validate(data, strict=strict)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.model, attribute)

    def __repr__(self) -> str:
        return f"<model {self.__name__} (puzzles.schemas)>"


@cache
def _models() -> dict[str, Model]:
    """Every model by name, with its JSON Schema from the table."""
    table = json.loads(Path(__file__).with_name("schema_table.json").read_text(encoding="utf-8"))
    return {name: Model(name, table["schemas"][doc]) for name, doc in table["models"].items()}


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # the import machinery asks for __path__ and such
        raise AttributeError(name)
    if name in _models():
        return _models()[name]
    from puzzles import schema_models  # local: start-up

    return getattr(schema_models, name)


__all__ = ["SCHEMAS", "ArrangementDoc", "DominimumRecordDoc", "FieldDoc", "FixedDoc",
           "FixedListDoc", "LayoutDoc", "Model", "RegionDoc", "schema_text", "write_schemas"]


if __name__ == "__main__":  # pragma: no cover
    from puzzles.schema_models import main

    main()
