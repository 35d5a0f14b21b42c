"""Dominimum and Dominomega endgames for books: where does the last tile go?

A seeded game (two or three greedy players, chosen by the seed) is played until one tile is
left (``solver.dominimum.endgames``). The position is a puzzle when exactly one legal
placement of the last tile reaches the best final margin; every placement is scored on the
finished layout by the networkx scorer after a screening by the incremental evaluator, so the
proof is exhaustive: its nodes are the placements scored. Level: the proof's size (the
placements the reader must weigh): easy under ``SMALL``, medium under ``LARGE``, hard from
``LARGE`` up. The key: the layout in its least form over the eight rotations and reflections
of the square grid and translation, with the tile, the missions (symbols) and the seat to move.
"""

from __future__ import annotations

import random

from puzzles.dominimum.game import omega_symbols
from puzzles.dominimum.layout import Layout
from puzzles.dominimum.tiles import SYMBOL_NAMES, tile_name
from reports.dominimum import Highlight, layout_svg
from solver.book.base import BookPuzzle, PuzzleType
from solver.dominimum.endgames import Puzzle, generate

SMALL, LARGE = 110, 190

_TRANSFORMS = (lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y),
               lambda x, y: (y, -x), lambda x, y: (-x, y), lambda x, y: (x, -y),
               lambda x, y: (y, x), lambda x, y: (-y, -x))


def layout_key(layout: Layout) -> tuple[tuple[tuple[int, int], int], ...]:
    """The layout's cells and values in their least form (symmetry and translation)."""
    values = {}
    for p in layout.placements:
        values[p.cells[0]] = p.first
        values[p.cells[1]] = p.second
    forms = []
    for f in _TRANSFORMS:
        moved = {f(*c): v for c, v in values.items()}
        x0 = min(c[0] for c in moved)
        y0 = min(c[1] for c in moved)
        forms.append(tuple(sorted(((c[0] - x0, c[1] - y0), v) for c, v in moved.items())))
    return min(forms)


def level_of(placements: int) -> str:
    """The level of a proof that scored ``placements`` placements."""
    return "easy" if placements < SMALL else "medium" if placements < LARGE else "hard"


class EndgameType(PuzzleType):
    """Last-tile endgames of ``dominimum`` or ``dominomega``."""

    # about 1 seed in 30 gives a puzzle with one best placement, for some books 1 in 100 (the
    # Dominimum book of seed 6 needs 318 seeds for 3 puzzles): 200 a puzzle
    attempts_per_puzzle = 200

    def __init__(self, game: str) -> None:
        self.game = game
        self.name = game
        self.title = f"{game.capitalize()} endgames: place the last tile"

    def rules(self) -> str:
        if self.game == "dominimum":
            return ("Dominimum: each seat's score is the largest group of its mission's first "
                    "value times the largest group of its second value; lowest wins. The seat "
                    "to move knows every mission and places the last tile. Find the one "
                    "placement with the widest margin over the best opponent (own score minus "
                    "the lowest opponent score, then the lowest own score).")
        return ("Dominomega: each seat's score is the product of the sizes of all groups "
                "holding its symbol; highest wins. The seat to move places the last tile. Find "
                "the one placement with the best ratio of own score to the best opponent's "
                "(then the highest own score).")

    def grading(self) -> str:
        return (f"Level = the placements the proof scored (every legal one): easy under "
                f"{SMALL}, medium under {LARGE}, hard from {LARGE}. Seed: the deal.")

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        rng = random.Random(seed)
        players = rng.choice((2, 3))
        game_seed = rng.randrange(1 << 30)
        found = next(generate(self.game, players, game_seed, tries=1), None)
        if found is None:
            return None
        return self._finish(seed, found)

    def _finish(self, seed: int, p: Puzzle) -> BookPuzzle:
        if p.best_count != 1:  # pragma: no cover - the generator keeps unique ones only
            raise AssertionError("endgame without a unique best placement")
        final = p.layout.copy()
        final.place(p.answer)
        if self.game == "dominimum":
            mine = f"mission {tile_name(p.missions[p.to_move])}"
            others = ", ".join(f"seat {i + 1}: {tile_name(m)}" for i, m in enumerate(p.missions)
                               if i != p.to_move)
        else:
            symbols = omega_symbols(p.players)  # two seats: pip and large circle
            mine = f"symbol {SYMBOL_NAMES[symbols[p.to_move]]}"
            others = ", ".join(f"seat {i + 1}: {SYMBOL_NAMES[symbols[i]]}"
                               for i in range(p.players) if i != p.to_move)
        runner = (f"; the runner-up reaches {p.runner_up[0]} against {p.runner_up[1]}"
                  if p.runner_up else "")
        key = repr((self.game, p.players, p.to_move, tuple(p.tile),
                    tuple(tuple(m) for m in p.missions), layout_key(p.layout)))
        return BookPuzzle(
            kind=self.name, seed=seed, level=level_of(p.placements), score=p.placements,
            key=key,
            question=(f"{p.players} players. Seat {p.to_move + 1} ({mine}; {others}) places the "
                      f"last tile {tile_name(p.tile)}. Where?"),
            puzzle_svg=layout_svg(p.layout, cell=26.0),
            answer_svg=layout_svg(final, [Highlight(frozenset(p.answer.cells), "#ffbf00",
                                                    "the answer")], cell=26.0),
            answer_text=f"{p.answer}: score {p.best[0]} against {p.best[1]}{runner}",
            proof={"check": "every legal placement scored (networkx, after screening)",
                   "solutions": p.best_count, "nodes": p.placements},
            board_mm=120,
            details={"game_seed": p.seed, "players": p.players, "placements": p.placements})
