"""What the life-and-death models read from a Dominions position: the groups as atoms, the
sections, the vacant cells a model may fill and the attacker's pieces that fit each of them.

A current group is an *atom*: its pieces are joined by beams and share a colour, and groups
only ever merge or flip as a whole, so an atom keeps one colour at any moment of any
continuation. The models never look inside an atom.

Examples
--------
>>> from puzzles.dominions import replay
>>> pos = replay("BASE[3];W[P63c3];B[P9d4]")
>>> arena = Arena.build(pos, attacker=1)
>>> [(a.colour, len(a.cells)) for a in arena.atoms]
[(0, 1), (1, 1)]
>>> len(arena.region), arena.candidates[pos.board.cell_index("b2")][:3]
(17, (1, 3, 5))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from puzzles.dominions import Position
from puzzles.dominions.board import fitting_mask, mask_pieces, opposite_side


@dataclass(frozen=True)
class Atom:
    """A current group: ``colour``, ``cells``, the vacant cells its beams point at
    (``beam_cells``) and the vacant cells next to its pieces (``touch_cells``, any side)."""

    colour: int
    cells: frozenset[int]
    beam_cells: frozenset[int]
    touch_cells: frozenset[int]


@dataclass(frozen=True)
class Arena:
    """The position seen by the models.

    ``region`` holds the vacant cells a model may fill (sorted); the other vacant cells stay
    vacant in the dynamic model and are free in the fill relaxation. ``candidates[c]`` are the
    attacker's pieces that fit the sides of ``c`` fixed now (border and occupied neighbours);
    ``links`` are the pairs of atoms joined by a beam (they have different colours).
    """

    pos: Position
    attacker: int
    atoms: tuple[Atom, ...]
    atom_of: dict[int, int]
    links: frozenset[tuple[int, int]]
    sections: tuple[frozenset[int], ...]  # atom indices of each section
    region: tuple[int, ...]
    candidates: dict[int, tuple[int, ...]]

    @classmethod
    def build(cls, pos: Position, attacker: int, region: Iterable[int] | None = None) -> Arena:
        """The arena of ``pos`` for ``attacker``; ``region`` defaults to every vacant cell."""
        nb = pos.board.neighbours
        gid, table = pos.groups()
        ids = sorted(table, key=lambda g: min(table[g].cells))
        index = {g: k for k, g in enumerate(ids)}
        atoms = []
        for g in ids:
            grp = table[g]
            touch = {nb[i][k] for i in grp.cells for k in range(6)
                     if nb[i][k] >= 0 and pos.piece[nb[i][k]] < 0}
            atoms.append(Atom(grp.colour, frozenset(grp.cells), grp.liberties, frozenset(touch)))
        atom_of = {i: index[gid[i]] for i in pos.occupied}
        links = set()
        for i in pos.occupied:
            for k in range(6):
                j = nb[i][k]
                if pos.piece[i] >> k & 1 and j >= 0 and pos.piece[j] >= 0 \
                        and atom_of[i] != atom_of[j]:
                    links.add((min(atom_of[i], atom_of[j]), max(atom_of[i], atom_of[j])))
        vacant = [c for c in range(len(pos.board)) if pos.piece[c] < 0]
        cells = tuple(sorted(vacant if region is None else set(region) & set(vacant)))
        hand = pos.hands[attacker]
        cands = {c: tuple(mask_pieces(fitting_mask(pos.must_beam[c], pos.must_blank[c]) & hand))
                 for c in cells}
        return cls(pos, attacker, tuple(atoms), atom_of, frozenset(links),
                   _sections(len(atoms), links), cells, cands)

    def group_atom(self, cell: int) -> int:
        """The atom holding the piece on ``cell``."""
        return self.atom_of[cell]

    def side(self, cell: int, k: int) -> tuple[str, int]:
        """What side ``k`` of vacant ``cell`` faces: ``("border", -1)``, ``("atom", a)`` with a
        forced beam or blank, ``("region", j)`` or ``("outside", j)`` (a vacant cell the
        model does not fill)."""
        j = self.pos.board.neighbours[cell][k]
        if j < 0:
            return ("border", -1)
        if self.pos.piece[j] >= 0:
            return ("atom", self.atom_of[j])
        return ("region", j) if j in self.candidates else ("outside", j)

    def forced_beam(self, cell: int, k: int) -> bool:
        """True when the occupied neighbour through side ``k`` points a beam at ``cell``."""
        j = self.pos.board.neighbours[cell][k]
        return j >= 0 and self.pos.piece[j] >= 0 and bool(
            self.pos.piece[j] >> opposite_side(k) & 1)


def _sections(n: int, links: Iterable[tuple[int, int]]) -> tuple[frozenset[int], ...]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in links:
        parent[find(a)] = find(b)
    out: dict[int, set[int]] = {}
    for a in range(n):
        out.setdefault(find(a), set()).add(a)
    return tuple(sorted((frozenset(s) for s in out.values()), key=min))
