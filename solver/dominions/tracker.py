"""A thin view of the groups that :class:`~puzzles.dominions.Position` keeps move by move.

The position keeps its groups incrementally (a move recomputes only the groups it touches
and ``pop`` restores them from a log), with both liberty counts of the seed: the distinct
vacant cells the group's beams point at (``liberties``) and the beams that border on vacant
cells (``beams``: two beams into one cell are two liberties). The tracker used to keep a second
copy of the groups for the players; it is now a view of the position's groups, so the players,
the puzzles and the analysis read one set of groups. ``solver.dominions.graphs`` is the
reference the tests compare them with.

Examples
--------
>>> from puzzles.dominions import Position
>>> t = Tracker(Position())
>>> t.push(t.position.parse_move("P63i9")); t.push(t.position.parse_move("P55h8"))
>>> sorted((len(g.liberties), g.beams) for g in t.table.values())
[(4, 4), (5, 5)]
>>> _ = t.pop(); len(t.groups())
1
"""

from __future__ import annotations

from puzzles.dominions import Move, Position
from puzzles.dominions.position import Group

TrackedGroup = tuple[int, frozenset[int], frozenset[int]]  # colour, cells, liberty cells


class Tracker:
    """The incremental groups of ``position``; play through ``push``/``pop``.

    Complexity: a move costs O(size of the groups it touches), not O(pieces on the board)
    (the position's update).
    """

    def __init__(self, position: Position) -> None:
        self.position = position

    @property
    def table(self) -> dict[int, Group]:
        """The groups by id (``colour``, ``cells``, ``liberties``, ``complete``, ``beams``)."""
        return self.position.group_table

    @property
    def label(self) -> list[int]:
        """The group id of every cell (-1 for a vacant cell)."""
        return self.position.gid

    def groups(self) -> list[TrackedGroup]:
        """Every group as (colour, cells, liberty cells)."""
        return [(g.colour, frozenset(g.cells), g.liberties) for g in self.table.values()]

    def group_of(self, cell: int) -> Group | None:
        """The group on ``cell``, or None for a vacant cell."""
        g = self.position.gid[cell]
        return self.position.group_table[g] if g >= 0 else None

    def push(self, move: Move) -> None:
        """Play ``move`` on the position (rules checked there); the groups follow."""
        self.position.push(move)

    def update(self) -> None:
        """Nothing to do: the position updates its groups when a move is applied (kept for
        callers that apply moves on the position directly)."""

    def pop(self) -> Move:
        """Undo the last move on the position (its groups are restored with it)."""
        return self.position.pop()
