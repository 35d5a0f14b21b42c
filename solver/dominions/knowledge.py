"""Dominions knowledge for Monte-Carlo search: evaluation, move ordering, rollouts.

The evaluation (White's point of view, then a logistic to a win estimate) is the score
difference corrected group by group, with liberties counted as beams (seed):

- a group with a permanent eye (a liberty cell for which the opponent holds no matching piece)
  is safe for all future play: ``+EYE`` plus ``SAFE`` per piece;
- a group in atari (one liberty beam), or whose beams all point into one vacant cell, whose
  liberty the opponent can fill: if every opponent filling would oscillate it is an eye by
  oscillation (safe now: ``+EYE / 2``); otherwise, when the opponent moves next, the biggest
  such group counts as lost (``-EN_PRISE`` x 2 x size, the swing of a capture: he takes one
  group a move) and the others as groups their owner may still save (``-SAVE_CHANCE`` x
  size, as when the owner moves next);
- two liberty beams: a small penalty (one move from atari); a group that is a complete section
  (its owner may extend from it freely): ``+SECTION``.

Safety (the eye and section bonuses) only turns into points while captures can still come, so
it is scaled by the share of the 126 pieces still in the hands: at the end of the game the
evaluation is the score. A finished draw is worth ``CONTEMPT`` less to the searching seat
(:attr:`solver.play.mcts.Knowledge.contempt`).

Move ordering scores each legal placement by what it does (captures, rescues of own groups in
atari, threats against opponent groups short of liberties, the liberties it keeps); the pass
comes last unless passing now wins. The root orders every legal placement
(:func:`order_moves`); nodes below it only the placements on hot cells and a sample of the
quiet ones (:func:`node_moves`), since progressive widening opens only their first few.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from puzzles.dominions import PASS, Move, Position
from puzzles.dominions.board import fitting_mask, mask_pieces
from puzzles.dominions.state import DominionsState
from puzzles.game import GameState
from solver.dominions.rollout import rollout_move
from solver.play.mcts import Knowledge

EN_PRISE = 0.8
SAVE_CHANCE = 0.2
EYE = 1.0
SAFE = 0.15
SECTION = 0.3
TWO_BEAMS = 0.15
#: the mover takes one capturable group per move: only the biggest counts as lost
#: (``EN_PRISE`` x 2 x size), the others as groups their owner may still save
BIGGEST_THREAT = True
#: a group whose beams all point into one vacant cell (two or more beams: not in atari by
#: the seed's count) is captured by one placement there all the same: judged like atari
CELL_CAPTURE = True
#: the safety terms (eyes, sections) scaled by the share of the 126 pieces still in hand
PHASE = True
SCALE = 4.0  # score points for a win estimate of 73%
CONTEMPT = 0.15  # a draw is worth 0.35 to the searching seat (the search expects to be stronger)
QUIET = 12  # quiet placements keeping 3+ liberties that a node below the root collects
QUIET_GOOD = 1.3  # their ordering value (1 + 0.1 a liberty)
STOP_EVERY = 64  # placements scored between two looks at the clock (a root ordering)
PER_CELL = 2  # quiet placements taken from one cell (variety: not 16 pieces on one cell)
SMALL_HAND = 12  # with this few pieces in hand a node orders every legal placement (which
# piece goes where decides whether the last pieces still fit)
STRIDES = (7, 11, 13, 17, 19)  # steps through the frontier (one that does not divide its size)


#: The features of the evaluation, White minus Black (see :func:`features`).
FEATURES = ("score", "section", "eye", "safe", "oscillation", "prey", "capturable",
            "two_beams", "tempo")
#: The hand-set weights, in score points (the evaluation before tuning).
HAND_POINTS = (1.0, SECTION, EYE, SAFE, EYE / 2, 2 * EN_PRISE - SAVE_CHANCE, -SAVE_CHANCE,
               -TWO_BEAMS, 0.0)


def features(pos: Position) -> list[float]:
    """White minus Black: the score; with the phase (the share of the 126 pieces still in
    hand) the complete sections, the groups with a permanent eye, their pieces, the eyes by
    oscillation; the mover's biggest capture (its size, + when White moves); the pieces of
    every capturable group (in atari, or one liberty cell, which the opponent can fill); the
    pieces of groups with two liberty beams; the side to move (+1 White)."""
    hands, mbs, mbls = pos.hands, pos.must_beam, pos.must_blank
    mover = pos.to_move
    phase = (hands[0].bit_count() + hands[1].bit_count()) / 126 if PHASE else 1.0
    w, b = pos.score()
    section = eye = safe = osc = capturable = two = 0.0
    prey = 0  # the biggest group the mover can capture now
    for g in pos.group_table.values():
        sign = 1.0 if g.colour == 0 else -1.0
        opp = hands[1 - g.colour]
        size = len(g.cells)
        if g.complete:
            section += sign
        has_eye = False
        for cell in g.liberties:
            if not fitting_mask(mbs[cell], mbls[cell]) & opp:
                has_eye = True
                break
        if has_eye:
            eye += sign
            safe += sign * size
        elif g.beams == 1 or (len(g.liberties) == 1 and CELL_CAPTURE):
            (cell,) = g.liberties
            if not pos.legal_placements(1 - g.colour, cells=(cell,)):
                if g.beams == 1:
                    osc += sign  # an eye by oscillation, now
            else:
                capturable += sign * size
                if mover != g.colour:
                    prey = max(prey, size)
        elif g.beams == 2:
            two += sign * size
    turn = 1.0 if mover == 0 else -1.0
    return [float(w - b), section * phase, eye * phase, safe * phase, osc * phase,
            turn * prey, capturable, two, turn]


def _load_weights() -> tuple[float, ...]:
    """The tuned logistic weights of :data:`FEATURES` (``weights.json`` beside this module,
    written by ``python3 -m scripts.tune_weights dominions``), else the hand-set ones."""
    import json  # (read once, at import)
    from pathlib import Path  # (likewise)

    path = Path(__file__).with_name("weights.json")
    if TUNED and path.exists():
        doc = json.loads(path.read_text())
        if tuple(doc["features"]) == FEATURES:
            return tuple(float(x) for x in doc["weights"])
    return tuple(x / (2 * SCALE) for x in HAND_POINTS)


#: use the tuned weights of ``weights.json`` (False: the hand-set ones)
TUNED = True
#: The logistic weights: White's win estimate is ``sigmoid(2 * WEIGHTS . features)``.
WEIGHTS = _load_weights()


def group_terms(pos: Position) -> float:
    """The group corrections, White minus Black, in score points (the weighted features
    other than the score)."""
    f = features(pos)
    return sum(w * x for w, x in zip(WEIGHTS[1:], f[1:], strict=True)) / WEIGHTS[0]


def evaluate_white(pos: Position) -> float:
    """White's advantage in score points, group corrections included."""
    f = features(pos)
    return sum(w * x for w, x in zip(WEIGHTS, f, strict=True)) / WEIGHTS[0]


def win_estimate(pos: Position) -> list[float]:
    """(White, Black) win estimates: ``sigmoid(2 * WEIGHTS . features)``."""
    f = features(pos)
    x = max(-30.0, min(30.0, 2 * sum(w * v for w, v in zip(WEIGHTS, f, strict=True))))
    pw = 1.0 / (1.0 + math.exp(-x))
    return [pw, 1.0 - pw]


def hot_cells(pos: Position, limit: int = 2) -> list[int]:
    """The liberty cells of the groups with at most ``limit`` liberty beams (where captures,
    rescues and threats happen), in cell order."""
    out: set[int] = set()
    for g in pos.group_table.values():
        if g.beams <= limit:
            out |= g.liberties
    return sorted(out)


def order_moves(pos: Position, rng: random.Random, cells: list[int] | None = None,
                stop: Callable[[], bool] | None = None) -> list[Move]:
    """Legal moves of the player to move, most promising first (the pass at the end);
    ``cells`` restricts the placements to those cells. ``stop`` (checked every
    ``STOP_EVERY`` placements): when it answers True, the placements scored so far (a player
    out of time; the empty board has 11,000 placements)."""
    me = pos.to_move
    heat: dict[int, float] = {}
    for g in pos.group_table.values():
        if g.beams > 2:
            continue
        size = len(g.cells)
        if g.colour == me:
            w = 2.0 * size if g.beams == 1 else 0.5 * size
        else:
            w = 1.0 * size if g.beams == 2 else 0.0
        for cell in g.liberties:
            heat[cell] = heat.get(cell, 0.0) + w
    scored: list[tuple[float, Move]] = []
    for c, p, n, e in pos.iter_placements(cells=cells):
        if stop is not None and len(scored) % STOP_EVERY == STOP_EVERY - 1 and stop():
            break
        if e > 0:
            v = 4.0 + 2.0 * e
        elif e < 0:
            v = -1.0 + e
        else:
            v = 1.0
        if n == 1:
            v -= 1.5
        v += 0.1 * min(n, 4) + heat.get(c, 0.0) + rng.random() * 0.05
        scored.append((v, Move(c, p)))
    return _with_pass(pos, me, scored)


def _with_pass(pos: Position, me: int, scored: list[tuple[float, Move]]) -> list[Move]:
    """The scored moves, best first, and the pass: first when passing now ends the game
    won for ``me`` (the opponent has just passed), otherwise last."""
    scored.sort(key=lambda t: -t[0])
    moves = [m for _, m in scored]
    if pos.passes == 1:
        w, b = pos.score()
        if (w > b) if me == 0 else (b > w):
            return [PASS, *moves]
    moves.append(PASS)
    return moves


def node_moves(pos: Position, rng: random.Random, quiet: int = QUIET,
               per_cell: int = PER_CELL) -> list[Move]:
    """A short ordered move list for a node below the root (progressive widening opens only
    its first few moves, so the whole sorted list of :func:`order_moves` is not needed).

    Every placement on a *hot* cell (a liberty of a group with at most two liberty beams or
    one liberty cell: captures, rescues and threats happen there) is scored as in
    :func:`order_moves`; the quiet placements (elsewhere) only differ by the liberties they
    keep, so instead of all of them the frontier is walked from a random cell with a stride
    and each cell gives its ``per_cell`` best placements (random among equals) until
    ``quiet`` placements that keep three or more liberties are found. With at most
    ``SMALL_HAND`` pieces in hand (the end of a game) or on the empty board: the full
    :func:`order_moves`.
    """
    me = pos.to_move
    if not pos.occupied or pos.hands[me].bit_count() <= SMALL_HAND:
        return order_moves(pos, rng)
    heat: dict[int, float] = {}
    for g in pos.group_table.values():
        beams = g.beams
        if beams > 2:
            if len(g.liberties) == 1:
                for cell in g.liberties:  # a capture cell (several beams into one cell)
                    heat.setdefault(cell, 0.0)
            continue
        size = len(g.cells)
        if g.colour == me:
            w = 2.0 * size if beams == 1 else 0.5 * size
        else:
            w = 1.0 * size if beams == 2 else 0.0
        for cell in g.liberties:
            heat[cell] = heat.get(cell, 0.0) + w
    piece, occ_n = pos.piece, pos.occupied_neighbours
    frontier = [c for c in range(len(piece)) if occ_n[c] and piece[c] < 0 and c not in heat]
    random_ = rng.random
    scored = []
    for c, p, n, e in pos.iter_placements(cells=sorted(heat)):
        if e > 0:
            v = 4.0 + 2.0 * e
        elif e < 0:
            v = -1.0 + e
        else:
            v = 1.0 - (1.5 if n == 1 else 0.0)
        v += 0.1 * min(n, 4) + heat[c] + random_() * 0.05
        scored.append((v, Move(c, p)))
    size = len(frontier)
    stride = next(k for k in STRIDES if size % k)
    at = rng.randrange(size)
    found = 0
    hand, mbs, mbls, nbs = pos.hands[me], pos.must_beam, pos.must_blank, pos.board.neighbours
    cell_info = pos.cell_info
    for _ in range(size):
        cell = frontier[at]
        at = (at + stride) % size
        cand = fitting_mask(mbs[cell], mbls[cell]) & hand
        if not cand:
            continue
        info = cell_info(cell, me)
        if not info.contact and not info.extends:
            continue
        libs = info.libs_after
        nlibs = len(libs)
        row = nbs[cell]
        fresh = 0
        for k in range(6):
            j = row[k]
            if j >= 0 and piece[j] < 0 and j not in libs:
                fresh |= 1 << k
        best: list[tuple[float, Move]] = []
        for p in mask_pieces(cand):
            n = nlibs + (p & fresh).bit_count()
            if n:
                v = 1.0 + 0.1 * (n if n < 4 else 4) - (1.5 if n == 1 else 0.0)
            elif info.suicide_libs:
                v = -1.0 - len(info.suicide_flip)
            else:
                continue  # oscillation
            best.append((v + random_() * 0.05, Move(cell, p)))
        if len(best) > per_cell:
            best.sort(key=lambda t: -t[0])
            del best[per_cell:]
        scored.extend(best)
        found += sum(1 for v, _ in best if v >= QUIET_GOOD)
        if found >= quiet:
            break
    return _with_pass(pos, me, scored)


class DominionsKnowledge(Knowledge):
    """The hooks above for :class:`solver.play.mcts.MCTSPlayer`."""

    perfect_information = True
    rollout_depth = 0  # the evaluation at the new leaf (measured: rollouts of 2-6 random
    # moves add noise that costs more than they tell, see docs/players.md)
    widen = (2.0, 0.5)
    exploration = 0.5
    #: from the measured noise of one evaluation (python3 -m benchmarks.review_noise)
    review_thresholds = (0.02, 0.04, 0.08)
    contempt = CONTEMPT

    def move_key(self, state: GameState[Any], move: Any) -> Any:
        return move  # a Move is a hashable (cell, piece) tuple

    def determinize(self, state: GameState[Any], seat: int,
                    rng: random.Random) -> GameState[Any]:
        assert isinstance(state, DominionsState)
        return DominionsState(state.position.base, state.position.copy())

    #: below the root, only placements on hot cells (liberties of groups with at most two
    #: liberty beams); measured weaker at 0.02 s a move (7 / 12 against 9 / 12), so off
    tactical = False
    #: below the root, :func:`node_moves` (hot placements and a sample of the quiet ones)
    #: instead of every legal placement sorted
    lazy = True

    def order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        assert isinstance(state, DominionsState)
        pos = state.position
        if self.tactical:
            hot = hot_cells(pos)
            moves = order_moves(pos, rng, hot) if hot else []
            if len(moves) > 1:
                return moves
        if self.lazy:
            return node_moves(pos, rng)
        return order_moves(pos, rng)

    def root_order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        assert isinstance(state, DominionsState)
        return order_moves(state.position, rng, stop=self.out_of_time)

    def rollout_move(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominionsState)
        return rollout_move(state.position, rng)

    def evaluate(self, state: GameState[Any]) -> list[float]:
        assert isinstance(state, DominionsState)
        return win_estimate(state.position)

    feature_names = FEATURES

    def features(self, state: GameState[Any]) -> list[list[float]]:
        """White's features and Black's (their opposite), for the Texel tuner."""
        assert isinstance(state, DominionsState)
        f = features(state.position)
        return [f, [-x for x in f]]

    def weights(self) -> list[float]:
        """The logistic weights in use."""
        return list(WEIGHTS)

