"""Bayesian mission inference for Dominimum: which mission tile does each opponent hold?

Every opponent is modelled as a player who keeps her own score low: for a mission ``(x, y)``
the likelihood of a placement she made is 1 when it reached the lowest own score
``largest[x] * largest[y]`` among every placement of that tile at that moment, and ``EPS``
otherwise (so a player who is not greedy, or a forced choice, never rules a mission out). The
prior is uniform over the tiles the observer cannot see that are not doubles (missions are
never doubles); two opponents never hold the same tile. Only public facts (the placements in
order) and the observer's own tiles are read.

Examples
--------
>>> from puzzles.dominimum.game import Game
>>> from solver.dominimum.players import GreedyPlayer
>>> g = Game.deal("dominimum", 3, seed=3)
>>> players = [GreedyPlayer(seed=i) for i in range(3)]
>>> for _ in range(18):
...     g.play(players[g.to_move].choose(g))
>>> belief = MissionBelief(seat=0)
>>> post = belief.posterior(g)
>>> round(sum(post[1].values()), 6), round(sum(post[2].values()), 6)
(1.0, 1.0)
>>> g.missions[1] in sorted(post[1], key=post[1].get)[-6:]
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominimum.tiles import TILES, Tile, is_double
from solver.dominimum.placement import GroupIndex

#: The likelihood of a placement that does not reach a mission's lowest own score.
EPS = 0.08
#: With three opponents, the joint posterior combines each one's this many likeliest tiles.
PER_SEAT = 10
#: Every mission tile a player can hold.
MISSIONS: tuple[Tile, ...] = tuple(t for t in TILES if not is_double(t))


def move_likelihoods(layout: Layout, placement: Placement, within_tile: bool = True
                     ) -> dict[Tile, float]:
    """For every mission, the likelihood that a low-score player placed ``placement`` here.

    Parameters
    ----------
    layout : the layout before the placement.
    placement : the placement made (its tile, cells and orientation).

    Returns
    -------
    dict
        Mission tile -> 1.0 when the placement reaches the lowest own score of that mission
        among every legal placement of the tile, ``EPS`` otherwise.
    """
    index = GroupIndex(layout, within_tile)
    options = [index.largest_after(p) for p in layout.legal_placements(placement.values)]
    chosen = index.largest_after(placement)
    out: dict[Tile, float] = {}
    for x, y in MISSIONS:
        best = min(v[x] * v[y] for v in options)
        out[(x, y)] = 1.0 if chosen[x] * chosen[y] <= best else EPS
    return out


class MissionBelief:
    """The observer ``seat``'s posterior over the opponents' missions (updated move by move).

    The log-likelihoods of the placements seen so far are kept, so a call after one more
    move costs one :func:`move_likelihoods`.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._seen: list[Placement] = []
        self._layout = Layout()
        self._loglik: dict[int, dict[Tile, float]] = {}

    def update(self, game: Game, stop: Callable[[], bool] | None = None) -> None:
        """Read the placements made since the last call (restarts on another game); when
        ``stop`` answers True (a player out of time), the belief stays one of the earlier
        placements only (the next call reads on)."""
        history = [m.placement for m in game.history]
        if history[:len(self._seen)] != self._seen:
            self.__init__(self.seat)  # type: ignore[misc]
        for i in range(len(self._seen), len(history)):
            if stop is not None and stop():
                return
            move = game.history[i]
            if move.player != self.seat and len(self._layout):
                liks = move_likelihoods(self._layout, move.placement, game.rules.within_tile)
                row = self._loglik.setdefault(move.player, {t: 0.0 for t in MISSIONS})
                for t, lik in liks.items():
                    row[t] += math.log(lik)
            self._layout.place(move.placement)
            self._seen.append(move.placement)

    def possible(self, game: Game) -> list[Tile]:
        """The tiles an opponent's mission can be: unseen by the observer, not doubles."""
        return [t for t in game.unseen(self.seat) if not is_double(t)]

    def posterior(self, game: Game) -> dict[int, dict[Tile, float]]:
        """Per opponent seat, the marginal probability of each possible mission."""
        joint = self.joint(game)
        out: dict[int, dict[Tile, float]] = {q: {} for q in self.opponents(game)}
        for w, missions in joint:
            for q, t in zip(self.opponents(game), missions, strict=True):
                out[q][t] = out[q].get(t, 0.0) + w
        return out

    def opponents(self, game: Game) -> list[int]:
        """The other seats, in seat order."""
        return [q for q in range(game.players) if q != self.seat]

    def joint(self, game: Game, limit: int | None = None,
              stop: Callable[[], bool] | None = None) -> list[tuple[float, tuple[Tile, ...]]]:
        """The joint posterior of the opponents' missions (different tiles), most likely
        first, normalised; ``limit`` keeps that many (renormalised); ``stop``: see
        :meth:`update`."""
        self.update(game, stop)
        possible = self.possible(game)
        rows = [self._loglik.get(q, {}) for q in self.opponents(game)]
        if len(rows) > 2:  # four seats: each opponent's most likely tiles only
            pools = [_likeliest(possible, row, PER_SEAT) for row in rows]
            combos = [c for c in _product(pools) if len(set(c)) == len(c)]
        else:
            combos = _combinations(possible, len(rows))
        scored = []
        for combo in combos:
            s = sum(row.get(t, 0.0) for row, t in zip(rows, combo, strict=True))
            scored.append((s, combo))
        if not scored:
            return []
        top = max(s for s, _ in scored)
        weighted = sorted(((math.exp(s - top), c) for s, c in scored), key=lambda wc: -wc[0])
        if limit is not None:
            weighted = weighted[:limit]
        total = sum(w for w, _ in weighted)
        return [(w / total, c) for w, c in weighted]


def _likeliest(pool: list[Tile], loglik: dict[Tile, float], k: int) -> list[Tile]:
    """The ``k`` tiles of ``pool`` with the highest log-likelihood."""
    return sorted(pool, key=lambda t: -loglik.get(t, 0.0))[:k]


def _product(pools: list[list[Tile]]) -> list[tuple[Tile, ...]]:
    """Every selection of one tile from each pool."""
    out: list[tuple[Tile, ...]] = [()]
    for pool in pools:
        out = [(*c, t) for c in out for t in pool]
    return out


def _combinations(pool: Iterable[Tile], k: int) -> list[tuple[Tile, ...]]:
    """Ordered selections of ``k`` different tiles from ``pool``."""
    items = list(pool)
    out: list[tuple[Tile, ...]] = [()]
    for _ in range(k):
        out = [(*c, t) for c in out for t in items if t not in c]
    return out
