"""Every book puzzle solved again from what its page prints: the question's text and the
picture's drawn elements (texts, circles, tiles, cells), never the generator's state. The
printed answer must be the one answer the page admits.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

import pytest

from puzzles.dominimum.layout import Layout, Placement
from solver.book.build import build_book
from solver.book.render import book_html
from solver.book.types import puzzle_type
from solver.dominimum.analysis import mission_report, omega_report
from tests.book.page_reader import (
    SVG,
    Printed,
    circles,
    read_answer_text,
    read_board,
    read_book,
    read_field,
    rects,
    texts,
)


@cache
def printed(kind: str, count: int, difficulty: str, seed: int) -> tuple[Printed, ...]:
    """The puzzles of a book as its HTML page prints them."""
    book = build_book(puzzle_type(kind), count, difficulty, seed=seed)
    assert book.puzzles, f"{kind} seed {seed}: no puzzle"
    return tuple(read_book(book_html(book)))


# ------------------------------------------------------------ Dominimum / Dominomega --------
SYMBOLS = {"pip": 1, "small circle": 2, "large circle": 4}


def read_layout(svg: object) -> Layout:
    """The tiles and the value of every half, from the grid labels, tile outlines and the
    concentric symbols (pip 1, small circle 2, large circle 4)."""
    labels = [(x, y, t, a) for x, y, t, a in texts(svg)  # type: ignore[arg-type]
              if a.get("fill") == "#6b6455" and re.fullmatch(r"-?\d+", t)]
    columns = {x: int(t) for x, y, t, a in labels if a.get("text-anchor") == "middle"}
    rows = {y: int(t) for x, y, t, a in labels if a.get("text-anchor") == "end"}
    tiles = [r for r in rects(svg)  # type: ignore[arg-type]
             if r[4].get("stroke") == "#333333" and r[2] != r[3]]  # a tile covers two cells
    short = min(min(w, h) for _, _, w, h, _ in tiles)
    cell = short + 3.0

    def at(px: float, py: float) -> tuple[int, int]:
        col = min(columns, key=lambda cx: abs(cx - px))
        row = min(rows, key=lambda ry: abs(ry - 3.5 - py))
        assert abs(col - px) < cell / 4 and abs(row - 3.5 - py) < cell / 4
        return columns[col], rows[row]

    marks = circles(svg)  # type: ignore[arg-type]

    def value(px: float, py: float) -> int:
        v = 0
        for cx, cy, r, _ in marks:
            if abs(cx - px) < 0.5 and abs(cy - py) < 0.5:
                v |= 4 if r > 0.3 * cell else 2 if r > 0.12 * cell else 1
        return v

    placements = []
    for x, y, w, h, _ in tiles:
        left, up = x - 1.5, y - 1.5
        halves = [(left + cell / 2, up + cell / 2),
                  (left + cell * 1.5, up + cell / 2) if w > h else
                  (left + cell / 2, up + cell * 1.5)]
        (a, b) = [value(*c) for c in halves]
        placements.append(Placement(a, b, (at(*halves[0]), at(*halves[1]))))
    layout = Layout()
    while placements:  # the page shows no order: place each tile once it touches the rest
        p = next(p for p in placements if not layout.placements or layout.touches(p.cells))
        layout.place(p)
        placements.remove(p)
    return layout


_QUESTION = re.compile(r"(\d) players\. Seat (\d) \((?:mission|symbol) (.+?); (.+)\) places "
                       r"the last tile (\d)-(\d)\. Where\?")


def solve_endgame(game: str, p: Printed) -> tuple[str, int]:
    """The best placement the page admits (as the answer prints it) and how many share it."""
    m = _QUESTION.fullmatch(p.question)
    assert m, p.question
    players, me = int(m.group(1)), int(m.group(2))
    named = {me: m.group(3)}
    for part in m.group(4).split(", "):
        seat, what = part.split(": ")
        named[int(seat.removeprefix("seat "))] = what
    assert sorted(named) == list(range(1, players + 1))  # the page numbers seats 1..N
    tile = (int(m.group(5)), int(m.group(6)))
    layout = read_layout(p.board)
    results = {}
    for place in list(layout.legal_placements(tile)):
        layout.place(place)
        if game == "dominimum":
            missions = {s: tuple(map(int, w.split("-"))) for s, w in named.items()}
            score = {s: mission_report(layout, missions[s]).score for s in named}  # type: ignore[arg-type]
            other = min(v for s, v in score.items() if s != me)
            key: tuple[Fraction, int] = (Fraction(score[me] - other), score[me])
        else:
            symbols = {s: SYMBOLS[w] for s, w in named.items()}
            rep = omega_report(layout, tuple(sorted(set(symbols.values())))).scores
            score = {s: rep[symbols[s]] for s in named}
            other = max(v for s, v in score.items() if s != me)
            key = (-Fraction(score[me], max(other, 1)), -score[me])
        results[str(place)] = key
        layout.undo()
    best = min(results.values())
    winners = [place for place, k in results.items() if k == best]
    return winners[0], len(winners)


@pytest.mark.parametrize(("game", "count", "difficulty", "seed"), [
    ("dominomega", 6, "ramp", 7),  # five two-seat puzzles: the small circle is not in play
    ("dominimum", 2, "any", 1),
])
def test_endgames_solved_from_the_page(game: str, count: int, difficulty: str,
                                       seed: int) -> None:
    for p in printed(game, count, difficulty, seed):
        answer, ties = solve_endgame(game, p)
        assert ties == 1, f"puzzle {p.number}: {ties} placements tie as printed"
        assert p.answer_text.startswith(answer + ":"), (p.number, answer, p.answer_text)
        if p.question.startswith("2 players") and game == "dominomega":
            assert "small circle" not in p.question


# ------------------------------------------------------------ arrangement completions ------
@pytest.mark.parametrize(("kind", "count", "difficulty"), [
    ("square", 3, "any"), ("triangle", 2, "any"), ("hexagon", 1, "easy"),
    ("starmap", 1, "any"), ("transcendental", 1, "any"),
])
def test_completions_solved_from_the_page(kind: str, count: int, difficulty: str) -> None:
    from itertools import islice

    from puzzles.arrangements import verify
    from solver.arrange import solutions

    ptype = puzzle_type(kind)
    rules = ptype.problem  # type: ignore[attr-defined]  # the type's set, kind and region
    for p in printed(kind, count, difficulty, 1):
        given = read_board(p.board, rules.region.grid.kind, rules.region.cells)
        m = re.match(r"(\d+) pieces (?:given|stand): place the other (\d+)\.", p.question)
        assert m and int(m.group(1)) == len(given), (p.question, given)
        found = list(islice(solutions(rules.with_fixed(given)), 2))
        assert len(found) == 1, f"puzzle {p.number}: {len(found)} completions as printed"
        answer, marked = read_answer_text(p.answer_text, rules.region.cells)
        assert dict(found[0].placements) == answer and marked == set(given)
        verify(found[0])


# ------------------------------------------------------------ BackSlide, Numbridge ---------
def test_backslide_solved_from_the_page() -> None:
    from puzzles.arrangements import Arrangement, verify
    from puzzles.backslide import slide
    from puzzles.regions import parse_region
    from solver.backslide import solve

    region = parse_region("4x4", "square")
    for p in printed("backslide", 3, "any", 1):
        shown = read_board(p.board, "square", region.cells)
        assert len(shown) == 15, "fifteen pieces and a hole"
        start = tuple(shown.get((i % 4, i // 4), 0) for i in range(16))
        length = int(re.fullmatch(r"Solve in (\d+) slides\.", p.question).group(1))
        slides = [int(s) for s in p.answer_text.removeprefix("slide ").split()]
        board = start
        for piece in slides:
            board = slide(board, piece)
        verify(Arrangement("square", "compact",
                           {(i % 4, i // 4): v for i, v in enumerate(board)}, region))
        assert len(slides) == length == solve(start).length  # the fewest, from the page


def test_numbridge_solved_from_the_page() -> None:
    from puzzles.numbridge.field import REGULAR_BLOCKS, Field
    from solver.numbridge.models import cpsat_count

    for p in printed("numbridge", 4, "any", 1):  # the fourth has irregular blocks
        givens, blocks = read_field(p.board)
        m = re.fullmatch(r"(Regular|Irregular) blocks, (\d+) givens\.", p.question)
        assert m and int(m.group(2)) == 81 - givens.count("0")
        assert (m.group(1) == "Regular") == (blocks == REGULAR_BLOCKS)
        n, solution = cpsat_count(Field.make(givens, blocks), cap=2)
        assert n == 1, f"puzzle {p.number}: {n} solutions as printed"
        assert p.answer_text.replace(" / ", "") == solution


# ------------------------------------------------------------ Dominions --------------------
def read_hands(svg: object) -> dict[str, list[int]]:
    """Both hands as printed: each nested picture's title names the colour, its labels are
    the piece numbers."""
    hands: dict[str, list[int]] = {}
    for part in svg.findall(f"{SVG}svg"):  # type: ignore[attr-defined]
        words = [t for _, _, t, _ in texts(part)]
        title = next(w for w in words if "hand" in w)
        hands[title[0]] = [int(w) for w in words if w.isdigit()]
        assert f"({len(hands[title[0]])} pieces" in title
    return hands


@pytest.mark.parametrize("kind", ["dominions-capture", "dominions-save", "dominions-eye",
                                  "dominions-live"])
def test_dominions_solved_from_the_page(kind: str) -> None:
    from puzzles.dominions import Position
    from puzzles.dominions.board import board
    from solver.dominions.puzzles import solutions
    from solver.dominions.tracker import Tracker

    b = board(9)
    for p in printed(kind, 1, "any", 1):
        m = re.match(r"(White|Black) to move (captures|saves the group ([a-q0-9 ]+) from "
                     r"capture|makes a new eye|makes the group ([a-q0-9 ]+) live)", p.question)
        assert m, p.question
        goal = {"c": "capture", "s": "save", "m": "eye" if "eye" in m.group(2) else "live"}[
            m.group(2)[0]]
        shown: dict[str, str] = {}
        for colour, fill in (("W", "#ffffff"), ("B", "#262626")):
            for cell, number in read_board(p.board, "hexagon", frozenset(b.cells),
                                           given_fill=fill).items():
                shown[b.names[b.index[cell]]] = f"{colour}{number}"
        assert p.pieces is not None, "the hands are printed beside the board"
        pos = Position.setup(shown, m.group(1)[0], 9, read_hands(p.pieces))
        target = frozenset(b.cell_index(n) for n in (m.group(3) or m.group(4) or "").split())
        found = solutions(Tracker(pos), goal, target)
        assert len(found) == 1, f"{kind} puzzle {p.number}: {len(found)} answers as printed"
        token = f"{m.group(1)[0]}[P{found[0].piece}{b.name(found[0].cell)}]"
        assert p.answer_text.startswith(token + ":"), (token, p.answer_text)
