"""Players: random, greedy and a pair-search player, and self-play.

Every player sees its own hand, the field and the solution (a field has exactly one solution, so
a strong human knows it); none looks at the opponent's hand or the bag order.

- ``random``: a uniformly random turn move (most placements are misses).
- ``greedy``: the move that improves the block evaluation most right now.
- ``search``: on the first move of a pair, the best pair of moves (every useful first move, then
  every useful second move from what is left of the hand), judged by the block evaluation with
  the opponent's threats (blocks where he holds four and a cell is open). Once the bag is empty
  the opponent's hand is known (every other tile is public), and the exact endgame solver
  decides when the position is small enough; when it is not (more than ``ENDGAME_NODES``
  positions) the player falls back to its heuristic, and the player's ``stats()`` counts
  those fallbacks (``solver.numbridge.gamedef.NumbridgePlayer``; ``selfplay --json`` shows them)
  so that strength figures say how often the exact solver decided.

Matches between them run on the one runner (``solver.play.match``).

Examples
--------
>>> from puzzles.numbridge.state import NumbridgeState
>>> from solver.numbridge.gamedef import NUMBRIDGE
>>> from solver.play.match import play_one
>>> state, _ = play_one(NUMBRIDGE, ["greedy", "random"], 1)
>>> state.is_over(), len(state.history()) > 10
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from puzzles.numbridge.field import CELLS
from puzzles.numbridge.game import MAJORITY, Game, Move

PLAYERS = ("random", "greedy", "search")
#: Positions the search player lets the exact endgame solver visit before falling back.
ENDGAME_NODES = 3000


def useful_moves(g: Game) -> list[Move]:
    """Correct placements, claims (paying with a dead tile when there is one, else each
    distinct tile), discards of dead tiles; ``pass`` when nothing else is legal."""
    p = g.mover
    hand = g.hands[p]
    empty_by_digit: dict[int, list[int]] = {}
    for c in range(CELLS):
        if g.digits[c] == 0:
            empty_by_digit.setdefault(int(g.solution[c]), []).append(c)
    moves = [Move("place", c, d) for d in sorted(set(hand)) for c in empty_by_digit.get(d, [])]
    givens = g.unclaimed_givens()
    by_digit = g.settings.claim_tile == "digit"
    claimable = {g.digits[c] for c in givens} if by_digit else set()
    dead = sorted({d for d in hand if d not in empty_by_digit and d not in claimable})
    cost = g.settings.claim_cost
    if by_digit:
        moves += [Move("claim", c, tiles=t) for c in givens for t in g.claim_payments(c)]
    elif len(hand) >= cost:
        pay = _payment(hand, dead, cost)
        for c in givens:
            moves.append(Move("claim", c, tiles=pay))
    empty = g.empty_cells()
    if empty:
        for d in dead:
            wrong = next((c for c in empty if int(g.solution[c]) != d), None)
            if wrong is not None:
                moves.append(Move("place", wrong, d))
    if not moves:
        moves = [m for m in g.legal_moves()]
    return moves


def _payment(hand: list[int], dead: list[int], cost: int) -> tuple[int, ...]:
    rest = sorted(hand, key=lambda d: (d not in dead, d))
    return tuple(sorted(rest[:cost]))


def block_value(mine: int, theirs: int, open_cells: int) -> float:
    """Value of one block for the player holding ``mine`` cells (1 won, -1 lost)."""
    if mine >= MAJORITY:
        return 1.0
    if theirs >= MAJORITY:
        return -1.0
    if mine + open_cells < MAJORITY and theirs + open_cells < MAJORITY:
        return 0.0
    v = 0.08 * (mine - theirs)
    if mine == MAJORITY - 1:
        v += 0.15
    if theirs == MAJORITY - 1:
        v -= 0.2
    if mine + open_cells < MAJORITY:
        v -= 0.3
    if theirs + open_cells < MAJORITY:
        v += 0.3
    return v


def block_tallies(g: Game, p: int) -> Iterator[tuple[int, int, int]]:
    """For each block: (cells of ``p``, cells of the opponent, cells still to take)."""
    for cells in g.blocks.values():
        mine = theirs = free = 0
        for c in cells:
            o = g.owner[c]
            if o == p:
                mine += 1
            elif o:
                theirs += 1
            elif g.digits[c] == 0 or g.is_given(c):
                free += 1
        yield mine, theirs, free


def evaluate(g: Game, p: int, threats: bool = False) -> float:
    """Block evaluation of the position for player ``p`` (a won game is +-100).

    With ``threats`` the opponent is about to play a pair: a block where he holds four (three)
    cells with one (two) open cells counts as nearly lost.
    """
    if g.result is not None:
        return 0.0 if g.result.winner == 0 else (100.0 if g.result.winner == p else -100.0)
    total = 0.0
    for mine, theirs, free in block_tallies(g, p):
        v = block_value(mine, theirs, free)
        if threats and mine < MAJORITY and theirs < MAJORITY:
            if theirs == MAJORITY - 1 and free >= 1 and mine + free - 1 < MAJORITY + 1:
                v = min(v, -0.8)
            elif theirs == MAJORITY - 2 and free >= 2:
                v -= 0.25
        total += v
    return total


def _after(g: Game, m: Move) -> Game:
    h = g.copy()
    h.history = []
    h.play(m)
    return h


def out_of_time(deadline: float | None) -> bool:
    """True when ``deadline`` (a ``time.monotonic()`` moment, None: none) has passed."""
    return deadline is not None and time.monotonic() >= deadline


class PlayerFunc(Protocol):
    """A player: the move for ``g.mover``, chosen by ``deadline`` (a ``time.monotonic()``
    moment) when one is given."""

    def __call__(self, g: Game, rng: random.Random, *, deadline: float | None = None
                 ) -> Move: ...


def random_player(g: Game, rng: random.Random, *, deadline: float | None = None) -> Move:
    """A uniformly random legal turn move (at once: ``deadline`` is not needed)."""
    return rng.choice(list(g.legal_moves()))


def greedy_player(g: Game, rng: random.Random, *, deadline: float | None = None) -> Move:
    """The useful move with the best evaluation afterwards (random among equals); at
    ``deadline`` the best of the moves valued so far."""
    p = g.mover
    scored: list[tuple[float, int, Move]] = []
    for i, m in enumerate(useful_moves(g)):
        if scored and out_of_time(deadline):
            break
        scored.append((evaluate(_after(g, m), p), i, m))
    best = max(s for s, _, _ in scored)
    return rng.choice([m for s, _, m in scored if s >= best - 1e-9])


@dataclass
class EndgameStats:
    """How the search player's moves with an empty bag were decided.

    Attributes
    ----------
    exact : int
        Moves chosen by the exact endgame solver.
    fallbacks : int
        Moves where the endgame was too large (more than ``ENDGAME_NODES`` positions) and
        the heuristic chose instead.
    """

    exact: int = 0
    fallbacks: int = 0

    def to_json(self) -> dict[str, int]:
        """``{"exact": n, "fallbacks": n}``."""
        return {"exact": self.exact, "fallbacks": self.fallbacks}


def search_player(g: Game, rng: random.Random, width: int = 12,
                  stats: EndgameStats | None = None, *, deadline: float | None = None
                  ) -> Move:
    """On a pair's first move: the first move of the best pair (``width`` best first moves,
    then every second move from the rest of the hand, without the unknown refill).

    With the bag empty the exact endgame solver decides when it finishes within
    ``ENDGAME_NODES`` positions; ``stats`` counts its moves and the fallbacks to the heuristic.
    At ``deadline`` (``time.monotonic()``; the clock is looked at in the endgame solver, which
    gets half the time left, and before each first move's pairs) the best pair found so far
    decides (an anytime search): out of time before the first, the best first move by itself.
    """
    p = g.mover
    if not g.bag:
        # with the bag empty the opponent's hand is known (every other tile is public):
        # solve exactly when the position is small enough
        from solver.numbridge.endgame import EndgameTooLargeError, solve_endgame  # local: start-up

        try:
            # half the time left: the rest for the heuristic when the endgame is too large
            half = None if deadline is None else (time.monotonic() + deadline) / 2
            r = solve_endgame(g, node_limit=ENDGAME_NODES, deadline=half)
        except EndgameTooLargeError:
            if stats is not None:
                stats.fallbacks += 1
        else:
            if r.line:
                if stats is not None:
                    stats.exact += 1
                return r.line[0]
    if g.left_in_pair < 2:
        return greedy_player(g, rng, deadline=deadline)
    firsts = sorted(((evaluate(_after(g, m), p), rng.random(), m) for m in useful_moves(g)),
                    key=lambda t: (-t[0], t[1]))[:width]
    best: tuple[float, float] | None = None
    choice = firsts[0][2]
    for s1, tie, m1 in firsts:
        if out_of_time(deadline):
            break
        h = _after(g, m1)
        if h.result is not None or h.mover != p:
            value = s1
        else:
            h.bag = []  # the refill is unknown: search with the hand that is left
            value = max(evaluate(_after(h, m2), p, threats=True) for m2 in useful_moves(h))
        if best is None or (value, tie) > best:
            best = (value, tie)
            choice = m1
    return choice


PLAYER_FUNCS: dict[str, PlayerFunc] = {
    "random": random_player, "greedy": greedy_player, "search": search_player}
