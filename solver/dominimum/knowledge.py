"""Dominimum / Dominomega knowledge for Monte-Carlo search, with mission inference.

- **Mission inference** (Dominimum): a player keeps the groups of her two mission values small,
  so a value she keeps joining to equal values is unlikely to be in her mission. From the
  public history, ``joins[q][v]`` counts for seat ``q`` how many equal neighbours each half of
  value ``v`` she placed touched at the time. A determinization is drawn by sampling
  ``SAMPLES`` redraws of the hidden tiles (``Game.determinize``) and keeping one with
  probability proportional to ``prod_q exp(-BETA * (joins[q][a] + joins[q][b]))`` over the
  opponents' sampled missions ``(a, b)``. Only public facts and the seat's own tiles are used.
- **Ordering**: at the root the greedy ranking by the margin (own score against the best
  opponent, missions sampled from the unseen tiles), then own score; below it the legal
  placements by the seat's own score after the move (lowest first in Dominimum, highest
  product first in Dominomega), ties at random.
- **Rollouts**: every seat plays the best own score among a few random placements
  (``solver.dominimum.players._quick_move``) for ``rollout_depth`` placements; then the
  evaluation turns the seats' current scores into win estimates (a softmin of the Dominimum
  scores, temperature a third of the mean score; a softmax of the logarithms of the Dominomega
  products, temperature ``OMEGA_TEMPERATURE``).
"""

from __future__ import annotations

import math
import random
from typing import Any

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import neighbours
from puzzles.dominimum.state import DominimumState
from puzzles.game import GameState
from solver.dominimum.placement import GroupIndex, greedy_omega_choices
from solver.dominimum.players import _quick_move, ranked
from solver.play.mcts import Knowledge

BETA = 0.6
OMEGA_TEMPERATURE = 0.5
SAMPLES = 6
ORDER_LIMIT = 40


def joins(game: Game) -> list[dict[int, int]]:
    """Per seat, per value: equal neighbours its placed halves touched when placed."""
    out: list[dict[int, int]] = [{} for _ in range(game.players)]
    placed_later = {c for m in game.history for c in m.placement.cells}
    value_at: dict[Any, int] = {c: v for c, v in game.layout.value_at.items()
                                if c not in placed_later}
    for m in game.history:
        p = m.placement
        for cell, v in zip(p.cells, p.values, strict=True):
            n = sum(1 for nb in neighbours(cell) if value_at.get(nb) == v)
            out[m.player][v] = out[m.player].get(v, 0) + n
        for cell, v in zip(p.cells, p.values, strict=True):
            value_at[cell] = v
    return out


def mission_weight(game: Game, seat: int, counts: list[dict[int, int]]) -> float:
    """The likelihood weight of the opponents' missions in ``game`` (a determinization)."""
    total = 0.0
    for q in range(game.players):
        if q == seat:
            continue
        a, b = game.missions[q]
        total += counts[q].get(a, 0) + counts[q].get(b, 0)
    return math.exp(-BETA * total)


def own_value(game: Game, index: GroupIndex, seat: int, placement: Any) -> float:
    """The seat's score after ``placement`` (lower is better in both games here)."""
    if game.kind == "dominimum":
        m1, m2 = game.missions[seat]
        return float(index.group_after(placement, m1) * index.group_after(placement, m2))
    return -float(index.product_after(placement, game.symbols[seat]))


class DominimumKnowledge(Knowledge):
    """The hooks above for :class:`solver.play.mcts.MCTSPlayer`."""

    perfect_information = False
    rollout_depth = 4
    widen = (1.0, 0.5)
    exploration = 0.3
    #: from the measured noise of one evaluation (python3 -m benchmarks.review_noise)
    review_thresholds = (0.04, 0.08, 0.16)
    #: the greedy ranking the root opens its moves in: ``own`` (own score, then the margin)
    #: or ``margin`` (own minus the best opponent, sampled missions, then own)
    root_objective = "margin"

    def __init__(self, infer: bool = True) -> None:
        self.infer = infer
        self._cache: tuple[int, int, list[dict[int, int]]] | None = None

    def determinize(self, state: GameState[Any], seat: int,
                    rng: random.Random) -> GameState[Any]:
        assert isinstance(state, DominimumState)
        g = state.g
        if not self.infer or g.kind != "dominimum" or not g.history:
            return state.determinize(seat, rng)
        key = (id(g), len(g.history))
        if self._cache is None or self._cache[:2] != key:
            self._cache = (key[0], key[1], joins(g))
        counts = self._cache[2]
        samples = [g.determinize(seat, rng) for _ in range(SAMPLES)]
        weights = [mission_weight(s, seat, counts) for s in samples]
        pick = rng.choices(range(SAMPLES), weights=weights)[0]
        return type(state)(samples[pick])

    def order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        assert isinstance(state, DominimumState)
        g = state.g
        seat = g.to_move
        index = GroupIndex(g.layout, g.rules.within_tile)
        scored = [(own_value(g, index, seat, p), rng.random(), p) for p in g.legal_moves()]
        scored.sort(key=lambda t: (t[0], t[1]))
        return [p for _, _, p in scored[:ORDER_LIMIT]]

    def root_order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        """The root's placements in the greedy player's order (own score, then the sampled
        margin over the opponents)."""
        assert isinstance(state, DominimumState)
        g = state.g
        cands = ranked(g, g.to_move, 16, rng.randrange(2**31), self.root_objective)
        return [c.placement for c in cands]

    def rollout_move(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominimumState)
        return _quick_move(state.g, rng, 8)

    def evaluate(self, state: GameState[Any]) -> list[float]:
        assert isinstance(state, DominimumState)
        return score_estimate(state.g)


def score_estimate(game: Game) -> list[float]:
    """Win estimates of the seats from their current scores (see the module docstring)."""
    if game.kind == "dominimum":
        values = [-float(s) for s in game.scores()]
        t = max(1.0, -sum(values) / len(values) / 3.0)
    else:  # products grow multiplicatively: compare their logarithms
        values = [math.log1p(s) for s in game.scores()]
        t = OMEGA_TEMPERATURE
    top = max(values)
    w = [math.exp((v - top) / t) for v in values]
    total = sum(w)
    return [x / total for x in w]


def greedy_move(g: Game, rng: random.Random) -> Any:
    """The opponent model of the rollouts: the lowest own score after the move (Dominimum;
    the highest product in Dominomega) over every legal placement, ties at random."""
    seat = g.to_move
    index = GroupIndex(g.layout, g.rules.within_tile)
    best: list[Any] = []
    best_value = math.inf
    for p in g.legal_moves():
        v = own_value(g, index, seat, p)
        if v < best_value:
            best_value, best = v, [p]
        elif v == best_value:
            best.append(p)
    return best[rng.randrange(len(best))]


class ExpectKnowledge(DominimumKnowledge):
    """Dominimum: a flat search over the ``expect`` player's best placements (the player
    ``mcts``; see docs/players.md).

    - determinizations: the opponents' missions drawn from the Bayesian posterior of
      :class:`solver.dominimum.inference.MissionBelief` (every placement seen is evidence;
      two opponents never share a tile), their tiles in hand and the supply redrawn from the
      other unseen tiles, so every sample is consistent with every tile the seat has seen;
    - the root: every legal placement in the order of ``expect`` (the estimated chance to win),
      opened by progressive widening;
    - rollouts: the other seats answer as greedy players would (the lowest own score for
      their sampled missions, :func:`greedy_move`) until the searching seat is to move again;
    - the evaluation: :func:`solver.dominimum.expect.world_chances` of that sample (every
      mission known there).
    """

    tree_depth = 1
    widen = (0.5, 0.5)
    exploration = 0.05
    #: the leaf evaluation's parameters fitted on self-play (``weights.json``)
    tuned = True

    def __init__(self) -> None:
        super().__init__(infer=False)
        from solver.dominimum.expect import ExpectPlayer, tuned_params  # local: the estimator
        from solver.dominimum.inference import MissionBelief  # local: (loaded with the player)

        self._expect = ExpectPlayer()
        self.params = tuned_params() if self.tuned else None
        self._beliefs: dict[int, Any] = {}
        self._belief_class = MissionBelief
        self._joint: tuple[int, int, int, list[Any]] | None = None

    rollout_depth = 2  # the other seats' answers (set to seats - 1 by each determinization)

    def belief(self, seat: int) -> Any:
        """The mission belief of ``seat`` (kept between moves: updated move by move)."""
        if seat not in self._beliefs:
            self._beliefs[seat] = self._belief_class(seat)
        return self._beliefs[seat]

    def determinize(self, state: GameState[Any], seat: int,
                    rng: random.Random) -> GameState[Any]:
        assert isinstance(state, DominimumState)
        g = state.g
        self.rollout_depth = g.players - 1
        if g.kind != "dominimum" or not g.history:
            self._joint = None
            return state.determinize(seat, rng)
        key = (id(g), len(g.history), seat)
        if self._joint is None or self._joint[:3] != key:
            from solver.dominimum.expect import ASSIGNMENTS  # local: loaded with the player

            self._joint = (*key, self.belief(seat).joint(g, ASSIGNMENTS, self.out_of_time))
        joint = self._joint[3]
        weights = [w for w, _ in joint]
        _, missions = joint[rng.choices(range(len(joint)), weights=weights)[0]]
        sample = g.clone()
        opponents = [q for q in range(g.players) if q != seat]
        for q, m in zip(opponents, missions, strict=True):
            sample.missions[q] = m
        pool = [t for t in g.unseen(seat) if t not in missions]
        rng.shuffle(pool)
        for q in opponents:
            if sample.hands[q] is not None:
                sample.hands[q] = pool.pop()
        sample.supply = pool
        return type(state)(sample)

    def root_order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        assert isinstance(state, DominimumState)
        g = state.g
        if g.kind != "dominimum" or not g.history:
            return super().root_order(state, rng)
        return self._expect.ranking(g, self.belief(g.to_move), rng, self.out_of_time)

    def rollout_move(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominimumState)
        return greedy_move(state.g, rng)

    #: the leaf value: ``posterior`` (the searching seat's chance as ``expect`` scores it,
    #: averaged over the posterior of the missions, not the sample's) or ``world`` (every
    #: seat's chance with the sample's missions)
    leaf = "posterior"

    def evaluate(self, state: GameState[Any]) -> list[float]:
        assert isinstance(state, DominimumState)
        # local: with the player
        from solver.dominimum.expect import posterior_chance, world_chances

        g = state.g
        if self.leaf == "world" or self._joint is None or g.kind != "dominimum":
            return world_chances(g, self.params)
        seat = self._joint[2]
        v = posterior_chance(g, seat, self._joint[3], self.params)
        rest = (1.0 - v) / (g.players - 1)
        return [v if q == seat else rest for q in range(g.players)]


def omega_greedy_move(g: Game, rng: random.Random) -> Any:
    """The Dominomega opponent model of the rollouts: what the ``greedy`` player plays, the
    highest own product after the move, ties broken as it breaks them (the lowest best rival
    product, then at random; :func:`solver.dominimum.placement.greedy_omega_choices`)."""
    seat = g.to_move
    hand = g.hands[seat]
    assert hand is not None
    symbol = g.symbols[seat]
    rivals = tuple(s for s in g.symbols if s != symbol)
    choices = greedy_omega_choices(g.layout, hand, symbol, rivals, g.rules.within_tile)
    return choices[rng.randrange(len(choices))]


class PlayoutKnowledge(DominimumKnowledge):
    """Dominomega: a flat search over the greedy ranking (the margin against the best
    opponent, the symbols being public) whose every iteration plays the game on with every
    seat greedy (:func:`omega_greedy_move`: the opponent model, which breaks ties as the
    ``greedy`` player does, and the searching seat's own later moves), from a
    determinization of the hands and the supply, to one placement before the end; that
    nearly final layout is scored by the evaluation (a softmax of the logarithms of the
    products: a margin, smoother than the 0/1 result)."""

    tree_depth = 1
    rollout_depth = 0  # set by each determinization: to one placement before the end
    widen = (1.0, 0.5)
    exploration = 0.25

    def determinize(self, state: GameState[Any], seat: int,
                    rng: random.Random) -> GameState[Any]:
        assert isinstance(state, DominimumState)
        g = state.g
        self.rollout_depth = max(0, g.total_tiles - len(g.history) - 2)
        return super().determinize(state, seat, rng)

    def rollout_move(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominimumState)
        return omega_greedy_move(state.g, rng)
