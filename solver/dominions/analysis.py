"""Analysis of a Dominions position: groups, liberties, sections, atari, what fits every vacant
cell, eyes, eyes by oscillation, eye quality and unconditional life.

Definitions (reference ``dominions.md``, seed 000):

- an **eye** of player X is a vacant cell where an X group has a liberty and for which X's
  opponent holds no matching piece; constraints only grow and hands only shrink, so it stays an
  eye, and the X groups with a liberty there live unconditionally;
- an **eye by oscillation** is a vacant cell with a liberty of some group where at least one
  player holds a matching piece and every matching piece either player holds would oscillate;
  every group with a liberty there lives unconditionally (the seed's claim, evaluated now);
- a cell has **eye quality** when both players can fill it legally and every legal filling that
  captures leaves the new group with a single liberty.

Groups and sections come from the networkx reference (``solver.dominions.graphs``); legality
of each placement comes from the rules engine.

Examples
--------
>>> from puzzles.dominions import replay
>>> a = analyse(replay("W[P63i9];B[P55h8]"))
>>> a.legal_counts["W"] > 0, a.score
(True, {'W': -61, 'B': -61})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from puzzles.dominions import COLOUR_LETTERS, Move, Position
from puzzles.dominions.board import fitting_mask, mask_pieces
from solver.dominions.graphs import GroupView, beam_graph, groups, sections


@dataclass
class CellReport:
    """What can happen on one vacant cell."""

    cell: int
    fitting: list[int]
    held: dict[str, list[int]]
    legal: dict[str, list[int]]
    oscillating: dict[str, list[int]]
    capture_liberties: dict[str, list[int]]  # liberties left by each legal capturing filling


@dataclass
class GroupReport:
    """A group with its liberties and whether it lives unconditionally."""

    view: GroupView
    alive: bool
    atari: bool
    eyes: list[int]


@dataclass
class Analysis:
    """Everything ``solver dominions analyse`` reports about a position."""

    position: Position
    groups: list[GroupReport]
    sections: list[frozenset[int]]
    cells: dict[int, CellReport]
    eyes: dict[str, list[int]]
    oscillation_eyes: list[int]
    eye_quality: list[int]
    legal_counts: dict[str, int]
    score: dict[str, int]
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON document of the analysis (cells by name)."""
        name = self.position.board.name

        def names(cells: Iterable[int]) -> list[str]:
            return sorted((name(c) for c in cells), key=_name_key)

        return {
            "moves_played": len(self.position.moves),
            "to_move": COLOUR_LETTERS[self.position.to_move],
            "score": self.score,
            "legal_moves": self.legal_counts,
            "groups": [
                {"colour": COLOUR_LETTERS[g.view.colour], "cells": names(g.view.cells),
                 "liberties": names(g.view.liberties), "alive": g.alive, "atari": g.atari,
                 "eyes": names(g.eyes)}
                for g in self.groups
            ],
            "sections": [names(s) for s in self.sections],
            "atari": [names(g.view.cells) for g in self.groups if g.atari],
            "eyes": {k: names(v) for k, v in self.eyes.items()},
            "oscillation_eyes": names(self.oscillation_eyes),
            "eye_quality": names(self.eye_quality),
            "cells": {
                name(c): {"fitting": r.fitting, "held": r.held, "legal": r.legal,
                          "oscillating": r.oscillating,
                          "capture_liberties": r.capture_liberties}
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


def cell_report(pos: Position, cell: int) -> CellReport:
    """Fitting pieces of ``cell``, who holds them, and the outcome of each held one."""
    fit = fitting_mask(pos.must_beam[cell], pos.must_blank[cell])
    rep = CellReport(cell, mask_pieces(fit), {}, {}, {}, {})
    for c, letter in enumerate(COLOUR_LETTERS):
        held = mask_pieces(fit & pos.hands[c])
        rep.held[letter] = held
        rep.legal[letter], rep.oscillating[letter], rep.capture_liberties[letter] = [], [], []
        if pos.is_over():
            continue
        for p in held:
            out = pos.outcome(Move(cell, p), c)
            if out.status == "legal":
                rep.legal[letter].append(p)
                if out.flipped and not out.suicide:
                    rep.capture_liberties[letter].append(out.liberties)
            elif out.status == "oscillation":
                rep.oscillating[letter].append(p)
    return rep


def analyse(pos: Position) -> Analysis:
    """The full analysis of ``pos`` (see the module docstring for the definitions).

    Complexity: O(vacant frontier cells x 63) outcome checks plus the graph computations.
    """
    g = beam_graph(pos)
    views = groups(pos, g)
    cells = {c: cell_report(pos, c) for c in frontier(pos)}
    eyes: dict[str, list[int]] = {"W": [], "B": []}
    osc: list[int] = []
    quality: list[int] = []
    lib_owners: dict[int, set[int]] = {}
    for v in views:
        for c in v.liberties:
            lib_owners.setdefault(c, set()).add(v.colour)
    for c, owners in sorted(lib_owners.items()):
        rep = cells[c]
        for x in owners:
            if not rep.held[COLOUR_LETTERS[1 - x]]:
                eyes[COLOUR_LETTERS[x]].append(c)
        held_any = rep.held["W"] or rep.held["B"]
        if held_any and all(len(rep.oscillating[k]) == len(rep.held[k]) for k in "WB"):
            osc.append(c)
        if rep.legal["W"] and rep.legal["B"]:
            caps = rep.capture_liberties["W"] + rep.capture_liberties["B"]
            if caps and max(caps) <= 1:
                quality.append(c)
    reports = []
    for v in views:
        own_eyes = [c for c in v.liberties
                    if c in eyes[COLOUR_LETTERS[v.colour]] or c in osc]
        reports.append(GroupReport(v, bool(own_eyes), len(v.liberties) == 1, sorted(own_eyes)))
    counts = {"W": 0, "B": 0}
    if not pos.is_over():
        for c, letter in enumerate(COLOUR_LETTERS):
            counts[letter] = sum(1 for _, out in pos.placements(c) if out.status == "legal")
    w, b = pos.score()
    return Analysis(pos, reports, sections(pos, g), cells, eyes, osc, quality, counts,
                    {"W": w, "B": b})
