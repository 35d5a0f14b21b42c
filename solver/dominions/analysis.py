"""Analysis of a Dominions position: groups, liberties, sections, atari, what fits every vacant
cell, eyes of both kinds, eye quality and life, following the seed (``000``).

Definitions (seed; reference ``dominions.md``; ``docs/dominions.md``, "Life and death"). X is
a player, Y his opponent.

- **Liberties** are beams: "the liberties of a group are the beams that border on vacant
  cells". Two beams of one group into the same vacant cell are two liberties. A group is in
  **atari** when it has exactly one liberty beam and is not pass-alive. Legality only needs
  "none" against "at least one", so the rules (``Position``) are unaffected.
- An **eye** of X (permanent) is a vacant cell where an X group has a liberty and for which Y
  holds no matching piece. Hands only shrink and a cell's constraints only grow, so Y can
  never fill it: **this holds for all future play**.
- An **eye by oscillation** of X is a vacant cell where an X group has a liberty and Y holds
  matching pieces, each of which would oscillate now (``oscillation_now``); it is **proved**
  (``oscillation_eyes``) when the prover shows that Y can never fill it while X passes.
  The seed's two-sided eye by oscillation is a cell that is one for both players.
- **Eye quality** (the seed's example): a cell both players can fill where every legal filling,
  by either player, captures and leaves the new group with one liberty (beam). A plain
  (non-capturing) or suicide filling spoils it. Per player, ``eye_quality_by_player[X]`` lists
  the cells where X can fill and every legal X filling is such a capture; the seed's cells are
  those in both lists; ``eye_quality_reasons`` says why, cell by cell. **Only now**.
- A group's **status** comes from the life-and-death prover (``solver.dominions.life``):
  ``pass-alive`` (it lives unconditionally: the opponent cannot capture it even if its owner
  never answers), ``alive with answers``, ``killable`` (with the opponent's sequence) or
  ``unknown``. ``alive`` is ``status == "pass-alive"``.

Groups and sections come from the networkx reference (``solver.dominions.graphs``); legality
of each placement comes from the rules (``Position``); the liberties a capture leaves are counted on
the position after the capture by a plain walk over beams.

Examples
--------
>>> from puzzles.dominions import replay
>>> a = analyse(replay("W[P63i9];B[P55h8]"))
>>> a.legal_counts["W"] > 0, a.score
(True, {'W': -61, 'B': -61})
>>> [g.life.status for g in a.groups if g.life is not None]
['killable', 'killable']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from puzzles.dominions import COLOUR_LETTERS, Move, Position
from puzzles.dominions.board import fitting_mask, mask_pieces
from solver.dominions.graphs import GroupView, beam_graph, groups, sections
from solver.dominions.life import Verdict
from solver.dominions.life_report import GroupLife, LifeBudget, group_life, oscillation_eye_proof

SCOPE = {
    "eyes": "all future play: the opponent never again holds a matching piece "
            "(only the owner can fill the cell)",
    "status": "pass-alive: every continuation in which the owner passes (proved); "
              "alive with answers: the owner answers every placement (proved one answer "
              "deep); killable: the opponent's sequence captures if the owner passes",
    "oscillation_eyes": "every continuation in which the owner passes (proved)",
    "oscillation_now": "now",
    "eye_quality": "now",
    "atari": "now",
    "liberties": "now",
}


@dataclass
class CellReport:
    """What can happen on one vacant cell, per player letter.

    ``capture_liberties`` lists the liberty beams of the group each legal capturing filling
    forms; ``plain`` and ``suicide`` list the legal fillings that capture nothing.
    """

    cell: int
    fitting: list[int]
    held: dict[str, list[int]]
    legal: dict[str, list[int]]
    oscillating: dict[str, list[int]]
    capture_liberties: dict[str, list[int]]
    plain: dict[str, list[int]] = field(default_factory=dict)
    suicide: dict[str, list[int]] = field(default_factory=dict)

    def poor_captures_only(self, letter: str) -> bool:
        """True when ``letter`` can fill the cell and every legal filling is a capture that
        leaves the new group exactly one liberty."""
        caps = self.capture_liberties[letter]
        return bool(self.legal[letter]) and len(caps) == len(self.legal[letter]) \
            and all(n == 1 for n in caps)


STATUS_LETTERS = {"pass-alive": "P", "alive with answers": "A", "killable": "K",
                  "unknown": "?"}  # the letter of each proved status on a board picture


@dataclass
class GroupReport:
    """A group with its liberties, eyes and life (``life`` is None when not computed)."""

    view: GroupView
    atari: bool
    eyes: list[int]
    oscillation_eyes: list[int] = field(default_factory=list)
    life: GroupLife | None = None

    @property
    def liberties(self) -> int:
        """The liberty count: beams bordering on vacant cells."""
        return len(self.view.beams)

    @property
    def alive(self) -> bool:
        """Proved to live unconditionally (pass-alive): by the prover, or without it by an
        own eye or a proved eye by oscillation."""
        if self.life is not None:
            return self.life.status == "pass-alive"
        return bool(self.eyes or self.oscillation_eyes)

    @property
    def status(self) -> str:
        """The prover's status, or ``not analysed``."""
        return self.life.status if self.life is not None else "not analysed"

    def status_text(self, pos: Position) -> str:
        """The status in a few words: the reason of a proof, the first moves of a kill
        (move names on ``pos``, the analysed position)."""
        life = self.life
        if life is None:
            return "atari" if self.atari else ""
        if life.status == "pass-alive":
            return f"pass-alive ({life.passing.reason})"
        if life.status == "killable":
            seq = [pos.move_text(m) for m in life.passing.sequence]
            shown = " ".join(seq[:3]) + (" ..." if len(seq) > 3 else "")
            return f"killable: {shown}" + (" (atari)" if self.atari else "")
        if life.status == "alive with answers":
            return "alive with answers"
        return f"unknown ({life.passing.reason})"


@dataclass
class Analysis:
    """Everything ``solver dominions analyse`` reports about a position."""

    position: Position
    groups: list[GroupReport]
    sections: list[frozenset[int]]
    cells: dict[int, CellReport]
    eyes: dict[str, list[int]]
    oscillation_eyes: dict[str, list[int]]
    eye_quality: list[int]
    eye_quality_by_player: dict[str, list[int]]
    legal_counts: dict[str, int]
    score: dict[str, int]
    notes: list[str] = field(default_factory=list)
    oscillation_now: dict[str, dict[int, Verdict | None]] = field(default_factory=dict)
    eye_quality_reasons: dict[str, dict[int, str]] = field(default_factory=dict)

    @property
    def oscillation_cells(self) -> list[int]:
        """Cells that are a proved eye by oscillation of either player."""
        return sorted(set(self.oscillation_eyes["W"]) | set(self.oscillation_eyes["B"]))

    def to_json(self) -> dict[str, Any]:
        """The stable JSON document of the analysis (cells by name)."""
        name = self.position.board.name

        def names(cells: Iterable[int]) -> list[str]:
            return sorted((name(c) for c in cells), key=_name_key)

        def beams(view: GroupView) -> list[dict[str, Any]]:
            nb = self.position.board.neighbours
            out = [{"cell": name(c), "direction": d, "to": name(nb[c][d.bit_length() - 1])}
                   for c, d in view.beams]
            return sorted(out, key=lambda b: (_name_key(b["cell"]), b["direction"]))

        pos = self.position

        def now(verdicts: dict[int, Verdict | None]) -> dict[str, Any]:
            return {name(c): None if v is None else v.to_json(pos)
                    for c, v in sorted(verdicts.items(), key=lambda kv: _name_key(name(kv[0])))}

        return {
            "moves_played": len(self.position.moves),
            "to_move": COLOUR_LETTERS[self.position.to_move],
            "score": self.score,
            "legal_moves": self.legal_counts,
            "groups": [
                {"colour": COLOUR_LETTERS[g.view.colour], "cells": names(g.view.cells),
                 "liberties": g.liberties, "liberty_beams": beams(g.view),
                 "liberty_cells": names(g.view.liberties), "status": g.status,
                 "alive": g.alive, "atari": g.atari, "eyes": names(g.eyes),
                 "oscillation_eyes": names(g.oscillation_eyes),
                 "life": None if g.life is None else g.life.to_json(pos)}
                for g in self.groups
            ],
            "sections": [names(s) for s in self.sections],
            "atari": [names(g.view.cells) for g in self.groups if g.atari],
            "eyes": {k: names(v) for k, v in self.eyes.items()},
            "oscillation_eyes": {k: names(v) for k, v in self.oscillation_eyes.items()},
            "oscillation_now": {k: now(v) for k, v in self.oscillation_now.items()},
            "eye_quality": names(self.eye_quality),
            "eye_quality_by_player": {k: names(v)
                                      for k, v in self.eye_quality_by_player.items()},
            "eye_quality_reasons": {k: {name(c): r for c, r in sorted(
                v.items(), key=lambda kv: _name_key(name(kv[0])))}
                for k, v in self.eye_quality_reasons.items()},
            "scope": SCOPE,
            "cells": {
                name(c): {"fitting": r.fitting, "held": r.held, "legal": r.legal,
                          "oscillating": r.oscillating, "plain": r.plain,
                          "suicide": r.suicide, "capture_liberties": r.capture_liberties}
                for c, r in sorted(self.cells.items())
            },
        }


def _name_key(n: str) -> tuple[str, int]:
    return (n[0], int(n[1:]))


def frontier(pos: Position) -> list[int]:
    """Vacant cells next to a piece (every vacant cell on an empty board)."""
    empty = not pos.occupied
    return [i for i in range(len(pos.board))
            if pos.piece[i] < 0 and (empty or pos.occupied_neighbours[i] > 0)]


def group_beam_liberties(pos: Position, cell: int) -> int:
    """The liberty beams of the group on ``cell``: a plain walk over same-coloured beam links.

    Parameters
    ----------
    pos : Position
    cell : int
        An occupied cell.

    Returns
    -------
    int
        The number of the group's beams that border on vacant cells.
    """
    nb = pos.board.neighbours
    colour = pos.owner[cell]
    seen = {cell}
    stack = [cell]
    count = 0
    while stack:
        i = stack.pop()
        for k in range(6):
            if not pos.piece[i] >> k & 1:
                continue
            j = nb[i][k]
            if pos.piece[j] < 0:
                count += 1
            elif pos.owner[j] == colour and pos.piece[j] >> ((k + 3) % 6) & 1 \
                    and j not in seen:
                seen.add(j)
                stack.append(j)
    return count


def cell_report(pos: Position, cell: int) -> CellReport:
    """Fitting pieces of ``cell``, who holds them, and the outcome of each held one."""
    fit = fitting_mask(pos.must_beam[cell], pos.must_blank[cell])
    rep = CellReport(cell, mask_pieces(fit), {}, {}, {}, {}, {}, {})
    for c, letter in enumerate(COLOUR_LETTERS):
        held = mask_pieces(fit & pos.hands[c])
        rep.held[letter] = held
        for d in (rep.legal, rep.oscillating, rep.capture_liberties, rep.plain, rep.suicide):
            d[letter] = []
        if pos.is_over():
            continue
        for p in held:
            move = Move(cell, p)
            out = pos.outcome(move, c)
            if out.status == "legal":
                rep.legal[letter].append(p)
                if out.flipped and not out.suicide:
                    rep.capture_liberties[letter].append(_capture_beams(pos, move, c))
                elif out.suicide:
                    rep.suicide[letter].append(p)
                else:
                    rep.plain[letter].append(p)
            elif out.status == "oscillation":
                rep.oscillating[letter].append(p)
    return rep


def _capture_beams(pos: Position, move: Move, colour: int) -> int:
    """Liberty beams of the group a legal capture of ``colour`` forms (played and undone)."""
    mover = pos.to_move
    pos.to_move = colour
    try:
        pos.push(move)
        try:
            return group_beam_liberties(pos, move.cell)
        finally:
            pos.pop()
    finally:
        pos.to_move = mover


def quality_reason(rep: CellReport, letter: str) -> str:
    """Why ``letter``'s fillings of the cell have eye quality (or what spoils it)."""
    legal = rep.legal[letter]
    if not legal:
        return "no legal filling"
    parts = []
    if rep.plain[letter]:
        parts.append("plain filling " + ", ".join(f"P{p}" for p in rep.plain[letter]))
    if rep.suicide[letter]:
        parts.append("suicide " + ", ".join(f"P{p}" for p in rep.suicide[letter]))
    caps = [p for p in legal if p not in rep.plain[letter] and p not in rep.suicide[letter]]
    more = [f"P{p}" for p, n in zip(caps, rep.capture_liberties[letter], strict=True) if n != 1]
    if more:
        parts.append("capture keeping more than one liberty: " + ", ".join(more))
    if parts:
        return "spoiled: " + "; ".join(parts)
    return ("every legal filling (" + ", ".join(f"P{p}" for p in legal)
            + ") captures and leaves the new group one liberty beam")


def analyse(pos: Position, life: bool = True, budget: LifeBudget | None = None, *,
            every_group: bool = True, oscillation: bool = True) -> Analysis:
    """The full analysis of ``pos`` (see the module docstring for the definitions);
    ``life`` runs the life-and-death prover on every group and on every eye by oscillation,
    within ``budget`` (deterministic: the same answers on any machine).

    A narrower ``life`` (for one board layer): ``every_group=False`` proves only the groups
    with one liberty beam (what ``atari`` needs; the others keep ``life`` None and
    ``status`` "not analysed"), ``oscillation=False`` skips the eyes by oscillation (none is
    then proved). ``atari`` is the same as in the full analysis either way.

    Complexity: O(vacant frontier cells x 63) outcome checks plus the graph computations,
    plus the prover's budget per group.
    """
    g = beam_graph(pos)
    views = groups(pos, g)
    cells = {c: cell_report(pos, c) for c in frontier(pos)}
    eyes: dict[str, list[int]] = {"W": [], "B": []}
    osc_now: dict[str, dict[int, Verdict | None]] = {"W": {}, "B": {}}
    lib_owners: dict[int, set[int]] = {}
    for v in views:
        for c in v.liberties:
            lib_owners.setdefault(c, set()).add(v.colour)
    for c, owners in sorted(lib_owners.items()):
        rep = cells[c]
        for x in sorted(owners):
            y = COLOUR_LETTERS[1 - x]
            if not rep.held[y]:
                eyes[COLOUR_LETTERS[x]].append(c)
            elif len(rep.oscillating[y]) == len(rep.held[y]):
                osc_now[COLOUR_LETTERS[x]][c] = (
                    oscillation_eye_proof(pos, c, x, budget) if life and oscillation
                    else None)
    osc = {k: [c for c, v in sorted(d.items()) if v is not None and v.status == "unfillable"]
           for k, d in osc_now.items()}
    by_player = {k: [c for c, r in sorted(cells.items()) if r.poor_captures_only(k)]
                 for k in COLOUR_LETTERS}
    quality = sorted(set(by_player["W"]) & set(by_player["B"]))
    reasons = {k: {c: quality_reason(cells[c], k) for c in v} for k, v in by_player.items()}
    reports = []
    for v in views:
        letter = COLOUR_LETTERS[v.colour]
        own = sorted(c for c in v.liberties if c in eyes[letter])
        own_osc = sorted(c for c in v.liberties if c in osc[letter])
        proved = life and (every_group or len(v.beams) == 1)
        verdict = group_life(pos, min(v.cells), budget) if proved else None
        report = GroupReport(v, False, own, own_osc, verdict)
        report.atari = len(v.beams) == 1 and not report.alive
        reports.append(report)
    counts = {"W": 0, "B": 0}
    if not pos.is_over():
        for c, letter in enumerate(COLOUR_LETTERS):
            counts[letter] = sum(1 for _, out in pos.placements(c) if out.status == "legal")
    w, b = pos.score()
    return Analysis(pos, reports, sections(pos, g), cells, eyes, osc, quality, by_player,
                    counts, {"W": w, "B": b}, [], osc_now, reasons)


def status_marks(a: Analysis) -> tuple[dict[int, str], dict[str, str]]:
    """The board picture's status marks: each analysed group's letter at its first cell, and
    what each letter means."""
    letters = {min(g.view.cells): STATUS_LETTERS[g.status] for g in a.groups
               if g.status in STATUS_LETTERS}
    return letters, {v: f"group {k}" for k, v in STATUS_LETTERS.items()}


def group_analysis(pos: Position, budget: LifeBudget | None = None) -> dict[str, Any]:
    """The per-group analysis as a JSON-ready dict (for the server's analysis layers): each
    group's colour, cells, liberties (beams), status with its proof or witness, eyes per
    player, proved eyes by oscillation, eye quality with the reasons."""
    doc = analyse(pos, True, budget).to_json()
    keys = ("moves_played", "to_move", "groups", "eyes", "oscillation_eyes", "oscillation_now",
            "eye_quality", "eye_quality_by_player", "eye_quality_reasons", "scope")
    return {k: doc[k] for k in keys}
