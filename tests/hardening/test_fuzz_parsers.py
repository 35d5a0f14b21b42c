"""Hypothesis fuzz of every parser and document reader: any input either parses or raises a
``PuzzleError`` (one readable message); nothing else escapes.

Inputs are arbitrary text/bytes and, mostly, mutations of valid documents the tool writes (the
stored seeds in ``tests/data/hardening``). ``FUZZ_EXAMPLES`` examples per parser by default;
``python3 -m pytest -m slow tests/hardening/test_fuzz_parsers.py`` runs 20 times as many.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening.battery import seeds
from puzzles.arrangements import arrangement_from_json
from puzzles.backslide import parse_position
from puzzles.documents import decode, load_json, parse_decimal, parse_int, validate
from puzzles.dominimum.layout import Layout
from puzzles.dominimum.records import replay as dominimum_replay
from puzzles.dominimum.tiles import parse_tile
from puzzles.dominions.records import parse_record, replay_record
from puzzles.errors import PuzzleError
from puzzles.numbridge.field import Field
from puzzles.numbridge.record import read_record as numbridge_record
from puzzles.numbridge.record import replay as numbridge_replay
from puzzles.regions import parse_region, read_region_file
from puzzles.schemas import LayoutDoc

FUZZ_EXAMPLES = 60
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
DEEP = settings(max_examples=FUZZ_EXAMPLES * 20, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SEEDS = {s.name: s.data for s in seeds(fresh=False)}
ODD = st.sampled_from(["²", "٣", "１", "-1", "9" * 30, "1" + "0" * 100, "", " ", "nan", "inf",
                       "1e999", "\x00", "\ufeff", "[", "]", "{", "}", "\"", "#", "\n", "."])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids,
                                                              max_size=4),
    max_leaves=12)


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*path, i))
    return out


@st.composite
def mutated_json(draw: st.DrawFn, name: str) -> Any:
    """A seed document with one to three of its values replaced by arbitrary JSON."""
    doc = json.loads(SEEDS[name])
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        value = draw(JSON_VALUES)
        if not path:
            doc = value
            continue
        parent = doc
        try:
            for p in path[:-1]:
                parent = parent[p]
            parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, name: str) -> str:
    """A seed text with odd tokens or arbitrary characters put in, or slices cut out."""
    text = SEEDS[name].decode()
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        op = draw(st.integers(0, 2))
        if op == 0:
            text = text[:at] + draw(ODD) + text[at + 1:]
        elif op == 1:
            text = text[:at] + draw(st.text(max_size=6)) + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
    return text


def only_puzzle_errors(fn: Callable[[], object]) -> None:
    """Run ``fn``; a PuzzleError is a clean refusal, anything else fails the test."""
    try:
        fn()
    except PuzzleError as exc:
        assert str(exc).strip() and "\n" not in str(exc).strip()


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=200).map(str.encode))
def test_decode_and_load_json(data: bytes) -> None:
    only_puzzle_errors(lambda: load_json(decode(data, "f"), "f"))


@FUZZ
@given(st.text(max_size=30))
def test_numbers(text: str) -> None:
    only_puzzle_errors(lambda: parse_int(text, -5, 5, "n"))
    only_puzzle_errors(lambda: parse_decimal(text, 0, 10, "x"))


@FUZZ
@given(mutated_text("backslide-position") | st.text(max_size=80))
def test_backslide_positions(text: str) -> None:
    only_puzzle_errors(lambda: parse_position(text))


@FUZZ
@given(st.text(max_size=12) | st.sampled_from(["3-5", "35", "3 5", "7,7"]).flatmap(
    lambda t: st.builds(lambda i, c: t[:i] + c + t[i + 1:], st.integers(0, 3), ODD)))
def test_domino_tiles(text: str) -> None:
    only_puzzle_errors(lambda: parse_tile(text))


@FUZZ
@given(st.sampled_from(["4x4", "torus:4x4", "rhombus:8x8", "hexagon:5", "hexagon:16/17"]).flatmap(
    lambda t: st.builds(lambda i, c: t[:i] + c + t[i + 1:], st.integers(0, len(t)), ODD)),
    st.sampled_from(["square", "hexagon", "triangle"]))
def test_region_names(name: str, kind: str) -> None:
    only_puzzle_errors(lambda: parse_region(name, kind))


@FUZZ
@given(mutated_text("region-text") | mutated_json("region-json").map(json.dumps))
def test_region_files(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.txt"
        path.write_text(text, encoding="utf-8")
        only_puzzle_errors(lambda: read_region_file(path, "square"))


@FUZZ
@given(mutated_json("arrangement"))
def test_arrangements(doc: Any) -> None:
    only_puzzle_errors(lambda: arrangement_from_json(doc, "a.json"))


@FUZZ
@given(mutated_json("dominimum-record") | mutated_json("dominomega-record"))
def test_dominimum_records(doc: Any) -> None:
    only_puzzle_errors(lambda: dominimum_replay(doc))


@FUZZ
@given(mutated_json("dominimum-layout"))
def test_dominimum_layouts(doc: Any) -> None:
    only_puzzle_errors(lambda: Layout.from_json(validate(doc, LayoutDoc, "l").model_dump()))


@FUZZ
@given(mutated_text("numbridge-field-text") | mutated_json("numbridge-field-json").map(json.dumps))
def test_numbridge_fields(text: str) -> None:
    only_puzzle_errors(lambda: Field.parse(text))


@FUZZ
@given(mutated_text("numbridge-record"))
def test_numbridge_records(text: str) -> None:
    only_puzzle_errors(lambda: numbridge_replay(numbridge_record(text)))


@FUZZ
@given(mutated_text("dominions-record") | st.text(max_size=60))
def test_dominions_records(text: str) -> None:
    only_puzzle_errors(lambda: replay_record(parse_record(text)))


@pytest.mark.slow
@DEEP
@given(mutated_json("arrangement") | mutated_json("dominimum-record")
       | mutated_json("dominimum-layout") | mutated_json("region-json"))
def test_json_documents_deep(doc: Any) -> None:
    only_puzzle_errors(lambda: arrangement_from_json(doc, "a.json"))
    only_puzzle_errors(lambda: dominimum_replay(doc))


@pytest.mark.slow
@DEEP
@given(mutated_text("numbridge-record") | mutated_text("dominions-record")
       | mutated_text("backslide-position") | mutated_text("numbridge-field-text"))
def test_text_documents_deep(text: str) -> None:
    only_puzzle_errors(lambda: numbridge_replay(numbridge_record(text)))
    only_puzzle_errors(lambda: replay_record(parse_record(text)))
    only_puzzle_errors(lambda: parse_position(text))
    only_puzzle_errors(lambda: Field.parse(text))
