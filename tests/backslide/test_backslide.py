"""BackSlide: the published counts, parity classes and optimal slide solutions."""

import dataclasses
import json
from collections import deque
from pathlib import Path

import pytest
from cli_helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.arrangements import Arrangement, verify
from puzzles.backslide import (
    format_position,
    parity_class,
    parse_position,
    slidable,
    slide,
)
from puzzles.errors import EngineFaultError, IllegalMoveError, InfeasibleError, ParseError
from puzzles.regions import parse_region
from solver.backslide import check_solution, classes, scramble, solve, solved_positions

REGION = parse_region("4x4", "square")


def as_arrangement(position: tuple[int, ...]) -> Arrangement:
    return Arrangement("square", "compact", {(i % 4, i // 4): v for i, v in enumerate(position)},
                       REGION)


def test_652_solutions_in_two_classes_of_326() -> None:
    goals = solved_positions()
    assert len(goals) == 652 == len(set(goals))
    for g in goals:
        verify(as_arrangement(g))  # the independent judge accepts every one
    assert classes() == [326, 326]


def bfs_distance(start: tuple[int, ...], goals: set[tuple[int, ...]], limit: int) -> int | None:
    """Plain breadth-first search: the independent check of IDA*'s optimality."""
    if start in goals:
        return 0
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        pos, d = frontier.popleft()
        if d == limit:
            continue
        for piece in slidable(pos):
            nxt = slide(pos, piece)
            if nxt in goals:
                return d + 1
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, d + 1))
    return None


@pytest.mark.parametrize("seed", range(6))
def test_ida_star_is_optimal_on_short_scrambles(seed: int) -> None:
    goals = solved_positions()
    start = scramble(goals[seed * 97], 9, seed)
    result = solve(start)
    assert result.goal in set(goals)
    assert parity_class(result.goal) == parity_class(start)
    # replaying the slides reaches the goal
    pos = start
    for piece in result.slides:
        pos = slide(pos, piece)
    assert pos == result.goal
    assert result.length == bfs_distance(start, set(goals), 9)


NEXT = [[h + d for d, ok in ((-4, h >= 4), (4, h < 12), (-1, h % 4 > 0), (1, h % 4 < 3)) if ok]
        for h in range(16)]


def bidirectional_distance(start: tuple[int, ...], goals: set[tuple[int, ...]]) -> int:
    """Fewest slides from ``start`` to any of ``goals``: breadth-first from both ends, one
    whole layer of the smaller frontier at a time (plain code, no heuristic, independent of
    IDA*); the first layer that meets the other side gives the exact distance."""
    s = bytes(start)
    dist = [{s: 0}, {bytes(g): 0 for g in goals}]
    if s in dist[1]:
        return 0
    front = [[s], list(dist[1])]
    depth = [0, 0]
    while front[0] and front[1]:
        side = 0 if len(front[0]) <= len(front[1]) else 1
        mine, other = dist[side], dist[1 - side]
        best: int | None = None
        grown = []
        for pos in front[side]:
            h = pos.index(0)
            for n in NEXT[h]:
                b = bytearray(pos)
                b[h], b[n] = b[n], 0
                nxt = bytes(b)
                if nxt in other:
                    d = depth[side] + 1 + other[nxt]
                    best = d if best is None else min(best, d)
                if nxt not in mine:
                    mine[nxt] = depth[side] + 1
                    grown.append(nxt)
        if best is not None:
            return best
        front[side] = grown
        depth[side] += 1
    raise AssertionError("the classes of start and goals differ")


def test_bidirectional_bfs_agrees_with_plain_bfs() -> None:
    goals = set(solved_positions())
    for seed in range(3):
        start = scramble(solved_positions()[seed], 8, seed + 40)
        assert bidirectional_distance(start, goals) == bfs_distance(start, goals, 8)


@pytest.mark.parametrize(
    ("slides", "seed"),
    [(20, 1), (25, 3), (30, 7), (40, 2),
     pytest.param(40, 1, marks=pytest.mark.slow), pytest.param(60, 11, marks=pytest.mark.slow),
     pytest.param(60, 12, marks=pytest.mark.slow), pytest.param(100, 5, marks=pytest.mark.slow)])
def test_longer_scramble_is_optimal(slides: int, seed: int) -> None:
    goals = solved_positions()
    start = scramble(goals[5], slides, seed=seed)
    result = solve(start)
    pos = start
    for piece in result.slides:
        pos = slide(pos, piece)
    assert pos == result.goal and pos in set(goals)
    pool = {g for g in goals if parity_class(g) == parity_class(start)}
    assert result.length == bidirectional_distance(start, pool)


@pytest.mark.slow
def test_300_slide_scramble_is_solved_and_replays() -> None:
    goals = solved_positions()
    start = scramble(goals[5], 300, seed=11)
    result = solve(start)
    pos = start
    for piece in result.slides:
        pos = slide(pos, piece)
    assert pos == result.goal and pos in set(goals) and result.length == 39


def test_run_time_check_rejects_a_wrong_solution() -> None:
    goals = solved_positions()
    start = scramble(goals[5], 20, seed=1)
    result = solve(start)
    assert check_solution(result) is result
    with pytest.raises(EngineFaultError, match="impossible slide"):
        far = next(p for p in range(1, 16) if p not in slidable(start))
        check_solution(dataclasses.replace(result, slides=(far, *result.slides)))
    with pytest.raises(EngineFaultError, match="do not end"):
        check_solution(dataclasses.replace(result, slides=result.slides[:-2]))
    piece = slidable(result.goal)[0]  # one slide past the goal: no longer solved
    with pytest.raises(EngineFaultError, match="not solved"):
        check_solution(dataclasses.replace(result, slides=(*result.slides, piece),
                                           goal=slide(result.goal, piece)))


def test_no_goal_in_class_is_infeasible() -> None:
    goals = [g for g in solved_positions() if parity_class(g) == 0]
    odd = next(g for g in solved_positions() if parity_class(g) == 1)
    with pytest.raises(InfeasibleError, match="no solved position is reachable"):
        solve(odd, goals=goals)


positions = st.permutations(list(range(16))).map(tuple)


@settings(max_examples=60)
@given(positions, st.data())
def test_slides_keep_the_class(position: tuple[int, ...], data: st.DataObject) -> None:
    piece = data.draw(st.sampled_from(slidable(position)))
    assert parity_class(slide(position, piece)) == parity_class(position)


def test_position_parsing_errors() -> None:
    p = parse_position("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 .")
    assert format_position(p).splitlines()[0] == " 1  2  3  4"
    with pytest.raises(ParseError, match="expected 16 cells"):
        parse_position("1 2 3")
    with pytest.raises(ParseError, match="piece 3 twice"):
        parse_position("1 2 3 3 5 6 7 8 9 10 11 12 13 14 15 .")
    with pytest.raises(ParseError, match="'x'"):
        parse_position("1 2 3 x 5 6 7 8 9 10 11 12 13 14 15 .")
    with pytest.raises(IllegalMoveError, match="not next to the hole"):
        slide(p, 1)


def test_cli_classes_and_solve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["backslide", "classes", "--json"], capsys)
    assert code == 0 and json.loads(out)["classes"] == [326, 326]
    start = scramble(solved_positions()[0], 12, seed=3)
    text = " ".join("." if v == 0 else str(v) for v in start)
    svg = tmp_path / "s.svg"
    code, out, _ = run(["backslide", "solve", text, "--json", "--quiet", "--svg", str(svg)],
                       capsys)
    doc = json.loads(out)
    assert code == 0 and doc["moves"] == len(doc["slides"]) <= 12
    assert tuple(doc["goal"]) in set(solved_positions())
    picture = svg.read_text()
    # the strip: the start and one small board per slide, then the numbered list
    assert picture.count("translate(") == doc["moves"] + 1
    assert f">{doc['moves']}. {doc['slides'][-1]} " in picture
    code, _, err = run(["backslide", "solve", "1 2 3"], capsys)
    assert code == 2 and "expected 16 cells" in err
