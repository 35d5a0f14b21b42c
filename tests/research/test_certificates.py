"""Every stored certificate of "no StarMap on this board" re-checked: the formula rebuilt from
its question has the stored digest (so the proof is about that question), and the LRAT checker
accepts the stored proof. Proofs that take more than a minute to check run in the slow run:
``python3 -m pytest -m slow tests/research/test_certificates.py``.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from solver.proofs.certificate import recheck
from solver.proofs.dimacs import from_clauses
from solver.research.starmap import StarMapSpec

ROOT = Path(__file__).resolve().parents[2]
def _is_certificate(path: Path) -> bool:
    doc = json.loads(path.read_text())
    return isinstance(doc, dict) and doc.get("claim") == "unsatisfiable"


RECORDS = sorted(p for folder in (ROOT / "docs" / "results", ROOT / "tests" / "data" / "proofs")
                 for p in folder.glob("*.json") if _is_certificate(p))
#: proofs larger than this (bytes, uncompressed) are checked in the slow run only
QUICK = 200_000_000


def _params() -> list[object]:
    out: list[object] = []
    for p in RECORDS:
        big = json.loads(p.read_text())["proof_bytes"] > QUICK
        out.append(pytest.param(p, id=p.stem, marks=[pytest.mark.slow] if big else []))
    return out


def test_there_are_certificates() -> None:
    assert any(p.parent.name == "proofs" for p in RECORDS)


def _rebuilt_digest(doc: dict[str, object]) -> str:
    """The digest of the formula rebuilt by the record's builder from its arguments."""
    encoding = doc["encoding"]
    assert isinstance(encoding, dict)
    module, _, name = encoding["builder"].partition(":")
    variables, clauses = getattr(importlib.import_module(module), name)(**encoding["args"])
    return from_clauses(variables, clauses).digest()


@pytest.mark.parametrize("record", _params())
def test_certificate_proof_is_accepted(record: Path) -> None:
    doc = json.loads(record.read_text())
    report = recheck(record)
    assert report.proved, report.text()
    assert report.lemmas == doc["checked"]["lemmas"]


@pytest.mark.parametrize("record", [p for p in RECORDS if "starmap" in
                                    json.loads(p.read_text())["encoding"]["builder"]])
def test_starmap_certificate_is_about_its_question(record: Path) -> None:
    """Rebuilding the formula from the recorded question gives the stored digest."""
    doc = json.loads(record.read_text())
    assert _rebuilt_digest(doc) == doc["cnf_digest"]
    assert StarMapSpec(**doc["encoding"]["args"]).command() == doc["question"]


@pytest.mark.slow
@pytest.mark.parametrize("record", [p for p in RECORDS if "hexagon2" in
                                    json.loads(p.read_text())["encoding"]["builder"]])
def test_hexagon2_certificate_is_about_its_question(record: Path) -> None:
    """The hexagon2 coset formulas take about a minute to rebuild (block sides, the split)."""
    doc = json.loads(record.read_text())
    assert _rebuilt_digest(doc) == doc["cnf_digest"]
