"""Puzzles from self-play: positions where exactly one first move meets a goal.

Goals (the mover is X, the opponent Y):

- ``capture`` (depth 1): the move reverses at least one Y piece;
- ``save`` (depth 2): X has a group that Y can capture at once (all its liberty beams point
  into one vacant cell: one beam, atari, or several beams into that cell) and a legal capture
  there; after the move, no legal reply of Y reverses any of that group's pieces;
- ``eye`` (depth 1): the move creates a new eye of X (a liberty of an X group where Y holds no
  matching piece);
- ``live`` (depth 1): X has a group of two or more pieces that does not live unconditionally;
  after the move its pieces belong to a group with an eye or an eye by oscillation.

Uniqueness is proven by trying every legal placement of X (and for ``save`` every legal
capturing reply of Y at the cells where a capture of the group can happen).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from puzzles.dominions import COLOUR_LETTERS, Move, Position, replay
from puzzles.dominions.board import fitting_mask, opposite_side
from puzzles.dominions.records import format_moves, write_record
from puzzles.errors import InvalidInputError
from solver.dominions.players import GreedyPlayer, Player, RandomPlayer
from solver.dominions.tracker import Tracker

GOALS = ("capture", "save", "eye", "live")
DEPTH = {"capture": 1, "save": 2, "eye": 1, "live": 1}


@dataclass(frozen=True)
class Puzzle:
    """A position (as the record that reaches it), a goal and its unique answer."""

    goal: str
    record: str
    answer: str  # e.g. "B[P12d10]"
    target: tuple[str, ...] = ()  # the group concerned (save/live), cell names
    depth: int = 1

    def position(self) -> Position:
        """The puzzle position."""
        return replay(self.record)

    def question(self) -> str:
        """The question in words."""
        pos = self.position()
        who = "White" if pos.to_move == 0 else "Black"
        text = {
            "capture": f"{who} to move captures. Which is the only move that does?",
            "save": f"{who} to move saves the group {' '.join(self.target)} from capture.",
            "eye": f"{who} to move makes a new eye. Which is the only move that does?",
            "live": f"{who} to move makes the group {' '.join(self.target)} live "
                    "unconditionally.",
        }
        return text[self.goal]

    def to_text(self) -> str:
        """The collection block of this puzzle."""
        lines = [f"goal: {self.goal}", f"depth: {self.depth}"]
        if self.target:
            lines.append(f"target: {' '.join(self.target)}")
        lines += [f"answer: {self.answer}", f"record: {self.record}"]
        return "\n".join(lines)


def parse_collection(text: str) -> list[Puzzle]:
    """Read puzzle blocks (``key: value`` lines, blank line between puzzles, ``#`` comments)."""
    out = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line:
                raise InvalidInputError(f"puzzle line {line!r} is not 'key: value'")
            k, v = line.split(":", 1)
            fields[k.strip()] = v.strip()
        if not fields:
            continue
        try:
            out.append(Puzzle(fields["goal"], fields["record"], fields["answer"],
                              tuple(fields.get("target", "").split()), int(fields["depth"])))
        except KeyError as exc:
            raise InvalidInputError(f"puzzle block without {exc.args[0]!r}") from exc
    return out


def _eyes(pos: Position, colour: int, t: Tracker) -> set[int]:
    """Eyes of ``colour``: liberties of its groups where the opponent holds no fitting piece."""
    hand = pos.hands[1 - colour]
    out = set()
    for g in t.table.values():
        if g.colour == colour:
            for cell in g.liberties:
                if not fitting_mask(pos.must_beam[cell], pos.must_blank[cell]) & hand:
                    out.add(cell)
    return out


def _oscillation_eye(pos: Position, cell: int) -> bool:
    fit = fitting_mask(pos.must_beam[cell], pos.must_blank[cell])
    if not fit & (pos.hands[0] | pos.hands[1]):
        return False  # nobody holds a fitting piece: no oscillation
    # any legal placement there (lazy: the first one decides) means it is no eye
    if next(pos.iter_placements(0, cells=(cell,)), None) is not None or \
            next(pos.iter_placements(1, cells=(cell,)), None) is not None:
        return False
    held = False
    for c in (0, 1):
        for p in range(1, 64):
            if pos.hands[c] >> p & 1 and \
                    fitting_mask(pos.must_beam[cell], pos.must_blank[cell]) >> p & 1:
                held = True
                if pos.outcome(Move(cell, p), c).status != "oscillation":
                    return False
    return held


def group_lives(pos: Position, t: Tracker, cell: int) -> bool:
    """True when the group on ``cell`` has an eye or an eye by oscillation."""
    g = t.group_of(cell)
    if g is None:
        return False
    colour, libs = g.colour, g.liberties
    hand = pos.hands[1 - colour]
    # the cheap test on every liberty first, the oscillation test (legal moves) only after
    if any(not fitting_mask(pos.must_beam[lib], pos.must_blank[lib]) & hand for lib in libs):
        return True
    return any(_oscillation_eye(pos, lib) for lib in libs)


def capturable(pos: Position, t: Tracker, cells: frozenset[int], by: int,
               nodes: list[int] | None = None) -> bool:
    """True when ``by`` (to move) has a legal placement that reverses one of ``cells``;
    ``nodes[0]`` (when given) grows by the replies examined."""
    libs: set[int] = set()
    for cell in cells:
        g = t.group_of(cell)
        if g is None or g.colour == by:
            continue
        if len(g.liberties) == 1:  # every liberty beam points into one cell
            libs |= g.liberties
    replies = pos.legal_placements(by, cells=libs)
    if nodes is not None:
        nodes[0] += len(replies)
    return any(effect > 0 for _, _, _, effect in replies)


def _makes_eye_quick(pos: Position, cell: int, piece: int, my_libs: set[int],
                     before: set[int]) -> bool:
    """Whether a placement that captures nothing and reverses nothing creates a new eye of
    the mover, without playing it.

    Such a move only joins groups through its beams, so afterwards the mover's liberties are
    the old ones minus ``cell`` plus the vacant cells its beams point at, and only the cells
    next to ``cell`` get new side constraints: a new eye can only be a vacant neighbour.
    """
    hand = pos.hands[1 - pos.to_move]
    row = pos.board.neighbours[cell]
    for k in range(6):
        e = row[k]
        if e < 0 or pos.piece[e] >= 0 or e in before:
            continue
        beam = piece >> k & 1
        if not beam and e not in my_libs:
            continue
        side = 1 << opposite_side(k)
        mb = pos.must_beam[e] | (side if beam else 0)
        mbl = pos.must_blank[e] | (0 if beam else side)
        if not fitting_mask(mb, mbl) & hand:
            return True
    return False


def solutions(t: Tracker, goal: str, target: frozenset[int] = frozenset(),
              nodes: list[int] | None = None, quick: bool = True) -> list[Move]:
    """Every legal placement of the player to move that meets ``goal`` (exhaustive);
    ``nodes[0]`` (when given) grows by the positions examined (moves, and replies for
    ``save``). ``quick`` decides ``eye`` for moves without captures by looking at the
    neighbours of the move (``_makes_eye_quick``) instead of playing it; ``quick=False``
    plays every move (the plain proof)."""
    pos = t.position
    me = pos.to_move
    before_eyes = _eyes(pos, me, t) if goal == "eye" else set()
    my_libs: set[int] = set()
    if goal == "eye" and quick:
        for g in t.table.values():
            if g.colour == me:
                my_libs |= g.liberties
    out = []
    moves = pos.legal_placements()
    if nodes is not None:
        nodes[0] += len(moves)
    for c, p, _, effect in moves:
        m = Move(c, p)
        if goal == "capture":
            if effect > 0:
                out.append(m)
            continue
        if goal == "eye" and quick and effect == 0:
            if _makes_eye_quick(pos, c, p, my_libs, before_eyes):
                out.append(m)
            continue
        t.push(m)
        try:
            if goal == "save":
                if all(pos.owner[x] == me for x in target) and \
                        not capturable(pos, t, target, 1 - me, nodes):
                    out.append(m)
            elif goal == "eye":
                if _eyes(pos, me, t) - before_eyes:
                    out.append(m)
            elif goal == "live" and all(pos.owner[x] == me for x in target) and \
                    len({t.label[x] for x in target}) == 1 and \
                    group_lives(pos, t, next(iter(target))):
                out.append(m)
        finally:
            t.pop()
    return out


def _targets(t: Tracker, goal: str) -> list[frozenset[int]]:
    pos = t.position
    me = pos.to_move
    if goal == "save":
        return [frozenset(g.cells) for g in t.table.values()
                if g.colour == me and len(g.liberties) == 1
                and capturable(pos, t, frozenset(g.cells), 1 - me)]
    if goal == "live":
        return [frozenset(g.cells) for g in t.table.values()
                if g.colour == me and len(g.cells) >= 2
                and not group_lives(pos, t, min(g.cells))]
    return [frozenset()]


def game_positions(seed: int, games: int, first: int = 16) -> Iterator[tuple[int, Position]]:
    """(game, position) for the positions (with at least ``first`` moves) of seeded
    greedy-against-random games; the position object is reused, copy it to keep it."""
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k * 2)  # the seeds the collection was made with
        greedy, rand = GreedyPlayer(rng.randrange(1 << 30)), RandomPlayer(rng.randrange(1 << 30))
        players: tuple[Player, Player] = (rand, greedy) if k % 2 else (greedy, rand)
        pos = Position()
        t = Tracker(pos)
        while not pos.is_over():
            t.push(players[pos.to_move].choose(t))
            if len(pos.moves) >= first and not pos.is_over() and not pos.moves[-1].is_pass:
                yield k, pos


def find_puzzles(goal: str, seed: int, count: int = 1, games: int = 20) -> Iterator[Puzzle]:
    """Up to ``count`` puzzles with ``goal`` from positions of seeded self-play games."""
    if goal not in GOALS:
        raise InvalidInputError(f"unknown goal {goal!r}; expected one of {', '.join(GOALS)}")
    found = 0
    done_game = -1
    for game, pos in game_positions(seed, games):
        if game == done_game:
            continue
        snapshot = pos.copy()
        t = Tracker(snapshot)
        for target in _targets(t, goal):
            sols = solutions(t, goal, target)
            if len(sols) == 1:
                names = tuple(snapshot.board.name(c) for c in sorted(target))
                answer = format_moves([sols[0]], snapshot.to_move, snapshot)
                yield Puzzle(goal, write_record(snapshot), answer, names, DEPTH[goal])
                found += 1
                done_game = game
                break
        if found >= count:
            return


def answer_move(p: Puzzle, pos: Position) -> Move:
    """The answer of ``p`` as a move of ``pos``."""
    letter, inner = p.answer[0], p.answer[2:-1]
    if letter != COLOUR_LETTERS[pos.to_move]:
        raise InvalidInputError(f"answer {p.answer} is not for the player to move")
    return pos.parse_move(inner)
