"""`solver demo --seed N` works for any seed: every part of the report for seeds 1-20.

Seeds 2 and 8 used to end the demo (a BackSlide scramble beyond the book's node budget). The
default run covers the quick parts and the small BackSlide book for all twenty seeds; the whole
grid (about 140 s of CPU, most of it the small books) runs with
``python3 -m pytest -m slow tests/foundation/test_demo_any_seed.py``.
"""

from __future__ import annotations

import pytest

from solver.demo import parts

SEEDS = range(1, 21)
QUICK = ("sets", "backslide", "numbridge")
PARTS = {part.name: part for part in parts()}


def cases() -> list[object]:
    out = []
    for seed in SEEDS:
        for name in PARTS:
            fast = name in QUICK
            out.append(pytest.param(name, seed, id=f"{name}-{seed}",
                                    marks=[] if fast else [pytest.mark.slow]))
    return out


@pytest.mark.parametrize(("name", "seed"), cases())
def test_every_demo_part_for_seeds_1_to_20(name: str, seed: int) -> None:
    from solver.demo import part_sections

    sections = part_sections(PARTS[name], seed)
    assert sections and all(s.title for s in sections)
    if name == "books":  # one section per small book, each with its puzzles
        assert all(s.figures for s in sections), [s.title for s in sections if not s.figures]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_demos_backslide_book_for_seeds_1_to_20(seed: int) -> None:
    from solver.demo.books import DEMO_BOOKS, demo_book

    (count, difficulty), = [(c, d) for n, c, d in DEMO_BOOKS if n == "backslide"]
    book = demo_book("backslide", count, difficulty, seed)
    assert len(book.puzzles) == count and book.complete
