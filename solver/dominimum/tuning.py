"""Tuning the parameters of the Dominimum leaf evaluation on positions from self-play.

:func:`solver.dominimum.expect.world_chances` turns a fully known position into every seat's
chance to win through five parameters (:class:`~solver.dominimum.expect.WorldParams`). Here
they are fitted to seeded self-play: every ``every``-th position of each game (its missions and
tiles known, as in a determinization) is labelled with the game's winner, and the parameters
minimise the mean cross-entropy ``-log p(winner)`` (Nelder-Mead from the current parameters,
kept in their ranges). The facts of each position are computed once
(:func:`~solver.dominimum.expect.world_facts`), so a trial of the parameters is cheap.

Examples
--------
>>> facts, winners = selfplay_facts(["greedy", "greedy", "greedy"], games=2, seed=1)
>>> len(facts) == len(winners) > 0
True
"""

from __future__ import annotations

import math
import random

from puzzles.dominimum.state import DominimumState
from solver.dominimum.expect import WorldFacts, WorldParams, chances_of, world_facts
from solver.dominimum.gamedef import DOMINIMUM

#: Each parameter's lowest value (the spread must stay positive).
LOWEST = {"growth": 0.0, "tau0": 0.05, "tau1": 0.0, "own_growth": 0.0, "open_libs": 0.5}


def selfplay_facts(lineup: list[str], games: int, seed: int = 1, every: int = 3,
                   max_nodes: int | None = 100) -> tuple[list[WorldFacts], list[int]]:
    """The facts of every ``every``-th position of ``games`` seeded three-seat games of
    ``lineup`` (seats rotated), each with its game's winner."""
    from solver.play.match import match_specs, play_spec  # local: the runner, for self-play

    facts: list[WorldFacts] = []
    winners: list[int] = []
    for spec in match_specs(DOMINIMUM, lineup, games, seed, max_nodes=max_nodes,
                            seats=len(lineup)):
        result = play_spec(DOMINIMUM, spec)
        state = DOMINIMUM.new_state(dict(spec.settings), spec.deal, len(lineup))
        assert isinstance(state, DominimumState)
        winner = result.returns.index(max(result.returns))
        offset = random.Random(spec.deal).randrange(every)
        _, moves = DOMINIMUM.read_record(result.record)
        for k, move in enumerate(moves):
            if k % every == offset and k and not state.is_over():
                facts.append(world_facts(state.g))
                winners.append(winner)
            state.apply(move)
    return facts, winners


def log_loss(facts: list[WorldFacts], winners: list[int], params: WorldParams) -> float:
    """The mean ``-log p(winner)`` of the positions under ``params``."""
    total = 0.0
    for f, w in zip(facts, winners, strict=True):
        total -= math.log(max(chances_of(f, params)[w], 1e-12))
    return total / max(1, len(facts))


def clamp(values: list[float]) -> WorldParams:
    """Parameters from ``values``, each at least its lowest value."""
    names = WorldParams.names()
    return WorldParams(*(max(LOWEST[n], float(v)) for n, v in zip(names, values, strict=True)))


def tune(facts: list[WorldFacts], winners: list[int], start: WorldParams | None = None
         ) -> tuple[WorldParams, float, float]:
    """The fitted parameters and the loss before and after."""
    from scipy.optimize import minimize  # the optimiser loads only for a fit

    start = start or WorldParams()
    before = log_loss(facts, winners, start)
    res = minimize(lambda v: log_loss(facts, winners, clamp(list(v))), start.values(),
                   method="Nelder-Mead", options={"xatol": 1e-3, "fatol": 1e-5,
                                                  "maxiter": 400})
    best = clamp(list(res.x))
    return best, before, log_loss(facts, winners, best)
