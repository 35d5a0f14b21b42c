"""Estimates of transcendental counts (issue 14, question 5) against the exact square counts."""

from __future__ import annotations

import random
import statistics

import pytest

from solver.arrange.grow_estimate import (
    FastWalker,
    estimate_grow,
    exact_count,
    stochastic_enumeration,
)
from solver.arrange.problem import ArrangementProblem


def square(single: bool = False) -> ArrangementProblem:
    return ArrangementProblem.create("square", "transcendental", single_group=single)


@pytest.mark.slow
def test_exact_counter_gives_the_known_square_counts() -> None:
    assert exact_count(square()) == 5005
    assert exact_count(square(True)) == 4804


@pytest.mark.parametrize(("single", "exact"), [(False, 5005), (True, 4804)])
def test_fast_probes_cover_the_exact_count(single: bool, exact: int) -> None:
    walker = FastWalker(square(single))
    rng = random.Random(7)
    values = [walker.probe(rng, 8) for _ in range(3000)]
    mean = statistics.fmean(values)
    err = statistics.stdev(values) / len(values) ** 0.5
    assert mean - 4 * err < exact < mean + 4 * err
    assert err < 0.1 * exact  # the tail makes the estimate tight


def test_fast_walker_with_the_whole_tree_as_tail_is_exact() -> None:
    walker = FastWalker(square())
    assert walker.probe(random.Random(1), 15) == 5005
    assert walker.probe(random.Random(2), 15) == 5005  # the arrays were restored


def test_python_probes_and_markov_bound() -> None:
    e = estimate_grow(square(), probes=1000, seed=3, tail=6, batches=10)
    assert e.low < 5005 < e.high
    bound, confidence = e.markov_lower()
    assert bound <= 5005 and confidence == pytest.approx(1 - 2**-10)


def test_stochastic_enumeration_is_unbiased_on_the_square_set() -> None:
    values = [stochastic_enumeration(square(), budget=20, seed=s, tail=6) for s in range(30)]
    mean = statistics.fmean(values)
    err = statistics.stdev(values) / len(values) ** 0.5
    assert mean - 4 * err < 5005 < mean + 4 * err
