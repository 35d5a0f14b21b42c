"""The life of each group and the proved eyes by oscillation, as the analysis reports them.

A group's ``status`` is one of (``docs/dominions.md``, "Life and death"):

- ``pass-alive``: proved; the opponent cannot capture it even if its owner never answers
  (this is what "lives unconditionally" means everywhere in the project: the analysis, the
  ``live`` puzzles, the demo);
- ``alive with answers``: not pass-alive, but proved to survive when its owner answers every
  placement (one answer deep, each answer leading to a pass-alive group);
- ``killable``: the opponent captures it if its owner never answers (the sequence is the
  witness), and no answering defence was proved within the budget;
- ``unknown``: the prover's budget ran out.

Examples
--------
>>> from puzzles.dominions import Position
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [8]})
>>> group_life(pos, pos.board.cell_index("c3")).status
'pass-alive'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.dominions import Position
from solver.dominions.life import Verdict, fill_status, pass_status
from solver.dominions.life_answers import AnswerVerdict, answer_status

STATUSES = ("pass-alive", "alive with answers", "killable", "unknown")


@dataclass(frozen=True)
class LifeBudget:
    """The prover's budget per question: deterministic CP-SAT seconds for a group's
    pass-alive question and for a cell's, prover calls for the answer search (0: skip it).
    Reproducible on any machine."""

    group: float = 1.0
    cell: float = 0.5
    answer_calls: int = 20
    answer_leaf: float = 0.2


@dataclass(frozen=True)
class GroupLife:
    """A group's verdicts: ``passing`` (the owner never answers), ``answers`` (the owner
    answers; None when not searched) and the combined ``status``."""

    passing: Verdict
    answers: AnswerVerdict | None

    @property
    def status(self) -> str:
        """One of ``STATUSES``."""
        if self.passing.status == "pass-alive":
            return "pass-alive"
        if self.passing.status == "unknown":
            return "unknown"
        if self.answers is not None and self.answers.status == "alive-with-answers":
            return "alive with answers"
        return "killable"

    def to_json(self, pos: Position) -> dict[str, Any]:
        """JSON-ready: status, the pass-alive verdict, the answer search."""
        return {"status": self.status, "pass": self.passing.to_json(pos),
                "answers": None if self.answers is None else self.answers.to_json(pos)}


def group_life(pos: Position, cell: int, budget: LifeBudget | None = None) -> GroupLife:
    """The verdicts on the group on ``cell``."""
    b = budget or LifeBudget()
    passing = pass_status(pos, cell, b.group)
    answers = None
    if passing.status == "killable" and b.answer_calls > 0:
        answers = answer_status(pos, cell, calls=b.answer_calls, leaf=b.answer_leaf)
    return GroupLife(passing, answers)


def oscillation_eye_proof(pos: Position, cell: int, owner: int,
                          budget: LifeBudget | None = None) -> Verdict:
    """Can the opponent of ``owner`` ever fill ``cell`` (a liberty of an ``owner`` group
    where every fitting piece of the opponent oscillates now)? ``unfillable`` proves an eye
    by oscillation of ``owner`` while he passes; every ``owner`` group with a liberty there
    is then pass-alive."""
    b = budget or LifeBudget()
    return fill_status(pos, cell, 1 - owner, b.cell)
