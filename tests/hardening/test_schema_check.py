"""The plain document check of ``puzzles.schemas`` against the pydantic models it stands in for:
whatever it accepts, the model accepts and builds the same document; what it does not accept,
the model judges (so every refusal keeps the model's message). Valid documents take the plain
check, so a small file is read without importing pydantic."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardening.test_fuzz_parsers import FUZZ, JSON_VALUES, SEEDS, mutated_json
from puzzles import schema_models
from puzzles.documents import validate
from puzzles.errors import ParseError
from puzzles.schema_check import Document, check
from puzzles.schemas import SCHEMAS as MODELS
from puzzles.schemas import FixedDoc, Model, RegionDoc

#: document (schema) name -> the stored seed of that kind
SEED_OF = {"arrangement": "arrangement", "fixed": "fixed", "fixed-list": "fixed-list",
           "region": "region-json", "dominimum-layout": "dominimum-layout",
           "dominimum-record": "dominimum-record", "numbridge-field": "numbridge-field-json"}
TABLE = json.loads(schema_models.table_text())["schemas"]


def judged_alike(name: str, doc: Any) -> bool:
    """True when the plain check accepts ``doc``; asserts the model agrees."""
    quick = check(TABLE[name], doc)
    if quick is None:
        return False
    model = MODELS[name].model_validate(doc, strict=True)
    assert quick.model_dump() == model.model_dump(), name
    return True


def test_the_table_is_made_from_the_models() -> None:
    text = schema_models.TABLE.read_text(encoding="utf-8")
    assert text == schema_models.table_text(), "regenerate: python3 -m puzzles.schemas docs/schemas"


@pytest.mark.parametrize("name", sorted(SEED_OF))
def test_every_seed_document_takes_the_plain_check(name: str) -> None:
    assert judged_alike(name, json.loads(SEEDS[SEED_OF[name]]))


@pytest.mark.parametrize("name", sorted(SEED_OF))
@FUZZ
@given(data=st.data())
def test_what_the_check_accepts_the_model_accepts_alike(name: str, data: st.DataObject) -> None:
    doc = data.draw(mutated_json(SEED_OF[name]))
    judged_alike(name, doc)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_arbitrary_json_is_never_accepted_wrongly(doc: Any) -> None:
    for name in SEED_OF:
        judged_alike(name, doc)


@pytest.mark.parametrize("doc", [
    {"fixed": [{"cell": [0, True], "piece": 3}]},      # a bool is not an integer
    {"fixed": [{"cell": [0, 1.0], "piece": 3}]},       # nor is a float
    {"fixed": [{"cell": [0, 1, 2], "piece": 3}]},      # three coordinates
    {"fixed": [{"cell": [0, 10**7], "piece": 3}]},     # out of bounds
    {"fixed": [{"cell": [0, 1]}]},                     # no piece
    {"fixed": {"cell": [0, 1], "piece": 3}},           # not a list
])
def test_faults_get_the_models_message(doc: Any) -> None:
    assert check(TABLE["fixed"], doc) is None
    with pytest.raises(ParseError, match=r"^f.json: at /fixed"):
        validate(doc, FixedDoc, "f.json")


def test_a_forbidden_extra_key_goes_to_the_model() -> None:
    rules = {"game": "dominimum", "players": 2, "moves": [], "rules": {"within_tile": True}}
    assert judged_alike("dominimum-record", rules)
    assert check(TABLE["dominimum-record"], {**rules, "rules": {"x": 1}}) is None


def test_the_models_are_stand_ins() -> None:
    assert isinstance(RegionDoc, Model)
    doc = validate({"cells": [[0, 0]], "extra": 1}, RegionDoc, "r.json")
    assert isinstance(doc, Document) and doc.extra == 1 and doc.wrap is None
    assert RegionDoc.model_json_schema()["title"] == "RegionDoc"  # passed to the model


def test_a_fixed_file_is_read_without_pydantic() -> None:
    code = ("import sys\n"
            "from solver.cli import main\n"
            "try:\n"
            "    main(['arrange', 'count', 'compact', '--set', 'hexagon', '--region',\n"
            "          'rhombus:8x8', '--fixed',\n"
            "          'tests/data/hexagon-completions/rhombus8x8-free32.json', '-q'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('pydantic' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split()[0] == "99" and done.stdout.split()[-1] == "False"
