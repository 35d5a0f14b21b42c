"""DIMACS CNF: the formula a certificate is about, as text and as flat arrays.

A formula is stored flat: ``literals`` (every clause's literals, each clause ended by 0) and
the header's variable count. Clause ``k`` (1-based, in file order) is the ``k``-th run of
``literals`` ended by a 0: the clause ids an LRAT proof refers to.

Examples
--------
>>> f = parse("c two clauses\\np cnf 2 2\\n1 -2 0\\n2 0\\n")
>>> f.variables, f.clause_count, f.clauses()
(2, 2, [[1, -2], [2]])
>>> parse(dimacs(2, [[1, -2], [2]])).clauses()
[[1, -2], [2]]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np


class DimacsError(ValueError):
    """A DIMACS text that is not a well-formed CNF; the message names the fault."""


@dataclass(frozen=True)
class Formula:
    """A CNF: the variable count of its header and its clauses, flat (each ended by 0)."""

    variables: int
    literals: np.ndarray  # int32: clause literals, each clause ended by 0

    @property
    def clause_count(self) -> int:
        """The number of clauses."""
        return int(np.count_nonzero(self.literals == 0))

    def clauses(self) -> list[list[int]]:
        """The clauses as lists (small formulas; tests)."""
        out: list[list[int]] = []
        cur: list[int] = []
        for x in self.literals.tolist():
            if x == 0:
                out.append(cur)
                cur = []
            else:
                cur.append(x)
        return out

    def digest(self) -> str:
        """SHA-256 of the clauses (the flat literal array), independent of comments and
        spacing: two files with the same clauses in the same order have the same digest."""
        h = hashlib.sha256(str(self.variables).encode())
        h.update(np.ascontiguousarray(self.literals, dtype="<i4").tobytes())
        return h.hexdigest()


def parse(text: str) -> Formula:
    """The formula of a DIMACS text (``c`` comment lines, one ``p cnf V C`` header).

    Raises
    ------
    DimacsError
        No header, a literal beyond the header's variables, a clause count that differs from
        the header's, a last clause without its 0, or a token that is not an integer.
    """
    header: tuple[int, int] | None = None
    body: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("c") or s.startswith("%"):
            continue
        if s.startswith("p"):
            parts = s.split()
            if header is not None or len(parts) != 4 or parts[1] != "cnf":
                raise DimacsError(f"line {number}: bad header {s!r}")
            try:
                header = (int(parts[2]), int(parts[3]))
            except ValueError:
                raise DimacsError(f"line {number}: bad header {s!r}") from None
            continue
        if header is None:
            raise DimacsError(f"line {number}: clause before the 'p cnf' header")
        body.append(s)
    if header is None:
        raise DimacsError("no 'p cnf' header")
    try:
        lits = np.array(" ".join(body).split(), dtype=np.int64)
    except ValueError:
        raise DimacsError("a token that is not an integer") from None
    variables, count = header
    if lits.size and lits[-1] != 0:
        raise DimacsError("the last clause has no terminating 0")
    if lits.size and int(np.abs(lits).max()) > variables:
        raise DimacsError(f"a literal beyond the header's {variables} variables")
    formula = Formula(variables, lits.astype(np.int32))
    if formula.clause_count != count:
        raise DimacsError(f"the header says {count} clauses, the file has "
                          f"{formula.clause_count}")
    return formula


def from_clauses(variables: int, clauses: Iterable[Sequence[int]]) -> Formula:
    """The formula of a clause list (``variables`` at least every literal's variable)."""
    flat: list[int] = []
    for c in clauses:
        flat.extend(c)
        flat.append(0)
    lits = np.array(flat, dtype=np.int32)
    if lits.size and int(np.abs(lits).max()) > variables:
        raise DimacsError(f"a literal beyond the {variables} variables")
    return Formula(variables, lits)


def dimacs(variables: int, clauses: Iterable[Sequence[int]], comment: str = "") -> str:
    """The DIMACS text of the clauses (one comment line per line of ``comment``)."""
    body = [" ".join(map(str, c)) + " 0" for c in clauses]
    head = [f"c {line}" for line in comment.splitlines()]
    return "\n".join([*head, f"p cnf {variables} {len(body)}", *body]) + "\n"
