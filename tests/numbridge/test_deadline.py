"""The Numbridge searches are anytime: they stop at the move's wall-clock deadline.

``search``, ``search-deduce`` and ``search-odds`` look at the clock inside the pair search
(before each first move, and ``*-deduce``/``*-odds`` between second moves), the exact endgame
solver every ``CLOCK_EVERY`` positions; at the deadline the best pair searched to the end
decides. Asked as the server's workers ask (:func:`solver.server.computers.choose_move`) at
0.05 s a move, in the positions of two greedy games where ``search-deduce`` searched longest
without a deadline (0.15-0.18 s; 0.26 s at 0.1 s on a loaded machine), each reply is within
1.2 x 0.05 s + ``SLACK`` (0.020-0.024 s measured); so is ``search`` with the bag empty (its
endgame solver took 0.25 s before).
"""

from __future__ import annotations

import os
import random
import time
from functools import cache
from typing import Any

import pytest

from puzzles.numbridge.state import NumbridgeState
from solver.numbridge.endgame import EndgameTooLargeError, solve_endgame
from solver.numbridge.gamedef import NUMBRIDGE
from solver.numbridge.human import human_search
from solver.numbridge.players import EndgameStats, search_player
from solver.server.computers import choose_move, warm_up

#: half the server's least setting, so that a search without a deadline is late here
MOVE_TIME = 0.05
#: process scheduling, the state rebuilt from JSON, the move's text
SLACK = 0.03
TRIES = 3
SEARCHES = ("search", "search-deduce", "search-odds")


@cache
def _game_docs(seed: int) -> tuple[dict[str, Any], ...]:
    state = NUMBRIDGE.new_state({}, seed, 2)
    mover = NUMBRIDGE.make_player("greedy", seed=4)
    rng = random.Random(4)
    out = []
    while not state.is_over():
        out.append(state.to_json())
        state.apply(mover.choose(state, rng))
    return tuple(out)


def greedy_game(seed: int) -> list[NumbridgeState]:
    """Every position of a greedy game of ``seed`` (fresh copies)."""
    out = [NUMBRIDGE.state_from_json(doc) for doc in _game_docs(seed)]
    assert all(isinstance(s, NumbridgeState) for s in out)
    return out  # type: ignore[return-value]


def pair_starts(seed: int, count: int) -> list[NumbridgeState]:
    """The ``count`` first moves of a pair with the most tiles in the mover's hand."""
    starts = [s for s in greedy_game(seed) if s.g.left_in_pair == 2 and s.g.bag]
    starts.sort(key=lambda s: -len(set(s.g.hands[s.g.mover])))
    return starts[:count]


#: (seed, ply) of the greedy games' positions where search-deduce searched longest
SLOWEST = ((12, 7), (11, 5), (11, 1), (11, 3), (12, 15), (12, 9))


def test_the_searches_reply_within_the_move_time() -> None:
    warm_up([NUMBRIDGE])
    late = []
    for k, (seed, ply) in enumerate(SLOWEST):
        state = greedy_game(seed)[ply]
        doc = state.to_json()
        for player in SEARCHES:
            times = []
            for _ in range(TRIES):
                start = time.monotonic()
                text = choose_move(NUMBRIDGE, doc, player,
                                   {"move_time": MOVE_TIME, "deadline": start + MOVE_TIME}, k)
                times.append(time.monotonic() - start)
                NUMBRIDGE.state_from_json(doc).apply(state.parse_move(text))  # a legal move
                if times[-1] <= 1.2 * MOVE_TIME + SLACK:
                    break
            else:
                late.append(f"{player} at {seed}/{ply}: " + ", ".join(f"{t:.3f}" for t in times))
    assert not late, (f"replies later than 1.2 x {MOVE_TIME} s + {SLACK} s in {TRIES} tries "
                      f"(load {os.getloadavg()[0]:.1f}): {late}")


@pytest.mark.parametrize("level,evaluation", [("locked", "blocks"), ("solution", "odds")])
def test_a_deadline_left_unused_changes_no_move(level: str, evaluation: str) -> None:
    """With time to spare the search is the one without a deadline; with none left it
    plays at once the best first move by itself (a legal one)."""
    for state in pair_starts(12, 3):
        g = state.g
        free = human_search(g.copy(), random.Random(3), level, evaluation)
        timed = human_search(g.copy(), random.Random(3), level, evaluation,
                             deadline=time.monotonic() + 60)
        assert timed == free
        start = time.monotonic()
        hurried = human_search(g.copy(), random.Random(3), level, evaluation,
                               deadline=start)
        assert time.monotonic() - start < 0.05
        assert hurried in list(g.legal_moves())


def test_the_endgame_solver_stops_at_its_deadline() -> None:
    g = greedy_game(11)[50].g  # 17 empty cells; the bag emptied: an exact endgame
    g.bag = []
    assert solve_endgame(g.copy()).nodes > 5000  # 7,667 positions without a deadline
    start = time.monotonic()
    with pytest.raises(EndgameTooLargeError, match="not solved in time"):
        solve_endgame(g, node_limit=10**9, deadline=start)
    assert time.monotonic() - start < 0.05


def test_search_with_the_bag_empty_replies_within_the_move_time() -> None:
    """The exact endgame solver gets half the time; too large, the heuristic has the rest."""
    g = greedy_game(11)[50].g  # 17 empty cells, the bag emptied: 7,667 positions to solve
    g.bag = []
    times = []
    for _ in range(TRIES):
        stats = EndgameStats()
        start = time.monotonic()
        move = search_player(g.copy(), random.Random(1), stats=stats,
                             deadline=start + MOVE_TIME)
        times.append(time.monotonic() - start)
        assert move in list(g.legal_moves()) and stats.fallbacks == 1
        if times[-1] <= 1.2 * MOVE_TIME + SLACK:
            break
    else:
        raise AssertionError(f"search with the bag empty: {times} (load {os.getloadavg()[0]:.1f})")
