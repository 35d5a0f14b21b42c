"""The LRAT checker on known formulas: real proofs accepted, corrupted ones refused.

Unsatisfiable: pigeonhole formulas and random 3-SAT far above the threshold, proofs written
by CaDiCaL 1.9.5. Satisfiable: the same formulas with one clause weakened to a tautology (the
clause ids stay), checked satisfiable with a solver first; no proof may pass there, so every
corruption of a real proof is tried against them too.
"""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

import solver.proofs.certificate
import solver.proofs.dimacs
import solver.proofs.lrat
from solver.proofs.cadical import SAT, UNKNOWN, UNSAT, solve
from solver.proofs.dimacs import DimacsError, dimacs, from_clauses, parse
from solver.proofs.lrat import check, check_file, text_to_binary


def _random_3sat(n: int, m: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), 3)] for _ in range(m)]


def _proof(clauses: list[list[int]], path: Path) -> bytes:
    run = solve(clauses, proof=path)
    assert run.status == UNSAT and run.proof == path
    return path.read_bytes()


def _steps(proof: bytes) -> list[bytes]:
    """Split a binary LRAT proof into its steps."""
    out, i = [], 0
    while i < len(proof):
        j, zeros = i + 1, 0
        need = 2 if proof[i] == ord("a") else 1
        # skip the id (added clauses), then count the list ends (a byte 0 that is not inside a
        # varint: varint bytes >= 128 continue, so a 0 byte always ends a list)
        if need == 2:
            while proof[j] >= 128:
                j += 1
            j += 1
        while zeros < need:
            if proof[j] == 0:
                zeros += 1
            j += 1
        out.append(proof[i:j])
        i = j
    return out


def _lemma(step: bytes) -> tuple[int, list[int], list[int]]:
    """(id, literals, hints) of a binary 'a' step."""
    nums, cur, shift = [], 0, 0
    for b in step[1:]:
        cur |= (b & 127) << shift
        if b >= 128:
            shift += 7
            continue
        nums.append(cur)
        cur, shift = 0, 0
    cid = nums[0] >> 1
    z = nums.index(0, 1)
    lits = [(u >> 1) * (-1 if u & 1 else 1) for u in nums[1:z]]
    hints = [u >> 1 for u in nums[z + 1:-1]]
    return cid, lits, hints


def _encode(cid: int, lits: list[int], hints: list[int]) -> bytes:
    text = f"{cid} {' '.join(map(str, lits))} 0 {' '.join(map(str, hints))} 0\n"
    return text_to_binary(text.replace("  ", " "))


@pytest.fixture(scope="module")
def php5(tmp_path_factory: pytest.TempPathFactory) -> tuple[PHP, bytes]:
    cnf = PHP(5)
    return cnf, _proof(cnf.clauses, tmp_path_factory.mktemp("p") / "php5.lrat")


def _weakened(clauses: list[list[int]], i: int) -> list[list[int]]:
    """Clause i replaced by a tautology on its first variable (ids unchanged)."""
    v = abs(clauses[i][0])
    return [*clauses[:i], [v, -v], *clauses[i + 1:]]


@pytest.mark.parametrize("n", [2, 3, 4, 6, 7])
def test_pigeonhole_proofs_are_accepted(n: int, tmp_path: Path) -> None:
    cnf = PHP(n)
    report = check(from_clauses(cnf.nv, cnf.clauses), _proof(cnf.clauses, tmp_path / "p"))
    assert report.proved, report.text()
    assert report.lemmas > 0 and report.hints >= report.lemmas


@pytest.mark.parametrize("seed", range(6))
def test_random_unsatisfiable_3sat_proofs_are_accepted(seed: int, tmp_path: Path) -> None:
    clauses = _random_3sat(40, 320, seed)  # ratio 8: unsatisfiable with these seeds
    report = check(from_clauses(40, clauses), _proof(clauses, tmp_path / "p"))
    assert report.proved, report.text()


def test_a_satisfiable_formula_gets_a_model_and_no_proof(tmp_path: Path) -> None:
    clauses = _random_3sat(40, 120, 1)  # ratio 3: satisfiable
    run = solve(clauses, proof=tmp_path / "p")
    assert run.status == SAT and run.proof is None and not (tmp_path / "p").exists()
    assert run.model is not None
    true = set(run.model)
    assert all(any(x in true for x in c) for c in clauses)


def test_the_cpu_limit_gives_unknown(tmp_path: Path) -> None:
    run = solve(PHP(11).clauses, proof=tmp_path / "p", cpu_limit=0.5)
    assert run.status == UNKNOWN and run.proof is None and run.cpu < 30


def test_every_weakened_pigeonhole_formula_refuses_the_proof(php5: tuple[PHP, bytes]) -> None:
    cnf, proof = php5
    refused = 0
    for i in range(len(cnf.clauses)):
        weak = _weakened(cnf.clauses, i)
        with Solver(name="minisat22", bootstrap_with=weak) as s:
            assert s.solve()  # pigeonhole minus any clause is satisfiable
        report = check(from_clauses(cnf.nv, weak), proof)
        assert not report.proved, i
        refused += 1
    assert refused == len(cnf.clauses) == 6 + 5 * 15  # 6 pigeons, 5 holes


def test_corrupted_proofs_never_pass_on_satisfiable_formulas(php5: tuple[PHP, bytes]) -> None:
    """Random byte changes, dropped and repeated steps: on a satisfiable formula nothing may be
    accepted, so each mutation is judged there; on the original formula most are refused."""
    cnf, proof = php5
    rng = random.Random(7)
    steps = _steps(proof)
    assert b"".join(steps) == proof
    weak = from_clauses(cnf.nv, _weakened(cnf.clauses, 3))
    strong = from_clauses(cnf.nv, cnf.clauses)
    refused_on_original = 0
    for trial in range(300):
        kind = trial % 3
        if kind == 0:
            data = bytearray(proof)
            data[rng.randrange(len(data))] = rng.randrange(256)
            mutated = bytes(data)
        elif kind == 1:
            drop = rng.randrange(len(steps))
            mutated = b"".join(s for k, s in enumerate(steps) if k != drop)
        else:
            k = rng.randrange(len(steps))
            mutated = b"".join([*steps[:k], steps[rng.randrange(len(steps))], *steps[k:]])
        assert not check(weak, mutated).proved, trial
        refused_on_original += not check(strong, mutated).proved
    assert refused_on_original > 150


def test_a_dropped_hint_is_refused_at_its_lemma(php5: tuple[PHP, bytes]) -> None:
    cnf, proof = php5
    f = from_clauses(cnf.nv, cnf.clauses)
    steps = _steps(proof)
    lemmas = [k for k, s in enumerate(steps) if s[:1] == b"a"]
    for k in lemmas[:20]:
        cid, lits, hints = _lemma(steps[k])
        mutated = b"".join([*steps[:k], _encode(cid, lits, hints[:-1]), *steps[k + 1:]])
        report = check(f, mutated)
        assert not report.proved and report.step_id == cid, (cid, report)


def test_a_lemma_with_a_flipped_literal_is_refused_or_still_implied(
        php5: tuple[PHP, bytes]) -> None:
    cnf, proof = php5
    f = from_clauses(cnf.nv, cnf.clauses)
    steps = _steps(proof)
    refused = 0
    for k, s in enumerate(steps):
        if s[:1] != b"a":
            continue
        cid, lits, hints = _lemma(s)
        if not lits:
            continue
        flipped = [-lits[0], *lits[1:]]
        report = check(f, b"".join([*steps[:k], _encode(cid, flipped, hints), *steps[k + 1:]]))
        refused += not report.proved
    assert refused >= 50


def test_deleting_a_clause_a_hint_needs_is_refused(php5: tuple[PHP, bytes]) -> None:
    cnf, proof = php5
    steps = _steps(proof)
    k = next(k for k, s in enumerate(steps) if s[:1] == b"a")
    cid, _lits, hints = _lemma(steps[k])
    delete = text_to_binary(f"{cid - 1} d {hints[0]} 0\n")
    report = check(from_clauses(cnf.nv, cnf.clauses), b"".join([*steps[:k], delete, *steps[k:]]))
    assert not report.proved and "not active" in (report.reason or "")


def test_a_cut_proof_and_a_proof_without_the_empty_clause_are_refused(
        php5: tuple[PHP, bytes]) -> None:
    cnf, proof = php5
    f = from_clauses(cnf.nv, cnf.clauses)
    steps = _steps(proof)
    assert "never adds" in (check(f, b"".join(steps[:-1])).reason or "")
    assert "cut" in (check(f, proof[:-1]).reason or "")
    assert not check(f, b"").proved


def test_chunk_boundaries_do_not_matter(php5: tuple[PHP, bytes]) -> None:
    cnf, proof = php5
    f = from_clauses(cnf.nv, cnf.clauses)
    whole = check(f, proof)
    for size in (1, 2, 3, 7, 64):
        pieces = [proof[i:i + size] for i in range(0, len(proof), size)]
        part = check(f, lambda pieces=pieces: pieces)  # type: ignore[misc]
        assert part.proved and (part.lemmas, part.hints) == (whole.lemmas, whole.hints)


def test_lemmas_derived_while_clauses_are_added_take_ids_between_the_originals(
        tmp_path: Path) -> None:
    """A unit among the first clauses makes CaDiCaL derive lemmas as later clauses arrive;
    their ids sit between the originals' (found by ``early_lemma_ids``)."""
    from solver.proofs.lrat import early_lemma_ids

    php = PHP(5)
    clauses = [[-1, 31], [1], [-31, 32], *php.clauses, [-32, 33]]
    proof = _proof(clauses, tmp_path / "p")
    early = early_lemma_ids([proof], len(clauses))
    assert early and early[0] < len(clauses)
    f = from_clauses(33, clauses)
    assert check(f, proof).proved
    steps = _steps(proof)
    # a lemma later in the proof given an original's id is refused
    k = max(k for k, st in enumerate(steps) if st[:1] == b"a")
    _cid, lits, hints = _lemma(steps[k])
    taken = next(i for i in range(len(clauses), 0, -1) if i not in early)
    clash = b"".join([*steps[:k], _encode(taken, lits, hints), *steps[k + 1:]])
    assert "taken" in (check(f, clash).reason or "")


def test_small_text_proofs_by_hand() -> None:
    # (a or b), (a or not b), (not a or b), (not a or not b)
    f = from_clauses(2, [[1, 2], [1, -2], [-1, 2], [-1, -2]])
    good = "5 1 0 1 2 0\n6 0 5 3 4 0\n"
    assert check(f, text_to_binary(good)).proved
    # lemma 5 "a" needs clauses 1 and 2; with 1 and 3 the second is satisfied: not unit
    assert "neither unit" in (check(f, text_to_binary("5 1 0 1 3 0\n")).reason or "")
    # a RAT step (negative hint) is refused
    assert "RAT" in (check(f, text_to_binary("5 1 0 -3 1 2 0\n")).reason or "")
    # ids must grow; a literal beyond the variables is refused
    assert "taken" in (check(f, text_to_binary("5 1 0 1 2 0\n5 1 0 1 2 0\n")).reason or "")
    assert "taken" in (check(f, text_to_binary("6 1 0 1 2 0\n5 1 0 1 2 0\n")).reason or "")
    assert "variable" in (check(f, text_to_binary("5 3 0 1 0\n")).reason or "")
    # a hint to a later clause, to a deleted one
    assert "not active" in (check(f, text_to_binary("5 1 0 9 2 0\n")).reason or "")
    assert "not active" in (check(f, text_to_binary("4 d 1 0\n5 1 0 1 2 0\n")).reason or "")
    # the empty clause without hints
    assert "without a conflict" in (check(f, text_to_binary("5 0 0\n")).reason or "")
    # a tautology is accepted with no hints (it is implied by anything)
    assert check(f, text_to_binary("5 1 -1 0 0\n6 1 0 1 2 0\n7 0 6 3 4 0\n")).proved


def test_the_empty_clause_in_the_formula_needs_no_proof() -> None:
    assert check(from_clauses(1, [[1], []]), b"").proved


def test_dimacs_round_trip_and_errors() -> None:
    clauses = _random_3sat(10, 30, 2)
    f = parse(dimacs(10, clauses, "a comment\nsecond line"))
    assert f.clauses() == clauses and f.variables == 10
    assert f.digest() == from_clauses(10, clauses).digest()
    assert f.digest() != from_clauses(10, clauses[::-1]).digest()
    for bad, says in [("1 0\n", "header"), ("p cnf 1 1\n2 0\n", "beyond"),
                      ("p cnf 1 2\n1 0\n", "header says"), ("p cnf 1 1\n1\n", "terminating"),
                      ("p cnf 1 1\nx 0\n", "integer")]:
        with pytest.raises(DimacsError, match=says):
            parse(bad)


def test_a_stored_certificate_is_rechecked_and_its_digest_guarded(tmp_path: Path) -> None:
    from solver.proofs.certificate import CertificateError, recheck, write

    cnf = PHP(4)
    f = from_clauses(cnf.nv, cnf.clauses)
    proof = _proof(cnf.clauses, tmp_path / "p.lrat")
    write(tmp_path / "php4", f, tmp_path / "p.lrat", {"question": "PHP 4"})
    assert recheck(tmp_path / "php4.json").proved
    # a record whose formula was changed is refused before the proof is read
    import lzma

    with lzma.open(tmp_path / "php4.cnf.xz", "wt") as fh:
        fh.write(dimacs(cnf.nv, [*cnf.clauses[:-1], [1]]))
    with pytest.raises(CertificateError, match="digest"):
        recheck(tmp_path / "php4.json")
    # a rejected proof writes nothing
    with pytest.raises(CertificateError):
        write(tmp_path / "bad", f, proof[:-3], {})
    assert not (tmp_path / "bad.json").exists()
    assert check_file(f, tmp_path / "p.lrat").proved


@pytest.mark.parametrize("module", [solver.proofs.dimacs, solver.proofs.lrat,
                                    solver.proofs.certificate])
def test_docstring_examples(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_20_megabyte_pigeonhole_proof_is_checked_in_seconds(tmp_path: Path) -> None:
    """PHP(9): about 20 MB of binary LRAT, 300,000 lemmas; checked in about 3 s here."""
    cnf = PHP(9)
    path = tmp_path / "p"
    _proof(cnf.clauses, path)
    assert path.stat().st_size > 10_000_000
    report = check_file(from_clauses(cnf.nv, cnf.clauses), path)
    assert report.proved and report.lemmas > 100_000 and report.seconds < 120


def test_a_solver_that_fails_is_unknown_with_a_reason() -> None:
    run = solve([[1], [-1]], solver="no-such-solver")
    assert run.status == UNKNOWN and "without an answer" in run.note
