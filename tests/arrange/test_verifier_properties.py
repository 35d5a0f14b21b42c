"""Property tests: the verifier catches every broken arrangement and passes engine output."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.arrangements import Arrangement, is_valid
from solver.arrange import ArrangementProblem, first

from .helpers import key

SOLUTIONS: list[Arrangement] = []


def _square_solutions() -> list[Arrangement]:
    if not SOLUTIONS:
        from solver.arrange import solutions

        SOLUTIONS.extend(solutions(ArrangementProblem.create("square", "compact", "4x4")))
    return SOLUTIONS


def _with(arr: Arrangement, placements: dict) -> Arrangement:
    return Arrangement(arr.set_name, arr.kind, placements, arr.region, arr.single_group)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 651), st.integers(0, 15), st.integers(0, 15))
def test_swapping_two_pieces_is_valid_exactly_when_it_is_a_solution(i: int, a: int,
                                                                     b: int) -> None:
    sols = _square_solutions()
    known = {key(s) for s in sols}
    arr = sols[i]
    assert is_valid(arr)
    cells = sorted(arr.placements)
    placements = dict(arr.placements)
    placements[cells[a]], placements[cells[b]] = placements[cells[b]], placements[cells[a]]
    mutated = _with(arr, placements)
    assert is_valid(mutated) == (key(mutated) in known)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 651), st.integers(0, 15), st.integers(0, 15))
def test_replacing_a_piece_is_always_caught(i: int, at: int, piece: int) -> None:
    arr = _square_solutions()[i]
    cell = sorted(arr.placements)[at]
    if arr.placements[cell] == piece:
        return
    placements = dict(arr.placements)
    placements[cell] = piece
    assert not is_valid(_with(arr, placements))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 651), st.integers(0, 15), st.integers(-2, 5), st.integers(-2, 5))
def test_moving_a_piece_is_always_caught(i: int, at: int, q: int, r: int) -> None:
    arr = _square_solutions()[i]
    cell = sorted(arr.placements)[at]
    if (q, r) in arr.placements:
        return
    placements = dict(arr.placements)
    placements[(q, r)] = placements.pop(cell)
    assert not is_valid(_with(arr, placements))


HEX = first(ArrangementProblem.create("hexagon", "transcendental", single_group=True))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 63), st.integers(0, 63))
def test_transcendental_swaps_of_different_beam_counts_are_caught(a: int, b: int) -> None:
    cells = sorted(HEX.placements)
    pa, pb = HEX.placements[cells[a]], HEX.placements[cells[b]]
    if bin(pa).count("1") == bin(pb).count("1"):
        return
    placements = dict(HEX.placements)
    placements[cells[a]], placements[cells[b]] = pb, pa
    # a piece's beams must equal its set of occupied neighbours; the cells did not change
    assert not is_valid(_with(HEX, placements))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 63), st.integers(-30, 30), st.integers(-30, 30))
def test_transcendental_moving_a_beamed_piece_is_caught(at: int, q: int, r: int) -> None:
    cells = sorted(HEX.placements)
    cell = cells[at]
    if HEX.placements[cell] == 0 or (q, r) in HEX.placements:
        return
    placements = dict(HEX.placements)
    placements[(q, r)] = placements.pop(cell)
    assert not is_valid(_with(HEX, placements))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 651), st.integers(0, 15), st.integers(0, 15), st.booleans())
def test_batch_judge_agrees_with_verify(i: int, a: int, b: int, replace: bool) -> None:
    import numpy as np

    from solver.arrange.check import CompactJudge

    arr = _square_solutions()[i]
    judge = CompactJudge(ArrangementProblem.create("square", "compact", "4x4"))
    row = [arr.placements[c] for c in judge.cells]
    if replace:
        row[a] = b
    else:
        row[a], row[b] = row[b], row[a]
    mutated = _with(arr, dict(zip(judge.cells, row, strict=True)))
    assert (judge.faults(np.array([row]))[0] is None) == is_valid(mutated)
