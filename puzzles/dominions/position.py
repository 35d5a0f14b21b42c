"""A Dominions position and its rules: legal moves, applying a move (captures, suicide,
oscillation), passing, undo, the end of the game and the score.

The interface follows OpenSpiel: ``to_move``, ``legal_moves()`` (a lazy generator), ``push``,
``pop``, ``is_over()``, ``result()``. Groups are kept here with plain code (the rules need
them for legality), incrementally: a move recomputes only the groups it touches (those joined
by a beam to the placed piece or to a reversed piece) and ``pop`` restores them from a log;
``solver.dominions`` holds the networkx reference that tests compare with.

Rules (``/work/shared/reference/dominions.md``):

- a placed piece matches every neighbour of both colours and the border, beam to beam and blank
  to blank;
- it touches an opponent piece (any contact counts), unless it extends (joins by a beam) an own
  group that makes up a complete section of the beam structure; on an empty board any piece
  may go anywhere (White's free first move; project rule: also Black's if White passed first);
- opponent groups left without a liberty are reversed first; if there was no capture and the
  placed piece's group has no liberty, that group is reversed (suicide);
- oscillation is illegal: the group formed by a capture or a suicide must keep a liberty;
- two passes in a row end the game; score = own pieces on the board minus pieces in hand.

Examples
--------
>>> pos = Position()
>>> pos.push(pos.parse_move("P63i9"))
>>> pos.to_move, len(list(pos.legal_moves())) > 1
(1, True)
>>> pos.score()
(-61, -63)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from puzzles.dominions.board import (
    BLACK,
    COLOUR_LETTERS,
    DIRECTIONS,
    WHITE,
    Board,
    board,
    fitting_mask,
    mask_pieces,
    opposite_side,
)
from puzzles.errors import IllegalMoveError, InvalidMoveError

FULL_HAND = sum(1 << p for p in range(1, 64))


class Move(NamedTuple):
    """A placement of ``piece`` on cell index ``cell``; the pass is ``Move(-1, 0)``."""

    cell: int
    piece: int

    @property
    def is_pass(self) -> bool:
        """True for the pass."""
        return self.cell < 0


PASS = Move(-1, 0)


_BEAM_SIDES = tuple(tuple(k for k in range(6) if p >> k & 1) for p in range(64))


class Group(NamedTuple):
    """A maximal set of same-coloured pieces connected by beams.

    ``liberties`` are the vacant cells its beams point at; ``complete`` is True when no beam
    joins it to an opponent piece (the group makes up a whole section of the beam structure);
    ``beams`` counts its beams that border on vacant cells (the seed's liberties: two beams into
    one vacant cell are two).
    """

    colour: int
    cells: tuple[int, ...]
    liberties: frozenset[int]
    complete: bool
    beams: int


class Outcome(NamedTuple):
    """What a placement would do: ``status`` is ``legal`` or the rule it breaks.

    ``flipped`` are the cells reversed (captured groups, or the suicide group including the
    placed cell), ``suicide`` tells which, ``liberties`` counts the liberties of the group that
    the move leaves (the mover's group, or after a suicide the opponent's new group).
    """

    status: str
    flipped: tuple[int, ...] = ()
    suicide: bool = False
    liberties: int = 0


class CellInfo(NamedTuple):
    """What every fitting piece on one vacant cell shares (beam links depend on the cell only)."""

    contact: bool
    extends: bool
    captured: tuple[int, ...]
    libs_after: frozenset[int]
    suicide_flip: tuple[int, ...]
    suicide_libs: int


class Position:
    """The state of a game: the board, both hands, the player to move and the passes in a row.

    Parameters
    ----------
    base : int
        Board base 8, 9 (default, 217 cells) or 10.
    """

    def __init__(self, base: int = 9) -> None:
        self.board: Board = board(base)
        n = len(self.board)
        self.piece: list[int] = [-1] * n
        self.owner: list[int] = [-1] * n
        self.hands: list[int] = [FULL_HAND, FULL_HAND]
        self.to_move: int = WHITE
        self.passes: int = 0
        self.must_beam: list[int] = [0] * n
        self.must_blank: list[int] = list(self.board.border_blank)
        self.occupied_neighbours: list[int] = [0] * n
        self.occupied: list[int] = []
        self.moves: list[Move] = []
        self._undo: list[tuple[Move, int, tuple[int, ...], int]] = []
        self.gid: list[int] = [-1] * n  # group id of each cell, -1 when vacant
        self.group_table: dict[int, Group] = {}
        self._next_gid = 0
        self._group_log: list[tuple[list[tuple[int, Group]], list[int]]] = []

    # ----------------------------------------------------------------------------- basics
    @property
    def base(self) -> int:
        """The board base."""
        return self.board.base

    def copy(self) -> Position:
        """An independent copy, history included (undo works on the copy)."""
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        for name in ("piece", "owner", "hands", "must_beam", "must_blank", "occupied_neighbours",
                     "occupied", "moves", "_undo", "gid", "_group_log"):
            setattr(other, name, list(getattr(self, name)))
        other.group_table = dict(self.group_table)
        return other

    @classmethod
    def setup(cls, pieces: dict[str, str], to_move: str = "W", base: int = 9,
              hands: dict[str, list[int]] | None = None) -> Position:
        """A position from a diagram, e.g. ``{"i9": "W63", "h8": "B55"}``, with no history.

        Pieces must match their neighbours and the border (the other rules are not applied).
        Without ``hands`` each player holds every piece not shown on the board in his colour
        (a number shown twice in one colour is taken from both hands).

        Raises InvalidInputError for a bad cell, piece or mismatch.
        """
        pos = cls(base)
        for name, text in pieces.items():
            if not re.fullmatch(r"[WB][0-9]{1,2}", text):
                raise InvalidMoveError(f"{name}: {text!r} is not like 'W63'")
            c, p = COLOUR_LETTERS.index(text[0]), int(text[1:])
            if not 1 <= p <= 63:
                raise InvalidMoveError(f"{name}: piece number must be 1..63")
            cell = pos.board.cell_index(name)
            if pos.piece[cell] >= 0:
                raise InvalidMoveError(f"{name} is given twice")
            why = pos.mismatch(cell, p)
            if why:
                raise IllegalMoveError(f"{name}: {why}", rule="mismatch")
            src = c if pos.hands[c] >> p & 1 else 1 - c
            if not pos.hands[src] >> p & 1:
                raise InvalidMoveError(f"{name}: piece {p} is on the board more than twice")
            pos.hands[src] &= ~(1 << p)
            pos._place(cell, p, c)
        pos._rebuild(set(pos.occupied), [])
        if hands is not None:
            for letter, items in hands.items():
                pos.hands[COLOUR_LETTERS.index(letter)] = sum(1 << p for p in set(items))
        pos.to_move = COLOUR_LETTERS.index(to_move)
        return pos

    def hand(self, colour: int) -> list[int]:
        """The pieces ``colour`` still holds, ascending."""
        h = self.hands[colour]
        return [p for p in range(1, 64) if h >> p & 1]

    def score(self) -> tuple[int, int]:
        """(White, Black): pieces on the board minus pieces in hand."""
        on = [0, 0]
        for i in self.occupied:
            on[self.owner[i]] += 1
        return (on[0] - self.hands[0].bit_count(), on[1] - self.hands[1].bit_count())

    def is_over(self) -> bool:
        """True after two passes in a row."""
        return self.passes >= 2

    def result(self) -> str:
        """``W+d``, ``B+d`` or ``draw`` from the current score."""
        w, b = self.score()
        if w == b:
            return "draw"
        return f"W+{w - b}" if w > b else f"B+{b - w}"

    def returns(self) -> tuple[float, float]:
        """(White, Black) game value: +1 win, -1 loss, 0 draw (OpenSpiel style)."""
        w, b = self.score()
        s = (w > b) - (w < b)
        return (float(s), float(-s))

    def move_text(self, move: Move) -> str:
        """``P63i9`` or ``pass``."""
        if move.is_pass:
            return "pass"
        return f"P{move.piece}{self.board.name(move.cell)}"

    def parse_move(self, text: str) -> Move:
        """Read ``P63i9`` (or ``pass``/empty for a pass); raises InvalidMoveError."""
        t = text.strip()
        if t.lower() in ("", "pass"):
            return PASS
        if len(t) < 4 or t[0] not in "Pp":
            raise InvalidMoveError(f"{text!r} is not a move like 'P63i9' or 'pass'")
        k = 1
        while k < len(t) and t[k] in "0123456789":
            k += 1
        if k == 1:
            raise InvalidMoveError(f"{text!r}: missing piece number after 'P'")
        number = int(t[1:k]) if k <= 3 else 0
        if not 1 <= number <= 63:
            raise InvalidMoveError(f"{text!r}: piece number must be 1..63")
        try:
            cell = self.board.cell_index(t[k:])
        except Exception as exc:  # InvalidInputError from the board: re-raise as a move error
            raise InvalidMoveError(f"{text!r}: {exc}") from exc
        return Move(cell, number)

    # ----------------------------------------------------------------------------- groups
    def groups(self) -> tuple[list[int], dict[int, Group]]:
        """(group id of each cell or -1, the groups by id), kept up to date by push/pop."""
        return self.gid, self.group_table

    def compute_groups(self) -> tuple[list[int], list[Group]]:
        """The groups recomputed from scratch (ids 0..), for checks of the incremental ones.

        Complexity: O(pieces on the board).
        """
        saved = (self.gid, self.group_table, self._next_gid)
        self.gid, self.group_table, self._next_gid = [-1] * len(self.piece), {}, 0
        try:
            self._rebuild(set(self.occupied), [])
            return self.gid, [self.group_table[g] for g in range(self._next_gid)]
        finally:
            self.gid, self.group_table, self._next_gid = saved

    def _rebuild(self, cells: set[int], added: list[int]) -> None:
        """New groups for the pieces on ``cells`` (their old ids must be dropped already)."""
        nb = self.board.neighbours
        piece, owner, gid = self.piece, self.owner, self.gid
        table = self.group_table
        seen: set[int] = set()
        for start in cells:
            if start in seen:
                continue
            colour = owner[start]
            seen.add(start)
            stack = [start]
            members = []
            libs: set[int] = set()
            beams = 0
            complete = True
            while stack:
                i = stack.pop()
                members.append(i)
                row = nb[i]
                for k in _BEAM_SIDES[piece[i]]:
                    j = row[k]
                    if piece[j] < 0:
                        libs.add(j)
                        beams += 1
                    elif owner[j] == colour:
                        if j not in seen:
                            seen.add(j)
                            stack.append(j)
                    else:
                        complete = False
            g = self._next_gid
            self._next_gid += 1
            table[g] = Group(colour, tuple(members), frozenset(libs), complete, beams)
            for i in members:
                gid[i] = g
            added.append(g)

    def _touching(self, group: Group) -> set[int]:
        """Ids of the opponent groups joined to ``group`` by beams."""
        nb = self.board.neighbours
        piece, owner, gid = self.piece, self.owner, self.gid
        out = set()
        for i in group.cells:
            row = nb[i]
            for k in _BEAM_SIDES[piece[i]]:
                j = row[k]
                if piece[j] >= 0 and owner[j] != group.colour:
                    out.add(gid[j])
        return out

    def _update_groups(self, cell: int, flipped: tuple[int, ...]) -> None:
        """Recompute the groups a placement on ``cell`` (reversing ``flipped``) touched."""
        nb = self.board.neighbours
        piece, gid, table = self.piece, self.gid, self.group_table
        touched: set[int] = set()
        for src in (cell, *flipped):
            row = nb[src]
            for k in _BEAM_SIDES[piece[src]]:
                g = gid[row[k]]
                if g >= 0:
                    touched.add(g)
            if gid[src] >= 0:
                touched.add(gid[src])
        removed = [(g, table.pop(g)) for g in touched]
        cells = {cell}
        for _, grp in removed:
            cells.update(grp.cells)
        added: list[int] = []
        self._rebuild(cells, added)
        self._group_log.append((removed, added))

    def _restore_groups(self) -> None:
        removed, added = self._group_log.pop()
        gid, table = self.gid, self.group_table
        for g in added:
            for i in table.pop(g).cells:
                gid[i] = -1
        for g, grp in removed:
            table[g] = grp
            for i in grp.cells:
                gid[i] = g

    # ----------------------------------------------------------------------------- legality
    def cell_info(self, cell: int, colour: int) -> CellInfo:
        """The shared consequences of placing any fitting piece of ``colour`` on ``cell``.

        Every piece that fits a cell has beams exactly on the sides facing beams of occupied
        neighbours, so the groups it joins, captures and touches depend on the cell alone; a
        piece only adds liberties through its beams towards vacant neighbours.
        """
        gid, groups = self.groups()
        nb = self.board.neighbours[cell]
        piece, owner = self.piece, self.owner
        mb = self.must_beam[cell]
        other = 1 - colour
        contact = False
        own: set[int] = set()
        opp: set[int] = set()
        for k in range(6):
            j = nb[k]
            if j >= 0 and piece[j] >= 0:
                if owner[j] == other:
                    contact = True
                if mb >> k & 1:
                    (own if owner[j] == colour else opp).add(gid[j])
        extends = any(groups[g].complete for g in own)
        captured_groups = [g for g in opp if len(groups[g].liberties) == 1]
        captured: list[int] = []
        libs: set[int] = set()
        if captured_groups:
            members = set(own)
            for g in captured_groups:
                captured.extend(groups[g].cells)
                members.update(self._touching(groups[g]))
            for g in members:
                libs.update(groups[g].liberties)
        else:
            for g in own:
                libs.update(groups[g].liberties)
        libs.discard(cell)
        suicide_flip: list[int] = [cell]
        suicide_libs = 0
        if not captured_groups and not libs:
            joined = set(opp)
            for g in own:
                suicide_flip.extend(groups[g].cells)
                joined.update(self._touching(groups[g]))
            after: set[int] = set()
            for g in joined:
                after.update(groups[g].liberties)
            after.discard(cell)
            suicide_libs = len(after)
        return CellInfo(contact, extends, tuple(sorted(captured)), frozenset(libs),
                        tuple(sorted(suicide_flip)), suicide_libs)

    def _free_libs(self, cell: int, piece: int) -> list[int]:
        """Vacant neighbours that ``piece`` on ``cell`` points a beam at."""
        nb = self.board.neighbours[cell]
        return [nb[k] for k in range(6) if piece >> k & 1 and self.piece[nb[k]] < 0]

    def mismatch(self, cell: int, piece: int) -> str | None:
        """Why ``piece`` does not fit ``cell`` (``side 4 against h8``...), or None if it fits."""
        nb = self.board.neighbours[cell]
        for k, d in enumerate(DIRECTIONS):
            j = nb[k]
            beam = bool(piece & d)
            if j < 0:
                if beam:
                    return f"beam on side {d} points off the board"
                continue
            if self.piece[j] < 0:
                continue
            other = bool(self.piece[j] >> opposite_side(k) & 1)
            if beam != other:
                what = "beam" if beam else "blank"
                theirs = "blank" if beam else "beam"
                return (f"mismatch on side {d} against {self.board.name(j)} "
                        f"({what} facing {theirs})")
        return None

    def outcome(self, move: Move, colour: int | None = None) -> Outcome:
        """What ``move`` would do for ``colour`` (default: the player to move), with no change.

        ``status`` is ``legal``, ``game-over``, ``occupied``, ``piece-played``, ``mismatch``,
        ``no-contact`` or ``oscillation``.
        """
        c = self.to_move if colour is None else colour
        if self.is_over():
            return Outcome("game-over")
        if move.is_pass:
            return Outcome("legal")
        cell, p = move
        if self.piece[cell] >= 0:
            return Outcome("occupied")
        if not self.hands[c] >> p & 1:
            return Outcome("piece-played")
        mb, mbl = self.must_beam[cell], self.must_blank[cell]
        if (p & mb) != mb or (p & mbl):
            return Outcome("mismatch")
        if not self.occupied:
            return Outcome("legal", liberties=p.bit_count())
        info = self.cell_info(cell, c)
        return self._classify(info, cell, p)

    def _classify(self, info: CellInfo, cell: int, p: int) -> Outcome:
        if not info.contact and not info.extends:
            return Outcome("no-contact")
        free = self._free_libs(cell, p) if p & ~self.must_beam[cell] else []
        if info.captured:
            n = len(info.libs_after.union(free))
            return Outcome("legal" if n else "oscillation", info.captured, False, n)
        if info.libs_after or free:
            return Outcome("legal", (), False, len(info.libs_after.union(free)))
        if info.suicide_libs:
            return Outcome("legal", info.suicide_flip, True, info.suicide_libs)
        return Outcome("oscillation", info.suicide_flip, True, 0)

    def placements(self, colour: int | None = None) -> Iterator[tuple[Move, Outcome]]:
        """Every fitting placement from ``colour``'s hand with its outcome (legal or not)."""
        c = self.to_move if colour is None else colour
        hand = self.hands[c]
        empty = not self.occupied
        mbs, mbls, occ_n = self.must_beam, self.must_blank, self.occupied_neighbours
        piece = self.piece
        for cell in range(len(piece)):
            if piece[cell] >= 0 or (not empty and not occ_n[cell]):
                continue
            cand = fitting_mask(mbs[cell], mbls[cell]) & hand
            if not cand:
                continue
            info = None if empty else self.cell_info(cell, c)
            while cand:
                low = cand & -cand
                cand ^= low
                p = low.bit_length() - 1
                if info is None:
                    yield Move(cell, p), Outcome("legal", liberties=p.bit_count())
                else:
                    yield Move(cell, p), self._classify(info, cell, p)

    def legal_placements(self, colour: int | None = None,
                         cells: Iterable[int] | None = None) -> list[tuple[int, int, int, int]]:
        """The legal placements of ``colour`` as ``(cell, piece, liberties, effect)`` tuples.

        ``liberties`` counts the liberties of the group the move leaves (see ``Outcome``);
        ``effect`` is the number of pieces captured, or minus the number of pieces reversed by
        a suicide. ``cells`` restricts the search to those cells. This is the hot path of move
        generation: the groups a cell joins are computed once per cell, and each fitting piece
        then costs a few integer operations.
        """
        return list(self.iter_placements(colour, cells))

    def iter_placements(self, colour: int | None = None,
                        cells: Iterable[int] | None = None
                        ) -> Iterator[tuple[int, int, int, int]]:
        """Lazy form of ``legal_placements``: one cell's placements at a time."""
        c = self.to_move if colour is None else colour
        hand = self.hands[c]
        empty = not self.occupied
        mbs, mbls, occ_n = self.must_beam, self.must_blank, self.occupied_neighbours
        piece = self.piece
        nbs = self.board.neighbours
        for cell in (range(len(piece)) if cells is None else cells):
            if piece[cell] >= 0 or (not empty and not occ_n[cell]):
                continue
            mb = mbs[cell]
            cand = fitting_mask(mb, mbls[cell]) & hand
            if not cand:
                continue
            if empty:
                yield from ((cell, p, p.bit_count(), 0) for p in mask_pieces(cand))
                continue
            info = self.cell_info(cell, c)
            if not info.contact and not info.extends:
                continue
            libs = info.libs_after
            nlibs = len(libs)
            row = nbs[cell]
            fresh = 0  # free sides whose cell is not yet a liberty of the new group
            for k in range(6):
                j = row[k]
                if j >= 0 and piece[j] < 0 and j not in libs:
                    fresh |= 1 << k
            ncap = len(info.captured)
            for p in mask_pieces(cand):
                n = nlibs + (p & fresh).bit_count()
                if n:
                    yield (cell, p, n, ncap)
                elif not ncap and info.suicide_libs:
                    yield (cell, p, info.suicide_libs, -len(info.suicide_flip))

    def legal_moves(self) -> Iterator[Move]:
        """The legal placements of the player to move, then the pass (lazy)."""
        if self.is_over():
            return
        for cell, p, _, _ in self.iter_placements():
            yield Move(cell, p)
        yield PASS

    def is_legal(self, move: Move) -> bool:
        """True when the player to move may play ``move``."""
        return self.outcome(move).status == "legal"

    # ----------------------------------------------------------------------------- play
    def check(self, move: Move) -> Outcome:
        """The outcome of a legal ``move``; raises IllegalMoveError naming the broken rule."""
        out = self.outcome(move)
        if out.status == "legal":
            return out
        c = COLOUR_LETTERS[self.to_move]
        name = self.move_text(move)
        if out.status == "game-over":
            msg = "the game is over (two passes in a row)"
        elif out.status == "occupied":
            msg = f"cell {self.board.name(move.cell)} is occupied"
        elif out.status == "piece-played":
            msg = f"{c} has already played piece {move.piece}"
        elif out.status == "mismatch":
            msg = self.mismatch(move.cell, move.piece) or "mismatch"
        elif out.status == "no-contact":
            msg = (f"{name} touches no {COLOUR_LETTERS[1 - self.to_move]} piece and extends no "
                   "complete section")
        else:
            msg = f"{name} would oscillate: the group it forms would have no liberty"
        raise IllegalMoveError(msg, rule=out.status)

    def push(self, move: Move) -> None:
        """Play ``move`` for the player to move; raises IllegalMoveError if it is illegal."""
        out = self.check(move)
        self._apply(move, out)

    def _apply(self, move: Move, out: Outcome) -> None:
        c = self.to_move
        self._undo.append((move, self.passes, out.flipped, c))
        self.moves.append(move)
        self.to_move = 1 - c
        if move.is_pass:
            self.passes += 1
            self._group_log.append(([], []))
            return
        self.passes = 0
        cell, p = move
        self.hands[c] &= ~(1 << p)
        self._place(cell, p, c)
        for i in out.flipped:
            self.owner[i] = 1 - self.owner[i]
        self._update_groups(cell, out.flipped)

    def _place(self, cell: int, p: int, c: int) -> None:
        self.piece[cell] = p
        self.owner[cell] = c
        self.occupied.append(cell)
        nb = self.board.neighbours[cell]
        for k in range(6):
            j = nb[k]
            if j >= 0:
                self.occupied_neighbours[j] += 1
                if self.piece[j] < 0:
                    bit = 1 << opposite_side(k)
                    if p >> k & 1:
                        self.must_beam[j] |= bit
                    else:
                        self.must_blank[j] |= bit

    def pop(self) -> Move:
        """Undo the last move and return it."""
        move, passes, flipped, c = self._undo.pop()
        self.moves.pop()
        self._restore_groups()
        self.to_move = c
        self.passes = passes
        if move.is_pass:
            return move
        for i in flipped:
            self.owner[i] = 1 - self.owner[i]
        cell, p = move
        self.piece[cell] = -1
        self.owner[cell] = -1
        self.hands[c] |= 1 << p
        self.occupied.pop()
        nb = self.board.neighbours[cell]
        for k in range(6):
            j = nb[k]
            if j >= 0:
                self.occupied_neighbours[j] -= 1
                if self.piece[j] < 0:
                    bit = ~(1 << opposite_side(k))
                    self.must_beam[j] &= bit
                    self.must_blank[j] &= bit
        return move

    def last_outcome(self) -> tuple[Move, tuple[int, ...], int] | None:
        """(last move, cells it reversed, its colour), or None at the start."""
        if not self._undo:
            return None
        move, _, flipped, c = self._undo[-1]
        return move, flipped, c

    # ----------------------------------------------------------------------------- output
    def to_json(self) -> dict[str, object]:
        """The replay document: position, to_move, hands, score, moves_played."""
        w, b = self.score()
        return {
            "position": {self.board.name(i): f"{COLOUR_LETTERS[self.owner[i]]}{self.piece[i]}"
                         for i in sorted(self.occupied)},
            "to_move": COLOUR_LETTERS[self.to_move],
            "hands": {"W": self.hand(WHITE), "B": self.hand(BLACK)},
            "score": {"W": w, "B": b},
            "moves_played": len(self.moves),
        }
