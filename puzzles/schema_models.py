"""Typed models of every JSON document the project reads; the JSON Schemas are made from them.

Readers validate a parsed document with :func:`puzzles.documents.validate` (strict: no bool for
an int, no string for a number) before any rule is checked, so a document of the wrong shape
is refused with a JSON pointer and what was expected. They take the models from
:mod:`puzzles.schemas`, which checks a document against the JSON Schema first and imports these
pydantic models only for a document that check does not accept. ``docs/schemas/*.schema.json``
and that check's table ``puzzles/schema_table.json`` are written by :func:`write_schemas`
(``python3 -m puzzles.schemas docs/schemas``); tests keep them in step with these models. Keys
the models do not name are allowed (documents carry extra facts such as ``directions`` or
``given_count``).

Bounds (project rule): coordinates within +-10^6, at most 40,000 cells in a region
(200 x 200), wrap periods 0-200 (0: that direction does not wrap).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

Coordinate = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
Cell = Annotated[list[Coordinate], Field(min_length=2, max_length=2,
                                         description="a cell [q, r]")]
Period = Annotated[int, Field(ge=0, le=200)]
Wrap = Annotated[list[Period], Field(min_length=2, max_length=2,
                                     description="wrap periods [W, H]: a torus; 0 for a "
                                                 "direction that does not wrap (a cylinder)")]
PieceNumber = Annotated[int, Field(ge=0, le=1_000_000)]
Half = Annotated[int, Field(ge=0, le=7)]
TileValues = Annotated[list[Half], Field(min_length=2, max_length=2,
                                         description="a domino tile [a, b], values 0-7")]
MAX_CELLS = 40_000


class _Doc(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


class PlacementDoc(_Doc):
    """One piece on one cell: ``{"cell": [q, r], "piece": n}``."""

    cell: Cell
    piece: PieceNumber


class ArrangementDoc(_Doc):
    """An arrangement (``solver arrange find --json``)."""

    set: str
    kind: Literal["compact", "transcendental", "starmap"]
    placements: Annotated[list[PlacementDoc], Field(max_length=MAX_CELLS)]
    region: str | None = None
    border: Literal["blank", "free"] | None = None
    wrap: Wrap | None = None
    region_cells: Annotated[list[Cell], Field(max_length=MAX_CELLS)] | None = None
    single_group: bool = False
    no_adjacent: bool = False
    pieces: Annotated[list[PieceNumber], Field(max_length=MAX_CELLS)] | None = None


class RegionDoc(_Doc):
    """A region file: ``{"cells": [[q, r], ...], "wrap": [W, H]}`` (wrap optional)."""

    cells: Annotated[list[Cell], Field(min_length=1, max_length=MAX_CELLS)]
    wrap: Wrap | None = None


class FixedListDoc(RootModel[Annotated[list[PlacementDoc], Field(max_length=MAX_CELLS)]]):
    """Fixed pieces as a plain list of placements."""


class FixedDoc(_Doc):
    """Fixed pieces: a split subproblem ``{"fixed": [...]}`` or an arrangement document."""

    fixed: Annotated[list[PlacementDoc], Field(max_length=MAX_CELLS)] | None = None
    placements: Annotated[list[PlacementDoc], Field(max_length=MAX_CELLS)] | None = None


class TilePlacementDoc(_Doc):
    """One domino on the table: ``{"tile": [a, b], "cells": [[x1, y1], [x2, y2]]}``."""

    tile: TileValues
    cells: Annotated[list[Cell], Field(min_length=2, max_length=2)]


class LayoutDoc(_Doc):
    """A Dominimum/Dominomega layout: ``{"tiles": [...]}``."""

    tiles: Annotated[list[TilePlacementDoc], Field(max_length=36)]


class MoveDoc(TilePlacementDoc):
    """One move of a Dominimum record: a tile placement and the seat that made it."""

    player: Annotated[int, Field(ge=0, le=3)]


class RulesDoc(BaseModel):
    """The rule settings of a record."""

    model_config = ConfigDict(extra="forbid", strict=True)

    within_tile: bool = True


class ResultDoc(_Doc):
    """The stored result of a finished game (checked against the replay)."""

    scores: Annotated[list[Annotated[int, Field(ge=0)]], Field(max_length=4)]
    ranking: Annotated[list[Annotated[int, Field(ge=0, le=3)]], Field(max_length=4)] | None = None
    winner: Annotated[int, Field(ge=0, le=3)] | None = None


class DominimumRecordDoc(_Doc):
    """A Dominimum/Dominomega game record (``solver dominimum play --record``)."""

    format: Literal["dominimum-record/1"] = "dominimum-record/1"
    game: Literal["dominimum", "dominomega"]
    players: Annotated[int, Field(ge=2, le=4)]
    seed: int | None = None
    rules: RulesDoc | None = None
    missions: Annotated[list[TileValues], Field(max_length=4)] = []
    strategies: Annotated[list[str], Field(max_length=4)] | None = None
    moves: Annotated[list[MoveDoc], Field(max_length=36)]
    result: ResultDoc | None = None


class FieldDoc(_Doc):
    """A Numbridge field: ``{"givens": "81 digits", "blocks": "81 block ids"}``."""

    givens: Annotated[str, Field(min_length=81, max_length=81, pattern=r"^[0-9.]{81}$")]
    blocks: Annotated[str, Field(min_length=81, max_length=81, pattern=r"^[1-9]{81}$")] | None \
        = None


#: file name (without .schema.json) -> model
SCHEMAS: dict[str, type[BaseModel]] = {
    "arrangement": ArrangementDoc,
    "region": RegionDoc,
    "fixed": FixedDoc,
    "fixed-list": FixedListDoc,
    "dominimum-layout": LayoutDoc,
    "dominimum-record": DominimumRecordDoc,
    "numbridge-field": FieldDoc,
}


#: The check's table, next to this module (package data).
TABLE = Path(__file__).with_name("schema_table.json")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of document ``name``."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{name}.schema.json", **SCHEMAS[name].model_json_schema()}


def schema_text(name: str) -> str:
    """The JSON Schema of document ``name`` as stable, indented JSON text."""
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


def _rules(node: Any) -> Any:
    """A schema without its prose (titles, descriptions): what the check reads."""
    if isinstance(node, dict):
        return {k: _rules(v) for k, v in node.items()
                if k not in ("title", "description", "$schema", "$id")
                or isinstance(v, dict)}  # a property may be named "title"
    if isinstance(node, list):
        return [_rules(v) for v in node]
    return node


def table_text() -> str:
    """The text of ``puzzles/schema_table.json``: each model's document, every schema's rules."""
    return json.dumps({"models": {model.__name__: name for name, model in SCHEMAS.items()},
                       "schemas": {n: _rules(json.loads(schema_text(n))) for n in SCHEMAS}},
                      indent=1, sort_keys=True) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into ``folder``, and the check's table; returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SCHEMAS:
        path = folder / f"{name}.schema.json"
        path.write_text(schema_text(name), encoding="utf-8")
        paths.append(path)
    TABLE.write_text(table_text(), encoding="utf-8")
    return [*paths, TABLE]


def main() -> None:  # pragma: no cover
    """``python3 -m puzzles.schemas [FOLDER]``: write the schemas (default ``docs/schemas``)."""
    for p in write_schemas(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")):
        print(p)
