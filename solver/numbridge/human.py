"""Players modelled on a human at the table: they deduce digits instead of knowing them, and
they may contest.

The players of ``solver.numbridge.players`` place with knowledge of the solution, so they
never miss and can put a cell into any block their tiles fit. A human sees only the board:
without a proof of a cell's digit (``solver.numbridge.deduction``) a placement is a guess,
and a wrong guess is a miss (the tile is discarded, the tempo lost). The players here choose
among

- **proven placements** (the digit deduced at the player's knowledge level) and **claims**
  (a given's digit is on the board), both sure;
- **guesses**: a tile on a cell where the pencil marks allow it, worth the chance that it is
  right (:meth:`solver.numbridge.deduction.Knowledge.chance`) times the position after the
  cell is closed plus the rest times the position after a miss; the hypothetical branches are
  played on a copy with the cell's digit assumed, never by reading the solution;
- **discards** of a tile no cell can take.

Every miss is public, so a player also rules out the (cell, digit) pairs that missed.

The evaluation is a parameter: ``blocks`` (``solver.numbridge.players.evaluate``, builds own
blocks) or ``odds`` (``solver.numbridge.odds.odds_evaluate``, each block a race and the game a
majority: it contests). ``greedy`` looks one move ahead, ``search`` a pair (the best first
moves, each with its best second move), as the players of the same names do.

Players of the game (``solver.numbridge.gamedef``): ``greedy-deduce`` and ``search-deduce`` (block
evaluation, knowledge ``locked``: singles after locked candidates), ``greedy-odds`` and
``search-odds`` (full knowledge, the contesting evaluation).

Examples
--------
>>> import random
>>> from solver.numbridge.gamedef import NUMBRIDGE
>>> from solver.play.match import new_game
>>> state = new_game(NUMBRIDGE, 100)
>>> g = state.g
>>> know = knowledge(g, "singles")
>>> all(int(g.solution[c]) == d for c, d in know.known.items()), len(know.known)
(True, 9)
>>> move = human_greedy(g, random.Random(1), level="singles")
>>> move.kind in ("claim", "place") and (move.kind == "claim" or move.cell in know.known)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from puzzles.numbridge.field import CELLS
from puzzles.numbridge.game import Game, Move
from solver.numbridge.deduction import LEVELS, Knowledge
from solver.numbridge.odds import odds_evaluate
from solver.numbridge.players import PlayerFunc, evaluate, out_of_time

Evaluation = Callable[[Game, int, bool], float]
#: The evaluations by name.
EVALUATIONS: dict[str, Evaluation] = {"blocks": evaluate, "odds": odds_evaluate}
#: First moves the pair search looks at (as ``solver.numbridge.players.search_player``).
WIDTH = 12


@dataclass(frozen=True)
class Option:
    """A turn move and the mover's estimate that it closes a cell or claims (1 sure, 0 a
    certain miss)."""

    move: Move
    chance: float


def public_misses(g: Game) -> list[tuple[int, int]]:
    """The (cell, digit) pairs that missed so far (every player saw them)."""
    return [(m.cell, m.digit) for m in g.history
            if m.kind == "place" and g.digits[m.cell] != m.digit]


def knowledge(g: Game, level: str, excluded: list[tuple[int, int]] | None = None
              ) -> Knowledge:
    """What a player at ``level`` knows on ``g``'s board (the misses seen included)."""
    return Knowledge.of(g.field.blocks, g.digits, level,
                        g.solution if level == "solution" else None,
                        public_misses(g) if excluded is None else excluded)


def options(g: Game, know: Knowledge, guesses: bool = True) -> list[Option]:
    """The mover's proven placements, claims, guesses (with ``guesses``, or when nothing is
    sure) and one discard per tile no cell can take; a pass when there is none."""
    hand = sorted(set(g.hands[g.mover]))
    out = [Option(Move("place", c, d), 1.0) for c, d in sorted(know.known.items())
           if d in hand]
    for c in g.unclaimed_givens():
        out += [Option(Move("claim", c, tiles=t), 1.0) for t in g.claim_payments(c)]
    empty = [c for c in range(CELLS) if g.digits[c] == 0]
    claimable = {g.digits[c] for c in g.unclaimed_givens()} \
        if g.settings.claim_tile == "digit" else set(hand)
    for d in hand:
        sure_wrong = None
        fits = d in claimable
        for c in empty:
            if c in know.known:
                if know.known[c] == d:
                    fits = True
                elif sure_wrong is None:
                    sure_wrong = c
                continue
            p = know.chance(c, d)
            if p > 0:
                fits = True
                if guesses:
                    out.append(Option(Move("place", c, d), p))
            elif sure_wrong is None:
                sure_wrong = c
        if not fits and sure_wrong is not None:
            out.append(Option(Move("place", sure_wrong, d), 0.0))
    if not guesses and not any(o.chance == 1.0 for o in out):
        return options(g, know, True)  # nothing sure: a guess is better than a discard
    if not out:
        out = [Option(m, 1.0) for m in g.legal_moves()]  # a pass
    return out


def _branch(g: Game, move: Move, digit: int | None) -> Game:
    """``g`` after ``move``; for a guess, with the cell's digit assumed to be ``digit``
    (the move's own for a hit, another for a miss): a hypothesis, not the solution."""
    h = g.copy()  # the history stays: the misses in it are public knowledge
    if digit is not None:
        c = move.cell
        h.solution = h.solution[:c] + str(digit) + h.solution[c + 1:]
    h.play(move)
    return h


def outcomes(g: Game, opt: Option) -> list[tuple[float, Game]]:
    """(chance, position) after ``opt``: one position for a sure move, two for a guess."""
    if opt.chance in (0.0, 1.0):
        return [(1.0, _branch(g, opt.move, None))]
    d = opt.move.digit
    return [(opt.chance, _branch(g, opt.move, d)),
            (1 - opt.chance, _branch(g, opt.move, d % 9 + 1))]


def _value(g: Game, opt: Option, ev: Evaluation, p: int, threats: bool = False) -> float:
    return sum(q * ev(h, p, threats) for q, h in outcomes(g, opt))


def human_greedy(g: Game, rng: random.Random, level: str = "locked",
                 evaluation: str = "blocks", guesses: bool = True,
                 deadline: float | None = None) -> Move:
    """The option with the best expected evaluation after it (random among equals); at
    ``deadline`` (``time.monotonic()``) the best of the options valued so far."""
    ev = EVALUATIONS[evaluation]
    p = g.mover
    know = knowledge(g, level)
    scored: list[tuple[float, Move]] = []
    for o in options(g, know, guesses):
        if scored and out_of_time(deadline):
            break
        scored.append((_value(g, o, ev, p), o.move))
    best = max(s for s, _ in scored)
    return rng.choice([m for s, m in scored if s >= best - 1e-9])


def _best_second(h: Game, level: str, ev: Evaluation, p: int, guesses: bool,
                 deadline: float | None = None) -> float | None:
    """The best expected evaluation of a second move in ``h`` (opponent's threats counted);
    a guess's miss leaves the board as it is. None when ``deadline`` passes first."""
    if out_of_time(deadline):
        return None
    know = knowledge(h, level)
    stay = ev(h, p, True)
    best = stay
    for o in options(h, know, guesses):
        if out_of_time(deadline):
            return None
        if o.chance == 0.0:
            continue
        hit = ev(_branch(h, o.move, o.move.digit if o.chance < 1 else None), p, True)
        best = max(best, o.chance * hit + (1 - o.chance) * stay)
    return best


def _pair_value(g: Game, o: Option, level: str, ev: Evaluation, p: int, guesses: bool,
                deadline: float | None) -> float | None:
    """The expected value of first move ``o`` with each outcome's best second move; None when
    ``deadline`` passes first."""
    value = 0.0
    for q, h in outcomes(g, o):
        if h.result is not None or h.mover != p:
            value += q * ev(h, p, False)
            continue
        h.bag = []
        second = _best_second(h, level, ev, p, guesses, deadline)
        if second is None:
            return None
        value += q * second
    return value


def human_search(g: Game, rng: random.Random, level: str = "locked",
                 evaluation: str = "blocks", guesses: bool = True, width: int = WIDTH,
                 deadline: float | None = None) -> Move:
    """On a pair's first move, the first move of the best pair: the ``width`` best first
    options by their one-move value, each worth its outcomes' best second move (the hand
    that is left: the refill is unknown); otherwise :func:`human_greedy`.

    An anytime search: at ``deadline`` (``time.monotonic()``, looked at inside the ranking
    and the second moves) the best of the pairs searched to the end decides; out of time
    before the first, the best first option by its one-move value (the options valued so
    far)."""
    if g.left_in_pair < 2:
        return human_greedy(g, rng, level, evaluation, guesses, deadline)
    ev = EVALUATIONS[evaluation]
    p = g.mover
    know = knowledge(g, level)
    ranked: list[tuple[float, float, Option]] = []
    for o in options(g, know, guesses):
        if ranked and out_of_time(deadline):
            break
        ranked.append((_value(g, o, ev, p), rng.random(), o))
    firsts = sorted(ranked, key=lambda t: (-t[0], t[1]))[:width]
    best: tuple[float, float] | None = None
    choice = firsts[0][2].move
    for _, tie, o in firsts:
        value = _pair_value(g, o, level, ev, p, guesses, deadline)
        if value is None:
            break
        if best is None or (value, tie) > best:
            best = (value, tie)
            choice = o.move
    return choice


def _named(func: Callable[..., Move], **kw: object) -> PlayerFunc:
    def play(g: Game, rng: random.Random, *, deadline: float | None = None) -> Move:
        return func(g, rng, deadline=deadline, **kw)

    return play


#: The registered players of this module.
HUMAN_PLAYERS: dict[str, PlayerFunc] = {
    "greedy-deduce": _named(human_greedy, level="locked"),
    "search-deduce": _named(human_search, level="locked"),
    "greedy-odds": _named(human_greedy, level="solution", evaluation="odds"),
    "search-odds": _named(human_search, level="solution", evaluation="odds"),
}


def player_by_spec(spec: str) -> PlayerFunc:
    """A player from ``KIND[:LEVEL[:EVALUATION[:noguess]]]``: ``greedy:singles``,
    ``search:locked:odds``, ``greedy:solution:blocks`` (KIND ``greedy`` or ``search``).

    Raises
    ------
    ValueError
        For an unknown kind, level or evaluation.
    """
    parts = spec.split(":")
    kind = parts[0]
    level = parts[1] if len(parts) > 1 else "locked"
    evaluation = parts[2] if len(parts) > 2 else "blocks"
    guesses = not (len(parts) > 3 and parts[3] == "noguess")
    if kind not in ("greedy", "search") or evaluation not in EVALUATIONS \
            or level not in LEVELS:
        raise ValueError(f"bad player {spec!r}: greedy|search[:LEVEL[:blocks|odds]]")
    return _named(human_greedy if kind == "greedy" else human_search, level=level,
                  evaluation=evaluation, guesses=guesses)
