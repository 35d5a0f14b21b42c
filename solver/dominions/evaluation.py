"""Static evaluation of Dominions positions and a cheap ordering of candidate moves.

Liberties are counted as beams, as the seed says ("the liberties of a group are the beams
that border on vacant cells": two beams of one group into one vacant cell are two liberties,
and the group is not in atari). The evaluation is material (the score difference) corrected
for groups in atari: a group with a single liberty beam whose cell the opponent can fill (he
holds a piece that fits there) is counted as mostly lost when the opponent moves next,
slightly weakened when its owner moves next; every group earns a little per liberty beam.
Groups are read from the position's incremental groups (``Tracker``), so evaluating a child
position costs only the update of the groups the move touched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from puzzles.dominions import Move, Position
from puzzles.dominions.board import fitting_mask
from solver.dominions.tracker import Tracker

WIN = 10_000.0
EN_PRISE = 1.6  # fraction of 2*size lost by a group the opponent can capture at once
SAVE_CHANCE = 0.3  # penalty per piece when the owner moves first
LIBERTY_BONUS = 0.05  # per liberty beam (up to 4) of each group


def evaluate(t: Tracker, me: int) -> float:
    """The value of the tracker's position for ``me`` (higher is better).

    Finished games score +-WIN plus the score difference.
    """
    pos = t.position
    w, b = pos.score()
    diff = float(w - b if me == 0 else b - w)
    if pos.is_over():
        return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0.0)
    mover = pos.to_move
    hands = pos.hands
    mbs, mbls = pos.must_beam, pos.must_blank
    value = 0.0
    for g in t.table.values():
        n = g.beams
        colour = g.colour
        sign = 1.0 if colour == me else -1.0
        if n == 1:  # atari: one liberty beam
            (cell,) = g.liberties
            if fitting_mask(mbs[cell], mbls[cell]) & hands[1 - colour]:
                size = len(g.cells)
                if mover != colour:
                    value -= sign * EN_PRISE * size
                else:
                    value -= sign * SAVE_CHANCE * size
        value += sign * LIBERTY_BONUS * (n if n < 4 else 4)
    return diff + value


def quick_score(liberties: int, effect: int) -> float:
    """A cheap a-priori value of a placement for its mover (for ordering).

    ``liberties`` counts the liberty beams of the group the move leaves; ``effect`` is the
    number of pieces captured, or minus the pieces reversed by a suicide.
    """
    if effect < 0:
        return 1.0 + 2.0 * effect
    gain = 2.0 + 2.0 * effect
    if liberties == 1:
        gain -= 1.5
    return gain + 0.1 * min(liberties, 4)


def hot_cells(t: Tracker, limit: int = 2) -> set[int]:
    """Liberty cells of the groups with at most ``limit`` liberty beams (where captures
    happen)."""
    out: set[int] = set()
    for g in t.table.values():
        if g.beams <= limit:
            out |= g.liberties
    return out


def heat(t: Tracker, me: int) -> dict[int, float]:
    """Urgency of each vacant cell for ``me``: threats to short-of-liberty groups.

    A cell scores for an opponent group with two liberty beams (a move there puts it in atari,
    or captures it when both beams point into that cell) and for an own group in atari (one
    liberty beam) or short of liberties (two beams) that a move there extends.
    """
    out: dict[int, float] = {}
    for g in t.table.values():
        n = g.beams
        if n > 2:
            continue
        size = len(g.cells)
        if g.colour == me:
            w = 1.0 * size if n == 1 else 0.3 * size
        else:
            w = 0.5 * size if n == 2 else 0.0
        if w:
            for cell in g.liberties:
                out[cell] = out.get(cell, 0.0) + w
    return out


def placements_with_beams(pos: Position, cells: Iterable[int] | None = None
                          ) -> Iterator[tuple[int, int, int, int]]:
    """The legal placements of the player to move as ``(cell, piece, beams, effect)``.

    As ``Position.iter_placements``, but the third number counts the liberty *beams* of the
    group the move leaves (the seed's liberties) instead of its liberty cells. A placement
    that captures nothing joins the own groups whose beams point into the cell, so its beams
    are theirs minus those beams plus the piece's beams towards vacant cells; a capture is
    played and undone to count them (captures are few); a suicide keeps the position's count
    (the liberties of the opponent's new group).
    """
    me = pos.to_move
    piece, owner, gid, table = pos.piece, pos.owner, pos.gid, pos.group_table
    nbs = pos.board.neighbours
    last = -1
    own_beams = free = 0
    for c, p, n, e in pos.iter_placements(cells=cells):
        if e < 0:
            yield c, p, n, e
            continue
        if e > 0:
            pos.push(Move(c, p))
            beams = table[gid[c]].beams
            pos.pop()
            yield c, p, beams, e
            continue
        if c != last:
            last = c
            row = nbs[c]
            mb = pos.must_beam[c]
            joined: set[int] = set()
            own_beams = free = 0
            for k in range(6):
                j = row[k]
                if j < 0:
                    continue
                if piece[j] < 0:
                    free |= 1 << k
                elif mb >> k & 1 and owner[j] == me:
                    joined.add(gid[j])
                    own_beams -= 1  # this beam points into the cell: no longer a liberty
            own_beams += sum(table[g].beams for g in joined)
        yield c, p, own_beams + (p & free).bit_count(), 0


def ordered_moves(pos: Position, limit: int | None = None,
                  cells: Iterable[int] | None = None,
                  t: Tracker | None = None,
                  rng: random.Random | None = None,
                  stop: Callable[[], bool] | None = None) -> list[tuple[float, Move]]:
    """Legal placements of the player to move, best quick score first.

    With a tracker, cells that extend own groups short of liberties or threaten opponent groups
    score higher (``heat``). Ties are put in a random order when ``rng`` is given (otherwise
    they keep the board order, which favours the low rows). ``stop`` (asked every 64
    placements): when it answers True, only the placements scored so far (a player out of
    time; the empty board has 11,000).
    """
    hot = heat(t, pos.to_move) if t is not None else {}
    scored: list[tuple[float, Move]] = []
    for c, p, n, e in placements_with_beams(pos, cells):
        if stop is not None and len(scored) % 64 == 63 and stop():
            break
        v = quick_score(n, e)
        if c in hot and n >= 2:
            v += hot[c]
        scored.append((v, Move(c, p)))
    if rng is not None:
        rng.shuffle(scored)
    scored.sort(key=lambda sm: -sm[0])
    return scored if limit is None else scored[:limit]
