"""What a player who does not know the solution can prove about a Numbridge board.

A human at the table sees the givens and the closed cells, not the solution; to place a tile
without the risk of a miss he must deduce the cell's digit. This module models that knowledge
at a few depths of the project's technique order (``solver.numbridge.techniques``), on the
board as it stands (the givens and every closed cell), one look per move:

- ``singles``: every naked and hidden single of the current pencil marks (no chaining: a
  single that only appears after another one is placed is not yet known);
- ``locked``: the same after locked candidates (pointing and claiming, between any two
  overlapping units) have removed what they can;
- ``solve``: everything singles and locked candidates reach when the player also places what
  he found, again and again (on most fields with 30 givens that is the whole solution);
- ``solution``: every cell (what the players ``greedy``, ``search`` and ``mcts`` know).

Nothing here reads the solution: the answers follow from the board alone, and the tests check
every deduced digit against the solution.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> f = Field.make("53..7....6..195....98....6.8...6...34..8.3..17..."
...                "2...6.6....28....419..5....8..79")
>>> k = Knowledge.of(f.blocks, [int(ch) for ch in f.givens], "singles")
>>> sorted(k.known.items())[:3]
[(5, 8), (7, 1), (22, 4)]
>>> len(k.known), len(Knowledge.of(f.blocks, [int(ch) for ch in f.givens], "solve").known)
(16, 51)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from puzzles.numbridge.field import CELLS, Field
from solver.numbridge.techniques.grid import Grid, bits, popcount

#: The knowledge levels, weakest first.
LEVELS = ("singles", "locked", "solve", "solution")


@lru_cache(maxsize=64)
def _template(blocks: str) -> Grid:
    return Grid(Field.make("0" * CELLS, blocks))


def pencil_marks(blocks: str, digits: list[int],
                 excluded: Iterable[tuple[int, int]] = ()) -> Grid:
    """The grid of ``digits`` (0 empty) with every candidate its peers leave, less the
    ``excluded`` (cell, digit) pairs (the misses everybody saw)."""
    g = _template(blocks).copy()
    for c, d in enumerate(digits):
        if d:
            g.place(c, d)
    for c, d in excluded:
        if not g.value[c]:
            g.eliminate(c, d)
    return g


def singles(g: Grid) -> dict[int, int]:
    """Every naked and hidden single of ``g``'s pencil marks: cell -> digit (1-9)."""
    out: dict[int, int] = {}
    for c in range(CELLS):
        if not g.value[c] and popcount(g.cand[c]) == 1:
            out[c] = bits(g.cand[c])[0] + 1
    for u in range(27):
        for d in range(9):
            where = g.where(u, d)
            if len(where) == 1:
                out.setdefault(where[0], d + 1)
    return out


def lock(g: Grid) -> None:
    """Locked candidates to a fixpoint: a digit confined, within one unit, to cells that all
    lie in a second unit leaves the rest of that second unit (pointing and claiming, and on
    irregular blocks any two overlapping units; as
    ``solver.numbridge.techniques.intersections``, without a step per elimination)."""
    changed = True
    while changed:
        changed = False
        for a in range(27):
            for d in range(9):
                where = g.where(a, d)
                if len(where) < 2:
                    continue
                common = set(g.cell_units[where[0]]).intersection(
                    *(g.cell_units[c] for c in where[1:])) - {a}
                for b in common:
                    for c in g.units[b]:
                        if c not in where and g.has(c, d):
                            g.eliminate(c, d + 1)
                            changed = True


@dataclass
class Knowledge:
    """What a player can prove on a board: the cells whose digit he knows, and the pencil
    marks (for the chance that a guess is right).

    Attributes
    ----------
    level : one of :data:`LEVELS`.
    known : cell -> digit (1-9) of every empty cell whose digit is proven.
    grid : the pencil marks the deductions were made on (``None`` at level ``solution``).
    """

    level: str
    known: dict[int, int]
    grid: Grid | None

    @classmethod
    def of(cls, blocks: str, digits: list[int], level: str, solution: str | None = None,
           excluded: Iterable[tuple[int, int]] = ()) -> Knowledge:
        """The knowledge of a player at ``level`` on the board ``digits`` (0 empty), who also
        saw the misses ``excluded`` ((cell, digit) pairs).

        Raises
        ------
        ValueError
            For an unknown level, or level ``solution`` without the solution.
        """
        if level == "solution":
            if solution is None:
                raise ValueError("knowledge level 'solution' needs the solution")
            return cls(level, {c: int(solution[c]) for c in range(CELLS) if not digits[c]},
                       None)
        if level not in LEVELS:
            raise ValueError(f"unknown knowledge level {level!r} (one of {', '.join(LEVELS)})")
        g = pencil_marks(blocks, digits, excluded)
        if level == "singles":
            return cls(level, singles(g), g)
        lock(g)
        if level == "locked":
            return cls(level, singles(g), g)
        work = g.copy()
        known: dict[int, int] = {}
        while True:
            found = singles(work)
            if not found:
                break
            for c, d in found.items():
                if not work.value[c] and work.cand[c] >> (d - 1) & 1:
                    work.place(c, d)
                    known[c] = d
            lock(work)
        return cls(level, known, g)

    def chance(self, cell: int, digit: int) -> float:
        """The player's estimate that ``digit`` belongs on empty ``cell``: 1 when known, 0
        when the pencil marks rule it out, else the best of 1/(candidates of the cell) and
        1/(places of the digit left in one of the cell's units)."""
        if cell in self.known:
            return 1.0 if self.known[cell] == digit else 0.0
        g = self.grid
        if g is None:
            return 0.0
        if not g.cand[cell] >> (digit - 1) & 1:
            return 0.0
        best = 1 / popcount(g.cand[cell])
        for u in g.cell_units[cell]:
            best = max(best, 1 / len(g.where(u, digit - 1)))
        return best
