"""Monte-Carlo tree search for every game: UCT, and its information-set form (ISMCTS).

One iteration draws a determinization of the root for the seat to move (a copy of the state in
which everything that seat cannot see is redrawn; for a perfect-information game a plain copy),
walks down the tree by UCB1 among the moves legal in that sample, adds one node, plays a short
rollout with the game's rollout policy and scores the end (or the game's evaluation when the
rollout is cut short), then backs the value up. Children are keyed by move text and count how
often they were *available* (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012), so
hands that differ between samples are handled. Progressive widening limits a node to its
``widen(visits)`` best moves by the game's move ordering (a board may offer hundreds of
legal placements).

The game's knowledge (ordering, rollout policy, evaluation, determinization) is a
:class:`Knowledge` passed in (``GameDef.knowledge()``; the game's ``solver/<game>/knowledge.py``).
The player decides from determinizations only: with the same seed, redrawing the hidden state
never changes its choice.

Budgets: ``max_nodes`` iterations (reproducible: the same seed and budget give the same move on
any machine) and/or ``move_time`` wall-clock seconds per move (``time.monotonic``: what a
player at the server or the command line waits; on a loaded machine a move gets less work),
and a wall-clock ``deadline`` (``PlayerOptions.deadline``, the server's seats): the search
stops at the first budget spent and plays its best move so far.

A player's time is honoured from the start (anytime search): the clock is checked inside every
iteration (an iteration the deadline interrupts is dropped, its new node removed), and the
game's knowledge sees the deadline (:meth:`Knowledge.out_of_time`) so a costly ordering stops
early. Out of time before a first iteration is complete, the player plays the root ordering's
first move, or, before the ordering exists, :meth:`Knowledge.fallback_move`. A search for
analysis (:meth:`MCTSPlayer.search`) completes at least one iteration.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from puzzles.game import GameState, PlayerOptions
from solver.play.base import BasePlayer

DEFAULT_NODES = 200
T = TypeVar("T")


class Knowledge:
    """What a game tells the search; the defaults know nothing about any game.

    Attributes
    ----------
    perfect_information : bool
        True when a determinization is a plain copy (the move lists of a node can be cached).
    rollout_depth : int or None
        Rollout moves before the evaluation scores the position (None: play to the end).
    widen : tuple of float or None
        ``(c, alpha)``: a node visited n times considers its ``ceil(c * (n + 1) ** alpha)``
        best moves; None considers every legal move.
    exploration : float
        The UCB1 constant.
    progressive_bias : float
        Progressive bias (Chaslot et al. 2008): a child opened as the r-th move of its node's
        ordering gets ``progressive_bias / ((r + 1) * (visits + 1))`` on top of UCB1, so the
        ordering's favourite keeps its lead until the rollouts clearly disagree (0: off).
    contempt : float
        A finished game whose returns are all equal (a draw) is worth ``contempt`` less to
        the searching seat (and as much more, shared, to the others), so a player that
        expects to be the stronger side prefers a line with winning chances to a sure draw
        (0: off; the evaluation of unfinished positions is the game's, see :meth:`evaluate`).
        Only play uses it (:meth:`MCTSPlayer.choose`), not a search for analysis.
    tree_depth : int or None
        The deepest level of the tree (1: only the root's children, a flat search whose
        every iteration goes on by the rollout policy); None: no limit.
    review_thresholds : tuple of float
        The losses (win-probability units) from which ``solver review`` calls a move an
        inaccuracy, a mistake and a blunder; each game chooses them from the measured noise
        of its evaluation (``python3 -m benchmarks.review_noise``).
    """

    perfect_information = False
    rollout_depth: int | None = None
    widen: tuple[float, float] | None = None
    exploration = 0.7
    progressive_bias = 0.0
    contempt = 0.0
    tree_depth: int | None = None
    review_thresholds: tuple[float, float, float] = (0.05, 0.10, 0.20)
    #: the running search's wall-clock deadline (``time.monotonic``), None outside a timed
    #: search; costly orderings consult :meth:`out_of_time`
    deadline: float | None = None

    def out_of_time(self) -> bool:
        """True when the running search's deadline has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def until_deadline(self, items: Iterable[T]) -> Iterator[T]:
        """``items`` (lazily) until the deadline passes; the first one always."""
        first = True
        for item in items:
            if not first and self.out_of_time():
                return
            first = False
            yield item

    def fallback_move(self, state: GameState[Any], rng: random.Random) -> Any:
        """A cheap move for a player out of time before its root ordering exists: the
        rollout policy's in a determinization (the game's own, cheap)."""
        return self.rollout_move(state.determinize(state.to_move(), rng), rng)

    def determinize(self, state: GameState[Any], seat: int,
                    rng: random.Random) -> GameState[Any]:
        """A sample of the hidden state consistent with what ``seat`` has seen."""
        return state.determinize(seat, rng)

    def order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        """The legal moves of the seat to move, most promising first."""
        moves = state.legal_move_list()
        rng.shuffle(moves)
        return moves

    def root_order(self, state: GameState[Any], rng: random.Random) -> list[Any]:
        """The root's moves, best first (computed once per search: the mover's own moves do
        not depend on what it cannot see); by default :meth:`order`."""
        return self.order(state, rng)

    def move_key(self, state: GameState[Any], move: Any) -> Any:
        """The key of a move among its node's children (hashable, equal for the same move in
        every determinization); by default its text. A perfect-information game may return
        the move itself (cheaper)."""
        return state.move_text(move)

    def rollout_move(self, state: GameState[Any], rng: random.Random) -> Any:
        """The rollout policy's move."""
        return rng.choice(state.legal_move_list())

    def evaluate(self, state: GameState[Any]) -> list[float]:
        """Estimated returns per seat (0..1) of an unfinished position; default: equal."""
        return [1.0 / state.num_seats] * state.num_seats


@dataclass
class _Node:
    move: Any = None
    key: Any = ""
    seat: int = -1  # the seat that played ``move`` into this node
    parent: _Node | None = None
    children: dict[str, _Node] = field(default_factory=dict)
    visits: int = 0
    value: float = 0.0
    avail: int = 0
    moves: list[Any] | None = None  # cached ordered moves (perfect information only)
    rank: int = 0  # the move's place in its node's ordering when it was opened


@dataclass
class SearchStats:
    """What the last search did: iterations, seconds and the root's moves by visits."""

    iterations: int
    seconds: float
    children: list[tuple[str, int, float]]  # (move text, visits, mean value)
    values: list[float] = field(default_factory=list)  # mean backed-up value per seat

    @property
    def best_value(self) -> float:
        """The mean value of the chosen move for the seat to move."""
        return self.children[0][2] if self.children else 0.0

    def to_json(self) -> dict[str, Any]:
        """``{"iterations", "seconds", "values", "children": [{"move", "visits", "value"}]}``."""
        return {"iterations": self.iterations, "seconds": round(self.seconds, 4),
                "values": [round(v, 4) for v in self.values],
                "children": [{"move": m, "visits": n, "value": round(v, 4)}
                             for m, n, v in self.children]}


class MCTSPlayer(BasePlayer):
    """UCT / ISMCTS with the game's knowledge (see the module docstring).

    Parameters
    ----------
    options : PlayerOptions
        ``max_nodes`` iterations per move (default ``DEFAULT_NODES`` when no ``move_time``),
        ``move_time`` seconds per move.
    knowledge : Knowledge, optional
        The game's hooks (``GameDef.knowledge()``); None: the game-free defaults.
    """

    name = "mcts"

    def __init__(self, options: PlayerOptions | None = None,
                 knowledge: Knowledge | None = None) -> None:
        super().__init__(options)
        self.knowledge = knowledge if knowledge is not None else Knowledge()
        self.last: SearchStats | None = None

    def choose(self, state: GameState[Any], rng: random.Random) -> Any:
        stats, best = self.search(state, rng, contempt=self.knowledge.contempt, least=0)
        self.last = stats
        return best

    def search(self, state: GameState[Any], rng: random.Random, contempt: float = 0.0,
               root_moves: list[Any] | None = None, least: int = 1
               ) -> tuple[SearchStats, Any]:
        """Run the search from ``state`` (left unchanged); the stats and the chosen move.

        ``contempt`` (see :class:`Knowledge`): :meth:`choose` plays with the knowledge's; a
        search for analysis (``solver review``) keeps the default 0, so its values are the
        game's returns. ``root_moves``: search only these root moves (legal ones, in this
        order), every iteration through them; with one move the whole budget values that
        move (the review's evaluation of a move). ``least``: iterations completed whatever
        the clock says (1 for analysis, which needs a value; 0 for play, which falls back on
        the ordering when out of time).
        """
        kn = self.knowledge
        me = state.to_move()
        nodes = self.options.max_nodes
        seconds = self.options.move_time
        if nodes is None and seconds is None:
            nodes = DEFAULT_NODES
        start = time.monotonic()
        deadline = None if seconds is None else start + seconds
        wall = self.options.deadline  # the server's wall-clock deadline (time.monotonic)
        if wall is not None and (deadline is None or wall < deadline):
            deadline = wall
        root = _Node(seat=-1, moves=None if root_moves is None else list(root_moves))
        iterations = 0
        sums = [0.0] * state.num_seats
        kn.deadline = deadline
        try:
            while nodes is None or iterations < nodes:
                stop = deadline if iterations >= least else None
                if stop is not None and time.monotonic() >= stop:
                    break
                value = self._iterate(kn, root, kn.determinize(state, me, rng), rng, me,
                                      contempt, stop)
                if value is None:
                    break  # the deadline passed during the iteration: dropped
                for i, v in enumerate(value):
                    sums[i] += v
                iterations += 1
                if iterations == 1 and root_moves is None and len(root.children) == 1 \
                        and root.moves is not None and len(root.moves) == 1:
                    break  # a forced move
        finally:
            kn.deadline = None
        ranked = sorted(root.children.values(),
                        key=lambda c: (-c.visits, -(c.value / c.visits if c.visits else 0)))
        stats = SearchStats(iterations, time.monotonic() - start,
                            [(state.move_text(c.move), c.visits,
                              c.value / c.visits if c.visits else 0.0)
                             for c in ranked[:10]],
                            [v / iterations for v in sums] if iterations else [])
        if ranked:
            return stats, ranked[0].move
        if root.moves:  # out of time before a first iteration: the ordering's first
            return stats, root.moves[0]
        return stats, kn.fallback_move(state, rng)

    def _iterate(self, kn: Knowledge, root: _Node, s: GameState[Any], rng: random.Random,
                 me: int, contempt: float, deadline: float | None) -> list[float] | None:
        """One iteration; None (and no trace in the tree) when ``deadline`` passes first."""
        node = root
        level = 0
        # selection and expansion
        while not s.is_over() and (kn.tree_depth is None or level < kn.tree_depth):
            level += 1
            if node.moves is not None:
                moves = node.moves
            elif node is root:
                moves = node.moves = kn.root_order(s, rng)
            else:
                moves = kn.order(s, rng)
                if kn.perfect_information:
                    node.moves = moves
            if kn.widen is not None:
                c, alpha = kn.widen
                moves = moves[:max(1, math.ceil(c * (node.visits + 1) ** alpha))]
            seat = s.to_move()
            fresh = None
            keyed = []
            move_key = kn.move_key
            for r, m in enumerate(moves):
                key = move_key(s, m)
                child = node.children.get(key)
                if child is None:
                    if fresh is None:
                        fresh = (key, m, r)
                else:
                    child.avail += 1
                    keyed.append(child)
            if fresh is not None:
                key, m, r = fresh
                child = _Node(m, key, seat, node, avail=1, rank=r)
                node.children[key] = child
                s.apply(m)
                node = child
                break
            log_c, bias = kn.exploration, kn.progressive_bias
            node = max(keyed, key=lambda ch: ch.value / ch.visits
                       + log_c * math.sqrt(math.log(ch.avail) / ch.visits)
                       + bias / ((ch.rank + 1) * (ch.visits + 1)))
            s.apply(node.move)
        # rollout
        depth = 0
        limit = kn.rollout_depth
        clock = time.monotonic
        while not s.is_over() and (limit is None or depth < limit):
            if deadline is not None and clock() >= deadline:
                return self._drop(node)
            s.apply(kn.rollout_move(s, rng))
            depth += 1
        if deadline is not None and not s.is_over() and clock() >= deadline:
            return self._drop(node)  # (the evaluation may be costly)
        if s.is_over():
            value = list(s.returns())
            if contempt and len(value) > 1 and min(value) == max(value):
                share = contempt / (len(value) - 1)
                value = [v - contempt if i == me else v + share
                         for i, v in enumerate(value)]
        else:
            value = kn.evaluate(s)
        # backup
        n: _Node | None = node
        while n is not None:
            n.visits += 1
            if n.seat >= 0:
                n.value += value[n.seat]
            n = n.parent
        return value

    @staticmethod
    def _drop(node: _Node) -> None:
        """Forget an interrupted iteration: remove the node it added (never visited)."""
        if node.parent is not None and node.visits == 0:
            del node.parent.children[node.key]
        return None

