"""Groups and liberties kept up to date move by move (push/pop), for fast play and analysis.

A move can only change the groups it touches: the groups joined by a beam to the placed cell
and, when pieces are reversed, the groups of those pieces and the groups joined to them. The
tracker removes exactly those groups, recomputes groups inside their cells, and logs what it
removed so that ``pop`` restores it. ``solver.dominions.graphs`` is the reference the tests
compare it with.

Examples
--------
>>> from puzzles.dominions import Position
>>> t = Tracker(Position())
>>> t.push(t.position.parse_move("P63i9")); t.push(t.position.parse_move("P55h8"))
>>> sorted(len(libs) for _, _, libs in t.groups())
[4, 5]
>>> _ = t.pop(); len(t.groups())
1
"""

from __future__ import annotations

from puzzles.dominions import Move, Position

TrackedGroup = tuple[int, frozenset[int], frozenset[int]]  # colour, cells, liberties


class Tracker:
    """Incremental groups of a position; play through ``push``/``pop`` of the tracker.

    Complexity: a move costs O(size of the groups it touches), not O(pieces on the board).
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        self.label: list[int] = [-1] * len(position.board)
        self.table: dict[int, TrackedGroup] = {}
        self._next = 0
        self._log: list[tuple[list[tuple[int, TrackedGroup]], list[int]]] = []
        self._rebuild(set(position.occupied), [])

    def groups(self) -> list[TrackedGroup]:
        """Every group as (colour, cells, liberties)."""
        return list(self.table.values())

    def group_of(self, cell: int) -> TrackedGroup | None:
        """The group on ``cell``, or None for a vacant cell."""
        g = self.label[cell]
        return self.table[g] if g >= 0 else None

    def _rebuild(self, cells: set[int], added: list[int]) -> None:
        pos = self.position
        nb = pos.board.neighbours
        piece, owner = pos.piece, pos.owner
        label = self.label
        seen: set[int] = set()
        for start in cells:
            if start in seen:
                continue
            colour = owner[start]
            seen.add(start)
            stack = [start]
            members = []
            libs = set()
            while stack:
                i = stack.pop()
                members.append(i)
                p = piece[i]
                row = nb[i]
                for k in range(6):
                    if p >> k & 1:
                        j = row[k]
                        if piece[j] < 0:
                            libs.add(j)
                        elif owner[j] == colour and j not in seen:
                            seen.add(j)
                            stack.append(j)
            gid = self._next
            self._next += 1
            self.table[gid] = (colour, frozenset(members), frozenset(libs))
            for i in members:
                label[i] = gid
            added.append(gid)

    def push(self, move: Move) -> None:
        """Play ``move`` on the position (rules checked there) and update the groups."""
        self.position.push(move)
        self.update()

    def update(self) -> None:
        """Bring the groups up to date after one move was pushed on the position directly."""
        pos = self.position
        last = pos.last_outcome()
        if last is None:
            return
        move = last[0]
        if move.is_pass:
            self._log.append(([], []))
            return
        cell = move.cell
        flipped = last[1]
        nb = pos.board.neighbours
        label = self.label
        touched: set[int] = set()
        for src in (cell, *flipped):
            p = pos.piece[src]
            row = nb[src]
            for k in range(6):
                if p >> k & 1:
                    j = row[k]
                    if label[j] >= 0:
                        touched.add(label[j])
            if label[src] >= 0:
                touched.add(label[src])
        removed = [(g, self.table.pop(g)) for g in touched]
        cells = {cell}
        for _, (_, members, _) in removed:
            cells |= members
        added: list[int] = []
        self._rebuild(cells, added)
        self._log.append((removed, added))

    def pop(self) -> Move:
        """Undo the last move on the position and restore the groups."""
        move = self.position.pop()
        removed, added = self._log.pop()
        for g in added:
            for i in self.table.pop(g)[1]:
                self.label[i] = -1
        for g, group in removed:
            self.table[g] = group
            for i in group[1]:
                self.label[i] = g
        return move
