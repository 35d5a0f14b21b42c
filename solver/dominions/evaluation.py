"""Static evaluation of Dominions positions and a cheap ordering of candidate moves.

The evaluation is material (the score difference) corrected for groups in atari: a group
whose single liberty the opponent can fill (he holds a piece that fits there) is counted as
mostly lost when the opponent moves next, slightly weakened when its owner moves next. Groups
are read from an incremental ``Tracker``, so evaluating a child position costs only the update
of the groups the move touched.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from puzzles.dominions import Move, Position
from puzzles.dominions.board import fitting_mask
from solver.dominions.tracker import Tracker

WIN = 10_000.0
EN_PRISE = 1.6  # fraction of 2*size lost by a group the opponent can capture at once
SAVE_CHANCE = 0.3  # penalty per piece when the owner moves first
LIBERTY_BONUS = 0.05  # per liberty (up to 4) of each group


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
    for colour, cells, libs in t.table.values():
        n = len(libs)
        sign = 1.0 if colour == me else -1.0
        if n == 1:
            (cell,) = libs
            if fitting_mask(mbs[cell], mbls[cell]) & hands[1 - colour]:
                size = len(cells)
                if mover != colour:
                    value -= sign * EN_PRISE * size
                else:
                    value -= sign * SAVE_CHANCE * size
        value += sign * LIBERTY_BONUS * (n if n < 4 else 4)
    return diff + value


def quick_score(liberties: int, effect: int) -> float:
    """A cheap a-priori value of a placement for its mover (for ordering).

    ``effect`` is the number of pieces captured, or minus the pieces reversed by a suicide.
    """
    if effect < 0:
        return 1.0 + 2.0 * effect
    gain = 2.0 + 2.0 * effect
    if liberties == 1:
        gain -= 1.5
    return gain + 0.1 * min(liberties, 4)


def hot_cells(t: Tracker, limit: int = 2) -> set[int]:
    """Liberties of the groups with at most ``limit`` liberties (where captures happen)."""
    out: set[int] = set()
    for _, _, libs in t.table.values():
        if len(libs) <= limit:
            out |= libs
    return out


def heat(t: Tracker, me: int) -> dict[int, float]:
    """Urgency of each vacant cell for ``me``: threats to short-of-liberty groups.

    A cell scores for an opponent group it would put in atari (two liberties left) and for an
    own group in atari (one liberty) or short of liberties (two) that a move there extends.
    """
    out: dict[int, float] = {}
    for colour, cells, libs in t.table.values():
        n = len(libs)
        if n > 2:
            continue
        size = len(cells)
        if colour == me:
            w = 1.0 * size if n == 1 else 0.3 * size
        else:
            w = 0.5 * size if n == 2 else 0.0
        if w:
            for cell in libs:
                out[cell] = out.get(cell, 0.0) + w
    return out


def ordered_moves(pos: Position, limit: int | None = None,
                  cells: Iterable[int] | None = None,
                  t: Tracker | None = None,
                  rng: random.Random | None = None) -> list[tuple[float, Move]]:
    """Legal placements of the player to move, best quick score first.

    With a tracker, cells that extend own groups short of liberties or threaten opponent groups
    score higher (``heat``). Ties are put in a random order when ``rng`` is given (otherwise
    they keep the board order, which favours the low rows).
    """
    hot = heat(t, pos.to_move) if t is not None else {}
    scored = []
    for c, p, n, e in pos.legal_placements(cells=cells):
        v = quick_score(n, e)
        if c in hot and n >= 2:
            v += hot[c]
        scored.append((v, Move(c, p)))
    if rng is not None:
        rng.shuffle(scored)
    scored.sort(key=lambda sm: -sm[0])
    return scored if limit is None else scored[:limit]
