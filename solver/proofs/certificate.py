"""Stored certificates of unsatisfiability: a CNF, its LRAT proof and the record of the run.

A certificate is three files side by side: ``NAME.cnf.xz`` (the DIMACS formula), ``NAME.lrat.xz``
(the binary LRAT proof) and ``NAME.json`` (what the formula encodes, how to rebuild it, the
formula's digest, the solver, its version, the command, CPU and wall seconds, the load, and the
checker's verdict when it was written). :func:`recheck` reads them back, compares the digest
and runs the checker; the encoding's own tests tie the formula to the question (rebuilding it
gives the same digest).

Examples
--------
>>> import tempfile
>>> from solver.proofs.dimacs import from_clauses
>>> from solver.proofs.lrat import text_to_binary
>>> d = Path(tempfile.mkdtemp())
>>> f = from_clauses(1, [[1], [-1]])
>>> doc = write(d / "tiny", f, text_to_binary("3 0 1 2 0\\n"), {"question": "x and not x"})
>>> recheck(d / "tiny.json").proved
True
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path
from typing import Any

from solver.proofs.dimacs import Formula, dimacs, parse
from solver.proofs.lrat import LratReport, check, check_file


class CertificateError(ValueError):
    """A certificate whose files are missing or do not belong together."""


def _formula_text(formula: Formula) -> str:
    return dimacs(formula.variables, formula.clauses())


def write(stem: Path, formula: Formula, proof: bytes | Path, record: dict[str, Any],
          cnf_text: str | None = None) -> dict[str, Any]:
    """Check the proof, then write ``stem.cnf.xz``, ``stem.lrat.xz`` and ``stem.json``.

    Raises
    ------
    CertificateError
        When the checker rejects the proof (nothing is written then).
    """
    report = check(formula, proof) if isinstance(proof, bytes) else check_file(formula, proof)
    if not report.proved:
        raise CertificateError(f"the proof is not accepted: {report.text()}")
    stem.parent.mkdir(parents=True, exist_ok=True)
    cnf_path = stem.with_name(stem.name + ".cnf.xz")
    proof_path = stem.with_name(stem.name + ".lrat.xz")
    with lzma.open(cnf_path, "wt", preset=6) as fh:
        fh.write(cnf_text if cnf_text is not None else _formula_text(formula))
    with lzma.open(proof_path, "wb", preset=6) as out:
        if isinstance(proof, bytes):
            out.write(proof)
            size = len(proof)
        else:
            size = 0
            with open(proof, "rb") as src:
                while chunk := src.read(1 << 24):
                    out.write(chunk)
                    size += len(chunk)
    doc = dict(record)
    doc.update({
        "claim": "unsatisfiable",
        "cnf": cnf_path.name,
        "cnf_digest": formula.digest(),
        "variables": formula.variables,
        "clauses": formula.clause_count,
        "proof": proof_path.name,
        "proof_format": "LRAT (binary)",
        "proof_bytes": size,
        "checked": {"checker": "solver.proofs.lrat", "lemmas": report.lemmas,
                    "hints": report.hints, "deletions": report.deletions,
                    "cpu_seconds": round(report.seconds, 2)},
    })
    stem.with_name(stem.name + ".json").write_text(json.dumps(doc, indent=1) + "\n")
    return doc


def read_formula(path: Path) -> Formula:
    """The formula of a DIMACS file (``.xz`` decompressed)."""
    if path.suffix == ".xz":
        with lzma.open(path, "rt") as fh:
            return parse(fh.read())
    return parse(path.read_text())


def recheck(record: Path) -> LratReport:
    """Read a certificate's record, its formula (digest compared) and check its proof.

    Raises
    ------
    CertificateError
        A missing file or a formula whose digest differs from the record's.
    """
    doc = json.loads(record.read_text())
    cnf, proof = record.parent / doc["cnf"], record.parent / doc["proof"]
    for p in (cnf, proof):
        if not p.exists():
            raise CertificateError(f"{record.name}: {p.name} is missing")
    formula = read_formula(cnf)
    if formula.digest() != doc["cnf_digest"]:
        raise CertificateError(f"{record.name}: the formula's digest differs from the record")
    return check_file(formula, proof)
