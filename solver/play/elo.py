"""Elo ratings with 95% intervals by maximum likelihood (Bradley-Terry, in the way of BayesElo
and Ordo), fitted with scipy.

Every game is turned into pairwise results between its seats' players (a seat with the higher
return beats one with a lower return; equal returns are a draw, counted as half a win each).
The log-likelihood of ratings ``r`` is ``sum w_ij log p_ij`` with
``p_ij = 1 / (1 + 10 ** ((r_j - r_i) / 400))``; a weak prior (``prior`` virtual draws
between every pair, BayesElo's device) keeps the fit finite when a player won or lost every
game. Ratings are shifted so that their mean is 0 (or the ``anchor`` player is 0). The 95%
interval is ``+-1.96`` standard errors from the inverse of the Hessian of the negative
log-likelihood (the Laplace approximation), on the anchored ratings.

Examples
--------
>>> t = fit({("a", "b"): 30.0, ("b", "a"): 10.0})
>>> t["a"].elo > 0 > t["b"].elo, round(t["a"].elo + t["b"].elo, 6)
(True, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

from puzzles.errors import EngineFaultError
from solver.play.match import GameResult

SCALE = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class Rating:
    """A player's fitted Elo, its 95% half-interval and its games."""

    name: str
    elo: float
    interval: float
    games: int
    points: float

    def to_json(self) -> dict[str, float | str | int]:
        """``{"player", "elo", "low", "high", "games", "points"}``."""
        return {"player": self.name, "elo": round(self.elo, 1),
                "low": round(self.elo - self.interval, 1),
                "high": round(self.elo + self.interval, 1), "games": self.games,
                "points": round(self.points, 2)}


def pairwise(games: Iterable[GameResult]) -> dict[tuple[str, str], float]:
    """Wins of name i over name j (draws as halves) from every pair of seats."""
    wins: dict[tuple[str, str], float] = {}
    for g in games:
        for i, a in enumerate(g.lineup):
            for j, b in enumerate(g.lineup):
                if i >= j or a == b:
                    continue
                ri, rj = g.returns[i], g.returns[j]
                si = 1.0 if ri > rj else 0.0 if ri < rj else 0.5
                wins[(a, b)] = wins.get((a, b), 0.0) + si
                wins[(b, a)] = wins.get((b, a), 0.0) + 1.0 - si
    return wins


def fit(wins: dict[tuple[str, str], float], prior: float = 1.0,
        anchor: str | None = None) -> dict[str, Rating]:
    """Maximum-likelihood Elo ratings from pairwise ``wins`` (see the module docstring)."""
    names = sorted({n for pair in wins for n in pair})
    if not names:
        return {}
    idx = {n: k for k, n in enumerate(names)}
    k = len(names)
    w = np.zeros((k, k))
    for (a, b), v in wins.items():
        w[idx[a], idx[b]] += v
    played = w + w.T
    pw = w + prior / 2.0 * (played > 0)  # virtual draws on every pair that met
    if k == 1:
        return {names[0]: Rating(names[0], 0.0, 0.0, 0, 0.0)}

    def nll(x: np.ndarray) -> tuple[float, np.ndarray]:
        d = x[:, None] - x[None, :]
        logp = -np.logaddexp(0.0, -d)  # log sigmoid(d)
        value = -float(np.sum(pw * logp))
        p = 1.0 / (1.0 + np.exp(-d))
        grad = -(np.sum(pw * (1.0 - p), axis=1) - np.sum(pw.T * (1.0 - p.T), axis=1))
        return value, grad

    res = minimize(nll, np.zeros(k), jac=True, method="BFGS")
    x = res.x
    # BFGS may stop on "precision loss" at the optimum; what counts is a vanishing gradient
    if not res.success and float(np.max(np.abs(nll(x)[1]))) > 1e-6 * max(1.0, pw.sum()):
        raise EngineFaultError(f"the Elo fit did not converge: {res.message}")
    d = x[:, None] - x[None, :]
    p = 1.0 / (1.0 + np.exp(-d))
    n = pw + pw.T
    h = -(n * p * (1.0 - p))
    np.fill_diagonal(h, 0.0)
    np.fill_diagonal(h, -h.sum(axis=1))
    # anchor: ratings relative to the mean (or one player); the Hessian is singular along
    # the all-ones direction, so invert it on the complement
    ref = np.full(k, 1.0 / k) if anchor is None else np.eye(k)[idx[anchor]]
    proj = np.eye(k) - np.outer(np.ones(k), ref)
    cov = proj @ np.linalg.pinv(h) @ proj.T
    elo = (x - ref @ x) * SCALE
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None)) * SCALE
    games = played.sum(axis=1)
    points = w.sum(axis=1)
    return {nm: Rating(nm, float(elo[i]), 1.96 * float(se[i]), round(float(games[i])),
                       float(points[i])) for nm, i in idx.items()}


def ratings(games: Iterable[GameResult], anchor: str | None = None) -> list[Rating]:
    """The ratings of every player of ``games``, best first."""
    table = fit(pairwise(games), anchor=anchor)
    return sorted(table.values(), key=lambda r: -r.elo)


def plot(rows: list[Rating], path: str, title: str) -> None:
    """A matplotlib chart of the ratings with their 95% intervals (SVG or PNG by suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "ladder"
    fig, ax = plt.subplots(figsize=(6.0, 0.6 * len(rows) + 1.4))
    ys = list(range(len(rows)))[::-1]
    ax.errorbar([r.elo for r in rows], ys, xerr=[r.interval for r in rows], fmt="o",
                color="#1f77b4", ecolor="#888888", capsize=4)
    ax.set_yticks(ys, [f"{r.name} ({r.games} games)" for r in rows])
    ax.axvline(0.0, color="#cccccc", lw=1)
    ax.set_xlabel("Elo (maximum likelihood, 95% interval)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    plt.close(fig)
