"""Expected final largest groups of a Dominimum layout, and the player built on them.

A group can only grow through its *live liberties*: empty cells next to it that a tile can
still cover (an empty cell whose four neighbours are all covered is a dead hole). Greedy
players join halves to the largest groups of every value that is not theirs, so the final
largest group of value ``v`` is estimated as

    F[v] = max over groups g of v of  size(g) + growth[v] * [g has a live liberty]

with ``growth[v] = GROWTH * r[v]``, ``r[v]`` the halves of ``v`` still to come (those in the
tiles the observer cannot see, less the expected halves in the opponents' missions; for the
observer's own values only the share the opponents will place). The estimated final score of
a mission ``(x, y)`` is ``F[x] * F[y]``.

:class:`ExpectPlayer` (player ``expect``) tries every legal placement, infers the opponents'
missions (:mod:`solver.dominimum.inference`), and plays the placement with the highest
estimated chance to win: for each likely assignment of the opponents' missions, the product
over opponents of ``sigmoid((F_q - F_me + tie) / tau)``, where ``tie`` is +-0.5 by the tie rule
(the tied player who placed her final tile first wins) and ``tau`` shrinks as the game nears
its end. Ties go to the lower own score after the move, then to the random source.

Examples
--------
>>> import random
>>> from puzzles.dominimum.state import DominimumState
>>> s = DominimumState.deal(3, seed=2)
>>> p = ExpectPlayer()
>>> for _ in range(6):
...     move = p.choose(s, random.Random(len(s.history())))
...     assert move in set(s.legal_moves())
...     s.apply(move)
>>> len(s.history()), p.belief.seat
(6, 2)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Cell, Layout, Placement, neighbours
from puzzles.dominimum.state import DominimumState
from puzzles.dominimum.tiles import Tile
from puzzles.game import GameState, PlayerOptions
from solver.dominimum.inference import MissionBelief
from solver.dominimum.placement import GroupIndex
from solver.dominimum.players import ranked
from solver.play.base import BasePlayer

#: The share of a value's halves still to come that is expected to join its largest open group.
GROWTH = 0.5
#: The spread of the win estimate: ``TAU0 + TAU1 * placements left``.
#: An extra factor on the growth of the mover's own two values (the opponents place those).
OWN_GROWTH = 1.0
TAU0 = 1.0
TAU1 = 0.3
#: The most likely assignments of the opponents' missions the player looks at.
ASSIGNMENTS = 40


#: A group with this many live liberties (or more) is fully open; fewer scale its growth.
OPEN_LIBS = 3.0


def openness(libs: int) -> float:
    """The share of the full growth a group with ``libs`` live liberties gets."""
    return min(1.0, libs / OPEN_LIBS)


class Groups:
    """The groups of every value of a layout, with their live liberties.

    Attributes
    ----------
    label : dict Cell -> int
        The group of each covered cell.
    size, value : list of int
        Per group.
    libs : list of set of Cell
        Per group, the empty cells next to it.
    """

    def __init__(self, layout: Layout, within_tile: bool = True) -> None:
        self.within_tile = within_tile
        self.value_at = layout.value_at
        self.tile_at = layout.tile_at
        self.label: dict[Cell, int] = {}
        self.size: list[int] = []
        self.value: list[int] = []
        self.libs: list[set[Cell]] = []
        value_at, tile_at = layout.value_at, layout.tile_at
        for start, v in value_at.items():
            if start in self.label:
                continue
            k = len(self.size)
            self.label[start] = k
            stack = [start]
            size = 0
            libs: set[Cell] = set()
            while stack:
                c = stack.pop()
                size += 1
                for n in neighbours(c):
                    w = value_at.get(n)
                    if w is None:
                        libs.add(n)
                    elif w == v and n not in self.label and (
                            within_tile or tile_at[n] != tile_at[c]):
                        self.label[n] = k
                        stack.append(n)
            self.size.append(size)
            self.value.append(v)
            self.libs.append(libs)

    def live(self, cell: Cell, covered: tuple[Cell, ...] = ()) -> bool:
        """True when the empty ``cell`` can still be covered by a tile (a free neighbour)."""
        return any(n not in self.value_at and n not in covered for n in neighbours(cell))

    def live_count(self, libs: set[Cell], covered: tuple[Cell, ...] = ()) -> int:
        """How many of ``libs`` stay live liberties once ``covered`` is covered."""
        return sum(1 for c in libs if c not in covered and self.live(c, covered))


class Estimator:
    """``F[v]`` after any placement of one layout (see the module docstring)."""

    def __init__(self, layout: Layout, growth: list[float], within_tile: bool = True,
                 open_libs: float = OPEN_LIBS) -> None:
        self.groups = gr = Groups(layout, within_tile)
        self.growth = growth
        self.within_tile = within_tile
        self.open_libs = open_libs
        #: per value: (F of the group, label), best first
        self.ranked: list[list[tuple[float, int]]] = [[] for _ in range(8)]
        for k, v in enumerate(gr.value):
            f = gr.size[k] + growth[v] * self.openness(gr.live_count(gr.libs[k]))
            self.ranked[v].append((f, k))
        for row in self.ranked:
            row.sort(reverse=True)

    def openness(self, libs: int) -> float:
        """The share of the full growth a group with ``libs`` live liberties gets."""
        return min(1.0, libs / self.open_libs)

    def now(self) -> list[float]:
        """``F[v]`` for every value 0-7 of the layout as it is."""
        return [row[0][0] if row else 0.0 for row in self.ranked]

    def after(self, p: Placement) -> list[float]:
        """``F[v]`` for every value 0-7 once ``p`` is placed."""
        gr = self.groups
        label, value_at = gr.label, gr.value_at
        covered = p.cells
        c1, c2 = covered
        near: set[int] = set()
        for c in covered:
            for n in neighbours(c):
                k = label.get(n)
                if k is not None:
                    near.add(k)
                else:
                    for m in neighbours(n):
                        k2 = label.get(m)
                        if k2 is not None:
                            near.add(k2)
        # the groups the new halves join
        joined: list[tuple[int, set[int], list[Cell]]] = []
        for c, w in zip(covered, p.values, strict=True):
            labs = {label[n] for n in neighbours(c) if n in value_at and gr.value[label[n]] == w}
            joined.append((w, labs, [c]))
        if p.first == p.second and (self.within_tile or joined[0][1] & joined[1][1]):
            joined = [(p.first, joined[0][1] | joined[1][1], [c1, c2])]
        merged = set().union(*(labs for _, labs, _ in joined))
        out = [0.0] * 8
        for v in range(8):
            for f, k in self.ranked[v]:
                if k not in near:
                    out[v] = f
                    break
        for k in near - merged:
            v = gr.value[k]
            f = gr.size[k] + self.growth[v] * self.openness(gr.live_count(gr.libs[k], covered))
            if f > out[v]:
                out[v] = f
        for w, labs, cells in joined:
            size = len(cells) + sum(gr.size[k] for k in labs)
            libs: set[Cell] = set()
            for k in labs:
                libs |= gr.libs[k]
            for c in cells:
                libs.update(n for n in neighbours(c) if n not in value_at)
            f = size + self.growth[w] * self.openness(gr.live_count(libs, covered))
            if f > out[w]:
                out[w] = f
        return out


def remaining_halves(game: Game, seat: int,
                     joint: list[tuple[float, tuple[Tile, ...]]]) -> list[float]:
    """Per value, the halves still to be placed after the mover's tile, as ``seat`` expects:
    those of the tiles it cannot see less the expected halves in the opponents' missions."""
    r = [0.0] * 8
    for t in game.unseen(seat):
        r[t[0]] += 1
        r[t[1]] += 1
    for w, missions in joint:
        for t in missions:
            r[t[0]] -= w
            r[t[1]] -= w
    return [max(0.0, x) for x in r]


def posterior_chance(g: Game, seat: int, joint: list[tuple[float, tuple[Tile, ...]]],
                     params: WorldParams | None = None) -> float:
    """``seat``'s estimated chance to win ``g`` as ``expect`` scores a placement, for the
    layout as it is: the posterior-weighted product over the opponents of
    ``sigmoid((F_q - F_me + tie) / tau)`` (``joint``: the opponents' missions, seat order;
    assignments holding a tile already placed are dropped)."""
    used = g.layout.used
    joint = [(w, m) for w, m in joint if not any(t in used for t in m)]
    total = sum(w for w, _ in joint)
    if not total:
        return 1.0 / g.players
    r = remaining_halves(g, seat, [(w / total, m) for w, m in joint])
    done, n = len(g.history), g.players
    left = g.total_tiles - done
    mine_left = sum(1 for i in range(done, g.total_tiles) if i % n == seat)
    share = (left - mine_left) / left if left else 0.0
    params = params or WorldParams()
    a, b = g.missions[seat]
    growth = [params.growth * x for x in r]
    for v in {a, b}:
        growth[v] *= share * params.own_growth
    f = Estimator(g.layout, growth, g.rules.within_tile, params.open_libs).now()
    mine = f[a] * f[b]
    opponents = [q for q in range(n) if q != seat]
    tie = [0.5 if seat < q else -0.5 for q in opponents]
    tau = max(1e-3, params.tau0 + params.tau1 * left)
    win = 0.0
    for w, missions in joint:
        pr = w / total
        for (x, y), t in zip(missions, tie, strict=True):
            pr *= sigmoid((f[x] * f[y] - mine + t) / tau)
        win += pr
    return win


@dataclass(frozen=True)
class WorldParams:
    """The parameters of :func:`world_chances`: the growth share, the spread ``tau0 + tau1 *
    placements left``, the factor on a seat's own values and the live liberties of a fully
    open group."""

    growth: float = GROWTH
    tau0: float = TAU0
    tau1: float = TAU1
    own_growth: float = OWN_GROWTH
    open_libs: float = OPEN_LIBS

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The parameters' names, in order."""
        return ("growth", "tau0", "tau1", "own_growth", "open_libs")

    def values(self) -> list[float]:
        """The parameters, in the order of :meth:`names`."""
        return [getattr(self, n) for n in self.names()]


def tuned_params() -> WorldParams:
    """The parameters fitted on self-play (``weights.json`` beside this module, written by
    ``python3 -m scripts.tune_weights dominimum``), else the defaults."""
    import json  # (read when the search starts)
    from pathlib import Path  # (likewise)

    path = Path(__file__).with_name("weights.json")
    if not path.exists():
        return WorldParams()
    doc = json.loads(path.read_text())["parameters"]
    return WorldParams(*(float(doc[n]) for n in WorldParams.names()))


@dataclass(frozen=True)
class WorldFacts:
    """What :func:`world_chances` reads of a fully known game, whatever its parameters: per
    seat and mission value the (size, live liberties) of each group of that value, the halves
    still to come, the others' share of the placements left; the placements left and each
    seat's final turn."""

    groups: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    halves: tuple[tuple[int, ...], ...]
    share: tuple[float, ...]
    left: int
    last: tuple[int, ...]
    doubled: tuple[bool, ...]


def world_facts(g: Game) -> WorldFacts:
    """The facts of a game whose missions and tiles are all known (a determinization)."""
    gr = Groups(g.layout, g.rules.within_tile)
    r = [0] * 8
    for t in [*g.supply, *(h for h in g.hands if h is not None)]:
        r[t[0]] += 1
        r[t[1]] += 1
    done, total, n = len(g.history), g.total_tiles, g.players
    left = total - done
    by_value: list[list[tuple[int, int]]] = [[] for _ in range(8)]
    for k, v in enumerate(gr.value):
        by_value[v].append((gr.size[k], gr.live_count(gr.libs[k])))
    groups, halves, shares, last, doubled = [], [], [], [], []
    for q in range(n):
        mine_left = sum(1 for i in range(done, total) if i % n == q)
        shares.append((left - mine_left) / left if left else 0.0)
        values = sorted(set(g.missions[q]))
        groups.append(tuple(tuple(by_value[v]) for v in values))
        halves.append(tuple(r[v] for v in values))
        last.append(max((i for i in range(total) if i % n == q), default=-1))
        doubled.append(g.missions[q][0] == g.missions[q][1])
    return WorldFacts(tuple(groups), tuple(halves), tuple(shares), left, tuple(last),
                      tuple(doubled))


def chances_of(facts: WorldFacts, params: WorldParams) -> list[float]:
    """The seats' win chances from :func:`world_facts` (see :func:`world_chances`)."""
    n = len(facts.share)
    final = []
    for q in range(n):
        score = 1.0
        for groups, r in zip(facts.groups[q], facts.halves[q], strict=True):
            grow = params.growth * r * facts.share[q] * params.own_growth
            score *= max((size + grow * min(1.0, libs / params.open_libs)
                          for size, libs in groups), default=0.0)
        final.append(score * score if facts.doubled[q] else score)
    tau = max(1e-3, params.tau0 + params.tau1 * facts.left)
    chances = []
    for i in range(n):
        c = 1.0
        for q in range(n):
            if q != i:
                tie = 0.5 if facts.last[i] < facts.last[q] else -0.5
                c *= sigmoid((final[q] - final[i] + tie) / tau)
        chances.append(c)
    norm = sum(chances)
    return [c / norm for c in chances] if norm > 0 else [1.0 / n] * n


def world_chances(g: Game, params: WorldParams | None = None) -> list[float]:
    """Every seat's estimated chance to win a game whose missions and tiles are all known (a
    determinization): ``F`` of each seat's two values (the halves still to come are those of
    the hands and the supply; a seat's own values grow only by the others' share of the
    placements left), then for seat ``i`` the product over the others ``q`` of
    ``sigmoid((F_q - F_i + tie) / tau)``, normalised over the seats."""
    return chances_of(world_facts(g), params or WorldParams())


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class ExpectPlayer(BasePlayer):
    """Dominimum: the placement with the best estimated chance to win (module docstring).

    Parameters
    ----------
    options : PlayerOptions
        The seed; the budgets are not needed (a move is one pass over the placements).
    growth, tau0, tau1 : float, optional
        ``GROWTH``, ``TAU0`` and ``TAU1`` by default.
    """

    name = "expect"

    def __init__(self, options: PlayerOptions | None = None, growth: float | None = None,
                 tau0: float | None = None, tau1: float | None = None) -> None:
        super().__init__(options)
        self.growth_share = GROWTH if growth is None else growth
        self.tau0 = TAU0 if tau0 is None else tau0
        self.tau1 = TAU1 if tau1 is None else tau1
        self.belief: MissionBelief | None = None

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        assert isinstance(state, DominimumState)
        g = state.g
        seat = g.to_move
        if not g.history:
            return self._fallback(g, list(g.legal_moves()), rng)
        if self.belief is None or self.belief.seat != seat:
            self.belief = MissionBelief(seat)
        deadline = self.deadline()
        stop = None if deadline is None else lambda: time.monotonic() >= deadline
        return self.ranking(g, self.belief, rng, stop)[0]

    def ranking(self, g: Game, belief: MissionBelief, rng: random.Random,
                stop: Callable[[], bool] | None = None) -> list[Placement]:
        """Every legal placement of the seat to move, the best chance to win first (ties: the
        lower own score after the move, then the random source); ``belief`` is the mover's.
        When ``stop`` answers True (a player out of time), the belief reads no further and
        the placements not yet scored follow the scored ones unranked."""
        seat = g.to_move
        moves = list(g.legal_moves())
        joint = belief.joint(g, ASSIGNMENTS, stop)
        r = remaining_halves(g, seat, joint)
        left = g.total_tiles - len(g.history) - 1  # placements after this one
        mine_left = sum(1 for i in range(len(g.history) + 1, g.total_tiles)
                        if i % g.players == seat)
        share = (left - mine_left) / left if left else 0.0
        a, b = g.missions[seat]
        growth = [self.growth_share * x for x in r]
        for v in {a, b}:
            growth[v] *= share * OWN_GROWTH
        est = Estimator(g.layout, growth, g.rules.within_tile)
        opponents = belief.opponents(g)
        tie = [0.5 if seat < q else -0.5 for q in opponents]
        tau = self.tau0 + self.tau1 * left
        index = GroupIndex(g.layout, g.rules.within_tile)
        keyed: list[tuple[tuple[float, float, float], Placement]] = []
        for p in moves:
            if keyed and stop is not None and stop():
                break
            f = est.after(p)
            mine = f[a] * f[b]
            win = 0.0
            for w, missions in joint:
                pr = w
                for (x, y), t in zip(missions, tie, strict=True):
                    pr *= sigmoid((f[x] * f[y] - mine + t) / tau)
                win += pr
            own = index.group_after(p, a) * index.group_after(p, b)
            keyed.append(((win, -own, rng.random()), p))
        keyed.sort(key=lambda kp: kp[0], reverse=True)
        return [p for _, p in keyed] + moves[len(keyed):]

    def _fallback(self, g: Game, moves: list[Placement], rng: random.Random) -> Placement:
        """The first placement of the game (nothing to infer yet): the greedy ranking."""
        cands = ranked(g, g.to_move, 16, rng.randrange(2**31), "own")
        return cands[0].placement if cands else moves[0]
