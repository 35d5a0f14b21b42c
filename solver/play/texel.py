"""Logistic ("Texel") tuning of an evaluation's weights on positions from self-play.

A game's knowledge that can be tuned describes a position by *features per seat*
(:meth:`Tunable.features`: one row of numbers per seat) and turns them into win estimates by
a softmax of their weighted sums, ``p_i = exp(w . f_i) / sum_j exp(w . f_j)`` (for two seats
whose rows are opposite, the logistic ``sigmoid(2 w . f_0)``). The weights are fitted to the
results of seeded self-play games: every ``every``-th position of each game is labelled with
the game's returns (a win 1, a draw shared), and ``w`` minimises the cross-entropy of the
estimates against those returns (plus ``l2 * |w|^2``), by L-BFGS from the knowledge's current
weights. The same seed, line-up and budget give the same positions and the same weights on any
machine (node budgets).

Examples
--------
>>> fit([[[1.0], [-1.0]], [[2.0], [-2.0]], [[-1.0], [1.0]]],
...     [[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]], [0.0], l2=0.01).weights[0] > 0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from puzzles.game import GameDef, GameState

Features = list[list[float]]  # per seat, one row


class Tunable(Protocol):
    """Knowledge whose evaluation is ``softmax(w . features)`` (see the module docstring)."""

    feature_names: tuple[str, ...]

    def features(self, state: GameState[Any]) -> Features:
        """One row of features per seat of an unfinished position."""

    def weights(self) -> list[float]:
        """The weights in use, one per feature."""


@dataclass(frozen=True)
class Fit:
    """Fitted weights and the cross-entropy per position before and after."""

    weights: list[float]
    loss_before: float
    loss_after: float
    positions: int


def softmax_estimates(rows: Features, weights: Sequence[float]) -> list[float]:
    """``p_i = exp(w . f_i) / sum_j exp(w . f_j)``, safe for large sums."""
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(max(-60.0, s - top)) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def _loss(x: Any, t: Any, weights: Any, l2: float) -> tuple[float, Any]:
    """Mean cross-entropy plus ``l2 |w|^2`` (``x``: positions x seats x features, ``t``:
    positions x seats), and its gradient."""
    import numpy as np  # (loaded with the fit)

    w = np.asarray(weights, dtype=float)
    scores = x @ w
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(np.maximum(scores, -60.0))
    p /= p.sum(axis=1, keepdims=True)
    n = max(1, len(x))
    loss = -float((t * np.log(np.maximum(p, 1e-12))).sum()) / n
    mean = np.einsum("ns,nsk->nk", p, x)
    grad = -(np.einsum("ns,nsk->k", t, x) - np.einsum("n,nk->k", t.sum(axis=1), mean)) / n
    return loss + l2 * float(w @ w), grad + 2 * l2 * w


def fit(samples: list[Features], targets: list[list[float]], start: Sequence[float],
        l2: float = 1e-4) -> Fit:
    """The weights minimising the cross-entropy of ``samples`` against ``targets``."""
    import numpy as np  # (with the optimiser)
    from scipy.optimize import minimize  # the optimiser loads only for a fit

    x, t = np.asarray(samples, dtype=float), np.asarray(targets, dtype=float)
    before, _ = _loss(x, t, start, 0.0)
    res = minimize(lambda w: _loss(x, t, w, l2), np.asarray(start, dtype=float), jac=True,
                   method="L-BFGS-B")
    weights = [float(w) for w in res.x]
    after, _ = _loss(x, t, weights, 0.0)
    return Fit(weights, before, after, len(samples))


def selfplay_samples(game: GameDef, knowledge: Tunable, lineup: list[str], games: int,
                     seed: int = 1, every: int = 4, max_nodes: int | None = 100,
                     seats: int | None = None,
                     step: Callable[[int], None] | None = None
                     ) -> tuple[list[Features], list[list[float]]]:
    """Features of every ``every``-th unfinished position of ``games`` seeded self-play games
    of ``lineup`` (seats rotated, node budgets), each labelled with its game's returns."""
    from solver.play.match import match_specs, play_spec  # local: the runner, for self-play

    samples: list[Features] = []
    targets: list[list[float]] = []
    for spec in match_specs(game, lineup, games, seed, max_nodes=max_nodes, seats=seats):
        result = play_spec(game, spec)
        start, moves = game.read_record(result.record)
        state = start.clone()
        rng = random.Random(spec.deal)
        offset = rng.randrange(every)
        for k, move in enumerate(moves):
            if k % every == offset and not state.is_over():
                samples.append(knowledge.features(state))
                targets.append(list(result.returns))
            state.apply(move)
        if step is not None:
            step(spec.number)
    return samples, targets
